package compare_test

import (
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// sweepRewardToGo is G_t as newest verl sees it, written out as the definition:
// the rewards of the valid tokens from t on, each discounted once per valid
// token before it; 0 at mask-0 tokens.
func sweepRewardToGo(r, mask []float64, gamma float64) []float64 {
	g := make([]float64, len(r))
	for t := range r {
		if mask[t] != 1 {
			continue
		}
		disc := 1.0
		for k := t; k < len(r); k++ {
			if mask[k] == 1 {
				g[t] += disc * r[k]
				disc *= gamma
			}
		}
	}
	return g
}

// In the newest version, GAE with λ = 1 is Monte Carlo, A_t = G_t − V(s_t),
// and GAE with λ = 0 is TD(0), A_t = δ_t exactly, at every valid token, with
// multi-turn holes, tail padding and any γ; REINFORCE++'s returns are G_t.
// The page relies on this instead of computing the estimators itself.
func TestGAEExtremesAreMonteCarloAndTD(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 6))
	for trial := range 500 {
		T := 1 + rng.IntN(16)
		r, v, m := make([]float64, T), make([]float64, T), make([]float64, T)
		for k := range T {
			r[k], v[k], m[k] = rng.NormFloat64(), 3*rng.NormFloat64(), 1
			if rng.IntN(3) == 0 {
				m[k] = 0
			}
		}
		gamma := 1.0
		if trial%2 == 1 {
			gamma = rng.Float64()
		}
		mc := engine.GAE(engine.V1Newest, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, 1)
		td := engine.GAE(engine.V1Newest, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, 0)
		_, ret, _ := engine.ReinforcePlusPlus(engine.OutcomeInputs{Rewards: [][]float64{r}, Mask: [][]float64{m}, Gamma: gamma})
		g := sweepRewardToGo(r, m, gamma)
		for k := range T {
			if m[k] != 1 {
				continue
			}
			if d := math.Abs(mc.Advantages[0][k] - (g[k] - v[k])); d > 1e-12*(1+math.Abs(g[k])+math.Abs(v[k])) {
				t.Errorf("trial %d t=%d: GAE λ=1 gives %v, G_t − V(s_t) = %v", trial, k, mc.Advantages[0][k], g[k]-v[k])
			}
			if td.Advantages[0][k] != td.Deltas[0][k] {
				t.Errorf("trial %d t=%d: GAE λ=0 gives %v, δ_t = %v", trial, k, td.Advantages[0][k], td.Deltas[0][k])
			}
			if math.Abs(ret[0][k]-g[k]) > 1e-12*(1+math.Abs(g[k])) {
				t.Errorf("trial %d t=%d: REINFORCE++ returns %v, G_t = %v", trial, k, ret[0][k], g[k])
			}
		}
	}
}

// The table shows the engine's estimators: Monte Carlo = GAE λ=1, TD(0) = GAE
// λ=0, GAE with the scenario's λ, TD(0)'s bootstrap, and G_t; "—" at
// mask-0 tokens. The identity holds (✓) for every preset in both versions,
// and in particular for the λ = 1 presets, where GAE is Monte Carlo.
func TestEstimatorsMatchEngine(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, q := range []string{"&lang=en", "&lang=zh", "&gamma=0.8", "&ver=v0.2", "&ver=newest"} {
			s, _ := scenario.Preset(id)
			switch q {
			case "&gamma=0.8":
				s.Gamma = 0.8
			case "&ver=v0.2":
				s.Version = engine.VerlEarly
			case "&ver=newest":
				s.Version = engine.VerlNewest
			}
			lang := ""
			if strings.HasPrefix(q, "&lang") {
				lang = q
			}
			doc := webtest.Page(t, "/compare/estimators?"+scenario.Encode(s)+lang)
			res := s.Compute()
			mc, td, gae := sweepEngine(s, 1), sweepEngine(s, 0), sweepEngine(s, s.Lam)
			for row, want := range map[string][]float64{
				"mc": mc.Advantages[0], "td": td.Advantages[0], "gae": gae.Advantages[0], "next": td.NextValues[0], "reward": res.Rewards,
			} {
				got := sweepRowCells(doc, row)
				for k, x := range want {
					w := page.Num(x)
					if res.Mask[k] != 1 && row != "reward" {
						w = "—"
					}
					if k >= len(got) || got[k] != w {
						t.Errorf("%s%s: %s at t=%d shows %v, want %s", id, q, row, k, got, w)
						break
					}
				}
			}
			check := doc.Find(`[data-testid="identity"] [data-testid="check"]`)
			if ok, _ := check.Attr("data-ok"); ok != "true" || !strings.HasPrefix(check.Text(), "✓") {
				t.Errorf("%s%s: the identity check shows %q", id, q, check.Text())
			}
			for k, c := range sweepRowCells(doc, "ok") {
				if want := map[bool]string{true: "✓", false: "—"}[res.Mask[k] == 1]; c != want {
					t.Errorf("%s%s: equal? at t=%d shows %q, want %q", id, q, k, c, want)
				}
			}
			if doc.Find("#est-lines svg").Length() != 1 || doc.Find(`[data-testid="bootstrap"] tbody tr`).Length() != 3 {
				t.Errorf("%s%s: the chart or the bootstrap table is missing", id, q)
			}
		}
	}
}

// Both sides of the identity are shown per token: the left side is the sum
// of the δ row, discounted per time step; the right side G_t − V(s_t) equals
// the Monte Carlo row. The λ = 1 presets (lambda-1, pipeline) show GAE = MC.
func TestEstimatorsIdentityRows(t *testing.T) {
	for _, id := range []string{"lambda-1", "pipeline", "multi-turn", "v02-eos-leak", "eos-padding"} {
		doc := webtest.Page(t, "/compare/estimators?v=1&p="+id)
		s, _ := scenario.Preset(id)
		lhs, rhs, mc, gae := sweepRowCells(doc, "lhs"), sweepRowCells(doc, "rhs"), sweepRowCells(doc, "mc"), sweepRowCells(doc, "gae")
		for k := range s.Len() {
			if lhs[k] != rhs[k] || rhs[k] != mc[k] {
				t.Errorf("%s t=%d: left %s, right %s, Monte Carlo %s; want all equal", id, k, lhs[k], rhs[k], mc[k])
			}
			if s.Lam == 1 && gae[k] != mc[k] {
				t.Errorf("%s t=%d: λ = 1 but GAE %s ≠ Monte Carlo %s", id, k, gae[k], mc[k])
			}
		}
	}
	doc := webtest.Page(t, "/compare/estimators?v=1&p=v02-eos-leak")
	if !strings.Contains(doc.Find(`[data-testid="mask-note"]`).Text(), "v0.2") {
		t.Error("the v0.2 preset does not explain v0.2's masks")
	}
}

// The check is computed, not asserted: a wrong G_t shows ✗ with the token.
func TestEstimatorsIdentityCanFail(t *testing.T) {
	s, _ := scenario.Preset("seed-b")
	v := compare.NewEstimatorsView(play.Request{Lang: "en", S: s})
	v.G = append([]float64(nil), v.G...)
	v.G[3] += 0.01
	vm := v.Estimators()
	if vm.Identity.Check.OK || !strings.HasPrefix(vm.Identity.Check.Text, "✗") || !strings.Contains(vm.Identity.Check.Text, "token 3") {
		t.Errorf("a G_t off by 0.01 at t=3 shows %+v", vm.Identity.Check)
	}
	for _, r := range vm.Table.Rows {
		if r.ID == "ok" && r.Cells[3].Text != "✗" {
			t.Errorf("equal? at t=3 shows %q, want ✗", r.Cells[3].Text)
		}
	}
}

// Without JavaScript the form answers with the canonical link; bad input is
// reported and never breaks the page.
func TestEstimatorsForm(t *testing.T) {
	doc := webtest.Page(t, "/compare/estimators?v=1&p=dense&lang=en")
	q := strings.Replace(sweepFormQuery(doc, "form[data-testid=sweep-form]"), "lam=0.95", "lam=0.5", 1)
	rec := webtest.Get(t, "/compare/estimators?"+q)
	// An edit makes a v=3 link naming the release of the v=1 state's GAE (play/edit.go).
	if want := "/compare/estimators?v=3&p=dense&lam=0.5&ver=v0.9.0&lang=en"; rec.Code != 303 || rec.Header().Get("Location") != want {
		t.Errorf("submitting %s: %d to %q, want 303 to %q", q, rec.Code, rec.Header().Get("Location"), want)
	}
	doc = webtest.Page(t, "/compare/estimators?v=1&p=dense&gamma=-1&t=3")
	if doc.Find(`[data-testid="form-errors"] li[data-field="gamma"]`).Length() == 0 {
		t.Error("γ = −1 is not reported at its field")
	}
	if !strings.Contains(doc.Find(`[data-testid="warnings"]`).Text(), "«t»") {
		t.Error("t= is not this view's parameter, but it is not reported")
	}
	if href, _ := doc.Find(`a[data-testid="open-lambda"]`).Attr("href"); href != "/compare/lambda?v=1&p=dense&lang=en" {
		t.Errorf("the link to the λ sweep is %q", href)
	}
}

// The estimators page of 64 tokens: three GAE runs, G_t, the identity
// (quadratic in T), the table and one chart.
func BenchmarkEstimatorsPage64(b *testing.B) {
	target := strings.Replace(webtest.LongScenario(64), "/play?", "/compare/estimators?", 1)
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	var size int
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/page")
}
