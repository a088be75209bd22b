package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refGAE is GAE and masked_whiten written the plain way, one row and one pass
// at a time, as verl's loops and masked_mean read: the statement the fast
// GAEInto (rows in pairs, the mask read once, the first pass fused) must
// equal bit for bit.
func refGAE(maskAware bool, eps float64, rewards, values, mask [][]float64, gamma, lam float64) GAEResult {
	b, r := shapeOf(rewards)
	res := GAEResult{NextValues: newMatrix(b, r), Deltas: newMatrix(b, r), Advantages: newMatrix(b, r), Returns: newMatrix(b, r)}
	gl := gamma * lam
	for i := range b {
		var vNext, carry float64
		for t := r - 1; t >= 0; t-- {
			val := values[i][t]
			d := rewards[i][t] + gamma*vNext - val
			cand := d + gl*carry
			res.NextValues[i][t], res.Deltas[i][t] = vNext, d
			if !maskAware || mask[i][t] == 1 {
				carry, vNext = cand, val
			}
			res.Advantages[i][t], res.Returns[i][t] = carry, carry+val
		}
	}
	res.Whitened, res.Whitening, res.WhitenErr = refWhiten(eps, res.Advantages, mask)
	return res
}

// refWhiten is masked_whiten: masked_mean, then masked_mean((x − μ)²)·n/(n−1).
func refWhiten(eps float64, x, mask [][]float64) ([][]float64, WhitenStats, error) {
	var n, sum float64
	for i, row := range x {
		for t, a := range row {
			if m := mask[i][t]; m != 0 {
				n += m
				sum += a * m
			}
		}
	}
	st := WhitenStats{N: int(n)}
	if n == 0 {
		return nil, st, ErrNoValidToken
	}
	st.Mean = sum / (n + eps)
	var sq float64
	for i, row := range x {
		for t, a := range row {
			if m := mask[i][t]; m != 0 {
				d := a - st.Mean
				sq += d * d * m
			}
		}
	}
	st.VarBiased = sq / (n + eps)
	if n == 1 {
		return nil, st, ErrOneValidToken
	}
	st.VarUnbiased = st.VarBiased * (n / (n - 1))
	scale := 1 / math.Sqrt(st.VarUnbiased+whitenEps)
	b, r := shapeOf(x)
	out := newMatrix(b, r)
	for i, row := range x {
		for t, a := range row {
			out[i][t] = (a - st.Mean) * scale
		}
	}
	return out, st, nil
}

// sameBits reports whether a and b are the same float64, NaN equal to NaN.
func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}

func assertSameMatrix(t *testing.T, what string, got, want [][]float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("%s row %d: %d tokens, want %d", what, i, len(got[i]), len(want[i]))
		}
		for k := range want[i] {
			if !sameBits(got[i][k], want[i][k]) {
				t.Fatalf("%s [%d][%d] = %v, the plain loop gives %v", what, i, k, got[i][k], want[i][k])
			}
		}
	}
}

// testMask draws one of the masks a batch can hold: all ones, a tail of
// padding, observation spans, empty, or values other than 0 and 1 (a
// weighted or corrupted mask, −0, NaN), which take the slow path.
func testMask(rng *rand.Rand, row []float64) {
	kind := rng.IntN(6)
	n := len(row) / 2
	if len(row) > 0 {
		n += rng.IntN(len(row) - len(row)/2 + 1)
	}
	for t := range row {
		switch kind {
		case 0:
			row[t] = 1
		case 1:
			row[t] = indicator(t < n)
		case 2:
			row[t] = indicator(rng.IntN(3) > 0)
		case 3:
			row[t] = 0
		case 4:
			row[t] = []float64{0, 1, 1, 0.5, 2, math.Copysign(0, -1)}[rng.IntN(6)]
		default:
			row[t] = []float64{0, 1, 1, 1, math.NaN(), 3}[rng.IntN(6)]
		}
	}
}

// TestGAEIntoBitIdentical runs GAEInto (fresh and into reused buffers) and
// the plain loops on random batches of every small shape, with every kind
// of mask, in every generation, and asks for the same bits everywhere:
// the trace, the raw and whitened advantages, the statistics and the error,
// and the next-index trace the loop's rule gives.
func TestGAEIntoBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	var reused, outputs GAEResult
	for trial := range 400 {
		b, r := 1+rng.IntN(6), rng.IntN(12)
		if trial%50 == 0 {
			b, r = 3+rng.IntN(4), 300+rng.IntN(200)
		}
		rewards, values, mask := newMatrix(b, r), newMatrix(b, r), newMatrix(b, r)
		for i := range b {
			testMask(rng, mask[i])
			for k := range r {
				rewards[i][k], values[i][k] = rng.NormFloat64(), rng.Float64()
			}
		}
		if trial%7 == 3 && r > 0 {
			rewards[rng.IntN(b)][rng.IntN(r)] = math.Inf(1)
		}
		gamma, lam := []float64{1, 0.99}[trial%2], []float64{0.95, 1, 0}[trial%3]
		for _, g := range []Generation{G01, G03, G06, G12} {
			want := refGAE(g.Has(GAEMaskAware), g.meanEps(), rewards, values, mask, gamma, lam)
			GAEInto(&reused, g, rewards, values, mask, gamma, lam)
			GAEOutputsInto(&outputs, g, rewards, values, mask, gamma, lam)
			assertOutputs(t, g.String(), &outputs, &want, &reused)
			for name, got := range map[string]GAEResult{"fresh": GAE(g, rewards, values, mask, gamma, lam), "reused": reused} {
				what := func(s string) string { return name + " " + g.String() + " " + s }
				assertSameMatrix(t, what("next_values"), got.NextValues, want.NextValues)
				assertSameMatrix(t, what("deltas"), got.Deltas, want.Deltas)
				assertSameMatrix(t, what("advantages"), got.Advantages, want.Advantages)
				assertSameMatrix(t, what("returns"), got.Returns, want.Returns)
				if got.WhitenErr != want.WhitenErr || (got.Whitened == nil) != (want.Whitened == nil) {
					t.Fatalf("%s: whitening error %v, the plain loop %v", what(""), got.WhitenErr, want.WhitenErr)
				}
				if want.Whitened != nil {
					assertSameMatrix(t, what("whitened"), got.Whitened, want.Whitened)
				}
				v := VerlEarly
				if g.Has(GAEMaskAware) {
					v = VerlNewest
				}
				for i := range b {
					for k := range r {
						if j, rule := got.NextIndex(i, k), nextIndexRule(v, mask[i], k); j != rule {
							t.Fatalf("%s: NextIndex(%d, %d) = %d, the loop's rule gives %d (mask %v)", what(""), i, k, j, rule, mask[i])
						}
					}
				}
				if !sameStats(got.Whitening, want.Whitening) {
					t.Fatalf("%s: statistics %+v, the plain loop %+v", what(""), got.Whitening, want.Whitening)
				}
			}
		}
	}
}

// assertOutputs checks GAEOutputsInto's result against the plain loops: the
// returns and the whitened advantages bit for bit (or, when whitening fails,
// the loop's advantages and the error), nothing else written, and the same
// next-index trace as GAEInto's (checked against the loops' rule below).
func assertOutputs(t *testing.T, what string, got, want, trace *GAEResult) {
	t.Helper()
	what = "outputs " + what + " "
	assertSameMatrix(t, what+"returns", got.Returns, want.Returns)
	if got.NextValues != nil || got.Deltas != nil {
		t.Fatalf("%swrote the trace", what)
	}
	if got.WhitenErr != want.WhitenErr || (got.Whitened == nil) != (want.Whitened == nil) {
		t.Fatalf("%swhitening error %v, the plain loop %v", what, got.WhitenErr, want.WhitenErr)
	}
	if want.Whitened != nil {
		assertSameMatrix(t, what+"whitened", got.Whitened, want.Whitened)
		if got.Advantages != nil {
			t.Fatalf("%skept the advantages beside the whitened ones", what)
		}
	} else {
		assertSameMatrix(t, what+"advantages", got.Advantages, want.Advantages)
	}
	if !sameStats(got.Whitening, want.Whitening) {
		t.Fatalf("%sstatistics %+v, the plain loop %+v", what, got.Whitening, want.Whitening)
	}
	for i := range want.Returns {
		for k := range want.Returns[i] {
			if got.NextIndex(i, k) != trace.NextIndex(i, k) {
				t.Fatalf("%sNextIndex(%d, %d) = %d, GAEInto's %d", what, i, k, got.NextIndex(i, k), trace.NextIndex(i, k))
			}
		}
	}
}

// sameStats reports whether two whitening statistics are bit for bit equal.
func sameStats(a, b WhitenStats) bool {
	return a.N == b.N && sameBits(a.Mean, b.Mean) && sameBits(a.VarBiased, b.VarBiased) && sameBits(a.VarUnbiased, b.VarUnbiased)
}
