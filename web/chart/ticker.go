package chart

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// ticker places about n ticks at multiples of a round step (1, 2, 2.5 or 5
// times a power of ten), so 0 is a tick whenever it is in range. With least
// > 0 it takes smaller round steps until at least that many ticks fit.
type ticker struct{ n, least int }

func (tk ticker) Ticks(lo, hi float64) []plot.Tick {
	raw := (hi - lo) / float64(tk.n)
	if !(raw > 0) {
		return nil
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	ms := []float64{1, 2, 2.5, 5, 10}
	i := len(ms) - 1
	for j, c := range ms {
		if c*mag >= raw*(1-1e-9) {
			i = j
			break
		}
	}
	for {
		ticks := placeTicks(lo, hi, ms[i], mag)
		if len(ticks) >= tk.least || len(ticks) > 4*tk.n {
			return ticks
		}
		if i--; i < 0 { // below 1×mag: 5×mag/10
			i, mag = 3, mag/10
		}
	}
}

// placeTicks labels every multiple of m·mag in [lo, hi].
func placeTicks(lo, hi, m, mag float64) []plot.Tick {
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
// rather than 0 alone. tk is the ticker render uses.
func roundOut(lo, hi float64, tk ticker) (float64, float64) {
	for range 2 { // a wider range may choose a wider step once
		rng := hi - lo
		if rng < 1e-12 {
			return lo, hi
		}
		ticks := tk.Ticks(0, 1.16*rng) // the step render's padded range gets
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
