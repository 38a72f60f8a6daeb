-- Site administration and maintenance: a user's role in their site, site maintenance times,
-- application functions that can be put in maintenance on their own, and site categories.
ALTER TABLE users ADD COLUMN site_role TEXT NOT NULL DEFAULT 'member' CHECK (site_role IN ('member', 'manager', 'owner'));
ALTER TABLE users ADD COLUMN site_joined_at TIMESTAMPTZ;
ALTER TABLE sites ADD COLUMN maintenance_started_at TIMESTAMPTZ;
ALTER TABLE sites ADD COLUMN maintenance_ended_at TIMESTAMPTZ;

CREATE TABLE app_functions (
    id                     BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                   TEXT NOT NULL UNIQUE,
    display_name           TEXT NOT NULL,
    description            TEXT NOT NULL DEFAULT '',
    maintenance_mode       BOOLEAN NOT NULL DEFAULT FALSE,
    maintenance_message    TEXT NOT NULL DEFAULT '',
    last_maintenance_start TIMESTAMPTZ,
    last_maintenance_end   TIMESTAMPTZ
);
INSERT INTO app_functions (name, display_name, description) VALUES
    ('site_wide', 'Entire Site', 'Every part of Garden at once'),
    ('my_plants', 'My Plants', 'Plants, photos and QR labels'),
    ('care_schedule', 'Care Schedule', 'Care tasks and the calendar'),
    ('growth_journal', 'Growth Journal', 'Journal entries'),
    ('plant_database', 'Plant Database', 'The plant database and its import'),
    ('community_forum', 'Community Forum', 'Forum topics and replies'),
    ('plant_sharing', 'Plant Sharing', 'Plant listings and messages'),
    ('expert_qa', 'Expert Q&A', 'Questions and answers'),
    ('garden_planner', 'Garden Planner', 'Garden layouts'),
    ('crop_rotation', 'Crop Rotation', 'Rotation plans and groups'),
    ('harvest_tracking', 'Harvest Tracking', 'Harvest records');

INSERT INTO site_categories (name) VALUES
    ('Community Garden'), ('Allotment'), ('School'), ('Botanical Garden'), ('Nursery'), ('Private Garden');
