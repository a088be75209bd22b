-- Live classes. Portable SQL: runs on SQLite and on PostgreSQL. Times are
-- Unix seconds; hashes and secrets are hex text.
CREATE TABLE secrets (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

CREATE TABLE classes (
	code     TEXT PRIMARY KEY,
	key_hash TEXT NOT NULL,
	created  BIGINT NOT NULL,
	expires  BIGINT NOT NULL,
	question BIGINT NOT NULL DEFAULT 0,
	students BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX classes_expires ON classes (expires);

CREATE TABLE questions (
	class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
	id         BIGINT NOT NULL,
	spec       TEXT NOT NULL,
	revealed   BIGINT NOT NULL DEFAULT 0,
	created    BIGINT NOT NULL,
	PRIMARY KEY (class_code, id)
);

CREATE TABLE students (
	class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
	device     TEXT NOT NULL,
	joined     BIGINT NOT NULL,
	PRIMARY KEY (class_code, device)
);

CREATE TABLE answers (
	class_code  TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
	question_id BIGINT NOT NULL,
	device      TEXT NOT NULL,
	value       TEXT NOT NULL,
	changes     BIGINT NOT NULL,
	updated     BIGINT NOT NULL,
	PRIMARY KEY (class_code, question_id, device)
);
