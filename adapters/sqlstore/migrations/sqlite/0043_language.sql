-- The gardener's language (issue #25 item 3): a BCP 47 tag of the twelve Garden speaks, '' until
-- chosen (then English). The server's messages to them are written in it.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
