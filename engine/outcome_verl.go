package engine

// verlEstimatorNames maps verl's adv_estimator names (AdvantageEstimator's
// values, as a trainer's config spells them) and the golden file's keys to
// the keys of OutcomeEstimators; "" marks the GRPO family, whose key
// depends on norm_adv_by_std_in_grpo.
var verlEstimatorNames = map[string][2]string{
	"grpo":                       {"grpo_norm_std", "grpo_no_std(drgrpo)"},
	"grpo_vectorized":            {"grpo_vectorized_norm_std", "grpo_vectorized_no_std"},
	"grpo_newest_norm_std":       {"grpo_norm_std", "grpo_norm_std"},
	"grpo_newest_no_std(drgrpo)": {"grpo_no_std(drgrpo)", "grpo_no_std(drgrpo)"},
	"grpo_early_v0.2":            {"grpo_norm_std", "grpo_norm_std"},
	"gdpo":                       {"gdpo_single_reward", "gdpo_single_reward"},
}

// VerlEstimatorKey is the key of OutcomeEstimators (or "gae") for an
// estimator name as verl's config spells it (adv_estimator: gae, grpo,
// grpo_vectorized, rloo, rloo_vectorized, opo, gpg, grpo_passk, gdpo,
// reinforce_plus_plus, reinforce_plus_plus_baseline, remax) or as the
// golden file does; normByStd is norm_adv_by_std_in_grpo (verl's default
// true). Other names are returned unchanged: the release decides whether
// it has them.
func VerlEstimatorKey(name string, normByStd bool) string {
	if k, ok := verlEstimatorNames[name]; ok {
		if normByStd {
			return k[0]
		}
		return k[1]
	}
	return name
}

// VerlEstimators are the adv_estimator names generation g's trainer
// accepts (AdvantageEstimator's values at its tags; v0.2's if-chain in
// compute_advantage), in verl's order, GAE first.
func VerlEstimators(g Generation) []string {
	if p, ok := pseudoGens[g]; ok {
		g = p.base
	}
	names := []string{"gae", "grpo", "reinforce_plus_plus", "remax"}
	if g >= G02 {
		names = append(names, "rloo")
	}
	if g >= G04 {
		names = append(names, "reinforce_plus_plus_baseline", "opo", "grpo_passk")
	}
	if g >= G06 {
		names = append(names, "gpg")
	}
	if g >= G07 {
		names = append(names, "rloo_vectorized", "grpo_vectorized")
	}
	if g >= G10 {
		names = append(names, "optimal_token_baseline", "tir_optimal_token_baseline", "gdpo")
	}
	return names
}

// VerlEstimatorModelled reports whether GAE Lab computes verl's estimator
// name in generation g: "gae", or an OutcomeEstimators key it resolves to.
func VerlEstimatorModelled(g Generation, name string) bool {
	if name == "gae" {
		return true
	}
	key := VerlEstimatorKey(name, true)
	for _, e := range g.OutcomeEstimators() {
		if e.Key == key {
			return true
		}
	}
	return false
}
