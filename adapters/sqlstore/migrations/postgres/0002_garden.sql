-- The gardener's core: plants, care tasks, journal entries, the plant database, and each
-- user's secret calendar feed token.
CREATE TABLE plants (
    id                   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id              BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name                 TEXT NOT NULL,
    species              TEXT NOT NULL DEFAULT '',
    plant_type           TEXT NOT NULL CHECK (plant_type IN ('Herbs', 'Vegetables', 'Fruits', 'Flowers')),
    location             TEXT NOT NULL DEFAULT '',
    image_url            TEXT NOT NULL DEFAULT '',
    light_needs          TEXT NOT NULL DEFAULT '',
    water_frequency      INTEGER CHECK (water_frequency BETWEEN 1 AND 365),
    fertilizer_frequency INTEGER CHECK (fertilizer_frequency BETWEEN 1 AND 365),
    notes                TEXT NOT NULL DEFAULT '',
    status               TEXT NOT NULL DEFAULT 'healthy',
    growth_progress      INTEGER NOT NULL DEFAULT 0 CHECK (growth_progress BETWEEN 0 AND 100),
    last_watered         TIMESTAMPTZ,
    last_fertilized      TIMESTAMPTZ,
    acquired_date        TIMESTAMPTZ NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL
);
CREATE INDEX plants_user ON plants (user_id, id);

CREATE TABLE care_tasks (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id       BIGINT NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
    task_type      TEXT NOT NULL CHECK (task_type IN ('water', 'fertilize', 'prune', 'repot', 'mist', 'rotate', 'inspect')),
    scheduled_date DATE NOT NULL,
    completed      BOOLEAN NOT NULL DEFAULT FALSE,
    completed_at   TIMESTAMPTZ,
    notes          TEXT,
    is_recurring   BOOLEAN NOT NULL DEFAULT FALSE,
    recurring_days INTEGER CHECK (recurring_days BETWEEN 1 AND 365),
    created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX care_tasks_user_date ON care_tasks (user_id, scheduled_date);
CREATE INDEX care_tasks_plant ON care_tasks (plant_id);

CREATE TABLE journal_entries (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id     BIGINT NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
    title        TEXT NOT NULL,
    content      TEXT NOT NULL DEFAULT '',
    image_url    TEXT NOT NULL DEFAULT '',
    growth_stage TEXT NOT NULL DEFAULT '',
    entry_date   DATE NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX journal_entries_user_date ON journal_entries (user_id, entry_date);
CREATE INDEX journal_entries_plant ON journal_entries (plant_id);

CREATE TABLE plant_database (
    id                      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    common_name             TEXT NOT NULL,
    scientific_name         TEXT NOT NULL DEFAULT '',
    plant_type              TEXT NOT NULL DEFAULT 'Herbs',
    description             TEXT NOT NULL DEFAULT '',
    image_url               TEXT NOT NULL DEFAULT '',
    alternative_image_urls  TEXT NOT NULL DEFAULT '[]',
    light_requirements      TEXT NOT NULL DEFAULT '',
    water_requirements      TEXT NOT NULL DEFAULT '',
    fertilizer_requirements TEXT NOT NULL DEFAULT '',
    care_instructions       TEXT NOT NULL DEFAULT '',
    store_url               TEXT,
    slug                    TEXT,
    source                  TEXT NOT NULL DEFAULT 'manual' CHECK (source IN ('import', 'manual')),
    created_at              TIMESTAMPTZ NOT NULL,
    updated_at              TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX plant_database_store_url ON plant_database (store_url) WHERE store_url IS NOT NULL;
CREATE UNIQUE INDEX plant_database_slug ON plant_database (slug) WHERE slug IS NOT NULL;

ALTER TABLE users ADD COLUMN calendar_token TEXT;
CREATE UNIQUE INDEX users_calendar_token ON users (calendar_token) WHERE calendar_token IS NOT NULL;
