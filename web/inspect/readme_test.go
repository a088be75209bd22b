package inspect

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/i18n"
)

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

// readmeHarness stands in for what the README's lines find inside
// RayPPOTrainer.fit: verl (its __version__), self (global_steps and the
// trainer config, verl's keys) and batch (a DataProto's tensors and uids),
// then runs them; the exporter is imported from the directory in argv[1].
const readmeHarness = `
import os, sys, types
sys.path.insert(0, sys.argv[1])
sys.modules["verl"] = types.SimpleNamespace(__version__="0.4.1")
use_numpy = False
` + standInTensor + `
algorithm = types.SimpleNamespace(gamma=1.0, lam=0.95, adv_estimator="gae", kl_penalty="kl",
                                  use_kl_in_reward=False, kl_ctrl=types.SimpleNamespace(kl_coef=0.001))
self = types.SimpleNamespace(global_steps=7, config=types.SimpleNamespace(algorithm=algorithm))
batch = types.SimpleNamespace(
    batch={"response_mask": T([[1, 1, 1, 0], [1, 1, 0, 0]], False),
           "token_level_rewards": T([[0, 0, 1, 0], [0, 1, 0, 0]], True),
           "values": T([[0.3, 0.4, 0.6, 0], [0.2, 0.1, 0, 0]], True)},
    non_tensor_batch={"uid": ["7f3a", "7f3a"]})
os.makedirs("dumps", exist_ok=True)
`

// TestReadmeSnippet runs the README's lines that call the exporter, as
// fit() would, and reads the file they write with the check's reader.
func TestReadmeSnippet(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3")
		}
		t.Skip("no python3")
	}
	exportDir, _ := filepath.Abs("export")
	dir := t.TempDir()
	script := filepath.Join(dir, "fit.py")
	if err := os.WriteFile(script, []byte(readmeHarness+readmeSnippet(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, script, exportDir)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	data, err := os.ReadFile(filepath.Join(dir, "dumps", "batch_7.npz"))
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

// TestReadmeListsEveryFinding (#37 "Done when"): the README's /inspect
// section has one row per finding kind of the severity table, with the
// severity it has at the first and the newest generation, a meaning and
// the releases it applies to; the page has a line for it in both
// languages; and the section gives the CLI's exit codes.
func TestReadmeListsEveryFinding(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "## Inspect your own batch")
	section, _, _ = strings.Cut(section, "\n## ")
	rows := map[string][]string{}
	for _, line := range strings.Split(section, "\n") {
		if cells := strings.Split(line, " | "); strings.HasPrefix(line, "| `") && len(cells) >= 4 {
			rows[strings.Trim(cells[0], "| `")] = cells[1:]
		}
	}
	for _, kind := range FindingKinds() {
		row, ok := rows[kind]
		if !ok {
			t.Errorf("README: no row for %s", kind)
			continue
		}
		sev, meaning, releases := row[0], row[1], strings.TrimSuffix(row[len(row)-1], " |")
		for _, g := range []engine.Generation{engine.FirstGeneration, engine.G12} {
			if want := SeverityOf(kind, g); !strings.Contains(sev, want) {
				t.Errorf("README: %s is %q, but %s at %s", kind, sev, want, g)
			}
		}
		if len(meaning) < 20 || releases == "" {
			t.Errorf("README: %s's row lacks a meaning or its releases: %q", kind, row)
		}
		if !i18n.Has("inspect.sanity." + kind) {
			t.Errorf("the catalog has no inspect.sanity.%s line", kind)
		}
	}
	if want := "exits **0** when\nexact, **1** when not exact or nothing to check, **2** on a usage or file error"; !strings.Contains(section, want) {
		t.Errorf("README: the CLI's exit codes (%q) are not in the section", want)
	}
}
