-- The gardener's morning (issue #27 items 1-2, issue #24 item 6).
--
-- One definition of due: a plant's watering (fertilizing) falls due on the earlier of its
-- schedule and its earliest pending water (fertilize) task. Every plant read takes that date
-- with a correlated min() over the plant's pending tasks of the type; this partial index answers
-- it from the index alone, whatever the number of completed tasks behind the plant.
CREATE INDEX IF NOT EXISTS care_tasks_plant_type_open ON care_tasks (plant_id, task_type, scheduled_date) WHERE NOT completed;

-- Snooze (docs/decisions.md, "Today list and snooze"): postponing a due fertilizing grows this
-- delay as a moist check grows water_delay_days; a newer fertilizing clears it.
ALTER TABLE plants ADD COLUMN fertilize_delay_days INTEGER NOT NULL DEFAULT 0 CHECK (fertilize_delay_days BETWEEN 0 AND 365);

-- The gardener's own day: an IANA zone name ('' = not set yet: UTC until the web app sends the
-- browser's zone on the first sign-in).
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
