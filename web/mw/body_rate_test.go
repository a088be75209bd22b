package mw

import (
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
