-- Where imported rows came from (issue #26): importing the same HortusFox backup again finds
-- each row's source key here and adds nothing twice. target_id is the plant, journal entry or
-- task made from it; it has no foreign key, so a row the gardener deleted later stays
-- imported and is not brought back by the next import.
CREATE TABLE import_sources (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source     TEXT NOT NULL,
    kind       TEXT NOT NULL,
    source_key TEXT NOT NULL,
    target_id  INTEGER NOT NULL,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, source, kind, source_key)
);
