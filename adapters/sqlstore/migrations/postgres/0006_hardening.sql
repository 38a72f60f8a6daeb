-- Hardening (issue #16): failed sign-ins are counted per (username, client address) and per
-- client address, so that a stranger cannot lock the owner out from elsewhere.
ALTER TABLE login_failures ADD COLUMN client_addr TEXT NOT NULL DEFAULT '';
CREATE INDEX login_failures_addr ON login_failures (client_addr, failed_at);
CREATE INDEX login_failures_user_addr ON login_failures (username, client_addr, failed_at);
