package inspect

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"strings"
	"sync"
	"time"
)

// Store keeps uploads for the batch views. Uploads are held once per
// content (by SHA-256) and reached through view ids that are random and
// unguessable; a view lives TTL (1 h) from its upload, or ShareTTL (7 days)
// once shared. Quotas bound the bytes one address may store per day and
// the bytes held in all, the oldest upload being evicted first.
//
// This is an in-memory store: one replica's uploads are not seen by another.
// The shared database (web/store) is to take its place once it exists.
type Store struct {
	mu       sync.Mutex
	now      func() time.Time
	blobs    map[[32]byte]*blob
	views    map[string]*view
	perAddr  map[string]*quota
	total    int64
	TTL      time.Duration
	ShareTTL time.Duration
	// MaxTotal bounds the bytes held (default 256 MiB: the store is in
	// memory); PerAddrDay bounds one address's uploads per day (default
	// 256 MiB).
	MaxTotal, PerAddrDay int64
}

type blob struct {
	data    []byte
	sum     [32]byte
	refs    int
	created time.Time
}

type view struct {
	blob    *blob
	expires time.Time
	shared  bool
}

type quota struct {
	day   string
	bytes int64
}

// Store errors, each shown with its own message.
var (
	ErrExpired   = errors.New("inspect: this upload has expired or never existed")
	ErrQuota     = errors.New("inspect: this address has uploaded its daily quota")
	ErrTooLarge  = errors.New("inspect: the upload is larger than the whole store")
	errBadViewID = errors.New("inspect: malformed view id")
)

// NewStore returns an empty store with the default lifetimes and quotas.
func NewStore() *Store {
	return &Store{now: time.Now, blobs: map[[32]byte]*blob{}, views: map[string]*view{}, perAddr: map[string]*quota{},
		TTL: time.Hour, ShareTTL: 7 * 24 * time.Hour, MaxTotal: 256 << 20, PerAddrDay: 256 << 20}
}

// viewIDEncoding spells view ids: 128 random bits in 26 lower-case letters and digits.
var viewIDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// Put stores data uploaded from addr and returns a new view id and the
// content's SHA-256 (hex).
func (s *Store) Put(addr string, data []byte) (id string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.expire(now)
	size := int64(len(data))
	if size > s.MaxTotal {
		return "", ErrTooLarge
	}
	day := now.UTC().Format("2006-01-02")
	q := s.perAddr[addr]
	if q == nil || q.day != day {
		q = &quota{day: day}
		s.perAddr[addr] = q
	}
	if q.bytes+size > s.PerAddrDay {
		return "", ErrQuota
	}
	sum := sha256.Sum256(data)
	b := s.blobs[sum]
	if b == nil {
		for s.total+size > s.MaxTotal {
			s.evictOldest()
		}
		b = &blob{data: data, sum: sum, created: now}
		s.blobs[sum] = b
		s.total += size
	}
	q.bytes += size
	var raw [16]byte
	rand.Read(raw[:])
	id = viewIDEncoding.EncodeToString(raw[:])
	b.refs++
	s.views[id] = &view{blob: b, expires: now.Add(s.TTL)}
	return id, nil
}

// Get returns the upload behind a view id and its SHA-256.
func (s *Store) Get(id string) ([]byte, [32]byte, error) {
	if len(id) != 26 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		return nil, [32]byte{}, errBadViewID
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire(s.now())
	v := s.views[id]
	if v == nil {
		return nil, [32]byte{}, ErrExpired
	}
	return v.blob.data, v.blob.sum, nil
}

// Share extends a view to ShareTTL from now and returns its new expiry.
func (s *Store) Share(id string) (time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.expire(now)
	v := s.views[id]
	if v == nil {
		return time.Time{}, ErrExpired
	}
	v.shared, v.expires = true, now.Add(s.ShareTTL)
	return v.expires, nil
}

// expire drops expired views and the uploads no view reaches.
func (s *Store) expire(now time.Time) {
	for id, v := range s.views {
		if now.After(v.expires) {
			s.drop(id, v)
		}
	}
}

func (s *Store) drop(id string, v *view) {
	delete(s.views, id)
	v.blob.refs--
	if v.blob.refs == 0 {
		delete(s.blobs, v.blob.sum)
		s.total -= int64(len(v.blob.data))
	}
}

// evictOldest drops the oldest upload and every view of it.
func (s *Store) evictOldest() {
	var oldest *blob
	for _, b := range s.blobs {
		if oldest == nil || b.created.Before(oldest.created) {
			oldest = b
		}
	}
	if oldest == nil {
		return
	}
	for id, v := range s.views {
		if v.blob == oldest {
			s.drop(id, v)
		}
	}
	if _, ok := s.blobs[oldest.sum]; ok { // no view reached it
		delete(s.blobs, oldest.sum)
		s.total -= int64(len(oldest.data))
	}
}
