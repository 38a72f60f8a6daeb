-- Harvest records (spec 02 §3). A record outlives its plant: deleting the plant sets plant_id
-- to NULL and the record keeps the plant's name. unit_kind and common_quantity are the
-- domain's conversion of quantity (kg, items or litres), stored so that the totals are a plain
-- SUM in the database.
CREATE TABLE harvests (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id        INTEGER REFERENCES plants (id) ON DELETE SET NULL,
    plant_name      TEXT NOT NULL DEFAULT '',
    harvest_date    TEXT NOT NULL,
    quantity        REAL CHECK (quantity >= 0),
    unit            TEXT NOT NULL DEFAULT '' CHECK (unit IN ('', 'g', 'kg', 'oz', 'lb', 'items', 'bunches', 'litres')),
    unit_kind       TEXT NOT NULL DEFAULT '' CHECK (unit_kind IN ('', 'mass', 'count', 'volume')),
    common_quantity REAL CHECK (common_quantity >= 0),
    notes           TEXT NOT NULL DEFAULT '',
    image_url       TEXT NOT NULL DEFAULT '',
    created_at      DATETIME NOT NULL,
    updated_at      DATETIME NOT NULL
);
-- The list (newest first), the period and date-range filters and the sums.
CREATE INDEX harvests_user_date ON harvests (user_id, harvest_date DESC, id DESC);
-- The plant filter.
CREATE INDEX harvests_user_plant_date ON harvests (user_id, plant_id, harvest_date DESC, id DESC);
-- Deleting a plant finds its records to clear plant_id.
CREATE INDEX harvests_plant ON harvests (plant_id);
