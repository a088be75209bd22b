-- New students' seats per client address: a token bucket every replica
-- shares (store.Seats). The bucket is kept as one number, the generic cell
-- rate algorithm's "theoretical arrival time": tat (Unix nanoseconds) is
-- when the bucket is full again, so a row whose tat has passed is a full
-- bucket, and the sweep deletes it. addr is a keyed hash of the address,
-- never the address itself.
CREATE TABLE seat_buckets (
	addr TEXT PRIMARY KEY,
	tat  BIGINT NOT NULL
);
CREATE INDEX seat_buckets_tat ON seat_buckets (tat);
