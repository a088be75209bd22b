package train

import (
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/engine/train"
	"gaelab/web/i18n"
)

// YAML is the config a verl user would write for cfg: Hydra overrides of
// verl's ppo_trainer.yaml under verl's keys, as nested YAML. The model,
// the data files and the reward function are the lab's own (a tabular
// policy, two prompts, a rule-based score): the header comment says so.
func YAML(lang i18n.Lang, cfg train.Config) string {
	rel, _ := engine.ParseRelease(cfg.Release)
	g := rel.Gen
	var y yamlWriter
	for _, line := range strings.Split(lang.T("train.yaml.header", cfg.Release, cfg.Reward), "\n") {
		y.line(0, "# "+line)
	}
	y.line(0, "algorithm:")
	y.kv(1, "adv_estimator", cfg.Estimator)
	y.kv(1, "gamma", f(cfg.Gamma))
	y.kv(1, "lam", f(cfg.Lam))
	if cfg.Estimator != "gae" {
		y.kv(1, "norm_adv_by_std_in_grpo", strconv.FormatBool(cfg.NormByStd))
	}
	if g >= engine.G04 {
		y.kv(1, "use_kl_in_reward", strconv.FormatBool(cfg.UseKLInReward))
	}
	y.kv(1, "kl_penalty", cfg.KLPenalty)
	y.line(1, "kl_ctrl:")
	y.kv(2, "type", cfg.KLCtrl)
	y.kv(2, "kl_coef", f(cfg.KLCoef))
	if cfg.KLCtrl == "adaptive" {
		y.kv(2, "target_kl", f(cfg.TargetKL))
		y.kv(2, "horizon", f(cfg.Horizon))
	}
	y.line(0, "data:")
	y.kv(1, "train_batch_size", strconv.Itoa(cfg.Prompts))
	y.kv(1, "max_response_length", strconv.Itoa(cfg.Length))
	mini := f(float64(cfg.Rows()/cfg.MiniBatches) / float64(cfg.N))
	y.line(0, "actor_rollout_ref:")
	y.line(1, "rollout:")
	y.kv(2, "n", strconv.Itoa(cfg.N))
	y.line(1, "actor:")
	y.kv(2, "ppo_epochs", strconv.Itoa(cfg.PPOEpochs))
	y.kv(2, "ppo_mini_batch_size", mini)
	y.kv(2, "shuffle", "false")
	y.kv(2, "clip_ratio", f(cfg.ClipRatio))
	if g.Has(engine.DualClip) {
		y.kv(2, "clip_ratio_c", f(cfg.ClipRatioC))
	}
	if g >= engine.G04 {
		y.kv(2, "loss_agg_mode", cfg.LossAggMode)
	}
	y.kv(2, "entropy_coeff", f(cfg.EntropyCoeff))
	y.kv(2, "use_kl_loss", strconv.FormatBool(cfg.UseKLLoss))
	if cfg.UseKLLoss {
		y.kv(2, "kl_loss_coef", f(cfg.KLLossCoef))
		y.kv(2, "kl_loss_type", cfg.KLLossType)
	}
	y.kv(2, "grad_clip", f(train.GradClip))
	y.line(2, "optim:")
	y.kv(3, "lr", f(cfg.ActorLR))
	if cfg.WarmupSteps > 0 {
		y.kv(3, "lr_warmup_steps", strconv.Itoa(cfg.WarmupSteps))
	}
	if cfg.Estimator == "gae" {
		y.line(0, "critic:")
		y.kv(1, "ppo_epochs", strconv.Itoa(cfg.PPOEpochs))
		y.kv(1, "ppo_mini_batch_size", mini)
		y.kv(1, "shuffle", "false")
		y.kv(1, "cliprange_value", f(cfg.ClipValue))
		y.kv(1, "grad_clip", f(train.GradClip))
		y.line(1, "optim:")
		y.kv(2, "lr", f(cfg.CriticLR))
		if cfg.WarmupSteps > 0 {
			y.kv(2, "lr_warmup_steps", strconv.Itoa(cfg.WarmupSteps))
		}
	}
	y.line(0, "trainer:")
	y.kv(1, "total_training_steps", strconv.Itoa(cfg.Iterations))
	y.kv(1, "critic_warmup", strconv.Itoa(cfg.CriticWarmup))
	return y.String()
}

// f writes a YAML float as Python reads it back (1 as 1.0).
func f(x float64) string {
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

type yamlWriter struct{ strings.Builder }

func (y *yamlWriter) line(depth int, s string) {
	y.WriteString(strings.Repeat("  ", depth) + s + "\n")
}

func (y *yamlWriter) kv(depth int, k, v string) { y.line(depth, k+": "+v) }
