-- The site lists (GET /api/sites, /api/admin/sites) showed each site's users counted on every
-- read: one grouped count over users_site_id, reading one index entry per user of the page's
-- sites (5,000 at 1M plants), which grew with the installation (issue #30 item 6). The count is
-- now kept in sites.user_count by triggers on users, in the transaction of the write that adds
-- a user, deletes one or moves one to another site (cascades and bulk loads included), and the
-- page reads it with its sites' rows.
ALTER TABLE sites ADD COLUMN user_count INTEGER NOT NULL DEFAULT 0;
UPDATE sites SET user_count = (SELECT count(*) FROM users WHERE users.site_id = sites.id);
CREATE TRIGGER users_site_count_ai AFTER INSERT ON users WHEN new.site_id IS NOT NULL BEGIN UPDATE sites SET user_count = user_count + 1 WHERE id = new.site_id; END;
CREATE TRIGGER users_site_count_ad AFTER DELETE ON users WHEN old.site_id IS NOT NULL BEGIN UPDATE sites SET user_count = user_count - 1 WHERE id = old.site_id; END;
CREATE TRIGGER users_site_count_au AFTER UPDATE OF site_id ON users WHEN old.site_id IS NOT new.site_id BEGIN UPDATE sites SET user_count = user_count - 1 WHERE id = old.site_id; UPDATE sites SET user_count = user_count + 1 WHERE id = new.site_id; END;
