package inspect

import (
	"slices"

	"gaelab/engine"
)

// The verdict: exact, not_exact or nothing_to_check (Analysis.Verdict).
const (
	VerdictExact          = "exact"
	VerdictNotExact       = "not_exact"
	VerdictNothingToCheck = "nothing_to_check"
)

// The severities of a finding kind (SeverityOf).
const (
	Blocking = "blocking" // what verl trained on differs from what the config and the release say
	Note     = "note"     // expected or harmless
)

// Severity is one finding kind's row of the severity table.
type Severity struct {
	Kind string
	// BlockingFrom is the first generation where the kind is blocking:
	// engine.FirstGeneration for every release, 0 for none (a note).
	BlockingFrom engine.Generation
}

// Severities is the one severity table, every finding kind once (the
// README's /inspect section lists the same):
//
//   - reward_kl_mismatch: rewards ≠ score − β·KL(config): blocking;
//   - mask_disagrees_attention: a mask that disagrees with the tokens
//     (attention_mask): blocking;
//   - mask_disagrees_eos: response_mask is not get_response_mask of the
//     file's responses and eos_token_id: blocking;
//   - mask_check_skipped: responses but no eos_token_id, the EOS check
//     skipped: a note;
//   - fit_out_of_range: a fitted γ or λ outside [0, 1]: blocking;
//   - grpo_population_std: GRPO normalised by each group's population
//     std, where verl's torch.std is unbiased: blocking;
//   - every_group_singleton: no uid group holds two responses: blocking;
//   - singleton_groups: some groups hold one response: a note;
//   - uid_misaligned: the advantages average 0 in another grouping of the
//     rows, not in the run's uid groups: blocking;
//   - reinforce_gamma_fitted: REINFORCE++'s advantages fit another γ: a
//     note (the lead beside the unexplained advantages);
//   - whitening_stats_differ: whitened advantages whose μ or σ is not the
//     batch's (beyond 4 rounding standard errors): blocking;
//   - kl_coef_drifted: β moved under an adaptive kl_ctrl: a note;
//   - values_shifted: a critic sliced off by one: blocking;
//   - values_shifted_in_groups: the same slice seen on the prompt's value,
//     which differs within uid groups (works on sparse rewards): blocking;
//   - values_where_masked: values where the release's critic zeroes them
//     (engine.CriticRuleOf: the cells follow the release): blocking;
//   - mass_where_masked: a score where the release's loop drops it:
//     blocking from v0.5.0 (the mask-aware GAE), a note before (the plain
//     loop reads it);
//   - config_keys_ignored: the sidecar's keys the check does not use,
//     listed: a note;
//   - score_not_last, nonfinite_where_masked: notes.
var Severities = []Severity{
	{RewardKLMismatch, engine.FirstGeneration},
	{MaskDisagrees, engine.FirstGeneration},
	{MaskDisagreesEOS, engine.FirstGeneration},
	{MaskCheckSkipped, 0},
	{FitOutOfRange, engine.FirstGeneration},
	{WhiteningStatsDiffer, engine.FirstGeneration},
	{PopulationStd, engine.FirstGeneration},
	{EveryGroupSingleton, engine.FirstGeneration},
	{SingletonGroups, 0},
	{UIDMisaligned, engine.FirstGeneration},
	{GammaFitted, 0},
	{KLCoefDrifted, 0},
	{string(engine.SanityValuesShifted), engine.FirstGeneration},
	{string(engine.SanityValuesShiftedInGroups), engine.FirstGeneration},
	{string(engine.SanityValuesMasked), engine.FirstGeneration},
	{string(engine.SanityMassPastMask), engine.G06},
	{string(engine.SanityScoreNotLast), 0},
	{NonFiniteMasked, 0},
	{ConfigIgnored, 0},
}

// SeverityOf is kind's severity in generation g (a pseudo-generation as
// its base); a kind the table lacks is blocking, so that a new finding is
// never silently harmless.
func SeverityOf(kind string, g engine.Generation) string {
	k := slices.IndexFunc(Severities, func(s Severity) bool { return s.Kind == kind })
	if k < 0 {
		return Blocking
	}
	if from := Severities[k].BlockingFrom; from != 0 && g >= from {
		return Blocking
	}
	return Note
}

// FindingKinds are every finding kind, the table's order.
func FindingKinds() []string {
	kinds := make([]string, len(Severities))
	for k, s := range Severities {
		kinds[k] = s.Kind
	}
	return kinds
}

// verdict sets a's Verdict and Blocking: the blocking kinds among its
// findings not in the config's allow list, and exact when there are none
// and every quantity the file holds matches the chosen release;
// nothing_to_check when the file holds none (no advantages, returns or
// reward check) or no valid token.
func (a *Analysis) verdict() {
	a.Blocking = []string{}
	for _, f := range a.Sanity {
		if SeverityOf(f.Kind, a.Config.Release.Gen) == Blocking && !slices.Contains(a.Config.Allow, f.Kind) && !slices.Contains(a.Blocking, f.Kind) {
			a.Blocking = append(a.Blocking, f.Kind)
		}
	}
	exactQ := func(q *Quantity) bool { return q == nil || (q.ExplainedBy != nil && *q.ExplainedBy == "exact") }
	switch c := a.Check; {
	case a.Stats.ValidTokens == 0: // verl trains on nothing here: no finding blocks, nothing matches
		a.Verdict, a.Blocking = VerdictNothingToCheck, []string{}
	case len(a.Blocking) > 0:
		a.Verdict = VerdictNotExact
	case c == nil && a.Reward == nil:
		a.Verdict = VerdictNothingToCheck
	case c == nil || (exactQ(c.Advantages) && exactQ(c.Returns)):
		a.Verdict = VerdictExact
	default:
		a.Verdict = VerdictNotExact
	}
}
