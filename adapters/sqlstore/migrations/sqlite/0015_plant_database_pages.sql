-- The plant database list is read a page at a time in name order (keyset on lower(common_name),
-- id), for every type or one type's tab (issue 17).
CREATE INDEX plant_database_name_order ON plant_database (lower(common_name), id);
CREATE INDEX plant_database_type_name_order ON plant_database (plant_type, lower(common_name), id);
