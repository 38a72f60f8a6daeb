-- The transactional outbox (docs/decisions.md, "The outbox"): one row per (channel, recipient,
-- notification) that must leave the process (push, e-mail, ntfy), written in the transaction of
-- the change that causes it and delivered by the dispatcher of the job runner.
CREATE TABLE outbox (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    channel         TEXT NOT NULL CHECK (channel IN ('push', 'email', 'ntfy')),
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    -- pending until an attempt ends it: delivered, skipped (nothing to deliver to by then),
    -- failed (refused for good) or given_up (every retry failed).
    status          TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'delivered', 'skipped', 'failed', 'given_up')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    finished_at     TIMESTAMPTZ,
    -- The lease: who claimed the row and until when; a crashed claimer's rows are due again once
    -- claimed_until passes.
    claimed_by      TEXT NOT NULL DEFAULT '',
    claimed_until   TIMESTAMPTZ
);
-- The claim query: the due pending rows of one channel, oldest first.
CREATE INDEX outbox_due ON outbox (channel, next_attempt_at) WHERE status = 'pending';
-- The metrics' oldest pending row per channel, and the cleanup of finished rows.
CREATE INDEX outbox_pending_created ON outbox (channel, created_at) WHERE status = 'pending';
CREATE INDEX outbox_finished ON outbox (finished_at) WHERE status <> 'pending';
CREATE INDEX outbox_notification ON outbox (notification_id);
CREATE INDEX outbox_user ON outbox (user_id);

-- Coalescing: at most one notification per window for each (user, kind, subject): a
-- conversation, a question, a topic. The primary key decides between concurrent senders.
CREATE TABLE notification_claims (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    subject    TEXT NOT NULL,
    claimed_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, kind, subject)
);
CREATE INDEX notification_claims_at ON notification_claims (claimed_at);
