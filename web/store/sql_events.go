package store

import (
	"context"
	"fmt"
	"strings"
)

// Publish implements Events.
func (s *SQL) Publish(ctx context.Context, e Event) error {
	if s.d.Notify == nil {
		s.Dispatch(e)
		return nil
	}
	if err := s.d.Notify(ctx, s.db, e); err != nil {
		return fmt.Errorf("store: publish: %w", err)
	}
	return nil
}

// Dispatch calls every subscriber with e: what Publish does in-process,
// and what a driver's listener calls for each notification.
func (s *SQL) Dispatch(e Event) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, fn := range s.subs {
		fn(e)
	}
}

// Subscribe implements Events.
func (s *SQL) Subscribe(fn func(Event)) (cancel func()) {
	s.mu.Lock()
	id := s.next
	s.next++
	s.subs[id] = fn
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.subs, id)
		s.mu.Unlock()
	}
}

// EncodeEvent is an event as one notification payload, "code kind";
// DecodeEvent reads it back.
func EncodeEvent(e Event) string { return e.Class + " " + e.Kind }

// DecodeEvent reads a payload written by EncodeEvent.
func DecodeEvent(p string) (Event, bool) {
	code, kind, ok := strings.Cut(p, " ")
	return Event{Class: code, Kind: kind}, ok && kind != ""
}
