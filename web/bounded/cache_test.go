package bounded

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
)

// The cache keeps at most its byte budget, dropping the least recent, and
// counts each entry's key, value and EntryBytes.
func TestCacheEvictsLeastRecent(t *testing.T) {
	size := func(k string, v []byte) int { return StringBytes(k) + SliceBytes(v) }
	one := size("a", make([]byte, 100)) + EntryBytes
	c := New(2*one+one/2, size)
	for _, k := range []string{"a", "b", "c"} {
		c.Put(k, make([]byte, 100))
		if k == "b" {
			c.Get("a") // a is now more recent than b
		}
	}
	_, a := c.Get("a")
	_, b := c.Get("b")
	_, cc := c.Get("c")
	if !a || b || !cc || c.Bytes() != 2*one || c.Len() != 2 {
		t.Errorf("after a, b, get(a), c in 2.5 entries: a %v b %v c %v, %d bytes in %d entries, want %d in 2",
			a, b, cc, c.Bytes(), c.Len(), 2*one)
	}
	c.Put("huge", make([]byte, 3*one))
	if _, ok := c.Get("huge"); ok || c.Len() != 2 {
		t.Error("an entry larger than the budget was kept, or pushed others out")
	}
}

// An entry with an empty key and value still counts what keeping it costs:
// a flood of them cannot grow the process past the budget. EntryBytes is at
// least the heap one small entry takes.
func TestCacheClear(t *testing.T) {
	c := New(10*EntryBytes, func(string, int) int { return 1 })
	c.Put("a", 1)
	c.Put("b", 2)
	c.Clear()
	if _, ok := c.Get("a"); ok || c.Len() != 0 || c.Bytes() != 0 {
		t.Errorf("after Clear: len %d, bytes %d", c.Len(), c.Bytes())
	}
	c.Put("c", 3)
	if v, ok := c.Get("c"); !ok || v != 3 || c.Len() != 1 {
		t.Errorf("after Clear and Put: %v %v, len %d", v, ok, c.Len())
	}
}

func TestEntryBytesCoversTheOverhead(t *testing.T) {
	const n = 50_000
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("%08d", i)
	}
	c := New(1<<30, func(k string, v *[1]byte) int { return StringBytes(k) + 8 + 1 })
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, k := range keys {
		c.Put(k, new([1]byte))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	// The keys were made before; each value is one 8-byte allocation.
	overhead := (int(after.HeapAlloc)-int(before.HeapAlloc))/n - 8
	t.Logf("the map, list and entry take %d bytes of heap per entry; EntryBytes is %d", overhead, EntryBytes)
	if overhead > EntryBytes {
		t.Errorf("keeping an entry takes %d bytes of heap besides its key and value, EntryBytes only %d", overhead, EntryBytes)
	}
	runtime.KeepAlive(keys)
	runtime.KeepAlive(c)
}

// Approx counts a value's own size and what it refers to.
func TestApprox(t *testing.T) {
	type cell struct {
		ID    string
		Value float64
	}
	type spec struct {
		Link  string
		Cells []cell
		Next  *spec
	}
	s := spec{Link: "0123456789", Cells: make([]cell, 2, 4), Next: &spec{Link: "abc"}}
	s.Cells[0].ID = "adv.3"
	cellSize := 24 // string header, float64
	specSize := 16 + 24 + 8
	want := specSize + 10 + 4*cellSize + 5 + specSize + 3
	if got := Approx(s); got != want {
		t.Errorf("Approx = %d, want %d", got, want)
	}
	if got := Approx(map[string]int{"ab": 1}); got < 2+16+8 {
		t.Errorf("a map of one entry counts %d bytes", got)
	}
}

// FuzzCache runs a random sequence of puts and gets of random sizes
// against a model of the cache (a list, most recent first): the cache never
// counts more than its budget, counts exactly what it keeps, keeps what
// the model keeps, and a get returns what was put.
func FuzzCache(f *testing.F) {
	f.Add(uint16(1000), []byte{0, 1, 200, 0, 2, 100, 1, 1, 0, 0, 3, 255, 1, 2, 0})
	f.Add(uint16(200), []byte{0, 0, 0, 0, 0, 0, 1, 0, 0})
	f.Fuzz(func(t *testing.T, budget uint16, ops []byte) {
		size := func(k int, v []byte) int { return 8 + SliceBytes(v) }
		c := New(int(budget), size)
		type kept struct {
			key, bytes int
			value      []byte
		}
		var model []kept // most recent first
		find := func(k int) int { return slices.IndexFunc(model, func(e kept) bool { return e.key == k }) }
		for i := 0; i+2 < len(ops); i += 3 {
			k := int(ops[i+1] % 16)
			if ops[i]%2 == 0 { // put
				v := make([]byte, int(ops[i+2])*4)
				v = append(v, byte(i)) // tells puts apart
				n := size(k, v) + EntryBytes
				c.Put(k, v)
				if n <= int(budget) && find(k) < 0 {
					model = append([]kept{{k, n, v}}, model...)
					total := 0
					for j, e := range model {
						if total += e.bytes; total > int(budget) {
							model = model[:j]
							break
						}
					}
				}
			} else { // get
				v, ok := c.Get(k)
				j := find(k)
				if ok != (j >= 0) {
					t.Fatalf("op %d: get(%d) found %v, the model %v", i/3, k, ok, j >= 0)
				}
				if ok {
					if &v[0] != &model[j].value[0] || len(v) != len(model[j].value) {
						t.Fatalf("op %d: get(%d) returned another value than was put", i/3, k)
					}
					e := model[j]
					model = append([]kept{e}, slices.Delete(model, j, j+1)...)
				}
			}
			total := 0
			for _, e := range model {
				total += e.bytes
			}
			if c.Bytes() > int(budget) || c.Bytes() != total || c.Len() != len(model) {
				t.Fatalf("op %d: %d bytes in %d entries, budget %d, the model %d in %d",
					i/3, c.Bytes(), c.Len(), budget, total, len(model))
			}
		}
	})
}
