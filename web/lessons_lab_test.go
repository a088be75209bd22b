package web

import (
	"math"
	"net/url"
	"slices"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/scenario"
)

// checkLabLink requires a question's variance-lab link to decode without
// any problem.
func checkLabLink(t *testing.T, where, link string) {
	t.Helper()
	q, err := url.ParseQuery(link)
	if err != nil {
		t.Errorf("%s: link %q: %v", where, link, err)
		return
	}
	pr := playRequest{}
	pr.s, pr.rep = scenario.Decode(q, varianceKeys...)
	if readVarianceParams(q, &pr.rep); !pr.rep.OK() {
		t.Errorf("%s: lab link %q: %+v %+v", where, link, pr.rep.Problems, pr.rep.Warnings)
	}
}

// The lab's cells are the engine's numbers: the measured and exact
// spreads of each run, the true advantage, and best.<c>, the λ whose
// measured MSE is the smallest for critic c.
func TestLabCellValues(t *testing.T) {
	x := lessonRequest{lang: "en"}.labState("v=1&p=seed-b&n=300&seed=4&bias=-0.4")
	lab := x.v.lab
	for c, runs := range lab.Runs {
		mses := make([]float64, len(runs))
		for l, r := range runs {
			mses[l] = r.Sample.MSE
			for stat, want := range map[string]float64{"mean": r.Sample.Mean, "sqbias": r.Sample.Bias * r.Sample.Bias, "var": r.Sample.Var,
				"mse": r.Sample.MSE, "xvar": r.Exact.Var, "xmse": r.Exact.MSE, "xsqbias": r.Exact.Bias * r.Exact.Bias, "xmean": r.Exact.Mean} {
				cell := stat + "." + string(rune('0'+c)) + "." + string(rune('0'+l))
				if got, ok := x.cellValue(cell); !ok || got != want {
					t.Errorf("%s = %v, want %v", cell, got, want)
				}
			}
		}
		best := runs[slices.Index(mses, slices.Min(mses))].Lam
		if got, _ := x.cellValue("best." + string(rune('0'+c))); got != best {
			t.Errorf("best.%d = %v, want %v", c, got, best)
		}
	}
	if got, _ := x.cellValue("true.0"); got != lab.True || math.IsNaN(got) {
		t.Errorf("true.0 = %v, want %v", got, lab.True)
	}
	for _, bad := range []string{"var.2.0", "var.0.9", "best.2", "true.1", "adv.0"} {
		if _, ok := x.cellValue(bad); ok {
			t.Errorf("%s has a value", bad)
		}
	}
}

// The questions on the lab answer with its numbers: each is accepted with
// the engine's value, shows it with its label and links the lab.
func TestLabQuestions(t *testing.T) {
	n := 0
	for _, lang := range lessons.Langs {
		for _, l := range course().Lessons(lang) {
			for _, p := range l.Parts {
				q := p.Predict
				if q == nil || q.On != lessons.OnVariance {
					continue
				}
				n++
				want, ok := lessonRequest{lang: "en"}.blockCells(q, "").cellValue(q.Ask)
				if !ok {
					t.Fatalf("%s %s: no cell %s", l.Slug, q.ID, q.Ask)
				}
				doc := page(t, "/lessons/"+l.Slug+"/predict/"+q.ID+"?lang="+lang+"&predict-"+q.ID+"-reveal=1")
				reveal := doc.Find(`[data-testid="reveal"]`)
				if !strings.Contains(reveal.Text(), num(want)) || strings.Contains(reveal.Text(), "{") {
					t.Errorf("%s/%s %s: the reveal %q lacks %s or keeps a placeholder", lang, l.Slug, q.ID, reveal.Text(), num(want))
				}
				if href, _ := reveal.Find("a.open-play").Attr("href"); !strings.HasPrefix(href, "/compare/variance?") {
					t.Errorf("%s/%s %s: the reveal links %q, want the lab", lang, l.Slug, q.ID, href)
				}
			}
		}
	}
	if n < 2*2 {
		t.Errorf("%d questions on the lab in both languages, want at least 2 per language", n)
	}
}
