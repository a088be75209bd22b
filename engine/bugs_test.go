package engine

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// padded is one response of 4 valid tokens (EOS at t = 3, so L = 4) and
// three padding slots whose critic values are not zero, as before PR #1850.
func padded(gamma, lam float64) BugInput {
	return BugInput{
		Rewards: [][]float64{{-0.01, 0.02, -0.03, 0.99, 0, 0, 0}},
		Scores:  [][]float64{{0, 0, 0, 1, 0, 0, 0}},
		Values:  [][]float64{{0.2, 0.3, 0.5, 0.7, 0.4, 0.25, 0.1}},
		Mask:    [][]float64{{1, 1, 1, 1, 0, 0, 0}},
		Gamma:   gamma, Lam: lam,
	}
}

// random is a batch of b full-length rows of random rewards and values.
func random(seed uint64, b, r int) BugInput {
	rng := rand.New(rand.NewPCG(seed, 7))
	mask := newMatrix(b, r)
	for i := range mask {
		for t := range mask[i] {
			mask[i][t] = 1
		}
	}
	return BugInput{Rewards: randomBatch(rng, b, r, -1, 1), Values: randomBatch(rng, b, r, -1, 1), Mask: mask, Gamma: 0.97, Lam: 0.9}
}

// near is equality up to float64 rounding.
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func mustBug(t *testing.T, bug Bug, in BugInput) BugResult {
	t.Helper()
	res, err := GAEWithBug(bug, in)
	if err != nil {
		t.Fatalf("%s: %v", bug, err)
	}
	return res
}

// sameAt fails unless got and want agree (up to rounding) exactly where
// equal(t) says and differ elsewhere.
func sameAt(t *testing.T, name string, got, want []float64, equal func(t int) bool) {
	t.Helper()
	for k := range want {
		if same := near(got[k], want[k]); same != equal(k) {
			t.Errorf("%s at t=%d: buggy %.12g, correct %.12g; want them %s", name, k, got[k], want[k], map[bool]string{true: "equal", false: "different"}[equal(k)])
		}
	}
}

func TestParseBug(t *testing.T) {
	for _, b := range Bugs {
		if got, err := ParseBug(string(b)); err != nil || got != b {
			t.Errorf("ParseBug(%q) = %q, %v", b, got, err)
		}
	}
	if _, err := ParseBug("off-by-two"); err == nil {
		t.Error("ParseBug accepted an unknown bug")
	}
	if _, err := GAEWithBug("off-by-two", padded(1, 1)); err == nil {
		t.Error("GAEWithBug accepted an unknown bug")
	}
	for _, b := range Bugs { // an empty batch is no panic
		GAEWithBug(b, BugInput{Gamma: 1, Lam: 1})
	}
}

// eos-leak: with λ < 1 every valid token gains exactly
// (γλ)^(L−1−t)·γ(1−λ)·V_L; with λ = 1 no valid token changes. Either way
// the state after EOS gets A_L = −V_L, and only EOS's δ reads a new value.
func TestBugEOSLeak(t *testing.T) {
	const L = 4
	for _, lam := range []float64{0.9, 0.5, 1} {
		in := padded(0.95, lam)
		good, bad := CorrectGAE(in), mustBug(t, BugEOSLeak, in)
		vL := in.Values[0][L]
		for k := range L {
			leak := math.Pow(in.Gamma*lam, float64(L-1-k)) * in.Gamma * (1 - lam) * vL
			if got := bad.Advantages[0][k] - good.Advantages[0][k]; math.Abs(got-leak) > 1e-12 {
				t.Errorf("λ=%v: A_%d leaks %.12g, want (γλ)^%d·γ(1−λ)·V_L = %.12g", lam, k, got, L-1-k, leak)
			}
		}
		if lam == 1 {
			sameAt(t, "λ=1 advantages", bad.Advantages[0], good.Advantages[0], func(k int) bool { return k != L })
		} else {
			sameAt(t, "advantages", bad.Advantages[0], good.Advantages[0], func(k int) bool { return k > L })
		}
		if got := bad.Advantages[0][L]; !near(got, -vL) {
			t.Errorf("λ=%v: A_L = %v, want −V_L = %v", lam, got, -vL)
		}
		// δ reads a new value at EOS, and the discarded δ of the padding
		// after L reads the zeroed values.
		sameAt(t, "deltas", bad.Deltas[0], good.Deltas[0], func(k int) bool { return k != L-1 && k <= L })
		sameAt(t, "next values", bad.NextValues[0], good.NextValues[0], func(k int) bool { return k != L-1 })
	}
}

// eos-leak is v0.2: the early loop on values masked with the shifted mask.
func TestBugEOSLeakIsV02(t *testing.T) {
	in := padded(1, 0.9)
	shifted := [][]float64{{0.2, 0.3, 0.5, 0.7, 0.4, 0, 0}} // v0.2 keeps values[L], zeroes the rest
	early, bad := GAE(V1Early, in.Rewards, shifted, in.Mask, in.Gamma, in.Lam), mustBug(t, BugEOSLeak, in)
	for _, m := range []struct {
		name      string
		got, want [][]float64
	}{{"next", bad.NextValues, early.NextValues}, {"delta", bad.Deltas, early.Deltas}, {"adv", bad.Advantages, early.Advantages},
		{"ret", bad.Returns, early.Returns}, {"values", bad.Values, shifted}} {
		sameAt(t, m.name, m.got[0], m.want[0], func(int) bool { return true })
	}
}

// shift: every δ changes, and the bug is the correct GAE fed V(s_{t+1}).
func TestBugShift(t *testing.T) {
	in := random(1, 2, 9)
	good, bad := CorrectGAE(in), mustBug(t, BugShift, in)
	for i := range in.Values {
		sameAt(t, "deltas", bad.Deltas[i], good.Deltas[i], func(int) bool { return false })
		for k := range in.Values[i] {
			want := 0.0
			if k+1 < len(in.Values[i]) {
				want = in.Values[i][k+1]
			}
			if bad.Values[i][k] != want {
				t.Errorf("row %d: value used at t=%d is %v, want V(s_%d) = %v", i, k, bad.Values[i][k], k+1, want)
			}
		}
	}
	again := CorrectGAE(BugInput{Rewards: in.Rewards, Values: bad.Values, Mask: in.Mask, Gamma: in.Gamma, Lam: in.Lam})
	sameAt(t, "advantages", bad.Advantages[1], again.Advantages[1], func(int) bool { return true })
}

// bootstrap: the zero at the tensor end reads every padding value, which
// is v0.2's loop on unmasked values; with zero padding values it is harmless.
func TestBugBootstrap(t *testing.T) {
	in := padded(0.95, 0.9)
	early, bad := GAE(V1Early, in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam), mustBug(t, BugBootstrap, in)
	sameAt(t, "advantages", bad.Advantages[0], early.Advantages[0], func(int) bool { return true })
	sameAt(t, "returns", bad.Returns[0], early.Returns[0], func(int) bool { return true })
	sameAt(t, "advantages vs correct", bad.Advantages[0], CorrectGAE(in).Advantages[0], func(int) bool { return false })
	// It differs from eos-leak only through the values beyond L.
	leak := mustBug(t, BugEOSLeak, in)
	if near(leak.Advantages[0][0], bad.Advantages[0][0]) {
		t.Error("with non-zero values beyond L, bootstrap should differ from eos-leak")
	}

	in.Values[0][4], in.Values[0][5], in.Values[0][6] = 0, 0, 0
	good, bad := CorrectGAE(in), mustBug(t, BugBootstrap, in)
	sameAt(t, "zero padding values", bad.Advantages[0], good.Advantages[0], func(int) bool { return true })
}

// whitened-returns changes the returns only, to whitened A + V.
func TestBugWhitenedReturns(t *testing.T) {
	in := random(2, 2, 6)
	good, bad := CorrectGAE(in), mustBug(t, BugWhitenedReturns, in)
	for i := range in.Values {
		sameAt(t, "advantages", bad.Advantages[i], good.Advantages[i], func(int) bool { return true })
		sameAt(t, "whitened", bad.Whitened[i], good.Whitened[i], func(int) bool { return true })
		sameAt(t, "deltas", bad.Deltas[i], good.Deltas[i], func(int) bool { return true })
		sameAt(t, "returns", bad.Returns[i], good.Returns[i], func(int) bool { return false })
		for k, v := range in.Values[i] {
			if !near(bad.Returns[i][k], good.Whitened[i][k]+v) {
				t.Errorf("row %d: R_%d = %v, want whitened A + V = %v", i, k, bad.Returns[i][k], good.Whitened[i][k]+v)
			}
		}
	}
	one := BugInput{Rewards: [][]float64{{1, 0}}, Values: [][]float64{{0.5, 0}}, Mask: [][]float64{{1, 0}}, Gamma: 1, Lam: 1}
	if _, err := GAEWithBug(BugWhitenedReturns, one); !errors.Is(err, ErrOneValidToken) {
		t.Errorf("one valid token: err = %v, want ErrOneValidToken", err)
	}
}

// no-reverse gives token t the advantage of token R−1−t.
func TestBugNoReverse(t *testing.T) {
	in := random(3, 1, 7)
	good, bad := CorrectGAE(in), mustBug(t, BugNoReverse, in)
	R := len(in.Values[0])
	for k := range R {
		if bad.Advantages[0][k] != good.Advantages[0][R-1-k] {
			t.Errorf("A_%d = %v, want the correct A_%d = %v", k, bad.Advantages[0][k], R-1-k, good.Advantages[0][R-1-k])
		}
		if !near(bad.Returns[0][k], good.Advantages[0][R-1-k]+in.Values[0][k]) {
			t.Errorf("R_%d = %v, want the reversed A + V", k, bad.Returns[0][k])
		}
	}
	sameAt(t, "deltas", bad.Deltas[0], good.Deltas[0], func(int) bool { return true })
	sameAt(t, "advantages", bad.Advantages[0], good.Advantages[0], func(k int) bool { return k == R/2 })
}

// per-seq-whiten equals batch whitening with one row and differs with two:
// each row then has mean 0 and variance 1 on its own.
func TestBugPerSeqWhiten(t *testing.T) {
	one := random(4, 1, 6)
	good, bad := CorrectGAE(one), mustBug(t, BugPerSeqWhiten, one)
	for k := range good.Whitened[0] {
		if bad.Whitened[0][k] != good.Whitened[0][k] {
			t.Errorf("one row: whitened A_%d = %v, batch whitening gives %v", k, bad.Whitened[0][k], good.Whitened[0][k])
		}
	}

	two := random(5, 2, 6)
	for k := range two.Rewards[1] {
		two.Rewards[1][k] += 0.5 // the second row is better than the first
	}
	good, bad = CorrectGAE(two), mustBug(t, BugPerSeqWhiten, two)
	for i := range two.Values {
		sameAt(t, "advantages", bad.Advantages[i], good.Advantages[i], func(int) bool { return true })
		sameAt(t, "whitened", bad.Whitened[i], good.Whitened[i], func(int) bool { return false })
		_, st, _ := Whiten(V1Newest, [][]float64{bad.Whitened[i]}, [][]float64{two.Mask[i]})
		if math.Abs(st.Mean) > 1e-7 || math.Abs(st.VarUnbiased-1) > 1e-6 {
			t.Errorf("row %d whitened alone: mean %v, variance %v, want 0 and 1", i, st.Mean, st.VarUnbiased)
		}
	}
	if len(bad.RowWhitening) != 2 {
		t.Errorf("%d row statistics, want 2", len(bad.RowWhitening))
	}

	two.Mask[1] = []float64{1, 0, 0, 0, 0, 0}
	if res := mustBug(t, BugPerSeqWhiten, two); !errors.Is(res.WhitenErr, ErrOneValidToken) || res.Whitened != nil {
		t.Errorf("a row with one valid token: WhitenErr = %v, want ErrOneValidToken and no whitened advantages", res.WhitenErr)
	}
}

// trl-reward-slot moves the score from EOS to the slot after it. With
// γ = λ = 1 the valid tokens keep their advantages; with λ < 1 token t
// changes by (γλ)^(L−1−t)·(γ(1−λ)·V_L − (1−γλ)·score).
func TestBugTRLRewardSlot(t *testing.T) {
	const L = 4
	for _, c := range []struct{ gamma, lam float64 }{{1, 1}, {1, 0.95}, {0.9, 0.8}} {
		in := padded(c.gamma, c.lam)
		good, bad := CorrectGAE(in), mustBug(t, BugTRLRewardSlot, in)
		score, vL := in.Scores[0][L-1], in.Values[0][L]
		if !near(bad.Rewards[0][L-1], in.Rewards[0][L-1]-score) || bad.Rewards[0][L] != score {
			t.Errorf("rewards used %v: want the score %v moved from t=%d to t=%d, the KL part left at EOS", bad.Rewards[0], score, L-1, L)
		}
		for k := range L {
			gl := c.gamma * c.lam
			want := math.Pow(gl, float64(L-1-k)) * (c.gamma*(1-c.lam)*vL - (1-gl)*score)
			if got := bad.Advantages[0][k] - good.Advantages[0][k]; math.Abs(got-want) > 1e-12 {
				t.Errorf("γ=%v λ=%v: A_%d changes by %.12g, want %.12g", c.gamma, c.lam, k, got, want)
			}
		}
	}
	full := random(6, 1, 5) // no slot after EOS: TRL keeps the score at EOS
	good, bad := CorrectGAE(full), mustBug(t, BugTRLRewardSlot, full)
	sameAt(t, "full-length row", bad.Advantages[0], good.Advantages[0], func(int) bool { return true })
}

// The golden vectors of verl v0.2 on padded rows are two of the bugs.
func TestBugsGolden(t *testing.T) {
	cases := map[string]Bug{"rand_v02_shifted_value_mask": BugEOSLeak, "rand_tailpad_nonzero_pad_values": BugBootstrap}
	for _, c := range loadGolden(t) {
		bug, ok := cases[c.ID]
		if !ok {
			continue
		}
		delete(cases, c.ID)
		t.Run(c.ID, func(t *testing.T) {
			in := BugInput{Rewards: goldenRewards(t, c), Values: c.matrix(t, c.Inputs, "values"), Mask: c.matrix(t, c.Inputs, "response_mask"),
				Gamma: c.cfg(t, "gamma", 1), Lam: c.cfg(t, "lam", 1)}
			got := mustBug(t, bug, in)
			raw, _ := c.path(t, "gae", "early")
			want := decode[goldenGAE](t, raw)
			assertMatrix(t, "next_values_used", got.NextValues, want.NextValues, tolF32)
			assertMatrix(t, "deltas", got.Deltas, want.Deltas, tolF32)
			assertMatrix(t, "advantages_raw", got.Advantages, want.Advantages, tolF32)
			assertMatrix(t, "returns", got.Returns, want.Returns, tolF32)
			assertMatrix(t, "advantages_whitened", got.Whitened, want.Whitened, tolF32)
		})
	}
	for id := range cases {
		t.Errorf("golden case %s is missing", id)
	}
}

func BenchmarkGAEWithBug(b *testing.B) {
	in := random(8, 1, 64)
	for _, bug := range Bugs {
		b.Run(string(bug), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := GAEWithBug(bug, in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// No bug writes to its inputs.
func TestBugsLeaveInputs(t *testing.T) {
	for _, bug := range Bugs {
		in := padded(0.9, 0.8)
		mustBug(t, bug, in)
		fresh := padded(0.9, 0.8)
		for _, m := range []struct {
			name      string
			got, want [][]float64
		}{{"rewards", in.Rewards, fresh.Rewards}, {"scores", in.Scores, fresh.Scores}, {"values", in.Values, fresh.Values}, {"mask", in.Mask, fresh.Mask}} {
			for k := range m.want[0] {
				if m.got[0][k] != m.want[0][k] {
					t.Errorf("%s changed its input %s at t=%d", bug, m.name, k)
				}
			}
		}
	}
}
