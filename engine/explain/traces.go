package explain

// Traces is TD(λ)'s backward view run over one response's TD errors, with
// the weights table it reads by column beside the forward view's rows.
//
// Index convention: j is the state s_j that receives credit and t the TD
// error δ_t that hands it out, both 0-based response-token indices;
// Table[j][t] = (γλ)^(t−j)·δ_t for t ≥ j and 0 before.
type Traces struct {
	Table [][]float64 // the credit δ_t sends to s_j
	// Rows[j] is row j's sum, Σ_t Table[j][t]: the forward view's A_j,
	// which verl's reverse-time recursion computes.
	Rows []float64
	// Received[t][j] is what s_j has received after the trace run has
	// handed out δ_0 … δ_t, forward in time: after the last column it is
	// Rows[j], the two views' equal total (offline).
	Received [][]float64
	// Trace[t][j] is s_j's eligibility trace at step t: every trace decays
	// by γλ, then the state just visited adds 1, so Trace[t][j] =
	// (γλ)^(t−j) for j ≤ t (a response never revisits a state).
	Trace [][]float64
}

// EligibilityTraces runs the backward view forwards in time over deltas
// with accumulating traces and offline updates (values fixed), as Sutton &
// Barto's §12.2 describes TD(λ), and builds the table both views read.
func EligibilityTraces(deltas []float64, gamma, lam float64) Traces {
	n := len(deltas)
	tr := Traces{Table: make([][]float64, n), Rows: make([]float64, n)}
	e := make([]float64, n)
	got := make([]float64, n)
	for t := range n {
		for j := range e {
			e[j] *= gamma * lam
		}
		e[t]++
		for j := 0; j <= t; j++ {
			got[j] += e[j] * deltas[t]
		}
		tr.Trace = append(tr.Trace, append([]float64(nil), e...))
		tr.Received = append(tr.Received, append([]float64(nil), got...))
	}
	for j := range n {
		tr.Table[j] = make([]float64, n)
		w := 1.0
		for t := j; t < n; t++ {
			tr.Table[j][t] = w * deltas[t]
			tr.Rows[j] += tr.Table[j][t]
			w *= gamma * lam
		}
	}
	return tr
}
