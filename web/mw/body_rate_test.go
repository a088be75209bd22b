package mw

import (
	"bytes"
	"io"
	"testing"
	"time"
)

// TestBehind: the body-rate rule, second by second.
func TestBehind(t *testing.T) {
	rate := BodyRate{Min: 1000, Grace: 2 * time.Second, From: time.Second}
	tests := []struct {
		name     string
		declared int64
		elapsed  time.Duration
		n        int64
		want     bool
	}{
		{"nothing yet, within the grace", 10_000, 1900 * time.Millisecond, 0, false},
		{"a byte a second, past the grace", 10_000, 2 * time.Second, 2, true},
		{"on time: Min a second after the first", 10_000, 3 * time.Second, 2000, false},
		{"behind at 3 s", 10_000, 3 * time.Second, 1999, true},
		{"a short body must be whole", 300, 2 * time.Second, 299, true},
		{"a short body, whole", 300, 2 * time.Second, 300, false},
		{"unknown length", -1, 4 * time.Second, 2999, true},
	}
	for _, tt := range tests {
		if got := behind(rate, tt.declared, tt.elapsed, tt.n); got != tt.want {
			t.Errorf("%s: behind(%d of %d after %v) = %v, want %v", tt.name, tt.n, tt.declared, tt.elapsed, got, tt.want)
		}
	}
}

// TestReadBodyHeldInItsOwnSize: a body past BodyPrealloc is held in one
// buffer of its declared size, not in the doubled buffer bytes.Buffer
// grew (a 20 MiB upload was held in 32 MiB); a body that declares more
// than it sends grows at most 4 times over per step; and the body handed
// on lets its bytes go once read to the end. On main a 20 MiB body's
// buffer had a capacity of 32 MiB.
func TestReadBodyHeldInItsOwnSize(t *testing.T) {
	const size = 20 << 20
	data, err := readBody(bytes.NewReader(make([]byte, size)), size)
	if err != nil || len(data) != size || cap(data) > size+64<<10 {
		t.Errorf("a %d-byte body: len %d cap %d (%v); want its own size", size, len(data), cap(data), err)
	}
	data, err = readBody(bytes.NewReader(make([]byte, BodyPrealloc+10)), 1<<40)
	if err != nil || len(data) != BodyPrealloc+10 || cap(data) > 4*(BodyPrealloc+1)+64<<10 {
		t.Errorf("a body declaring 1 TiB: len %d cap %d (%v); want at most 4 × the first buffer", len(data), cap(data), err)
	}
	data, err = readBody(bytes.NewReader(make([]byte, 3*BodyPrealloc)), -1)
	if err != nil || len(data) != 3*BodyPrealloc {
		t.Errorf("a body without a length: len %d (%v)", len(data), err)
	}
	o := &onceReader{[]byte("abc")}
	if got, err := io.ReadAll(o); string(got) != "abc" || err != nil || o.data != nil {
		t.Errorf("onceReader read %q (%v) and holds %q; want abc, then nothing held", got, err, o.data)
	}
}
