package inspect

import (
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gaelab/web/inspect/tensorfile"
)

// load reads a fixture written by testdata/make_fixtures.py and analyses it
// with its sidecar config and then the query q.
func load(t *testing.T, name string, q url.Values) (*Analysis, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return Load(data, q)
}

func explained(q *Quantity) string {
	if q == nil {
		return "<no quantity>"
	}
	if q.ExplainedBy == nil {
		return "<null>"
	}
	return *q.ExplainedBy
}

// TestDiagnoses checks each diagnosis on a real fixture: the run's numbers
// were computed by make_fixtures.py's transcription of verl, and the check
// must name what reproduces them.
func TestDiagnoses(t *testing.T) {
	for _, tc := range []struct {
		file, query      string
		adv, ret         string // want explained_by; "" = the file has no such tensor
		advAlso, retAlso string // a candidate that must also be among the matches
		rows, valid      int
	}{
		{"newest_f32.npz", "", "exact", "exact", "", "", 6, 37},
		// tail padding with V = 0 there: v0.2 and newest agree
		{"newest_f32.npz", "ver=v0.2", "exact", "exact", "", "", 6, 37},
		{"v02_eosleak.safetensors", "", "v0.2–v0.3.0.rc0", "v0.2–v0.3.0.rc0", "eos-leak", "eos-leak", 6, 37},
		{"v02_eosleak.safetensors", "ver=v0.2", "exact", "exact", "", "", 6, 37},
		{"whitened_returns.npz", "gamma=1&lam=0.95", "exact", "whitened-returns", "", "", 6, 37},
		{"per_seq_whiten.safetensors", "", "per-seq-whiten", "", "", "", 5, 36},
		{"no_whiten_bf16.safetensors", "", "no-whiten", "", "", "", 6, 37},
		{"grpo.npz", "estimator=grpo_norm_std", "exact", "exact", "", "", 6, 37},
		{"grpo.npz", "estimator=" + url.QueryEscape("grpo_no_std(drgrpo)"), "grpo_norm_std", "grpo_norm_std", "", "", 6, 37},
		{"attention_f16.npz", "lam=0.95&use_kl_in_reward=true&kl_coef=0.1&kl_penalty=kl", "exact", "exact", "", "", 6, 37},
		// bugs of engine/bugs.go, each computed by make_fixtures.py (f64)
		{"bug_shift.safetensors", "", "shift", "shift", "", "", 6, 37},
		{"bug_no_reverse.safetensors", "", "no-reverse", "no-reverse", "", "", 6, 37},
		{"bug_trl_slot.safetensors", "", "trl-reward-slot", "trl-reward-slot", "", "", 6, 37},
		// unmasked padding values walked through to the tensor's end: what v0.2–v0.4 computed
		{"bug_bootstrap.safetensors", "", "v0.2–v0.3.0.rc0", "v0.2–v0.3.0.rc0", "bootstrap", "v0.3.0.post0–v0.4.1", 6, 37},
		// numbers nothing tried reproduces
		{"unexplained.safetensors", "", "<null>", "<null>", "", "", 6, 37},
	} {
		t.Run(tc.file+"?"+tc.query, func(t *testing.T) {
			q, _ := url.ParseQuery(tc.query)
			a, err := load(t, tc.file, q)
			if err != nil {
				t.Fatal(err)
			}
			if a.Stats.Rows != tc.rows || a.Stats.ValidTokens != tc.valid {
				t.Errorf("rows %d valid %d, want %d and %d", a.Stats.Rows, a.Stats.ValidTokens, tc.rows, tc.valid)
			}
			if a.Check == nil {
				t.Fatal("no check, though the file has advantages")
			}
			for _, c := range []struct {
				name, want, also string
				q                *Quantity
			}{{"advantages", tc.adv, tc.advAlso, a.Check.Advantages}, {"returns", tc.ret, tc.retAlso, a.Check.Returns}} {
				if c.want == "" {
					if c.q != nil {
						t.Errorf("%s: checked, but the file has none", c.name)
					}
					continue
				}
				if got := explained(c.q); got != c.want {
					t.Errorf("%s explained by %s, want %s (max diff %g, tried %+v)", c.name, got, c.want, c.q.MaxAbsDiff, c.q.Tried)
				}
				if c.also != "" && !slices.Contains(c.q.Matches, c.also) {
					t.Errorf("%s: %s not among the matches %v", c.name, c.also, c.q.Matches)
				}
				if c.want != "exact" && c.q.MaxAbsDiff <= c.q.Tolerance {
					t.Errorf("%s: max diff %g against the chosen release is within tolerance %g, yet not exact", c.name, c.q.MaxAbsDiff, c.q.Tolerance)
				}
			}
		})
	}
}

// TestMalformed checks that every malformed fixture is refused with an
// error naming the tensor and the problem.
func TestMalformed(t *testing.T) {
	for _, tc := range []struct {
		file, code, field, words string
	}{
		{"bad_pickle.npz", "invalid_file", "values", "pickle"},
		{"bad_pickle.pkl", "pickle", "file", "dump_batch"}, // what it holds and how to export the tensors (notABatch)
		{"bad_nan.npz", "invalid_number", "values", "[2, 3] is NaN"},
		{"bad_mask.npz", "invalid_mask", "response_mask", "[1, 2] is 2"},
		{"bad_shape.npz", "invalid_shape", "values", "[6 9]"},
		{"bad_truncated.safetensors", "invalid_file", "values", "past the end"},
		{"bad_offsets.safetensors", "invalid_file", "values", "overlaps"},
		{"bomb_declared.npz", "invalid_file", "values", "before inflating"},
		{"bomb_lying.npz", "invalid_file", "values", "zip bomb"},
		{"grpo.npz", "missing_field", "values", "critic"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			_, err := load(t, tc.file, nil)
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("got %v (%T), want an *inspect.Error", err, err)
			}
			if e.Code != tc.code || e.Field != tc.field || !strings.Contains(e.Message, tc.words) {
				t.Errorf("got code %q field %q message %q; want %q, %q, containing %q", e.Code, e.Field, e.Message, tc.code, tc.field, tc.words)
			}
		})
	}
}

func TestFixtureExtras(t *testing.T) {
	a, err := load(t, "newest_f32.npz", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Config.Lam != 0.95 {
		t.Errorf("the sidecar's lam was not read: %v", a.Config.Lam)
	}
	if a.Stats.Groups != 2 || a.Rows[3].Group != "q-b" {
		t.Errorf("groups %d, row 3's %q; want 2 and q-b", a.Stats.Groups, a.Rows[3].Group)
	}
	if a.Batch.Tokens[2][1] != "t2.1" {
		t.Errorf("token text [2][1] = %q", a.Batch.Tokens[2][1])
	}
	if a.Rows[2].Length != 4 || a.Rows[2].EOS != 3 {
		t.Errorf("row 2: length %d eos %d, want 4 and 3", a.Rows[2].Length, a.Rows[2].EOS)
	}
	_ = tensorfile.F32
}
