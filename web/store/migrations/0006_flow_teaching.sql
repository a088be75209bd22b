-- The teaching flow (issue 27). A question's voting may be closed without a
-- reveal (closed), its distribution shown without the answer (shown), and
-- end at a deadline (Unix milliseconds, 0: none) that every replica reads
-- from here; a question may be the second round of an earlier one
-- (round_of: that question's id, 0: a first round). A class may ask its
-- students for nicknames, and keeps the secret of its CSV's pseudonymous
-- student ids (hex, created when first needed).
ALTER TABLE questions ADD COLUMN closed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE questions ADD COLUMN shown BIGINT NOT NULL DEFAULT 0;
ALTER TABLE questions ADD COLUMN deadline BIGINT NOT NULL DEFAULT 0;
ALTER TABLE questions ADD COLUMN round_of BIGINT NOT NULL DEFAULT 0;
ALTER TABLE classes ADD COLUMN nicknames BIGINT NOT NULL DEFAULT 0;
ALTER TABLE classes ADD COLUMN secret TEXT NOT NULL DEFAULT '';
ALTER TABLE students ADD COLUMN nickname TEXT NOT NULL DEFAULT '';
