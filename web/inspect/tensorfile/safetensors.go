package tensorfile

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// maxHeader bounds a .safetensors JSON header (the format's own readers
// allow 100 MB; a token-text list in __metadata__ fits well under this).
const maxHeader = 64 << 20

// safetensorsEntry is one tensor's header entry.
type safetensorsEntry struct {
	DType       string  `json:"dtype"`
	Shape       []int64 `json:"shape"`
	DataOffsets []int64 `json:"data_offsets"`
}

// ReadSafetensors reads a .safetensors file held in data. The tensors are
// views of data (nothing is copied). Following the format's specification,
// the header must be a JSON object, data_offsets are relative to the byte
// after the header, and the tensors must tile the data buffer exactly: no
// gap, no overlap, no trailing bytes, and each tensor's byte length equal
// to its shape × dtype size.
func ReadSafetensors(data []byte, lim Limits) (*File, error) {
	lim = lim.withDefaults()
	if len(data) < 8 {
		return nil, fileErrorf("safetensors: the file is %d bytes, shorter than the 8-byte header length", len(data))
	}
	n := binary.LittleEndian.Uint64(data)
	if n > maxHeader {
		return nil, fileErrorf("safetensors: the header claims %d bytes, more than the %d allowed", n, maxHeader)
	}
	if n > uint64(len(data)-8) {
		return nil, fileErrorf("safetensors: the header claims %d bytes but only %d follow (truncated file)", n, len(data)-8)
	}
	header := data[8 : 8+n]
	if len(bytes.TrimSpace(header)) == 0 || bytes.TrimLeft(header, " ")[0] != '{' {
		return nil, fileErrorf("safetensors: the header is not a JSON object")
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(header, &raw); err != nil {
		return nil, fileErrorf("safetensors: the header is not valid JSON: %v", err)
	}
	buf := data[8+n:]
	f := &File{Metadata: map[string]string{}}
	if m, ok := raw["__metadata__"]; ok {
		if err := json.Unmarshal(m, &f.Metadata); err != nil {
			return nil, fileErrorf("safetensors: __metadata__ must map strings to strings: %v", err)
		}
		delete(raw, "__metadata__")
	}
	if len(raw) > lim.MaxTensors {
		return nil, fileErrorf("safetensors: %d tensors, more than the %d allowed", len(raw), lim.MaxTensors)
	}
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	sort.Strings(names)
	type span struct {
		begin, end int64
		name       string
		t          *Tensor
	}
	spans := make([]span, 0, len(names))
	var total int64
	for _, name := range names {
		var e safetensorsEntry
		dec := json.NewDecoder(bytes.NewReader(raw[name]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return nil, tensorErrorf(name, "header entry is not {dtype, shape, data_offsets}: %v", err)
		}
		dt, ok := safetensorsDTypes[e.DType]
		if !ok {
			return nil, tensorErrorf(name, "dtype %q is not supported (want F16, BF16, F32, F64, BOOL or an integer type)", e.DType)
		}
		if e.Shape == nil {
			return nil, tensorErrorf(name, "header entry has no shape")
		}
		shape := make([]int, len(e.Shape))
		for k, d := range e.Shape {
			if d < 0 || d > int64(lim.MaxElements) {
				return nil, tensorErrorf(name, "shape %v has a dimension outside 0…%d", e.Shape, lim.MaxElements)
			}
			shape[k] = int(d)
		}
		count, err := checkedCount(name, shape, lim.MaxElements)
		if err != nil {
			return nil, err
		}
		if len(e.DataOffsets) != 2 {
			return nil, tensorErrorf(name, "data_offsets must be [begin, end], got %d numbers", len(e.DataOffsets))
		}
		begin, end := e.DataOffsets[0], e.DataOffsets[1]
		if begin < 0 || end < begin {
			return nil, tensorErrorf(name, "data_offsets [%d, %d] are not an increasing pair", begin, end)
		}
		if end > int64(len(buf)) {
			return nil, tensorErrorf(name, "data_offsets [%d, %d] run past the end of the data (%d bytes): truncated file or a header that lies", begin, end, len(buf))
		}
		want := int64(count) * int64(dt.size())
		if end-begin != want {
			return nil, tensorErrorf(name, "data_offsets [%d, %d] hold %d bytes, but shape %v of %s needs %d", begin, end, end-begin, shape, e.DType, want)
		}
		total += want
		if total > lim.MaxBytes {
			return nil, tensorErrorf(name, "the tensors hold more than %d bytes together", lim.MaxBytes)
		}
		spans = append(spans, span{begin, end, name, &Tensor{Name: name, DType: dt, Shape: shape, ItemSize: dt.size(), data: buf[begin:end:end]}})
	}
	// The tensors must tile the buffer: sorted by offset, each starts where
	// the previous ended, and the last ends at the end of the file.
	slices.SortStableFunc(spans, func(a, b span) int {
		if a.begin != b.begin {
			return int(a.begin - b.begin)
		}
		return int(a.end - b.end)
	})
	var at int64
	for _, s := range spans {
		f.Tensors = append(f.Tensors, s.t) // file order is offset order, as writers lay tensors out
		if s.begin != at {
			what := "a gap before it"
			if s.begin < at {
				what = "it overlaps the previous tensor"
			}
			return nil, tensorErrorf(s.name, "data_offsets start at %d, but the previous tensor ends at %d: %s (a header that lies about offsets)", s.begin, at, what)
		}
		at = s.end
	}
	if at != int64(len(buf)) {
		return nil, fileErrorf("safetensors: the tensors end at byte %d of the data, but %d bytes follow the header (%s)", at, len(buf), trailingWhat(at, int64(len(buf))))
	}
	return f, nil
}

func trailingWhat(at, size int64) string {
	if at < size {
		return fmt.Sprintf("%d unclaimed bytes", size-at)
	}
	return "truncated"
}

var safetensorsDTypes = map[string]DType{
	"BOOL": Bool, "U8": U8, "I8": I8, "U16": U16, "I16": I16, "U32": U32, "I32": I32,
	"U64": U64, "I64": I64, "F16": F16, "BF16": BF16, "F32": F32, "F64": F64,
}
