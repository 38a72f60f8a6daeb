-- A harvest record may say which bed it came from (one of its owner's garden layouts), so the
-- stats can show yield per square foot. Deleting the bed, or its layout, keeps the record and
-- clears the link.
ALTER TABLE harvests ADD COLUMN bed_id INTEGER REFERENCES garden_beds (id) ON DELETE SET NULL;
-- Deleting a bed finds its records to clear bed_id; the yield per bed groups by it.
CREATE INDEX harvests_bed ON harvests (bed_id) WHERE bed_id IS NOT NULL;
