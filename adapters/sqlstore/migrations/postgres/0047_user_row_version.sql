-- Every signed-in request reads its session and its user (issue #30 item 2). The user's whole
-- row is 35 columns, and the driver pays for each column on every read; a replica now keeps
-- the users it has read, and each request reads only the session with its user's row_version,
-- which changes with every write to the row, so a changed user is read again at once
-- (sqlstore/session_user_cache.go). A new row starts from a random version, not 1, so a
-- replica never takes a restored or re-created row for the one it kept. The trigger function
-- stays on one line: migrations are cut into statements at line-ending semicolons.
ALTER TABLE users ADD COLUMN row_version BIGINT NOT NULL DEFAULT (floor(random() * 4e18))::bigint;
CREATE FUNCTION users_row_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.row_version = OLD.row_version THEN NEW.row_version := OLD.row_version + 1; END IF; RETURN NEW; END $$;
CREATE TRIGGER users_row_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_row_version();
