-- SQLite's full-text tables get prefix indexes in this version (see the SQLite migration of the
-- same number). PostgreSQL's tsvector GIN indexes answer a prefix tsquery from the index's
-- ordered keys already, so nothing changes here; the file keeps the schema version of both
-- dialects the same, which a backup records and a restore checks.
SELECT 1;
