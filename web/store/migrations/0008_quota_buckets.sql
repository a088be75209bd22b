-- Quotas every replica shares (store.Quotas): one token bucket per kind of
-- request ("class-start", "code-guess", "pair-addr", "pair-class",
-- "upload", "share") and key (a keyed hash of the client's address, or a
-- class code), kept as seat_buckets keeps seats: tat (Unix nanoseconds) is
-- when the bucket is full again, and the sweep deletes the rows past it.
CREATE TABLE quota_buckets (
	kind TEXT NOT NULL,
	key  TEXT NOT NULL,
	tat  BIGINT NOT NULL,
	PRIMARY KEY (kind, key)
);
CREATE INDEX quota_buckets_tat ON quota_buckets (tat);

-- A pairing code is voided after a number of wrong codes typed for its
-- class (store.Tickets.MissTicket).
ALTER TABLE class_tickets ADD COLUMN misses INTEGER NOT NULL DEFAULT 0;
