package course_test

import (
	"math"
	"slices"
	"testing"

	"gaelab/web/course"
	"gaelab/web/page"
)

// row is the engine's row of a playground state, as a lesson block shows it.
func row(t *testing.T, link, id string) []float64 {
	t.Helper()
	q := course.LessonRequest{Lang: "en"}.BlockView("", link, nil).QuantityByID(id)
	if q == nil {
		t.Fatalf("%s: no row %s", link, id)
	}
	return q.Values
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The content fixes of issue 13 that state a number, checked against the
// engine (the lessons show these numbers through their blocks).
func TestLessonContentFixes(t *testing.T) {
	// misconceptions: KL along the way does not make the targets rise.
	// Example B at λ = 1: returns [0.955, 0.965, 0.970, 0.965, 0.975, 0.995].
	ret := row(t, "p=seed-b&lam=1", "ret")
	for i, w := range []float64{0.955, 0.965, 0.970, 0.965, 0.975, 0.995} {
		if !near(ret[i], w, 5e-4) {
			t.Errorf("example B λ = 1: returns[%d] = %.4f, want %.3f", i, ret[i], w)
		}
	}
	if !(ret[3] < ret[2]) || !(row(t, "p=seed-b&lam=1", "kld")[2] < 0) {
		t.Errorf("example B λ = 1: the returns should dip after the token with a negative k1 KL: %v", ret)
	}

	// whitening-and-masks: β = 0.001 (verl's default kl_coef) shrinks the
	// whitened values only a little and rounds no raw advantage to zero;
	// β = 0.0001 puts the variance below ε and shrinks them to a fraction.
	spread := func(beta string) float64 {
		w := row(t, "p=kl-only&beta="+beta, "white")
		return slices.Max(w) - slices.Min(w)
	}
	for _, a := range row(t, "p=kl-only&beta=0.001", "adv") {
		if n := page.Num(a); n == "0.0000" || n == "-0.0000" || a == 0 {
			t.Errorf("β = 0.001: a raw advantage %.2g shows as %s", a, n)
		}
	}
	if r := spread("0.001") / spread("0.1"); !(r > 0.9 && r < 1) {
		t.Errorf("β = 0.001: whitened spread is %.3f of β = 0.1's, want a small shrink (0.9…1)", r)
	}
	if r := spread("0.0001") / spread("0.1"); !(r < 0.5) {
		t.Errorf("β = 0.0001: whitened spread is %.3f of β = 0.1's, want below 0.5", r)
	}

	// td-error: the newest table shows δ₄ = −0.5 at the padding, yet A₃ does
	// not see it: A₃ = δ₃ = r₃ − V(s₃).
	newest := "p=v02-eos-leak&ver=newest"
	if d := row(t, newest, "delta"); !near(d[4], -0.5, 1e-9) {
		t.Errorf("newest: δ₄ = %v, want −0.5", d[4])
	}
	if a, d := row(t, newest, "adv"), row(t, newest, "delta"); !near(a[3], d[3], 1e-12) || !near(row(t, newest, "next")[3], 0, 0) {
		t.Errorf("newest: A₃ = %v, δ₃ = %v: the padding's δ must not reach A₃", a[3], d[3])
	}
	// misconceptions: from v0.5.0 the loop skips the values after EOS, so
	// changing them changes nothing used (with λ < 1 too).
	if a, b := row(t, newest, "adv"), row(t, newest+"&V=0.4,0.5,0.7,0.8,0.9,0.3", "adv"); !near(a[3], b[3], 1e-12) || !near(a[0], b[0], 1e-12) {
		t.Errorf("newest: A depends on the values after EOS: %v vs %v", a, b)
	}

	// misconceptions: the V = 0 example is example B's tokens, and there the
	// rewarded last token tops the batch.
	zc := course.LessonRequest{Lang: "en"}.BlockView("", "p=zero-critic", nil)
	sb := course.LessonRequest{Lang: "en"}.BlockView("", "p=seed-b", nil)
	if len(zc.S.Tokens) != len(sb.S.Tokens) || zc.S.Tokens[0].Text != sb.S.Tokens[0].Text {
		t.Error("zero-critic is not example B's response")
	}
	if w := row(t, "p=zero-critic", "white"); slices.Max(w) != w[len(w)-1] || w[len(w)-1] <= 0 {
		t.Errorf("zero-critic: the last token's whitened advantage %v is not the largest", w)
	}

	// ppo-objective: "REINFORCE with the critic as baseline" holds exactly at
	// λ = 1 (returns are the Monte Carlo G_t), not at λ < 1.
	for _, tc := range []struct {
		link string
		mc   bool
	}{{"p=pipeline", true}, {"p=pipeline&lam=0.95", false}} {
		r, g := row(t, tc.link, "reward"), 0.0
		rt := row(t, tc.link, "ret")
		same := true
		for i := len(r) - 1; i >= 0; i-- {
			g += r[i]
			same = same && near(rt[i], g, 1e-9)
		}
		if same != tc.mc {
			t.Errorf("%s: returns are the Monte Carlo return: %t, want %t", tc.link, same, tc.mc)
		}
	}
}
