-- The console's history (GET /api/notifications/admin) is read one page at a time, newest
-- first: a keyset on (created_at, id), which this index serves read backwards. It replaces the
-- index on created_at alone, its prefix (the cleanup's "created_at < ?" uses this one).
CREATE INDEX IF NOT EXISTS notifications_newest ON notifications (created_at, id);
DROP INDEX IF EXISTS notifications_created;

-- How many active users a notification reached when it was sent (docs/decisions.md, "The
-- notification history is paged"): the store counts them in the statement that stores the
-- notification, so the history reads a column instead of counting every active user per row.
ALTER TABLE notifications ADD COLUMN recipient_count INTEGER NOT NULL DEFAULT 0;

-- Notifications sent before this migration get their audience counted once, as the console
-- counted it until now: the active users the target reaches (for a site or everyone, accounts
-- created by the time it was sent).
UPDATE notifications SET recipient_count = CASE target_type
    WHEN 'user' THEN (SELECT count(*) FROM users u WHERE u.id = notifications.target_id AND u.is_active)
    WHEN 'site' THEN (SELECT count(*) FROM users u WHERE u.site_id = notifications.target_id AND u.is_active
        AND u.created_at <= notifications.created_at)
    WHEN 'global' THEN (SELECT count(*) FROM users u WHERE u.is_active AND u.created_at <= notifications.created_at)
    ELSE 0 END;
