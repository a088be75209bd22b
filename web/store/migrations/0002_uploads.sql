-- Uploads of /inspect: a user's verl batch, kept once per content (by its
-- SHA-256, hex) and reached through random view ids, each with its own
-- expiry. Times are Unix nanoseconds (created orders evictions; ties are
-- rare and broken by the hash). BYTEA is PostgreSQL's byte string; SQLite
-- stores the bytes as given (a BLOB value keeps its storage class).
CREATE TABLE upload_blobs (
	sha256  TEXT PRIMARY KEY,
	size    BIGINT NOT NULL,
	created BIGINT NOT NULL,
	data    BYTEA NOT NULL
);
CREATE INDEX upload_blobs_created ON upload_blobs (created);

CREATE TABLE upload_views (
	id      TEXT PRIMARY KEY,
	sha256  TEXT NOT NULL REFERENCES upload_blobs (sha256) ON DELETE CASCADE,
	expires BIGINT NOT NULL,
	shared  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX upload_views_expires ON upload_views (expires);
CREATE INDEX upload_views_sha256 ON upload_views (sha256);

-- Bytes uploaded from one address on one UTC day (YYYY-MM-DD).
CREATE TABLE upload_quota (
	addr  TEXT NOT NULL,
	day   TEXT NOT NULL,
	bytes BIGINT NOT NULL,
	PRIMARY KEY (addr, day)
);
