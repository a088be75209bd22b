package chart

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// ticker places about n ticks at multiples of a round step (1, 2, 2.5 or 5
// times a power of ten), so 0 is a tick whenever it is in range.
type ticker struct{ n int }

func (tk ticker) Ticks(lo, hi float64) []plot.Tick {
	raw := (hi - lo) / float64(tk.n)
	if !(raw > 0) {
		return nil
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	m := 10.0
	for _, c := range []float64{1, 2, 2.5, 5} {
		if c*mag >= raw*(1-1e-9) {
			m = c
			break
		}
	}
	step := m * mag
	dec := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	if m == 2.5 {
		dec++
	}
	var ticks []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', dec, 64)})
	}
	return ticks
}

// roundOut widens [lo, hi] (which holds 0) to multiples of the y ticks'
// step, so that a short panel labels a tick on each side of 0 that has data
// rather than 0 alone. n is the ticker's number of ticks.
func roundOut(lo, hi float64, n int) (float64, float64) {
	for range 2 { // a wider range may choose a wider step once
		rng := hi - lo
		if rng < 1e-12 {
			return lo, hi
		}
		ticks := ticker{n: n}.Ticks(0, 1.16*rng) // the step render's padded range gets
		if len(ticks) < 2 {
			return lo, hi
		}
		step := ticks[1].Value - ticks[0].Value
		lo, hi = math.Floor(lo/step-1e-9)*step, math.Ceil(hi/step-1e-9)*step
		if lo > -1e-12 {
			lo = 0
		}
	}
	return lo, hi
}
