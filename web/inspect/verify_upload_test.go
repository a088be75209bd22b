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
		not    []string
	}{
		{"grpo.npz", map[string]string{"estimator": "grpo_norm_std"}, "?estimator=grpo_norm_std",
			[]string{"core_algos.compute_grpo_outcome_advantage(", `index = np.array(`, `check_run("the run's advantages vs verl"`}, nil},
		{"v02_eosleak.safetensors", map[string]string{"ver": "v0.2"}, "?ver=v0.2",
			[]string{"eos_mask=mask", `check_run("the run's advantages vs verl"`, "batch = load(sys.argv[1])"}, nil},
		// The script follows the verdict: a blocking finding of the file's
		// own tensors fails it, unless allow= accepts the finding.
		{"verl_eos_v0.9.0_past.npz", nil, "", []string{`blocking = ["mask_disagrees_eos"]`, "ok = False"}, nil},
		{"verl_eos_v0.9.0_past.npz", map[string]string{"allow": "mask_disagrees_eos"}, "", nil, []string{"blocking ="}},
		{"verl_eos_v0.9.0_past.npz", nil, "?allow=mask_disagrees_eos", nil, []string{"blocking ="}},
		{"verl_eos_v0.9.0_ok.npz", nil, "", []string{"batch = load(sys.argv[1])"}, []string{"blocking ="}},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		rec := site.Upload(t, "/inspect", tc.file, data, tc.fields)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: upload %d %s", tc.file, rec.Code, rec.Body)
		}
		view, viewQuery, _ := strings.Cut(rec.Header().Get("Location"), "?")
		id := strings.TrimPrefix(view, "/inspect/")
		query := tc.query
		if query == "" && viewQuery != "" { // the view's own link: the upload's config
			query = "?" + viewQuery
		}
		r := site.Get(t, "/inspect/"+id+"/verify.py"+query)
		if r.Code != 200 {
			t.Fatalf("%s: verify.py %d %s", tc.file, r.Code, r.Body)
		}
		for _, w := range tc.want {
			if !strings.Contains(r.Body.String(), w) {
				t.Errorf("%s%s: no %q in\n%s", tc.file, tc.query, w, r.Body)
			}
		}
		// The view follows the same verdict (its analysis is cached by
		// what it allows too).
		page := site.Get(t, "/inspect/"+id+query+map[bool]string{true: "&", false: "?"}[query != ""]+"lang=en").Body.String()
		if want := map[bool]string{true: "Verdict: not exact.", false: "Verdict: exact."}[len(tc.want) > 0 && strings.Contains(tc.want[0], "blocking")]; !strings.Contains(page, want) {
			t.Errorf("%s%s: the view has no %q", tc.file, query, want)
		}
		for _, w := range tc.not {
			if strings.Contains(r.Body.String(), w) {
				t.Errorf("%s%s: %q in the script", tc.file, tc.query, w)
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
