-- Every signed-in request reads its session and its user (issue #30 item 2). The user's whole
-- row is 35 columns, and SQLite's driver pays for each column on every read; a replica now
-- keeps the users it has read, and each request reads only the session with its user's
-- row_version, which changes with every write to the row, so a changed user is read again at
-- once (sqlstore/session_user_cache.go). A new row starts from a random version, not 1, so a
-- replica never takes a restored or re-created row for the one it kept.
ALTER TABLE users ADD COLUMN row_version INTEGER NOT NULL DEFAULT 0;
UPDATE users SET row_version = abs(random() / 4);
CREATE TRIGGER users_row_version_ai AFTER INSERT ON users WHEN new.row_version = 0 BEGIN UPDATE users SET row_version = abs(random() / 4) WHERE id = new.id; END;
CREATE TRIGGER users_row_version_au AFTER UPDATE ON users WHEN new.row_version = old.row_version BEGIN UPDATE users SET row_version = old.row_version + 1 WHERE id = new.id; END;
