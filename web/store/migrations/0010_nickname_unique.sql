-- Nicknames are unique within a class, and a student may correct theirs
-- once (issue 40): nick_changes counts the corrections. Classes kept from
-- before may hold one nickname twice: all but the first device's are
-- cleared (that student is asked again) before the unique index is built.
ALTER TABLE students ADD COLUMN nick_changes BIGINT NOT NULL DEFAULT 0;
UPDATE students SET nickname = '' WHERE nickname <> '' AND EXISTS (
	SELECT 1 FROM students AS s2
	WHERE s2.class_code = students.class_code AND s2.nickname = students.nickname AND s2.device < students.device);
CREATE UNIQUE INDEX students_class_nickname ON students (class_code, nickname) WHERE nickname <> '';
