-- Reminders at the gardener's hour (issue #24 item 6; docs/decisions.md, "Reminders at the
-- gardener's hour").
--
-- The hour of the day (0-23, in the gardener's own time zone) their care reminder goes out;
-- NULL = the installation's default hour (GARDEN_CARE_REMINDER_TIME).
ALTER TABLE users ADD COLUMN reminder_hour SMALLINT CHECK (reminder_hour BETWEEN 0 AND 23);

-- The hourly reminder run reads the zones of the gardeners with reminders on, then the
-- gardeners of the zones where it is their hour now: both from this partial index.
CREATE INDEX IF NOT EXISTS users_reminder_zone ON users (time_zone, reminder_hour) WHERE is_active AND pref_care_reminders;

-- The job now runs every hour and picks, each hour, the gardeners whose local hour it is; a
-- stored daily schedule would remind only the zones where that one server hour is theirs.
UPDATE job_schedules SET cron = '0 0 * * * *' WHERE job = 'care-reminders';
