-- Seasons and the weather at the garden (issue #24 items 4 and 5; docs/decisions.md,
-- "Seasons and the weather at the garden").

-- The garden's place (rounded to 0.01°, all three set or none), the winter stretch of adaptive
-- intervals, the hemisphere it applies in (derived from the latitude or the site's country and
-- kept here so that the set-based reminder read needs no site join) and the weather thresholds.
ALTER TABLE users ADD COLUMN garden_location_name TEXT;
ALTER TABLE users ADD COLUMN garden_latitude REAL CHECK (garden_latitude BETWEEN -90 AND 90);
ALTER TABLE users ADD COLUMN garden_longitude REAL CHECK (garden_longitude BETWEEN -180 AND 180);
ALTER TABLE users ADD COLUMN winter_factor REAL NOT NULL DEFAULT 1.5 CHECK (winter_factor BETWEEN 1 AND 3);
ALTER TABLE users ADD COLUMN winter_hemisphere TEXT NOT NULL DEFAULT 'north' CHECK (winter_hemisphere IN ('north', 'south', 'none'));
ALTER TABLE users ADD COLUMN rain_threshold_mm REAL NOT NULL DEFAULT 5 CHECK (rain_threshold_mm > 0);
ALTER TABLE users ADD COLUMN frost_threshold_c REAL NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN heat_threshold_c REAL NOT NULL DEFAULT 32;
-- The weather job reads the distinct locations, then the gardeners of each.
CREATE INDEX users_garden_location ON users (garden_latitude, garden_longitude) WHERE garden_latitude IS NOT NULL;

UPDATE users SET winter_hemisphere = 'south' WHERE site_id IN (SELECT id FROM sites WHERE lower(trim(country)) IN
    ('argentina', 'australia', 'bolivia', 'botswana', 'brazil', 'chile', 'eswatini', 'lesotho', 'madagascar', 'mozambique',
     'namibia', 'new zealand', 'paraguay', 'south africa', 'uruguay', 'zambia', 'zimbabwe', 'falkland islands'));

-- Outdoor plants are the ones the weather reaches; a hot forecast brings the next watering
-- forward a day (cleared by the next watering).
ALTER TABLE plants ADD COLUMN outdoor BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE plants ADD COLUMN water_advance_days INTEGER NOT NULL DEFAULT 0 CHECK (water_advance_days BETWEEN 0 AND 1);
CREATE INDEX plants_outdoor ON plants (user_id) WHERE outdoor;

-- The latest daily forecast per rounded location (hundredths of a degree as integers, so the
-- key never depends on a float's spelling), for the dashboard's weather card.
CREATE TABLE weather_forecasts (
    lat_e2     INTEGER NOT NULL,
    lon_e2     INTEGER NOT NULL,
    fetched_at DATETIME NOT NULL,
    days       TEXT NOT NULL,
    PRIMARY KEY (lat_e2, lon_e2)
);
