package engine

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
