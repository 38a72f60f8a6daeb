-- Issue 27 (pages a gardener trusts).
--
-- 1. Plant types beyond the four: plants.plant_type's CHECK admits Houseplants, Succulents &
-- Cacti, Trees & Shrubs and Other too.
ALTER TABLE plants DROP CONSTRAINT plants_plant_type_check;
ALTER TABLE plants ADD CONSTRAINT plants_plant_type_check CHECK (plant_type IN ('Herbs', 'Vegetables', 'Fruits', 'Flowers', 'Houseplants', 'Succulents & Cacti', 'Trees & Shrubs', 'Other'));

-- 2. One-time start-up steps (the forum's first categories): a step recorded here is never
-- done again, so deleting what it made does not bring it back.
CREATE TABLE install_steps (
    name    TEXT PRIMARY KEY,
    done_at TIMESTAMPTZ NOT NULL
);

-- 3. A category's last activity: the newest visible topic's, one index seek per category.
CREATE INDEX forum_topics_category_activity ON forum_topics (category_id, in_review, last_activity_at);
