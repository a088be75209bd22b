package inspect

import (
	"bytes"
	"errors"
	"testing"
	"time"
)

func TestStore(t *testing.T) {
	now := time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)
	s := NewStore()
	s.now = func() time.Time { return now }
	s.MaxTotal, s.PerAddrDay = 100, 60
	a := bytes.Repeat([]byte("a"), 40)
	id1, err := s.Put("1.2.3.4", a)
	if err != nil || len(id1) != 26 {
		t.Fatalf("%q %v", id1, err)
	}
	id2, _ := s.Put("5.6.7.8", a) // same content: stored once
	if id1 == id2 || s.total != 40 || len(s.blobs) != 1 {
		t.Errorf("ids %s %s, total %d, blobs %d", id1, id2, s.total, len(s.blobs))
	}
	if _, err := s.Put("1.2.3.4", a); !errors.Is(err, ErrQuota) {
		t.Errorf("over the daily quota: %v", err)
	}
	if _, _, err := s.Get("../../etc/passwd"); err == nil {
		t.Error("a malformed id was looked up")
	}
	// Share id1; an hour later id2 has expired, id1 lives 7 days.
	if _, err := s.Share(id1); err != nil {
		t.Fatal(err)
	}
	now = now.Add(61 * time.Minute)
	if _, _, err := s.Get(id2); !errors.Is(err, ErrExpired) {
		t.Errorf("id2 after 61 min: %v", err)
	}
	if got, _, err := s.Get(id1); err != nil || !bytes.Equal(got, a) {
		t.Errorf("shared id1: %v", err)
	}
	// The total cap evicts the oldest upload: the next day, two new ones of 40 push a out.
	now = now.Add(24 * time.Hour)
	s.Put("9.9.9.9", bytes.Repeat([]byte("b"), 40))
	s.Put("9.9.9.8", bytes.Repeat([]byte("c"), 40))
	if _, _, err := s.Get(id1); !errors.Is(err, ErrExpired) || s.total != 80 {
		t.Errorf("oldest not evicted: %v, total %d", err, s.total)
	}
	if _, err := s.Put("x", make([]byte, 101)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("larger than the store: %v", err)
	}
}
