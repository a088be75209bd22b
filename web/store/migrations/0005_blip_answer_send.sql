-- Idempotent answers: the id of the send that last changed an answer (a
-- phone's client-generated id, or the one its server-rendered form carried).
-- A resend with the same id is acknowledged without counting again.
ALTER TABLE answers ADD COLUMN send_id TEXT NOT NULL DEFAULT '';
