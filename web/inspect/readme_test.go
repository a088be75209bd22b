package inspect

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// python finds a Python 3 with NumPy (Debian's python3-numpy), or skips.
func python(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(p, "-c", "import numpy").Run() == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no python3 with numpy")
	}
	t.Skip("no python3 with numpy")
	return ""
}

// readmeSnippet is the Python block after <!-- inspect-snippet --> in the README.
func readmeSnippet(t *testing.T) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "<!-- inspect-snippet -->\n```python\n")
	code, _, ok2 := strings.Cut(after, "```")
	if !ok || !ok2 {
		t.Fatal("README has no inspect snippet")
	}
	return code
}

// harness stands in for a verl DataProto: torch-like tensors (float(),
// cpu(), numpy(), is_floating_point()) in batch.batch, uids in
// non_tensor_batch.
const harness = `
import sys
import numpy as np

class T:
    def __init__(self, a): self.a = np.asarray(a)
    def is_floating_point(self): return self.a.dtype.kind == "f"
    def float(self): return T(self.a.astype(np.float32))
    def cpu(self): return self
    def numpy(self): return self.a

class Batch:
    def __init__(self):
        m = np.array([[1, 1, 1, 0], [1, 1, 0, 0]])
        self.batch = {"response_mask": T(m), "token_level_rewards": T(np.array([[0, 0, 1, 0], [0, 1, 0, 0]], np.float64)),
                      "values": T(np.array([[0.3, 0.4, 0.6, 0], [0.2, 0.1, 0, 0]], np.float16))}
        self.non_tensor_batch = {"uid": np.array(["7f3a", "7f3a"], dtype=object)}

dump_batch(Batch(), sys.argv[1], {"gamma": 1.0, "lam": 0.95, "ver": "0.4.1"})
`

// TestReadmeSnippet runs the README's dump_batch under NumPy on a stand-in
// batch and reads the file it writes.
func TestReadmeSnippet(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "dump.py")
	if err := os.WriteFile(script, []byte(readmeSnippet(t)+harness), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "batch.npz")
	if b, err := exec.Command(py, script, out).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Load(data, url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Config.Ver != "v0.4.1" || a.Config.Lam != 0.95 || a.Batch.UID[1] != "7f3a" || a.Stats.ValidTokens != 5 {
		t.Errorf("config %+v, uid %v, valid %d", a.Config, a.Batch.UID, a.Stats.ValidTokens)
	}
}
