package inspect_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// apiRun is POST /api/v1/inspect's answer for a run, as a client reads it.
type apiRun struct {
	Verdict string `json:"verdict"`
	First   *struct {
		Step int    `json:"step"`
		File string `json:"file"`
	} `json:"first_not_exact"`
	Steps []struct {
		Step       int      `json:"step"`
		File       string   `json:"file"`
		Verdict    string   `json:"verdict"`
		Blocking   []string `json:"blocking"`
		Advantages *struct {
			ExplainedBy *string `json:"explained_by"`
		} `json:"advantages"`
		Config struct {
			Gamma float64 `json:"gamma"`
		} `json:"config"`
		Metrics map[string]*float64 `json:"metrics"`
	} `json:"steps"`
	Skipped []struct {
		File string `json:"file"`
	} `json:"skipped"`
	ConfigFile string `json:"config_file"`
	Error      struct {
		Code, Field string
	} `json:"error"`
}

// postRun posts body to the API as octet-stream, or, with a sidecar, as
// a multipart form with the "file" and "config" parts.
func postRun(t *testing.T, h http.Handler, target string, body, sidecar []byte) (*httptest.ResponseRecorder, apiRun) {
	t.Helper()
	ct := "application/octet-stream"
	if sidecar != nil {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", "run.zip")
		fw.Write(body)
		fw, _ = mw.CreateFormFile("config", "algorithm.json")
		fw.Write(sidecar)
		mw.Close()
		body, ct = buf.Bytes(), mw.FormDataContentType()
	}
	req := httptest.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var ans apiRun
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatalf("%s: %d, not JSON: %v\n%s", target, rec.Code, err, rec.Body)
	}
	return rec, ans
}

// TestInspectAPIRun: POST /api/v1/inspect takes a run's zip as the form
// does (TestInspectRunView's run of verl's own fixtures, the verdicts the
// CLI's TestInspectEveryRunClass holds gaelab inspect DIR to): each step's
// verdict, blocking kinds, explained_by and data metrics in step order,
// the stray file skipped, the run's verdict and its first step not exact;
// its .hydra/config.yaml read under the query and the "config" part; a
// hostile zip and ?full=1 400; and each further step spends one of the
// address's uploads (429 past them, Retry-After).
func TestInspectAPIRun(t *testing.T) {
	site := webtest.New(t, webtest.Options{Store: stores.SQLite(t), InspectBurst: 50})
	data := runZip(t, map[string]string{
		"verl_critic_v0.9.0_ok.npz":         "step7_rank0.npz",
		"verl_reward_v0.9.0_beta.npz":       "step12_rank0.npz",
		"verl_grpo_std_v0.9.0_ok.npz":       "step3_rank1.npz",
		"verl_config_v0.9.0_algorithm.json": "algorithm.json",
	})
	rec, ans := postRun(t, site.Handler, "/api/v1/inspect", data, nil)
	if rec.Code != http.StatusOK || ans.Verdict != "not_exact" || ans.First == nil || ans.First.Step != 12 || ans.First.File != "step12_rank0.npz" ||
		len(ans.Steps) != 3 || len(ans.Skipped) != 1 || ans.Skipped[0].File != "algorithm.json" || ans.ConfigFile != "" {
		t.Fatalf("run: %d %+v", rec.Code, ans)
	}
	var order []int
	for _, s := range ans.Steps {
		order = append(order, s.Step)
	}
	s3, s7, s12 := ans.Steps[0], ans.Steps[1], ans.Steps[2]
	switch {
	case order[0] != 3 || order[1] != 7 || order[2] != 12:
		t.Errorf("steps %v, want 3, 7, 12", order)
	case s3.Verdict != "exact" || s7.Verdict != "exact" || s12.Verdict != "not_exact" || len(s12.Blocking) != 1 || s12.Blocking[0] != "reward_kl_mismatch" || len(s3.Blocking) != 0:
		t.Errorf("verdicts %+v", ans.Steps)
	case s3.Advantages == nil || s3.Advantages.ExplainedBy == nil || *s3.Advantages.ExplainedBy != "exact":
		t.Errorf("step 3's advantages %+v, want explained_by exact", s3.Advantages)
	case s7.Metrics["critic/vf_explained_var"] == nil || s7.Metrics["critic/rewards/mean"] == nil:
		t.Errorf("step 7's metrics %v", s7.Metrics)
	}
	if _, ok := s3.Metrics["critic/vf_explained_var"]; ok {
		t.Errorf("step 3 (GRPO) has critic/vf_explained_var: %v", s3.Metrics["critic/vf_explained_var"])
	}

	// The run's .hydra/config.yaml, under the query and the "config" part.
	critic := string(mustRead(t, "verl_critic_v0.9.0_ok.npz"))
	hydra := zipEntries(t, [2]string{"run/step1.npz", critic}, [2]string{"run/step2.npz", critic},
		[2]string{"run/.hydra/config.yaml", string(hydraWithGamma(t, "0.99"))})
	for _, c := range []struct {
		name, target string
		sidecar      []byte
		verdict      string
		gamma        float64
	}{
		{"the run's config", "/api/v1/inspect", nil, "not_exact", 0.99},
		{"the query wins", "/api/v1/inspect?gamma=1", nil, "exact", 1},
		{"the config part wins", "/api/v1/inspect", []byte(`{"algorithm": {"gamma": 1.0}}`), "exact", 1},
	} {
		rec, ans := postRun(t, site.Handler, c.target, hydra, c.sidecar)
		if rec.Code != http.StatusOK || ans.Verdict != c.verdict || ans.ConfigFile != ".hydra/config.yaml" || len(ans.Steps) != 2 || ans.Steps[0].Config.Gamma != c.gamma ||
			(c.verdict == "not_exact") != (ans.First != nil) {
			t.Errorf("%s: %d %+v", c.name, rec.Code, ans)
		}
	}

	for _, c := range []struct {
		name, target string
		body         []byte
		code         string
	}{
		{"full tensors", "/api/v1/inspect?full=1", data, "invalid_value"},
		{"traversal", "/api/v1/inspect", zipEntries(t, [2]string{"../step1.npz", "x"}), "run_traversal"},
		{"no dump", "/api/v1/inspect", zipEntries(t, [2]string{"run/notes.txt", "x"}), "run_no_dump"},
	} {
		if rec, ans := postRun(t, site.Handler, c.target, c.body, nil); rec.Code != http.StatusBadRequest || ans.Error.Code != c.code {
			t.Errorf("%s: %d %+v, want 400 %s", c.name, rec.Code, ans.Error, c.code)
		}
	}

	// Three steps with a burst of two: the third is refused, with or
	// without a database (uploads off: the API still answers, metered on
	// the replica).
	for name, o := range map[string]webtest.Options{"store": {Store: stores.SQLite(t), InspectBurst: 2}, "no store": {InspectBurst: 2}} {
		rec, ans := postRun(t, webtest.New(t, o).Handler, "/api/v1/inspect", data, nil)
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || ans.Error.Code != "rate_limited" {
			t.Errorf("%s: 3 steps with a burst of 2: %d, Retry-After %q, %+v", name, rec.Code, rec.Header().Get("Retry-After"), ans.Error)
		}
	}
	// One dump is still one dump.
	if rec, _ := postRun(t, site.Handler, "/api/v1/inspect", mustRead(t, "verl_critic_v0.9.0_ok.npz"), nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"rows"`) {
		t.Errorf("one dump: %d", rec.Code)
	}
}
