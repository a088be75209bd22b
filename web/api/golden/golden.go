// Package golden loads the shared golden vectors (verl's own numbers) for the
// tests of the API, the server and the CLI.
package golden

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Case is one golden case: its id and its whole JSON, which is also a valid
// request body for POST /api/v1/compute.
type Case struct {
	ID  string
	Raw json.RawMessage
}

// Path is ../shared/golden/golden-shared.json beside the repository root.
func Path() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "..", "..", "..", "shared", "golden", "golden-shared.json")
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
