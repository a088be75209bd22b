package engine

import (
	"math"
	"runtime"
	"testing"
)

// fuzzBatch turns fuzz bytes into a small batch: each 3-byte group is one
// token (reward, value, mask bit), rows of width r.
func fuzzBatch(data []byte, r int) (rewards, values, mask [][]float64) {
	n := len(data) / 3
	if r < 1 || n < r {
		return nil, nil, nil
	}
	b := n / r
	rewards, values, mask = newMatrix(b, r), newMatrix(b, r), newMatrix(b, r)
	for k := 0; k < b*r; k++ {
		i, t := k/r, k%r
		rewards[i][t] = float64(int8(data[3*k])) / 16
		values[i][t] = float64(int8(data[3*k+1])) / 16
		mask[i][t] = float64(data[3*k+2] & 1)
	}
	return rewards, values, mask
}

// FuzzGAE checks the invariants of both generations on arbitrary batches:
// returns = advantages + values, everything finite, whitened advantages of
// zero mean and unit variance over the valid tokens, and early = newest on
// rows whose mask has no holes and zero values after EOS; GAEOutputsInto
// gives GAE's outputs bit for bit.
func FuzzGAE(f *testing.F) {
	f.Add([]byte{0, 5, 1, 0, 6, 1, 16, 10, 1}, uint8(3), uint16(1000), uint16(950))
	f.Add([]byte{1, 2, 1, 3, 4, 0, 5, 6, 1, 7, 8, 0}, uint8(2), uint16(990), uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, width uint8, g, l uint16) {
		rewards, values, mask := fuzzBatch(data, int(width%16)+1)
		if rewards == nil {
			return
		}
		gamma, lam := float64(g%1001)/1000, float64(l%1001)/1000
		for _, v := range []Version{VerlEarly, VerlNewest} {
			res := GAE(v.V1Gen(), rewards, values, mask, gamma, lam)
			var outputs GAEResult
			GAEOutputsInto(&outputs, v.Gen(), rewards, values, mask, gamma, lam)
			assertOutputs(t, v.String(), &outputs, &res, &res)
			for i := range rewards {
				for k := range rewards[i] {
					a, ret := res.Advantages[i][k], res.Returns[i][k]
					if math.IsNaN(a) || math.IsInf(a, 0) || ret != a+values[i][k] {
						t.Fatalf("%s [%d][%d]: A = %g, R = %g, V = %g", v, i, k, a, ret, values[i][k])
					}
				}
			}
			n := maskCount(mask)
			if (res.WhitenErr == nil) != (n >= 2) {
				t.Fatalf("%s: %g valid tokens, whitening error %v", v, n, res.WhitenErr)
			}
			if res.WhitenErr != nil {
				continue
			}
			// The whitened values average to (Σx/n − μ)·(σ² + 1e-8)^(−1/2): 0 in
			// v0.2, and in the newest version the tiny offset that its ε in
			// μ = Σx/(n + 1e-8) leaves (amplified when σ² is small).
			st := res.Whitening
			scale := 1 / math.Sqrt(st.VarUnbiased+1e-8)
			raw, _ := MaskedMean(V1Early, res.Advantages, mask)
			want := (raw - st.Mean) * scale
			mean, _ := MaskedMean(V1Early, res.Whitened, mask)
			if math.Abs(mean-want) > 1e-9*scale*(1+math.Abs(raw)) {
				t.Fatalf("%s: whitened mean %g, want %g", v, mean, want)
			}
		}
	})
}

func FuzzKLPenalty(f *testing.F) {
	f.Add(-0.5, -0.7, "k3")
	f.Add(0.0, -30.0, "low_var_kl")
	f.Add(1e300, -1e300, "mse")
	f.Fuzz(func(t *testing.T, lp, ref float64, name string) {
		if math.IsNaN(lp) || math.IsNaN(ref) || math.IsInf(lp, 0) || math.IsInf(ref, 0) {
			return
		}
		for _, v := range []Version{VerlEarly, VerlNewest} {
			got, err := KLPenalty(v.V1Gen(), name, [][]float64{{lp}}, [][]float64{{ref}})
			if err != nil {
				continue
			}
			if k := got[0][0]; math.IsNaN(k) {
				t.Fatalf("%s %q(%g, %g) = NaN", v, name, lp, ref)
			}
		}
	})
}

// Memory is linear in B·R: the bytes GAE allocates per element do not grow
// with the batch.
func TestGAEMemoryLinear(t *testing.T) {
	perElement := func(b, r int) float64 {
		rewards, values, mask := newMatrix(b, r), newMatrix(b, r), newMatrix(b, r)
		for i := range mask {
			for k := range mask[i] {
				mask[i][k] = 1
			}
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		GAE(V1Newest, rewards, values, mask, 1, 0.95)
		runtime.ReadMemStats(&after)
		return float64(after.TotalAlloc-before.TotalAlloc) / float64(b*r)
	}
	small, large := perElement(16, 256), perElement(256, 1024)
	if large > small*1.1 || large > 48 {
		t.Errorf("GAE allocates %.1f B/element at 256×1024 vs %.1f at 16×256: want linear, ≤ 48 B", large, small)
	}
}
