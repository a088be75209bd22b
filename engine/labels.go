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
