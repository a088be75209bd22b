package store

import (
	"context"
	"time"
)

// Tickets are a class's one-time tickets: a secret that lets its holder in
// once, before it expires, on whichever replica it is redeemed. Only a
// hash of a ticket is stored.
type Tickets interface {
	// PutTicket stores a class's ticket of a kind ("open", "pair"),
	// replacing the one it held: a class holds one ticket of each kind.
	// ErrNotFound when the class does not exist.
	PutTicket(ctx context.Context, code, kind, hash string, expires time.Time) error
	// UseTicket redeems a ticket: it deletes it and returns nil when it is
	// the class's ticket of that kind and has not expired at now, else
	// ErrNotFound. Of two replicas redeeming the same ticket, one wins.
	UseTicket(ctx context.Context, code, kind, hash string, now time.Time) error
	// MissTicket counts a wrong ticket tried for a class's ticket of a
	// kind, and voids (deletes) that ticket once max were tried: voided
	// reports it. A class without one counts nothing.
	MissTicket(ctx context.Context, code, kind string, max int) (voided bool, err error)
}
