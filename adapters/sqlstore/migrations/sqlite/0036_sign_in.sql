-- Two-factor sign-in and the Security page (issue #28 items 2 and 4).
-- A session remembers how it was opened and from where, and when it was last used (touched at
-- most every few minutes), so that its owner can tell their devices apart and end one.
ALTER TABLE sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'password';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN client_addr TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at DATETIME;
CREATE INDEX sessions_user_id ON sessions (user_id, id);

-- A site admin can require a second factor of their site's users.
ALTER TABLE sites ADD COLUMN require_two_factor BOOLEAN NOT NULL DEFAULT 0;

-- One TOTP secret per user: pending until confirmed with a code (confirmed_at set).
-- last_step is the time step of the last code accepted, so that a code is never used twice.
CREATE TABLE user_totp (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL,
    confirmed_at DATETIME,
    last_step    INTEGER NOT NULL DEFAULT 0,
    created_at   DATETIME NOT NULL
);

-- Recovery codes, stored as SHA-256 hashes; used_at marks a code spent.
CREATE TABLE recovery_codes (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at   DATETIME,
    UNIQUE (user_id, code_hash)
);

-- A sign-in half done: the password was right, a second factor is still due. Only the hash
-- of the ticket is kept; it lives five minutes and allows five tries.
CREATE TABLE login_tickets (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ticket_hash TEXT NOT NULL UNIQUE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL,
    tries       INTEGER NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL,
    expires_at  DATETIME NOT NULL
);
CREATE INDEX login_tickets_expires ON login_tickets (expires_at);
CREATE INDEX login_tickets_user ON login_tickets (user_id);

-- Recent sign-ins of an account, successful or not, with the method.
CREATE TABLE sign_in_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    at          DATETIME NOT NULL,
    success     BOOLEAN NOT NULL,
    method      TEXT NOT NULL,
    client_addr TEXT NOT NULL DEFAULT '',
    user_agent  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sign_in_events_user_id ON sign_in_events (user_id, id);
CREATE INDEX sign_in_events_user_at ON sign_in_events (user_id, at);
CREATE INDEX sign_in_events_at ON sign_in_events (at);

-- Passkeys (issue #28 item 3): the credential's id (base64url) and the WebAuthn record.
CREATE TABLE passkeys (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    record        TEXT NOT NULL,
    created_at    DATETIME NOT NULL,
    last_used_at  DATETIME
);
CREATE INDEX passkeys_user ON passkeys (user_id, id);

-- A passkey ceremony between its two steps (5 minutes, used once).
CREATE TABLE webauthn_flows (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    flow_hash  TEXT NOT NULL UNIQUE,
    user_id    INTEGER REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,
    session    TEXT NOT NULL,
    expires_at DATETIME NOT NULL
);
CREATE INDEX webauthn_flows_user ON webauthn_flows (user_id);
CREATE INDEX webauthn_flows_expires ON webauthn_flows (expires_at);
