package engine

import (
	"fmt"
	"math"
)

// Rows is a batch's advantages and returns computed one row at a time, for a
// caller that compares them with other numbers and need not hold them: a
// 512 × 8,192 matrix is 32 MiB, and a candidate of web/inspect's check held
// three to five of them. Each row is bit for bit the matrix function's
// (GAELean, GAEWithBug, Whiten, WhitenRows): the same loop runs on the same
// row, and whitening's sums run over the rows in the same order. Whitening
// over the whole batch needs its mean and variance before the first row, so
// Each then computes every row three times (the sums, the squares, the
// rows), holding a few rows instead of a matrix.
type Rows struct {
	b, r int
	// row writes row i's advantages (before whitening) and returns.
	row func(i int, adv, ret []float64)
	// whiten is how the advantages are whitened: not at all, over the
	// batch (with masked_mean's ε eps) or each row alone (WhitenRows).
	whiten rowWhitening
	eps    float64
	mask   [][]float64
	// noAdv: there are no advantages (whitening refused), only returns.
	noAdv bool
}

type rowWhitening int

const (
	rowsRaw rowWhitening = iota
	rowsWhitenBatch
	rowsWhitenEachRow
)

// RowsOf is the rows row writes, as they are: row(i, adv, ret) fills row i's
// advantages and returns, each of length r, for i = 0 … b−1 in order (and
// may be called again for the same row).
func RowsOf(b, r int, row func(i int, adv, ret []float64)) Rows {
	return Rows{b: b, r: r, row: row}
}

// MatrixRows is the rows of adv and ret ([B][R]; adv may be nil: no
// advantages).
func MatrixRows(adv, ret [][]float64) Rows {
	b, r := shapeOf(ret)
	s := RowsOf(b, r, func(i int, a, x []float64) {
		if adv != nil {
			copy(a, adv[i])
		}
		copy(x, ret[i])
	})
	s.noAdv = adv == nil
	return s
}

// Whitened is s with its advantages whitened over the whole batch as
// generation g's masked_whiten (Whiten) over mask.
func (s Rows) Whitened(g Generation, mask [][]float64) Rows {
	s.whiten, s.eps, s.mask = rowsWhitenBatch, g.meanEps(), mask
	return s
}

// WhitenedEachRow is s with each row's advantages whitened alone
// (WhitenRows: a row with one valid token is centred, one with none kept).
func (s Rows) WhitenedEachRow(g Generation, mask [][]float64) Rows {
	s.whiten, s.eps, s.mask = rowsWhitenEachRow, g.meanEps(), mask
	return s
}

// Each calls each(i, adv, ret) for every row i in order. The slices are
// reused for the next row. adv is nil in every row when there are no
// advantages: whitening over the batch refused (fewer than two valid
// tokens; err says why, as Whiten's), or s was built without them.
func (s Rows) Each(each func(i int, adv, ret []float64)) error {
	buf := make([]float64, 3*s.r)
	adv, ret, out := buf[:s.r:s.r], buf[s.r:2*s.r:2*s.r], buf[2*s.r:]
	plain := func(whole bool) {
		for i := range s.b {
			s.row(i, adv, ret)
			if whole {
				each(i, adv, ret)
			} else {
				each(i, nil, ret)
			}
		}
	}
	switch {
	case s.noAdv:
		plain(false)
		return nil
	case s.whiten == rowsRaw:
		plain(true)
		return nil
	case s.whiten == rowsWhitenEachRow:
		for i := range s.b {
			s.row(i, adv, ret)
			each(i, whitenRow(s.eps, adv, s.mask[i], out), ret)
		}
		return nil
	}
	// Whiten's first pass (Σmask, Σ A·mask), then masked_var's squares,
	// then the rows, as whitenFrom.
	n, sum := 0.0, 0.0
	for i := range s.b {
		s.row(i, adv, ret)
		n, sum = maskedSums(adv, s.mask[i], n, sum)
	}
	if n == 0 {
		plain(false)
		return ErrNoValidToken
	}
	mean := sum / (n + s.eps)
	var sq float64
	for i := range s.b {
		s.row(i, adv, ret)
		sq = maskedSquares(adv, s.mask[i], mean, sq)
	}
	if n == 1 {
		plain(false)
		return ErrOneValidToken
	}
	varUnbiased := sq / (n + s.eps) * (n / (n - 1))
	scale := 1 / math.Sqrt(varUnbiased+whitenEps)
	for i := range s.b {
		s.row(i, adv, ret)
		for t, a := range adv {
			out[t] = (a - mean) * scale
		}
		each(i, out, ret)
	}
	return nil
}

// maskedSquares continues masked_var's second pass over one row:
// sq += (x − μ)²·m where m ≠ 0, in order (whitenFrom's).
func maskedSquares(x, m []float64, mean, sq float64) float64 {
	for t, w := range m[:len(x)] {
		if w != 0 {
			d := x[t] - mean
			sq += d * d * w
		}
	}
	return sq
}

// whitenRow is WhitenRows of one row x with mask m, written into out.
func whitenRow(eps float64, x, m, out []float64) []float64 {
	n, sum := maskedSums(x, m, 0, 0)
	switch {
	case n == 0:
		copy(out, x)
		return out
	case n == 1:
		mean := sum / (n + eps)
		for t, v := range x {
			out[t] = v - mean
		}
		return out
	}
	mean := sum / (n + eps)
	sq := maskedSquares(x, m, mean, 0)
	varUnbiased := sq / (n + eps) * (n / (n - 1))
	scale := 1 / math.Sqrt(varUnbiased+whitenEps)
	for t, a := range x {
		out[t] = (a - mean) * scale
	}
	return out
}

// GAERows is GAELean as Rows: generation g's loop, its Advantages (raw) or
// Whitened (whitened), and its Returns, bit for bit.
func GAERows(g Generation, rewards, values, mask [][]float64, gamma, lam float64, whitened bool) Rows {
	b, r := shapeOf(rewards)
	aware := g.Has(GAEMaskAware)
	s := RowsOf(b, r, func(i int, adv, ret []float64) {
		gaeRow{r: rewards[i][:r], v: values[i][:r], m: mask[i][:r], adv: adv, ret: ret}.loop(aware, gamma, lam)
	})
	if whitened {
		s = s.Whitened(g, mask)
	}
	return s
}

// loop runs the mask-aware loop (newest) or v0.2's (early) on the row.
func (g gaeRow) loop(maskAware bool, gamma, lam float64) {
	if maskAware {
		g.newest(gamma, lam)
	} else {
		g.early(gamma, lam)
	}
}

// BugRows is GAEWithBug(bug, in) as Rows: its Whitened (its Advantages
// when raw) and Returns, bit for bit, holding a few rows. in.Correct must
// be the correct GAE (CorrectGAE's advantages, whitened advantages and
// returns), which BugWhitenedReturns, BugNoReverse and BugPerSeqWhiten
// start from. BugPerSeqWhiten's rows that masked_whiten refuses are given
// as WhitenRows gives them (GAEWithBug then has no Whitened), and
// BugWhitenedReturns without whitened advantages gives the correct
// returns and no advantages (GAEWithBug's error).
func BugRows(bug Bug, in BugInput, raw bool) (Rows, error) {
	g, b, r := in.gen(), len(in.Mask), 0
	if b > 0 {
		r = len(in.Mask[0])
	}
	aware := g.Has(GAEMaskAware)
	c := in.Correct
	scratch := make([]float64, 3*r)
	v, m, rw := scratch[:r:r], scratch[r:2*r:2*r], scratch[2*r:]
	// pastEOS of one row: the first n slots after its last valid token
	// count as valid (n < 0: the whole tail).
	pastEOS := func(row []float64, n int) []float64 {
		copy(m, row)
		L, end := eosEnd(row), r
		if n >= 0 {
			end = min(end, L+n)
		}
		for t := L; t < end; t++ {
			m[t] = 1
		}
		return m
	}
	var s Rows
	switch bug {
	case BugEOSLeak:
		s = RowsOf(b, r, func(i int, adv, ret []float64) {
			copy(v, in.Values[i])
			clear(v[min(eosEnd(in.Mask[i])+1, r):])
			gaeRow{r: in.Rewards[i][:r], v: v, m: pastEOS(in.Mask[i], 1), adv: adv, ret: ret}.loop(aware, in.Gamma, in.Lam)
		})
	case BugBootstrap:
		s = RowsOf(b, r, func(i int, adv, ret []float64) {
			gaeRow{r: in.Rewards[i][:r], v: in.Values[i][:r], m: pastEOS(in.Mask[i], -1), adv: adv, ret: ret}.loop(aware, in.Gamma, in.Lam)
		})
	case BugTRLRewardSlot:
		scores := in.Scores
		if scores == nil {
			scores = in.Rewards
		}
		s = RowsOf(b, r, func(i int, adv, ret []float64) {
			copy(rw, in.Rewards[i])
			if L := eosEnd(in.Mask[i]); L > 0 && L < r {
				x := scores[i][L-1]
				rw[L-1] -= x
				rw[L] += x
			}
			gaeRow{r: rw, v: in.Values[i][:r], m: pastEOS(in.Mask[i], 1), adv: adv, ret: ret}.loop(aware, in.Gamma, in.Lam)
		})
	case BugShift:
		s = RowsOf(b, r, func(i int, adv, ret []float64) {
			clear(v)
			copy(v, in.Values[i][1:])
			gaeRow{r: in.Rewards[i][:r], v: v, m: in.Mask[i][:r], adv: adv, ret: ret}.loop(aware, in.Gamma, in.Lam)
		})
	case BugWhitenedReturns:
		if c.WhitenErr != nil || c.Whitened == nil {
			return MatrixRows(nil, c.Returns), nil
		}
		return RowsOf(b, r, func(i int, adv, ret []float64) {
			copy(adv, c.Whitened[i])
			for t, a := range adv {
				ret[t] = a + in.Values[i][t]
			}
		}), nil
	case BugNoReverse:
		s = RowsOf(b, r, func(i int, adv, ret []float64) {
			row := c.Advantages[i][:r]
			for t := range adv {
				adv[t] = row[r-1-t]
			}
			for t, a := range adv {
				ret[t] = a + in.Values[i][t]
			}
		})
	case BugPerSeqWhiten:
		return RowsOf(b, r, func(i int, adv, ret []float64) {
			copy(adv, c.Advantages[i])
			copy(ret, c.Returns[i])
		}).WhitenedEachRow(g, in.Mask), nil
	default:
		return Rows{}, fmt.Errorf("engine: unknown bug %q", bug)
	}
	if !raw {
		s = s.Whitened(g, in.Mask)
	}
	return s, nil
}

// Matrices collects s into [B][R] matrices, adv nil when there are no
// advantages (for a view that shows one candidate whole).
func (s Rows) Matrices() (adv, ret [][]float64, err error) {
	adv, ret = newMatrix(s.b, s.r), newMatrix(s.b, s.r)
	none := false
	err = s.Each(func(i int, a, x []float64) {
		if a == nil {
			none = true
		} else {
			copy(adv[i], a)
		}
		copy(ret[i], x)
	})
	if none {
		adv = nil
	}
	return adv, ret, err
}

// GAETrace is GAE's NextValues and Deltas alone, bit for bit, in two
// matrices: GAE would allocate five (and GAELean's three are already held
// by a caller that asks for the trace afterwards, as web/inspect's views
// of the deltas heat map).
func GAETrace(g Generation, rewards, values, mask [][]float64, gamma float64) (nextValues, deltas [][]float64) {
	b, r := shapeOf(rewards)
	nextValues, deltas = newMatrix(b, r), newMatrix(b, r)
	var runs maskRuns
	runs.reset(b)
	zeros := make([]float64, r) // addRow's sums are not used
	for i := range b {
		runs.addRow(mask[i][:r], zeros, 0, 0)
		gaeRow{r: rewards[i][:r], v: values[i][:r], m: mask[i][:r], next: nextValues[i], delta: deltas[i]}.trace(gamma, g.Has(GAEMaskAware), runs.row(i))
	}
	return nextValues, deltas
}
