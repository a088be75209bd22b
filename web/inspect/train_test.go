package inspect

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"net/url"
	"sort"
	"strconv"
	"testing"

	"gaelab/engine/train"
)

// trainSafetensors writes one iteration of the training lab (engine/train)
// as verl's trainer holds it: f64 tensors under verl's names, the uid and
// the config sidecar in __metadata__.
func trainSafetensors(t *testing.T, cfg train.Config, b train.Batch) []byte {
	t.Helper()
	B, R := len(b.Responses), cfg.Length
	f64 := func(m [][]float64) []byte {
		out := make([]byte, 0, 8*B*R)
		for _, row := range m {
			for _, x := range row {
				out = binary.LittleEndian.AppendUint64(out, math.Float64bits(x))
			}
		}
		return out
	}
	var mask, resp []byte
	for i, row := range b.Responses {
		for t2, tok := range row {
			mask = binary.LittleEndian.AppendUint64(mask, uint64(b.ResponseMask[i][t2]))
			resp = binary.LittleEndian.AppendUint64(resp, uint64(tok))
		}
	}
	type blob struct {
		name, dtype string
		data        []byte
	}
	blobs := []blob{
		{"response_mask", "I64", mask}, {"responses", "I64", resp},
		{"token_level_scores", "F64", f64(b.TokenLevelScores)}, {"token_level_rewards", "F64", f64(b.TokenLevelRewards)},
		{"old_log_probs", "F64", f64(b.OldLogProbs)}, {"ref_log_prob", "F64", f64(b.RefLogProb)},
		{"advantages", "F64", f64(b.Advantages)}, {"returns", "F64", f64(b.Returns)},
	}
	if b.Values != nil {
		blobs = append(blobs, blob{"values", "F64", f64(b.Values)})
	}
	sort.Slice(blobs, func(i, j int) bool { return blobs[i].name < blobs[j].name })
	uid := make([]string, B)
	for i, p := range b.Prompt {
		uid[i] = strconv.Itoa(p)
	}
	uids, _ := json.Marshal(uid)
	sidecar, _ := json.Marshal(map[string]any{"gamma": cfg.Gamma, "lam": cfg.Lam, "adv_estimator": cfg.Estimator,
		"norm_adv_by_std_in_grpo": cfg.NormByStd, "ver": cfg.Release})
	header := map[string]any{"__metadata__": map[string]string{"config": string(sidecar), "uid": string(uids)}}
	var data []byte
	for _, bl := range blobs {
		header[bl.name] = map[string]any{"dtype": bl.dtype, "shape": []int{B, R}, "data_offsets": []int{len(data), len(data) + len(bl.data)}}
		data = append(data, bl.data...)
	}
	h, _ := json.Marshal(header)
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
	return append(append(out, h...), data...)
}

// TestTrainIterationExact: an iteration of the training lab, exported as
// verl's trainer writes it, is judged exact for its release.
func TestTrainIterationExact(t *testing.T) {
	for _, tc := range []struct{ preset, release string }{
		{"ppo", "v0.2"}, {"ppo", "v0.4.1"}, {"ppo", "v0.7.0"}, {"grpo", "v0.4.1"}, {"dense", "v0.7.1"},
	} {
		cfg, err := train.Preset(tc.preset)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Release = tc.release
		tr, err := train.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var it train.Iteration
		for range 11 {
			if it, err = tr.Step(); err != nil {
				t.Fatal(err)
			}
		}
		a, err := Load(trainSafetensors(t, cfg, it.Batch), url.Values{})
		if err != nil {
			t.Fatalf("%s %s: %v", tc.preset, tc.release, err)
		}
		for name, q := range map[string]*Quantity{"advantages": a.Check.Advantages, "returns": a.Check.Returns} {
			if q == nil || q.ExplainedBy == nil || *q.ExplainedBy != "exact" {
				t.Fatalf("%s %s: %s not judged exact: %+v", tc.preset, tc.release, name, q)
			}
			if q.MaxAbsDiff != 0 {
				t.Errorf("%s %s: %s differ by %g from the engine's", tc.preset, tc.release, name, q.MaxAbsDiff)
			}
		}
	}
}
