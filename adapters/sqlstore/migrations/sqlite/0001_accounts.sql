-- Accounts: sites, categories, users, sessions and the sign-in throttle.
CREATE TABLE site_categories (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
);

CREATE TABLE user_categories (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    description TEXT NOT NULL DEFAULT '',
    created_at  DATETIME NOT NULL
);

CREATE TABLE sites (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    name                TEXT NOT NULL,
    description         TEXT NOT NULL DEFAULT '',
    email               TEXT NOT NULL DEFAULT '',
    address             TEXT NOT NULL DEFAULT '',
    city                TEXT NOT NULL DEFAULT '',
    state               TEXT NOT NULL DEFAULT '',
    zip_code            TEXT NOT NULL DEFAULT '',
    phone_number        TEXT NOT NULL DEFAULT '',
    website             TEXT NOT NULL DEFAULT '',
    country             TEXT NOT NULL DEFAULT 'United States',
    status              TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    category_id         INTEGER REFERENCES site_categories (id) ON DELETE SET NULL,
    user_limit          INTEGER NOT NULL DEFAULT 0 CHECK (user_limit >= 0),
    plant_limit         INTEGER NOT NULL DEFAULT 0 CHECK (plant_limit >= 0),
    maintenance_mode    BOOLEAN NOT NULL DEFAULT 0,
    maintenance_message TEXT NOT NULL DEFAULT '',
    created_at          DATETIME NOT NULL
);

CREATE TABLE users (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    username              TEXT NOT NULL,
    email                 TEXT NOT NULL DEFAULT '',
    full_name             TEXT NOT NULL DEFAULT '',
    password_hash         TEXT NOT NULL,
    role                  TEXT NOT NULL CHECK (role IN ('user', 'admin', 'superadmin')),
    is_active             BOOLEAN NOT NULL DEFAULT 1,
    is_protected          BOOLEAN NOT NULL DEFAULT 0,
    category_id           INTEGER REFERENCES user_categories (id) ON DELETE SET NULL,
    site_id               INTEGER REFERENCES sites (id),
    is_site_admin         BOOLEAN NOT NULL DEFAULT 0,
    notifications_enabled BOOLEAN NOT NULL DEFAULT 1,
    pref_email            BOOLEAN NOT NULL DEFAULT 1,
    pref_push             BOOLEAN,
    pref_care_reminders   BOOLEAN NOT NULL DEFAULT 1,
    pref_weekly_digest    BOOLEAN NOT NULL DEFAULT 0,
    created_at            DATETIME NOT NULL,
    last_login            DATETIME
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
-- At most one protected system account.
CREATE UNIQUE INDEX users_one_protected ON users (is_protected) WHERE is_protected;
CREATE INDEX users_site ON users (site_id);

CREATE TABLE sessions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash      TEXT NOT NULL UNIQUE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    impersonator_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    created_at      DATETIME NOT NULL,
    expires_at      DATETIME NOT NULL,
    revoked_at      DATETIME
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_impersonator ON sessions (impersonator_id);

CREATE TABLE login_failures (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    username  TEXT NOT NULL,
    failed_at DATETIME NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (username, failed_at);
