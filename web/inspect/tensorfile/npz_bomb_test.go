package tensorfile

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"runtime"
	"strings"
	"testing"
)

// directoryBomb is an .npz whose central directory repeats one entry
// entries times (each 46 bytes and a name, all pointing at the same local
// file), with an end record that declares declared of them: the shape of
// the 126 MiB, 2.6 M-entry archive of issue #32.
func directoryBomb(t testing.TB, entries int, declared uint16) []byte {
	t.Helper()
	var one bytes.Buffer
	zw := zip.NewWriter(&one)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "a.npy", Method: zip.Store})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", make([]byte, 4)))
	zw.Close()
	b := one.Bytes()
	end := bytes.LastIndex(b, []byte("PK\x05\x06"))
	dirSize := binary.LittleEndian.Uint32(b[end+12:])
	dirOff := binary.LittleEndian.Uint32(b[end+16:])
	entry := b[dirOff : dirOff+dirSize]
	out := bytes.NewBuffer(nil)
	out.Write(b[:dirOff])
	for range entries {
		out.Write(entry)
	}
	rec := make([]byte, 22)
	copy(rec, "PK\x05\x06")
	binary.LittleEndian.PutUint16(rec[8:], declared)
	binary.LittleEndian.PutUint16(rec[10:], declared)
	binary.LittleEndian.PutUint32(rec[12:], uint32(entries*len(entry)))
	binary.LittleEndian.PutUint32(rec[16:], dirOff)
	out.Write(rec)
	return out.Bytes()
}

// TestNPZDirectoryBomb: an archive with more entries than Limits allow is
// refused by their count before archive/zip reads its directory, whether
// its end record says so or lies (declaring the real count modulo 65,536,
// as archive/zip checks it): the refusal allocates far less than the
// directory's entries would (about 300 bytes each).
func TestNPZDirectoryBomb(t *testing.T) {
	const entries = 65536 + 10 // archive/zip compares only the low 16 bits
	for _, declared := range []uint16{10, 0xfffe} {
		data := directoryBomb(t, entries, declared)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := ReadNPZ(data, Limits{})
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "entries, more than the 64 allowed") {
			t.Fatalf("declared %d: err = %v, want a refusal by the entry count", declared, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("declared %d: refusing %d directory entries allocated %d bytes, want under 1 MiB (refused before archive/zip reads them)", declared, entries, alloc)
		}
	}
	// The fixtures (np.savez's own archives) still read.
	if _, err := ReadNPZ(directoryBomb(t, 1, 1), Limits{}); err != nil {
		t.Fatalf("a one-entry archive: %v", err)
	}
}
