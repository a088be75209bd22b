package web

import (
	"math"
	"net/http"
	"net/url"
	"strings"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/class"
	"gaelab/web/httperr"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// The update views ask questions about their own state: the actor's ratio,
// how many tokens its clip touches and the sign of a token's loss gradient;
// the critic's value-clip band and how many tokens its clip touches. The
// engine answers them on the spot, and each anticipated wrong answer (also
// computed by the engine from the same state) is diagnosed. A question's
// form goes to /update/{view}/check/{id} with the view's whole state; that
// route answers htmx with the box and a plain form with the whole page.
//
// Index convention: t is the 0-based response-token index, as in the table.

// updateQuestion is one question about an update view's state.
type updateQuestion struct {
	id    string
	kind  string // "number" or "sign"
	text  string // the question, in the page's language
	want  float64
	wrong []updateWrong
}

// updateWrong is an anticipated wrong answer: a number (or, for a sign
// question, the sign of value) and its diagnosis.
type updateWrong struct {
	value float64
	sign  string // for sign questions
	key   string // the diagnosis's catalog key
}

// updateTolerance is how close a number answer must be: the table shows 4 decimals.
const updateTolerance = 5.1e-4

// actorQuestions are /update/actor's questions for a computed loss.
func (v actorView) actorQuestions(a actorLoss) []updateQuestion {
	valid := v.validTokens()
	if a.err != nil || len(valid) == 0 {
		return nil
	}
	pt := a.terms
	k := explain.FirstMovedRatio(pt.Ratio[0], valid)
	ratio := updateQuestion{id: "ratio", kind: "number", text: v.T("uq.ratio", v.Idx(k)), want: pt.Ratio[0][k],
		wrong: []updateWrong{{value: pt.LogRatio[0][k], key: "uq.ratio.log"}, {value: 1 / pt.Ratio[0][k], key: "uq.ratio.inverse"}}}
	clipped, outside := 0.0, float64(explain.OutsideRatioBand(pt.Ratio[0], valid, v.clip))
	for _, t := range valid {
		clipped += pt.Clipped[0][t]
	}
	clips := updateQuestion{id: "clipped", kind: "number", text: v.T("uq.clipped", scenario.FormatNumber(1-v.clip.Low), scenario.FormatNumber(1+v.clip.High)),
		want: clipped, wrong: []updateWrong{{value: outside, key: "uq.clipped.band"}}}
	// The gradient's sign at the first clipped token (else k), by a central
	// difference of the engine's per-token loss in log π_θ(token).
	g := k
	for _, t := range valid {
		if pt.Clipped[0][t] == 1 {
			g = t
			break
		}
	}
	slope := engine.PolicyLossSlopeGen(engine.V1Newest, [][]float64{v.logProbs}, [][]float64{v.old}, [][]float64{a.adv}, v.clip, 0, g)
	if v.whole() { // the release's own loss: its clips, dual clip and clamp
		slope = engine.PolicyLossSlopeGen(v.gen, [][]float64{v.logProbs}, [][]float64{v.old}, [][]float64{a.adv}, v.clip, 0, g)
	}
	sign := class.SignOf(slope)
	grad := updateQuestion{id: "grad", kind: "sign", text: v.T("uq.grad", v.Idx(g), page.Num(a.adv[g])), want: slope}
	if sign == "0" {
		grad.wrong = []updateWrong{{sign: "+", key: "uq.grad.flat"}, {sign: "-", key: "uq.grad.flat"}}
	} else {
		grad.wrong = []updateWrong{{sign: map[string]string{"+": "-", "-": "+"}[sign], key: "uq.grad.opposite"}, {sign: "0", key: "uq.grad.live"}}
	}
	return []updateQuestion{ratio, clips, grad}
}

// criticQuestions are /update/critic's questions for a computed loss.
func (v criticView) criticQuestions(c criticLoss) []updateQuestion {
	valid := v.validTokens()
	if len(valid) == 0 {
		return nil
	}
	k := valid[0]
	// The band's lower end, by the engine: a prediction far below it is clipped to it.
	low := make([]float64, len(c.values))
	for t := range low {
		low[t] = -1e9
	}
	lower := engine.ValueLossTerms([][]float64{c.values}, [][]float64{low}, [][]float64{c.returns}, v.cv).VPredClipped[0][k]
	band := updateQuestion{id: "band", kind: "number", text: v.T("uq.band", v.Idx(k), scenario.FormatNumber(v.cv)), want: lower,
		wrong: []updateWrong{{value: c.returns[k] - v.cv, key: "uq.band.returns"}, {value: v.vpreds[k] - v.cv, key: "uq.band.vpred"}}}
	clipped, outside := 0.0, float64(explain.OutsideValueBand(v.vpreds, c.values, valid, v.cv))
	for _, t := range valid {
		clipped += c.terms.Clipped[0][t]
	}
	clips := updateQuestion{id: "vclipped", kind: "number", text: v.T("uq.vclipped"), want: clipped,
		wrong: []updateWrong{{value: outside, key: "uq.vclipped.band"}}}
	return []updateQuestion{band, clips}
}

// questionBoxes are the questions as predict boxes, answered from answers
// (the check route's uq-<id>, uq-<id>-reveal; nil on the page itself).
func (v updateView) questionBoxes(qs []updateQuestion, answers url.Values) []templates.PredictBox {
	var boxes []templates.PredictBox
	state := v.selfIn(v.Req)
	for _, q := range qs {
		name := "uq-" + q.id
		action := v.path + "/check/" + q.id
		box := templates.PredictBox{
			ID: name, QuestionID: q.id, Action: action + "#" + name, Fragment: action,
			Hidden: state.Hidden(), Question: templ.Raw(htmlEscape(q.text)), Kind: q.kind,
			Answer: templates.Field{ID: name + "-answer", Name: name, Label: v.T("predict.answer"), Value: answers.Get(name)},
			Submit: v.T("predict.check"), Reveal: v.T("predict.reveal"),
			Open: templates.Link{Label: v.T("lessons.open"), URL: v.Req.LinkTo("/play", v.State)},
		}
		answer := strings.TrimSpace(answers.Get(name))
		box.Signs = signOptions(v.Req.Lang, answer)
		verdict, diagnosis := q.check(answer)
		switch verdict {
		case "right":
			box.Verdict, box.Correct = v.T("predict.right"), true
		case "diagnosed":
			box.Verdict, box.Diagnosis = v.T("predict.diagnosed"), templ.Raw(htmlEscape(v.T(diagnosis)))
		case "wrong":
			box.Verdict = v.T("predict.wrong")
		case "bad":
			box.Verdict = v.T("err.number", answer)
		}
		box.Revealed = box.Correct || answers.Get(name+"-reveal") == "1"
		if box.Revealed {
			value := page.Num(q.want)
			if q.kind == "sign" {
				value = signLabel(v.Req.Lang, class.SignOf(q.want))
			}
			box.Value = v.T("uq.value", value)
		}
		boxes = append(boxes, box)
	}
	return boxes
}

// check judges an answer: "" (none), "right", "diagnosed" (with the
// diagnosis's key), "wrong", or "bad" (not a number).
func (q updateQuestion) check(answer string) (string, string) {
	if answer == "" {
		return "", ""
	}
	if q.kind == "sign" {
		if answer == class.SignOf(q.want) {
			return "right", ""
		}
		for _, w := range q.wrong {
			if w.sign == answer {
				return "diagnosed", w.key
			}
		}
		return "wrong", ""
	}
	x, problem := scenario.ParseNumber(strings.ReplaceAll(answer, ",", "."))
	if problem != "" {
		return "bad", ""
	}
	if math.Abs(x-q.want) <= updateTolerance {
		return "right", ""
	}
	for _, w := range q.wrong {
		if math.Abs(x-w.value) <= updateTolerance {
			return "diagnosed", w.key
		}
	}
	return "wrong", ""
}

// splitAnswers takes the questions' fields (uq-…) out of a request, so that
// the view reads its state as on its own page (no unknown parameters).
func splitAnswers(r *http.Request) (*http.Request, url.Values) {
	q, _ := url.ParseQuery(r.URL.RawQuery)
	answers := url.Values{}
	for k, vs := range q {
		if strings.HasPrefix(k, "uq-") {
			answers[k] = vs
			q.Del(k)
		}
	}
	r2 := r.Clone(r.Context())
	r2.URL.RawQuery = q.Encode()
	return r2, answers
}

// handleActorCheck handles the "GET /update/actor/check/{q}" route: the
// page's state with question q answered; htmx gets the question's box.
func (s *Server) handleActorCheck(w http.ResponseWriter, r *http.Request) {
	r2, answers := splitAnswers(r)
	v := s.newActorView(r2)
	vm := v.build()
	vm.Results.Questions = v.questionBoxes(v.actorQuestions(v.compute()), answers)
	serveQuestion(w, r, vm, templates.UpdateActorPage)
}

// handleCriticCheck handles the "GET /update/critic/check/{q}" route.
func (s *Server) handleCriticCheck(w http.ResponseWriter, r *http.Request) {
	r2, answers := splitAnswers(r)
	v := s.newCriticView(r2)
	vm := v.build()
	vm.Results.Questions = v.questionBoxes(v.criticQuestions(v.compute()), answers)
	serveQuestion(w, r, vm, templates.UpdateCriticPage)
}

// serveQuestion answers a check: the box for htmx, else the whole page; an
// unknown question is a 404.
func serveQuestion(w http.ResponseWriter, r *http.Request, vm templates.Update, whole func(templates.Update) templ.Component) {
	id := "uq-" + chi.URLParam(r, "q")
	for _, b := range vm.Results.Questions {
		if b.ID != id {
			continue
		}
		if r.Header.Get("HX-Request") == "true" {
			page.Render(w, r, templates.Predict(b))
		} else {
			page.Render(w, r, whole(vm))
		}
		return
	}
	httperr.Write(w, r, httperr.New("not_found", "error.not_found"))
}

// htmlEscape is text made safe for a trusted-HTML slot.
func htmlEscape(s string) string { return templ.EscapeString(s) }
