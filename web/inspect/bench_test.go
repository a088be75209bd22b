package inspect

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/url"
	"sort"
	"testing"
)

// syntheticSafetensors writes a B×R f32 verl batch (response_mask I64,
// token_level_rewards, values, advantages, returns; F32) as .safetensors,
// with lengths spread over 1…R and the run's advantages computed by the
// engine's newest GAE, so that the check has something to compare.
func syntheticSafetensors(tb testing.TB, B, R int) []byte { return syntheticOff(tb, B, R, 0) }

// syntheticOff is syntheticSafetensors with off added to every cell of the
// run's advantages and returns (off ≠ 0: numbers nothing reproduces).
func syntheticOff(tb testing.TB, B, R int, off float64) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	mask, rew, val := make([]float64, B*R), make([]float64, B*R), make([]float64, B*R)
	for i := range B {
		L := 1 + rng.IntN(R)
		for t := range L {
			mask[i*R+t] = 1
			val[i*R+t] = float64(float32(rng.Float64()))
		}
		rew[i*R+L-1] = float64(rng.IntN(2))
	}
	f32 := func(v []float64) []byte {
		out := make([]byte, 4*len(v))
		for k, x := range v {
			binary.LittleEndian.PutUint32(out[4*k:], math.Float32bits(float32(x)))
		}
		return out
	}
	i64 := func(v []float64) []byte {
		out := make([]byte, 8*len(v))
		for k, x := range v {
			binary.LittleEndian.PutUint64(out[8*k:], uint64(int64(x)))
		}
		return out
	}
	// the run's own advantages/returns: what the engine computes (exact)
	rows := func(v []float64) [][]float64 {
		m := make([][]float64, B)
		for i := range m {
			m[i] = v[i*R : (i+1)*R]
		}
		return m
	}
	b := &Batch{B: B, R: R, Mask: rows(mask), Rewards: rows(rew), Values: rows(val), Precision: 1e-4}
	a, err := Analyze(b, DefaultConfig())
	if err != nil {
		tb.Fatal(err)
	}
	flat := func(m [][]float64) []float64 {
		out := make([]float64, 0, B*R)
		for _, r := range m {
			for _, x := range r {
				out = append(out, x+off)
			}
		}
		return out
	}
	blobs := []struct {
		name, dtype string
		data        []byte
	}{
		{"response_mask", "I64", i64(mask)}, {"token_level_rewards", "F32", f32(rew)}, {"values", "F32", f32(val)},
		{"advantages", "F32", f32(flat(a.Advantages))}, {"returns", "F32", f32(flat(a.Returns))},
	}
	sort.Slice(blobs, func(i, j int) bool { return blobs[i].name < blobs[j].name })
	header := map[string]any{}
	var data []byte
	for _, bl := range blobs {
		header[bl.name] = map[string]any{"dtype": bl.dtype, "shape": []int{B, R}, "data_offsets": []int{len(data), len(data) + len(bl.data)}}
		data = append(data, bl.data...)
	}
	h, _ := json.Marshal(header)
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
	return append(append(out, h...), data...)
}

// BenchmarkLoad256x4096 is the budget: a 256 × 4,096 f32
// safetensors upload to its summary and check (≤ 1.5 s).
func BenchmarkLoad256x4096(b *testing.B) {
	data := syntheticSafetensors(b, 256, 4096)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		a, err := Load(data, url.Values{})
		if err != nil {
			b.Fatal(err)
		}
		if e := a.Check.Advantages.ExplainedBy; e == nil || *e != "exact" {
			b.Fatalf("explained by %v", e)
		}
	}
}

// BenchmarkLoad256x4096Mismatch is the other budget: the same
// upload whose run's numbers match nothing (every cell off by 0.5), so
// every candidate is tried (≤ 3 s).
func BenchmarkLoad256x4096Mismatch(b *testing.B) {
	data := syntheticOff(b, 256, 4096, 0.5)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		a, err := Load(data, url.Values{})
		if err != nil {
			b.Fatal(err)
		}
		if e := a.Check.Returns.ExplainedBy; e != nil {
			b.Fatalf("explained by %v", *e)
		}
	}
}
