-- Each replica's last write, which /readyz makes to learn that the
-- database takes writes (store.Health).
CREATE TABLE heartbeats (
	replica TEXT PRIMARY KEY,
	at      BIGINT NOT NULL
);
