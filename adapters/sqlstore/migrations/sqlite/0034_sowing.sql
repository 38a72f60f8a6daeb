-- What to sow now (issue #24 item 7). A gardener's own frost dates, as MM-DD (NULL: not set;
-- the estimate from the garden's latitude is used when one is known).
ALTER TABLE users ADD COLUMN last_spring_frost TEXT CHECK (last_spring_frost IS NULL OR length(last_spring_frost) = 5);
ALTER TABLE users ADD COLUMN first_autumn_frost TEXT CHECK (first_autumn_frost IS NULL OR length(first_autumn_frost) = 5);

-- A plant database item's sowing windows: unit '' (none), 'weeks' (from/to count weeks from the
-- last spring frost, negative before it) or 'months' (calendar months as a northern packet
-- states them). Plain columns, so that the sowing list filters a week in SQL.
ALTER TABLE plant_database ADD COLUMN sow_indoors_unit TEXT NOT NULL DEFAULT '' CHECK (sow_indoors_unit IN ('', 'weeks', 'months'));
ALTER TABLE plant_database ADD COLUMN sow_indoors_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plant_database ADD COLUMN sow_indoors_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plant_database ADD COLUMN direct_sow_unit TEXT NOT NULL DEFAULT '' CHECK (direct_sow_unit IN ('', 'weeks', 'months'));
ALTER TABLE plant_database ADD COLUMN direct_sow_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plant_database ADD COLUMN direct_sow_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plant_database ADD COLUMN transplant_unit TEXT NOT NULL DEFAULT '' CHECK (transplant_unit IN ('', 'weeks', 'months'));
ALTER TABLE plant_database ADD COLUMN transplant_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plant_database ADD COLUMN transplant_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE plant_database ADD COLUMN harvest_days_min INTEGER NOT NULL DEFAULT 0 CHECK (harvest_days_min BETWEEN 0 AND 730);
ALTER TABLE plant_database ADD COLUMN harvest_days_max INTEGER NOT NULL DEFAULT 0 CHECK (harvest_days_max BETWEEN 0 AND 730);

-- The sowing list pages the items that have a sowing window, by name: a partial index holds
-- only those, so a week's page walks the sowable part of the database, not all of it.
CREATE INDEX plant_database_sowing_order ON plant_database (lower(common_name), id)
    WHERE sow_indoors_unit <> '' OR direct_sow_unit <> '';
