package engine

import (
	"fmt"
	"regexp"
	"strings"
)

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
// KLRewardChanges. Derived from KLNames, so a change that routes a name
// and still raises (KLPlusRouted) is not among them.
func KLNameChanges(name string) []ChangeID {
	knows := func(g Generation) bool {
		for _, n := range KLNames(g) {
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
// OutcomeEstimators) depends on: the one that adds it, and those that
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

// seriesReleases are the release tags a range endpoint names: the tag
// itself, or every tag of a series ("v0.3", "v0.4.x").
func seriesReleases(end string) []Release {
	prefix := strings.TrimSuffix(end, ".x")
	var out []Release
	for _, r := range Releases {
		if r.Tag == end || r.Tag == prefix || strings.HasPrefix(r.Tag, prefix+".") {
			out = append(out, r)
		}
	}
	return out
}

// CheckRange reports why a range of releases written in prose ("v0.2 to
// v0.3.0.post1", "v0.4.x") does not match the generation table: it must
// start at the first release of a generation and end at the last release of
// one, or the releases it names would not all compute alike. v0.1, before
// the table, may start a range. nil when it matches.
func CheckRange(from, to string) error {
	if from != "v0.1" {
		tags := seriesReleases(from)
		if len(tags) == 0 {
			return fmt.Errorf("engine: %s is not a verl release", from)
		}
		if first := tags[0]; first.Gen.Releases()[0].Tag != first.Tag {
			return fmt.Errorf("engine: %s starts inside generation %s (%s)", from, first.Gen, first.Gen.Range())
		}
	}
	tags := seriesReleases(to)
	if len(tags) == 0 {
		return fmt.Errorf("engine: %s is not a verl release", to)
	}
	if last := tags[len(tags)-1]; last.Gen.Releases()[len(last.Gen.Releases())-1].Tag != last.Tag {
		return fmt.Errorf("engine: %s ends inside generation %s (%s)", to, last.Gen, last.Gen.Range())
	}
	return nil
}

// ProseRange finds ranges of verl releases in text: "v0.2 to
// v0.3.0.post1", "v0.4.0–v0.6.0", "v0.2 到 v0.3.x"; submatches 1 and 2 are
// the ends, for CheckRange.
var ProseRange = regexp.MustCompile(`(v0\.\d+(?:\.(?:\d+|x)(?:\.[a-z]+\d*)?)?)\s*(?:–|—|-|to|到|至)\s*(v0\.\d+(?:\.(?:\d+|x)(?:\.[a-z]+\d*)?)?)`)
