package inspect_test

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// TestInspectVerifyUpload: an upload's script reads the user's file and
// asserts the run's own tensors through verl, for a GRPO upload too (a 404
// before).
func TestInspectVerifyUpload(t *testing.T) {
	site := webtest.New(t, webtest.Options{Store: stores.SQLite(t)})
	for _, tc := range []struct {
		file   string
		fields map[string]string
		query  string
		want   []string
	}{
		{"grpo.npz", map[string]string{"estimator": "grpo_norm_std"}, "?estimator=grpo_norm_std",
			[]string{"core_algos.compute_grpo_outcome_advantage(", `index = np.array(`, `check_run("the run's advantages vs verl"`}},
		{"v02_eosleak.safetensors", map[string]string{"ver": "v0.2"}, "?ver=v0.2",
			[]string{"eos_mask=mask", `check_run("the run's advantages vs verl"`, "batch = load(sys.argv[1])"}},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		rec := site.Upload(t, "/inspect", tc.file, data, tc.fields)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: upload %d %s", tc.file, rec.Code, rec.Body)
		}
		id := strings.TrimPrefix(strings.Split(rec.Header().Get("Location"), "?")[0], "/inspect/")
		r := site.Get(t, "/inspect/"+id+"/verify.py"+tc.query)
		if r.Code != 200 {
			t.Fatalf("%s: verify.py %d %s", tc.file, r.Code, r.Body)
		}
		for _, w := range tc.want {
			if !strings.Contains(r.Body.String(), w) {
				t.Errorf("%s: no %q in\n%s", tc.file, w, r.Body)
			}
		}
		if py, err := exec.LookPath("python3"); err == nil {
			f := filepath.Join(t.TempDir(), "verify.py")
			os.WriteFile(f, r.Body.Bytes(), 0o644)
			if out, err := exec.Command(py, "-m", "py_compile", f).CombinedOutput(); err != nil {
				t.Errorf("%s: py_compile: %v %s", tc.file, err, out)
			}
		}
	}
}
