package train

import (
	"math"
	"strings"
	"testing"
)

// FuzzNew: any config is an error naming a field or a run whose first
// iteration has finite metrics; nothing panics.
func FuzzNew(f *testing.F) {
	f.Add("ppo", "v0.4.1", 32, 16, 4, 4, 0.2, 0.95, 0.1, 0.0, uint64(1))
	f.Add("grpo", "v0.2", 1, 1, 1, 1, 0.5, 0.0, 10.0, 1.0, uint64(7))
	f.Add("drgrpo", "v0.7.1", 3, 32, 3, 2, 0.9, 1.0, 0.0, 0.5, uint64(1<<63))
	f.Add("warmup", "v0.9.0", 8, 4, 2, 2, 0.2, 0.95, 0.1, 0.01, uint64(3))
	f.Add("grpo", "v0.8.0", 1, 1, 1, 1, 0.5, 0.0, 10.0, 1.0, uint64(9))
	f.Fuzz(func(t *testing.T, preset, release string, n, length, epochs, minis int, clip, lam, lr, entropy float64, seed uint64) {
		cfg, err := Preset(preset)
		if err != nil {
			return
		}
		cfg.Release, cfg.N, cfg.Length, cfg.PPOEpochs, cfg.MiniBatches = release, n, length, epochs, minis
		cfg.ClipRatio, cfg.Lam, cfg.ActorLR, cfg.EntropyCoeff, cfg.Seed = clip, lam, lr, entropy, seed
		cfg.Iterations = 1
		if cfg.Rows()*cfg.Length*cfg.PPOEpochs > 1<<14 && n > 0 && n <= MaxRows {
			cfg.PPOEpochs = 1 // keep one input fast
		}
		tr, err := New(cfg)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "train: ") || !strings.Contains(err.Error(), ": ") {
				t.Fatalf("error names no field: %v", err)
			}
			return
		}
		it, err := tr.Step()
		if err != nil {
			t.Fatalf("a valid config's first iteration: %v", err)
		}
		for _, m := range it.Metrics {
			if math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
				t.Fatalf("%s = %v", m.Name, m.Value)
			}
		}
	})
}
