package class

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"maps"
	"slices"
	"time"
)

// The phones connected to a class, across replicas: each replica's hub
// counts its phone streams per class, and keepPresence writes the counts
// to the store (store.Presence) within presenceEvery of a change, and all
// of them again every presenceRefresh so that they stay fresh; a count
// older than presenceFresh (a replica that died) no longer counts. A
// change is published as a "join" event, so that the controls and the wall
// show it. The same loop ends a store outage this replica saw
// (keepRecovering, deadline.go).
const (
	presenceEvery   = time.Second
	presenceRefresh = 10 * time.Second
	presenceFresh   = 3 * presenceRefresh
)

// newReplicaID is a random id for this replica's presence rows.
func newReplicaID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// keepPresence writes the hub's counts until the process ends.
func (cr *Room) keepPresence() {
	tick := time.NewTicker(presenceEvery)
	defer tick.Stop()
	var refreshed time.Time
	for now := range tick.C {
		cr.keepRecovering()
		all := now.Sub(refreshed) >= presenceRefresh
		counts, changed := cr.hub.presence(all)
		if len(counts) == 0 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := cr.st.SetPresence(ctx, cr.replica, counts, now)
		if err != nil {
			cancel()
			cr.down.fail(now)
			cr.logger.Warn("class presence", "err", err)
			cr.hub.unwritten(slices.Collect(maps.Keys(counts)))
			continue
		}
		if all {
			refreshed = now
		}
		for _, code := range changed {
			cr.publish(ctx, code, "join")
		}
		cancel()
	}
}

// keepRecovering ends an outage once the store is back (recoverStore),
// even when no answer comes to do it: every presenceEvery.
func (cr *Room) keepRecovering() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := cr.recoverStore(ctx); err != nil {
		cr.logger.Warn("class store still down", "err", err)
	}
}

// connected is how many phones follow class code's stream on every
// replica; a store error counts none (the panel still renders).
func (cr *Room) connected(ctx context.Context, code string) int {
	n, err := cr.st.Connected(ctx, code, time.Now().Add(-presenceFresh))
	if err != nil {
		cr.logger.Warn("class connected", "err", err)
	}
	return n
}
