package webtest

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
)

// UploadBatch is a B×R f32 .safetensors batch (response_mask,
// token_level_rewards, values) with random lengths, 0/1 scores at each
// row's last token and random values: the upload the inspect tests and
// benchmarks send. The same B and R give the same bytes.
func UploadBatch(B, R int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var mask, rew, val []byte
	for range B {
		L := 1 + rng.IntN(R)
		for t := range R {
			m, r, v := 0.0, 0.0, 0.0
			if t < L {
				m, v = 1, rng.Float64()
			}
			if t == L-1 {
				r = float64(rng.IntN(2))
			}
			mask = binary.LittleEndian.AppendUint32(mask, math.Float32bits(float32(m)))
			rew = binary.LittleEndian.AppendUint32(rew, math.Float32bits(float32(r)))
			val = binary.LittleEndian.AppendUint32(val, math.Float32bits(float32(v)))
		}
	}
	n := len(mask)
	h, _ := json.Marshal(map[string]any{
		"response_mask":       map[string]any{"dtype": "F32", "shape": []int{B, R}, "data_offsets": []int{0, n}},
		"token_level_rewards": map[string]any{"dtype": "F32", "shape": []int{B, R}, "data_offsets": []int{n, 2 * n}},
		"values":              map[string]any{"dtype": "F32", "shape": []int{B, R}, "data_offsets": []int{2 * n, 3 * n}},
	})
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
	return append(append(append(append(out, h...), mask...), rew...), val...)
}
