-- Write limits (issue #22): one row per message, answer, question, listing or forum post a
-- user wrote within the longest window of its kind. A write reserves its slot here, under a
-- transaction-scoped advisory lock per (kind, user), before its own row is inserted, so that
-- parallel writes cannot all pass the limit; the reservation forgets the user's slots of the
-- kind that left the window.
CREATE TABLE write_slots (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    reserved_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX write_slots_user_kind ON write_slots (user_id, kind, reserved_at);
