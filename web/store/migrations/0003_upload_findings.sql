-- What the checker found when a view of an upload was shared: the
-- checker's version, the config the findings are for (a query string) and
-- the findings as JSON, so that a shared view keeps its meaning when the
-- checker changes. '' until shared.
ALTER TABLE upload_views ADD COLUMN checker TEXT NOT NULL DEFAULT '';
ALTER TABLE upload_views ADD COLUMN findings_config TEXT NOT NULL DEFAULT '';
ALTER TABLE upload_views ADD COLUMN findings TEXT NOT NULL DEFAULT '';
