package inspect

// Candidate is the advantages and returns of the check's candidate id
// ("exact" is the chosen release, else an id of Tried), computed again;
// ok is false when the check has no such candidate. Its cost is that of
// the candidates tried before it.
func (a *Analysis) Candidate(id string) (adv, ret [][]float64, ok bool) {
	a.candidateMu.Lock()
	defer a.candidateMu.Unlock()
	if a.Config.Estimator == "gae" && a.GAE == nil {
		return nil, nil, false
	}
	a.candidates(func(cd candidate) bool {
		if cd.id == id {
			adv, ret = cd.matrices()
			ok = true
		}
		return !ok
	})
	return adv, ret, ok
}
