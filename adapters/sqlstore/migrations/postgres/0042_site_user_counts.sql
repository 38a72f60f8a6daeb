-- The site lists (GET /api/sites, /api/admin/sites) showed each site's users counted on every
-- read: one grouped count over users_site_id, reading one index entry per user of the page's
-- sites (5,000 at 1M plants), which grew with the installation (issue #30 item 6). The count is
-- now kept in sites.user_count by a trigger on users, in the transaction of the write that adds
-- a user, deletes one or moves one to another site (cascades and bulk loads included), and the
-- page reads it with its sites' rows. The trigger function stays on one line: migrations are
-- cut into statements at line-ending semicolons.
ALTER TABLE sites ADD COLUMN user_count INTEGER NOT NULL DEFAULT 0;
UPDATE sites SET user_count = (SELECT count(*) FROM users WHERE users.site_id = sites.id);
CREATE FUNCTION users_site_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.site_id IS NOT NULL THEN UPDATE sites SET user_count = user_count - 1 WHERE id = OLD.site_id; END IF; IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.site_id IS NOT NULL THEN UPDATE sites SET user_count = user_count + 1 WHERE id = NEW.site_id; END IF; RETURN NULL; END $$;
CREATE TRIGGER users_site_count AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_site_count();
CREATE TRIGGER users_site_count_moved AFTER UPDATE OF site_id ON users FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id) EXECUTE FUNCTION users_site_count();
-- The administration's user search (GET /api/users?q=, /api/admin/users?q=: username, full name
-- or e-mail contains the words, lower(col) LIKE '%…%') walked the users by id and filtered
-- them: a word few users have read every user (2,000 at 100k plants, 20,000 at 1M). Trigram
-- indexes (pg_trgm, a trusted extension of PostgreSQL's own distribution) answer each column's
-- LIKE; the planner takes them when its estimate says the word is rare and still walks the ids
-- for a common one (the store has each search planned with its pattern). Users are written
-- rarely, so the indexes take each write at once (fastupdate off): a pending list of bulk-loaded
-- users was scanned whole by every search until a vacuum merged it (20 ms at 20,000 users).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_username_trgm ON users USING gin (lower(username) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_full_name_trgm ON users USING gin (lower(full_name) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_email_trgm ON users USING gin (lower(email) gin_trgm_ops) WITH (fastupdate = off);
