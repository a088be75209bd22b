// Package bounded is the server's one kind of cache: values by key within a
// byte budget, the least recently used dropped first. Every cache and memo
// of the server is one, so that no input, however many distinct keys it
// brings, grows the process past the sum of their budgets.
package bounded

import (
	"container/list"
	"sync"
)

// EntryBytes is what keeping one entry costs besides its key and value's
// own bytes: the map slot, the list element and the entry that holds them
// (TestEntryBytesCoversTheOverhead measures it).
const EntryBytes = 160

// Cache keeps values by key up to a byte budget, dropping the least
// recently used first. It is safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu       sync.Mutex
	maxBytes int
	size     int
	sizeOf   func(K, V) int
	order    *list.List // of *entry[K, V], most recent first
	byKey    map[K]*list.Element
}

type entry[K comparable, V any] struct {
	key   K
	value V
	bytes int // what put counted for it
}

// New returns a cache of at most maxBytes. sizeOf is the bytes a key and
// its value hold (StringBytes, SliceBytes, Approx help to count them); each
// entry counts sizeOf + EntryBytes.
func New[K comparable, V any](maxBytes int, sizeOf func(K, V) int) *Cache[K, V] {
	return &Cache[K, V]{maxBytes: maxBytes, sizeOf: sizeOf, order: list.New(), byKey: map[K]*list.Element{}}
}

// Get returns the value kept under key, and makes it the most recent.
func (c *Cache[K, V]) Get(key K) (v V, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return v, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry[K, V]).value, true
}

// Put keeps v under key unless key is kept already or the entry alone
// exceeds the budget, then drops the least recent entries until the cache
// is within its budget.
func (c *Cache[K, V]) Put(key K, v V) {
	n := c.sizeOf(key, v) + EntryBytes
	if n > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok {
		return
	}
	c.byKey[key] = c.order.PushFront(&entry[K, V]{key, v, n})
	c.size += n
	for c.size > c.maxBytes {
		old := c.order.Remove(c.order.Back()).(*entry[K, V])
		delete(c.byKey, old.key)
		c.size -= old.bytes
	}
}

// Clear drops every entry, so that their memory can be reclaimed before a
// value that would replace them is computed.
func (c *Cache[K, V]) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	clear(c.byKey)
	c.size = 0
}

// Bytes is what the entries kept now count.
func (c *Cache[K, V]) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}

// Len is how many entries are kept.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byKey)
}

// MaxBytes is the budget.
func (c *Cache[K, V]) MaxBytes() int { return c.maxBytes }

// StringBytes is what a string field holds: its header and its bytes.
func StringBytes(s string) int { return 16 + len(s) }

// SliceBytes is what a []byte field holds: its header and its array.
func SliceBytes(b []byte) int { return 24 + cap(b) }
