-- Planning: garden layouts drawn to scale with their beds and what grows in them, and crop
-- rotation groups and plans. Lengths are in feet. Every row belongs to one gardener; the server
-- never shows one gardener's plans to another.
CREATE TABLE garden_layouts (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    width       DOUBLE PRECISION NOT NULL CHECK (width >= 1 AND width <= 500),
    height      DOUBLE PRECISION NOT NULL CHECK (height >= 1 AND height <= 500),
    -- Goes up with every saved change: a save from an older copy is refused.
    version     INTEGER NOT NULL DEFAULT 1,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX garden_layouts_user ON garden_layouts (user_id, id);

CREATE TABLE garden_beds (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    layout_id BIGINT NOT NULL REFERENCES garden_layouts (id) ON DELETE CASCADE,
    -- Drawing order on the layout.
    position  INTEGER NOT NULL,
    name      TEXT NOT NULL,
    x         DOUBLE PRECISION NOT NULL CHECK (x >= 0),
    y         DOUBLE PRECISION NOT NULL CHECK (y >= 0),
    width     DOUBLE PRECISION NOT NULL CHECK (width > 0),
    height    DOUBLE PRECISION NOT NULL CHECK (height > 0),
    color     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX garden_beds_layout ON garden_beds (layout_id, position);

CREATE TABLE bed_plantings (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    bed_id            BIGINT NOT NULL REFERENCES garden_beds (id) ON DELETE CASCADE,
    position          INTEGER NOT NULL,
    plant_id          BIGINT REFERENCES plants (id) ON DELETE CASCADE,
    plant_database_id BIGINT REFERENCES plant_database (id) ON DELETE CASCADE,
    count             INTEGER NOT NULL CHECK (count >= 1),
    x                 DOUBLE PRECISION,
    y                 DOUBLE PRECISION,
    CHECK ((plant_id IS NULL) <> (plant_database_id IS NULL))
);
CREATE INDEX bed_plantings_bed ON bed_plantings (bed_id, position);
CREATE INDEX bed_plantings_plant ON bed_plantings (plant_id) WHERE plant_id IS NOT NULL;
CREATE INDEX bed_plantings_plant_database ON bed_plantings (plant_database_id) WHERE plant_database_id IS NOT NULL;

CREATE TABLE rotation_groups (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    color       TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX rotation_groups_user_name ON rotation_groups (user_id, lower(name));

CREATE TABLE rotation_plans (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    start_year  INTEGER NOT NULL CHECK (start_year BETWEEN 1900 AND 2200),
    duration    INTEGER NOT NULL CHECK (duration BETWEEN 1 AND 10),
    gap         INTEGER NOT NULL DEFAULT 3 CHECK (gap BETWEEN 1 AND 10),
    layout_id   BIGINT REFERENCES garden_layouts (id) ON DELETE SET NULL,
    -- The named rows of a plan without a layout, as a JSON list of strings.
    areas       TEXT NOT NULL DEFAULT '[]',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX rotation_plans_user ON rotation_plans (user_id, id);
CREATE INDEX rotation_plans_layout ON rotation_plans (layout_id);

CREATE TABLE rotation_assignments (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    plan_id  BIGINT NOT NULL REFERENCES rotation_plans (id) ON DELETE CASCADE,
    bed_id   BIGINT REFERENCES garden_beds (id) ON DELETE CASCADE,
    area     TEXT,
    year     INTEGER NOT NULL,
    -- The cascade only serves a gardener's deletion, which removes plans and groups together:
    -- the store refuses to delete a group in use (it locks the group and counts its uses).
    group_id BIGINT NOT NULL REFERENCES rotation_groups (id) ON DELETE CASCADE,
    CHECK ((bed_id IS NULL) <> (area IS NULL))
);
CREATE UNIQUE INDEX rotation_assignments_bed_year ON rotation_assignments (plan_id, bed_id, year) WHERE bed_id IS NOT NULL;
CREATE UNIQUE INDEX rotation_assignments_area_year ON rotation_assignments (plan_id, area, year) WHERE area IS NOT NULL;
CREATE INDEX rotation_assignments_group ON rotation_assignments (group_id);
CREATE INDEX rotation_assignments_bed ON rotation_assignments (bed_id) WHERE bed_id IS NOT NULL;
