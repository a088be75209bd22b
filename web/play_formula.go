package web

import (
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/templates"
)

// Where each quantity is computed in verl (newest paths; v0.2 has the same
// functions in the same files).
const (
	srcKL      = "verl/trainer/ppo/core_algos.py: kl_penalty"
	srcReward  = "verl/trainer/ppo/ray_trainer.py: apply_kl_penalty"
	srcScore   = "verl/workers/reward_manager/naive.py"
	srcValues  = "values[:, −R−1:−1]"
	srcGAE     = "verl/trainer/ppo/core_algos.py: compute_gae_advantage_return"
	srcWhitten = "verl/utils/torch_functional.py: masked_whiten"
)

// formula explains the selected cell with its real numbers.
func (v playView) formula() *templates.Formula {
	if v.s.Select == "" {
		return nil
	}
	row, ts, _ := strings.Cut(v.s.Select, ".")
	t, _ := strconv.Atoi(ts)
	q := v.quantityByID(row)
	if q == nil {
		return nil
	}
	i := v.idx(t)
	g := v.res.GAE
	tok := v.s.Tokens[t]
	m := tok.Kind.Mask()
	f := &templates.Formula{
		Heading: v.t("formula.heading", v.t(q.label), "t = "+i),
		Close:   templates.Link{Label: v.t("formula.close"), URL: v.s.Select}, // picking the selected cell again closes it
	}
	sig := func(x float64) string { // a number as a term after an operator
		if x < 0 {
			return "(" + num(x) + ")"
		}
		return num(x)
	}
	gamma, lam := num(v.s.Gamma), num(v.s.Lam)
	vNext := "V(s_" + v.idx(t+1) + ")"
	if v.s.Version == engine.VerlNewest {
		vNext = "V_next"
	}
	switch row {
	case "score":
		f.Lines = []string{"score_" + i + " = token_level_scores[" + ts + "] = " + num(v.res.Scores[t])}
		f.Source = srcScore
		f.Note = v.t("formula.note.score")
	case "kld":
		unmasked, _ := engine.KLPenalty(v.s.Version, v.s.KL, [][]float64{{tok.Old}}, [][]float64{{tok.Ref}})
		f.Lines = []string{
			"kld_" + i + " = " + v.s.KL + "(log π_old, log π_ref) · m_" + i,
			"log π_old − log π_ref = " + num(tok.Old) + " − " + sig(tok.Ref) + " = " + num(tok.Old-tok.Ref),
			"kld_" + i + " = " + sig(unmasked[0][0]) + " · " + num(m) + " = " + num(v.res.KLD[t]),
		}
		f.Source = srcKL
	case "reward":
		if v.s.DirectRewards {
			f.Lines = []string{"r_" + i + " = token_level_rewards[" + ts + "] = " + num(v.res.Rewards[t])}
		} else {
			f.Lines = []string{
				"r_" + i + " = score_" + i + " − β·kld_" + i,
				"= " + num(v.res.Scores[t]) + " − " + num(v.s.Beta) + "·" + sig(v.res.KLD[t]) + " = " + num(v.res.Rewards[t]),
			}
		}
		f.Source = srcReward
	case "value":
		f.Lines = []string{"V(s_" + i + ") = values[" + ts + "] = " + num(tok.Value)}
		f.Source = srcValues
		f.Note = v.t("formula.note.values")
	case "next":
		j := v.nextIndex(t)
		src := v.t("formula.terminal")
		if j >= 0 {
			src = "values[" + strconv.Itoa(j) + "] = V(s_" + v.idx(j) + ")"
		}
		f.Lines = []string{"V_next(" + i + ") = " + src + " = " + num(g.NextValues[0][t])}
		f.Source = srcGAE
	case "delta":
		f.Lines = []string{
			"δ_" + i + " = r_" + i + " + γ·" + vNext + " − V(s_" + i + ")",
			"= " + num(v.res.Rewards[t]) + " + " + gamma + "·" + sig(g.NextValues[0][t]) + " − " + sig(tok.Value) + " = " + num(g.Deltas[0][t]),
		}
		f.Source = srcGAE
	case "adv":
		aNext := 0.0
		if t+1 < v.s.Len() {
			aNext = g.Advantages[0][t+1]
		}
		if v.s.Version == engine.VerlNewest && m == 0 {
			f.Lines = []string{"A_" + i + " = A_next = " + num(g.Advantages[0][t])}
			f.Note = v.t("step.skip")
		} else {
			f.Lines = []string{
				"A_" + i + " = δ_" + i + " + γλ·A_next",
				"= " + num(g.Deltas[0][t]) + " + " + gamma + "·" + lam + "·" + sig(aNext) + " = " + num(g.Advantages[0][t]),
			}
		}
		f.Source = srcGAE
	case "ret":
		f.Lines = []string{
			"R_" + i + " = A_" + i + " + V(s_" + i + ")",
			"= " + num(g.Advantages[0][t]) + " + " + sig(tok.Value) + " = " + num(g.Returns[0][t]),
		}
		f.Source = srcGAE
	case "white":
		st := g.Whitening
		f.Lines = []string{
			"Â_" + i + " = (A_" + i + " − μ) / √(σ² + 1e-8)",
			"= (" + num(g.Advantages[0][t]) + " − " + sig(st.Mean) + ") / √(" + num(st.VarUnbiased) + " + 1e-8) = " + num(g.Whitened[0][t]),
		}
		f.Source = srcWhitten
	}
	f.Source = v.t("formula.mirrors", f.Source)
	return f
}

// quantityByID finds a displayed row.
func (v playView) quantityByID(id string) *quantity {
	for _, q := range v.rows() {
		if q.id == id {
			return &q
		}
	}
	return nil
}
