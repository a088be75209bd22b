package inspect

import "math"

// PopulationStd is the critic-free check's finding: the run's GRPO
// advantages are (s − μ)/(σ + ε) with the population std of each uid group
// (torch.std(unbiased=False), np.std), where verl divides by the unbiased
// torch.std: a group of n has its advantages √(n/(n−1)) too large.
const PopulationStd = "grpo_population_std"

// populationStdFinding rebuilds the std-normalised GRPO advantages with
// each group's population std and reports when they, not the release's,
// reproduce the file within the advantages' tolerance. Only for verl's
// std-normalised GRPO keys, and only when nothing else explains the file.
func (a *Analysis) populationStdFinding() *Finding {
	c, b := a.Check, a.Batch
	if c == nil || c.Advantages == nil || c.Advantages.ExplainedBy != nil || b.UID == nil || a.Rewards == nil {
		return nil
	}
	switch a.Config.Estimator {
	case "grpo_norm_std", "grpo_vectorized_norm_std":
	default:
		return nil
	}
	score := make([]float64, b.B)
	groups := map[string][]int{}
	for i := range b.B {
		for t, m := range b.Mask[i] {
			score[i] += a.Rewards[i][t] * m
		}
		groups[b.UID[i]] = append(groups[b.UID[i]], i)
	}
	adv := make([][]float64, b.B)
	for _, rows := range groups {
		n := float64(len(rows))
		mu, sd := 0.0, 1.0
		if n > 1 {
			for _, i := range rows {
				mu += score[i]
			}
			mu /= n
			v := 0.0
			for _, i := range rows {
				v += (score[i] - mu) * (score[i] - mu)
			}
			sd = math.Sqrt(v / n)
		}
		for _, i := range rows {
			adv[i] = make([]float64, b.R)
			for t, m := range b.Mask[i] {
				adv[i][t] = (score[i] - mu) / (sd + 1e-6) * m
			}
		}
	}
	d, at := maxDiff(b.Advantages, adv, b.Mask)
	if d > c.Advantages.Tolerance {
		return nil
	}
	return &Finding{Kind: PopulationStd, Tensor: "advantages", Count: len(groups), Cells: [][2]int{at}, Value: d}
}
