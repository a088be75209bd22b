package e2e

import (
	"archive/zip"
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/webtest"
)

// TestA11yInspect: every inspect page (the upload form, a batch view with
// a difference to drill into, its row view, a shared view with stored
// findings, a run's view, an error) passes axe-core without a serious or critical
// violation, in both languages, at 1280 px and on a 375 px phone.
func TestA11yInspect(t *testing.T) {
	t.Parallel()
	srv, leak, _ := inspectBrowserServer(t)
	rec := httptest.NewRecorder()
	srv.Config.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/inspect/"+leak+"/share?ver=v0.9.0", nil))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("share: %d", rec.Code)
	}
	run := inspectRunView(t, srv)
	axeEveryWayOn(t, srv, true, phone375,
		"/inspect",
		"/inspect/"+leak+"?ver=v0.9.0",
		"/inspect/"+leak+"/row/0?ver=v0.9.0",
		"/inspect/"+leak+"?ver=v0.9.0&shared=1&sort=score",
		run,
		"/inspect/aaaaaaaaaaaaaaaaaaaaaaaaaa#error",
	)
}

// inspectRunView uploads a run's zip of three of verl's fixtures (one a
// blocking reward finding) through the form and returns its view's path.
func inspectRunView(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, to := range map[string]string{"verl_critic_v0.9.0_ok.npz": "step1.npz", "verl_reward_v0.9.0_beta.npz": "step2.npz", "verl_grpo_std_v0.9.0_ok.npz": "step3.npz"} {
		w, _ := zw.Create("run/" + to)
		w.Write(fixture(t, name))
	}
	zw.Close()
	body, ct := webtest.Multipart([]webtest.File{{Field: "file", Name: "run.zip", Data: buf.Bytes()}}, nil)
	req := httptest.NewRequest(http.MethodPost, "/inspect", bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	srv.Config.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("run upload: %d", rec.Code)
	}
	return strings.Split(rec.Header().Get("Location"), "?")[0]
}
