package engine

// WhitenRows whitens each row of x alone over its mask = 1 positions, with
// generation g's masked_whiten: the per-sequence whitening some trainers
// use instead of verl's batch whitening. A row with one valid token, which
// masked_whiten refuses, is only centred (its token becomes 0); a row with
// none is copied. So every batch shape gets an answer.
func WhitenRows(g Generation, x, mask [][]float64) [][]float64 {
	out := newMatrix(shapeOf(x))
	for i, row := range x {
		w, st, err := WhitenGen(g, [][]float64{row}, [][]float64{mask[i]})
		switch {
		case err == nil:
			copy(out[i], w[0])
		case st.N == 1:
			for t, v := range row {
				out[i][t] = v - st.Mean
			}
		default:
			copy(out[i], row)
		}
	}
	return out
}

// LoopsAgree reports whether GAE's plain loop (before v0.5.0) and its
// mask-aware loop compute the same advantages and returns at every
// position of this batch: each row's mask is 1s then 0s (right padding,
// no observation span) and rewards and values are 0 wherever the mask is
// 0. Then the plain loop's padding steps add 0 and its bootstrap past EOS
// reads a 0, as the mask-aware loop's does.
func LoopsAgree(rewards, values, mask [][]float64) bool {
	for i, m := range mask {
		padding := false
		for t, x := range m {
			padding = padding || x == 0
			if padding && (x != 0 || rewards[i][t] != 0 || values[i][t] != 0) {
				return false
			}
		}
	}
	return true
}
