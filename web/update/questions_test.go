package update_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/update"
	"gaelab/web/webtest"
)

// updateStates are the states the update questions are asked on: the first
// mini-batch (ratio 1, vpreds = values) and edited ones whose clips bind.
var updateStates = []string{
	"/update/actor?v=1&p=seed-b",
	"/update/actor?v=1&p=seed-b&lp=-0.5,-0.9,-0.2,-1.6,-0.8,-0.4",
	"/update/actor?v=1&p=seed-b&lp=-0.01,-0.01,-0.01,-0.01,-0.01,-0.01",
	"/update/critic?v=1&p=seed-b",
	"/update/critic?v=1&p=seed-b&vp=0.9,0.1,0.5,0.2,1.5,0.6",
}

// questionsOf are the questions a state asks, as the page computes them.
func questionsOf(t *testing.T, link string) []update.Question {
	t.Helper()
	s := newRoom()
	r := httptest.NewRequest(http.MethodGet, link, nil)
	if strings.HasPrefix(link, "/update/actor") {
		v := s.NewActorView(r)
		return v.ActorQuestions(v.Compute())
	}
	v := s.NewCriticView(r)
	return v.CriticQuestions(v.Compute())
}

// answerText is how a learner types an answer to q.
func answerText(q update.Question, x float64, sign string) string {
	if q.Kind == "sign" {
		return sign
	}
	return strconv.FormatFloat(x, 'f', 6, 64)
}

// checkBox submits an answer to a question of a state and returns its box.
func checkBox(t *testing.T, link string, q update.Question, answer string, htmx bool) *goquery.Selection {
	t.Helper()
	u, _ := url.Parse(link)
	query := u.Query()
	query.Set("uq-"+q.ID, answer)
	target := u.Path + "/check/" + q.ID + "?" + query.Encode()
	var doc *goquery.Document
	if htmx {
		rec := webtest.Get(t, target, "HX-Request", "true")
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s (htmx): %d", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "<html") {
			t.Errorf("GET %s (htmx): the whole page, want the question's box", target)
		}
		doc, _ = goquery.NewDocumentFromReader(rec.Body)
	} else {
		doc = webtest.Page(t, target)
	}
	box := doc.Find("#uq-" + q.ID)
	if box.Length() != 1 {
		t.Fatalf("GET %s: no box #uq-%s", target, q.ID)
	}
	return box
}

// Every question of the update views accepts the engine's answer and
// diagnoses every anticipated wrong answer, in both languages.
func TestUpdateQuestionsDiagnoseEveryWrongAnswer(t *testing.T) {
	diagnosed := 0
	for _, link := range updateStates {
		qs := questionsOf(t, link)
		if len(qs) < 2 {
			t.Fatalf("%s asks %d questions", link, len(qs))
		}
		doc := webtest.Page(t, link+"&lang=en")
		if n := doc.Find(`[data-testid="update-questions"] [data-testid="predict"]`).Length(); n != len(qs) {
			t.Errorf("%s shows %d questions, want %d", link, n, len(qs))
		}
		for _, q := range qs {
			right := answerText(q, q.Want, page.SignOf(q.Want))
			for _, lang := range []string{"en", "zh"} {
				l := link + "&lang=" + lang
				box := checkBox(t, l, q, right, lang == "en")
				if _, ok := box.Attr("data-correct"); !ok {
					t.Errorf("%s: %s: the engine's answer %s is not accepted: %q", l, q.ID, right, box.Find(`[data-testid="verdict"]`).Text())
				}
				if box.Find(`[data-testid="reveal"]`).Length() != 1 {
					t.Errorf("%s: %s: no reveal after the right answer", l, q.ID)
				}
				for _, w := range q.Wrong {
					a := answerText(q, w.Value, w.Sign)
					if v, _ := q.Check(a); v == "right" {
						continue // this state's wrong answer happens to be right
					}
					box := checkBox(t, l, q, a, lang == "zh")
					want := i18n.Lang(lang).T(w.Key)
					if got := strings.TrimSpace(box.Find(`[data-testid="diagnosis"]`).Text()); got != want {
						t.Errorf("%s: %s: answer %s: diagnosis %q, want %q", l, q.ID, a, got, want)
					}
					if box.Find(`[data-testid="reveal"]`).Length() != 0 {
						t.Errorf("%s: %s: a wrong answer revealed the answer", l, q.ID)
					}
					diagnosed++
				}
			}
		}
	}
	if diagnosed < 10 {
		t.Errorf("only %d diagnosed wrong answers were submitted", diagnosed)
	}
}

// The answers come from the engine and match the formulas: the ratio is
// exp(log π_θ − log π_old); the band's lower end is values[t] − cliprange_value.
func TestUpdateQuestionAnswers(t *testing.T) {
	lp := []float64{-0.5, -0.9, -0.2, -1.6, -0.8, -0.4}
	link := "/update/actor?v=1&p=seed-b&lp=-0.5,-0.9,-0.2,-1.6,-0.8,-0.4"
	s := newRoom()
	v := s.NewActorView(httptest.NewRequest(http.MethodGet, link, nil))
	qs := questionsOf(t, link)
	if qs[0].ID != "ratio" || math.Abs(qs[0].Want-math.Exp(lp[0]-v.Old[0])) > 1e-12 {
		t.Errorf("ratio at t = 0: %v, want exp(%v − %v)", qs[0].Want, lp[0], v.Old[0])
	}
	signs := map[string]bool{}
	for _, l := range updateStates[:3] {
		for _, q := range questionsOf(t, l) {
			if q.ID == "grad" {
				signs[page.SignOf(q.Want)] = true
			}
		}
	}
	if !signs["0"] || len(signs) < 2 {
		t.Errorf("the gradient question's answers over the states are %v: want a flat (clipped) token and a live one", signs)
	}
	cl := "/update/critic?v=1&p=seed-b&vp=0.9,0.1,0.5,0.2,1.5,0.6"
	cv := s.NewCriticView(httptest.NewRequest(http.MethodGet, cl, nil))
	band := questionsOf(t, cl)[0]
	if want := play.Values(cv.S)[0] - cv.CV; band.ID != "band" || math.Abs(band.Want-want) > 1e-12 {
		t.Errorf("band's lower end at t = 0: %v, want %v", band.Want, want)
	}
}

// An unknown question is a 404, and a bad number says so, never a 500.
func TestUpdateQuestionBadInput(t *testing.T) {
	if rec := webtest.Get(t, "/update/actor/check/nope?v=1&p=seed-b"); rec.Code != http.StatusNotFound {
		t.Errorf("unknown question: %d, want 404", rec.Code)
	}
	q := questionsOf(t, "/update/actor?v=1&p=seed-b")[0]
	box := checkBox(t, "/update/actor?v=1&p=seed-b&lang=en", q, "abc", false)
	if got := box.Find(`[data-testid="verdict"]`).Text(); !strings.Contains(got, "abc") {
		t.Errorf("a bad number's verdict is %q", got)
	}
	if rec := webtest.Get(t, "/update/critic/check/band?v=1&p=nope&vp=x&uq-band=%FF"); rec.Code >= 500 {
		t.Errorf("a bad state: %d", rec.Code)
	}
}
