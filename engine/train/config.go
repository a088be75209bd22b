package train

import (
	"fmt"
	"strings"

	"gaelab/engine"
)

// Config is one training run: verl's settings under verl's names (in the
// comments), at tabular scale.
type Config struct {
	Release string // the verl release tag whose arithmetic runs: v0.2 … v0.9.0 (engine.Releases up to LastRelease)
	Seed    uint64 // the sampler's and the initial tables' seed

	Reward     string // RewardOutcome, RewardHackable, RewardLengthPenalty or RewardDense
	Prompts    int    // how many of Prompts the batch asks (1 or 2)
	N          int    // actor_rollout_ref.rollout.n: responses per prompt; the batch has Prompts·N rows
	Length     int    // data.max_response_length R: a response is truncated after R tokens
	Iterations int    // trainer.total_training_steps
	InitScale  float64

	Estimator string  // algorithm.adv_estimator: gae, grpo, rloo, reinforce_plus_plus, … (the release must have it)
	NormByStd bool    // algorithm.norm_adv_by_std_in_grpo
	Gamma     float64 // algorithm.gamma
	Lam       float64 // algorithm.lam

	UseKLInReward bool    // algorithm.use_kl_in_reward (before v0.4.0: KL in the reward iff !UseKLLoss)
	KLCtrl        string  // algorithm.kl_ctrl.type: fixed or adaptive
	KLCoef        float64 // algorithm.kl_ctrl.kl_coef: the initial β
	TargetKL      float64 // algorithm.kl_ctrl.target_kl (adaptive)
	Horizon       float64 // algorithm.kl_ctrl.horizon (adaptive)
	KLPenalty     string  // algorithm.kl_penalty
	UseKLLoss     bool    // actor.use_kl_loss
	KLLossType    string  // actor.kl_loss_type
	KLLossCoef    float64 // actor.kl_loss_coef

	PPOEpochs    int     // actor.ppo_epochs (and critic.ppo_epochs)
	MiniBatches  int     // rows / ppo_mini_batch_size·n: mini-batches per epoch, in row order (shuffle: false)
	ClipRatio    float64 // actor.clip_ratio (also clip_ratio_low/high from v0.4.0)
	ClipRatioC   float64 // actor.clip_ratio_c, the dual clip (v0.4.0 on)
	LossAggMode  string  // actor.loss_agg_mode (and critic.loss_agg_mode); v0.2–v0.3 know only token-mean
	EntropyCoeff float64 // actor.entropy_coeff
	ClipValue    float64 // critic.cliprange_value
	ActorLR      float64 // actor.optim.lr
	CriticLR     float64 // critic.optim.lr
	WarmupSteps  int     // optim.lr_warmup_steps: constant schedule with linear warm-up (0: none)
	CriticWarmup int     // trainer.critic_warmup: the actor updates from global step CriticWarmup on
}

// The engine workers' own update metrics (v0.8.0 on): the mini-batch's
// whole loss, as TrainingWorker logs it under "loss" and the trainer
// prefixes it (rename_dict).
const (
	MetricActorLoss  = "actor/loss"
	MetricCriticLoss = "critic/loss"
)

// The optimizer's constants: verl's AdamW defaults and actor/critic grad_clip.
const (
	Beta1       = 0.9
	Beta2       = 0.999
	AdamEps     = 1e-8
	WeightDecay = 0.01
	GradClip    = 1.0
)

// LastRelease is the newest generation the loop reproduces: v0.9.0. Up to
// v0.7.1 the trainer runs the legacy FSDP workers (dp_actor.py,
// dp_critic.py) by default; from v0.8.0 only the engine workers exist
// (engine_workers.py, workers/utils/losses.py), and the loop follows them
// (engineWorkers).
const LastRelease = engine.G12

// Caps bound a run.
const (
	MaxIterations = 2000
	MaxRows       = 256
	MaxLength     = 32
	MaxEpochs     = 16
)

// Presets are the named runs. Each is 64 responses of up to 16 tokens on
// verl v0.4.1's arithmetic (override Release for another), 4 PPO epochs of 4
// mini-batches, 50 iterations: ppo (GAE, KL in the reward), grpo (KL as the
// actor's loss), the three reward presets, adaptive-kl, warmup (LR
// warm-up over 10 steps, the actor from global step 5, an entropy bonus)
// drgrpo (Dr. GRPO: no std in the advantage, seq-mean-token-sum-norm) and
// remax (ReMax: the greedy response's score as each prompt's baseline, KL in
// the reward).
var Presets = []struct {
	Name   string
	Config Config
}{
	{"ppo", base(nil)},
	{"grpo", base(func(c *Config) {
		c.Estimator, c.UseKLLoss, c.KLLossType, c.KLLossCoef, c.UseKLInReward = "grpo", true, "low_var_kl", 0.05, false
	})},
	{"hackable", base(func(c *Config) { c.Reward = RewardHackable })},
	{"length-penalty", base(func(c *Config) { c.Reward = RewardLengthPenalty })},
	{"dense", base(func(c *Config) { c.Reward = RewardDense; c.Lam = 0.9; c.LossAggMode = string(engine.SeqMeanTokenMean) })},
	{"adaptive-kl", base(func(c *Config) { c.KLCtrl, c.TargetKL, c.Horizon = "adaptive", 0.02, 500 })},
	{"warmup", base(func(c *Config) { c.WarmupSteps, c.CriticWarmup, c.EntropyCoeff = 10, 5, 0.01 })},
	{"drgrpo", base(func(c *Config) {
		c.Estimator, c.NormByStd, c.LossAggMode, c.UseKLInReward = "grpo", false, string(engine.SeqMeanTokenSumNorm), false
	})},
	{"remax", base(func(c *Config) { c.Estimator = "remax" })},
}

func base(edit func(*Config)) Config {
	c := Config{
		Release: "v0.4.1", Seed: 1, Reward: RewardOutcome, Prompts: 2, N: 32, Length: 16, Iterations: 50, InitScale: 0.5,
		Estimator: "gae", NormByStd: true, Gamma: 1, Lam: 0.95,
		UseKLInReward: true, KLCtrl: "fixed", KLCoef: 0.05, TargetKL: 0.1, Horizon: 10000, KLPenalty: "kl",
		KLLossType: "low_var_kl", KLLossCoef: 0.001,
		PPOEpochs: 4, MiniBatches: 4, ClipRatio: 0.2, ClipRatioC: 3, LossAggMode: string(engine.TokenMean),
		ClipValue: 0.5, ActorLR: 0.1, CriticLR: 0.1,
	}
	if edit != nil {
		edit(&c)
	}
	return c
}

// Preset returns the named preset.
func Preset(name string) (Config, error) {
	var names []string
	for _, p := range Presets {
		if p.Name == name {
			return p.Config, nil
		}
		names = append(names, p.Name)
	}
	return Config{}, fmt.Errorf("train: unknown preset %q (want one of %s)", name, strings.Join(names, ", "))
}

// Rows is the batch size, Prompts·N.
func (c Config) Rows() int { return c.Prompts * c.N }

// fieldError is a bad setting: the field's verl name and what it allows.
func fieldError(field, format string, args ...any) error {
	return fmt.Errorf("train: %s: %s", field, fmt.Sprintf(format, args...))
}

// check validates c and resolves its release; an error names the field.
func (c Config) check() (engine.Generation, error) {
	rel, err := engine.ParseRelease(c.Release)
	if err != nil {
		return 0, fieldError("release", "%v", err)
	}
	g := rel.Gen
	if g > LastRelease {
		return 0, fieldError("release", "verl %s is newer than the loop reproduces (v0.2…%s)", c.Release, LastRelease.Tag())
	}
	finite := func(x float64) bool { return x-x == 0 }
	switch {
	case !member(c.Reward, rewardKinds):
		return 0, fieldError("reward", "%q is not one of %s", c.Reward, strings.Join(rewardKinds, ", "))
	case c.Prompts < 1 || c.Prompts > len(Prompts):
		return 0, fieldError("prompts", "%d is outside 1…%d", c.Prompts, len(Prompts))
	case c.N < 1 || c.N > MaxRows || c.Rows() > MaxRows:
		return 0, fieldError("rollout.n", "%d gives %d rows; the batch must have 1…%d", c.N, c.Rows(), MaxRows)
	case c.Length < 1 || c.Length > MaxLength:
		return 0, fieldError("max_response_length", "%d is outside 1…%d", c.Length, MaxLength)
	case c.Iterations < 0 || c.Iterations > MaxIterations:
		return 0, fieldError("total_training_steps", "%d is outside 0…%d", c.Iterations, MaxIterations)
	case !finite(c.InitScale) || c.InitScale < 0 || c.InitScale > 10:
		return 0, fieldError("init_scale", "%g is outside 0…10", c.InitScale)
	case c.PPOEpochs < 1 || c.PPOEpochs > MaxEpochs:
		return 0, fieldError("ppo_epochs", "%d is outside 1…%d", c.PPOEpochs, MaxEpochs)
	case c.MiniBatches < 1 || c.Rows()%c.MiniBatches != 0:
		return 0, fieldError("ppo_mini_batch_size", "%d mini-batches do not divide %d rows", c.MiniBatches, c.Rows())
	case !finite(c.Gamma) || c.Gamma < 0 || c.Gamma > 1:
		return 0, fieldError("gamma", "%g is outside 0…1", c.Gamma)
	case !finite(c.Lam) || c.Lam < 0 || c.Lam > 1:
		return 0, fieldError("lam", "%g is outside 0…1", c.Lam)
	case c.KLCtrl != "fixed" && c.KLCtrl != "adaptive":
		return 0, fieldError("kl_ctrl.type", "%q is not fixed or adaptive", c.KLCtrl)
	case !finite(c.KLCoef) || c.KLCoef < 0 || c.KLCoef > 10:
		return 0, fieldError("kl_ctrl.kl_coef", "%g is outside 0…10", c.KLCoef)
	case c.KLCtrl == "adaptive" && (!finite(c.TargetKL) || c.TargetKL <= 0 || c.TargetKL > 10):
		return 0, fieldError("kl_ctrl.target_kl", "%g is outside (0, 10]", c.TargetKL)
	case c.KLCtrl == "adaptive" && (!finite(c.Horizon) || c.Horizon < 1 || c.Horizon > 1e9):
		return 0, fieldError("kl_ctrl.horizon", "%g is outside 1…1e9", c.Horizon)
	case !finite(c.KLLossCoef) || c.KLLossCoef < 0 || c.KLLossCoef > 10:
		return 0, fieldError("kl_loss_coef", "%g is outside 0…10", c.KLLossCoef)
	case !finite(c.ClipRatio) || c.ClipRatio <= 0 || c.ClipRatio >= 1:
		return 0, fieldError("clip_ratio", "%g is outside (0, 1)", c.ClipRatio)
	case g.Has(engine.DualClip) && (!finite(c.ClipRatioC) || c.ClipRatioC <= 1 || c.ClipRatioC > 100):
		return 0, fieldError("clip_ratio_c", "%g is outside (1, 100] (verl asserts it is greater than 1)", c.ClipRatioC)
	case !finite(c.EntropyCoeff) || c.EntropyCoeff < 0 || c.EntropyCoeff > 1:
		return 0, fieldError("entropy_coeff", "%g is outside 0…1", c.EntropyCoeff)
	case !finite(c.ClipValue) || c.ClipValue <= 0 || c.ClipValue > 100:
		return 0, fieldError("cliprange_value", "%g is outside (0, 100]", c.ClipValue)
	case !finite(c.ActorLR) || c.ActorLR < 0 || c.ActorLR > 10:
		return 0, fieldError("actor.optim.lr", "%g is outside 0…10", c.ActorLR)
	case !finite(c.CriticLR) || c.CriticLR < 0 || c.CriticLR > 10:
		return 0, fieldError("critic.optim.lr", "%g is outside 0…10", c.CriticLR)
	case c.WarmupSteps < 0 || c.WarmupSteps > MaxIterations:
		return 0, fieldError("lr_warmup_steps", "%d is outside 0…%d", c.WarmupSteps, MaxIterations)
	case c.CriticWarmup < 0 || c.CriticWarmup > MaxIterations:
		return 0, fieldError("critic_warmup", "%d is outside 0…%d", c.CriticWarmup, MaxIterations)
	}
	if !member(c.LossAggMode, aggNames(g)) {
		return 0, fieldError("loss_agg_mode", "verl %s knows %s, not %q", c.Release, strings.Join(aggNames(g), ", "), c.LossAggMode)
	}
	if !member(c.KLPenalty, engine.KLNames(g)) {
		return 0, fieldError("kl_penalty", "verl %s knows %s, not %q", c.Release, strings.Join(engine.KLNames(g), ", "), c.KLPenalty)
	}
	if c.UseKLLoss && !member(c.KLLossType, engine.KLNames(g)) {
		return 0, fieldError("kl_loss_type", "verl %s knows %s, not %q", c.Release, strings.Join(engine.KLNames(g), ", "), c.KLLossType)
	}
	if c.Estimator != "gae" {
		if _, ok := estimator(g, c.Estimator, c.NormByStd); !ok {
			return 0, fieldError("adv_estimator", "verl %s has no usable estimator %q", c.Release, c.Estimator)
		}
	}
	return g, nil
}

func aggNames(g engine.Generation) []string {
	var s []string
	for _, m := range g.AggModes() {
		s = append(s, string(m))
	}
	return s
}

func member(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// estimator finds the release's outcome estimator under verl's name.
func estimator(g engine.Generation, name string, normByStd bool) (engine.OutcomeEstimator, bool) {
	key := engine.VerlEstimatorKey(name, normByStd)
	for _, e := range g.OutcomeEstimators() {
		if e.Key == key && !strings.HasSuffix(e.Key, engine.ForceDeviceSuffix) {
			return e, true
		}
	}
	return engine.OutcomeEstimator{}, false
}
