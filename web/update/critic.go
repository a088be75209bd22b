package update

import (
	"math"
	"net/http"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// CriticKeys are /update/critic's own parameters, in canonical order:
// vp, the current critic's predictions (one per token), and cv,
// cliprange_value.
var CriticKeys = []string{"vp", "cv"}

// criticView is /update/critic for one request.
type criticView struct {
	updateView
	vpreds []float64 // vpreds[t]: the current critic's prediction of V(s_t)
	CV     float64   // cliprange_value
}

// HandleCritic handles the "GET /update/critic" route.
func (s *Room) HandleCritic(w http.ResponseWriter, r *http.Request) {
	v := s.NewCriticView(r)
	v.serve(w, r, v.build, templates.UpdateCriticPage)
}

// NewCriticView decodes a request.
func (s *Room) NewCriticView(r *http.Request) criticView {
	return criticOf(s.newUpdateView(r, "/update/critic", CriticKeys...))
}

// criticOf reads the view's own parameters; the defaults are the first
// critic mini-batch: vpreds = values.
func criticOf(u updateView) criticView {
	v := criticView{updateView: u}
	v.vpreds = v.own.List("vp", play.Values(v.S))
	v.CV = v.own.Number("cv", play.CriticDefaultCV, updateNonNegative)
	return v
}

// criticLoss is the critic's loss for the view's state, from the engine.
type criticLoss struct {
	values, returns, mask []float64
	terms                 engine.ValueTerms
	modeNames             []engine.AggMode   // the view's aggModes
	modes                 []engine.ValueLoss // by modeNames
	modeErrs              []error
	early                 engine.ValueLoss // v0.2 with response_mask
	earlyErr              error
	shifted               *engine.ValueLoss // v0.2 with its shifted critic mask; nil with observation holes
	shiftedErr            error
}

// Compute runs verl's compute_value_loss on the state: old values V(s_t),
// vpreds, and the feeding GAE's returns R_t (before whitening): the
// release's own in a v=3 state, else the newest GAE's into v0.9.0's loss.
func (v criticView) Compute() criticLoss {
	c := criticLoss{values: play.Values(v.S), returns: v.feed.GAE.Returns[0], mask: v.Res.Mask}
	mask := [][]float64{c.mask}
	c.terms = engine.ValueLossTerms([][]float64{c.values}, [][]float64{v.vpreds}, [][]float64{c.returns}, v.CV)
	for _, mode := range v.aggModes() {
		l, err := engine.AggregateValueLoss(engine.V1Newest, c.terms, mask, mode)
		if v.whole() {
			l, err = engine.AggregateValueLoss(v.gen, c.terms, mask, mode)
		}
		c.modeNames, c.modes, c.modeErrs = append(c.modeNames, mode), append(c.modes, l), append(c.modeErrs, err)
	}
	c.early, c.earlyErr = engine.AggregateValueLoss(engine.V1Early, c.terms, mask, engine.TokenMean)
	if !engine.HasHoles(mask) {
		l, err := engine.AggregateValueLoss(engine.V1Early, c.terms, engine.ShiftedCriticMask(mask), engine.TokenMean)
		c.shifted, c.shiftedErr = &l, err
	}
	return c
}

// build is the page's view model.
func (v criticView) build() templates.Update {
	f := templates.UpdateForm{
		Action: v.path, Hidden: v.hiddenState(), Legend: v.T("update.critic.legend"),
		Settings: []templates.Field{v.field("cv", v.T("update.cv"), scenario.FormatNumber(v.CV))},
		Submit:   v.T("form.submit"), Errors: v.fieldErrors(),
	}
	f.Settings[0].Help = v.T("update.cv.help")
	v.listEditor(&f, "vp", v.T("update.vp"), v.vpreds)
	c := v.Compute()
	r := v.withQuestions(c)
	r.Notes = append(r.Notes, page.PlainRich(v.editNotice(c)...)...)
	return v.page("critic", "/update/actor", "update.to_actor", f, r)
}

// editNotice says which of the page's numbers its v=3 state computes
// differently (play/edit.go): the returns and the losses.
func (v criticView) editNotice(c criticLoss) []string {
	if v.whole() {
		return nil
	}
	e := criticOf(v.edited())
	ec := e.Compute()
	return v.updateNotice(c.returns, ec.returns, v.T("row.ret"), c.numbers(), ec.numbers(), "vf_loss")
}

// numbers are the loss and the clip fraction of every mode shown (NaN
// where there is none).
func (c criticLoss) numbers() map[engine.AggMode][]float64 {
	xs := map[engine.AggMode][]float64{}
	for i, l := range c.modes {
		if c.modeErrs[i] != nil {
			l.Loss, l.ClipFrac = math.NaN(), math.NaN()
		}
		xs[c.modeNames[i]] = []float64{l.Loss, l.ClipFrac}
	}
	return xs
}

// withQuestions are the results with the questions about them.
func (v criticView) withQuestions(c criticLoss) templates.UpdateResults {
	r := v.results(c)
	r.QuestionsHeading, r.Questions = v.T("uq.heading"), v.questionBoxes(v.CriticQuestions(c), nil)
	return r
}

// results are the table, the losses, the metrics, the notes and the
// clipping charts.
func (v criticView) results(c criticLoss) templates.UpdateResults {
	r := templates.UpdateResults{ID: "update-results", Heading: v.T("update.critic.results", v.gen.Range())}
	vt := c.terms
	r.Table = templates.Table{Caption: v.T("update.critic.table"), Corner: v.T("table.corner"), Columns: v.columns()}
	r.Table.Rows = []templates.Row{
		v.numberRow("value", v.T("row.value"), "values", "q-value", c.values),
		v.numberRow("vpred", v.T("update.row.vpred"), "vpreds", "q-value", v.vpreds),
		v.numberRow("ret", v.T("row.ret"), "returns", "q-return", c.returns),
		v.numberRow("vclip", v.T("update.row.vclip"), "vpredclipped", "", vt.VPredClipped[0]),
		v.numberRow("l1", v.T("update.row.l1"), "vf_losses1", "", vt.Losses1[0]),
		v.numberRow("l2", v.T("update.row.l2"), "vf_losses2", "", vt.Losses2[0]),
		v.numberRow("vloss", v.T("update.row.vloss"), "max(vf_losses1, vf_losses2)", "", vt.MaxLoss[0]),
		v.flagRow("vclipped", v.T("update.row.vclipped"), "vf_losses2 > vf_losses1", vt.Clipped[0], v.T("update.clipped"), v.T("update.no")),
	}
	r.Losses = templates.LossTable{Caption: v.T("update.critic.losses"), Head: []string{v.T("update.mode"), "vf_loss", v.T("update.rule")}}
	if v.whole() && v.gen.Has(engine.ValueLossNoHalf) {
		r.Losses.Caption = v.T("update.release.critic_losses_no_half")
	}
	clipfrac := -1.0
	for i, mode := range v.aggModes() {
		row := templates.LossRow{Mode: string(mode), Rule: v.lossRule(mode, engine.ValueLossChanges(mode))}
		switch err := c.modeErrs[i]; {
		case err != nil:
			row.Error = v.T("update.err.no_tokens")
			if len(v.validTokens()) == 0 {
				v.emptyLoss(&row, v.gen, mode)
			}
		case v.whole():
			v.lossValue(&row, c.modes[i].Loss)
			if finite(c.modes[i].ClipFrac) {
				clipfrac = c.modes[i].ClipFrac
			}
		default:
			row.Value, row.Full = page.Num(c.modes[i].Loss), page.Full(c.modes[i].Loss)
			clipfrac = c.modes[i].ClipFrac
		}
		r.Losses.Rows = append(r.Losses.Rows, row)
	}
	if clipfrac >= 0 { // the same in every mode: a masked mean
		r.Metrics = append(r.Metrics, updateMetric("vf_clipfrac", v.T("update.vf_clipfrac"), "critic/vf_clipfrac", clipfrac))
	}
	r.Early = v.criticEarly(c)
	r.Notes = append(v.criticNotes(c), v.modesNote()...)
	if v.whole() && v.gen.Has(engine.ValueLossNoHalf) {
		c, _ := engine.LookupChange(engine.ValueLossNoHalf)
		r.Notes = append(r.Notes, v.HTML("update.release.no_half", v.since(engine.ValueLossNoHalf), c.PRs[0], c.Until.Tag()))
	}
	if len(v.validTokens()) == 0 {
		r.Notes = append(r.Notes, page.PlainRich(v.emptyNote(engine.TokenMean))...)
	}
	r.Charts = v.criticCharts(c)
	return r
}

// criticEarly are verl v0.2's numbers for the same terms.
func (v criticView) criticEarly(c criticLoss) []templates.Metric {
	var ms []templates.Metric
	early := engine.StableLabel(engine.G01, engine.ValueLossChanges(engine.TokenMean)...) // the releases that compute these numbers as v0.2 does
	if a := explain.EmptyAnswerOf(engine.G01, engine.TokenMean); c.earlyErr != nil && len(v.validTokens()) == 0 && a.Err == nil {
		ms = append(ms, updateMetric("early", v.T("update.critic.early", engine.StableLabel(engine.G01, engine.ValueLossChanges(engine.TokenMean)...)), "vf_loss", 0.5*a.Value))
	} else if c.earlyErr != nil {
		ms = append(ms, templates.Metric{ID: "early", Label: v.T("update.critic.early", engine.StableLabel(engine.G01, engine.ValueLossChanges(engine.TokenMean)...)), Code: "vf_loss", Error: v.T("update.err.no_tokens")})
	} else {
		ms = append(ms,
			updateMetric("early", v.T("update.critic.early", engine.StableLabel(engine.G01, engine.ValueLossChanges(engine.TokenMean)...)), "vf_loss", c.early.Loss),
			updateMetric("early_clipfrac", v.T("update.critic.early_clipfrac", early), "vf_clipfrac", c.early.ClipFrac))
	}
	switch {
	case c.shifted == nil:
		ms = append(ms, templates.Metric{ID: "early_shifted", Label: v.T("update.critic.shifted", early), Code: "vf_loss", Error: v.T("update.critic.shifted_holes", early)})
	case c.shiftedErr != nil:
		ms = append(ms, templates.Metric{ID: "early_shifted", Label: v.T("update.critic.shifted", early), Code: "vf_loss", Error: v.T("update.err.no_tokens")})
	default:
		ms = append(ms, updateMetric("early_shifted", v.T("update.critic.shifted", early), "vf_loss", c.shifted.Loss))
	}
	return ms
}

// criticNotes explain, from the numbers, where the returns come from and
// why the clip does (or does not) act.
func (v criticView) criticNotes(c criticLoss) []templates.Rich {
	notes := []templates.Rich{v.HTML("update.critic.returns_note")}
	if v.whole() {
		notes[0] = v.HTML("update.release.returns_note", engine.StableLabel(v.gen, engine.GAEChanges...), engine.StableLabel(v.gen, engine.ValueLossChanges(engine.TokenMean)...))
	}
	valid := v.validTokens()
	var moved, outside, clipped []int // valid tokens with vpred ≠ V(s_t); vpredclipped ≠ vpred; clipped
	for _, t := range valid {
		vp := v.vpreds[t]
		if vp != c.values[t] {
			moved = append(moved, t)
		}
		if c.terms.VPredClipped[0][t] != vp {
			outside = append(outside, t)
		}
		if c.terms.Clipped[0][t] == 1 {
			clipped = append(clipped, t)
		}
	}
	cv := scenario.FormatNumber(v.CV)
	switch {
	case len(valid) == 0:
	case len(moved) == 0 && len(outside) == 0 && len(clipped) == 0:
		notes = append(notes, v.HTML("update.critic.first", cv))
	case len(outside) == 0:
		notes = append(notes, v.HTML("update.critic.inside", len(moved), len(valid), cv))
	default:
		notes = append(notes, v.HTML("update.critic.outside", len(moved), len(valid), cv, v.tokenList(outside), v.tokenList(clipped)))
	}
	if len(valid) < v.S.Len() {
		notes = append(notes, v.HTML("update.masked_note"))
	}
	return notes
}
