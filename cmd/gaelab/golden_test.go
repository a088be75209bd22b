package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"gaelab/web/api"
	"gaelab/web/api/golden"
)

// Every golden case through "gaelab compute FILE" prints exactly what
// api.Compute answers (which the api package checks against verl's numbers).
func TestComputeCLIGolden(t *testing.T) {
	dir := t.TempDir()
	for _, c := range golden.Cases(t) {
		t.Run(c.ID, func(t *testing.T) {
			file := filepath.Join(dir, c.ID+".json")
			if err := os.WriteFile(file, c.Raw, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if err := run(context.Background(), []string{"compute", file}, func(string) string { return "" }, nil, &stdout, &stderr); err != nil {
				t.Fatalf("gaelab compute: %v", err)
			}
			want, perr := api.Compute(c.Raw)
			if perr != nil {
				t.Fatal(perr)
			}
			if got := bytes.TrimSuffix(stdout.Bytes(), []byte("\n")); !bytes.Equal(got, want) {
				t.Errorf("stdout %.120s…, want api.Compute's answer", got)
			}
		})
	}
}

// Bad input through the real compute names the field and fails the command.
func TestComputeCLIBadInput(t *testing.T) {
	var stdout bytes.Buffer
	err := run(context.Background(), []string{"compute"}, func(string) string { return "" },
		bytes.NewReader([]byte(`{"inputs": {"response_mask": [[1, 2]]}}`)), &stdout, &stdout)
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("inputs.response_mask[0][1] must be 0 or 1")) || stdout.Len() != 0 {
		t.Errorf("err = %v, stdout %q; want the field and message, nothing on stdout", err, stdout.String())
	}
}
