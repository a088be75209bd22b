package inspect

import (
	"context"
	"math"
	"sync"

	"gaelab/engine"
)

// Analysis is a batch recomputed by the engine for one config, with its
// summaries and the check of the run's own numbers. Every matrix is [B][R].
type Analysis struct {
	// candidateMu serialises Candidate and Trace: they fill the lazily
	// computed traces, and a cached analysis serves many requests.
	candidateMu sync.Mutex

	Batch  *Batch
	Config Config
	// Rewards are what the estimator read: token_level_rewards, or the
	// scores with the KL penalty applied.
	Rewards [][]float64
	// GAE is the engine's trace for the chosen generation (estimator gae),
	// without its NextValues and Deltas (engine.GAELean): Trace gives them.
	GAE *engine.GAEResult
	// Advantages and Returns are the engine's results: for GAE the
	// whitened advantages (nil when whitening failed) and the returns.
	Advantages, Returns [][]float64
	// WhitenErr is why whitening failed, or nil.
	WhitenErr error
	Rows      []RowSummary
	Stats     BatchStats
	// Groups are the uid groups (groups.go), nil without a uid.
	Groups []GroupSummary
	// Reward is the reward check (reward.go), nil without scores,
	// rewards and both log-probs.
	Reward *RewardCheck
	// Sanity are what the tensors show before any GAE (sanity.go).
	Sanity []Finding
	// Check compares the run's advantages/returns, nil when it has neither.
	Check *Check
	// Verdict is exact, not_exact or nothing_to_check, and Blocking the
	// blocking finding kinds the config does not allow (severity.go).
	Verdict  string
	Blocking []string

	// other is the GAE trace of the loop the chosen generation does not
	// run (check.go's loop), of generation otherGen, once computed.
	other    *engine.GAEResult
	otherGen engine.Generation
	agree    int // loopsAgree: 0 not yet known, 1 yes, −1 no
	// nextValues and deltas are GAE's, once Trace has computed them.
	nextValues, deltas [][]float64

	// ctx ends the analysis (AnalyzeContext); nil: never.
	ctx context.Context
}

// ended reports whether the analysis's context has ended: the check then
// computes no further candidate.
func (a *Analysis) ended() bool { return a.ctx != nil && a.ctx.Err() != nil }

// RowSummary is one response at a glance.
type RowSummary struct {
	Row    int    `json:"row"`
	Group  string `json:"group,omitempty"`
	Length int    `json:"length"` // Σ mask: valid tokens
	// EOS is the index t of the last valid token (−1 in an empty row).
	EOS int `json:"eos"`
	// Score is Σ_t token_level_scores (or Σ_t rewards when there are no scores).
	Score     float64 `json:"score"`
	RewardSum float64 `json:"reward_sum"` // Σ_t r_t over all positions, as verl's sequence score
	A0        float64 `json:"a0"`         // raw A at the first valid token
	// MeanA is the mean whitened (else raw) advantage over valid tokens.
	MeanA       float64 `json:"mean_a"`
	WhitenedMin float64 `json:"whitened_min"`
	WhitenedMax float64 `json:"whitened_max"`
}

// BatchStats are the whole batch's numbers, including masked_whiten's.
type BatchStats struct {
	Rows        int     `json:"rows"`
	Tokens      int     `json:"tokens"` // R
	ValidTokens int     `json:"valid_tokens"`
	MeanScore   float64 `json:"mean_score"`
	MeanLength  float64 `json:"mean_length"`
	// The whitening statistics verl used (over every valid token of the batch).
	WhitenMean        float64 `json:"whiten_mean"`
	WhitenVarUnbiased float64 `json:"whiten_var_unbiased"`
	WhitenVarBiased   float64 `json:"whiten_var_biased"`
	// PositiveShare[t] is the share of rows valid at t whose whitened A_t
	// is > 0; ValidRows[t] counts those rows.
	PositiveShare []float64 `json:"positive_share_by_position"`
	ValidRows     []int     `json:"valid_rows_by_position"`
	Groups        int       `json:"groups,omitempty"`
}

// Analyze recomputes b with c.
func Analyze(b *Batch, c Config) (*Analysis, error) {
	return AnalyzeContext(context.Background(), b, c)
}

// AnalyzeContext is Analyze for a request: once ctx ends, the work stops
// between its steps and before the check's next candidate (each step one
// pass of the engine over the batch), and ctx's error is returned. (The
// engine's own loops take no context: one call over the largest batch,
// 512 × 8,192, is tens of milliseconds.)
func AnalyzeContext(ctx context.Context, b *Batch, c Config) (*Analysis, error) {
	a, err := analyze(ctx, b, c)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

func analyze(ctx context.Context, b *Batch, c Config) (*Analysis, error) {
	a := &Analysis{Batch: b, Config: c, ctx: ctx}
	if err := a.rewards(); err != nil {
		return nil, err
	}
	a.Reward = a.rewardCheck()
	if c.Estimator == "gae" {
		if b.Values == nil {
			return nil, errorf("missing_field", "values", "GAE needs the critic's values; the file has none (for a critic-free run choose its estimator, e.g. estimator=grpo)")
		}
		g := engine.GAELean(c.Release.Gen, a.Rewards, b.Values, b.Mask, c.Gamma, c.Lam) // 64 MiB less at 512 × 8,192 (Trace)
		a.GAE, a.Advantages, a.Returns, a.WhitenErr = &g, g.Whitened, g.Returns, g.WhitenErr
	} else {
		if b.UID == nil {
			return nil, errorf("missing_field", "uid", "the estimator %s groups responses by uid (or index); the file has neither", c.Estimator)
		}
		est, ok := c.OutcomeEstimator()
		if !ok {
			return nil, c.Validate()
		}
		adv, ret, err := est.Run(a.outcomeInputs())
		if err != nil {
			return nil, errorf("invalid_value", "estimator", "%s: %v", c.Estimator, err)
		}
		a.Advantages, a.Returns = adv, ret
	}
	if a.ended() {
		return nil, ctx.Err()
	}
	a.summarise()
	a.groups()
	a.Sanity = a.sanity()
	if a.ended() {
		return nil, ctx.Err()
	}
	a.Check = check(a)
	if a.ended() {
		return nil, ctx.Err()
	}
	for _, f := range []*Finding{a.fitFinding(), a.whiteningFinding(), a.populationStdFinding(), a.uidFinding(), a.gammaFinding()} {
		if f != nil {
			a.Sanity = append(a.Sanity, *f)
		}
	}
	a.verdict()
	return a, nil
}

// Trace is the chosen release's NextValues and Deltas (nil without GAE),
// which the analysis does not hold while it checks the candidates (a
// 512 × 8,192 batch's are 64 MiB): computed when a view first asks for
// them (the deltas heat map, the API's full tensors), then kept.
func (a *Analysis) Trace() (nextValues, deltas [][]float64) {
	a.candidateMu.Lock()
	defer a.candidateMu.Unlock()
	if a.GAE == nil {
		return nil, nil
	}
	if a.deltas == nil {
		c := a.Config
		a.nextValues, a.deltas = engine.GAETrace(c.Release.Gen, a.Rewards, a.Batch.Values, a.Batch.Mask, c.Gamma) // two matrices, not GAE's five
	}
	return a.nextValues, a.deltas
}

// rewards picks or builds token_level_rewards.
func (a *Analysis) rewards() error {
	b, c := a.Batch, a.Config
	switch {
	case b.Rewards != nil:
		a.Rewards = b.Rewards
	case c.UseKLInReward:
		if b.OldLogProbs == nil || b.RefLogProb == nil {
			return errorf("missing_field", "old_log_probs", "use_kl_in_reward needs old_log_probs and ref_log_prob to turn token_level_scores into rewards")
		}
		kr, err := engine.ApplyKLPenalty(c.Release.Gen, b.Scores, b.OldLogProbs, b.RefLogProb, b.Mask, c.KLPenalty, &engine.FixedKLController{Beta: c.KLCoef})
		if err != nil && kr.Rewards == nil {
			return errorf("invalid_value", "kl_penalty", "%v", err)
		}
		for i, row := range kr.Rewards {
			for t, v := range row {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return errorf("invalid_number", "token_level_rewards", "the KL penalty makes element [%d, %d] %v", i, t, v)
				}
			}
		}
		a.Rewards = kr.Rewards
	default:
		a.Rewards = b.Scores
	}
	return nil
}

func (a *Analysis) outcomeInputs() engine.OutcomeInputs {
	return engine.OutcomeInputs{Rewards: a.Rewards, Mask: a.Batch.Mask, Index: a.Batch.UID, Baselines: a.Batch.Baselines, Gamma: a.Config.Gamma, Epsilon: engine.DefaultOutcomeEpsilon, Gen: a.Config.Release.Gen}
}

// summarise fills Rows and Stats.
func (a *Analysis) summarise() {
	b := a.Batch
	st := BatchStats{Rows: b.B, Tokens: b.R, PositiveShare: make([]float64, b.R), ValidRows: make([]int, b.R)}
	if a.GAE != nil {
		w := a.GAE.Whitening
		st.WhitenMean, st.WhitenVarUnbiased, st.WhitenVarBiased = w.Mean, w.VarUnbiased, w.VarBiased
	}
	shown := a.Advantages // whitened, else raw
	if shown == nil && a.GAE != nil {
		shown = a.GAE.Advantages
	}
	scores := b.Scores
	if scores == nil {
		scores = a.Rewards
	}
	groups := map[string]bool{}
	a.Rows = make([]RowSummary, b.B)
	for i := range b.B {
		rs := RowSummary{Row: i, EOS: -1, WhitenedMin: math.Inf(1), WhitenedMax: math.Inf(-1)}
		if b.UID != nil {
			rs.Group = b.UID[i]
			groups[rs.Group] = true
		}
		var sumA float64
		first := true
		for t := range b.R {
			rs.Score += scores[i][t]
			rs.RewardSum += a.Rewards[i][t]
			if b.Mask[i][t] != 1 {
				continue
			}
			rs.Length++
			rs.EOS = t
			if first && a.GAE != nil {
				rs.A0, first = a.GAE.Advantages[i][t], false
			} else if first && shown != nil {
				rs.A0, first = shown[i][t], false
			}
			if shown != nil {
				x := shown[i][t]
				sumA += x
				rs.WhitenedMin, rs.WhitenedMax = min(rs.WhitenedMin, x), max(rs.WhitenedMax, x)
				st.ValidRows[t]++
				if x > 0 {
					st.PositiveShare[t]++
				}
			}
		}
		if rs.Length > 0 {
			rs.MeanA = sumA / float64(rs.Length)
		} else {
			rs.WhitenedMin, rs.WhitenedMax = 0, 0
		}
		st.ValidTokens += rs.Length
		st.MeanScore += rs.Score / float64(b.B)
		st.MeanLength += float64(rs.Length) / float64(b.B)
		a.Rows[i] = rs
	}
	for t, n := range st.ValidRows {
		if n > 0 {
			st.PositiveShare[t] /= float64(n)
		}
	}
	st.Groups = len(groups)
	a.Stats = st
}
