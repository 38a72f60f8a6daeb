-- Issue 27 (pages a gardener trusts).
--
-- 1. Plant types beyond the four: plants.plant_type's CHECK admits Houseplants, Succulents &
-- Cacti, Trees & Shrubs and Other too. SQLite cannot alter a CHECK; widening one is the case
-- its ALTER TABLE page gives for editing the stored schema text (every existing row still
-- passes), which spares rebuilding plants and firing the cascades of its children. RESET
-- reloads this connection's schema; the CREATE TABLE below moves the schema cookie, so every
-- other connection reloads it too.
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql, 'CHECK (plant_type IN (''Herbs'', ''Vegetables'', ''Fruits'', ''Flowers''))', 'CHECK (plant_type IN (''Herbs'', ''Vegetables'', ''Fruits'', ''Flowers'', ''Houseplants'', ''Succulents & Cacti'', ''Trees & Shrubs'', ''Other''))') WHERE type = 'table' AND name = 'plants';
PRAGMA writable_schema = RESET;

-- 2. One-time start-up steps (the forum's first categories): a step recorded here is never
-- done again, so deleting what it made does not bring it back.
CREATE TABLE install_steps (
    name    TEXT PRIMARY KEY,
    done_at DATETIME NOT NULL
);

-- 3. A category's last activity: the newest visible topic's, one index seek per category.
CREATE INDEX forum_topics_category_activity ON forum_topics (category_id, in_review, last_activity_at);
