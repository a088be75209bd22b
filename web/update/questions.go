package update

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/answer"
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

// Question is one question about an update view's state.
type Question struct {
	ID    string
	Kind  string // "number" or "sign"
	text  string // the question, in the page's language
	Want  float64
	Wrong []updateWrong
}

// updateWrong is an anticipated wrong answer: a number (or, for a sign
// question, the sign of value) and its diagnosis.
type updateWrong struct {
	Value float64
	Sign  string // for sign questions
	Key   string // the diagnosis's catalog key
}

// updateTolerance is how close a number answer must be: the table shows 4 decimals.
const updateTolerance = 5.1e-4

// ActorQuestions are /update/actor's questions for a computed loss.
func (v actorView) ActorQuestions(a actorLoss) []Question {
	valid := v.validTokens()
	if a.err != nil || len(valid) == 0 {
		return nil
	}
	pt := a.terms
	k := explain.FirstMovedRatio(pt.Ratio[0], valid)
	ratio := Question{ID: "ratio", Kind: "number", text: v.T("uq.ratio", v.Idx(k)), Want: pt.Ratio[0][k],
		Wrong: []updateWrong{{Value: pt.LogRatio[0][k], Key: "uq.ratio.log"}, {Value: 1 / pt.Ratio[0][k], Key: "uq.ratio.inverse"}}}
	clipped, outside := 0.0, float64(explain.OutsideRatioBand(pt.Ratio[0], valid, v.clip))
	for _, t := range valid {
		clipped += pt.Clipped[0][t]
	}
	clips := Question{ID: "clipped", Kind: "number", text: v.T("uq.clipped", scenario.FormatNumber(1-v.clip.Low), scenario.FormatNumber(1+v.clip.High)),
		Want: clipped, Wrong: []updateWrong{{Value: outside, Key: "uq.clipped.band"}}}
	// The gradient's sign at the first clipped token (else k), by a central
	// difference of the engine's per-token loss in log π_θ(token).
	g := k
	for _, t := range valid {
		if pt.Clipped[0][t] == 1 {
			g = t
			break
		}
	}
	slope := engine.PolicyLossSlope(engine.V1Newest, [][]float64{v.logProbs}, [][]float64{v.Old}, [][]float64{a.adv}, v.clip, 0, g)
	if v.whole() { // the release's own loss: its clips, dual clip and clamp
		slope = engine.PolicyLossSlope(v.gen, [][]float64{v.logProbs}, [][]float64{v.Old}, [][]float64{a.adv}, v.clip, 0, g)
	}
	sign := page.SignOf(slope)
	grad := Question{ID: "grad", Kind: "sign", text: v.T("uq.grad", v.Idx(g), page.Num(a.adv[g])), Want: slope}
	if sign == "0" {
		grad.Wrong = []updateWrong{{Sign: "+", Key: "uq.grad.flat"}, {Sign: "-", Key: "uq.grad.flat"}}
	} else {
		grad.Wrong = []updateWrong{{Sign: map[string]string{"+": "-", "-": "+"}[sign], Key: "uq.grad.opposite"}, {Sign: "0", Key: "uq.grad.live"}}
	}
	return []Question{ratio, clips, grad}
}

// CriticQuestions are /update/critic's questions for a computed loss.
func (v criticView) CriticQuestions(c criticLoss) []Question {
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
	lower := engine.ValueLossTerms([][]float64{c.values}, [][]float64{low}, [][]float64{c.returns}, v.CV).VPredClipped[0][k]
	band := Question{ID: "band", Kind: "number", text: v.T("uq.band", v.Idx(k), scenario.FormatNumber(v.CV)), Want: lower,
		Wrong: []updateWrong{{Value: c.returns[k] - v.CV, Key: "uq.band.returns"}, {Value: v.vpreds[k] - v.CV, Key: "uq.band.vpred"}}}
	clipped, outside := 0.0, float64(explain.OutsideValueBand(v.vpreds, c.values, valid, v.CV))
	for _, t := range valid {
		clipped += c.terms.Clipped[0][t]
	}
	clips := Question{ID: "vclipped", Kind: "number", text: v.T("uq.vclipped"), Want: clipped,
		Wrong: []updateWrong{{Value: outside, Key: "uq.vclipped.band"}}}
	return []Question{band, clips}
}

// questionBoxes are the questions as predict boxes, answered from answers
// (the check route's uq-<id>, uq-<id>-reveal; nil on the page itself).
func (v updateView) questionBoxes(qs []Question, answers url.Values) []templates.PredictBox {
	var boxes []templates.PredictBox
	state := v.selfIn(v.Req)
	for _, q := range qs {
		name := "uq-" + q.ID
		action := v.path + "/check/" + q.ID
		box := templates.PredictBox{
			ID: name, QuestionID: q.ID, Action: action + "#" + name, Fragment: action,
			Hidden: state.Hidden(), Question: templ.Raw(htmlEscape(q.text)), Kind: q.Kind,
			Answer: templates.Field{ID: name + "-answer", Name: name, Label: v.T("predict.answer"), Value: answers.Get(name)},
			Submit: v.T("predict.check"), Reveal: v.T("predict.reveal"),
			Open: templates.Link{Label: v.T("lessons.open"), URL: v.Req.LinkTo("/play", v.State)},
		}
		answer := strings.TrimSpace(answers.Get(name))
		box.Signs = page.SignOptions(v.Req.Lang, answer)
		verdict, diagnosis := q.Check(answer)
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
			value := page.Num(q.Want)
			if q.Kind == "sign" {
				value = page.SignLabel(v.Req.Lang, page.SignOf(q.Want))
			}
			box.Value = v.T("uq.value", value)
		}
		boxes = append(boxes, box)
	}
	return boxes
}

// Check judges an answer: "" (none), "right", "diagnosed" (with the
// diagnosis's key), "wrong", or "bad" (not a number).
func (q Question) Check(typed string) (string, string) {
	if typed == "" {
		return "", ""
	}
	if q.Kind == "sign" {
		if typed == page.SignOf(q.Want) {
			return "right", ""
		}
		for _, w := range q.Wrong {
			if w.Sign == typed {
				return "diagnosed", w.Key
			}
		}
		return "wrong", ""
	}
	verdict, x := answer.Judge(typed, q.Want, updateTolerance)
	switch verdict {
	case answer.Unread:
		return "bad", ""
	case answer.Right:
		return "right", ""
	}
	for _, w := range q.Wrong {
		if answer.Within(x, w.Value, updateTolerance) {
			return "diagnosed", w.Key
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

// HandleActorCheck handles the "GET /update/actor/check/{q}" route: the
// page's state with question q answered; htmx gets the question's box.
func (s *Room) HandleActorCheck(w http.ResponseWriter, r *http.Request) {
	r2, answers := splitAnswers(r)
	v := s.NewActorView(r2)
	vm := v.build()
	vm.Results.Questions = v.questionBoxes(v.ActorQuestions(v.Compute()), answers)
	serveQuestion(w, r, vm, templates.UpdateActorPage)
}

// HandleCriticCheck handles the "GET /update/critic/check/{q}" route.
func (s *Room) HandleCriticCheck(w http.ResponseWriter, r *http.Request) {
	r2, answers := splitAnswers(r)
	v := s.NewCriticView(r2)
	vm := v.build()
	vm.Results.Questions = v.questionBoxes(v.CriticQuestions(v.Compute()), answers)
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
