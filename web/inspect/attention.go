package inspect

import "gaelab/web/inspect/tensorfile"

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
