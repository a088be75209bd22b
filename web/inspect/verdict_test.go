package inspect

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gaelab/engine"
)

// The gen_* fixtures are written by internal/mkfixtures through the engine.

func mustLoad(t *testing.T, file, query string) *Analysis {
	t.Helper()
	q, _ := url.ParseQuery(query)
	a, err := load(t, file, q)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func finding(a *Analysis, kind string) *Finding {
	for k := range a.Sanity {
		if a.Sanity[k].Kind == kind {
			return &a.Sanity[k]
		}
	}
	return nil
}

// Each sanity check reports its pattern with the cells that show it, on
// batches whose GAE check is nonetheless exact.
func TestSanityFindings(t *testing.T) {
	for _, tc := range []struct {
		file, query, kind, tensor string
		cell                      [2]int
		count                     int
	}{
		{"gen_score_past_eos.safetensors", "", "mass_where_masked", "token_level_scores", [2]int{0, 4}, 5},
		{"gen_critic_slice.safetensors", "", "values_shifted", "values", [2]int{-1, -1}, 0},
		{"gen_score_early.safetensors", "", "score_not_last", "token_level_scores", [2]int{0, 1}, 5},
		{"gen_v090_midmask.safetensors", "ver=v0.5.0", "values_where_masked", "values", [2]int{0, 2}, 12}, // v0.9.0's critic keeps them, v0.5.0's zeroes them
		{"gen_nan_padding.safetensors", "", NonFiniteMasked, "values", [2]int{0, 9}, 2},
		{"v02_eosleak.safetensors", "ver=v0.4.1", "values_where_masked", "values", [2]int{1, 7}, 5}, // v0.2's critic keeps the value past EOS, v0.4.1's zeroes it
	} {
		t.Run(tc.file+"/"+tc.kind, func(t *testing.T) {
			a := mustLoad(t, tc.file, tc.query)
			if got := explained(a.Check.Advantages); got != "exact" {
				t.Errorf("advantages %s, want exact (the sanity check is what finds it)", got)
			}
			f := finding(a, tc.kind)
			if f == nil {
				t.Fatalf("no %s among %+v", tc.kind, a.Sanity)
			}
			if f.Tensor != tc.tensor || (tc.count > 0 && f.Count != tc.count) || len(f.Cells) == 0 || (tc.cell[0] >= 0 && f.Cells[0] != tc.cell) {
				t.Errorf("finding %+v, want %s on %s, %d cells from %v", f, tc.kind, tc.tensor, tc.count, tc.cell)
			}
		})
	}
	// the critic slice: every row's EOS is where the shifted values show
	a := mustLoad(t, "gen_critic_slice.safetensors", "")
	if f := finding(a, "values_shifted"); f == nil || !slices.Contains(f.Cells, [2]int{0, 3}) || f.Value >= 0.5 {
		t.Errorf("values_shifted %+v, want cell [0, 3] (row 0's EOS) and a ratio below 1/2", f)
	}
	// a correct batch has nothing to say: verl's own critic and GAE
	if a := mustLoad(t, "verl_slice_v0.7.1_ok.npz", ""); len(a.Sanity) != 0 {
		t.Errorf("verl_slice_v0.7.1_ok.npz: %+v", a.Sanity)
	}
	// newest_f32.npz's values are NumPy's random numbers per row, no
	// critic's: V(prompt) differs within its uid groups, and that is all
	if a := mustLoad(t, "newest_f32.npz", ""); len(a.Sanity) != 1 || a.Sanity[0].Kind != string(engine.SanityValuesShiftedInGroups) {
		t.Errorf("newest_f32.npz: %+v", a.Sanity)
	}
}

// NaN where the mask is 1 is still refused.
func TestNaNWhereValidRefused(t *testing.T) {
	if _, err := load(t, "bad_nan.npz", nil); err == nil || err.(*Error).Code != "invalid_number" {
		t.Errorf("bad_nan.npz: %v", err)
	}
}

// Every release span that reproduces the batch is listed: a v0.9.0 batch
// with an observation span and values there, checked as v0.2.
func TestReleaseFit(t *testing.T) {
	for _, tc := range []struct {
		file, query, explained string
		exact, not             []string
		every                  bool
	}{
		{"gen_v090_midmask.safetensors", "ver=v0.2", "v0.5.0–v0.9.0", []string{"v0.5.0–v0.9.0"}, []string{"v0.2–v0.4.1"}, false},
		{"gen_v090_midmask.safetensors", "", "exact", []string{"v0.5.0–v0.9.0"}, []string{"v0.2–v0.4.1"}, false},
		{"gen_score_past_eos.safetensors", "", "exact", []string{"v0.5.0–v0.9.0"}, []string{"v0.2–v0.4.1"}, false},
		{"v02_eosleak.safetensors", "ver=v0.4.1", "exact", []string{"v0.2–v0.4.1"}, []string{"v0.5.0–v0.9.0"}, false},
		{"newest_f32.npz", "ver=v0.2", "exact", []string{"v0.2–v0.9.0"}, []string{}, true},
		{"gen_grpo_verl.json", "", "exact", []string{"v0.4.0–v0.9.0"}, []string{"v0.2–v0.3.0.post1"}, false},
		{"unexplained.safetensors", "", "<null>", []string{}, []string{"v0.2–v0.9.0"}, false},
	} {
		t.Run(tc.file+"?"+tc.query, func(t *testing.T) {
			a := mustLoad(t, tc.file, tc.query)
			if got := explained(a.Check.Advantages); got != tc.explained {
				t.Errorf("advantages explained by %s, want %s", got, tc.explained)
			}
			r := a.Check.Releases
			if !slices.Equal(r.ExactFor, tc.exact) || !slices.Equal(r.NotFor, tc.not) || r.Every != tc.every {
				t.Errorf("releases %+v, want exact for %v, not for %v, every %v", r, tc.exact, tc.not, tc.every)
			}
		})
	}
}

// A wrong λ: the fit names it within 0.01, β is not identifiable (no KL
// in the reward), and batch whitening of returns − values is the run's.
func TestLeadWrongLambda(t *testing.T) {
	a := mustLoad(t, "gen_wrong_lambda.safetensors", "")
	l := a.Check.Fit
	if l == nil {
		t.Fatal("no fit, though nothing explains the batch")
	}
	if l.Lam == nil || math.Abs(*l.Lam-0.9) > 0.01 || l.GammaLam == nil || math.Abs(*l.GammaLam-0.9) > 0.01 || l.Gamma == nil || math.Abs(*l.Gamma-1) > 0.01 {
		t.Errorf("fit %+v, want λ = 0.9, γ = 1", l)
	}
	if l.KLCoef != nil || l.Residual > 1e-6 || l.Tokens != a.Stats.ValidTokens {
		t.Errorf("β %v (want not identifiable), residual %v, tokens %d", l.KLCoef, l.Residual, l.Tokens)
	}
	if l.WhitenedBy == nil || *l.WhitenedBy != "batch" || l.LookAtWhitening {
		t.Errorf("whitening %+v", l)
	}
	// the fitted λ reproduces the run
	if a := mustLoad(t, "gen_wrong_lambda.safetensors", "lam=0.9"); explained(a.Check.Advantages) != "exact" || a.Check.Fit != nil {
		t.Errorf("with λ = 0.9: %s, fit %+v", explained(a.Check.Advantages), a.Check.Fit)
	}
}

// Whitening over padding: the returns match and the advantages match no
// whitening tried: the lead says to look at whitening.
func TestLeadWhiteningOverPadding(t *testing.T) {
	a := mustLoad(t, "gen_whiten_padding.safetensors", "")
	if explained(a.Check.Returns) != "exact" || explained(a.Check.Advantages) != "<null>" {
		t.Fatalf("returns %s advantages %s", explained(a.Check.Returns), explained(a.Check.Advantages))
	}
	l := a.Check.Fit
	if l == nil || !l.LookAtWhitening || l.WhitenedBy != nil || len(l.Whitening) != 3 {
		t.Fatalf("lead %+v", l)
	}
	for _, w := range l.Whitening {
		if math.IsInf(w.MaxAbsDiff, 0) || w.MaxAbsDiff <= a.Check.Advantages.Tolerance {
			t.Errorf("%s: %v", w.ID, w.MaxAbsDiff)
		}
	}
}

// Per-sequence whitening is computed with a one-token row in the batch.
func TestPerSeqWhitenShortRows(t *testing.T) {
	a := mustLoad(t, "gen_per_seq_short.safetensors", "")
	if got := explained(a.Check.Advantages); got != "per-seq-whiten" {
		t.Errorf("explained by %s", got)
	}
	for _, tr := range a.Check.Advantages.Tried {
		if math.IsInf(tr.MaxAbsDiff, 0) {
			t.Errorf("candidate %s not computed", tr.ID)
		}
	}
}

// The JSON case with verl's own config keys (verl_version, adv_estimator,
// kl_ctrl, use_kl_in_reward, kl_penalty) and float32 numbers: detected
// from the bytes, read as F32, exact.
func TestJSONCaseVerlKeys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "gen_case_verl_keys.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"", "json"} {
		a, err := Load(data, url.Values{"format": {format}})
		if err != nil {
			t.Fatalf("format %q: %v", format, err)
		}
		c := a.Config
		if c.Ver != "v0.6.1" || c.KLPenalty != "low_var_kl" || c.KLCoef != 0.05 || !c.UseKLInReward || c.Gamma != 0.99 || c.Estimator != "gae" {
			t.Errorf("config %+v", c)
		}
		if explained(a.Check.Advantages) != "exact" || explained(a.Check.Returns) != "exact" || a.Batch.Precision != 1e-4 {
			t.Errorf("advantages %s returns %s precision %v", explained(a.Check.Advantages), explained(a.Check.Returns), a.Batch.Precision)
		}
	}
	// a dtype field says float64: the numbers are held to 1e-9, and the
	// float32-rounded run no longer passes
	var doc map[string]any
	json.Unmarshal(data, &doc)
	doc["dtype"] = "float64"
	f64, _ := json.Marshal(doc)
	a, err := Load(f64, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Batch.Precision != 1e-9 || explained(a.Check.Advantages) == "exact" {
		t.Errorf("dtype float64: precision %v, %s", a.Batch.Precision, explained(a.Check.Advantages))
	}
}

// The API detects JSON whatever Content-Type of those it takes.
func TestHandlerJSONAnyContentType(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "gen_case_verl_keys.json"))
	if err != nil {
		t.Fatal(err)
	}
	h := Handler(1 << 20)
	for _, ct := range []string{"application/json", "application/octet-stream", "application/x-safetensors", "application/zip"} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/inspect", bytes.NewReader(data))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		h(rec, req)
		var ans struct {
			Check struct {
				Advantages struct {
					ExplainedBy *string `json:"explained_by"`
				} `json:"advantages"`
				Releases ReleaseFit `json:"releases"`
			} `json:"check"`
			Sanity []Finding `json:"sanity"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Check.Advantages.ExplainedBy == nil || *ans.Check.Advantages.ExplainedBy != "exact" || !ans.Check.Releases.Every || ans.Sanity == nil {
			t.Errorf("%q: %d %.300s", ct, rec.Code, rec.Body)
		}
	}
}

// verl's estimator names and config keys, from a sidecar or the query.
func TestVerlEstimatorNames(t *testing.T) {
	a := mustLoad(t, "gen_grpo_verl.json", "")
	if a.Config.Estimator != "grpo_no_std(drgrpo)" || explained(a.Check.Advantages) != "exact" {
		t.Errorf("adv_estimator grpo, norm_adv_by_std_in_grpo false: %s, %s", a.Config.Estimator, explained(a.Check.Advantages))
	}
	for _, query := range []string{"adv_estimator=grpo", "estimator=grpo", "estimator=grpo_newest_norm_std", "adv_estimator=grpo&norm_adv_by_std_in_grpo=true"} {
		if a := mustLoad(t, "grpo.npz", query); a.Config.Estimator != "grpo_norm_std" || explained(a.Check.Advantages) != "exact" {
			t.Errorf("%s: %s, %s", query, a.Config.Estimator, explained(a.Check.Advantages))
		}
	}
	for _, name := range []string{"rloo", "reinforce_plus_plus", "reinforce_plus_plus_baseline", "remax", "opo", "gpg", "grpo_passk", "grpo_vectorized", "gdpo", "rloo_vectorized"} {
		c := DefaultConfig()
		if err := c.ApplySidecar([]byte(`{"algorithm": {"adv_estimator": "` + name + `", "gamma": 1}, "verl_version": "0.9.0"}`)); err != nil {
			t.Fatal(err)
		}
		c.Resolve()
		if err := c.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	c := DefaultConfig()
	if err := c.ApplySidecar([]byte(`{"kl_ctrl": {"type": "fixed", "kl_coef": 0.2, "horizon": 10000}, "use_kl_in_reward": true}`)); err != nil || c.KLCoef != 0.2 || !c.UseKLInReward {
		t.Errorf("kl_ctrl: %v %+v", err, c)
	}
	c = DefaultConfig()
	if err := c.ApplySidecar([]byte(`{"lam": 0.5, "algorithm": {"lam": 0.9, "gamma": 0.99}}`)); err != nil || c.Lam != 0.5 || c.Gamma != 0.99 {
		t.Errorf("a top-level key wins over verl's algorithm section: %v %+v", err, c)
	}
	c = DefaultConfig()
	if err := c.ApplySidecar([]byte(`{"nonsense": 1}`)); err != nil || !slices.Equal(c.Ignored, []string{"nonsense"}) {
		t.Errorf("an unknown key is listed as ignored, never refused: %v %v", err, c.Ignored)
	}
	// the missing-values hint names an estimator the check accepts
	if _, err := load(t, "grpo.npz", nil); err == nil || !strings.Contains(err.Error(), "estimator=grpo)") {
		t.Errorf("hint: %v", err)
	}
}

// On right-padded batches with zeros where the mask is 0 the plain loop is
// not run: its numbers are the mask-aware loop's, bit for bit.
func TestLoopsAgree(t *testing.T) {
	for _, tc := range []struct {
		file  string
		agree bool
	}{{"newest_f32.npz", true}, {"gen_wrong_lambda.safetensors", true}, {"gen_v090_midmask.safetensors", false}, {"v02_eosleak.safetensors", false}} {
		a := mustLoad(t, tc.file, "")
		if a.loopsAgree() != tc.agree {
			t.Errorf("%s: loopsAgree %v", tc.file, !tc.agree)
			continue
		}
		for _, g := range []engine.Generation{engine.G01, engine.G03} {
			want := engine.GAE(g, a.Rewards, a.Batch.Values, a.Batch.Mask, a.Config.Gamma, a.Config.Lam)
			same := reflect.DeepEqual(a.whitenedAt(g), want.Whitened) && reflect.DeepEqual(a.loop(g).Returns, want.Returns) && reflect.DeepEqual(a.loop(g).Advantages, want.Advantages)
			if !same {
				t.Errorf("%s: %v's numbers are not GAE's", tc.file, g)
			}
		}
	}
}

// Each quantity's tolerance follows its own dtype and its inputs': f64
// advantages beside f32 returns are held to f64's, the returns to f32's
// rounding (u = 2^-24 times max(1, max |R|); 1e-4·max(1, max |R|) before
// checker 37.4, when returns had no dtype rule of their own).
func TestTolerancePerTensor(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "gen_case_verl_keys.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	json.Unmarshal(data, &doc)
	doc["dtype"] = map[string]string{"advantages": "float64", "values": "float64", "token_level_scores": "float64", "old_log_probs": "float64", "ref_log_prob": "float64"}
	mixed, _ := json.Marshal(doc)
	a, err := Load(mixed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if adv, ret := a.Check.Advantages.Tolerance, a.Check.Returns.Tolerance; adv > 1e-8 || ret < 0x1p-24 || ret > 1e-6 {
		t.Errorf("tolerances: advantages %v (f64), returns %v (f32)", adv, ret)
	}
}

// A wrong β: with scores and log-probs the KL is a column of the fit,
// which names the run's β (0.05) whatever kl_coef the check was given.
func TestLeadWrongBeta(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "gen_case_verl_keys.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Load(data, url.Values{"kl_coef": {"0.2"}})
	if err != nil {
		t.Fatal(err)
	}
	l := a.Check.Fit
	if explained(a.Check.Returns) != "<null>" || l == nil {
		t.Fatalf("returns %s, fit %+v", explained(a.Check.Returns), l)
	}
	if l.KLCoef == nil || math.Abs(*l.KLCoef-0.05) > 0.005 || l.Lam == nil || math.Abs(*l.Lam-0.95) > 0.01 || l.Gamma == nil || math.Abs(*l.Gamma-0.99) > 0.01 {
		t.Errorf("fit %+v, want β = 0.05, γ = 0.99, λ = 0.95", l)
	}
}

// The bugs get CorrectGAE's numbers from the loops already run, whatever
// the chosen release: checked as v0.2 (no masked_mean ε), the
// whitened-returns candidate is still built from the newest whitening.
func TestBugsShareCorrect(t *testing.T) {
	for _, query := range []string{"", "ver=v0.2", "ver=v0.4.1"} {
		for _, file := range []string{"newest_f32.npz", "v02_eosleak.safetensors"} {
			a := mustLoad(t, file, query)
			correct := *a.loop(engine.LastGeneration)
			correct.Whitened = a.whitenedAt(engine.LastGeneration)
			want := engine.CorrectGAE(engine.BugInput{Rewards: a.Rewards, Values: a.Batch.Values, Mask: a.Batch.Mask, Gamma: a.Config.Gamma, Lam: a.Config.Lam})
			if !reflect.DeepEqual(correct.Whitened, want.Whitened) || !reflect.DeepEqual(correct.Returns, want.Returns) || !reflect.DeepEqual(correct.Advantages, want.Advantages) {
				t.Errorf("%s?%s: the shared CorrectGAE differs from engine.CorrectGAE", file, query)
			}
		}
	}
}
