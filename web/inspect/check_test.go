package inspect

// EachCandidate calls f with each candidate the check compares, in its
// order, while the candidate's matrices are alive, or halfway through its
// rows (for the heap budget of budget_view_test.go).
func (a *Analysis) EachCandidate(f func(id string)) {
	a.candidateMu.Lock()
	defer a.candidateMu.Unlock()
	a.candidates(func(cd candidate) bool {
		if cd.rows == nil {
			f(cd.id)
			return true
		}
		half := a.Batch.B / 2
		cd.rows.Each(func(i int, _, _ []float64) {
			if i == half {
				f(cd.id)
			}
		})
		return true
	})
}
