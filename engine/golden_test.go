package engine

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// goldenCase is one case of ../shared/golden/golden-shared.json, with its
// blocks kept raw so each test decodes only what it checks.
type goldenCase struct {
	ID      string                     `json:"id"`
	Tags    []string                   `json:"tags"`
	Inputs  map[string]json.RawMessage `json:"inputs"`
	Config  map[string]json.RawMessage `json:"config"`
	Outputs map[string]json.RawMessage `json:"outputs"`
}

// goldenPath is where the shared golden vectors sit, beside the repository.
var goldenPath = filepath.Join("..", "..", "shared", "golden", "golden-shared.json")

var (
	goldenOnce  sync.Once
	goldenCases []goldenCase
	goldenErr   error
)

// loadGolden returns every golden case. It skips when the file is missing,
// except under CI=true, where a missing file fails the test.
func loadGolden(t testing.TB) []goldenCase {
	t.Helper()
	goldenOnce.Do(func() {
		data, err := os.ReadFile(goldenPath)
		if err != nil {
			goldenErr = err
			return
		}
		var file struct {
			Cases []goldenCase `json:"cases"`
		}
		goldenErr = json.Unmarshal(data, &file)
		goldenCases = file.Cases
	})
	if goldenErr != nil {
		if os.Getenv("CI") == "true" || !os.IsNotExist(goldenErr) {
			t.Fatalf("golden vectors: %v", goldenErr)
		}
		t.Skipf("golden vectors not found: %v", goldenErr)
	}
	if len(goldenCases) == 0 {
		t.Fatal("golden vectors: no cases")
	}
	return goldenCases
}

// decode unmarshals one raw block, failing the test on error.
func decode[T any](t testing.TB, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %.60s: %v", raw, err)
	}
	return v
}

// matrix returns block[key] as a matrix, or nil when absent.
func (c goldenCase) matrix(t testing.TB, block map[string]json.RawMessage, key string) [][]float64 {
	t.Helper()
	raw, ok := block[key]
	if !ok {
		return nil
	}
	return decode[[][]float64](t, raw)
}

// cfg returns config[key] as a float64, or def when absent or null.
func (c goldenCase) cfg(t testing.TB, key string, def float64) float64 {
	t.Helper()
	raw, ok := c.Config[key]
	if !ok || string(raw) == "null" {
		return def
	}
	return decode[float64](t, raw)
}

// path walks nested objects of the outputs block: path(t, "gae", "early").
func (c goldenCase) path(t testing.TB, keys ...string) (json.RawMessage, bool) {
	t.Helper()
	block := c.Outputs
	var raw json.RawMessage
	for k, key := range keys {
		var ok bool
		raw, ok = block[key]
		if !ok {
			return nil, false
		}
		if k < len(keys)-1 {
			block = decode[map[string]json.RawMessage](t, raw)
		}
	}
	return raw, true
}

// Tolerances from ../shared/golden/README.md.
const (
	tolF32 = 2e-6  // float64 engine vs verl's float32 outputs, O(1) quantities
	tolF64 = 1e-12 // float64 engine vs outputs.float64_reference
)

// closeTo reports whether got is within tol of want, absolutely or (for large
// numbers, where float32 noise is relative) relative to |want|.
func closeTo(got, want, tol float64) bool {
	d := math.Abs(got - want)
	return d <= tol || d <= tol*math.Abs(want)
}

func assertScalar(t testing.TB, name string, got, want, tol float64) {
	t.Helper()
	if !closeTo(got, want, tol) {
		t.Errorf("%s = %.12g, want %.12g (tol %g, diff %.3g)", name, got, want, tol, got-want)
	}
}

func assertMatrix(t testing.TB, name string, got, want [][]float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", name, len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("%s[%d]: %d columns, want %d", name, i, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			if !closeTo(got[i][j], want[i][j], tol) {
				t.Errorf("%s[%d][%d] = %.12g, want %.12g (tol %g)", name, i, j, got[i][j], want[i][j], tol)
			}
		}
	}
}
