-- The web app's theme per gardener (issue #25 item 6): 'system' follows the device's
-- prefers-color-scheme; 'light' and 'dark' are the gardener's choice on every device.
ALTER TABLE users ADD COLUMN theme TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark'));
