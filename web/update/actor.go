package update

import (
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// ActorKeys are /update/actor's own parameters, in canonical order: lp, the
// current policy's log-probs (one per token), adv, advantages typed in place
// of the newest GAE's whitened ones (one per token, as the API's
// inputs.advantages), clip (ε, clip_ratio and clip_ratio_low), clip_high
// (clip_ratio_high) and c (clip_ratio_c).
var ActorKeys = []string{"lp", "adv", "clip", "clip_high", "c"}

// The actor's defaults: verl's clip_ratio (both sides) and clip_ratio_c.
const (
	actorDefaultClip = 0.2
	actorDefaultC    = 3.0
)

// actorView is /update/actor for one request.
type actorView struct {
	updateView
	logProbs []float64 // log_probs[t]: log π_θ(token t), the current policy
	Old      []float64 // old_log_probs[t]: log π_old(token t), from the scenario
	adv      []float64 // advantages[t]: the newest GAE's whitened A_t, or those typed as adv=
	advTyped bool      // adv= holds the advantages
	clip     engine.ClipParams
}

// NewActorView decodes a request.
func (s *Room) NewActorView(r *http.Request) actorView {
	return actorOf(s.newUpdateView(r, "/update/actor", ActorKeys...))
}

// actorOf reads the view's own parameters: the current log-probs default
// to old_log_probs, the first mini-batch, where every ratio is 1. A release
// with one clip_ratio (before ClipLowHigh) reads clip as ε for both sides
// and no clip_high; one without the dual clip reads no c (C = 0: none).
func actorOf(u updateView) actorView {
	v := actorView{updateView: u}
	for _, tok := range v.S.Tokens {
		v.Old = append(v.Old, tok.Old)
	}
	v.logProbs = v.own.List("lp", v.Old)
	def := make([]float64, len(v.Old))
	if w := v.feed.GAE.Whitened; w != nil {
		def = w[0]
	}
	if vs := v.own.Q["adv"]; len(vs) == 1 && strings.TrimSpace(vs[0]) == "" {
		v.own.Q.Del("adv") // the form's empty field: the default advantages
	}
	v.adv = v.own.List("adv", def)
	v.advTyped = v.own.Q.Has("adv") && !slices.Equal(v.adv, def)
	v.clip.Low = v.own.Number("clip", actorDefaultClip, updateClipRange(1))
	v.clip.Ratio, v.clip.High, v.clip.C = v.clip.Low, v.clip.Low, 0
	if v.has(engine.ClipLowHigh) {
		v.clip.High = v.own.Number("clip_high", actorDefaultClip, updateClipRange(10))
	}
	if v.has(engine.DualClip) {
		v.clip.C = v.own.Number("c", actorDefaultC, updateDualC)
	}
	v.notInRelease()
	return v
}

// has reports whether the view's policy loss has change id: v0.9.0's
// always has every clip parameter.
func (v actorView) has(id engine.ChangeID) bool { return !v.whole() || v.gen.Has(id) }

// HandleActor handles the "GET /update/actor" route.
func (s *Room) HandleActor(w http.ResponseWriter, r *http.Request) {
	v := s.NewActorView(r)
	v.serve(w, r, v.build, templates.UpdateActorPage)
}

// HandleActorChart handles the "GET /update/actor/objective.svg"
// route: the objective chart of a state as a standalone SVG, for export.
func (s *Room) HandleActorChart(w http.ResponseWriter, r *http.Request) {
	v := s.NewActorView(r)
	a := v.Compute()
	d := page.Chart{Err: a.err}
	if a.err == nil {
		d.SVG, d.Err = v.objectiveChart(a, "")
	}
	page.WriteSVG(w, r, d, v.T("chart.error"))
}

// actorLoss is the actor's loss for the view's state, from the engine.
type actorLoss struct {
	adv       []float64 // the newest GAE's whitened advantages; nil when whitening failed
	err       error     // why there is no loss (whitening failed), or nil
	terms     engine.PolicyTerms
	unit      engine.PolicyTerms  // the same ratios with A = ±1: the objective per unit |A|
	modeNames []engine.AggMode    // the view's aggModes
	modes     []engine.PolicyLoss // by modeNames
	modeErrs  []error
	early     engine.PolicyLoss // v0.2: one cliprange, no clamp, no dual clip, token-mean
	earlyErr  error
}

// Compute runs verl's compute_policy_loss_vanilla on the state: the current
// and old log-probs and the feeding GAE's whitened advantages: in a v=3
// state the release's own into its own policy loss, else the newest GAE's
// into v0.9.0's.
func (v actorView) Compute() actorLoss {
	var a actorLoss
	g := v.feed.GAE
	if g.Whitened == nil && !v.advTyped {
		a.err = g.WhitenErr
		return a
	}
	a.adv = v.adv
	adv := [][]float64{a.adv}
	lp, old, mask := [][]float64{v.logProbs}, [][]float64{v.Old}, [][]float64{v.Res.Mask}
	if a.terms, a.err = v.policyTerms(lp, old, adv); a.err != nil {
		return a
	}
	signs := make([]float64, len(a.adv))
	for t, x := range a.adv {
		signs[t] = 1
		if x < 0 {
			signs[t] = -1
		}
	}
	a.unit, _ = v.policyTerms(lp, old, [][]float64{signs})
	for _, mode := range v.aggModes() {
		l, err := engine.AggregatePolicyLoss(engine.V1Newest, a.terms, mask, mode)
		if v.whole() {
			l, err = engine.AggregatePolicyLoss(v.gen, a.terms, mask, mode)
		}
		a.modeNames, a.modes, a.modeErrs = append(a.modeNames, mode), append(a.modes, l), append(a.modeErrs, err)
	}
	// v0.2 as verl runs it: float32, so exp of a log-ratio beyond 88.72 is
	// +inf, and the loss is whatever verl's arithmetic then gives.
	early, err := engine.PolicyLossTerms(engine.G01, lp, old, adv, engine.ClipParams{Ratio: v.clip.Low})
	if a.earlyErr = err; err == nil {
		a.early, a.earlyErr = engine.AggregatePolicyLoss(engine.G01, early, mask, engine.TokenMean)
	}
	return a
}

// policyTerms are the per-token terms of the view's policy loss: the
// release's own (PolicyLossTerms) in a v=3 state, else v0.9.0's.
func (v actorView) policyTerms(lp, old, adv [][]float64) (engine.PolicyTerms, error) {
	if v.whole() {
		return engine.PolicyLossTerms(v.gen, lp, old, adv, v.clip)
	}
	return engine.PolicyLossTerms(engine.V1Newest, lp, old, adv, v.clip)
}

// build is the page's view model.
func (v actorView) build() templates.Update {
	f := templates.UpdateForm{
		Action: v.path, Hidden: v.hiddenState(), Legend: v.T("update.actor.legend"),
		Settings: v.clipFields(),
		Submit:   v.T("form.submit"), Errors: v.fieldErrors(),
	}
	v.listEditor(&f, "lp", v.T("update.lp"), v.logProbs)
	// Typed advantages: one comma-separated field (empty: the newest GAE's
	// whitened A_t, which the table shows).
	typed := ""
	if v.advTyped {
		parts := make([]string, len(v.adv))
		for t, x := range v.adv {
			parts[t] = scenario.FormatNumber(x)
		}
		typed = strings.Join(parts, ",")
	}
	adv := v.field("adv", v.T("update.adv"), typed)
	if v.whole() {
		adv.Label = v.T("update.release.adv", engine.StableLabel(v.gen, engine.WhitenedGAEChanges...))
	}
	adv.Help = v.T("update.list.help")
	f.Settings = append(f.Settings, adv)
	a := v.Compute()
	r := v.withQuestions(a)
	r.Notes = append(r.Notes, page.PlainRich(v.editNotice(a)...)...)
	return v.page("actor", "/update/critic", "update.to_critic", f, r)
}

// withQuestions are the results with the questions about them.
func (v actorView) withQuestions(a actorLoss) templates.UpdateResults {
	r := v.results(a)
	r.QuestionsHeading, r.Questions = v.T("uq.heading"), v.questionBoxes(v.ActorQuestions(a), nil)
	return r
}

// results are the table, the losses, the metrics, the notes and the chart;
// without whitened advantages only the log-probs and why there is no loss.
func (v actorView) results(a actorLoss) templates.UpdateResults {
	r := templates.UpdateResults{ID: "update-results", Heading: v.T("update.actor.results", v.gen.Range())}
	r.Table = templates.Table{Caption: v.T("update.actor.table"), Corner: v.T("table.corner"), Columns: v.columns()}
	r.Table.Rows = []templates.Row{
		v.numberRow("old", v.T("update.row.old"), "old_log_probs", "", v.Old),
		v.numberRow("lp", v.T("update.row.lp"), "log_probs", "", v.logProbs),
	}
	if a.err != nil {
		switch {
		case page.LearnerKnows(a.err):
			r.Errors = append(r.Errors, v.T("update.actor.no_adv", v.T(page.LearnerKey(a.err))))
		default:
			r.Errors = append(r.Errors, v.T("update.actor.no_loss"))
		}
		return r
	}
	r.Table.Rows = append(r.Table.Rows, v.termRows(a)...)
	r.Losses = templates.LossTable{Caption: v.T("update.actor.losses"), Head: []string{v.T("update.mode"), "pg_loss", v.T("update.rule")}}
	var metrics *engine.PolicyLoss
	for i, mode := range v.aggModes() {
		row := templates.LossRow{Mode: string(mode), Rule: v.lossRule(mode, engine.PolicyLossChanges(mode))}
		switch err := a.modeErrs[i]; {
		case err != nil:
			row.Error = v.T("update.err.no_tokens")
		case v.whole():
			v.lossValue(&row, a.modes[i].Loss)
			if finite(a.modes[i].ClipFrac, a.modes[i].PPOKL) {
				metrics = &a.modes[i]
			}
		default:
			row.Value, row.Full = page.Num(a.modes[i].Loss), page.Full(a.modes[i].Loss)
			metrics = &a.modes[i]
		}
		r.Losses.Rows = append(r.Losses.Rows, row)
	}
	if metrics != nil { // the same in every mode: masked means
		r.Metrics = []templates.Metric{updateMetric("pg_clipfrac", v.T("update.pg_clipfrac"), "actor/pg_clipfrac", metrics.ClipFrac)}
		if v.has(engine.DualClip) {
			r.Metrics = append(r.Metrics, updateMetric("pg_clipfrac_lower", v.T("update.pg_clipfrac_lower"), "actor/pg_clipfrac_lower", metrics.ClipFracLower))
		}
		r.Metrics = append(r.Metrics, updateMetric("ppo_kl", v.T("update.ppo_kl"), "actor/ppo_kl", metrics.PPOKL))
	}
	early := engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...) // the releases that compute these numbers as v0.2 does
	clampTag, clampPR := arrival(engine.LogRatioClamp)
	if x := a.early.Loss; a.earlyErr == nil && (math.IsInf(x, 0) || math.IsNaN(x)) {
		r.Early = []templates.Metric{{ID: "early", Label: v.T("update.actor.early", engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...)), Code: "pg_loss",
			Error: v.T("update.actor.early_nonfinite", engine.G01.Range(), nonFiniteText(x), v.since0(engine.LogRatioClamp), clampTag, clampPR)}}
	} else if a.earlyErr != nil {
		r.Early = []templates.Metric{{ID: "early", Label: v.T("update.actor.early", engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...)), Code: "pg_loss", Error: v.T("update.actor.early_err", v.since0(engine.LogRatioClamp))}}
	} else {
		r.Early = []templates.Metric{
			updateMetric("early", v.T("update.actor.early", engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...)), "pg_loss", a.early.Loss),
			updateMetric("early_clipfrac", v.T("update.actor.early_clipfrac", early), "pg_clipfrac", a.early.ClipFrac),
			updateMetric("early_ppo_kl", v.T("update.actor.early_ppo_kl", early), "ppo_kl", a.early.PPOKL),
		}
	}
	r.Notes = append(v.actorNotes(a), v.releaseNotes()...)
	r.Charts = v.charts(a)
	return r
}

// actorNotes explain, from the numbers, where the advantages come from and
// which tokens the clips touch.
func (v actorView) actorNotes(a actorLoss) []templates.Rich {
	notes := []templates.Rich{v.advNote()}
	valid := v.validTokens()
	ratio1 := true
	var clipped, dual []int
	for _, t := range valid {
		ratio1 = ratio1 && a.terms.Ratio[0][t] == 1
		if a.terms.Clipped[0][t] == 1 {
			clipped = append(clipped, t)
		}
		if a.terms.DualClipped != nil && a.terms.DualClipped[0][t] == 1 {
			dual = append(dual, t)
		}
	}
	if ratio1 {
		notes = append(notes, v.ratio1Note())
	} else {
		notes = append(notes, v.HTML("update.actor.clips", v.tokenList(clipped), v.tokenList(dual)))
		if !v.has(engine.DualClip) {
			notes[len(notes)-1] = v.HTML("update.release.clips_no_dual", v.tokenList(clipped))
		}
	}
	if len(valid) < v.S.Len() {
		notes = append(notes, v.HTML("update.masked_note"))
	}
	return notes
}

// charts is the objective chart, inline.
func (v actorView) charts(a actorLoss) []templates.Chart {
	c := templates.Chart{
		ID: "chart-objective", Title: v.T("update.chart.title"), Download: v.T("chart.download"),
		URL: v.linkOf("/update/actor/objective.svg"),
	}
	svg, err := v.objectiveChart(a, "objective")
	c.SVG = templ.Raw(string(svg))
	if err != nil {
		c.SVG = templ.Raw("")
		c.Title += " — " + v.T("chart.error")
	}
	return []templates.Chart{c}
}

// linkOf is the canonical state on another path (the chart's export).
func (v actorView) linkOf(path string) string {
	u := v.updateView
	u.path = path
	return u.link(v.Req)
}

// objectiveChart draws the objective chart: each valid token with A ≠ 0
// at its ratio, on its curve, per unit |A| (the engine's loss for A = ±1).
func (v actorView) objectiveChart(a actorLoss, id string) ([]byte, error) {
	in := chart.ObjectiveInput{
		Low: v.clip.Low, High: v.clip.High, C: v.clip.C, Base: v.S.Base, ID: id, Theme: v.ChartTheme(),
		Text: chart.ObjectiveText{
			Title: v.T("update.chart.title"), Desc: v.T("update.chart.desc"),
			Positive: v.T("update.chart.positive"), Negative: v.T("update.chart.negative"),
			RatioAxis: v.T("update.chart.ratio"), ObjectiveAxis: v.T("update.chart.objective"),
			Objective: v.T("update.chart.legend.objective"), Unclipped: v.T("update.chart.legend.unclipped"),
			ClipRange: v.T("update.chart.legend.range"), DualClip: v.T("update.chart.legend.dual"),
			Tokens: v.T("update.chart.legend.tokens"),
		},
	}
	var left []int
	in.Points, left = v.objectivePoints(a)
	if len(left) > 0 {
		in.Text.Note = v.T("update.chart.left_out", v.tokenList(left))
	}
	return chart.Objective(in)
}

// objectivePoints are the objective chart's tokens, each valid one with
// A ≠ 0 at its ratio on its curve per unit |A|, and the tokens left out.
func (v actorView) objectivePoints(a actorLoss) (points []chart.ObjectivePoint, left []int) {
	for t, x := range a.adv {
		if v.S.Tokens[t].Kind != scenario.Valid || x == 0 {
			left = append(left, t)
			continue
		}
		points = append(points, chart.ObjectivePoint{
			T: t, Ratio: a.unit.Ratio[0][t], Objective: -a.unit.Final[0][t], Negative: x < 0,
		})
	}
	return points, left
}

// nonFiniteText writes a non-finite number as verl prints it.
func nonFiniteText(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case x > 0:
		return "+inf"
	}
	return "-inf"
}
