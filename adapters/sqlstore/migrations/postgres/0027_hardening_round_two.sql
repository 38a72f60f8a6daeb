-- Issue #22, round two of the hardening.

-- The layout copy quota's record: each user's copies of the last minute (older rows are deleted
-- as the next copy is counted).
CREATE TABLE layout_copies (
    user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    copied_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX layout_copies_user ON layout_copies (user_id, copied_at);
