package inspect

import "gaelab/engine"

// GroupSummary is one GRPO/RLOO group, the rows sharing a uid (or index):
// its size, the mean and unbiased standard deviation (torch.std) of its
// sequence scores s_i = Σ_t token_level_rewards[i][t], which verl's
// outcome estimators read (a singleton gets verl's substitutes, mean 0 and
// std 1), and each member's advantage: A at its first valid token (the
// estimator's a_i, or GAE's raw A_0).
type GroupSummary struct {
	ID         string    `json:"uid"`
	Rows       []int     `json:"rows"`
	Size       int       `json:"size"`
	Mean       float64   `json:"score_mean"`
	Std        float64   `json:"score_std"`
	Advantages []float64 `json:"advantages"` // in Rows' order
}

// groups fills Groups from the batch's uid, in order of first appearance;
// nil without a uid. Rows must be summarised first.
func (a *Analysis) groups() {
	if a.Batch.UID == nil {
		return
	}
	for _, g := range engine.GroupStatsGRPO(a.outcomeInputs()) {
		gs := GroupSummary{ID: g.ID, Rows: g.Members, Size: len(g.Members), Mean: g.Mean, Std: g.StdUnbiased}
		for _, i := range g.Members {
			gs.Advantages = append(gs.Advantages, a.Rows[i].A0)
		}
		a.Groups = append(a.Groups, gs)
	}
}
