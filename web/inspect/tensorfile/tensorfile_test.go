package tensorfile

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReadFixtures reads the real files make_fixtures.py wrote with NumPy
// (np.savez, np.savez_compressed) and with the spec-following safetensors
// writer, and checks dtypes, shapes and a few values.
func TestReadFixtures(t *testing.T) {
	for _, tc := range []struct {
		file   string
		dtypes map[string]DType
	}{
		{"newest_f32.npz", map[string]DType{"response_mask": I64, "token_level_rewards": F32, "values": F32, "uid": Str, "tokens": Str, "config": Str}},
		{"whitened_returns.npz", map[string]DType{"response_mask": I32, "advantages": F32, "uid": I64}},
		{"attention_f16.npz", map[string]DType{"attention_mask": I64, "values": F16, "responses": I64}},
		{"v02_eosleak.safetensors", map[string]DType{"response_mask": I64, "values": F32, "returns": F32}},
		{"per_seq_whiten.safetensors", map[string]DType{"values": F64}},
		{"no_whiten_bf16.safetensors", map[string]DType{"response_mask": Bool, "values": BF16}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := Read(fixture(t, tc.file), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range tc.dtypes {
				tt := f.Tensor(name)
				if tt == nil {
					t.Fatalf("no tensor %q", name)
				}
				if tt.DType != want {
					t.Errorf("%s: dtype %s, want %s", name, tt.DType, want)
				}
				if tt.DType == Str {
					if _, err := tt.Strings(); err != nil {
						t.Error(err)
					}
					continue
				}
				v, err := tt.Float64s(nil)
				if err != nil || len(v) != tt.Len() {
					t.Errorf("%s: %d values, %v", name, len(v), err)
				}
			}
		})
	}
	f, _ := Read(fixture(t, "newest_f32.npz"), Limits{})
	m, _ := f.Tensor("response_mask").Float64s(nil)
	if m[2*10+3] != 1 || m[2*10+4] != 0 { // row 2 has 4 tokens
		t.Errorf("row 2 of the mask: %v", m[20:30])
	}
	uid, _ := f.Tensor("uid").Strings()
	if strings.Join(uid, ",") != "q-a,q-a,q-a,q-b,q-b,q-b" {
		t.Errorf("uid %v", uid)
	}
	if s := f.Tensor("uid").Shape; len(s) != 1 || s[0] != 6 {
		t.Errorf("uid shape %v", s)
	}
}

// TestHalf checks binary16 and bfloat16 decoding on exact values.
func TestHalf(t *testing.T) {
	for _, c := range []struct {
		bits uint16
		want float32
	}{{0x3c00, 1}, {0xc000, -2}, {0x7bff, 65504}, {0x0001, 1.0 / (1 << 24)}, {0x0400, 1.0 / (1 << 14)}, {0x3555, 0.333251953125}, {0x8000, 0}} {
		if got := halfToFloat32(c.bits); got != c.want {
			t.Errorf("half %#04x = %v, want %v", c.bits, got, c.want)
		}
	}
	if !math.IsInf(float64(halfToFloat32(0x7c00)), 1) || !math.IsNaN(float64(halfToFloat32(0x7e00))) {
		t.Error("half Inf/NaN")
	}
	data := safetensorsFile(t, map[string]any{"x": map[string]any{"dtype": "BF16", "shape": []int{2}, "data_offsets": []int{0, 4}}}, []byte{0x80, 0x3f, 0x00, 0xc0})
	f, err := ReadSafetensors(data, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := f.Tensor("x").Float64s(nil); v[0] != 1 || v[1] != -2 {
		t.Errorf("bf16 %v, want [1 -2]", v)
	}
}

// safetensorsFile lays out a .safetensors file with the given header.
func safetensorsFile(t testing.TB, header map[string]any, data []byte) []byte {
	h, err := json.Marshal(header)
	if err != nil {
		t.Fatal(err)
	}
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
	return append(append(out, h...), data...)
}

// npyFile lays out a version 1.0 .npy file.
func npyFile(header string, data []byte) []byte {
	out := []byte(npyMagic + "\x01\x00")
	out = binary.LittleEndian.AppendUint16(out, uint16(len(header)))
	return append(append(out, header...), data...)
}

func TestSafetensorsErrors(t *testing.T) {
	e := func(dtype string, shape []int, off ...int) map[string]any {
		return map[string]any{"dtype": dtype, "shape": shape, "data_offsets": off}
	}
	eight := make([]byte, 8)
	for _, tc := range []struct {
		name   string
		data   []byte
		tensor string
		words  string
	}{
		{"short", []byte{1, 2, 3}, "", "shorter than the 8-byte"},
		{"header past the end", append(binary.LittleEndian.AppendUint64(nil, 100), "{}"...), "", "truncated"},
		{"huge header", binary.LittleEndian.AppendUint64(nil, 1<<40), "", "more than"},
		{"not json", append(binary.LittleEndian.AppendUint64(nil, 2), "[]"...), "", "not a JSON object"},
		{"dtype", safetensorsFile(t, map[string]any{"x": e("C64", []int{1}, 0, 8)}, eight), "x", "not supported"},
		{"negative dim", safetensorsFile(t, map[string]any{"x": e("F32", []int{-2}, 0, 8)}, eight), "x", "dimension"},
		{"overflowing shape", safetensorsFile(t, map[string]any{"x": e("F32", []int{1 << 20, 1 << 20, 1 << 20}, 0, 8)}, eight), "x", "more than"},
		{"too many elements", safetensorsFile(t, map[string]any{"x": e("F32", []int{4096, 4096}, 0, 8)}, eight), "x", "more than"},
		{"size mismatch", safetensorsFile(t, map[string]any{"x": e("F32", []int{3}, 0, 8)}, eight), "x", "needs 12"},
		{"past the end", safetensorsFile(t, map[string]any{"x": e("F64", []int{2}, 0, 16)}, eight), "x", "past the end"},
		{"gap", safetensorsFile(t, map[string]any{"x": e("F32", []int{1}, 4, 8)}, eight), "x", "gap"},
		{"overlap", safetensorsFile(t, map[string]any{"x": e("F32", []int{2}, 0, 8), "y": e("F32", []int{1}, 4, 8)}, eight), "y", "overlaps"},
		{"trailing", safetensorsFile(t, map[string]any{"x": e("F32", []int{1}, 0, 4)}, eight), "", "unclaimed"},
		{"offsets pair", safetensorsFile(t, map[string]any{"x": e("F32", []int{1}, 4)}, eight), "x", "[begin, end]"},
		{"unknown field", safetensorsFile(t, map[string]any{"x": map[string]any{"dtype": "F32", "shape": []int{1}, "data_offsets": []int{0, 4}, "evil": 1}}, eight[:4]), "x", "header entry"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadSafetensors(tc.data, Limits{})
			checkErr(t, err, tc.tensor, tc.words)
		})
	}
}

func checkErr(t *testing.T, err error, tensor, words string) {
	t.Helper()
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("got %v (%T), want *Error", err, err)
	}
	if e.Tensor != tensor || !strings.Contains(e.Problem, words) {
		t.Errorf("got tensor %q problem %q; want %q containing %q", e.Tensor, e.Problem, tensor, words)
	}
}

func TestNPY(t *testing.T) {
	// A Fortran-ordered 2×3 int16 and a big-endian f8: decoded row-major.
	f := npyFile("{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }", []byte{1, 0, 4, 0, 2, 0, 5, 0, 3, 0, 6, 0})
	tt, err := ReadNPY("f", f, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := tt.Float64s(nil); !equal(v, []float64{1, 2, 3, 4, 5, 6}) {
		t.Errorf("fortran: %v", v)
	}
	be := npyFile("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }", binary.BigEndian.AppendUint64(nil, math.Float64bits(-0.5)))
	if tt, err := ReadNPY("b", be, Limits{}); err != nil {
		t.Fatal(err)
	} else if v, _ := tt.Float64s(nil); v[0] != -0.5 {
		t.Errorf("big endian: %v", v)
	}
	for _, tc := range []struct {
		name, header string
		data         []byte
		words        string
	}{
		{"object", "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", []byte("\x80\x04junk"), "pickle"},
		{"structured", "{'descr': [('a', '<f4'), ('b', '<i4')], 'fortran_order': False, 'shape': (1,), }", make([]byte, 8), "structured"},
		{"complex", "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8), "not supported"},
		{"truncated", "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", make([]byte, 8), "truncated"},
		{"lying shape", "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8), "lies"},
		{"huge shape", "{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000), }", nil, "more than"},
		{"negative", "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", nil, "negative"},
		{"no shape", "{'descr': '<f4', 'fortran_order': False}", nil, "shape"},
		{"code", "{'descr': __import__('os'), 'fortran_order': False, 'shape': (1,)}", nil, "unsupported literal"},
		{"fortran 3d", "{'descr': '<f4', 'fortran_order': True, 'shape': (1, 1, 1), }", make([]byte, 4), "Fortran"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadNPY("a", npyFile(tc.header, tc.data), Limits{})
			checkErr(t, err, "a", tc.words)
		})
	}
	if _, err := Read([]byte("\x80\x04\x95junk"), Limits{}); err == nil || !strings.Contains(err.Error(), "pickle") {
		t.Errorf("a bare pickle: %v", err)
	}
}

func equal(a, b []float64) bool {
	return bytes.Equal(floatBytes(a), floatBytes(b))
}

func floatBytes(v []float64) []byte {
	var out []byte
	for _, x := range v {
		out = binary.LittleEndian.AppendUint64(out, math.Float64bits(x))
	}
	return out
}
