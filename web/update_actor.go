package web

import (
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/scenario"
)

// actorKeys are /update/actor's own parameters, in canonical order: lp, the
// current policy's log-probs (one per token), adv, advantages typed in place
// of the newest GAE's whitened ones (one per token, as the API's
// inputs.advantages), clip (ε, clip_ratio and clip_ratio_low), clip_high
// (clip_ratio_high) and c (clip_ratio_c).
var actorKeys = []string{"lp", "adv", "clip", "clip_high", "c"}

// The actor's defaults: verl's clip_ratio (both sides) and clip_ratio_c.
const (
	actorDefaultClip = 0.2
	actorDefaultC    = 3.0
)

// actorView is /update/actor for one request.
type actorView struct {
	updateView
	logProbs []float64 // log_probs[t]: log π_θ(token t), the current policy
	old      []float64 // old_log_probs[t]: log π_old(token t), from the scenario
	adv      []float64 // advantages[t]: the newest GAE's whitened A_t, or those typed as adv=
	advTyped bool      // adv= holds the advantages
	clip     engine.ClipParams
}

// newActorView decodes a request; the current log-probs default to
// old_log_probs, the first mini-batch, where every ratio is 1.
func (s *Server) newActorView(r *http.Request) actorView {
	v := actorView{updateView: s.newUpdateView(r, "/update/actor", actorKeys...)}
	for _, tok := range v.s.Tokens {
		v.old = append(v.old, tok.Old)
	}
	v.logProbs = v.own.list("lp", v.old)
	def := make([]float64, len(v.old))
	if w := v.newest.GAE.Whitened; w != nil {
		def = w[0]
	}
	if vs := v.own.q["adv"]; len(vs) == 1 && strings.TrimSpace(vs[0]) == "" {
		v.own.q.Del("adv") // the form's empty field: the default advantages
	}
	v.adv = v.own.list("adv", def)
	v.advTyped = v.own.q.Has("adv") && !slices.Equal(v.adv, def)
	v.clip.Low = v.own.number("clip", actorDefaultClip, updateClipRange(1))
	v.clip.High = v.own.number("clip_high", actorDefaultClip, updateClipRange(10))
	v.clip.C = v.own.number("c", actorDefaultC, updateDualC)
	return v
}

// handleUpdateActor handles the "GET /update/actor" route.
func (s *Server) handleUpdateActor(w http.ResponseWriter, r *http.Request) {
	v := s.newActorView(r)
	v.serve(w, r, v.build, templates.UpdateActorPage)
}

// handleUpdateActorChart handles the "GET /update/actor/objective.svg"
// route: the objective chart of a state as a standalone SVG, for export.
func (s *Server) handleUpdateActorChart(w http.ResponseWriter, r *http.Request) {
	v := s.newActorView(r)
	a := v.compute()
	d := drawnChart{err: a.err}
	if a.err == nil {
		d.svg, d.err = v.objectiveChart(a, "")
	}
	writeSVG(w, d, v.t("chart.error"))
}

// actorLoss is the actor's loss for the view's state, from the engine.
type actorLoss struct {
	adv      []float64 // the newest GAE's whitened advantages; nil when whitening failed
	err      error     // why there is no loss (whitening failed), or nil
	terms    engine.PolicyTerms
	unit     engine.PolicyTerms // the same ratios with A = ±1: the objective per unit |A|
	modes    []engine.PolicyLoss
	modeErrs []error
	early    engine.PolicyLoss // v0.2: one cliprange, no clamp, no dual clip, token-mean
	earlyErr error
}

// compute runs verl's compute_policy_loss_vanilla on the state: the current
// and old log-probs and the newest GAE's whitened advantages.
func (v actorView) compute() actorLoss {
	var a actorLoss
	g := v.newest.GAE
	if g.Whitened == nil && !v.advTyped {
		a.err = g.WhitenErr
		return a
	}
	a.adv = v.adv
	adv := [][]float64{a.adv}
	lp, old, mask := [][]float64{v.logProbs}, [][]float64{v.old}, [][]float64{v.res.Mask}
	if a.terms, a.err = engine.PolicyLossTerms(engine.VerlNewest, lp, old, adv, v.clip); a.err != nil {
		return a
	}
	signs := make([]float64, len(a.adv))
	for t, x := range a.adv {
		signs[t] = 1
		if x < 0 {
			signs[t] = -1
		}
	}
	a.unit, _ = engine.PolicyLossTerms(engine.VerlNewest, lp, old, [][]float64{signs}, v.clip)
	for _, mode := range engine.AggModes {
		l, err := engine.AggregatePolicyLoss(engine.VerlNewest, a.terms, mask, mode)
		a.modes, a.modeErrs = append(a.modes, l), append(a.modeErrs, err)
	}
	// v0.2 as verl runs it: float32, so exp of a log-ratio beyond 88.72 is
	// +inf, and the loss is whatever verl's arithmetic then gives.
	early, err := engine.PolicyLossTermsGen(engine.G01, lp, old, adv, engine.ClipParams{Ratio: v.clip.Low})
	if a.earlyErr = err; err == nil {
		a.early, a.earlyErr = engine.AggregatePolicyLossGen(engine.G01, early, mask, engine.TokenMean)
	}
	return a
}

// build is the page's view model.
func (v actorView) build() templates.Update {
	f := templates.UpdateForm{
		Action: v.path, Hidden: v.hiddenState(), Legend: v.t("update.actor.legend"),
		Settings: []templates.Field{
			v.field("clip", v.t("update.clip"), scenario.FormatNumber(v.clip.Low)),
			v.field("clip_high", v.t("update.clip_high"), scenario.FormatNumber(v.clip.High)),
			v.field("c", v.t("update.c"), scenario.FormatNumber(v.clip.C)),
		},
		Submit: v.t("form.submit"), Errors: v.fieldErrors(),
	}
	f.Settings[0].Help, f.Settings[1].Help, f.Settings[2].Help = v.t("update.clip.help"), v.t("update.clip_high.help"), v.t("update.c.help")
	v.listEditor(&f, "lp", v.t("update.lp"), v.logProbs)
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
	adv := v.field("adv", v.t("update.adv"), typed)
	adv.Help = v.t("update.list.help")
	f.Settings = append(f.Settings, adv)
	return v.page("actor", "/update/critic", "update.to_critic", f, v.withQuestions(v.compute()))
}

// withQuestions are the results with the questions about them.
func (v actorView) withQuestions(a actorLoss) templates.UpdateResults {
	r := v.results(a)
	r.QuestionsHeading, r.Questions = v.t("uq.heading"), v.questionBoxes(v.actorQuestions(a), nil)
	return r
}

// results are the table, the losses, the metrics, the notes and the chart;
// without whitened advantages only the log-probs and why there is no loss.
func (v actorView) results(a actorLoss) templates.UpdateResults {
	r := templates.UpdateResults{ID: "update-results", Heading: v.t("update.actor.results", engine.LastGeneration.Range())}
	r.Table = templates.Table{Caption: v.t("update.actor.table"), Corner: v.t("table.corner"), Columns: v.columns()}
	r.Table.Rows = []templates.Row{
		v.numberRow("old", v.t("update.row.old"), "old_log_probs", "", v.old),
		v.numberRow("lp", v.t("update.row.lp"), "log_probs", "", v.logProbs),
	}
	if a.err != nil {
		switch {
		case learnerKnows(a.err):
			r.Errors = append(r.Errors, v.t("update.actor.no_adv", v.t(learnerKey(a.err))))
		default:
			r.Errors = append(r.Errors, v.t("update.actor.no_loss"))
		}
		return r
	}
	pt := a.terms
	caps := make([]templates.Cell, len(a.adv)) // −A·c is used only where A < 0
	for t, x := range a.adv {
		caps[t] = templates.Cell{T: t, Text: "—", Class: maskClass(v.s.Tokens[t].Kind)}
		if x < 0 {
			caps[t].Text = num(pt.Losses3[0][t])
		}
	}
	r.Table.Rows = append(r.Table.Rows,
		v.numberRow("logratio", v.t("update.row.logratio"), "negative_approx_kl", "", pt.LogRatio[0]),
		v.numberRow("ratio", v.t("update.row.ratio"), "ratio", "", pt.Ratio[0]),
		v.numberRow("adv", v.t("update.row.adv"), "advantages", "q-whitened", a.adv),
		v.numberRow("p1", v.t("update.row.p1"), "pg_losses1", "", pt.Losses1[0]),
		v.numberRow("p2", v.t("update.row.p2"), "pg_losses2", "", pt.Losses2[0]),
		templates.Row{ID: "p3", Label: v.t("update.row.p3"), Code: "pg_losses3", Cells: caps},
		v.numberRow("ploss", v.t("update.row.ploss"), "pg_losses", "", pt.Final[0]),
		v.flagRow("pclipped", v.t("update.row.pclipped"), "pg_losses2 > pg_losses1", pt.Clipped[0], v.t("update.clipped"), v.t("update.no")),
		v.flagRow("dual", v.t("update.row.dual"), "A < 0 and max(…) > pg_losses3", pt.DualClipped[0], v.t("update.capped"), v.t("update.no")),
	)
	r.Losses = templates.LossTable{Caption: v.t("update.actor.losses"), Head: []string{v.t("update.mode"), "pg_loss", v.t("update.rule")}}
	var metrics *engine.PolicyLoss
	for i, mode := range engine.AggModes {
		row := templates.LossRow{Mode: string(mode), Rule: v.t("update.agg."+string(mode), engine.StableLabel(engine.LastGeneration, engine.PolicyLossChanges(mode)...))}
		if err := a.modeErrs[i]; err != nil {
			row.Error = v.t("update.err.no_tokens")
		} else {
			row.Value, row.Full = num(a.modes[i].Loss), full(a.modes[i].Loss)
			metrics = &a.modes[i]
		}
		r.Losses.Rows = append(r.Losses.Rows, row)
	}
	if metrics != nil { // the same in every mode: masked means
		r.Metrics = []templates.Metric{
			updateMetric("pg_clipfrac", v.t("update.pg_clipfrac"), "actor/pg_clipfrac", metrics.ClipFrac),
			updateMetric("pg_clipfrac_lower", v.t("update.pg_clipfrac_lower"), "actor/pg_clipfrac_lower", metrics.ClipFracLower),
			updateMetric("ppo_kl", v.t("update.ppo_kl"), "actor/ppo_kl", metrics.PPOKL),
		}
	}
	if x := a.early.Loss; a.earlyErr == nil && (math.IsInf(x, 0) || math.IsNaN(x)) {
		r.Early = []templates.Metric{{ID: "early", Label: v.t("update.actor.early", engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...)), Code: "pg_loss",
			Error: v.t("update.actor.early_nonfinite", engine.G01.Range(), nonFiniteText(x))}}
	} else if a.earlyErr != nil {
		r.Early = []templates.Metric{{ID: "early", Label: v.t("update.actor.early", engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...)), Code: "pg_loss", Error: v.t("update.actor.early_err")}}
	} else {
		r.Early = []templates.Metric{
			updateMetric("early", v.t("update.actor.early", engine.StableLabel(engine.G01, engine.PolicyLossChanges(engine.TokenMean)...)), "pg_loss", a.early.Loss),
			updateMetric("early_clipfrac", v.t("update.actor.early_clipfrac"), "pg_clipfrac", a.early.ClipFrac),
			updateMetric("early_ppo_kl", v.t("update.actor.early_ppo_kl"), "ppo_kl", a.early.PPOKL),
		}
	}
	r.Notes = v.actorNotes(a)
	r.Charts = v.charts(a)
	return r
}

// actorNotes explain, from the numbers, where the advantages come from and
// which tokens the clips touch.
func (v actorView) actorNotes(a actorLoss) []templates.Rich {
	notes := []templates.Rich{v.html("update.actor.adv_note")}
	if v.advTyped {
		notes[0] = v.html("update.actor.adv_typed")
	}
	valid := v.validTokens()
	ratio1 := true
	var clipped, dual []int
	for _, t := range valid {
		ratio1 = ratio1 && a.terms.Ratio[0][t] == 1
		if a.terms.Clipped[0][t] == 1 {
			clipped = append(clipped, t)
		}
		if a.terms.DualClipped[0][t] == 1 {
			dual = append(dual, t)
		}
	}
	if ratio1 {
		notes = append(notes, v.html("update.actor.ratio1"))
	} else {
		notes = append(notes, v.html("update.actor.clips", v.tokenList(clipped), v.tokenList(dual)))
	}
	if len(valid) < v.s.Len() {
		notes = append(notes, v.html("update.masked_note"))
	}
	return notes
}

// charts is the objective chart, inline.
func (v actorView) charts(a actorLoss) []templates.Chart {
	c := templates.Chart{
		ID: "chart-objective", Title: v.t("update.chart.title"), Download: v.t("chart.download"),
		URL: v.linkOf("/update/actor/objective.svg"),
	}
	svg, err := v.objectiveChart(a, "objective")
	c.SVG = templ.Raw(string(svg))
	if err != nil {
		c.SVG = templ.Raw("")
		c.Title += " — " + v.t("chart.error")
	}
	return []templates.Chart{c}
}

// linkOf is the canonical state on another path (the chart's export).
func (v actorView) linkOf(path string) string {
	u := v.updateView
	u.path = path
	return u.link(v.pr)
}

// objectiveChart draws the objective chart: each valid token with A ≠ 0
// at its ratio, on its curve, per unit |A| (the engine's loss for A = ±1).
func (v actorView) objectiveChart(a actorLoss, id string) ([]byte, error) {
	in := chart.ObjectiveInput{
		Low: v.clip.Low, High: v.clip.High, C: v.clip.C, Base: v.s.Base, ID: id, Theme: v.chartTheme(),
		Text: chart.ObjectiveText{
			Title: v.t("update.chart.title"), Desc: v.t("update.chart.desc"),
			Positive: v.t("update.chart.positive"), Negative: v.t("update.chart.negative"),
			RatioAxis: v.t("update.chart.ratio"), ObjectiveAxis: v.t("update.chart.objective"),
			Objective: v.t("update.chart.legend.objective"), Unclipped: v.t("update.chart.legend.unclipped"),
			ClipRange: v.t("update.chart.legend.range"), DualClip: v.t("update.chart.legend.dual"),
			Tokens: v.t("update.chart.legend.tokens"),
		},
	}
	var left []int
	for t, x := range a.adv {
		if v.s.Tokens[t].Kind != scenario.Valid || x == 0 {
			left = append(left, t)
			continue
		}
		in.Points = append(in.Points, chart.ObjectivePoint{
			T: t, Ratio: a.unit.Ratio[0][t], Objective: -a.unit.Final[0][t], Negative: x < 0,
		})
	}
	if len(left) > 0 {
		in.Text.Note = v.t("update.chart.left_out", v.tokenList(left))
	}
	return chart.Objective(in)
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
