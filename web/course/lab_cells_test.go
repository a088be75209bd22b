package course_test

import (
	"math"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/compare"
	"gaelab/web/course"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
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
	pr := play.Request{}
	pr.S, pr.Rep = scenario.Decode(q, compare.VarianceKeys...)
	if compare.ReadVarianceParams(q, &pr.Rep); !pr.Rep.OK() {
		t.Errorf("%s: lab link %q: %+v %+v", where, link, pr.Rep.Problems, pr.Rep.Warnings)
	}
}

// The lab's cells are the engine's numbers: the measured and exact
// spreads of each run, the true advantage, and best.<c>, the λ whose
// measured MSE is the smallest for critic c.
func TestLabCellValues(t *testing.T) {
	x := course.LessonRequest{Lang: "en"}.LabState("v=1&p=seed-b&n=300&seed=4&bias=-0.4")
	lab := x.V.Lab
	for c, runs := range lab.Runs {
		mses := make([]float64, len(runs))
		for l, r := range runs {
			mses[l] = r.Sample.MSE
			for stat, want := range map[string]float64{"mean": r.Sample.Mean, "sqbias": r.Sample.Bias * r.Sample.Bias, "var": r.Sample.Var,
				"mse": r.Sample.MSE, "xvar": r.Exact.Var, "xmse": r.Exact.MSE, "xsqbias": r.Exact.Bias * r.Exact.Bias, "xmean": r.Exact.Mean} {
				cell := stat + "." + string(rune('0'+c)) + "." + string(rune('0'+l))
				if got, ok := x.CellValue(cell); !ok || got != want {
					t.Errorf("%s = %v, want %v", cell, got, want)
				}
			}
		}
		best := runs[slices.Index(mses, slices.Min(mses))].Lam
		if got, _ := x.CellValue("best." + string(rune('0'+c))); got != best {
			t.Errorf("best.%d = %v, want %v", c, got, best)
		}
	}
	if got, _ := x.CellValue("true.0"); got != lab.True || math.IsNaN(got) {
		t.Errorf("true.0 = %v, want %v", got, lab.True)
	}
	for _, bad := range []string{"var.2.0", "var.0.9", "best.2", "true.1", "adv.0"} {
		if _, ok := x.CellValue(bad); ok {
			t.Errorf("%s has a value", bad)
		}
	}
}

// The questions on the lab answer with its numbers: each is accepted with
// the engine's value, shows it with its label and links the lab.
func TestLabQuestions(t *testing.T) {
	n := 0
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				q := p.Predict
				if q == nil || q.On != lessons.OnVariance {
					continue
				}
				n++
				want, ok := course.LessonRequest{Lang: "en"}.BlockCells(q, "").CellValue(q.Ask)
				if !ok {
					t.Fatalf("%s %s: no cell %s", l.Slug, q.ID, q.Ask)
				}
				doc := webtest.Page(t, "/lessons/"+l.Slug+"/predict/"+q.ID+"?lang="+lang+"&predict-"+q.ID+"-reveal=1")
				reveal := doc.Find(`[data-testid="reveal"]`)
				if !strings.Contains(reveal.Text(), page.Num(want)) || strings.Contains(reveal.Text(), "{") {
					t.Errorf("%s/%s %s: the reveal %q lacks %s or keeps a placeholder", lang, l.Slug, q.ID, reveal.Text(), page.Num(want))
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

// BenchmarkHorizonPage renders the horizon lesson, whose questions on the
// lab read its numbers (budget: a lesson page ≤ 3 ms): with every cache
// off, and (Memo) with the server's memo of drawn blocks and lab numbers
// on, as a server runs, the answer cache still off.
func BenchmarkHorizonPage(b *testing.B) {
	lessons.Embedded()
	for _, memo := range []bool{false, true} {
		name := "cold"
		h := webtest.Uncached(b).Handler
		if memo {
			name = "memo"
			h = webtest.New(b, webtest.Options{CacheBytes: 1}).Handler
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "/lessons/horizon?lang=zh", nil))
				if rec.Code != 200 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}

// The lab's numbers kept in the server's memo read back exactly as run.
func TestLabMemoExact(t *testing.T) {
	memo := play.NewChartMemo(1 << 20)
	const link = "v=1&p=seed-a&n=200&seed=9&bias=0.3&lam=0.7"
	first := course.LessonRequest{Lang: "en", Charts: memo}.LabState(link)
	again := course.LessonRequest{Lang: "en", Charts: memo}.LabState(link)
	if _, ok := memo.Get("lesson-lab\x00" + link); !ok {
		t.Fatal("the lab's numbers are not in the memo")
	}
	for _, cell := range []string{"var.0.0", "mse.1.5", "xvar.1.2", "sqbias.1.3", "best.1", "best.0", "true.0", "xmean.0.4"} {
		a, okA := first.CellValue(cell)
		b, okB := again.CellValue(cell)
		if a != b || !okA || !okB {
			t.Errorf("%s: %v (run) vs %v (memo)", cell, a, b)
		}
	}
	if again.CellLabel("var.1.5") == "var.1.5" || again.V.Link() != first.V.Link() {
		t.Errorf("from the memo: label %q, link %q vs %q", again.CellLabel("var.1.5"), again.V.Link(), first.V.Link())
	}
}
