-- Write limits (issue #22): one row per message, answer, question, listing or forum post a
-- user wrote within the longest window of its kind. A write reserves its slot here, in an
-- immediate transaction (the database's write lock), before its own row is inserted, so that
-- parallel writes cannot all pass the limit; the reservation forgets the user's slots of the
-- kind that left the window.
CREATE TABLE write_slots (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    reserved_at DATETIME NOT NULL
);
CREATE INDEX write_slots_user_kind ON write_slots (user_id, kind, reserved_at);
