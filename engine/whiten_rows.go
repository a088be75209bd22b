package engine

// WhitenRows whitens each row of x alone over its mask = 1 positions, with
// generation g's masked_whiten: the per-sequence whitening some trainers
// use instead of verl's batch whitening. A row with one valid token, which
// masked_whiten refuses, is only centred (its token becomes 0); a row with
// none is copied. So every batch shape gets an answer.
func WhitenRows(g Generation, x, mask [][]float64) [][]float64 {
	out := newMatrix(shapeOf(x))
	for i, row := range x {
		w, st, err := Whiten(g, [][]float64{row}, [][]float64{mask[i]})
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
