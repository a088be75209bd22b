package inspect

import "gaelab/engine"

// The EOS check's findings.
const (
	// MaskDisagreesEOS: response_mask is not verl's get_response_mask of
	// the file's own responses (1 up to and including the first EOS, 0
	// after; all 1 where a response has no EOS).
	MaskDisagreesEOS = "mask_disagrees_eos"
	// MaskCheckSkipped: the file has responses but no eos_token_id (in the
	// config, the sidecar or the exporter's config entry), so the EOS check
	// did not run (a note).
	MaskCheckSkipped = "mask_check_skipped"
)

// eosFinding compares response_mask with get_response_mask(responses,
// eos_token_id) over each row; nil when they agree, when the file has no
// responses, or in a multi-turn batch (a 0 inside a response followed by a
// 1: observation tokens, and an EOS at the end of each turn). Without an
// EOS id it is MaskCheckSkipped.
func (a *Analysis) eosFinding() *Finding {
	b := a.Batch
	if b.Responses == nil {
		return nil
	}
	if a.Config.EOS == nil {
		return &Finding{Kind: MaskCheckSkipped, Tensor: "responses", Cells: [][2]int{}}
	}
	eos := float64(*a.Config.EOS)
	for _, row := range b.Mask {
		if last := lastOne(row); last >= 0 {
			for t := range last {
				if row[t] == 0 {
					return nil // multi-turn
				}
			}
		}
	}
	f := Finding{Kind: MaskDisagreesEOS, Tensor: "response_mask", Cells: [][2]int{}}
	for i, row := range b.Mask {
		if lastOne(row) < 0 && allPad(b.Responses[i], a.Config.Pad) {
			// An empty response: verl pads it (v0.9.0's agent loop,
			// _pad_token_ids) instead of masking it with get_response_mask,
			// and it trains on nothing; an attention_mask that says
			// otherwise is maskFinding's.
			continue
		}
		seen := false // an EOS at an earlier token
		for t, m := range row {
			want := 1.0
			if seen {
				want = 0
			}
			if m != want {
				f.Count++
				if len(f.Cells) < engine.SanityCells {
					f.Cells = append(f.Cells, [2]int{i, t})
				}
			}
			seen = seen || b.Responses[i][t] == eos
		}
	}
	if f.Count == 0 {
		return nil
	}
	f.Value = float64(f.Count)
	return &f
}

// allPad says whether every token of a response is the pad (true when the
// pad's id is not known).
func allPad(tokens []float64, pad *int) bool {
	if pad == nil {
		return true
	}
	for _, x := range tokens {
		if x != float64(*pad) {
			return false
		}
	}
	return true
}
