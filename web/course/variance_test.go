package course_test

import (
	"math"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/lessons"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// The horizon lesson's variance block shows the lab's numbers, computed by
// the engine, in both languages, with its chart and a link that opens the
// lab with the same state.
func TestHorizonLessonVarianceBlock(t *testing.T) {
	s, _ := scenario.Preset("seed-b")
	lab := varianceEngine(t, s, compare.VarianceDefaultN, compare.VarianceDefaultSeed, compare.VarianceDefaultBias)
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/lessons/horizon?lang="+lang)
		b := doc.Find(`[data-testid="variance-block"]#var-lab`)
		if b.Length() != 1 {
			t.Fatalf("%s: no variance block", lang)
		}
		if n := b.Find(`tbody tr`).Length(); n != 10 {
			t.Errorf("%s: %d rows, want 10", lang, n)
		}
		for ci, critic := range compare.VarianceChartNames {
			for _, r := range lab.Runs[ci] {
				tr := b.Find(`tr[data-critic="` + critic + `"][data-lam="` + scenario.FormatNumber(r.Lam) + `"]`)
				for col, x := range map[string]float64{"var": r.Sample.Var, "exact-mse": r.Exact.MSE, "mean": r.Sample.Mean} {
					if got := strings.TrimSpace(tr.Find(`td[data-col="` + col + `"]`).Text()); got != page.Num(x) {
						t.Errorf("%s: %s λ=%g %s shows %q, engine %s", lang, critic, r.Lam, col, got, page.Num(x))
					}
				}
			}
		}
		if b.Find(`#var-lab-var-biased svg g.hist`).Length() != 5 {
			t.Errorf("%s: the block's chart has no 5 histograms", lang)
		}
		if href := b.Find(`[data-testid="open-variance"]`).AttrOr("href", ""); href != "/compare/variance?v=1&p=seed-b&lang="+lang {
			t.Errorf("%s: open link %q", lang, href)
		}
		if ids := doc.Find(`[id="variance-caption"], [id="var-biased"]`).Length(); ids != 0 {
			t.Errorf("%s: the block reuses the lab page's ids", lang)
		}
	}
	// With the perfect critic, λ = 0 has the smallest exact variance and λ = 1
	// the largest; with the biased one λ = 0 inherits the bias and λ = 1 none:
	// what the lesson's prose says.
	perfect, biased := lab.Runs[0], lab.Runs[1]
	if !(perfect[0].Exact.Var < perfect[4].Exact.Var && math.Abs(perfect[2].Exact.Bias) < 1e-15) {
		t.Errorf("perfect critic: variance λ=0 %g, λ=1 %g; bias λ=0.9 %g", perfect[0].Exact.Var, perfect[4].Exact.Var, perfect[2].Exact.Bias)
	}
	if math.Abs(biased[0].Exact.Bias-compare.VarianceDefaultBias) > 1e-12 || math.Abs(biased[4].Exact.Bias) > 1e-12 {
		t.Errorf("biased critic: bias λ=0 %g (want %g), λ=1 %g (want 0)", biased[0].Exact.Bias, compare.VarianceDefaultBias, biased[4].Exact.Bias)
	}
}

// The horizon lesson's questions have the engine's answers: the biased
// critic's A_0 at λ = 0 is its bias (0.2, the perfect critic's δ_0 being 0),
// and at λ = 0.5 with V = 0 each reward reaches A_0 scaled by (γλ)^k.
func TestHorizonLessonNumbers(t *testing.T) {
	g := engine.GAE(engine.V1Newest, [][]float64{{0, 0, 0, 0, 1}}, [][]float64{{1, 1.2, 1.2, 1.2, 1.2}}, [][]float64{{1, 1, 1, 1, 1}}, 1, 0)
	if a := g.Advantages[0][0]; math.Abs(a-0.2) > 1e-12 {
		t.Errorf("biased critic, λ=0: A_0 = %g, want 0.2", a)
	}
	if a := engine.GAE(engine.V1Newest, [][]float64{{0, 0, 0, 0, 1}}, [][]float64{{1, 1, 1, 1, 1}}, [][]float64{{1, 1, 1, 1, 1}}, 1, 0).Advantages[0][0]; a != 0 {
		t.Errorf("perfect critic, λ=0: A_0 = %g, want 0", a)
	}
	s, _ := scenario.Preset("zero-critic")
	s.Lam = 0.5
	res := s.Compute()
	want := 0.0
	for k, r := range res.Rewards {
		want += math.Pow(0.5, float64(k)) * r
	}
	if a := res.GAE.Advantages[0][0]; math.Abs(a-want) > 1e-12 {
		t.Errorf("zero critic, λ=0.5: A_0 = %g, Σ 0.5^k r_k = %g", a, want)
	}
	for _, c := range []struct {
		id   string
		want float64
	}{{"biased-critic-lam0", 0.2}, {"horizon-lam05", want}} {
		for _, lang := range []string{"en", "zh"} {
			doc := webtest.Page(t, "/lessons/horizon/predict/"+c.id+"?lang="+lang+"&predict-"+c.id+"="+url.QueryEscape(strconv.FormatFloat(c.want, 'f', 6, 64)))
			if doc.Find(".verdict.correct").Length() != 1 {
				t.Errorf("%s %s: the engine's %g is not accepted", lang, c.id, c.want)
			}
		}
	}
	// The horizon block: a score on the last of 512 tokens reaches token 0
	// with (γλ)^511, from the engine's GAE, for each λ of the chart.
	w := compare.Horizon(512, 1, engine.LastGeneration)
	for i, lam := range compare.HorizonLams {
		if want := math.Pow(lam, 511); math.Abs(w[i][0]-want) > 1e-12*want {
			t.Errorf("λ=%g: weight at token 0 %g, (γλ)^511 = %g", lam, w[i][0], want)
		}
	}
	for _, lang := range []string{"en", "zh"} {
		blk := webtest.Page(t, "/lessons/horizon?lang="+lang).Find(`#var-horizon-512`)
		for i := range compare.HorizonLams {
			if text := blk.Find("li").Eq(i).Text(); !strings.Contains(text, page.Num(w[i][0])) || !strings.Contains(text, page.Num(1-w[i][0])) {
				t.Errorf("%s: horizon line %d %q lacks %s and %s", lang, i, text, page.Num(w[i][0]), page.Num(1-w[i][0]))
			}
		}
		if blk.Find("svg").Length() != 1 {
			t.Errorf("%s: no horizon chart", lang)
		}
	}
	// The course now has at least 12 lessons.
	if n := webtest.Page(t, "/lessons?lang=en").Find(`[data-testid="lesson-list"] > li`).Length(); n < 12 {
		t.Errorf("the course lists %d lessons, want ≥ 12", n)
	}
}

// BenchmarkHorizonLessonPage is the lesson with the variance lab and the
// horizon chart (budget: a lesson page ≤ 3 ms), without the answer cache:
// "memo" with the server's chart memo, which keeps the rendered blocks
// after the first request, "cold" without it (every block computed).
func BenchmarkHorizonLessonPage(b *testing.B) {
	lessons.Embedded()
	for _, memo := range []bool{true, false} {
		name := "memo"
		if !memo {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			h := webtest.New(b, webtest.Options{CacheBytes: 1}).Handler
			if !memo {
				h = webtest.Uncached(b).Handler
			}
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
