-- Who may take a seat (issue 40): with join_word on, a device becomes a
-- student only by typing the class's join word, which only the wall shows;
-- with locked on, no device does.
ALTER TABLE classes ADD COLUMN join_word BIGINT NOT NULL DEFAULT 0;
ALTER TABLE classes ADD COLUMN locked BIGINT NOT NULL DEFAULT 0;
