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
-- The administration's user search (username, full name or e-mail contains the words) walked
-- every user by id for a word few or none have. users_search is a trigram index of the three
-- columns (FTS5's trigram tokenizer: substrings, case folded), kept by triggers; an unscoped
-- search walks it in id order and stops at a page (adapters/sqlstore/admin_lists.go).
CREATE VIRTUAL TABLE users_search USING fts5(username, full_name, email, content = 'users', content_rowid = 'id', tokenize = 'trigram');
INSERT INTO users_search (users_search) VALUES ('rebuild');
CREATE TRIGGER users_search_ai AFTER INSERT ON users BEGIN INSERT INTO users_search (rowid, username, full_name, email) VALUES (new.id, new.username, new.full_name, new.email); END;
CREATE TRIGGER users_search_ad AFTER DELETE ON users BEGIN INSERT INTO users_search (users_search, rowid, username, full_name, email) VALUES ('delete', old.id, old.username, old.full_name, old.email); END;
CREATE TRIGGER users_search_au AFTER UPDATE OF username, full_name, email ON users BEGIN INSERT INTO users_search (users_search, rowid, username, full_name, email) VALUES ('delete', old.id, old.username, old.full_name, old.email); INSERT INTO users_search (rowid, username, full_name, email) VALUES (new.id, new.username, new.full_name, new.email); END;
