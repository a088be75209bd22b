-- Ordered sends (issue 40): the sequence number of the send that last
-- changed an answer (0: an unordered send). A late replay of an older send,
-- one with a lower number, changes nothing.
ALTER TABLE answers ADD COLUMN send_seq BIGINT NOT NULL DEFAULT 0;
