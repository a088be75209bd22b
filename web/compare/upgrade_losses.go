package compare

import (
	"errors"
	"slices"
	"strings"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// The upgrade view's losses and outcome estimators: the scenario's losses
// per loss_agg_mode (vf_loss, pg_loss and the actor's kl_loss) and its
// outcome estimators' advantages, in each release, marked where they differ
// with the changes explain.Upgrade finds.
//
// The losses are those of the first mini-batch of an update, as
// /update/critic and /update/actor start: vpreds = values (V(s_t)),
// log_probs = old_log_probs (every ratio 1), verl's default clip ranges;
// the returns and whitened advantages are each release's own. The
// estimators read the scenario as one response in a group of its own
// (uid "0"), with its token_level_rewards.

// Defaults of the losses: verl's cliprange_value, clip_ratio (both sides)
// and clip_ratio_c.
const (
	upgradeClipValue = 0.5
	upgradeClip      = 0.2
	upgradeClipC     = 3.0
)

// genRuns computes the scenario once per generation, on demand.
type genRuns struct {
	c    compareView
	memo map[engine.Generation]scenario.Result
}

func newGenRuns(c compareView) *genRuns {
	return &genRuns{c: c, memo: map[engine.Generation]scenario.Result{}}
}

// result is the scenario computed by generation g.
func (r *genRuns) result(g engine.Generation) scenario.Result {
	if res, ok := r.memo[g]; ok {
		return res
	}
	s := r.c.S
	s.Tokens = slices.Clone(s.Tokens)
	s.SetRelease(g.Tag())
	res := s.Compute()
	r.memo[g] = res
	return res
}

// klRaises is the error of a release that does not know the scenario's KL
// name: verl stops there, so nothing after the reward exists.
func klRaises(res scenario.Result) error {
	var ve *engine.VerlError
	if errors.As(res.KLErr, &ve) {
		return res.KLErr
	}
	return nil
}

// tokens is a token quantity of the scenario's result as explain.Numbers.
func (r *genRuns) tokens(of func(scenario.Result) []float64) explain.Numbers {
	return func(g engine.Generation) ([]float64, error) {
		res := r.result(g)
		if err := klRaises(res); err != nil {
			return nil, err
		}
		x := of(res)
		if x == nil {
			return nil, res.GAE.WhitenErr
		}
		return x, nil
	}
}

// upgradeLoss is one loss of the upgrade view: its verl name and how
// generation g computes it in mode.
type upgradeLoss struct {
	id, label, code string
	loss            func(r *genRuns, g engine.Generation, mode engine.AggMode) (float64, error)
	depends         func(r *genRuns, mode engine.AggMode) []engine.ChangeID
}

var upgradeLosses = []upgradeLoss{
	{"vf_loss", "upgrade.loss.value", "vf_loss", (*genRuns).valueLoss,
		func(r *genRuns, m engine.AggMode) []engine.ChangeID {
			return r.withRewards(engine.ValueLossChanges(m), engine.GAEChanges...)
		}},
	{"pg_loss", "upgrade.loss.policy", "pg_loss", (*genRuns).policyLoss,
		func(r *genRuns, m engine.AggMode) []engine.ChangeID {
			return r.withRewards(engine.PolicyLossChanges(m), engine.WhitenedGAEChanges...)
		}},
	{"kl_loss", "upgrade.loss.kl", "kl_loss", (*genRuns).klLoss,
		func(r *genRuns, m engine.AggMode) []engine.ChangeID {
			return append(engine.AggModeChanges(m), engine.KLNameChanges(r.c.S.KL)...)
		}},
}

func (r *genRuns) valueLoss(g engine.Generation, mode engine.AggMode) (float64, error) {
	res := r.result(g)
	if err := klRaises(res); err != nil {
		return 0, err
	}
	v := [][]float64{play.Values(r.c.S)}
	vt := engine.ValueLossTerms(v, v, res.GAE.Returns, upgradeClipValue)
	l, err := engine.AggregateValueLoss(g, vt, [][]float64{res.Mask}, mode)
	return l.Loss, err
}

func (r *genRuns) policyLoss(g engine.Generation, mode engine.AggMode) (float64, error) {
	res := r.result(g)
	if err := klRaises(res); err != nil {
		return 0, err
	}
	if res.GAE.Whitened == nil {
		return 0, res.GAE.WhitenErr
	}
	old := [][]float64{r.old()}
	pt, err := engine.PolicyLossTerms(g, old, old, res.GAE.Whitened, engine.ClipParams{Ratio: upgradeClip, Low: upgradeClip, High: upgradeClip, C: upgradeClipC})
	if err != nil {
		return 0, err
	}
	l, err := engine.AggregatePolicyLoss(g, pt, [][]float64{res.Mask}, mode)
	return l.Loss, err
}

// klLoss is the actor's kl_loss, kl_penalty(log_probs, ref_log_prob) under
// the scenario's KL name aggregated in mode (masked_mean before agg_loss).
func (r *genRuns) klLoss(g engine.Generation, mode engine.AggMode) (float64, error) {
	kld, err := engine.KLPenalty(g, r.c.S.KL, [][]float64{r.old()}, [][]float64{r.ref()})
	if err != nil {
		return 0, err
	}
	return engine.Aggregate(g, kld, [][]float64{r.result(g).Mask}, mode)
}

func (r *genRuns) old() []float64 {
	x := make([]float64, r.c.S.Len())
	for t, tok := range r.c.S.Tokens {
		x[t] = tok.Old
	}
	return x
}

func (r *genRuns) ref() []float64 {
	x := make([]float64, r.c.S.Len())
	for t, tok := range r.c.S.Tokens {
		x[t] = tok.Ref
	}
	return x
}

// losses is the table of every loss per mode in both releases.
func (m *upgradeMarks) losses(run *genRuns, a, b engine.Release) *templates.UpgradeScalars {
	c := m.c
	tb := &templates.UpgradeScalars{ID: "upgrade-losses", Caption: c.T("upgrade.losses.caption"), Corner: c.T("upgrade.losses.corner"),
		Series: [2]string{c.T("release.label", a.Tag), c.T("release.label", b.Tag)}}
	for _, l := range upgradeLosses {
		g := templates.UpgradeScalarGroup{ID: l.id, Label: c.T(l.label), Code: l.code}
		for _, mode := range engine.AggModes {
			numbers := func(gen engine.Generation) ([]float64, error) {
				x, err := l.loss(run, gen, mode)
				return []float64{x}, err
			}
			row := templates.UpgradeScalarRow{ID: string(mode), Label: string(mode)}
			for i, gen := range []engine.Generation{a.Gen, b.Gen} {
				row.Cells[i] = m.scalarCell(numbers(gen))
			}
			if cells := explain.Upgrade(a.Gen, b.Gen, numbers, l.depends(run, mode)); len(cells) == 1 && cells[0].Differs {
				row.Cells[1].Differs, row.Cells[1].Marker = true, "≠"
				row.Cells[1].Class = "differs"
				row.Cells[1].Reasons = m.links(cells[0])
			}
			g.Rows = append(g.Rows, row)
		}
		tb.Groups = append(tb.Groups, g)
	}
	return tb
}

// scalarCell shows one loss: the number (verl's NaN or ±inf as such), or
// "—" with verl's error as its title.
func (m *upgradeMarks) scalarCell(x []float64, err error) templates.CompareCell {
	if err != nil {
		return templates.CompareCell{Text: "—", Full: m.c.T("upgrade.raises", verlErrorText(err))}
	}
	cell := templates.CompareCell{Text: page.Num(x[0])}
	if cell.Text != page.Full(x[0]) {
		cell.Full = page.Full(x[0])
	}
	return cell
}

// verlErrorText is the exception verl raises ("ValueError: Invalid
// loss_agg_mode: token-sum"), without GAE Lab's explanation.
func verlErrorText(err error) string {
	var ve *engine.VerlError
	if errors.As(err, &ve) {
		return strings.TrimSpace(ve.Type + ": " + ve.Message)
	}
	return err.Error()
}

// estimators is the table of the outcome estimators either release has, per
// token, in both releases.
func (m *upgradeMarks) estimators(run *genRuns, a, b engine.Release) *templates.CompareTable {
	c := m.c
	tb := &templates.CompareTable{ID: "upgrade-estimators", Caption: c.T("upgrade.estimators.caption", a.Tag, b.Tag), Corner: c.T("table.corner"), Columns: c.columns()}
	for _, e := range engine.LastGeneration.OutcomeEstimators() {
		_, inA := lookupEstimator(a.Gen, e.Key)
		_, inB := lookupEstimator(b.Gen, e.Key)
		if !inA && !inB {
			continue
		}
		numbers := run.estimator(e.Key)
		xa, _ := numbers(a.Gen)
		xb, _ := numbers(b.Gen)
		cells := explain.Upgrade(a.Gen, b.Gen, numbers, run.withRewards(engine.EstimatorChanges(e.Key)))
		tb.Groups = append(tb.Groups, m.tokenGroup("est-"+e.Key, e.Key, e.Func, "", a, b, cells, xa, xb))
	}
	return tb
}

// lookupEstimator is the estimator key of generation g, if g has it.
func lookupEstimator(g engine.Generation, key string) (engine.OutcomeEstimator, bool) {
	for _, e := range g.OutcomeEstimators() {
		if e.Key == key {
			return e, true
		}
	}
	return engine.OutcomeEstimator{}, false
}

// errNoEstimator is an estimator a release does not have.
var errNoEstimator = errors.New("not in this release")

// estimator is the advantages of one estimator as explain.Numbers.
func (r *genRuns) estimator(key string) explain.Numbers {
	return func(g engine.Generation) ([]float64, error) {
		e, ok := lookupEstimator(g, key)
		if !ok {
			return nil, errNoEstimator
		}
		res := r.result(g)
		if err := klRaises(res); err != nil {
			return nil, err
		}
		in := engine.OutcomeInputs{
			Rewards: [][]float64{res.Rewards}, Mask: [][]float64{res.Mask}, Index: []string{"0"},
			Baselines: []float64{0}, Gamma: r.c.S.Gamma, Epsilon: engine.DefaultOutcomeEpsilon, Gen: g,
		}
		adv, _, err := e.Run(in)
		if err != nil {
			return nil, err
		}
		return adv[0], nil
	}
}

// rewardChanges are the changes the scenario's token-level rewards depend
// on: the KL metric's and those that make a release accept or refuse its KL
// name.
func (r *genRuns) rewardChanges() []engine.ChangeID {
	return append(slices.Clone(engine.KLRewardChanges), engine.KLNameChanges(r.c.S.KL)...)
}

// withRewards adds the rewards' changes (and more) to ids.
func (r *genRuns) withRewards(ids []engine.ChangeID, more ...engine.ChangeID) []engine.ChangeID {
	return append(append(slices.Clone(ids), more...), r.rewardChanges()...)
}
