// Package golden loads the shared golden vectors (verl's own numbers) for the
// tests of the API, the server and the CLI.
package golden

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Case is one golden case: its id and its whole JSON, which is also a valid
// request body for POST /api/v1/compute.
type Case struct {
	ID  string
	Raw json.RawMessage
}

// Path is ../shared/golden/golden-shared.json beside the repository root:
// the folder above the test's own (a package's folder, as go test runs it)
// that holds go.mod. (It reads no source path, so -trimpath builds find it.)
func Path() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			dir = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return filepath.Join(dir, "..", "shared", "golden", "golden-shared.json")
}

// Load reads every case. Tests call it through Cases.
func Load() ([]Case, error) {
	data, err := os.ReadFile(Path())
	if err != nil {
		return nil, err
	}
	var file struct {
		Cases []json.RawMessage `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("golden: %w", err)
	}
	cases := make([]Case, len(file.Cases))
	for i, raw := range file.Cases {
		var head struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return nil, fmt.Errorf("golden: case %d: %w", i, err)
		}
		cases[i] = Case{ID: head.ID, Raw: raw}
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("golden: %s has no cases", Path())
	}
	return cases, nil
}

// Cases returns every case for a test. A missing file skips the test on a
// developer's machine and fails it under CI=true.
func Cases(t testing.TB) []Case {
	t.Helper()
	cases, err := Load()
	if err != nil {
		if os.Getenv("CI") == "true" || !os.IsNotExist(err) {
			t.Fatalf("golden vectors: %v", err)
		}
		t.Skipf("golden vectors not found: %v", err)
	}
	return cases
}

// VersionsPath is ../shared/golden/golden-versions-shared.json: the shared
// cases run through each of verl's twelve generations.
func VersionsPath() string {
	return filepath.Join(filepath.Dir(Path()), "golden-versions-shared.json")
}

// VersionCase is one per-release case: its id, generation ("G01"…"G12"),
// representative tag and whole JSON.
type VersionCase struct {
	ID, Generation, Tag string
	Raw                 json.RawMessage
}

// VersionCases returns every per-release case for a test: skipped when the
// file is missing on a developer's machine, failed under CI=true.
func VersionCases(t testing.TB) []VersionCase {
	t.Helper()
	data, err := os.ReadFile(VersionsPath())
	if err != nil {
		if os.Getenv("CI") == "true" || !os.IsNotExist(err) {
			t.Fatalf("golden vectors: %v", err)
		}
		t.Skipf("golden vectors not found: %v", err)
	}
	var file struct {
		Cases []json.RawMessage `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("golden: %v", err)
	}
	cases := make([]VersionCase, len(file.Cases))
	for i, raw := range file.Cases {
		var head struct {
			ID         string `json:"id"`
			Generation string `json:"generation"`
			Tag        string `json:"verl_version"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			t.Fatalf("golden: case %d: %v", i, err)
		}
		cases[i] = VersionCase{ID: head.ID, Generation: head.Generation, Tag: head.Tag, Raw: raw}
	}
	if len(cases) == 0 {
		t.Fatalf("golden: %s has no cases", VersionsPath())
	}
	return cases
}
