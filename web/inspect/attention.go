package inspect

import (
	"gaelab/engine"
	"gaelab/web/inspect/tensorfile"
)

// readAttention reads attention_mask's prompt lengths and, where it
// differs from Mask, its response part. A file whose mask came from
// response_mask and whose attention_mask has another shape keeps its
// old reading: attention_mask is then left out.
func (b *Batch) readAttention(t *tensorfile.Tensor) error {
	if len(t.Shape) != 2 || t.Shape[0] != b.B || t.Shape[1] < b.R || t.DType == tensorfile.Str {
		return nil
	}
	flat, err := t.Float64s(nil)
	if err != nil {
		return errorf("invalid_file", "attention_mask", "%v", err)
	}
	W, P := t.Shape[1], t.Shape[1]-b.R
	b.HasAttention = true
	b.PromptWidth = P
	b.PromptLength = make([]float64, b.B)
	differs := false
	for i := range b.B {
		row := flat[i*W : (i+1)*W]
		for _, m := range row[:P] {
			b.PromptLength[i] += m
		}
		for t, m := range row[P:] {
			differs = differs || m != b.Mask[i][t]
		}
	}
	if P == 0 {
		b.PromptLength, b.PromptWidth = nil, 0
	}
	if differs {
		b.AttentionResponse = make([][]float64, b.B)
		for i := range b.B {
			b.AttentionResponse[i] = flat[i*W+P : (i+1)*W : (i+1)*W]
		}
	}
	return nil
}

// MaskDisagrees is the mask check's finding: response_mask is 1 where
// attention_mask[:, -R:] is 0 (a token the model never saw), or, in a
// single-turn batch, 0 at the end of a response the attention mask still
// covers (a mask one token short, EOS left out).
const MaskDisagrees = "mask_disagrees_attention"

// maskFinding compares response_mask with the response part of the file's
// attention_mask (verl's compute_response_mask) when the file has both;
// nil when they agree. Observation tokens of a multi-turn batch (0 inside a
// response, 1 after them) are verl's and never counted; so, in a batch
// that has them, are trailing ones (an agent's response may end inside an
// observation).
func (a *Analysis) maskFinding() *Finding {
	b := a.Batch
	att := b.AttentionResponse
	if att == nil {
		return nil
	}
	multiTurn := false
	for i, row := range b.Mask {
		last := lastOne(row)
		for t := 0; t < last && !multiTurn; t++ {
			multiTurn = row[t] == 0 && att[i][t] == 1
		}
	}
	f := Finding{Kind: MaskDisagrees, Tensor: "response_mask", Cells: [][2]int{}}
	for i, row := range b.Mask {
		last := lastOne(row)
		for t, m := range row {
			bad := m == 1 && att[i][t] == 0
			bad = bad || (!multiTurn && m == 0 && att[i][t] == 1 && t > last)
			if bad {
				f.Count++
				if len(f.Cells) < engine.SanityCells {
					f.Cells = append(f.Cells, [2]int{i, t})
				}
			}
		}
	}
	if f.Count == 0 {
		return nil
	}
	f.Value = float64(f.Count)
	return &f
}

// lastOne is the index of row's last 1, −1 for none.
func lastOne(row []float64) int {
	for t := len(row) - 1; t >= 0; t-- {
		if row[t] == 1 {
			return t
		}
	}
	return -1
}
