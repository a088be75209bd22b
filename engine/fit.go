package engine

import "math"

// FitInput is a batch whose GAE parameters are unknown. Every matrix is
// [B][R], indexed [i][t]; values[t] = V(s_t) is the state before token t.
type FitInput struct {
	// Returns and Values give the raw advantages A = returns − values.
	Returns, Values [][]float64
	// Scores are the rewards before any KL term (token_level_scores), or
	// token_level_rewards when the KL is already in them.
	Scores [][]float64
	// KL is each token's KL (kl_penalty · mask), nil when the KL is not in
	// the reward: then β is not identifiable.
	KL   [][]float64
	Mask [][]float64
	// MaskAware: the next state is the next valid token (v0.5.0+), else
	// the next position of the tensor (v0.2–v0.4.1).
	MaskAware bool
}

// FitResult is the least-squares fit of GAE's recursion. A parameter whose
// OK is false is not identifiable from the batch (its column is zero or
// collinear with the others) and is left 0.
type FitResult struct {
	GammaLam, Gamma, Lam, Beta         float64
	GammaLamOK, GammaOK, LamOK, BetaOK bool
	// Residual is the root mean square of the equation's error over the
	// valid tokens, and Tokens their number.
	Residual float64
	Tokens   int
}

// FitGAE fits (γλ, β, γ) by least squares over the valid tokens of
//
//	A_t − γλ·A_{t+1} = s_t − β·kl_t + γ·V_{t+1} − V_t,   A = returns − values,
//
// which GAE satisfies exactly (A_{t+1} and V_{t+1} are 0 past the last
// step), written as y_t = R_t − s_t = γλ·A_{t+1} − β·kl_t + γ·V_{t+1}.
// λ = γλ/γ when γ is identifiable and not 0.
func FitGAE(in FitInput) FitResult {
	const k = 3 // columns: A_next, −kl, V_next
	var xtx [k][k]float64
	var xty [k]float64
	var yy float64
	var res FitResult
	in.each(func(x [k]float64, y float64) {
		for a := range k {
			xty[a] += x[a] * y
			for b := range k {
				xtx[a][b] += x[a] * x[b]
			}
		}
		yy += y * y
		res.Tokens++
	})
	beta, ok := solveActive(xtx, xty)
	res.GammaLam, res.GammaLamOK = beta[0], ok[0]
	res.Beta, res.BetaOK = beta[1], ok[1]
	res.Gamma, res.GammaOK = beta[2], ok[2]
	if res.GammaLamOK && res.GammaOK && res.Gamma != 0 {
		res.Lam, res.LamOK = res.GammaLam/res.Gamma, true
	}
	// Σ(y − xβ)² = yy − 2βᵀXᵀy + βᵀXᵀXβ
	sse := yy
	for a := range k {
		sse -= 2 * beta[a] * xty[a]
		for b := range k {
			sse += beta[a] * xtx[a][b] * beta[b]
		}
	}
	if res.Tokens > 0 {
		res.Residual = math.Sqrt(max(sse, 0) / float64(res.Tokens))
	}
	return res
}

// each calls f with each valid token's columns and y, rows walked backward
// so the next state is at hand.
func (in FitInput) each(f func(x [3]float64, y float64)) {
	for i, mrow := range in.Mask {
		aNext, vNext := 0.0, 0.0
		for t := len(mrow) - 1; t >= 0; t-- {
			a, v := in.Returns[i][t]-in.Values[i][t], in.Values[i][t]
			if mrow[t] == 1 {
				kl := 0.0
				if in.KL != nil {
					kl = in.KL[i][t]
				}
				f([3]float64{aNext, -kl, vNext}, in.Returns[i][t]-in.Scores[i][t])
			}
			if mrow[t] == 1 || !in.MaskAware {
				aNext, vNext = a, v
			}
		}
	}
}

// solveActive solves the normal equations xtx·β = xty over the columns
// that are identifiable: a zero column, or one whose pivot vanishes next to
// its diagonal (collinear with the earlier ones), is dropped and its β is 0.
func solveActive(xtx [3][3]float64, xty [3]float64) (beta [3]float64, ok [3]bool) {
	for a := range 3 {
		ok[a] = xtx[a][a] > 0
	}
	for {
		var m [3][4]float64
		var idx []int
		for a := range 3 {
			if ok[a] {
				idx = append(idx, a)
			}
		}
		n := len(idx)
		for r, a := range idx {
			for c, b := range idx {
				m[r][c] = xtx[a][b]
			}
			m[r][n] = xty[a]
		}
		bad := -1
		for c := range n { // Gaussian elimination: xtx is symmetric positive semi-definite
			if m[c][c] <= 1e-10*xtx[idx[c]][idx[c]] {
				bad = idx[c]
				break
			}
			for r := c + 1; r < n; r++ {
				f := m[r][c] / m[c][c]
				for j := c; j <= n; j++ {
					m[r][j] -= f * m[c][j]
				}
			}
		}
		if bad >= 0 {
			ok[bad] = false
			continue
		}
		for c := n - 1; c >= 0; c-- {
			s := m[c][n]
			for j := c + 1; j < n; j++ {
				s -= m[c][j] * beta[idx[j]]
			}
			beta[idx[c]] = s / m[c][c]
		}
		return beta, ok
	}
}
