package inspect

import "gaelab/engine"

// Finding is one sanity check that found something in the tensors
// themselves, before any GAE (engine/sanity.go): which check (Kind), on
// which tensor, how many cells show it and the first of them as [row, t],
// and the check's number (engine.SanityFinding.Value).
type Finding struct {
	Kind   string   `json:"kind"`
	Tensor string   `json:"tensor"`
	Count  int      `json:"count"`
	Cells  [][2]int `json:"cells"`
	Value  float64  `json:"value"`
	// Rule is, for values_where_masked, where the chosen release's critic
	// zeroes the values (engine.CriticRule).
	Rule string `json:"rule,omitempty"`
	// Keys are, for config_keys_ignored, the sidecar's keys the check
	// does not use.
	Keys []string `json:"keys,omitempty"`
	// Fit is a finding's fitted numbers, where it has some
	// (whitening_stats_differ: μ and σ of the file, then the release's).
	Fit []float64 `json:"fit,omitempty"`
}

// NonFiniteMasked is the loader's finding: NaN or ±Inf where the mask is
// 0, read as 0 (a warning, not a rejection: verl never reads those cells
// from v0.5.0 on).
const NonFiniteMasked = "nonfinite_where_masked"

// ConfigIgnored is the config's note: the sidecar's keys the check does
// not use (verl's whole algorithm section or .hydra/config.yaml is read,
// and what it does not need is listed, never refused).
const ConfigIgnored = "config_keys_ignored"

// sanity runs the checks that need no GAE, after the loader's findings.
func (a *Analysis) sanity() []Finding {
	b := a.Batch
	out := append([]Finding{}, b.NonFinite...)
	if ig := a.Config.Ignored; len(ig) > 0 {
		out = append(out, Finding{Kind: ConfigIgnored, Tensor: "config", Count: len(ig), Cells: [][2]int{}, Keys: ig})
	}
	for _, f := range []*Finding{a.maskFinding(), a.eosFinding(), a.singletonFinding(), a.rewardFinding()} {
		if f != nil {
			out = append(out, *f)
		}
	}
	add := func(tensor string, f *engine.SanityFinding) bool {
		if f == nil {
			return false
		}
		out = append(out, Finding{Kind: string(f.Kind), Tensor: tensor, Count: f.Count, Cells: f.Cells, Value: f.Value})
		return true
	}
	scores, name := b.Scores, "token_level_scores"
	if scores == nil {
		scores, name = b.Rewards, "token_level_rewards"
	}
	scores = withoutEmptyRowScore(scores, b.Mask)
	if !add(name, engine.MassWhereMasked(scores, b.Mask, engine.SanityMassPastMask)) && b.Scores != nil && b.Rewards != nil {
		add("token_level_rewards", engine.MassWhereMasked(withoutEmptyRowScore(b.Rewards, b.Mask), b.Mask, engine.SanityMassPastMask))
	}
	add(name, engine.ScoreNotLast(scores, b.Mask))
	if b.Values != nil {
		att := b.AttentionResponse
		if att == nil && b.HasAttention {
			att = b.Mask
		}
		g := a.Config.Release.Gen
		if add("values", engine.ValuesWhereZeroed(g, b.Values, b.Mask, att)) {
			out[len(out)-1].Rule = string(engine.CriticRuleOf(g))
		}
		ret := b.Returns // the run's, else the engine's
		if ret == nil && a.GAE != nil {
			ret = a.Returns
		}
		shifted := ret != nil && add("values", engine.ValuesShifted(b.Values, ret, b.Mask))
		if !shifted && b.UID != nil {
			var first0 []float64 // each row's first response token, when the file has the tokens
			if b.Responses != nil {
				first0 = make([]float64, b.B)
				for i, row := range b.Responses {
					first0[i] = row[0]
				}
			}
			add("values", engine.ValuesShiftedInGroups(b.Values, b.Mask, b.UID, first0, tolerance(b.Values, b.Mask, b.PrecisionOf("values"))))
		}
	}
	return out
}

// withoutEmptyRowScore is x with the last cell of each empty row read as
// 0: verl's reward managers write an empty response's score at index
// valid_response_length − 1 = −1, its convention, not a bug. x itself is
// returned when no row is empty; else only the empty rows are copied.
func withoutEmptyRowScore(x, mask [][]float64) [][]float64 {
	var out [][]float64
	for i, row := range mask {
		if lastOne(row) >= 0 || len(row) == 0 {
			continue
		}
		if out == nil {
			out = append([][]float64{}, x...)
		}
		r := append([]float64{}, x[i]...)
		r[len(r)-1] = 0
		out[i] = r
	}
	if out == nil {
		return x
	}
	return out
}
