package train

import (
	"fmt"
	"math"
	"strconv"

	"gaelab/engine"
)

// The trainer's own differences between releases (the workers' and
// ray_trainer's, not core_algos'), each with where it was read:
//
//   - shiftedCriticMask: dp_critic.py multiplies values by
//     attention_mask[:, −R−1:−1] and trains on that mask (v0.2 :133, :176,
//     v0.3.0.post1 :156) until response_mask (PR #1850, v0.4.0 :182).
//
//   - entropyInUpdate: update_policy logs actor/entropy_loss =
//     masked_mean(entropy) per micro-batch and always subtracts
//     entropy_coeff times it (v0.2 dp_actor :253, :278); from v0.4.0 the
//     trainer logs agg_loss(entropys) of the old log-prob pass (ray_trainer
//     v0.4.0 :1068, named actor/entropy from v0.4.1 :1042) and the loss
//     has the entropy term only when entropy_coeff ≠ 0 (v0.4.0 dp_actor).
//
//   - actorLRBeforeStep: actor/lr is read after the scheduler's step in
//     v0.2–v0.3 (fsdp_workers v0.2 :434) and before it from v0.4.0 (:592);
//     critic/lr from v0.5.0 (v0.4.1 :1126 still after, v0.5.0 :1251 before).
//
//   - summedLosses: from v0.7.0 actor/pg_loss, actor/kl_loss and
//     critic/vf_loss are one scalar summed over every mini-batch and epoch
//     (metrics["actor/pg_loss"] += …, dp_actor v0.7.0 :435, :549; dp_critic
//     :196, :256), where earlier releases append one value per micro-batch
//     that reduce_metrics averages; and actor/entropy from update_policy
//     (when entropy_coeff ≠ 0) replaces the trainer's (dp_actor :523).
//
//   - lastKLLoss: until v0.4.1 update_policy assigns
//     metrics["actor/kl_loss"] = kl_loss instead of appending it (v0.2
//     dp_actor :267, v0.3.0.rc0 :308, v0.4.0 :418, v0.4.1 :504), so the
//     logged value is the last mini-batch's of the last epoch; v0.5.0
//     appends it per micro-batch (:462).
//
//   - engineWorkers: from v0.8.0 the legacy workers are gone and the
//     trainer trains through engine_workers.py's TrainingWorker
//     (ray_trainer v0.8.0 :1293, v0.9.0 :1302), whose losses are
//     workers/utils/losses.py's (:57 ppo_loss, :147 value_loss). The actor's
//     pg_loss, entropy and kl_loss call agg_loss with dp_size = 1,
//     batch_num_tokens = Σ response_mask and global_batch_size = the
//     mini-batch's rows (engine.AggregateEngine); the critic does so
//     from v0.9.0 (CriticGlobalBatch), v0.8.0's calls it directly. Each
//     mini-batch's update appends one value per metric, the Metric class
//     summing or averaging over its micro-batches (one here), and the
//     trainer's reduce_metrics averages them: pg_loss and vf_loss are
//     averaged again, not summed as in v0.7.x. The update also logs
//     actor/loss and critic/loss (the mini-batch's whole loss), the
//     entropy term as actor/entropy_loss when entropy_coeff ≠ 0 (the
//     trainer's actor/entropy stays), and the learning rate after the
//     scheduler's step, taken at the last mini-batch (engine_workers
//     v0.9.0 :307, :370; fsdp transformer_impl :807).
//
// Read at v0.2–v0.9.0 (v0.7.1: dp_actor :553, :643, :669; dp_critic :196;
// fsdp_workers :1025, :1684, as v0.7.0).
func shiftedCriticMask(g engine.Generation) bool  { return g < engine.G04 }
func entropyInUpdate(g engine.Generation) bool    { return g < engine.G04 }
func actorLRBeforeStep(g engine.Generation) bool  { return g >= engine.G04 && !engineWorkers(g) }
func criticLRBeforeStep(g engine.Generation) bool { return g >= engine.G06 && !engineWorkers(g) }
func summedLosses(g engine.Generation) bool       { return g >= engine.G09 && !engineWorkers(g) }
func engineWorkers(g engine.Generation) bool      { return g >= engine.G11 }
func lastKLLoss(g engine.Generation) bool         { return g < engine.G06 }

// aggFunc is agg_loss as one call site of a release calls it.
type aggFunc func(g engine.Generation, loss, mask [][]float64, mode engine.AggMode) (float64, error)

// actorAgg is the actor's agg_loss: the engine workers' from v0.8.0.
func actorAgg(g engine.Generation) aggFunc {
	if engineWorkers(g) {
		return engine.AggregateEngine
	}
	return engine.Aggregate
}

// criticGlobalBatch: the critic's agg_loss has the global-batch arguments (v0.9.0).
func criticGlobalBatch(g engine.Generation) bool {
	return engineWorkers(g) && g.Has(engine.CriticGlobalBatch)
}

// criticAgg is the critic's agg_loss.
func criticAgg(g engine.Generation) aggFunc {
	if criticGlobalBatch(g) {
		return engine.AggregateEngine
	}
	return engine.Aggregate
}

func entropyMetric(g engine.Generation) string {
	if g < engine.G05 {
		return engine.MetricEntropyLoss
	}
	return engine.MetricEntropy
}

// Adam is one AdamW optimizer's state, torch's: the moments and the step.
type Adam struct {
	ExpAvg, ExpAvgSq []float64
	Step             int
}

// State is a checkpoint: everything a run carries from one iteration to the
// next. Resume from it gives bit for bit the iterations a straight run
// gives from there. The reference policy is the initial actor, remade
// from the seed.
type State struct {
	Iteration   int       // iterations done: the next one is this (0-based; verl's global_steps is Iteration+1)
	Actor       []float64 // the policy's logits, flat [prompt][t][prev][action] (ActorIndex)
	Critic      []float64 // the critic's values, flat [prompt][t][prev] (CriticIndex)
	ActorAdam   Adam
	CriticAdam  Adam
	ActorSched  int     // the actor's LR scheduler steps taken
	CriticSched int     // the critic's
	Beta        float64 // kl_ctrl.value
}

// Clone is a deep copy of s.
func (s State) Clone() State {
	c := s
	c.Actor, c.Critic = clone(s.Actor), clone(s.Critic)
	c.ActorAdam.ExpAvg, c.ActorAdam.ExpAvgSq = clone(s.ActorAdam.ExpAvg), clone(s.ActorAdam.ExpAvgSq)
	c.CriticAdam.ExpAvg, c.CriticAdam.ExpAvgSq = clone(s.CriticAdam.ExpAvg), clone(s.CriticAdam.ExpAvgSq)
	return c
}

func clone(x []float64) []float64 { return append([]float64(nil), x...) }

// Actions is the number of tokens the policy chooses among (every id but the pad).
func Actions() int { return len(Vocab) - 1 }

// ActorIndex is the flat index of logit a (token a + 1) at state (prompt, t, prev).
func (c Config) ActorIndex(prompt, t, prev, a int) int {
	return ((prompt*c.Length+t)*len(Vocab)+prev)*Actions() + a
}

// CriticIndex is the flat index of V(s) for s = (prompt, t, prev).
func (c Config) CriticIndex(prompt, t, prev int) int {
	return (prompt*c.Length+t)*len(Vocab) + prev
}

// Batch is one iteration's batch as verl's trainer holds it after
// compute_advantage: [B][R] tensors under verl's names, row i answering
// prompt Prompt[i]. Padding after EOS holds the pad id, log-probs 0 and
// (from v0.4.0) values 0.
type Batch struct {
	Prompt            []int       // the prompt of each row (its uid)
	Responses         [][]int     // responses: token ids
	ResponseMask      [][]float64 // response_mask
	TokenLevelScores  [][]float64 // token_level_scores
	TokenLevelRewards [][]float64 // token_level_rewards
	OldLogProbs       [][]float64 // old_log_probs (π_old = the policy that sampled)
	RefLogProb        [][]float64 // ref_log_prob
	Values            [][]float64 // values, masked as the release's critic masks them (nil without a critic)
	RewardBaselines   []float64   // reward_baselines (ReMax): the score of the greedy response to row i's prompt; nil otherwise
	Advantages        [][]float64 // advantages
	Returns           [][]float64 // returns
	Beta              float64     // β used for the KL in the reward (before the controller's update)
	CurrentKL         float64     // apply_kl_penalty's current_kl (0 without KL in the reward)
}

// Iteration is one training step: its batch, its reduced update metrics
// and its data metrics.
type Iteration struct {
	Index   int
	Batch   Batch
	Metrics []engine.Metric // the trainer's and the workers' update metrics (entropy, reward KL, critic/…, actor/…)
	// Data is compute_data_metrics(batch, use_critic) as the release's fit()
	// logs it after the updates, on the batch the updates read: the critic's
	// values from before its update, the advantages and returns of this
	// step (critic/score/*, critic/rewards/*, critic/advantages/*,
	// critic/returns/*, critic/values/*, critic/vf_explained_var,
	// response_length/*, prompt_length/*, and from v0.6.0
	// response_length_non_aborted/*, response/aborted_ratio). The prompt is
	// one position of attention_mask (the model reads the prompt as one
	// state), so prompt_length/* are 1.
	Data []engine.Metric
}

// Metric returns the named metric's value and whether it was logged
// (update metrics first, then data metrics).
func (it Iteration) Metric(name string) (float64, bool) {
	for _, m := range it.Metrics {
		if m.Name == name {
			return m.Value, true
		}
	}
	for _, m := range it.Data {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// All is every metric the trainer logs for the step, in fit()'s order:
// the update metrics, then the data metrics.
func (it Iteration) All() []engine.Metric {
	return append(append(make([]engine.Metric, 0, len(it.Metrics)+len(it.Data)), it.Metrics...), it.Data...)
}

// Trainer runs a Config's iterations.
type Trainer struct {
	cfg Config
	g   engine.Generation
	st  State
	ref []float64 // the reference policy's logits (the initial actor)

	probs []float64 // scratch: one state's distribution
}

// New starts a run at iteration 0: the actor's logits are InitScale·(2u − 1)
// with u = Uniform(seed, InitIteration, 0, index), the critic's values 0, β = KLCoef.
func New(cfg Config) (*Trainer, error) {
	if _, err := cfg.check(); err != nil {
		return nil, err
	}
	return Resume(cfg, Initial(cfg))
}

// Initial is iteration 0's state of cfg (cfg unchecked).
func Initial(cfg Config) State {
	n := cfg.Prompts * cfg.Length * len(Vocab)
	st := State{Actor: make([]float64, n*Actions()), Critic: make([]float64, n), Beta: cfg.KLCoef}
	for k := range st.Actor {
		st.Actor[k] = cfg.InitScale * (2*Uniform(cfg.Seed, InitIteration, 0, uint64(k)) - 1)
	}
	st.ActorAdam = Adam{ExpAvg: make([]float64, len(st.Actor)), ExpAvgSq: make([]float64, len(st.Actor))}
	st.CriticAdam = Adam{ExpAvg: make([]float64, n), ExpAvgSq: make([]float64, n)}
	return st
}

// Resume continues a run from a checkpoint of it.
func Resume(cfg Config, st State) (*Trainer, error) {
	g, err := cfg.check()
	if err != nil {
		return nil, err
	}
	want := Initial(cfg)
	if len(st.Actor) != len(want.Actor) || len(st.Critic) != len(want.Critic) ||
		len(st.ActorAdam.ExpAvg) != len(st.Actor) || len(st.ActorAdam.ExpAvgSq) != len(st.Actor) ||
		len(st.CriticAdam.ExpAvg) != len(st.Critic) || len(st.CriticAdam.ExpAvgSq) != len(st.Critic) {
		return nil, fmt.Errorf("train: state: its tables do not have the shape of this config's")
	}
	if st.Iteration < 0 || st.Iteration > cfg.Iterations {
		return nil, fmt.Errorf("train: state: iteration %d is outside 0…%d", st.Iteration, cfg.Iterations)
	}
	return &Trainer{cfg: cfg, g: g, st: st.Clone(), ref: want.Actor, probs: make([]float64, Actions())}, nil
}

// State is a checkpoint of the run so far (a copy).
func (tr *Trainer) State() State { return tr.st.Clone() }

// Done reports whether every iteration has run.
func (tr *Trainer) Done() bool { return tr.st.Iteration >= tr.cfg.Iterations }

// Result is a whole run: every iteration's metrics and sampled tokens, and the final state.
type Result struct {
	Iterations []Iteration // Batch holds only Prompt and Responses, to keep a run small
	Final      State
}

// Run runs cfg from iteration 0 to the end.
func Run(cfg Config) (Result, error) {
	tr, err := New(cfg)
	if err != nil {
		return Result{}, err
	}
	return tr.Rest()
}

// Rest runs the remaining iterations.
func (tr *Trainer) Rest() (Result, error) {
	var res Result
	for !tr.Done() {
		it, err := tr.Step()
		if err != nil {
			return res, err
		}
		it.Batch = Batch{Prompt: it.Batch.Prompt, Responses: it.Batch.Responses}
		res.Iterations = append(res.Iterations, it)
	}
	res.Final = tr.State()
	return res, nil
}

// dist writes π(·|s) = softmax(z) into p, as torch's softmax takes it
// (exp(z − m)/Σexp(z − m), m = max z), and returns m and Σexp(z − m).
func dist(z []float64, p []float64) (m, sum float64) {
	m = math.Inf(-1)
	for _, x := range z {
		m = math.Max(m, x)
	}
	for k, x := range z {
		p[k] = math.Exp(x - m)
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
	return m, sum
}

// tokenStats are log π(a|s) (verl's logprobs_from_logits without flash-attn:
// z_a − logsumexp(z), logsumexp = m + log Σexp(z − m)) and the entropy
// (entropy_from_logits: logsumexp(z) − Σ p·z).
func tokenStats(z, p []float64, a int) (logp, entropy float64) {
	m, sum := dist(z, p)
	lse := m + math.Log(sum)
	logp = z[a] - lse
	var pz float64
	for k, x := range z {
		pz += p[k] * x
	}
	return logp, lse - pz
}

// Step runs the next iteration.
func (tr *Trainer) Step() (Iteration, error) {
	if tr.Done() {
		return Iteration{}, fmt.Errorf("train: the run has done its %d iterations", tr.cfg.Iterations)
	}
	b := tr.rollout()
	return tr.update(b)
}

// rollout samples the batch with the current policy: row i, token t is
// Sample(Uniform(seed, iteration, i, t), π(·|s_t)), until EOS or R tokens.
func (tr *Trainer) rollout() Batch {
	c, it := tr.cfg, uint64(tr.st.Iteration)
	B, R, A := c.Rows(), c.Length, Actions()
	b := Batch{Prompt: make([]int, B), Responses: make([][]int, B)}
	for i := range B {
		p := i / c.N
		b.Prompt[i] = p
		row := make([]int, R)
		prev := PadID
		for t := range R {
			if prev == EOSID {
				row[t] = PadID
				continue
			}
			off := c.ActorIndex(p, t, prev, 0)
			dist(tr.st.Actor[off:off+A], tr.probs)
			tok := Sample(Uniform(c.Seed, it, uint64(i), uint64(t)), tr.probs) + 1
			row[t], prev = tok, tok
		}
		b.Responses[i] = row
	}
	return b
}

// Greedy is the response the current policy gives prompt p without
// sampling (do_sample = False: the most likely token at each step, the
// lowest id on a tie, until EOS or R tokens), padded with the pad id.
func (tr *Trainer) Greedy(p int) []int {
	c, A := tr.cfg, Actions()
	row := make([]int, c.Length)
	prev := PadID
	for t := range c.Length {
		if prev == EOSID {
			row[t] = PadID
			continue
		}
		off := c.ActorIndex(p, t, prev, 0)
		best := 0
		for k, z := range tr.st.Actor[off : off+A] {
			if z > tr.st.Actor[off+best] {
				best = k
			}
		}
		row[t], prev = best+1, best+1
	}
	return row
}

// rewardBaselines is fit()'s ReMax baseline (ray_trainer v0.2 :856, v0.4.1
// :991, v0.7.1 :1329, v0.9.0 :1468): one greedy response per prompt from
// the policy that sampled the batch, its reward summed over the tokens
// (reward_fn(batch).sum(-1), the rule-based score without KL), repeated to
// the prompt's n rows (batch.repeat(n, interleave=True)).
func (tr *Trainer) rewardBaselines(prompts []int) []float64 {
	c := tr.cfg
	score := make([]float64, c.Prompts)
	scores := make([]float64, c.Length)
	for p := range score {
		row := tr.Greedy(p)
		clear(scores)
		scoreRow(c.Reward, p, row[:validLen(row)], scores)
		for _, s := range scores {
			score[p] += s
		}
	}
	out := make([]float64, len(prompts))
	for i, p := range prompts {
		out[i] = score[p]
	}
	return out
}

// validLen is the number of response tokens before the padding (EOS included).
func validLen(row []int) int {
	for t, tok := range row {
		if tok == EOSID {
			return t + 1
		}
	}
	return len(row)
}

// prevAt is token t−1 of row (the start marker at t = 0).
func prevAt(row []int, t int) int {
	if t == 0 {
		return PadID
	}
	return row[t-1]
}

// Teacher runs the next iteration on the given responses instead of
// sampling them (the one-step check's teacher forcing): responses must be
// what the policy could have sampled, row i answering prompt i / n.
func (tr *Trainer) Teacher(responses [][]int) (Iteration, error) {
	c := tr.cfg
	if len(responses) != c.Rows() {
		return Iteration{}, fmt.Errorf("train: responses: %d rows, want %d", len(responses), c.Rows())
	}
	b := Batch{Prompt: make([]int, c.Rows()), Responses: make([][]int, c.Rows())}
	for i, row := range responses {
		if len(row) != c.Length {
			return Iteration{}, fmt.Errorf("train: responses[%d]: %d tokens, want %d", i, len(row), c.Length)
		}
		ended := false
		for t, tok := range row {
			if ended && tok != PadID || !ended && (tok <= PadID || tok >= len(Vocab)) {
				return Iteration{}, fmt.Errorf("train: responses[%d][%d]: token %d (want 1…%d up to EOS, then the pad %d)", i, t, tok, len(Vocab)-1, PadID)
			}
			ended = ended || tok == EOSID
		}
		b.Prompt[i], b.Responses[i] = i/c.N, append([]int(nil), row...)
	}
	return tr.update(b)
}

// update computes the batch's tensors and runs the critic's and the actor's updates.
func (tr *Trainer) update(b Batch) (Iteration, error) {
	c, g, st := tr.cfg, tr.g, &tr.st
	B, R, A := c.Rows(), c.Length, Actions()
	useCritic := c.Estimator == "gae"
	b.ResponseMask, b.TokenLevelScores = engine.NewMatrix(B, R), engine.NewMatrix(B, R)
	b.OldLogProbs, b.RefLogProb = engine.NewMatrix(B, R), engine.NewMatrix(B, R)
	entropys := engine.NewMatrix(B, R)
	for i, row := range b.Responses {
		p, L := b.Prompt[i], validLen(row)
		for t := range L {
			off := c.ActorIndex(p, t, prevAt(row, t), 0)
			b.ResponseMask[i][t] = 1
			b.OldLogProbs[i][t], entropys[i][t] = tokenStats(st.Actor[off:off+A], tr.probs, row[t]-1)
			b.RefLogProb[i][t], _ = tokenStats(tr.ref[off:off+A], tr.probs, row[t]-1)
		}
		scoreRow(c.Reward, p, row[:L], b.TokenLevelScores[i])
	}
	mask := b.ResponseMask
	criticMask := mask
	if shiftedCriticMask(g) {
		criticMask = engine.ShiftedCriticMask(mask)
	}
	if useCritic {
		b.Values = engine.NewMatrix(B, R)
		for i, row := range b.Responses {
			for t := range R {
				if criticMask[i][t] != 0 {
					b.Values[i][t] = st.Critic[c.CriticIndex(b.Prompt[i], t, prevAt(row, t))] * criticMask[i][t]
				}
			}
		}
	}

	var metrics engine.MetricLists
	if !entropyInUpdate(g) {
		e, err := engine.Aggregate(g, entropys, mask, engine.AggMode(c.LossAggMode))
		if err != nil {
			return Iteration{}, fmt.Errorf("train: iteration %d: entropy: %w", st.Iteration, err)
		}
		metrics.Set(entropyMetric(g), e)
	}

	// KL in the reward, then the advantages.
	b.TokenLevelRewards, b.Beta = b.TokenLevelScores, st.Beta
	if engine.UseKLInReward(g, c.UseKLInReward, c.UseKLLoss) {
		var ctl engine.KLController = &engine.FixedKLController{Beta: st.Beta}
		if c.KLCtrl == "adaptive" {
			ctl = &engine.AdaptiveKLController{Beta: st.Beta, Target: c.TargetKL, Horizon: c.Horizon}
		}
		kr, err := engine.ApplyKLPenalty(g, b.TokenLevelScores, b.OldLogProbs, b.RefLogProb, mask, c.KLPenalty, ctl)
		if err != nil {
			return Iteration{}, fmt.Errorf("train: iteration %d: apply_kl_penalty: %w", st.Iteration, err)
		}
		b.TokenLevelRewards, b.CurrentKL = kr.Rewards, kr.CurrentKL
		st.Beta = ctl.Value()
		kl, coeff := engine.RewardKLMetrics(g)
		metrics.Set(kl, kr.CurrentKL)
		metrics.Set(coeff, kr.Beta)
	}
	if useCritic {
		res := engine.GAE(g, b.TokenLevelRewards, b.Values, mask, c.Gamma, c.Lam)
		if res.WhitenErr != nil {
			return Iteration{}, fmt.Errorf("train: iteration %d: GAE: %w", st.Iteration, res.WhitenErr)
		}
		b.Advantages, b.Returns = res.Whitened, res.Returns
	} else {
		est, _ := estimator(g, c.Estimator, c.NormByStd)
		index := make([]string, B)
		for i, p := range b.Prompt {
			index[i] = strconv.Itoa(p)
		}
		if c.Estimator == "remax" {
			b.RewardBaselines = tr.rewardBaselines(b.Prompt)
		}
		adv, ret, err := est.Run(engine.OutcomeInputs{Rewards: b.TokenLevelRewards, Mask: mask, Index: index,
			Baselines: b.RewardBaselines, Gamma: c.Gamma, Epsilon: engine.DefaultOutcomeEpsilon, Gen: g})
		if err != nil {
			return Iteration{}, fmt.Errorf("train: iteration %d: %s: %w", st.Iteration, c.Estimator, err)
		}
		b.Advantages, b.Returns = adv, ret
	}

	step := st.Iteration + 1 // verl's global_steps
	if useCritic {
		if err := tr.updateCritic(&b, criticMask, &metrics); err != nil {
			return Iteration{}, fmt.Errorf("train: iteration %d: critic: %w", st.Iteration, err)
		}
	}
	if c.CriticWarmup <= step {
		if err := tr.updateActor(&b, &metrics); err != nil {
			return Iteration{}, fmt.Errorf("train: iteration %d: actor: %w", st.Iteration, err)
		}
	}
	data, err := dataMetrics(g, &b)
	if err != nil {
		return Iteration{}, fmt.Errorf("train: iteration %d: compute_data_metrics: %w", st.Iteration, err)
	}
	it := Iteration{Index: st.Iteration, Batch: b, Metrics: engine.ReduceMetrics(g, &metrics), Data: data}
	st.Iteration++
	return it, nil
}

// dataMetrics is fit()'s compute_data_metrics(batch, use_critic) at the end
// of the step (ray_trainer v0.2 :960, v0.4.1 :1170, v0.7.1 :1578, v0.9.0
// :1736), after both updates: batch["values"] is still the critic's output
// from before its update. attention_mask is [1 | response_mask]: a prompt
// of one position, the response's tokens up to EOS (use_critic: the
// estimator is gae, as need_critic has it without critic.enable).
func dataMetrics(g engine.Generation, b *Batch) ([]engine.Metric, error) {
	ones := make([]float64, len(b.Prompt))
	for i := range ones {
		ones[i] = 1
	}
	// Every row has at least one token (R ≥ 1, the first is always sampled): no empty selection.
	m, err := engine.DataMetrics(g, engine.DataBatch{
		Scores: b.TokenLevelScores, Rewards: b.TokenLevelRewards, Advantages: b.Advantages, Returns: b.Returns,
		Values: b.Values, ResponseMask: b.ResponseMask, PromptLength: ones, PromptWidth: 1,
	})
	return []engine.Metric(m), err
}

// lr is the learning rate after k scheduler steps of verl's
// get_constant_schedule_with_warmup (a LambdaLR): base·k/max(1, W) while
// k < W, then base. Tag v0.2 alone has λ(k) = min(1, k/max(1, W)), so there
// even without warm-up (W = 0) the first update runs at lr 0
// (torch_functional.py v0.2 :462; v0.2.0.post1 on: the branch).
func (c Config) lr(base float64, k int) float64 {
	w := float64(max(1, c.WarmupSteps))
	if c.Release == "v0.2" {
		return base * math.Min(1, float64(k)/w)
	}
	if k < c.WarmupSteps {
		return base * (float64(k) / w)
	}
	return base
}

// aggMode is the mode the release's losses are aggregated with.
func (tr *Trainer) aggMode() engine.AggMode {
	if !tr.g.Has(engine.AggLoss) {
		return engine.TokenMean
	}
	return engine.AggMode(tr.cfg.LossAggMode)
}

// rowWeights returns, for each row of mask, the derivative of the release's
// agg_loss(loss, mask, mode) with respect to loss[i][t] at a mask = 1
// position: agg_loss is linear in loss, and the derivative is the same
// at every valid position of a row, so it is agg_loss of a loss that is 1
// at one valid position of row i and 0 elsewhere.
func rowWeights(g engine.Generation, mask [][]float64, mode engine.AggMode) ([]float64, error) {
	return rowWeightsWith(engine.Aggregate, g, mask, mode)
}

// rowWeightsWith is rowWeights for the agg_loss call agg.
func rowWeightsWith(agg aggFunc, g engine.Generation, mask [][]float64, mode engine.AggMode) ([]float64, error) {
	B, R := len(mask), len(mask[0])
	unit := engine.NewMatrix(B, R)
	w := make([]float64, B)
	for i, row := range mask {
		t := -1
		for k, m := range row {
			if m != 0 {
				t = k
				break
			}
		}
		if t < 0 {
			continue
		}
		unit[i][t] = 1
		v, err := agg(g, unit, mask, mode)
		unit[i][t] = 0
		if err != nil {
			return nil, err
		}
		w[i] = v
	}
	return w, nil
}

// miniBatches yields the row ranges of the mini-batches, in row order.
func (c Config) miniBatches() [][2]int {
	size := c.Rows() / c.MiniBatches
	out := make([][2]int, c.MiniBatches)
	for k := range out {
		out[k] = [2]int{k * size, (k + 1) * size}
	}
	return out
}

// updateCritic is update_critic: ppo_epochs over the mini-batches, each the
// clipped value loss of the current values against the returns, its exact
// gradient, grad-norm clipping and an AdamW step.
func (tr *Trainer) updateCritic(b *Batch, criticMask [][]float64, metrics *engine.MetricLists) error {
	c, g, st := tr.cfg, tr.g, &tr.st
	lr := c.lr(c.CriticLR, st.CriticSched)
	mode := tr.aggMode()
	grad := make([]float64, len(st.Critic))
	var vfSum float64
	// The loss's weights depend only on the mask: once per mini-batch.
	weights := make([][]float64, c.MiniBatches)
	for k, mb := range c.miniBatches() {
		w, err := rowWeightsWith(criticAgg(g), g, criticMask[mb[0]:mb[1]], mode)
		if err != nil {
			return err
		}
		weights[k] = w
	}
	for range c.PPOEpochs {
		for k, mb := range c.miniBatches() {
			lo, hi := mb[0], mb[1]
			vl, vpredMean := tr.criticLoss(st.Critic, b, criticMask, lo, hi, weights[k], grad)
			norm := clipGradNorm(grad, GradClip)
			adamW(st.Critic, grad, &st.CriticAdam, lr)
			if summedLosses(g) {
				vfSum += vl.Loss
				metrics.Set(engine.MetricVFLoss, vfSum)
				metrics.Append(engine.MetricVFClipFrac, vl.ClipFrac)
			} else {
				metrics.Append(engine.MetricVFLoss, vl.Loss)
				metrics.Append(engine.MetricVFClipFrac, vl.ClipFrac)
			}
			metrics.Append(engine.MetricVPredMean, vpredMean)
			if engineWorkers(g) {
				metrics.Append(MetricCriticLoss, vl.Loss)
			}
			metrics.Append(engine.MetricCriticGradNorm, norm)
		}
	}
	if criticLRBeforeStep(g) {
		metrics.Set(engine.MetricCriticLR, lr)
	}
	st.CriticSched++
	if !criticLRBeforeStep(g) {
		metrics.Set(engine.MetricCriticLR, c.lr(c.CriticLR, st.CriticSched))
	}
	return nil
}

// criticLoss computes rows lo…hi−1's value loss at values params and
// overwrites grad with its gradient; w are the rows' agg_loss weights.
func (tr *Trainer) criticLoss(params []float64, b *Batch, criticMask [][]float64, lo, hi int, w []float64, grad []float64) (engine.ValueLoss, float64) {
	c, g := tr.cfg, tr.g
	R, n := c.Length, hi-lo
	half := 0.5
	if g.Has(engine.ValueLossNoHalf) {
		half = 1
	}
	vpreds := engine.NewMatrix(n, R)
	for i := range n {
		row := b.Responses[lo+i]
		for t := range R {
			vpreds[i][t] = params[c.CriticIndex(b.Prompt[lo+i], t, prevAt(row, t))]
		}
	}
	m := criticMask[lo:hi]
	vt := engine.ValueLossTerms(b.Values[lo:hi], vpreds, b.Returns[lo:hi], c.ClipValue)
	// Every mode is one the release knows (check), and a mini-batch has a valid token: no error.
	var vl engine.ValueLoss
	if criticGlobalBatch(g) {
		vl, _ = engine.AggregateValueLossEngine(g, vt, m, tr.aggMode())
	} else {
		vl, _ = engine.AggregateValueLoss(g, vt, m, tr.aggMode())
	}
	vpredMean, _ := engine.MaskedMean(g, vpreds, m)
	clear(grad)
	for i := range n {
		row := b.Responses[lo+i]
		for t := range R {
			if m[i][t] == 0 || vt.Clipped[i][t] != 0 {
				continue
			}
			grad[c.CriticIndex(b.Prompt[lo+i], t, prevAt(row, t))] += half * w[i] * m[i][t] * 2 * (vpreds[i][t] - b.Returns[lo+i][t])
		}
	}
	return vl, vpredMean
}
