-- Planning: garden layouts drawn to scale with their beds and what grows in them, and crop
-- rotation groups and plans. Lengths are in feet. Every row belongs to one gardener; the server
-- never shows one gardener's plans to another.
CREATE TABLE garden_layouts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    width       REAL NOT NULL CHECK (width >= 1 AND width <= 500),
    height      REAL NOT NULL CHECK (height >= 1 AND height <= 500),
    -- Goes up with every saved change: a save from an older copy is refused.
    version     INTEGER NOT NULL DEFAULT 1,
    created_at  DATETIME NOT NULL,
    updated_at  DATETIME NOT NULL
);
CREATE INDEX garden_layouts_user ON garden_layouts (user_id, id);

CREATE TABLE garden_beds (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    layout_id INTEGER NOT NULL REFERENCES garden_layouts (id) ON DELETE CASCADE,
    -- Drawing order on the layout.
    position  INTEGER NOT NULL,
    name      TEXT NOT NULL,
    x         REAL NOT NULL CHECK (x >= 0),
    y         REAL NOT NULL CHECK (y >= 0),
    width     REAL NOT NULL CHECK (width > 0),
    height    REAL NOT NULL CHECK (height > 0),
    color     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX garden_beds_layout ON garden_beds (layout_id, position);

CREATE TABLE bed_plantings (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    bed_id            INTEGER NOT NULL REFERENCES garden_beds (id) ON DELETE CASCADE,
    position          INTEGER NOT NULL,
    plant_id          INTEGER REFERENCES plants (id) ON DELETE CASCADE,
    plant_database_id INTEGER REFERENCES plant_database (id) ON DELETE CASCADE,
    count             INTEGER NOT NULL CHECK (count >= 1),
    x                 REAL,
    y                 REAL,
    CHECK ((plant_id IS NULL) <> (plant_database_id IS NULL))
);
CREATE INDEX bed_plantings_bed ON bed_plantings (bed_id, position);
CREATE INDEX bed_plantings_plant ON bed_plantings (plant_id) WHERE plant_id IS NOT NULL;
CREATE INDEX bed_plantings_plant_database ON bed_plantings (plant_database_id) WHERE plant_database_id IS NOT NULL;

CREATE TABLE rotation_groups (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    color       TEXT NOT NULL,
    created_at  DATETIME NOT NULL
);
CREATE UNIQUE INDEX rotation_groups_user_name ON rotation_groups (user_id, lower(name));

CREATE TABLE rotation_plans (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    start_year  INTEGER NOT NULL CHECK (start_year BETWEEN 1900 AND 2200),
    duration    INTEGER NOT NULL CHECK (duration BETWEEN 1 AND 10),
    gap         INTEGER NOT NULL DEFAULT 3 CHECK (gap BETWEEN 1 AND 10),
    layout_id   INTEGER REFERENCES garden_layouts (id) ON DELETE SET NULL,
    -- The named rows of a plan without a layout, as a JSON list of strings.
    areas       TEXT NOT NULL DEFAULT '[]',
    created_at  DATETIME NOT NULL,
    updated_at  DATETIME NOT NULL
);
CREATE INDEX rotation_plans_user ON rotation_plans (user_id, id);
CREATE INDEX rotation_plans_layout ON rotation_plans (layout_id);

CREATE TABLE rotation_assignments (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id  INTEGER NOT NULL REFERENCES rotation_plans (id) ON DELETE CASCADE,
    bed_id   INTEGER REFERENCES garden_beds (id) ON DELETE CASCADE,
    area     TEXT,
    year     INTEGER NOT NULL,
    -- The cascade only serves a gardener's deletion, which removes plans and groups together:
    -- the store refuses to delete a group in use (it locks the group and counts its uses).
    group_id INTEGER NOT NULL REFERENCES rotation_groups (id) ON DELETE CASCADE,
    CHECK ((bed_id IS NULL) <> (area IS NULL))
);
CREATE UNIQUE INDEX rotation_assignments_bed_year ON rotation_assignments (plan_id, bed_id, year) WHERE bed_id IS NOT NULL;
CREATE UNIQUE INDEX rotation_assignments_area_year ON rotation_assignments (plan_id, area, year) WHERE area IS NOT NULL;
CREATE INDEX rotation_assignments_group ON rotation_assignments (group_id);
CREATE INDEX rotation_assignments_bed ON rotation_assignments (bed_id) WHERE bed_id IS NOT NULL;
