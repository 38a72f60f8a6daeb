-- Webhooks (issue #29 item 1, docs/decisions.md "Webhooks"): a user's (or, site-wide, a
-- superadmin's) URL that hears the events it subscribes to, signed with its secret.
CREATE TABLE webhooks (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
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
    failing_since TIMESTAMPTZ,
    paused_at     TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhooks_owner ON webhooks (owner_id, id);
CREATE INDEX webhooks_site_wide ON webhooks (id) WHERE site_wide;

-- One event to one webhook: the body is built from it at each attempt (the same bytes each
-- time), and the last attempt's outcome is the delivery log (the newest 50 per webhook kept).
CREATE TABLE webhook_deliveries (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id  BIGINT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event       TEXT NOT NULL,
    payload     TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    status      TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'retrying', 'delivered', 'failed', 'given_up', 'skipped')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    http_status INTEGER NOT NULL DEFAULT 0,
    latency_ms  INTEGER NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    attempted_at TIMESTAMPTZ
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);

-- The outbox gains the webhook channel: its rows name a webhook delivery instead of a
-- notification.
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('push', 'email', 'ntfy', 'webhook'));
ALTER TABLE outbox ALTER COLUMN notification_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN webhook_delivery_id BIGINT REFERENCES webhook_deliveries (id) ON DELETE CASCADE;
ALTER TABLE outbox ADD CONSTRAINT outbox_one_subject CHECK ((notification_id IS NULL) <> (webhook_delivery_id IS NULL));
CREATE INDEX outbox_webhook_delivery ON outbox (webhook_delivery_id);

-- Soil-sensor readings (issue #29 item 2): raw as they arrive for 7 days, then one hourly row
-- per sensor and metric (the mean; samples counts the raw readings in it), none older than 90
-- days (docs/decisions.md, "Sensor readings").
CREATE TABLE sensor_readings (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sensor_id TEXT NOT NULL,
    metric    TEXT NOT NULL,
    at        TIMESTAMPTZ NOT NULL,
    value     DOUBLE PRECISION NOT NULL,
    samples   INTEGER NOT NULL DEFAULT 1,
    hourly    BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX sensor_readings_series ON sensor_readings (sensor_id, metric, at);
CREATE INDEX sensor_readings_raw_at ON sensor_readings (at) WHERE NOT hourly;
CREATE INDEX sensor_readings_at ON sensor_readings (at);
CREATE UNIQUE INDEX sensor_readings_hour ON sensor_readings (sensor_id, metric, at) WHERE hourly;
