package train

import (
	"errors"
	"fmt"

	"gaelab/engine"
	"gaelab/engine/train"
	"gaelab/web/bounded"
)

// Every is how many iterations apart the checkpoints of a run are: a frame
// at iteration N resumes from the checkpoint at Every·⌊N/Every⌋.
const Every = 10

// CheckpointBytes bounds the cache of checkpoints of every run (a 64 × 16
// run's checkpoint with its block of metrics is about 60 KB: the cache holds
// about 1,000 blocks, five 200-iteration comparison runs' worth many times over).
const CheckpointBytes = 64 << 20

// Row is one iteration's metrics under verl's names: compute_data_metrics
// of its batch (engine.DataMetrics), then the update's reduced metrics.
type Row []engine.Metric

// Value is the named metric of r, NaN when r does not log it.
func (r Row) Value(name string) (float64, bool) { return engine.Metrics(r).Get(name) }

// block is one stretch of Every iterations of a run: their metrics and the
// state after the last of them (the next block's start).
type block struct {
	Rows []Row
	End  train.State
}

type blockKey struct {
	run   string // the run's Config, %#v
	index int    // block index: iterations index·Every … index·Every+Every−1; tailIndex(n) for a tail
}

// Runs computes frames of runs, resuming each from its nearest checkpoint.
type Runs struct {
	blocks *bounded.Cache[blockKey, *block]
}

// NewRuns is a run cache of at most maxBytes.
func NewRuns(maxBytes int) *Runs {
	return &Runs{blocks: bounded.New(maxBytes, func(k blockKey, b *block) int {
		n := len(k.run) + 16 + 8*(len(b.End.Actor)*3+len(b.End.Critic)*3) + 64
		for _, r := range b.Rows {
			n += 24 + len(r)*(16+8+24)
		}
		return n
	})}
}

// Frame is one iteration of a run, as the dashboard shows it: the metrics
// of iterations 0 … N, iteration N's whole batch and the policy that
// sampled it (the state before iteration N).
type Frame struct {
	Config train.Config
	Rows   []Row // iterations 0 … N
	It     train.Iteration
	Policy train.State
}

// Frame computes iteration n of cfg (0 ≤ n < cfg.Iterations).
func (rs *Runs) Frame(cfg train.Config, n int) (Frame, error) {
	if n < 0 || n >= cfg.Iterations {
		return Frame{}, fmt.Errorf("train: iteration %d is outside 0…%d", n, cfg.Iterations-1)
	}
	rel, err := engine.ParseRelease(cfg.Release)
	if err != nil {
		return Frame{}, err
	}
	g := rel.Gen
	key := fmt.Sprintf("%#v", cfg)
	k := n / Every
	f := Frame{Config: cfg}
	start := train.Initial(cfg)
	for b := 0; b < k; b++ {
		blk, ok := rs.blocks.Get(blockKey{key, b})
		if !ok {
			if blk, err = runBlock(cfg, g, start, b); err != nil {
				return Frame{}, err
			}
			rs.blocks.Put(blockKey{key, b}, blk)
		}
		f.Rows = append(f.Rows, blk.Rows...)
		start = blk.End
	}
	from := k * Every
	if tail, ok := rs.blocks.Get(blockKey{key, tailIndex(n)}); ok && n > from {
		// The frame before this one was drawn: resume from its state (a Play tick is one step).
		f.Rows, start, from = append(f.Rows, tail.Rows...), tail.End, n
	}
	tr, err := train.Resume(cfg, start)
	if err != nil {
		return Frame{}, err
	}
	for i := from; i <= n; i++ {
		if i == n {
			f.Policy = tr.State()
		}
		it, err := tr.Step()
		if err != nil {
			return Frame{}, err
		}
		row, err := rowOf(g, it)
		if err != nil {
			return Frame{}, err
		}
		f.Rows = append(f.Rows, row)
		if i == n {
			f.It = it
		}
	}
	if (n+1)%Every == 0 || n+1 == cfg.Iterations {
		rs.blocks.Put(blockKey{key, k}, &block{Rows: f.Rows[k*Every:], End: tr.State()})
	} else {
		rs.blocks.Put(blockKey{key, tailIndex(n + 1)}, &block{Rows: f.Rows[k*Every:], End: tr.State()})
	}
	return f, nil
}

// Missing is how many iterations Frame(cfg, n) would compute now: the
// blocks before n's that are not cached, and the steps from n's block's
// start (or the previous tick's state) to n. 0 for n outside the run (Frame
// refuses it without computing).
func (rs *Runs) Missing(cfg train.Config, n int) int {
	if n < 0 || n >= cfg.Iterations {
		return 0
	}
	key := fmt.Sprintf("%#v", cfg)
	k := n / Every
	missing := 0
	for b := 0; b < k; b++ {
		if !rs.cached(blockKey{key, b}) {
			missing += Every
		}
	}
	if n > k*Every && rs.cached(blockKey{key, tailIndex(n)}) {
		return missing + 1
	}
	return missing + n - k*Every + 1
}

// cached reports whether block k is in the cache (touching it: the frame
// about to be computed uses it).
func (rs *Runs) cached(k blockKey) bool {
	_, ok := rs.blocks.Get(k)
	return ok
}

// tailIndex keys the state before iteration n inside its block, with the
// block's rows up to it: what the next Play tick resumes from.
func tailIndex(n int) int { return -1 - n }

// runBlock runs block b of cfg from its start state.
func runBlock(cfg train.Config, g engine.Generation, start train.State, b int) (*block, error) {
	tr, err := train.Resume(cfg, start)
	if err != nil {
		return nil, err
	}
	blk := &block{}
	for i := b * Every; i < (b+1)*Every && !tr.Done(); i++ {
		it, err := tr.Step()
		if err != nil {
			return nil, err
		}
		row, err := rowOf(g, it)
		if err != nil {
			return nil, err
		}
		blk.Rows = append(blk.Rows, row)
	}
	blk.End = tr.State()
	return blk, nil
}

// rowOf is an iteration's metrics: its batch's data metrics, then its update's.
func rowOf(g engine.Generation, it train.Iteration) (Row, error) {
	b := it.Batch
	data, err := engine.DataMetrics(g, engine.DataBatch{
		Scores: b.TokenLevelScores, Rewards: b.TokenLevelRewards,
		Advantages: b.Advantages, Returns: b.Returns, Values: b.Values, ResponseMask: b.ResponseMask,
	})
	if err != nil && !errors.Is(err, engine.ErrMetricsEmpty) {
		return nil, err
	}
	row := make(Row, 0, len(data)+len(it.Metrics))
	row = append(row, data...)
	return append(row, it.Metrics...), nil
}
