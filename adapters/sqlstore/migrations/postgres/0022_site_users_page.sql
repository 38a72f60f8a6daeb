-- GET /api/sites/{id}/users reads a site's users a page at a time, by id (keyset: site_id = ?
-- AND id > ? ORDER BY id): this index holds them in that order, so a page reads its rows and
-- not every user of the site. It replaces users_site (site_id), which it covers (the foreign
-- key and the grouped user counts of a page of sites).
DROP INDEX IF EXISTS users_site;
CREATE INDEX IF NOT EXISTS users_site_id ON users (site_id, id);
