package verify

import (
	"strings"

	"gaelab/engine"
)

// The verl names a script uses, per arithmetic generation, as
// ../shared/golden/SIGNATURES.md lists them. Every call a script makes is
// built here, so that the names of one release never leak into another's
// script.

// MaskArg is the name of the mask argument of compute_gae_advantage_return,
// compute_policy_loss, compute_value_loss and the estimators of v0.2 in
// generation g: eos_mask until v0.3.0.post1 (G01–G03), response_mask from
// v0.4.0 (PR #878).
func MaskArg(g engine.Generation) string {
	if g < engine.G04 {
		return "eos_mask"
	}
	return "response_mask"
}

// PolicyLossFunc is the vanilla PPO policy loss of core_algos a script
// calls in generation g: compute_policy_loss until v0.5.0, and from v0.6.0
// (G07) compute_policy_loss_vanilla, since compute_policy_loss is
// @deprecated there in favour of it (verl v0.6.0–v0.9.0, core_algos.py;
// never removed, but it warns) and takes its clip settings from the
// actor's config.
func PolicyLossFunc(g engine.Generation) string {
	if g >= engine.G07 {
		return "compute_policy_loss_vanilla"
	}
	return "compute_policy_loss"
}

// Modules are the Python names a script gives verl's modules.
const (
	coreAlgos = "core_algos" // verl.trainer.ppo.core_algos
	torchF    = "verl_F"     // verl.utils.torch_functional
)

// Module maps a script's module alias to verl's module path.
var Module = map[string]string{coreAlgos: "verl.trainer.ppo.core_algos", torchF: "verl.utils.torch_functional"}

// arg is one keyword argument of a call, its value as Python text.
type arg struct{ name, value string }

// call is one call of a verl function with keyword arguments.
type call struct {
	module, fn string
	args       []arg
}

func (c call) String() string {
	var b strings.Builder
	b.WriteString(c.module + "." + c.fn + "(")
	for i, a := range c.args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.name + "=" + a.value)
	}
	b.WriteByte(')')
	return b.String()
}

// estimatorCall is the call of outcome estimator key (an engine key of
// Generation.OutcomeEstimators or the batch view's grpo_newest_* keys) in
// generation g, on the script's variables token_level_rewards, mask,
// index, reward_baselines; ok is false for a key g does not have. post is
// Python applied to the result (GDPO's batch whitening), "" for none.
func estimatorCall(g engine.Generation, key string, gamma float64) (c call, post string, ok bool) {
	key = strings.TrimSuffix(key, engine.ForceDeviceSuffix)
	key = strings.Replace(key, "grpo_newest_", "grpo_", 1)
	m := MaskArg(g)
	base := []arg{{"token_level_rewards", "token_level_rewards"}, {m, "mask"}}
	grouped := append(base[:2:2], arg{"index", "index"}, arg{"epsilon", "EPSILON"})
	norm := func(on bool) arg {
		if on {
			return arg{"norm_adv_by_std_in_grpo", "True"}
		}
		return arg{"norm_adv_by_std_in_grpo", "False"}
	}
	// config is the OmegaConf node the generations that read their
	// settings from config (v0.4.1, PR #1916) are given.
	config := func(kv string) arg { return arg{"config", "OmegaConf.create({" + kv + "})"} }
	newEst := g.Has(engine.NewEstimators04)
	fromConfig := g >= engine.G05
	switch key {
	case "grpo_norm_std", "grpo_no_std(drgrpo)":
		on := key == "grpo_norm_std"
		if !on && !newEst {
			return call{}, "", false
		}
		args := grouped
		if newEst {
			args = append(args, norm(on))
		}
		return call{coreAlgos, "compute_grpo_outcome_advantage", args}, "", true
	case "grpo_vectorized_norm_std", "grpo_vectorized_no_std":
		if !g.Has(engine.VectorizedEstimators) {
			return call{}, "", false
		}
		return call{coreAlgos, "compute_grpo_vectorized_outcome_advantage", append(grouped, norm(key == "grpo_vectorized_norm_std"))}, "", true
	case "gdpo_single_reward":
		// compute_gdpo_outcome_advantage reads its reward components from
		// the DataProto; with one component it is GRPO, then masked_whiten
		// over the batch, times the mask (RELEASES.md, GDPO).
		if !g.Has(engine.GDPOEstimator) {
			return call{}, "", false
		}
		return call{coreAlgos, "compute_grpo_outcome_advantage", append(grouped, norm(true))},
			torchF + ".masked_whiten(values=advantages, mask=mask) * mask", true
	case "grpo_passk":
		if !newEst {
			return call{}, "", false
		}
		args := append(grouped, norm(true))
		if fromConfig {
			args = append(args, config(`"norm_adv_by_std_in_grpo": True`))
		}
		return call{coreAlgos, "compute_grpo_passk_outcome_advantage", args}, "", true
	case "rloo":
		if !g.Has(engine.RLOOEstimator) {
			return call{}, "", false
		}
		return call{coreAlgos, "compute_rloo_outcome_advantage", grouped}, "", true
	case "rloo_vectorized":
		if !g.Has(engine.VectorizedEstimators) {
			return call{}, "", false
		}
		return call{coreAlgos, "compute_rloo_vectorized_outcome_advantage", grouped}, "", true
	case "opo", "reinforce_plus_plus_baseline":
		if !newEst {
			return call{}, "", false
		}
		return call{coreAlgos, "compute_" + key + "_outcome_advantage", grouped}, "", true
	case "gpg":
		if !g.Has(engine.GPGEstimator) {
			return call{}, "", false
		}
		return call{coreAlgos, "compute_gpg_outcome_advantage", grouped}, "", true
	case "reinforce_plus_plus":
		if fromConfig {
			return call{coreAlgos, "compute_reinforce_plus_plus_outcome_advantage", append(base, config(`"gamma": `+number(gamma)))}, "", true
		}
		return call{coreAlgos, "compute_reinforce_plus_plus_outcome_advantage", append(base, arg{"gamma", number(gamma)})}, "", true
	case "remax":
		return call{coreAlgos, "compute_remax_outcome_advantage", []arg{{"token_level_rewards", "token_level_rewards"}, {"reward_baselines", "reward_baselines"}, {m, "mask"}}}, "", true
	}
	return call{}, "", false
}

// usesConfig reports whether a call passes an OmegaConf config.
func (c call) usesConfig() bool {
	for _, a := range c.args {
		if a.name == "config" {
			return true
		}
	}
	return false
}
