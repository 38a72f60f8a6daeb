-- Sensor links (issue #29 item 2, docs/decisions.md "MQTT sensors and Home Assistant"): a
-- gardener links a sensor id (garden/sensors/<id>/<metric>) to one of their plants with a
-- moisture threshold. One plant per sensor id in the installation (the broker's topics are one
-- namespace); a few sensors a plant at most (domain.MaxSensorsPerPlant).
CREATE TABLE plant_sensors (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plant_id       INTEGER NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
    sensor_id      TEXT NOT NULL,
    -- moisture below this percentage means the plant needs water (NULL: no threshold).
    moisture_below REAL,
    -- the start of the current dry spell (a reading below the threshold), cleared by a reading
    -- at or above the threshold plus the hysteresis; it makes the plant's watering due while it
    -- is later than the plant's last watering.
    dry_since      DATETIME,
    -- the newest moisture reading, for the plant card and the reminder's text.
    last_moisture  REAL,
    last_at        DATETIME,
    created_at     DATETIME NOT NULL,
    updated_at     DATETIME NOT NULL
);
CREATE UNIQUE INDEX plant_sensors_sensor ON plant_sensors (sensor_id);
CREATE INDEX plant_sensors_plant ON plant_sensors (plant_id, id);
CREATE INDEX plant_sensors_user ON plant_sensors (user_id);
