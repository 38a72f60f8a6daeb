-- The gardener's measurement system (issue #25 item 4): 'metric' or 'imperial'; NULL until
-- chosen, when the web app follows the gardener's locale (imperial for the United States,
-- Liberia and Myanmar, metric elsewhere). Layout and bed sizes stay stored in feet (the spec)
-- and harvests in the unit the gardener entered: this only decides how they are shown.
ALTER TABLE users ADD COLUMN units TEXT NULL CHECK (units IN ('metric', 'imperial'));
