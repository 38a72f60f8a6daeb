-- Webhooks (issue #29 item 1, docs/decisions.md "Webhooks"): a user's (or, site-wide, a
-- superadmin's) URL that hears the events it subscribes to, signed with its secret.
CREATE TABLE webhooks (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- site-wide: hears every user's events (superadmins only); else the owner's own.
    site_wide     BOOLEAN NOT NULL DEFAULT FALSE,
    url           TEXT NOT NULL,
    -- the event types, comma-separated and framed by commas (",plant.watered,task.due,").
    events        TEXT NOT NULL,
    -- kept in the clear: it signs every delivery (HMAC-SHA256); shown once, at creation.
    secret        TEXT NOT NULL,
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    -- set when a failure follows a success; cleared by the next success. A webhook failing for
    -- 24 hours is paused (active false, paused_at set) and its owner told.
    failing_since DATETIME,
    paused_at     DATETIME,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);
CREATE INDEX webhooks_owner ON webhooks (owner_id, id);
CREATE INDEX webhooks_site_wide ON webhooks (id) WHERE site_wide;

-- One event to one webhook: the body is built from it at each attempt (the same bytes each
-- time), and the last attempt's outcome is the delivery log (the newest 50 per webhook kept).
CREATE TABLE webhook_deliveries (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id  INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event       TEXT NOT NULL,
    payload     TEXT NOT NULL,
    created_at  DATETIME NOT NULL,
    status      TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'retrying', 'delivered', 'failed', 'given_up', 'skipped')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    http_status INTEGER NOT NULL DEFAULT 0,
    latency_ms  INTEGER NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    attempted_at DATETIME
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);

-- The outbox gains the webhook channel: its rows name a webhook delivery instead of a
-- notification. SQLite cannot alter a CHECK or a NOT NULL, so the table is rebuilt (nothing
-- references it).
CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    channel         TEXT NOT NULL CHECK (channel IN ('push', 'email', 'ntfy', 'webhook')),
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    notification_id INTEGER REFERENCES notifications (id) ON DELETE CASCADE,
    webhook_delivery_id INTEGER REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    status          TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'delivered', 'skipped', 'failed', 'given_up')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at DATETIME NOT NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      DATETIME NOT NULL,
    finished_at     DATETIME,
    claimed_by      TEXT NOT NULL DEFAULT '',
    claimed_until   DATETIME,
    CHECK ((notification_id IS NULL) <> (webhook_delivery_id IS NULL))
);
INSERT INTO outbox_new (id, channel, user_id, notification_id, status, attempts, next_attempt_at, last_error, created_at,
    finished_at, claimed_by, claimed_until)
SELECT id, channel, user_id, notification_id, status, attempts, next_attempt_at, last_error, created_at,
    finished_at, claimed_by, claimed_until FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (channel, next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_pending_created ON outbox (channel, created_at) WHERE status = 'pending';
CREATE INDEX outbox_finished ON outbox (finished_at) WHERE status <> 'pending';
CREATE INDEX outbox_notification ON outbox (notification_id);
CREATE INDEX outbox_user ON outbox (user_id);
CREATE INDEX outbox_webhook_delivery ON outbox (webhook_delivery_id);

-- Soil-sensor readings (issue #29 item 2): raw as they arrive for 7 days, then one hourly row
-- per sensor and metric (the mean; samples counts the raw readings in it), none older than 90
-- days (docs/decisions.md, "Sensor readings").
CREATE TABLE sensor_readings (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    sensor_id TEXT NOT NULL,
    metric    TEXT NOT NULL,
    at        DATETIME NOT NULL,
    value     REAL NOT NULL,
    samples   INTEGER NOT NULL DEFAULT 1,
    hourly    BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX sensor_readings_series ON sensor_readings (sensor_id, metric, at);
CREATE INDEX sensor_readings_raw_at ON sensor_readings (at) WHERE NOT hourly;
CREATE INDEX sensor_readings_at ON sensor_readings (at);
CREATE UNIQUE INDEX sensor_readings_hour ON sensor_readings (sensor_id, metric, at) WHERE hourly;
