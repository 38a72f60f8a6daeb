-- The plant list derives each plant's status in its query (PagePlants): one probe per plant for
-- a pending task scheduled before today (EXISTS … plant_id = ? AND NOT completed AND
-- scheduled_date < today). On care_tasks_plant alone the probe walked every task the plant ever
-- had; this partial index holds only the pending ones, by date, so a page stays as fast with
-- years of completed care behind each plant.
CREATE INDEX IF NOT EXISTS care_tasks_plant_open ON care_tasks (plant_id, scheduled_date) WHERE NOT completed;
