-- The care log (issue #24): every watering, fertilizing and other act of care is a row. A
-- plant's page pages its log newest first (care_events_plant), optionally of one kind
-- (care_events_plant_kind); the learner reads the newest few of a kind through the same index.
CREATE TABLE care_events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id      INTEGER NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('water', 'fertilize', 'mist', 'prune', 'repot', 'rotate', 'inspect', 'check')),
    source        TEXT NOT NULL CHECK (source IN ('manual', 'task', 'rain', 'import')),
    at            DATETIME NOT NULL,
    note          TEXT NOT NULL DEFAULT '',
    feedback      TEXT NOT NULL DEFAULT '' CHECK (feedback IN ('', 'dry', 'ok', 'moist')),
    postpone_days INTEGER NOT NULL DEFAULT 0 CHECK (postpone_days BETWEEN 0 AND 365),
    created_at    DATETIME NOT NULL
);
CREATE INDEX care_events_plant ON care_events (plant_id, at, id);
CREATE INDEX care_events_plant_kind ON care_events (plant_id, kind, at, id);
-- A user deleted takes their events with them (the foreign key's cascade).
CREATE INDEX care_events_user ON care_events (user_id);

-- What the learner made of the log, kept on the plant row so that the plant list reads it like
-- any other column (a constant number of statements a page). water_delay_days is the
-- postponement of a moist check, cleared by the next watering.
ALTER TABLE plants ADD COLUMN water_mode TEXT NOT NULL DEFAULT 'fixed' CHECK (water_mode IN ('fixed', 'adaptive'));
ALTER TABLE plants ADD COLUMN fertilize_mode TEXT NOT NULL DEFAULT 'fixed' CHECK (fertilize_mode IN ('fixed', 'adaptive'));
ALTER TABLE plants ADD COLUMN suggested_water_frequency INTEGER CHECK (suggested_water_frequency BETWEEN 1 AND 365);
ALTER TABLE plants ADD COLUMN suggested_fertilizer_frequency INTEGER CHECK (suggested_fertilizer_frequency BETWEEN 1 AND 365);
ALTER TABLE plants ADD COLUMN water_learned_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plants ADD COLUMN fertilize_learned_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plants ADD COLUMN water_delay_days INTEGER NOT NULL DEFAULT 0 CHECK (water_delay_days BETWEEN 0 AND 365);

-- Existing plants start their log with the dates they already have.
INSERT INTO care_events (user_id, plant_id, kind, source, at, created_at)
    SELECT user_id, id, 'water', 'import', last_watered, last_watered FROM plants WHERE last_watered IS NOT NULL;
INSERT INTO care_events (user_id, plant_id, kind, source, at, created_at)
    SELECT user_id, id, 'fertilize', 'import', last_fertilized, last_fertilized FROM plants WHERE last_fertilized IS NOT NULL;
UPDATE plants SET water_learned_from = 1 WHERE last_watered IS NOT NULL;
UPDATE plants SET fertilize_learned_from = 1 WHERE last_fertilized IS NOT NULL;
