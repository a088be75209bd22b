package tensorfile

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzLimits keep a fuzzed input's allocations small.
var fuzzLimits = Limits{MaxElements: 1 << 14, MaxBytes: 1 << 18, MaxTensors: 16}

// exercise decodes every tensor a reader accepted: it must not panic and
// must give Len values.
func exercise(t *testing.T, f *File) {
	for _, tt := range f.Tensors {
		if tt.DType == Str {
			if s, err := tt.Strings(); err == nil && len(s) != tt.Len() {
				t.Fatalf("%s: %d strings, Len %d", tt.Name, len(s), tt.Len())
			}
			continue
		}
		v, err := tt.Float64s(nil)
		if err != nil || len(v) != tt.Len() {
			t.Fatalf("%s: %d values, Len %d, %v", tt.Name, len(v), tt.Len(), err)
		}
	}
}

func seedFixtures(f *testing.F, ext string) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "*"+ext))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
}

// FuzzSafetensors: no input panics the safetensors reader or the decoding
// of what it accepts.
func FuzzSafetensors(f *testing.F) {
	seedFixtures(f, ".safetensors")
	f.Fuzz(func(t *testing.T, data []byte) {
		if file, err := ReadSafetensors(data, fuzzLimits); err == nil {
			exercise(t, file)
		} else if _, ok := err.(*Error); !ok {
			t.Fatalf("error of type %T: %v", err, err)
		}
	})
}

// FuzzNPZ: no input panics the .npz/.npy readers (Read dispatches on the
// magic bytes) or the decoding of what they accept.
func FuzzNPZ(f *testing.F) {
	seedFixtures(f, ".npz")
	f.Add(npyFile("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }", make([]byte, 24)))
	f.Add(npyFile("{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }", make([]byte, 12)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if file, err := Read(data, fuzzLimits); err == nil {
			exercise(t, file)
		} else if _, ok := err.(*Error); !ok {
			t.Fatalf("error of type %T: %v", err, err)
		}
	})
}
