package play_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/batch"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// TestPlayVerify: the playground's verify script names the state's verl
// release, uses its argument names, embeds the engine's numbers and is
// valid Python; the page links it.
func TestPlayVerify(t *testing.T) {
	h := webtest.Routes()
	for _, tc := range []struct {
		preset, release, maskArg string
	}{{"seed-b", "v0.9.0", "response_mask="}, {"v02-eos-leak", "v0.2", "eos_mask="}} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/play/verify.py?v=1&p="+tc.preset, nil))
		s := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/x-python") {
			t.Fatalf("%s: %d %s", tc.preset, rec.Code, rec.Header().Get("Content-Type"))
		}
		if !strings.Contains(s, "# Expects verl "+tc.release+" ") || !strings.Contains(s, tc.maskArg+"mask") {
			t.Errorf("%s: wrong release or mask argument:\n%s", tc.preset, s)
		}
		sc, _ := scenario.Preset(tc.preset)
		res := sc.Compute()
		for _, x := range res.GAE.Whitened[0] {
			if !strings.Contains(s, strconv.FormatFloat(x, 'g', -1, 64)) {
				t.Errorf("%s: the engine's whitened advantage %v is not in the script", tc.preset, x)
			}
		}
		if py, err := exec.LookPath("python3"); err == nil {
			f := filepath.Join(t.TempDir(), "verify.py")
			os.WriteFile(f, []byte(s), 0o644)
			if out, err := exec.Command(py, "-m", "py_compile", f).CombinedOutput(); err != nil {
				t.Errorf("%s: py_compile: %v %s", tc.preset, err, out)
			}
		}
	}
	// The batch view: its rows, whitened together.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/batch/verify.py?v=1&p=grpo-4", nil))
	b, _ := batch.Preset("grpo-4")
	for _, x := range b.Compute().GAE.Whitened[2] {
		if !strings.Contains(rec.Body.String(), strconv.FormatFloat(x, 'g', -1, 64)) {
			t.Errorf("batch: the engine's whitened advantage %v is not in the script", x)
		}
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/batch?v=1&p=grpo-4", nil))
	if !strings.Contains(rec.Body.String(), `href="/batch/verify.py?`) {
		t.Error("the batch view does not link its verify script")
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/play?v=1&p=seed-b", nil))
	if !strings.Contains(rec.Body.String(), `href="/play/verify.py?v=1&amp;p=seed-b&amp;lang=en"`) {
		t.Error("the playground does not link its verify script")
	}
}

// TestVerifyRelease: a script names the release its state names, with that
// release's argument names — not the release of the state's GAE loop (issue
// 24: ver=v0.4.1 gave a v0.2 script that crashes in v0.4.1, v=3 ver=v0.4.0
// said v0.2, v0.6.1 said v0.9.0) — and the batch's script checks its
// outcome estimators with the engine's numbers.
func TestVerifyRelease(t *testing.T) {
	h := webtest.Routes()
	get := func(link string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, link, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", link, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	for _, tc := range []struct{ link, tag, mask, notMask string }{
		{"/play/verify.py?v=1&ver=v0.4.1&p=seed-b", "v0.4.1", "response_mask=mask", "eos_mask"},
		{"/play/verify.py?v=3&ver=v0.4.0&p=seed-b", "v0.4.0", "response_mask=mask", "eos_mask"},
		{"/play/verify.py?v=2&ver=v0.6.1&p=seed-b", "v0.6.1", "response_mask=mask", "eos_mask"},
		{"/play/verify.py?v=3&ver=v0.3.0.post1&p=seed-b", "v0.3.0.post1", "eos_mask=mask", "response_mask="},
		{"/batch/verify.py?v=3&ver=v0.4.1&p=grpo-4", "v0.4.1", "response_mask=mask", "eos_mask"},
		{"/batch/verify.py?v=3&ver=v0.2&p=grpo-4", "v0.2", "eos_mask=mask", "response_mask="},
		{"/update/critic/verify.py?v=3&ver=v0.4.0&p=seed-b", "v0.4.0", `core_algos.compute_value_loss(vpreds=vpreds, returns=vf_returns, values=values, response_mask=mask, cliprange_value=0.5, loss_agg_mode="seq-mean-token-mean")`, "eos_mask"},
		{"/update/actor/verify.py?v=3&ver=v0.2&p=seed-b", "v0.2", "core_algos.compute_policy_loss(old_log_prob=pg_old_log_probs, log_prob=log_probs, advantages=pg_advantages, eos_mask=mask, cliprange=0.2)", "loss_agg_mode"},
		// from v0.6.0 compute_policy_loss is deprecated: compute_policy_loss_vanilla, the clip settings in the actor's config
		{"/update/actor/verify.py?v=1&p=seed-b&clip=0.1", "v0.9.0", `core_algos.compute_policy_loss_vanilla(old_log_prob=pg_old_log_probs, log_prob=log_probs, advantages=pg_advantages, response_mask=mask, config=OmegaConf.create({"clip_ratio": 0.1, "clip_ratio_low": 0.1, "clip_ratio_high": 0.2, "clip_ratio_c": 3.0, "global_batch_info": {}}), loss_agg_mode="token-sum")`, "compute_policy_loss("},
	} {
		s := get(tc.link)
		if !strings.Contains(s, "# Expects verl "+tc.tag+" ") || !strings.Contains(s, tc.mask) || strings.Contains(s, tc.notMask) {
			t.Errorf("%s: want verl %s with %s and no %s:\n%s", tc.link, tc.tag, tc.mask, tc.notMask, s)
		}
	}
	// The critic's value loss, with the engine's numbers.
	sc, _ := scenario.Preset("seed-b")
	sc.SetRelease("v0.4.0")
	res0 := sc.Compute()
	values := make([]float64, sc.Len())
	for t, tok := range sc.Tokens {
		values[t] = tok.Value
	}
	one := func(x []float64) [][]float64 { return [][]float64{x} }
	vt := engine.ValueLossTerms(one(values), one(values), res0.GAE.Returns, 0.5)
	vl, err := engine.AggregateValueLoss(engine.G04, vt, one(res0.Mask), engine.TokenMean)
	if s := get("/update/critic/verify.py?v=3&ver=v0.4.0&p=seed-b"); err != nil || !strings.Contains(s, `["vf_loss", "vf_clipfrac"], [`+strconv.FormatFloat(vl.Loss, 'g', -1, 64)+", ") {
		t.Errorf("the critic's script does not assert the engine's vf_loss %v (%v)", vl.Loss, err)
	}
	// The update pages link their scripts.
	for _, view := range []string{"critic", "actor"} {
		if s := get("/update/" + view + "?v=3&p=seed-b&ver=v0.4.0&lang=en"); !strings.Contains(s, `href="/update/`+view+`/verify.py?v=3&amp;p=seed-b&amp;ver=v0.4.0&amp;lang=en"`) {
			t.Errorf("/update/%s does not link its verify script", view)
		}
	}
	// The batch's estimators, with the engine's numbers.
	s := get("/batch/verify.py?v=3&ver=v0.4.1&p=grpo-4")
	b, _ := batch.Preset("grpo-4")
	b.Release = "v0.4.1"
	res := b.Compute()
	for _, key := range []string{"grpo_newest_norm_std", "rloo", "remax"} {
		e, _ := res.Estimate(key)
		if e.Advantages == nil || !strings.Contains(s, `check("`+key+` advantages", advantages, t(`) {
			t.Errorf("the batch's script does not check %s", key)
			continue
		}
		for _, x := range e.Advantages[1] {
			if !strings.Contains(s, strconv.FormatFloat(x, 'g', -1, 64)) {
				t.Errorf("%s: the engine's advantage %v is not in the script", key, x)
			}
		}
	}
	for _, fn := range []string{"compute_grpo_outcome_advantage(", "compute_rloo_outcome_advantage(", "compute_remax_outcome_advantage(", "masked_var("} {
		if !strings.Contains(s, fn) {
			t.Errorf("the batch's script does not call %s", fn)
		}
	}
}
