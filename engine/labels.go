package engine

// Which releases compute a number the same way: a number shown for
// generation g depends on some of the Changes; the releases that compute it
// exactly as g does are the generations around g where none of those
// changes flips. Labels built from these ranges are true by construction
// ("v0.7.1–v0.9.0"), never hand-written.

// StableRange is the widest range of generations containing g in which
// every change in ids is in the same state as in g.
func StableRange(g Generation, ids ...ChangeID) (from, to Generation) {
	same := func(h Generation) bool {
		for _, id := range ids {
			if h.Has(id) != g.Has(id) {
				return false
			}
		}
		return true
	}
	from, to = g, g
	for from > FirstGeneration && same(from-1) {
		from--
	}
	for to < LastGeneration && same(to+1) {
		to++
	}
	return from, to
}

// StableLabel is RangeLabel of StableRange: the releases that compute a
// number depending on ids exactly as generation g does.
func StableLabel(g Generation, ids ...ChangeID) string {
	return RangeLabel(StableRange(g, ids...))
}

// GAEChanges are the changes GAE's raw advantages and returns depend on.
var GAEChanges = []ChangeID{GAEMaskAware}

// WhitenedGAEChanges add whitening's masked_mean ε.
var WhitenedGAEChanges = []ChangeID{GAEMaskAware, MaskedMeanEps}

// KLRewardChanges are the changes the KL in the reward depends on (for the
// names every release knows).
var KLRewardChanges = []ChangeID{KLMetricEps}

// AggModeChanges are the changes agg_loss in mode depends on.
func AggModeChanges(mode AggMode) []ChangeID {
	switch mode {
	case TokenMean:
		return []ChangeID{MaskedMeanEps, TokenMeanNoEps}
	case SeqMeanTokenSum, SeqMeanTokenMean:
		return []ChangeID{AggLoss, SeqMeanSkipEmpty, TokenMeanNoEps}
	case SeqMeanTokenSumNorm:
		return []ChangeID{AggLoss, SumNormPerSeq}
	}
	return []ChangeID{TokenSumMode}
}

// ValueLossChanges are the changes vf_loss and vf_clipfrac in mode depend on.
func ValueLossChanges(mode AggMode) []ChangeID {
	return append(AggModeChanges(mode), ValueLossNoHalf, MaskedMeanEps)
}

// PolicyLossChanges are the changes pg_loss and its metrics in mode depend on.
func PolicyLossChanges(mode AggMode) []ChangeID {
	return append(AggModeChanges(mode), DualClip, ClipLowHigh, LogRatioClamp, MaskedMeanEps, MaskedSumWhere)
}

// KLNameChanges are the changes that make generation after generation
// accept or refuse the KL estimator name (k1/k2/k3 from KLAliases, the "+"
// names from KLPlusNames): what the rewards of that name depend on, besides
// KLRewardChanges. Derived from KLNamesGen, so a change that routes a name
// and still raises (KLPlusRouted) is not among them.
func KLNameChanges(name string) []ChangeID {
	knows := func(g Generation) bool {
		for _, n := range KLNamesGen(g) {
			if n == name {
				return true
			}
		}
		return false
	}
	var out []ChangeID
	for _, c := range Changes {
		if c.Area != "kl" || c.From <= FirstGeneration {
			continue
		}
		if knows(c.From-1) != knows(c.From) {
			out = append(out, c.ID)
		}
	}
	return out
}

// EstimatorChanges are the changes outcome estimator key (a key of
// OutcomeEstimatorsGen) depends on: the one that adds it, and those that
// change its arithmetic, besides the rewards'.
func EstimatorChanges(key string) []ChangeID {
	switch key {
	case "grpo_no_std(drgrpo)", "grpo_passk", "opo":
		return []ChangeID{NewEstimators04}
	case "grpo_vectorized_norm_std", "grpo_vectorized_no_std":
		return []ChangeID{VectorizedEstimators, VectorizedGRPOCrash, VectorizedNoVarFloor}
	case "rloo_vectorized":
		return []ChangeID{VectorizedEstimators}
	case "rloo":
		return []ChangeID{RLOOEstimator}
	case "gpg":
		return []ChangeID{GPGEstimator}
	case "gdpo_single_reward":
		return []ChangeID{GDPOEstimator}
	case "reinforce_plus_plus":
		return []ChangeID{ReinforceCarry, MaskedMeanEps}
	case "reinforce_plus_plus_baseline":
		return []ChangeID{NewEstimators04, MaskedMeanEps}
	}
	return nil // grpo_norm_std, remax: the same in every release
}
