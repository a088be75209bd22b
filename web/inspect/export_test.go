package inspect

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gaelab/engine"
)

// exporterHarness stands in for verl: torch-like tensors (detach, cpu,
// is_floating_point, float, dtype, tolist; numpy() only when NumPy is
// used, else it raises as a torch without NumPy does), a DataProto and a
// trainer config of nested attributes, read from the spec file argv[1],
// then calls the committed exporter's dump_batch into argv[2].
// standInTensor is a torch tensor as the exporter uses it: rows of numbers,
// converted through NumPy only when the harness's use_numpy says so.
const standInTensor = `
class T:
    def __init__(self, rows, floating): self.rows, self.f = rows, floating
    def detach(self): return self
    def cpu(self): return self
    def is_floating_point(self): return self.f
    def float(self): return self
    def double(self): return self
    @property
    def dtype(self): return "torch.float32" if self.f else "torch.int64"
    def tolist(self): return self.rows
    def numpy(self):
        if not use_numpy:
            raise RuntimeError("Numpy is not available")
        import numpy as np
        return np.asarray(self.rows, dtype=np.float32 if self.f else np.int64)
`

const exporterHarness = `
import json, sys, types
sys.path.insert(0, sys.argv[3])
from gaelab_dump import dump_batch

spec = json.load(open(sys.argv[1]))
use_numpy = spec["numpy"]

` + standInTensor + `
def ns(d):
    return types.SimpleNamespace(**{k: ns(v) if isinstance(v, dict) else v for k, v in d.items()})

tensors = {k: T(v, k not in ("response_mask", "responses")) for k, v in spec["tensors"].items()}
tensors.update({k: T(v, True) for k, v in (spec.get("rows") or {}).items()})
batch = types.SimpleNamespace(batch=tensors, non_tensor_batch={"uid": spec["uid"]} if spec["uid"] else {})
tok = ns(spec["tokenizer"]) if spec.get("tokenizer") else None
dump_batch(batch, sys.argv[2], ns(spec["config"]), ver=spec["ver"], tokenizer=tok, step=7 if tok else None)
`

// exportCase is one batch for the exporter, the run's numbers computed by
// the engine, and what the check must read back.
type exportCase struct {
	name      string
	tensors   map[string][][]float64
	uid       []string
	config    map[string]any // the trainer config, verl's keys
	ver       string
	estimator string // the key the sidecar must carry
	// rows are one number a response (reward_baselines), tokenizer the
	// trainer's tokenizer's ids (eos_token_id, pad_token_id), or nil.
	rows      map[string][]float64
	tokenizer map[string]int
}

func exportCases(t *testing.T) []exportCase {
	mask := [][]float64{{1, 1, 1, 0, 0}, {1, 1, 1, 1, 1}, {1, 1, 0, 0, 0}, {1, 1, 1, 1, 0}}
	f32 := func(m [][]float64) [][]float64 {
		out := engine.NewMatrix(len(m), len(m[0]))
		for i, row := range m {
			for t, x := range row {
				out[i][t] = float64(float32(x))
			}
		}
		return out
	}
	rewards := f32([][]float64{{0, 0, 1, 0, 0}, {0, 0, 0, 0, 0.5}, {0, -1, 0, 0, 0}, {0, 0, 0, 1, 0}})
	values := f32([][]float64{{0.3, 0.4, 0.6, 0, 0}, {0.2, 0.1, 0.3, 0.2, 0.4}, {0.5, 0.7, 0, 0, 0}, {0.1, 0.2, 0.3, 0.9, 0}})
	old := f32([][]float64{{-0.4, -0.3, -0.6, 0, 0}, {-0.2, -0.25, -1, -0.5, -0.1}, {-0.3, -0.2, 0, 0, 0}, {-1, -0.5, -0.4, -0.2, 0}})
	ref := f32([][]float64{{-0.5, -0.35, -0.5, 0, 0}, {-0.3, -0.2, -0.9, -0.6, -0.3}, {-0.3, -0.4, 0, 0, 0}, {-0.9, -0.6, -0.4, -0.1, 0}})
	uid := []string{"p0", "p0", "p1", "p1"}
	var cases []exportCase

	// GAE, v0.4.1, rewards given.
	rel, _ := engine.ParseRelease("v0.4.1")
	g := engine.GAE(rel.Gen, rewards, values, mask, 1, 0.95)
	cases = append(cases, exportCase{"gae", map[string][][]float64{"response_mask": mask, "token_level_rewards": rewards, "values": values, "advantages": g.Whitened, "returns": g.Returns},
		nil, map[string]any{"algorithm": map[string]any{"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "kl_penalty": "kl", "use_kl_in_reward": false, "kl_ctrl": map[string]any{"kl_coef": 0.001}}}, "0.4.1", "gae", nil, nil})

	// GAE after the KL penalty, v0.9.0: scores and log-probs only.
	rel, _ = engine.ParseRelease("v0.9.0")
	kr, err := engine.ApplyKLPenalty(rel.Gen, rewards, old, ref, mask, "low_var_kl", &engine.FixedKLController{Beta: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	g = engine.GAE(rel.Gen, kr.Rewards, values, mask, 0.99, 0.9)
	cases = append(cases, exportCase{"kl", map[string][][]float64{"response_mask": mask, "token_level_scores": rewards, "old_log_probs": old, "ref_log_prob": ref, "values": values, "advantages": g.Whitened, "returns": g.Returns},
		nil, map[string]any{"algorithm": map[string]any{"gamma": 0.99, "lam": 0.9, "adv_estimator": "gae", "kl_penalty": "low_var_kl", "use_kl_in_reward": true, "kl_ctrl": map[string]any{"kl_coef": 0.05}}}, "0.9.0", "gae", nil, nil})
	// The same with token ids (EOS 2 at each response's end, pad 0), the
	// tokenizer's ids and ReMax's reward_baselines.
	responses := [][]float64{{5, 7, 2, 0, 0}, {4, 4, 4, 4, 2}, {9, 2, 0, 0, 0}, {3, 3, 3, 2, 0}}
	cases = append(cases, exportCase{"tokens", map[string][][]float64{"response_mask": mask, "responses": responses, "token_level_scores": rewards, "old_log_probs": old, "ref_log_prob": ref, "values": values, "advantages": g.Whitened, "returns": g.Returns},
		nil, cases[len(cases)-1].config, "0.9.0", "gae", map[string][]float64{"reward_baselines": {0.5, 0.25, -0.5, 1}}, map[string]int{"eos_token_id": 2, "pad_token_id": 0}})

	// GRPO and Dr.GRPO, v0.9.0, grouped by uid, no critic.
	for _, norm := range []bool{true, false} {
		key := "grpo_norm_std"
		if !norm {
			key = "grpo_no_std(drgrpo)"
		}
		var adv, ret [][]float64
		for _, e := range rel.Gen.OutcomeEstimators() {
			if e.Key == key {
				adv, ret, err = e.Run(engine.OutcomeInputs{Rewards: rewards, Mask: mask, Index: uid, Epsilon: engine.DefaultOutcomeEpsilon, Gen: rel.Gen})
			}
		}
		if err != nil || adv == nil {
			t.Fatalf("%s: %v", key, err)
		}
		cases = append(cases, exportCase{key, map[string][][]float64{"response_mask": mask, "token_level_rewards": rewards, "advantages": adv, "returns": ret},
			uid, map[string]any{"algorithm": map[string]any{"gamma": 1.0, "lam": 1.0, "adv_estimator": "grpo", "norm_adv_by_std_in_grpo": norm, "kl_penalty": "kl", "use_kl_in_reward": false, "kl_ctrl": map[string]any{"kl_coef": 0.001}}}, "0.9.0", key, nil, nil})
	}
	return cases
}

// TestExporter runs the committed exporter (web/inspect/export/gaelab_dump.py)
// on stand-in verl batches whose run's numbers are the engine's, and reads
// each file with the loader: the tensors, the uids and every config key
// (ver from verl.__version__, the estimator from adv_estimator) come back
// and the check is exact. With the standard library only (always), and
// through NumPy where it is installed.
func TestExporter(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	exportDir, _ := filepath.Abs("export")
	numpyPy := withNumPy(py)
	for _, useNumPy := range []bool{false, true} {
		mode := "stdlib"
		if useNumPy {
			mode = "numpy"
		}
		t.Run(mode, func(t *testing.T) {
			py := py
			if useNumPy {
				if numpyPy == "" {
					if os.Getenv("CI") == "true" {
						t.Fatal("no python3 with NumPy: .ci/run installs python3-numpy")
					}
					t.Skip("python3 has no NumPy here: only the standard-library writer is tested")
				}
				py = numpyPy
			}
			dir := t.TempDir()
			harness := filepath.Join(dir, "harness.py")
			os.WriteFile(harness, []byte(exporterHarness), 0o644)
			for _, c := range exportCases(t) {
				spec, _ := json.Marshal(map[string]any{"tensors": c.tensors, "uid": c.uid, "config": c.config, "ver": c.ver, "numpy": useNumPy, "rows": c.rows, "tokenizer": c.tokenizer})
				specFile, out := filepath.Join(dir, c.name+".json"), filepath.Join(dir, c.name+".npz")
				os.WriteFile(specFile, spec, 0o644)
				if b, err := exec.Command(py, harness, specFile, out, exportDir).CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s", c.name, err, b)
				}
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				a, err := Load(data, url.Values{})
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				algo := c.config["algorithm"].(map[string]any)
				if a.Config.Ver != "v"+c.ver || a.Config.Estimator != c.estimator || a.Config.Gamma != algo["gamma"] || a.Config.Lam != algo["lam"] ||
					a.Config.KLPenalty != algo["kl_penalty"] || a.Config.UseKLInReward != algo["use_kl_in_reward"] || a.Config.KLCoef != algo["kl_ctrl"].(map[string]any)["kl_coef"] {
					t.Errorf("%s: config %+v from %v", c.name, a.Config, algo)
				}
				if a.Batch.Precision != 1e-4 || a.Batch.B != 4 || a.Batch.R != 5 || (c.uid != nil && (len(a.Batch.UID) != 4 || a.Batch.UID[2] != "p1")) {
					t.Errorf("%s: precision %v, shape %d×%d, uid %v", c.name, a.Batch.Precision, a.Batch.B, a.Batch.R, a.Batch.UID)
				}
				for name, want := range c.tensors {
					if got := exportTensor(a.Batch, name); got == nil || !sameF32(got, want) {
						t.Errorf("%s: %s read back %v, saved %v", c.name, name, got, want)
					}
				}
				// The tokenizer's ids reach the config, and the EOS check runs on them
				// (verl's mask agrees); without them it says it skipped.
				if c.tokenizer != nil {
					if a.Config.Step == nil || *a.Config.Step != 7 || a.Config.EOS == nil || *a.Config.EOS != 2 || a.Config.Pad == nil || *a.Config.Pad != 0 || finding(a, MaskDisagreesEOS) != nil || finding(a, MaskCheckSkipped) != nil {
						t.Errorf("%s: eos %v pad %v, findings %+v", c.name, a.Config.EOS, a.Config.Pad, a.Sanity)
					}
					if !zipHas(data, "reward_baselines.npy") {
						t.Errorf("%s: reward_baselines not saved", c.name)
					}
				} else if a.Config.EOS != nil {
					t.Errorf("%s: eos %v from no tokenizer", c.name, *a.Config.EOS)
				}
				if a.Check == nil || exportExplained(a.Check.Advantages) != "exact" || exportExplained(a.Check.Returns) != "exact" {
					t.Errorf("%s: the check of the exported batch is not exact: %+v", c.name, a.Check)
				}
			}
		})
	}
}

func exportExplained(q *Quantity) string {
	if q == nil || q.ExplainedBy == nil {
		return ""
	}
	return *q.ExplainedBy
}

func exportTensor(b *Batch, name string) [][]float64 {
	return map[string][][]float64{"response_mask": b.Mask, "token_level_rewards": b.Rewards, "token_level_scores": b.Scores, "values": b.Values,
		"old_log_probs": b.OldLogProbs, "ref_log_prob": b.RefLogProb, "advantages": b.Advantages, "returns": b.Returns, "responses": b.Responses}[name]
}

// sameF32: got holds want rounded to float32, cell by cell.
func sameF32(got, want [][]float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			return false
		}
		for t := range got[i] {
			if got[i][t] != float64(float32(want[i][t])) {
				return false
			}
		}
	}
	return true
}

// withNumPy is a Python 3 that imports NumPy: py itself, else Debian's
// /usr/bin/python3 (python3-numpy), else "".
func withNumPy(py string) string {
	for _, p := range []string{py, "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import numpy").Run() == nil {
			return p
		}
	}
	return ""
}

// zipHas says whether the .npz data holds the member name.
func zipHas(data []byte, name string) bool {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	for _, f := range z.File {
		if f.Name == name {
			return true
		}
	}
	return false
}
