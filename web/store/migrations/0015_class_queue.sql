-- The question queue (issue 40, the controls): the lesson blocks a teacher
-- prepared before class, one "slug#block" a line, asked in order by Next.
ALTER TABLE classes ADD COLUMN queue TEXT NOT NULL DEFAULT '';
