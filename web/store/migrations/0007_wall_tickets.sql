-- One-time class tickets: the API's open token (the teach link's, 60 s)
-- and the pairing code of a phone for the teacher's controls. Only the
-- SHA-256 (hex) of a ticket is kept; a class holds at most one ticket of
-- each kind, and its tickets go with it.
CREATE TABLE class_tickets (
	class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
	kind       TEXT NOT NULL,
	hash       TEXT NOT NULL,
	expires    BIGINT NOT NULL,
	PRIMARY KEY (class_code, kind)
);
