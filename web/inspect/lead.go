package inspect

import (
	"gaelab/engine"
)

// Lead is what the run's numbers say when the check leaves something
// unexplained: GAE's parameters fitted to its returns and values
// (engine.FitGAE, the loop of smaller residual), and its advantages
// against the raw A = returns − values whitened each way.
type Lead struct {
	// Loop is the fitted loop: "mask-aware" (v0.5.0+) or "plain" (v0.2–v0.4.1).
	Loop string `json:"loop"`
	// GammaLam, Gamma, Lam and KLCoef (β) are null when the batch does
	// not identify them (KLCoef: the KL is not in the reward, or the file
	// has no log-probs to compute it).
	GammaLam *float64 `json:"gamma_lam"`
	Gamma    *float64 `json:"gamma"`
	Lam      *float64 `json:"lam"`
	KLCoef   *float64 `json:"kl_coef"`
	// Residual is the fit's root mean square error over Tokens valid tokens.
	Residual float64 `json:"residual"`
	Tokens   int     `json:"tokens"`
	// Whitening is the run's advantages against the raw A unwhitened
	// ("none"), whitened over the batch ("batch", verl's) and per sequence
	// ("per-seq"); WhitenedBy the first within the advantages' tolerance.
	Whitening  []Tried `json:"whitening,omitempty"`
	WhitenedBy *string `json:"whitened_by"`
	// LookAtWhitening: the returns match and the advantages do not.
	LookAtWhitening bool `json:"look_at_whitening"`
}

// lead fits the batch when a GAE check left a quantity unexplained and the
// file has the run's returns; else nil.
func (a *Analysis) lead(c *Check) *Lead {
	b := a.Batch
	unexplained := func(q *Quantity) bool { return q != nil && q.ExplainedBy == nil }
	if a.GAE == nil || b.Returns == nil || !(unexplained(c.Advantages) || unexplained(c.Returns)) {
		return nil
	}
	// With scores and log-probs the KL is a column and β is fitted (0 when
	// the reward has none); else the rewards the run read, KL inside if any.
	in := engine.FitInput{Returns: b.Returns, Values: b.Values, Scores: a.Rewards, Mask: b.Mask}
	// The KL type is the reward check's best fit when it has one (every
	// type is tried there), else the config's.
	klType := a.Config.KLPenalty
	if rc := a.Reward; rc != nil && len(rc.Fits) > 0 && rc.Fits[0].KLPenalty != "" {
		klType = rc.Fits[0].KLPenalty
	}
	if b.Scores != nil && b.OldLogProbs != nil && b.RefLogProb != nil {
		if kr, err := engine.ApplyKLPenalty(a.Config.Release.Gen, b.Scores, b.OldLogProbs, b.RefLogProb, b.Mask, klType, &engine.FixedKLController{}); err == nil {
			in.Scores, in.KL = b.Scores, kr.KLD
		}
	}
	in.MaskAware = true
	fit, loop := engine.FitGAE(in), "mask-aware"
	in.MaskAware = false
	if plain := engine.FitGAE(in); plain.Residual < fit.Residual {
		fit, loop = plain, "plain"
	}
	l := &Lead{Loop: loop, Residual: fit.Residual, Tokens: fit.Tokens, LookAtWhitening: c.Returns != nil && c.Returns.ExplainedBy != nil && unexplained(c.Advantages)}
	opt := func(x float64, ok bool) *float64 {
		if !ok {
			return nil
		}
		return &x
	}
	l.GammaLam, l.Gamma, l.Lam, l.KLCoef = opt(fit.GammaLam, fit.GammaLamOK), opt(fit.Gamma, fit.GammaOK), opt(fit.Lam, fit.LamOK), opt(fit.Beta, fit.BetaOK && in.KL != nil)
	if c.Advantages != nil {
		// The raw A = returns − values, row by row as the check's candidates.
		raw := engine.RowsOf(b.B, b.R, func(i int, adv, _ []float64) {
			for t := range adv {
				adv[t] = b.Returns[i][t] - b.Values[i][t]
			}
		})
		g := a.Config.Release.Gen
		for _, w := range []struct {
			id string
			x  engine.Rows
		}{{"none", raw}, {"batch", raw.Whitened(g, b.Mask)}, {"per-seq", raw.WhitenedEachRow(g, b.Mask)}} {
			ds, ats := streamed(w.id, w.x).diffs([2][][]float64{b.Advantages, nil}, b.Mask)
			d, at := ds[0], ats[0]
			l.Whitening = append(l.Whitening, Tried{ID: w.id, MaxAbsDiff: d, At: at})
			if d <= c.Advantages.Tolerance && l.WhitenedBy == nil {
				id := w.id
				l.WhitenedBy = &id
			}
		}
	}
	return l
}

// FitOutOfRange is the lead's finding: the fitted γ or λ lies outside
// [0, 1], which no config can set (the batch is not GAE of any γ and λ on
// the chosen loop: look at the other findings first).
const FitOutOfRange = "fit_out_of_range"

// fitSlack is how far past [0, 1] a fitted γ or λ may fall from rounding
// alone (a bf16 batch's fit lands within 1e-4 of the truth).
const fitSlack = 1e-3

// fitFinding is FitOutOfRange for the check's lead, nil when its γ and λ
// are possible (or not identified). Value is the impossible one.
func (a *Analysis) fitFinding() *Finding {
	if a.Check == nil || a.Check.Fit == nil {
		return nil
	}
	l := a.Check.Fit
	for _, x := range []struct {
		name string
		v    *float64
	}{{"gamma", l.Gamma}, {"lam", l.Lam}, {"gamma_lam", l.GammaLam}} {
		if x.v != nil && (*x.v < -fitSlack || *x.v > 1+fitSlack) {
			return &Finding{Kind: FitOutOfRange, Tensor: x.name, Count: 0, Cells: [][2]int{}, Value: *x.v}
		}
	}
	return nil
}
