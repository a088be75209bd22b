package chart

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden SVGs in testdata/")

// checkGoldenSVG is the one golden-SVG check of the chart tests: it renders
// twice (the output must be deterministic), compares the SVG with
// testdata/<name>.svg, or rewrites that file with -update, and returns it.
func checkGoldenSVG(t *testing.T, name string, render func() ([]byte, error)) []byte {
	t.Helper()
	got, err := render()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := render(); !bytes.Equal(got, again) {
		t.Fatal("two renderings of the same input differ")
	}
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./web/chart -run %s -update to create it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (%d bytes, want %d); if the change is intended, run go test ./web/chart -run %s -update and look at the SVG", name, len(got), len(want), t.Name())
	}
	return got
}

// wantChartError fails the test unless err is an error of this package
// (its message starts with "chart: "); name says which input it was.
func wantChartError(t *testing.T, name string, err error) {
	t.Helper()
	if err == nil || !strings.HasPrefix(err.Error(), "chart: ") {
		t.Errorf("%s: error %v, want one starting with \"chart: \"", name, err)
	}
}
