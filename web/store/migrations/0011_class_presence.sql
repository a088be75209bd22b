-- The phones connected to each class (issue 40): every replica writes how
-- many of a class's phone streams it holds (phones) and when (at, Unix
-- nanoseconds); a class's connected phones are the sum of the rows written
-- lately, so a replica that died drops out by itself.
CREATE TABLE class_presence (
	class_code TEXT NOT NULL,
	replica    TEXT NOT NULL,
	phones     BIGINT NOT NULL,
	at         BIGINT NOT NULL,
	PRIMARY KEY (class_code, replica)
);
