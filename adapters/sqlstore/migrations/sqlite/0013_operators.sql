-- Personal API tokens (Settings › API tokens): only the SHA-256 of the token is kept.
CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    scope        TEXT NOT NULL CHECK (scope IN ('read', 'write')),
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   DATETIME NOT NULL,
    expires_at   DATETIME NOT NULL,
    last_used_at DATETIME,
    revoked_at   DATETIME
);
CREATE INDEX api_tokens_user ON api_tokens (user_id, id);
