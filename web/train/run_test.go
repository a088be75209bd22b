package train

import (
	"math"
	"net/http/httptest"
	"reflect"
	"testing"

	"gaelab/engine/train"
)

// TestFrameResumes: a frame is the same whether computed cold, from the
// checkpoints, or from the previous tick's tail, and its update metrics
// are engine/train's straight run's.
func TestFrameResumes(t *testing.T) {
	cfg, _ := train.Preset("ppo")
	cfg.Iterations = 25
	straight, err := train.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	warm := NewRuns(CheckpointBytes)
	for n := range cfg.Iterations {
		got, err := warm.Frame(cfg, n) // each tick resumes from the last
		if err != nil {
			t.Fatal(err)
		}
		cold, err := NewRuns(CheckpointBytes).Frame(cfg, n)
		if err != nil {
			t.Fatal(err)
		}
		if !sameFrame(got, cold) {
			t.Fatalf("iteration %d: the warm frame differs from the cold one", n)
		}
		if len(got.Rows) != n+1 || got.It.Index != n {
			t.Fatalf("iteration %d: %d rows, index %d", n, len(got.Rows), got.It.Index)
		}
		for _, m := range straight.Iterations[n].Metrics {
			if v, ok := got.Rows[n].Value(m.Name); !ok || math.Float64bits(v) != math.Float64bits(m.Value) {
				t.Fatalf("iteration %d: %s = %v, the straight run's %v", n, m.Name, v, m.Value)
			}
		}
	}
	if warm.blocks.Len() == 0 {
		t.Fatal("no checkpoint kept")
	}
	// A cache that keeps nothing still answers (every frame from iteration 0).
	if _, err := NewRuns(1).Frame(cfg, 24); err != nil {
		t.Fatal(err)
	}
}

func sameFrame(a, b Frame) bool {
	return reflect.DeepEqual(a.It, b.It) && reflect.DeepEqual(a.Policy, b.Policy) && len(a.Rows) == len(b.Rows) &&
		reflect.DeepEqual(fmtRows(a.Rows), fmtRows(b.Rows))
}

// fmtRows are the rows' bits (NaN ≠ NaN under DeepEqual).
func fmtRows(rows []Row) [][]uint64 {
	out := make([][]uint64, len(rows))
	for i, r := range rows {
		for _, m := range r {
			out[i] = append(out[i], math.Float64bits(m.Value))
		}
	}
	return out
}

// BenchmarkColdLast is a cold link at the room's caps: the last iteration
// of a 100-iteration comparison (2 × 100 iterations at 64 × 16, ≤ 1 s).
func BenchmarkColdLast(b *testing.B) {
	s, err := Decode(map[string][]string{"p": {"grpo"}, "steps": {"100"}, "it": {"99"}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		rm := NewRoom(Quota{})
		if _, err := rm.frames(httptest.NewRecorder(), httptest.NewRequest("GET", "/train", nil), s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkColdNoClip is the dearest preset cold: clipping off, 2 runs of
// 50 iterations of 16 PPO epochs.
func BenchmarkColdNoClip(b *testing.B) {
	s, err := Decode(map[string][]string{"p": {"no-clip"}, "it": {"49"}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := NewRoom(Quota{}).frames(httptest.NewRecorder(), httptest.NewRequest("GET", "/train", nil), s); err != nil {
			b.Fatal(err)
		}
	}
}
