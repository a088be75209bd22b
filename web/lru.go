package web

import (
	lru "container/list"
	"sync"
)

// lruCache keeps values by key up to a byte budget, dropping the least
// recently used first. It is safe for concurrent use.
type lruCache[V any] struct {
	mu       sync.Mutex
	maxBytes int
	size     int
	sizeOf   func(V) int
	order    *lru.List // of *lruEntry[V], most recent first
	byKey    map[string]*lru.Element
}

type lruEntry[V any] struct {
	key   string
	value V
}

func newLRU[V any](maxBytes int, sizeOf func(V) int) *lruCache[V] {
	return &lruCache[V]{maxBytes: maxBytes, sizeOf: sizeOf, order: lru.New(), byKey: map[string]*lru.Element{}}
}

func (c *lruCache[V]) get(key string) (v V, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return v, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry[V]).value, true
}

// put keeps v under key unless key is kept already or v alone exceeds the
// budget.
func (c *lruCache[V]) put(key string, v V) {
	n := c.sizeOf(v)
	if n > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok {
		return
	}
	c.byKey[key] = c.order.PushFront(&lruEntry[V]{key, v})
	c.size += n
	for c.size > c.maxBytes {
		old := c.order.Remove(c.order.Back()).(*lruEntry[V])
		delete(c.byKey, old.key)
		c.size -= c.sizeOf(old.value)
	}
}
