-- Accounts: sites, categories, users, sessions and the sign-in throttle.
CREATE TABLE site_categories (
    id   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL
);
CREATE UNIQUE INDEX site_categories_name_key ON site_categories (lower(name));

CREATE TABLE user_categories (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX user_categories_name_key ON user_categories (lower(name));

CREATE TABLE sites (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
    category_id         BIGINT REFERENCES site_categories (id) ON DELETE SET NULL,
    user_limit          INTEGER NOT NULL DEFAULT 0 CHECK (user_limit >= 0),
    plant_limit         INTEGER NOT NULL DEFAULT 0 CHECK (plant_limit >= 0),
    maintenance_mode    BOOLEAN NOT NULL DEFAULT FALSE,
    maintenance_message TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL
);

CREATE TABLE users (
    id                    BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username              TEXT NOT NULL,
    email                 TEXT NOT NULL DEFAULT '',
    full_name             TEXT NOT NULL DEFAULT '',
    password_hash         TEXT NOT NULL,
    role                  TEXT NOT NULL CHECK (role IN ('user', 'admin', 'superadmin')),
    is_active             BOOLEAN NOT NULL DEFAULT TRUE,
    is_protected          BOOLEAN NOT NULL DEFAULT FALSE,
    category_id           BIGINT REFERENCES user_categories (id) ON DELETE SET NULL,
    site_id               BIGINT REFERENCES sites (id),
    is_site_admin         BOOLEAN NOT NULL DEFAULT FALSE,
    notifications_enabled BOOLEAN NOT NULL DEFAULT TRUE,
    pref_email            BOOLEAN NOT NULL DEFAULT TRUE,
    pref_push             BOOLEAN,
    pref_care_reminders   BOOLEAN NOT NULL DEFAULT TRUE,
    pref_weekly_digest    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at            TIMESTAMPTZ NOT NULL,
    last_login            TIMESTAMPTZ
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
-- At most one protected system account.
CREATE UNIQUE INDEX users_one_protected ON users (is_protected) WHERE is_protected;
CREATE INDEX users_site ON users (site_id);

CREATE TABLE sessions (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash      TEXT NOT NULL UNIQUE,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    impersonator_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    created_at      TIMESTAMPTZ NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL,
    revoked_at      TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_impersonator ON sessions (impersonator_id);

CREATE TABLE login_failures (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username  TEXT NOT NULL,
    failed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (username, failed_at);
