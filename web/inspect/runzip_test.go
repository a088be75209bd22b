package inspect

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"strings"
	"testing"
)

// zipOf is a zip of name → data entries, deflated, in the order given.
func zipOf(t testing.TB, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, err := zw.Create(e[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e[1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadRunZip: the dumps of a run's zip, at its root or in its one
// folder, and the folder's .hydra/config.yaml as its Config, macOS's
// litter and other files below the folder left out; every hostile zip
// refused by its code before anything is inflated.
func TestReadRunZip(t *testing.T) {
	run, err := ReadRunZip(zipOf(t, [2]string{"run/step1.npz", "a"}, [2]string{"run/step2.json", "{}"}, [2]string{"run/.hydra/config.yaml", "x: 1"},
		[2]string{"run/.hydra/overrides.yaml", "x"}, [2]string{"run/notes.txt", "x"}, [2]string{"__MACOSX/run/._step1.npz", "x"}))
	files := run.Files
	if err != nil || len(files) != 2 || files[0].Name != "step1.npz" || files[1].Name != "step2.json" {
		t.Fatalf("%v: %+v", err, files)
	}
	if data, err := files[1].Read(); err != nil || string(data) != "{}" {
		t.Errorf("Read: %q, %v", data, err)
	}
	if run.Config == nil || run.Config.Name != RunConfigName {
		t.Errorf("Config %+v, want %s", run.Config, RunConfigName)
	} else if data, err := run.Config.Read(); err != nil || string(data) != "x: 1" {
		t.Errorf("Config.Read: %q, %v", data, err)
	}
	for _, c := range []struct {
		name    string
		entries [][2]string
		want    bool
	}{
		{"at the root", [][2]string{{"step1.npz", "a"}, {".hydra/config.yaml", "x: 1"}}, true},
		{"below a dump's folder", [][2]string{{"run/step1.npz", "a"}, {"run/sub/.hydra/config.yaml", "x: 1"}}, false},
		{"none", [][2]string{{"run/step1.npz", "a"}}, false},
	} {
		if run, err := ReadRunZip(zipOf(t, c.entries...)); err != nil || (run.Config != nil) != c.want {
			t.Errorf("%s: %v, Config %+v, want one: %v", c.name, err, run.Config, c.want)
		}
	}
	if _, err := ReadRunZip(zipOf(t, [2]string{"run/step1.npz", "a"}, [2]string{"run/.hydra/config.yaml", string(make([]byte, maxRunConfig+1))})); err == nil || !strings.Contains(err.Error(), RunConfigName) {
		t.Errorf("a config over %d bytes: %v", maxRunConfig, err)
	}
	many := make([][2]string, MaxRunEntries+1)
	for k := range many {
		many[k] = [2]string{"f" + string(rune('a'+k%26)) + string(rune('a'+k/26)) + ".txt", ""}
	}
	dumps := make([][2]string, MaxRunDumps+1)
	for k := range dumps {
		dumps[k] = [2]string{"step" + string(rune('a'+k%26)) + string(rune('a'+k/26)) + ".npz", ""}
	}
	for _, c := range []struct {
		name, code string
		data       []byte
	}{
		{"traversal", "run_traversal", zipOf(t, [2]string{"../step1.npz", "a"})},
		{"absolute", "run_traversal", zipOf(t, [2]string{"/etc/step1.npz", "a"})},
		{"backslash", "run_traversal", zipOf(t, [2]string{"run\\..\\step1.npz", "a"})},
		{"bomb", "run_bomb", zipOf(t, [2]string{"step1.npz", string(make([]byte, 4<<20))})},
		{"entries", "run_entries", zipOf(t, many...)},
		{"dumps", "run_entries", zipOf(t, dumps...)},
		{"no dump", "run_no_dump", zipOf(t, [2]string{"notes.txt", "x"})},
		{"not a zip", "run_not_zip", []byte("not a zip at all")},
		{"truncated", "run_not_zip", zipOf(t, [2]string{"step1.npz", "a"})[:40]},
	} {
		_, err := ReadRunZip(c.data)
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code {
			t.Errorf("%s: %v, want code %s", c.name, err, c.code)
		}
	}
}

// TestRunFileLies: a dump whose entry inflates past the size it declares
// (a zip bomb that lies) is refused at the first byte beyond, run_bomb.
func TestRunFileLies(t *testing.T) {
	var packed bytes.Buffer
	fw, _ := flate.NewWriter(&packed, flate.BestCompression)
	fw.Write(make([]byte, 64<<10))
	fw.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "step1.npz", Method: zip.Deflate, CompressedSize64: uint64(packed.Len()), UncompressedSize64: 100})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(packed.Bytes())
	zw.Close()
	run, err := ReadRunZip(buf.Bytes())
	files := run.Files
	if err != nil || len(files) != 1 {
		t.Fatalf("%v: %+v", err, files)
	}
	var e *Error
	if data, err := files[0].Read(); !errors.As(err, &e) || e.Code != "run_bomb" || data != nil {
		t.Errorf("Read: %d bytes, %v; want run_bomb", len(data), err)
	}
}

// TestIsRunZip: an .npz (its entries .npy) is one batch, any other zip
// or a file named .zip is a run.
func TestIsRunZip(t *testing.T) {
	for _, c := range []struct {
		data []byte
		name string
		want bool
	}{
		{zipOf(t, [2]string{"response_mask.npy", "x"}), "batch.npz", false},
		{zipOf(t, [2]string{"response_mask.npy", "x"}), "batch.zip", false},
		{zipOf(t, [2]string{"run/step1.npz", "x"}), "run.zip", true},
		{zipOf(t, [2]string{"../step1.npz", "x"}), "anything", true},
		{[]byte("garbage"), "run.zip", true},
		{[]byte("{}"), "batch.json", false},
	} {
		if got := IsRunZip(c.data, c.name); got != c.want {
			t.Errorf("IsRunZip(%q…, %q) = %v, want %v", c.data[:min(8, len(c.data))], c.name, got, c.want)
		}
	}
}

// FuzzReadRunZip: no archive panics the run's zip reader or makes a dump
// inflate past the size it declares; every refusal is an *Error.
func FuzzReadRunZip(f *testing.F) {
	f.Add(zipOf(f, [2]string{"run/step1.npz", "abc"}, [2]string{"run/step2.json", "{}"}))
	f.Add(zipOf(f, [2]string{"../step1.npz", "a"}))
	f.Add(zipOf(f, [2]string{"step1.npz", string(make([]byte, 2<<20))}))
	f.Add([]byte("PK\x05\x06"))
	f.Add(zipOf(f, [2]string{"run/step1.npz", "a"}, [2]string{"run/.hydra/config.yaml", "algorithm:\n  gamma: 1\n"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		run, err := ReadRunZip(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if len(run.Files) == 0 || len(run.Files) > MaxRunDumps {
			t.Fatalf("%d dumps", len(run.Files))
		}
		files := run.Files
		if run.Config != nil {
			files = append(files, *run.Config)
		}
		for _, rf := range files {
			got, err := rf.Read()
			if err == nil && int64(len(got)) != rf.Size {
				t.Fatalf("%s: %d bytes, declared %d", rf.Name, len(got), rf.Size)
			}
			if _, ok := err.(*Error); err != nil && !ok {
				t.Fatalf("Read: error of type %T: %v", err, err)
			}
		}
	})
}
