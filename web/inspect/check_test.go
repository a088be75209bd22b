package inspect

// EachCandidate calls f with each candidate the check compares, in its
// order, while the candidate's matrices are alive (for the heap budget of
// budget_view_test.go).
func (a *Analysis) EachCandidate(f func(id string)) {
	a.candidateMu.Lock()
	defer a.candidateMu.Unlock()
	a.candidates(func(cd candidate) bool {
		f(cd.id)
		return true
	})
}
