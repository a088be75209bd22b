package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gaelab/web/batch"
	"gaelab/web/scenario"
)

// TestPlayVerify: the playground's verify script names the state's verl
// release, uses its argument names, embeds the engine's numbers and is
// valid Python; the page links it.
func TestPlayVerify(t *testing.T) {
	h := Routes()
	for _, tc := range []struct {
		preset, release, maskArg string
	}{{"seed-b", "v0.9.0", "response_mask="}, {"v02-eos-leak", "v0.2", "eos_mask="}} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/play/verify.py?v=1&p="+tc.preset, nil))
		s := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/x-python") {
			t.Fatalf("%s: %d %s", tc.preset, rec.Code, rec.Header().Get("Content-Type"))
		}
		if !strings.Contains(s, "# Expects verl "+tc.release+" ") || !strings.Contains(s, tc.maskArg+"response_mask") {
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
