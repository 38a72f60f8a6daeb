-- OpenID Connect sign-in (issue #28 item 1): an account's links to subjects of an OpenID
-- provider. (issuer, subject) is unique: one subject signs in to one account.
CREATE TABLE identities (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    issuer       TEXT NOT NULL,
    subject      TEXT NOT NULL,
    email        TEXT NOT NULL DEFAULT '',
    created_at   DATETIME NOT NULL,
    last_used_at DATETIME,
    UNIQUE (issuer, subject)
);
CREATE INDEX identities_user ON identities (user_id, id);

-- A first sign-in looks for the account with the provider's verified e-mail address.
CREATE INDEX users_email_lower ON users (lower(email), id);
