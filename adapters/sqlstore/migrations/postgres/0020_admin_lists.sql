-- The administration lists are read one page at a time (docs/api.md, "Lists and pagination").
-- Sites are listed by name: this index serves the keyset (lower(name), id) of GET /api/sites
-- and GET /api/admin/sites, so a page reads its rows, not the table.
CREATE INDEX IF NOT EXISTS sites_by_name ON sites (lower(name), id);
-- The maintenance status (polled by every open page) reads the sites in maintenance: few rows,
-- held by this partial index in the list's order.
CREATE INDEX IF NOT EXISTS sites_in_maintenance ON sites (lower(name), id) WHERE maintenance_mode;
-- The notification console counts the active users a global notification reaches (accounts
-- created before it was sent), and a site's (users_site_created).
CREATE INDEX IF NOT EXISTS users_active_created ON users (created_at) WHERE is_active;
CREATE INDEX IF NOT EXISTS users_site_created ON users (site_id, created_at);
