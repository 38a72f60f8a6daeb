-- A push device belongs to the sign-in that registered it (issue #22 item 7): its session, or
-- the API token a script registered it with. Revoking either deletes the device in the same
-- transaction; deleting the row (the session cleanup) cascades; expires_at copies the
-- sign-in's expiry so that the cleanup can delete devices of expired sessions by an index.
-- Devices registered before this migration belong to no sign-in, so they are forgotten: the web
-- app registers the browser again on the next visit of whoever is signed in there.
ALTER TABLE push_devices ADD COLUMN session_id BIGINT REFERENCES sessions (id) ON DELETE CASCADE;
ALTER TABLE push_devices ADD COLUMN api_token_id BIGINT REFERENCES api_tokens (id) ON DELETE CASCADE;
ALTER TABLE push_devices ADD COLUMN expires_at TIMESTAMPTZ;
DELETE FROM push_devices;
CREATE INDEX push_devices_session ON push_devices (session_id);
CREATE INDEX push_devices_api_token ON push_devices (api_token_id);
CREATE INDEX push_devices_expires ON push_devices (expires_at);
