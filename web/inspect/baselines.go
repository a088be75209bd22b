package inspect

import (
	"math"

	"gaelab/web/inspect/tensorfile"
)

// readBaselines reads ReMax's reward_baselines, the greedy response's
// reward per row ([B], or [B, 1] as a trainer may keep it), into
// b.Baselines; a file without them leaves it nil.
func (b *Batch) readBaselines(f *tensorfile.File) error {
	t := f.Tensor("reward_baselines")
	if t == nil {
		return nil
	}
	if t.DType == tensorfile.Str || (len(t.Shape) != 1 && (len(t.Shape) != 2 || t.Shape[1] != 1)) || t.Shape[0] != b.B {
		return errorf("invalid_shape", "reward_baselines", "has shape %v (%s); want [%d] numbers (one greedy-response reward per row)", t.Shape, t.DType, b.B)
	}
	v, err := t.Float64s(nil)
	if err != nil {
		return errorf("invalid_file", "reward_baselines", "%v", err)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return errorf("invalid_number", "reward_baselines", "row %d is %v; want a finite reward", i, x)
		}
	}
	b.Baselines = v
	return nil
}
