-- Fair deadlines (issue 40): a running timer is extended by a store outage
-- during it. extended is the end (Unix milliseconds) of the last outage
-- added to the question's deadline, so that replicas that saw the same
-- outage add only what none added before.
ALTER TABLE questions ADD COLUMN extended BIGINT NOT NULL DEFAULT 0;
