package inspect

import "strings"

// The group check's findings, for the estimators that compare responses
// within a uid group.
const (
	// SingletonGroups: some uid groups hold one response, whose advantage
	// verl sets to its score (μ = 0, σ = 1) or 0 (RLOO): a note.
	SingletonGroups = "singleton_groups"
	// EveryGroupSingleton: every group holds one response, so no response
	// is compared with another (rollout.n = 1, or uids never repeated):
	// blocking.
	EveryGroupSingleton = "every_group_singleton"
)

// groupEstimator says whether estimator key normalises within uid groups.
func groupEstimator(key string) bool {
	for _, p := range []string{"grpo", "rloo", "gdpo", "opo", "reinforce_plus_plus_baseline"} {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// singletonFinding counts the uid groups of one response; Count is their
// number, Value the number of groups, Cells each one's first row (at t 0).
func (a *Analysis) singletonFinding() *Finding {
	b := a.Batch
	if b.UID == nil || !groupEstimator(a.Config.Estimator) {
		return nil
	}
	size, first := map[string]int{}, map[string]int{}
	order := []string{}
	for i, u := range b.UID {
		if _, ok := size[u]; !ok {
			first[u] = i
			order = append(order, u)
		}
		size[u]++
	}
	f := Finding{Kind: SingletonGroups, Tensor: "uid", Cells: [][2]int{}, Value: float64(len(size))}
	for _, u := range order {
		if size[u] == 1 {
			f.Count++
			if len(f.Cells) < 8 {
				f.Cells = append(f.Cells, [2]int{first[u], 0})
			}
		}
	}
	switch {
	case f.Count == 0:
		return nil
	case f.Count == len(size):
		f.Kind = EveryGroupSingleton
	}
	return &f
}
