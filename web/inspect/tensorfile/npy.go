package tensorfile

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strconv"
	"strings"
)

const npyMagic = "\x93NUMPY"

// maxNPYHeader bounds an .npy header dictionary (NumPy itself refuses
// headers over 10,000 bytes unless told otherwise).
const maxNPYHeader = 1 << 16

// ReadNPY reads one .npy array held in data and calls it name. Format
// versions 1.0, 2.0 and 3.0 are read; the dtype must be a plain one
// (bool, integers, f2/f4/f8, fixed-width U or S strings) — an object
// dtype ('|O', which NumPy stores as a pickle) or a structured dtype is
// refused before any of its data is looked at.
func ReadNPY(name string, data []byte, lim Limits) (*Tensor, error) {
	lim = lim.withDefaults()
	t, off, err := npyHeader(name, data, lim)
	if err != nil {
		return nil, err
	}
	want := int64(t.Len()) * int64(t.ItemSize)
	if want > lim.MaxBytes {
		return nil, tensorErrorf(name, "shape %v needs %d bytes, more than the %d allowed", t.Shape, want, lim.MaxBytes)
	}
	have := int64(len(data) - off)
	if have < want {
		return nil, tensorErrorf(name, "shape %v of %d-byte elements needs %d bytes of data, the file has %d (truncated)", t.Shape, t.ItemSize, want, have)
	}
	if have > want {
		return nil, tensorErrorf(name, "shape %v needs %d bytes of data, but %d follow the header (the header lies about the shape)", t.Shape, want, have)
	}
	t.data = data[off : off+int(want) : off+int(want)]
	return t, nil
}

// npyHeader parses the magic, version and header dictionary, and returns
// the tensor (without data) and where its data starts.
func npyHeader(name string, data []byte, lim Limits) (*Tensor, int, error) {
	if len(data) < 10 || string(data[:6]) != npyMagic {
		if isPickle(data) {
			return nil, 0, tensorErrorf(name, "is a Python pickle, not an .npy array; pickles are refused")
		}
		return nil, 0, tensorErrorf(name, "is not an .npy array (no \\x93NUMPY magic)")
	}
	major := data[6]
	var hlen, off int
	switch major {
	case 1:
		hlen, off = int(binary.LittleEndian.Uint16(data[8:10])), 10
	case 2, 3:
		if len(data) < 12 {
			return nil, 0, tensorErrorf(name, ".npy header is truncated")
		}
		h := binary.LittleEndian.Uint32(data[8:12])
		if h > maxNPYHeader {
			return nil, 0, tensorErrorf(name, ".npy header claims %d bytes, more than %d", h, maxNPYHeader)
		}
		hlen, off = int(h), 12
	default:
		return nil, 0, tensorErrorf(name, ".npy format version %d is not supported (want 1, 2 or 3)", major)
	}
	if hlen > len(data)-off {
		return nil, 0, tensorErrorf(name, ".npy header claims %d bytes, only %d follow (truncated)", hlen, len(data)-off)
	}
	d, err := parsePyDict(string(data[off : off+hlen]))
	if err != nil {
		return nil, 0, tensorErrorf(name, ".npy header: %v", err)
	}
	t := &Tensor{Name: name}
	descr, ok := d["descr"].(string)
	if !ok {
		if _, isList := d["descr"].([]any); isList {
			return nil, 0, tensorErrorf(name, "has a structured dtype; only plain numeric, bool and string arrays are read")
		}
		return nil, 0, tensorErrorf(name, ".npy header has no descr string")
	}
	if err := t.setDescr(descr); err != nil {
		return nil, 0, err
	}
	fortran, ok := d["fortran_order"].(bool)
	if !ok {
		return nil, 0, tensorErrorf(name, ".npy header has no fortran_order True/False")
	}
	shape, ok := d["shape"].([]int)
	if !ok {
		return nil, 0, tensorErrorf(name, ".npy header has no shape tuple of integers")
	}
	if fortran && len(shape) > 2 {
		return nil, 0, tensorErrorf(name, "is a Fortran-ordered array of %d dimensions; save it C-ordered (np.ascontiguousarray)", len(shape))
	}
	t.Shape, t.fortran = shape, fortran
	if _, err := checkedCount(name, shape, lim.MaxElements); err != nil {
		return nil, 0, err
	}
	return t, off + hlen, nil
}

// setDescr reads a NumPy type string such as '<f4', '|b1', '<U36', '|S5'.
func (t *Tensor) setDescr(descr string) error {
	if len(descr) < 2 {
		return t.errorf("dtype %q is not understood", descr)
	}
	order, kind, width := descr[0], descr[1], descr[2:]
	switch order {
	case '<', '|', '=':
	case '>':
		t.bigEnd = true
	default: // NumPy always writes the byte order, but accept a bare 'f4'
		order, kind, width = '|', descr[0], descr[1:]
	}
	if kind == 'O' {
		return t.errorf("has dtype object ('%s'), which NumPy stores as a pickle; pickles are refused (we never unpickle). Save numbers, or strings as a fixed-width str array", descr)
	}
	w, err := strconv.Atoi(width)
	if err != nil || w <= 0 || w > 1<<16 {
		return t.errorf("dtype %q is not understood", descr)
	}
	var dt DType
	switch {
	case kind == 'b' && w == 1:
		dt = Bool
	case kind == 'u' && w == 1:
		dt = U8
	case kind == 'i' && w == 1:
		dt = I8
	case kind == 'u' && w == 2:
		dt = U16
	case kind == 'i' && w == 2:
		dt = I16
	case kind == 'u' && w == 4:
		dt = U32
	case kind == 'i' && w == 4:
		dt = I32
	case kind == 'u' && w == 8:
		dt = U64
	case kind == 'i' && w == 8:
		dt = I64
	case kind == 'f' && w == 2:
		dt = F16
	case kind == 'f' && w == 4:
		dt = F32
	case kind == 'f' && w == 8:
		dt = F64
	case kind == 'U':
		t.DType, t.ItemSize, t.unicode = Str, 4*w, true
		return nil
	case kind == 'S':
		t.DType, t.ItemSize = Str, w
		return nil
	default:
		return t.errorf("dtype %q is not supported (want bool, an integer, f2/f4/f8, or a U/S string)", descr)
	}
	t.DType, t.ItemSize = dt, dt.size()
	return nil
}

// ReadNPZ reads an .npz archive (np.savez or np.savez_compressed) held in
// data. Each entry must be NAME.npy. Before an entry is inflated, its
// declared uncompressed size is checked against what is left of
// lim.MaxBytes, and its .npy header (read through a 64 KiB window) is
// checked against that size; the inflater is then limited to the declared
// size, so an archive that lies about it (a zip bomb) is caught at the
// first byte beyond.
func ReadNPZ(data []byte, lim Limits) (*File, error) {
	lim = lim.withDefaults()
	if err := npzDirectory(data, lim); err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fileErrorf("npz: not a readable zip archive: %v", err)
	}
	if len(zr.File) > lim.MaxTensors {
		return nil, fileErrorf("npz: %d entries, more than the %d allowed", len(zr.File), lim.MaxTensors)
	}
	f := &File{Metadata: map[string]string{}}
	budget := lim.MaxBytes
	seen := map[string]bool{}
	for _, zf := range zr.File {
		name, ok := strings.CutSuffix(zf.Name, ".npy")
		if !ok {
			return nil, tensorErrorf(zf.Name, "npz entry is not an .npy array; only arrays saved by np.savez are read")
		}
		if seen[name] {
			return nil, tensorErrorf(name, "appears twice in the archive")
		}
		seen[name] = true
		if zf.Method != zip.Store && zf.Method != zip.Deflate {
			return nil, tensorErrorf(name, "npz entry uses compression method %d (want stored or deflate)", zf.Method)
		}
		size := zf.UncompressedSize64
		if size > uint64(budget) {
			return nil, tensorErrorf(name, "npz entry declares %d bytes uncompressed, more than the %d left of the %d-byte budget (refused before inflating)", size, budget, lim.MaxBytes)
		}
		t, err := readNPZEntry(name, zf, int(size), lim)
		if err != nil {
			return nil, err
		}
		budget -= int64(size)
		f.Tensors = append(f.Tensors, t)
	}
	return f, nil
}

// readNPZEntry inflates one entry of declared size, checking its .npy
// header before inflating the data.
func readNPZEntry(name string, zf *zip.File, size int, lim Limits) (*Tensor, error) {
	rc, err := zf.Open()
	if err != nil {
		return nil, tensorErrorf(name, "npz entry cannot be opened: %v", err)
	}
	defer rc.Close()
	r := io.LimitReader(rc, int64(size)+1)
	head := make([]byte, min(size, 12+maxNPYHeader))
	if _, err := io.ReadFull(r, head); err != nil {
		return nil, tensorErrorf(name, "npz entry is shorter than it declares (%d bytes): %v", size, zipErr(err))
	}
	t, off, err := npyHeader(name, head, lim)
	if err != nil {
		return nil, err
	}
	want := t.Len() * t.ItemSize
	if off+want != size {
		return nil, tensorErrorf(name, "shape %v needs %d bytes after its %d-byte header, but the entry declares %d bytes in all", t.Shape, want, off, size)
	}
	buf := make([]byte, size)
	copy(buf, head)
	if _, err := io.ReadFull(r, buf[len(head):]); err != nil {
		return nil, tensorErrorf(name, "npz entry is shorter than it declares (%d bytes): %v", size, zipErr(err))
	}
	var one [1]byte
	switch n, err := io.ReadFull(r, one[:]); {
	case n > 0, errors.Is(err, zip.ErrFormat): // archive/zip itself refuses to inflate past the declared size
		return nil, tensorErrorf(name, "npz entry inflates to more than the %d bytes it declares (a zip bomb?)", size)
	case err != nil && err != io.EOF:
		return nil, tensorErrorf(name, "npz entry is corrupt: %v", err)
	}
	t.data = buf[off:]
	return t, nil
}

// npzDirectory refuses an archive whose central directory holds more
// than lim.MaxTensors entries before archive/zip reads it: zip.NewReader
// allocates every entry it finds (a 126 MiB directory of 2.6 M entries
// cost 945 MB), whatever the end record declares. It counts the entry
// headers from the lowest offset archive/zip may start reading at (the
// declared directory offset, or the directory's size back from its end
// record) to the end, which every entry it reads lies within; an archive
// it cannot place (no end record, zip64) is counted whole. Counting reads
// the bytes once and allocates nothing.
func npzDirectory(data []byte, lim Limits) error {
	const endLen, endSig, dirSig = 22, "PK\x05\x06", "PK\x01\x02"
	var from int64
	if end := bytes.LastIndex(data[max(len(data)-(endLen+0xffff), 0):], []byte(endSig)); end >= 0 {
		end += max(len(data)-(endLen+0xffff), 0)
		if end+endLen <= len(data) {
			b := data[end:]
			records := binary.LittleEndian.Uint16(b[10:])
			size, offset := binary.LittleEndian.Uint32(b[12:]), binary.LittleEndian.Uint32(b[16:])
			if records != 0xffff && int(records) > lim.MaxTensors {
				return fileErrorf("npz: %d entries, more than the %d allowed", records, lim.MaxTensors)
			}
			if records != 0xffff && size != 0xffffffff && offset != 0xffffffff {
				from = max(min(int64(offset), int64(end)-int64(size)), 0)
			}
		}
	}
	if n := bytes.Count(data[from:], []byte(dirSig)); n > lim.MaxTensors {
		return fileErrorf("npz: %d entries, more than the %d allowed", n, lim.MaxTensors)
	}
	return nil
}

func zipErr(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("truncated")
	}
	return err
}

// ZipEntriesWithin reports whether a zip archive's central directory
// holds at most n entries, counted as npzDirectory counts them: before
// archive/zip allocates one per entry it finds.
func ZipEntriesWithin(data []byte, n int) bool {
	return npzDirectory(data, Limits{MaxTensors: n}) == nil
}
