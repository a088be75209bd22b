// Package tensorfile reads the tensor files a verl user has at hand:
// .safetensors (8-byte little-endian header length, a JSON header, raw
// data) and NumPy .npy / .npz (a zip of .npy files, as np.savez and
// np.savez_compressed write them). It is written for untrusted uploads:
// every declared shape × dtype is checked against the bytes that are really
// there and against a budget before anything is allocated or inflated, a zip
// entry's declared uncompressed size is checked before it is inflated (and
// the inflater cannot produce more than that), and pickles are refused
// without ever being unpickled. Every error names the tensor and the
// problem. Standard library only.
package tensorfile

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// DType is an element type, spelled as safetensors spells it.
type DType string

// The element types the readers accept.
const (
	Bool DType = "BOOL"
	U8   DType = "U8"
	I8   DType = "I8"
	U16  DType = "U16"
	I16  DType = "I16"
	U32  DType = "U32"
	I32  DType = "I32"
	U64  DType = "U64"
	I64  DType = "I64"
	F16  DType = "F16"
	BF16 DType = "BF16"
	F32  DType = "F32"
	F64  DType = "F64"
	// Str is a NumPy fixed-width string (unicode "<U", or bytes "|S"):
	// a token-text list or string uids. Its width is Tensor.ItemSize.
	Str DType = "STR"
)

// size is the bytes per element of a numeric dtype (0 for Str, whose width
// is per tensor).
func (d DType) size() int {
	switch d {
	case Bool, U8, I8:
		return 1
	case U16, I16, F16, BF16:
		return 2
	case U32, I32, F32:
		return 4
	case U64, I64, F64:
		return 8
	}
	return 0
}

// IsFloat reports whether d is a floating-point type.
func (d DType) IsFloat() bool { return d == F16 || d == BF16 || d == F32 || d == F64 }

// Tensor is one named array. Its data is not decoded until asked for:
// Float64s or Strings decode it, so a tensor the caller does not use costs
// nothing beyond its bytes (for .safetensors, a view of the file itself).
type Tensor struct {
	Name  string
	DType DType
	Shape []int
	// ItemSize is the bytes per element: the dtype's size, or for Str
	// the fixed width (4 bytes per character for NumPy unicode).
	ItemSize int
	data     []byte
	bigEnd   bool // NumPy '>' byte order
	unicode  bool // Str: UTF-32 ('U') rather than bytes ('S')
	fortran  bool // NumPy fortran_order (column-major), at most 2 dims
}

// Len is the number of elements (the product of the shape; 1 for a scalar).
func (t *Tensor) Len() int {
	n := 1
	for _, d := range t.Shape {
		n *= d
	}
	return n
}

// Float64s decodes the tensor in row-major (C) order into dst, which must
// hold Len elements, and returns it (allocating when dst is nil). Booleans
// and integers become 0/1 and their values; a string tensor is an error.
// Non-finite floats are decoded as they are: callers check them.
func (t *Tensor) Float64s(dst []float64) ([]float64, error) {
	n := t.Len()
	if t.DType == Str {
		return nil, t.errorf("is a string array, not numbers")
	}
	if dst == nil {
		dst = make([]float64, n)
	}
	if len(dst) < n {
		return nil, t.errorf("destination holds %d elements, need %d", len(dst), n)
	}
	dst = dst[:n]
	var bo binary.ByteOrder = binary.LittleEndian
	if t.bigEnd {
		bo = binary.BigEndian
	}
	sz := t.ItemSize
	src := t.data
	if !t.fortran && !t.bigEnd { // the common cases, without a switch per element
		switch t.DType {
		case F32:
			for k := range dst {
				dst[k] = float64(math.Float32frombits(binary.LittleEndian.Uint32(src[4*k:])))
			}
			return dst, nil
		case F64:
			for k := range dst {
				dst[k] = math.Float64frombits(binary.LittleEndian.Uint64(src[8*k:]))
			}
			return dst, nil
		case I64:
			for k := range dst {
				dst[k] = float64(int64(binary.LittleEndian.Uint64(src[8*k:])))
			}
			return dst, nil
		}
	}
	for k := range dst {
		j := k
		if t.fortran && len(t.Shape) == 2 { // element (i, c) of a column-major [B][R] sits at c·B + i
			i, c := k/t.Shape[1], k%t.Shape[1]
			j = c*t.Shape[0] + i
		}
		b := src[j*sz : j*sz+sz]
		var v float64
		switch t.DType {
		case Bool, U8:
			v = float64(b[0])
		case I8:
			v = float64(int8(b[0]))
		case U16:
			v = float64(bo.Uint16(b))
		case I16:
			v = float64(int16(bo.Uint16(b)))
		case U32:
			v = float64(bo.Uint32(b))
		case I32:
			v = float64(int32(bo.Uint32(b)))
		case U64:
			v = float64(bo.Uint64(b))
		case I64:
			v = float64(int64(bo.Uint64(b)))
		case F16:
			v = float64(halfToFloat32(bo.Uint16(b)))
		case BF16:
			v = float64(math.Float32frombits(uint32(bo.Uint16(b)) << 16))
		case F32:
			v = float64(math.Float32frombits(bo.Uint32(b)))
		case F64:
			v = math.Float64frombits(bo.Uint64(b))
		}
		dst[k] = v
	}
	return dst, nil
}

// Strings decodes a string tensor (trailing NULs trimmed, as NumPy does).
func (t *Tensor) Strings() ([]string, error) {
	if t.DType != Str {
		return nil, t.errorf("is %s, not a string array", t.DType)
	}
	n := t.Len()
	out := make([]string, n)
	var bo binary.ByteOrder = binary.LittleEndian
	if t.bigEnd {
		bo = binary.BigEndian
	}
	for k := range out {
		b := t.data[k*t.ItemSize : (k+1)*t.ItemSize]
		if !t.unicode {
			s := strings.TrimRight(string(b), "\x00")
			if !utf8.ValidString(s) {
				return nil, t.errorf("element %d is not UTF-8 text", k)
			}
			out[k] = s
			continue
		}
		var sb strings.Builder
		for c := 0; c+4 <= len(b); c += 4 {
			r := rune(bo.Uint32(b[c:]))
			if r == 0 {
				break
			}
			if !utf8.ValidRune(r) {
				return nil, t.errorf("element %d holds an invalid character U+%X", k, uint32(r))
			}
			sb.WriteRune(r)
		}
		out[k] = sb.String()
	}
	return out, nil
}

// halfToFloat32 converts an IEEE 754 binary16 to float32 exactly.
func halfToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f: // Inf or NaN
		return math.Float32frombits(sign | 0x7f800000 | frac<<13)
	case exp == 0:
		if frac == 0 {
			return math.Float32frombits(sign)
		}
		// subnormal: frac·2^−24
		v := float32(frac) * (1.0 / (1 << 24))
		if sign != 0 {
			v = -v
		}
		return v
	}
	return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
}

// Limits bound what a reader accepts. The zero value takes the defaults.
type Limits struct {
	// MaxElements bounds one tensor (default 1<<22 = 512 × 8,192).
	MaxElements int
	// MaxBytes bounds the data of all tensors together, as stored
	// (default 256 MiB); for .npz it is checked against each entry's
	// declared uncompressed size before inflating it.
	MaxBytes int64
	// MaxTensors bounds the number of tensors (default 64).
	MaxTensors int
}

func (l Limits) withDefaults() Limits {
	if l.MaxElements <= 0 {
		l.MaxElements = 1 << 22
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = 256 << 20
	}
	if l.MaxTensors <= 0 {
		l.MaxTensors = 64
	}
	return l
}

// File is what a reader found: its tensors in file order, and string
// metadata (safetensors' __metadata__; empty for NumPy).
type File struct {
	Tensors  []*Tensor
	Metadata map[string]string
}

// Tensor returns the tensor called name, or nil.
func (f *File) Tensor(name string) *Tensor {
	for _, t := range f.Tensors {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Error is a malformed file: which tensor (or "" for the file as a whole)
// and what is wrong with it.
type Error struct {
	Tensor  string
	Problem string
}

func (e *Error) Error() string {
	if e.Tensor == "" {
		return "tensorfile: " + e.Problem
	}
	return fmt.Sprintf("tensorfile: tensor %q: %s", e.Tensor, e.Problem)
}

func fileErrorf(format string, args ...any) *Error {
	return &Error{Problem: fmt.Sprintf(format, args...)}
}

func tensorErrorf(name, format string, args ...any) *Error {
	return &Error{Tensor: name, Problem: fmt.Sprintf(format, args...)}
}

func (t *Tensor) errorf(format string, args ...any) *Error {
	return tensorErrorf(t.Name, format, args...)
}

// checkedCount multiplies the dimensions of shape, refusing a negative
// dimension or a product beyond max without overflowing.
func checkedCount(name string, shape []int, max int) (int, error) {
	n := 1
	for _, d := range shape {
		if d < 0 {
			return 0, tensorErrorf(name, "shape %v has a negative dimension", shape)
		}
		if d != 0 && n > max/d {
			return 0, tensorErrorf(name, "shape %v has more than %d elements", shape, max)
		}
		n *= d
	}
	if n > max {
		return 0, tensorErrorf(name, "shape %v has more than %d elements", shape, max)
	}
	return n, nil
}

// isPickle reports whether data starts like a Python pickle (protocol 2+
// opens with 0x80 and the protocol number).
func isPickle(data []byte) bool {
	return len(data) >= 2 && data[0] == 0x80 && data[1] >= 2 && data[1] <= 5
}

// Read detects the format of data (.npz zip, .npy magic, else
// .safetensors) and reads it. A pickle is refused.
func Read(data []byte, lim Limits) (*File, error) {
	switch Detect(data) {
	case "npz":
		return ReadNPZ(data, lim)
	case "npy":
		t, err := ReadNPY("array", data, lim)
		if err != nil {
			return nil, err
		}
		return &File{Tensors: []*Tensor{t}, Metadata: map[string]string{}}, nil
	case "pickle":
		return nil, fileErrorf("the file is a Python pickle; pickles are refused (they can run code), save tensors with safetensors or np.savez")
	}
	return ReadSafetensors(data, lim)
}

// Detect names the format data looks like: "npz", "npy", "pickle" or
// "safetensors" (the default, which has no magic number).
func Detect(data []byte) string {
	switch {
	case len(data) >= 4 && string(data[:4]) == "PK\x03\x04", len(data) >= 4 && string(data[:4]) == "PK\x05\x06":
		return "npz"
	case len(data) >= 6 && string(data[:6]) == npyMagic:
		return "npy"
	case isPickle(data):
		return "pickle"
	}
	return "safetensors"
}

// FromFloat64s builds an F64 tensor of shape from row-major values (for
// formats that are not tensor files, such as the API's JSON case).
func FromFloat64s(name string, shape []int, values []float64) (*Tensor, error) {
	t := &Tensor{Name: name, DType: F64, Shape: shape, ItemSize: 8}
	if n, err := checkedCount(name, shape, 1<<40); err != nil || n != len(values) {
		return nil, tensorErrorf(name, "shape %v does not hold %d values", shape, len(values))
	}
	t.data = make([]byte, 8*len(values))
	for k, v := range values {
		binary.LittleEndian.PutUint64(t.data[8*k:], math.Float64bits(v))
	}
	return t, nil
}

// FromFloat32s builds an F32 tensor of shape from row-major values, each
// rounded to float32 (for the API's JSON case, whose arrays of float32
// numbers are held to float32's tolerance).
func FromFloat32s(name string, shape []int, values []float64) (*Tensor, error) {
	t := &Tensor{Name: name, DType: F32, Shape: shape, ItemSize: 4}
	if n, err := checkedCount(name, shape, 1<<40); err != nil || n != len(values) {
		return nil, tensorErrorf(name, "shape %v does not hold %d values", shape, len(values))
	}
	t.data = make([]byte, 4*len(values))
	for k, v := range values {
		binary.LittleEndian.PutUint32(t.data[4*k:], math.Float32bits(float32(v)))
	}
	return t, nil
}

// FromStrings builds a string tensor of shape from row-major values.
func FromStrings(name string, shape []int, values []string) (*Tensor, error) {
	w := 1
	for _, s := range values {
		w = max(w, len(s))
	}
	t := &Tensor{Name: name, DType: Str, Shape: shape, ItemSize: w}
	if n, err := checkedCount(name, shape, 1<<40); err != nil || n != len(values) {
		return nil, tensorErrorf(name, "shape %v does not hold %d values", shape, len(values))
	}
	t.data = make([]byte, w*len(values))
	for k, s := range values {
		copy(t.data[w*k:], s)
	}
	return t, nil
}
