package engine

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// metricsFixture is one case of testdata/metrics, written by
// web/verify/inverl/make_metrics.py with verl's own compute_data_metrics
// at every release tag.
type metricsFixture struct {
	Case           string                          `json:"case"`
	UseCritic      bool                            `json:"use_critic"`
	PromptWidth    int                             `json:"prompt_width"`
	Inputs         map[string][][]float64          `json:"inputs"`
	NonTensorBatch map[string][]float64            `json:"non_tensor_batch"`
	ByTag          map[string]metricsFixtureAnswer `json:"by_tag"`
}

type metricsFixtureAnswer struct {
	Metrics map[string]*float64 `json:"metrics"` // null is NaN
	Raises  string              `json:"raises"`
}

// dataBatchOf splits the fixture's whole attention_mask into its prompt
// and response parts, as a caller does.
func dataBatchOf(f metricsFixture) DataBatch {
	in := f.Inputs
	b := DataBatch{
		Scores: in["token_level_scores"], Rewards: in["token_level_rewards"],
		Advantages: in["advantages"], Returns: in["returns"], ResponseMask: in["response_mask"],
		PromptWidth: f.PromptWidth, NumTurns: f.NonTensorBatch["__num_turns__"], ToolCallCounts: f.NonTensorBatch["tool_call_counts"],
	}
	if f.UseCritic {
		b.Values = in["values"]
	}
	for _, row := range in["attention_mask"] {
		b.PromptLength = append(b.PromptLength, dataSum(row[:f.PromptWidth]))
		b.AttentionMask = append(b.AttentionMask, row[f.PromptWidth:])
	}
	return b
}

// TestDataMetricsInVerl: at every release tag, DataMetrics gives verl's
// own compute_data_metrics — the same names in the same order as verl's
// dict (sorted in the fixture), each value within float32's rounding, NaN
// where verl gives NaN, and an error where verl raises.
func TestDataMetricsInVerl(t *testing.T) {
	files, _ := filepath.Glob("testdata/metrics/*.json")
	if len(files) < 4 {
		t.Fatalf("want the 4 fixtures of make_metrics.py in testdata/metrics, got %v", files)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var f metricsFixture
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(f.ByTag) != 15 {
			t.Errorf("%s: %d tags, want the 15 of run.TAGS", file, len(f.ByTag))
		}
		for tag, want := range f.ByTag {
			r, err := ParseRelease(tag)
			if err != nil {
				t.Fatal(err)
			}
			got, gotErr := DataMetrics(r.Gen, dataBatchOf(f))
			if want.Raises != "" {
				if !errors.Is(gotErr, ErrMetricsEmpty) {
					t.Errorf("%s at %s: verl raises %s, DataMetrics gives err %v", f.Case, tag, want.Raises, gotErr)
				}
				continue
			}
			if gotErr != nil {
				t.Errorf("%s at %s: %v, verl gives metrics", f.Case, tag, gotErr)
			}
			var names, wantNames []string
			for _, m := range got {
				names = append(names, m.Name)
			}
			for n := range want.Metrics {
				wantNames = append(wantNames, n)
			}
			slices.Sort(names)
			slices.Sort(wantNames)
			if !slices.Equal(names, wantNames) {
				t.Errorf("%s at %s: names\n got %v\nwant %v", f.Case, tag, names, wantNames)
				continue
			}
			for _, m := range got {
				w := want.Metrics[m.Name]
				switch {
				case w == nil:
					if !math.IsNaN(m.Value) {
						t.Errorf("%s at %s: %s = %v, verl gives NaN", f.Case, tag, m.Name, m.Value)
					}
				case !(math.Abs(m.Value-*w) <= 2e-6*math.Max(1, math.Abs(*w))):
					t.Errorf("%s at %s: %s = %.9g, verl gives %.9g", f.Case, tag, m.Name, m.Value, *w)
				}
			}
		}
	}
}

// TestDataMetricsOrder: the metrics come in verl's dict order.
func TestDataMetricsOrder(t *testing.T) {
	m := [][]float64{{1, 1, 0}, {1, 1, 1}}
	b := DataBatch{Scores: m, Rewards: m, Advantages: m, Returns: m, Values: m, ResponseMask: m, PromptLength: []float64{2, 1}, PromptWidth: 2}
	got, err := DataMetrics(G12, b)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range got {
		names = append(names, x.Name)
	}
	want := []string{"critic/score/mean", "critic/score/max", "critic/score/min", "critic/rewards/mean", "critic/rewards/max", "critic/rewards/min",
		"critic/advantages/mean", "critic/advantages/max", "critic/advantages/min", "critic/returns/mean", "critic/returns/max", "critic/returns/min",
		"critic/values/mean", "critic/values/max", "critic/values/min", "critic/vf_explained_var",
		"response_length/mean", "response_length/max", "response_length/min", "response_length/clip_ratio",
		"response_length_non_aborted/mean", "response_length_non_aborted/max", "response_length_non_aborted/min", "response_length_non_aborted/clip_ratio",
		"response/aborted_ratio", "prompt_length/mean", "prompt_length/max", "prompt_length/min", "prompt_length/clip_ratio"}
	if !slices.Equal(names, want) {
		t.Errorf("order\n got %v\nwant %v", names, want)
	}
	if v, _ := got.Get("response_length/clip_ratio"); v != 0.5 {
		t.Errorf("clip_ratio = %v, want 0.5 (one of two rows as long as R = 3)", v)
	}
}
