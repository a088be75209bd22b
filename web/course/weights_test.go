package course_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine/explain"
	"gaelab/lessons"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// sectionOf is the text of the last h2 before sel in the lesson's main.
func sectionOf(doc *goquery.Document, sel string) string {
	head := ""
	found := ""
	doc.Find("main h2, main " + sel).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if goquery.NodeName(s) == "h2" {
			head = strings.TrimSpace(s.Text())
			return true
		}
		found = head
		return false
	})
	return found
}

// Issue 36, "the GAE lesson teaches in place": "GAE as a mix of n-step
// estimates" draws the weights (1−λ)λ^(n−1) of example A's first token
// (explain.NStepWeights at the preset's λ, three time steps), with the
// check that their mix is the engine's A₀; "why λ < 1 lowers the variance"
// draws the variance lab's histograms, one per λ. Both languages.
func TestGAELessonDrawsWeightsAndVariance(t *testing.T) {
	s, _ := scenario.Decode(map[string][]string{"p": {"seed-a"}})
	want := explain.NStepWeights(s.Lam, 3)
	for _, c := range []struct{ lang, mix, spread string }{
		{"en", "GAE as a mix of n-step estimates", "Why λ < 1 lowers the variance"},
		{"zh", "把 GAE 看成 n 步估计的混合", "为什么 λ < 1 能降低方差"},
	} {
		doc := webtest.Page(t, "/lessons/gae?lang="+c.lang)
		if got := sectionOf(doc, "#weights-mix-a"); got != c.mix {
			t.Errorf("%s: the weights block sits under %q, want %q", c.lang, got, c.mix)
		}
		w := doc.Find(`#weights-mix-a svg.gae-weights`)
		if w.Length() != 1 {
			t.Fatalf("%s: the weights block draws %d weights charts", c.lang, w.Length())
		}
		labels := w.Find("text.weight")
		if labels.Length() != len(want) {
			t.Fatalf("%s: %d weight labels, want %d (example A's time steps from t = 0)", c.lang, labels.Length(), len(want))
		}
		labels.Each(func(i int, l *goquery.Selection) {
			got, err := strconv.ParseFloat(strings.TrimSpace(l.Text()), 64)
			if err != nil || got-want[i] > 0.005 || want[i]-got > 0.005 {
				t.Errorf("%s: weight of the %d-step estimate reads %q, the engine's is %g", c.lang, i+1, l.Text(), want[i])
			}
		})
		if ok, _ := doc.Find(`#weights-mix-a [data-testid="check"]`).Attr("data-ok"); ok != "true" {
			t.Errorf("%s: the mix of the n-step estimates does not check against A₀ (data-ok=%q)", c.lang, ok)
		}
		if href, _ := doc.Find(`#weights-mix-a [data-testid="open-weights"]`).Attr("href"); !strings.HasPrefix(href, "/compare/lambda?") || !strings.Contains(href, "lang="+c.lang) {
			t.Errorf("%s: the weights block opens %q, want the λ sweep in the lesson's language", c.lang, href)
		}

		if got := sectionOf(doc, "#var-spread"); got != c.spread {
			t.Errorf("%s: the variance block sits under %q, want %q", c.lang, got, c.spread)
		}
		hist := doc.Find(`#var-spread svg.gae-variance g.hist`)
		if hist.Length() < 5 {
			t.Errorf("%s: the variance block draws %d histograms, want one per λ of the sweep (5)", c.lang, hist.Length())
		}
		if doc.Find(`#var-spread table tbody tr`).Length() == 0 {
			t.Errorf("%s: the variance block shows no table of its numbers", c.lang)
		}
	}
}

// Issue 36, "lessons that show": on a fresh load every lesson draws a
// chart before its first question, in both languages, the two batch
// lessons (real-batch and critic-free, whose batch blocks draw the
// batch chart above their first questions) included.
func TestEveryLessonDrawsAChartBeforeItsFirstQuestion(t *testing.T) {
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			doc := webtest.Page(t, "/lessons/"+l.Slug+"?lang="+lang)
			drawn, asked := 0, false
			doc.Find(`main figure.chart svg, main [data-testid="predict"], main [data-testid="choice"]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
				if goquery.NodeName(s) != "svg" {
					asked = true
					return false
				}
				drawn++
				return true
			})
			if !asked {
				t.Errorf("%s/%s: no question found", lang, l.Slug)
			}
			if drawn == 0 {
				t.Errorf("%s/%s: no chart drawn before the first question on a fresh load", lang, l.Slug)
			}
		}
	}
}

// Issue 36, "the GAE lesson teaches in place": the widget under the
// lesson's first question steps through the backward loop (its own step=,
// the whole table and steps 0 … T), and keeps the question's cell hidden at
// every step until the question is answered.
func TestGAELessonStepsThroughInPlace(t *testing.T) {
	s, _ := scenario.Decode(map[string][]string{"p": {"seed-a"}})
	res := s.Compute()
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons/gae?lang="+lang+"&gae-steps-step=2")
		sel := doc.Find(`#gae-steps select[name="gae-steps-step"]`)
		if n := sel.Find("option").Length(); n != s.Len()+2 {
			t.Fatalf("%s: the step-through offers %d choices, want the whole table, before the loop and %d steps", lang, n, s.Len())
		}
		if v, _ := sel.Find("option[selected]").Attr("value"); v != "2" {
			t.Errorf("%s: step 2 asked, %q selected", lang, v)
		}
		w := doc.Find("#gae-steps")
		adv := func(t int) string {
			return strings.TrimSpace(w.Find(`tr[data-row="adv"] td`).Eq(t).Text())
		}
		if got, want := adv(1), nums(res.GAE.Advantages[0])[1]; got != want {
			t.Errorf("%s: after step 2 the widget's A₁ reads %q, the engine's is %s", lang, got, want)
		}
		if got := adv(0); got == nums(res.GAE.Advantages[0])[0] {
			t.Errorf("%s: the widget shows A₀ = %s, the question's answer, before it is answered", lang, got)
		}
		answered := webtest.Page(t, "/lessons/gae?lang="+lang+"&gae-steps-step=3&predict-a0-lambda-095-reveal=1")
		if got := strings.TrimSpace(answered.Find(`#gae-steps tr[data-row="adv"] td`).Eq(0).Text()); got != nums(res.GAE.Advantages[0])[0] {
			t.Errorf("%s: revealed, after the last step the widget's A₀ reads %q, want %s", lang, got, nums(res.GAE.Advantages[0])[0])
		}
	}
}
