-- Notifications: the messages of the bell dropdown, each user's read state, the once-keys that
-- keep a daily reminder from being sent twice, devices registered for Web Push, each user's
-- ntfy settings, and the installation's generated VAPID key pair.
CREATE TABLE notifications (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        TEXT NOT NULL DEFAULT 'admin',
    title       TEXT NOT NULL,
    content     TEXT NOT NULL,
    target_type TEXT NOT NULL CHECK (target_type IN ('global', 'site', 'user')),
    -- A site or user id (no foreign key: it points to either table); NULL for global.
    target_id   BIGINT,
    data        TEXT NOT NULL DEFAULT '{}',
    created_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    CHECK ((target_type = 'global') = (target_id IS NULL))
);
CREATE INDEX notifications_target ON notifications (target_type, target_id, created_at);
CREATE INDEX notifications_created ON notifications (created_at);

CREATE TABLE notification_reads (
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    read_at         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_reads_user ON notification_reads (user_id);

-- One row per (user, kind, day) sent: the primary key is what makes a daily reminder once-only
-- across replicas and re-runs. It outlives a deleted notification on purpose.
CREATE TABLE notification_once (
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,
    day             DATE NOT NULL,
    notification_id BIGINT REFERENCES notifications (id) ON DELETE SET NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, kind, day)
);

CREATE TABLE push_devices (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    player_id   TEXT NOT NULL UNIQUE,
    device_name TEXT NOT NULL DEFAULT '',
    user_agent  TEXT NOT NULL DEFAULT '',
    platform    TEXT NOT NULL DEFAULT '',
    vendor      TEXT NOT NULL DEFAULT '',
    endpoint    TEXT NOT NULL DEFAULT '',
    p256dh      TEXT NOT NULL DEFAULT '',
    auth        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX push_devices_user ON push_devices (user_id, updated_at);

CREATE TABLE notification_channels (
    user_id     BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    ntfy_server TEXT NOT NULL DEFAULT '',
    ntfy_topic  TEXT NOT NULL DEFAULT '',
    updated_at  TIMESTAMPTZ NOT NULL
);

-- At most one row: the key pair generated on first start when none is configured.
CREATE TABLE vapid_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    public_key  TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
