package play

import (
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
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

// Formula explains the selected cell with its real numbers, typeset as
// MathML (each line is TeX in the lessons' subset).
func (v View) Formula() *templates.Formula {
	if v.S.Select == "" {
		return nil
	}
	row, ts, _ := strings.Cut(v.S.Select, ".")
	t, _ := strconv.Atoi(ts)
	q := v.QuantityByID(row)
	if q == nil {
		return nil
	}
	i := v.Idx(t)
	g := v.Res.GAE
	tok := v.S.Tokens[t]
	m := tok.Kind.Mask()
	lang := v.Req.Lang
	f := &templates.Formula{
		Heading: templates.Rich(lang.HTML("formula.heading", i18n.RawHTML(lang.HTML(q.Label)), i18n.RawHTML(i18n.Math("t = "+i, false)))),
		Close:   templates.Link{Label: v.T("formula.close")}, // submits the cells form, which has no sel=
	}
	sig := func(x float64) string { // a number as a term after an operator
		if x < 0 {
			return "(" + page.Num(x) + ")"
		}
		return page.Num(x)
	}
	sub := func(x string) string { return "_{" + x + "}" }
	gamma, lam := page.Num(v.S.Gamma), page.Num(v.S.Lam)
	vNext := "V(s" + sub(v.Idx(t+1)) + ")"
	if v.S.Gen().Has(engine.GAEMaskAware) {
		vNext = `V_{\text{next}}`
	}
	var lines []string
	switch row {
	case "score":
		lines = []string{`\text{score}` + sub(i) + ` = \text{token\_level\_scores}[` + ts + "] = " + page.Num(v.Res.Scores[t])}
		f.Source = srcScore
		f.Note = v.T("formula.note.score")
	case "kld":
		unmasked, _ := engine.KLPenalty(v.S.KLGen(), v.S.KL, [][]float64{{tok.Old}}, [][]float64{{tok.Ref}})
		lines = []string{
			`\text{kld}` + sub(i) + ` = \text{` + strings.ReplaceAll(v.S.KL, "_", `\_`) + `}(\log \pi_{\text{old}}, \log \pi_{\text{ref}}) \cdot m` + sub(i),
			`\log \pi_{\text{old}} - \log \pi_{\text{ref}} = ` + page.Num(tok.Old) + " - " + sig(tok.Ref) + " = " + page.Num(tok.Old-tok.Ref),
			`\text{kld}` + sub(i) + " = " + sig(unmasked[0][0]) + ` \cdot ` + page.Num(m) + " = " + page.Num(v.Res.KLD[t]),
		}
		f.Source = srcKL
	case "reward":
		if v.S.DirectRewards {
			lines = []string{"r" + sub(i) + ` = \text{token\_level\_rewards}[` + ts + "] = " + page.Num(v.Res.Rewards[t])}
		} else {
			lines = []string{
				"r" + sub(i) + ` = \text{score}` + sub(i) + ` - \beta \cdot \text{kld}` + sub(i),
				"= " + page.Num(v.Res.Scores[t]) + " - " + page.Num(v.S.Beta) + ` \cdot ` + sig(v.Res.KLD[t]) + " = " + page.Num(v.Res.Rewards[t]),
			}
		}
		f.Source = srcReward
	case "value":
		lines = []string{"V(s" + sub(i) + ") = \\text{values}[" + ts + "] = " + page.Num(tok.Value)}
		f.Source = srcValues
		f.Note = v.T("formula.note.values")
	case "next":
		j := v.nextIndex(t)
		src := "0"
		if j >= 0 {
			src = `\text{values}[` + strconv.Itoa(j) + "] = V(s" + sub(v.Idx(j)) + ")"
		} else {
			f.Note = v.T("formula.terminal")
		}
		lines = []string{`V_{\text{next}}(` + i + ") = " + src + " = " + page.Num(g.NextValues[0][t])}
		f.Source = srcGAE
	case "delta":
		lines = []string{
			`\delta` + sub(i) + " = r" + sub(i) + ` + \gamma \cdot ` + vNext + " - V(s" + sub(i) + ")",
			"= " + page.Num(v.Res.Rewards[t]) + " + " + gamma + ` \cdot ` + sig(g.NextValues[0][t]) + " - " + sig(tok.Value) + " = " + page.Num(g.Deltas[0][t]),
		}
		f.Source = srcGAE
	case "adv":
		aNext := 0.0
		if t+1 < v.S.Len() {
			aNext = g.Advantages[0][t+1]
		}
		if v.S.Gen().Has(engine.GAEMaskAware) && m == 0 {
			lines = []string{"A" + sub(i) + ` = A_{\text{next}} = ` + page.Num(g.Advantages[0][t])}
			f.Note = v.T("step.skip")
		} else {
			lines = []string{
				"A" + sub(i) + ` = \delta` + sub(i) + ` + \gamma\lambda \cdot A_{\text{next}}`,
				"= " + page.Num(g.Deltas[0][t]) + " + " + gamma + ` \cdot ` + lam + ` \cdot ` + sig(aNext) + " = " + page.Num(g.Advantages[0][t]),
			}
		}
		f.Source = srcGAE
	case "ret":
		lines = []string{
			"R" + sub(i) + " = A" + sub(i) + " + V(s" + sub(i) + ")",
			"= " + page.Num(g.Advantages[0][t]) + " + " + sig(tok.Value) + " = " + page.Num(g.Returns[0][t]),
		}
		f.Source = srcGAE
	case "white":
		st := g.Whitening
		lines = []string{
			`\hat{A}` + sub(i) + " = (A" + sub(i) + ` - \mu) / \sqrt{\sigma^2 + 10^{-8}}`,
			"= (" + page.Num(g.Advantages[0][t]) + " - " + sig(st.Mean) + `) / \sqrt{` + page.Num(st.VarUnbiased) + " + 10^{-8}} = " + page.Num(g.Whitened[0][t]),
		}
		f.Source = srcWhitten
	}
	for _, l := range lines {
		f.Lines = append(f.Lines, templates.Rich(i18n.Math(l, false)))
	}
	f.Source = v.T("formula.mirrors", f.Source)
	return f
}

// QuantityByID finds a displayed row.
func (v View) QuantityByID(id string) *quantity {
	for _, q := range v.Rows() {
		if q.ID == id {
			return &q
		}
	}
	return nil
}
