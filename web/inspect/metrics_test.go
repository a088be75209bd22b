package inspect

import (
	"encoding/json"
	"testing"
)

// TestDataMetricsAttention: the batch's attention_mask gives
// prompt_length/* and, where a multi-turn response_mask masks an
// observation it keeps, the tokens v0.2–v0.4.1 read the advantages on
// (attention_mask[:, -R:]) while v0.5.0 on reads response_mask.
func TestDataMetricsAttention(t *testing.T) {
	doc := map[string]any{
		"config": map[string]any{"ver": "v0.4.1", "gamma": 1, "lam": 1},
		"inputs": map[string]any{
			"attention_mask":      [][]int{{0, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 0, 0}},
			"response_mask":       [][]int{{1, 0, 1, 1}, {1, 1, 0, 0}},
			"token_level_rewards": [][]float64{{0, 0, 0, 1}, {0, 2, 0, 0}},
			"values":              [][]float64{{0.5, 9, 0.5, 0.5}, {0.1, 0.2, 0, 0}},
			"advantages":          [][]float64{{1, 100, 1, 1}, {1, 1, 0, 0}},
		},
	}
	data, _ := json.Marshal(doc)
	for _, c := range []struct {
		ver     string
		advMean float64
	}{{"v0.4.1", 105.0 / 6}, {"v0.5.0", 5.0 / 5}} {
		a, err := Load(data, map[string][]string{"ver": {c.ver}})
		if err != nil {
			t.Fatal(err)
		}
		m, err := a.DataMetrics()
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]float64{
			"critic/advantages/mean": c.advMean, "prompt_length/mean": 1.5, "prompt_length/clip_ratio": 0.5,
			"response_length/mean": 3, "response_length/clip_ratio": 0.5,
		} {
			if got, _ := m.Get(name); got != want {
				t.Errorf("%s: %s = %v, want %v", c.ver, name, got, want)
			}
		}
	}
	if a, _ := Load(data, nil); a.Batch.AttentionResponse == nil || a.Batch.PromptWidth != 2 {
		t.Errorf("attention_mask's response part %v, prompt width %d", a.Batch.AttentionResponse, a.Batch.PromptWidth)
	}
}
