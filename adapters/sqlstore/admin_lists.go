package sqlstore

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// The administration lists (users, sites, the sites in maintenance, a notification's
// recipients) are read one bounded page at a time, filtered and counted in SQL: an
// installation with 20,000 users answers them with the same statements as one with 20.

// likeAny is the condition "one of cols contains search" (case-insensitive, LIKE wildcards
// taken literally) and its arguments; nothing when search is blank.
func likeAny(search string, cols ...string) (string, []any) {
	if strings.TrimSpace(search) == "" {
		return "", nil
	}
	p := searchPattern(search)
	parts := make([]string, len(cols))
	args := make([]any, len(cols))
	for i, c := range cols {
		parts[i] = `lower(` + c + `) LIKE ? ESCAPE '\'`
		args[i] = p
	}
	return ` AND (` + strings.Join(parts, ` OR `) + `)`, args
}

// qualifiedUserColumns are userColumns of users aliased u.
var qualifiedUserColumns = "u." + strings.Join(strings.Fields(strings.ReplaceAll(userColumns, ",", " ")), ", u.")

// trigramPhrase is the FTS5 phrase that finds the rows of a trigram index containing search
// (case folded), and whether there is one: the trigram tokenizer matches substrings of three
// characters or more.
func trigramPhrase(search string) (string, bool) {
	search = strings.TrimSpace(search)
	if utf8.RuneCountInString(search) < 3 {
		return "", false
	}
	return `"` + strings.ReplaceAll(search, `"`, `""`) + `"`, true
}

// ListUsersPage implements ports.UserStore: keyset on id, which the primary key serves (and
// users_site_id, on (site_id, id), for one site's users: GET /api/users of a site admin and
// GET /api/sites/{id}/users).
func (s *Store) ListUsersPage(ctx context.Context, q ports.UserQuery, page domain.PageRequest) (domain.Page[*domain.User], error) {
	c, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.User]{}, err
	}
	from, id := `FROM users u WHERE 1 = 1`, `u.id`
	var args []any
	if trigram, ok := trigramPhrase(q.Search); ok && q.SiteID == nil && s.dialect == SQLite {
		// Every user is a candidate: the trigram index (0042) drives the walk in id order and
		// stops at a page, so a common word reads a page of matches and a rare one its few,
		// where the walk by id read every user for a word none has (3.8× from 1k to 100k
		// plants; issue #30 item 6). The LIKE below stays the exact test. One site's users are
		// walked through users_site_id as before: bounded by the site.
		from, id = `FROM users_search f JOIN users u ON u.id = f.rowid WHERE users_search MATCH ?`, `f.rowid`
		args = append(args, trigram)
	}
	query := `SELECT ` + qualifiedUserColumns + ` ` + from
	if q.SiteID != nil {
		query, args = query+` AND u.site_id = ?`, append(args, *q.SiteID)
	}
	if q.ActiveOnly {
		query += ` AND u.is_active`
	}
	cond, more := likeAny(q.Search, "u.username", "u.full_name", "u.email")
	query, args = query+cond, append(args, more...)
	if ok {
		query, args = query+` AND `+id+` > ?`, append(args, c.ID)
	}
	query, args = query+` ORDER BY `+id+` LIMIT ?`, append(args, page.Limit+1)
	if cond != "" && s.dialect == Postgres {
		// A search is planned for its words: the trigram indexes of 0042 for a rare word, the
		// walk by id for a common one. pgx's cached statement would let PostgreSQL switch to a
		// generic plan after five calls, made for a pattern it cannot see, which walks every
		// user by id for a word none has (10 ms at 2,000 users, 140 ms at 20,000 on the shared
		// machine; issue #30 item 6). The unnamed statement of QueryExecModeExec is planned on
		// each call with the pattern.
		args = append([]any{pgx.QueryExecModeExec}, args...)
	}
	// Scanned by hand (userRow.dest), as the session's user: the page's rows are the list's
	// cost per user, and sqlx's reflective scan was a share of it (issue #30 item 6).
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return domain.Page[*domain.User]{}, translate(err)
	}
	defer rows.Close()
	out := make([]*domain.User, 0, page.Limit+1)
	var r userRow
	dest := r.dest()
	for rows.Next() {
		r = userRow{}
		if err := rows.Scan(dest...); err != nil {
			return domain.Page[*domain.User]{}, translate(err)
		}
		out = append(out, r.toDomain())
	}
	if err := rows.Err(); err != nil {
		return domain.Page[*domain.User]{}, translate(err)
	}
	return domain.PageOf(out, page, func(u *domain.User) string { return idCursor(u.ID) }), nil
}

// CompactUserSearch implements ports.UserStore: FTS5's 'optimize' merges users_search's
// segments into one. Each transaction that writes users adds a segment and FTS5 merges them
// by levels, so 20,000 users added a few at a time leave about a dozen (11 after the 1M
// seed), and every search opens each of them for each trigram of its word: a common word's
// first page cost 0.2-0.3 ms more at 20,000 users than at 20 (issue #30 item 6). Run by the
// nightly session cleanup and at the end of the seed; PostgreSQL's GIN indexes (fastupdate
// off) have no pieces to merge.
func (s *Store) CompactUserSearch(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO users_search (users_search) VALUES ('optimize')`)
	return translate(err)
}

// ListSitesPage implements ports.SiteStore: keyset on (lower(name), id), which sites_by_name
// serves.
func (s *Store) ListSitesPage(ctx context.Context, q ports.SiteQuery, page domain.PageRequest) (domain.Page[*domain.Site], error) {
	c, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Site]{}, err
	}
	query, args := `SELECT `+siteColumns+` FROM sites WHERE 1 = 1`, []any{}
	if q.ID != nil {
		query, args = query+` AND id = ?`, append(args, *q.ID)
	}
	if q.InMaintenance {
		query += ` AND maintenance_mode`
	}
	if len(q.IDs) > 0 {
		in, ids, err := sqlx.In(` AND id IN (?)`, q.IDs)
		if err != nil {
			return domain.Page[*domain.Site]{}, err
		}
		query, args = query+in, append(args, ids...)
	}
	cond, more := likeAny(q.Search, "name", "city", "state", "country", "email", "description")
	query, args = query+cond, append(args, more...)
	if ok {
		query, args = query+` AND (lower(name) > ? OR (lower(name) = ? AND id > ?))`, append(args, c.Key, c.Key, c.ID)
	}
	query, args = query+` ORDER BY lower(name), id LIMIT ?`, append(args, page.Limit+1)
	var rows []siteRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.Site]{}, translate(err)
	}
	out := make([]*domain.Site, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, page, func(x *domain.Site) string {
		return domain.KeysetCursor{Key: strings.ToLower(x.Name), ID: x.ID}.Encode()
	}), nil
}

// SitesInMaintenance implements ports.SiteStore: the partial index sites_in_maintenance holds
// exactly these rows; the window count says how many there are past the limit.
func (s *Store) SitesInMaintenance(ctx context.Context, id *int64, limit int) ([]*domain.Site, int, error) {
	query, args := `SELECT `+siteColumns+`, count(*) OVER () AS total FROM sites WHERE maintenance_mode`, []any{}
	if id != nil {
		query, args = query+` AND id = ?`, append(args, *id)
	}
	query, args = query+` ORDER BY lower(name), id LIMIT ?`, append(args, limit)
	var rows []struct {
		siteRow
		Total int `db:"total"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, 0, translate(err)
	}
	out := make([]*domain.Site, len(rows))
	total := 0
	for i := range rows {
		out[i], total = rows[i].toDomain(), rows[i].Total
	}
	return out, total, nil
}

// CountUsersOfSites implements ports.SiteStore: the page's sites' user_count, which triggers on
// users keep in the transaction of each write that adds, deletes or moves a user (migration
// 0042), read by primary key: the same work at 20 users as at 20,000. Counting the users here
// read one index entry per user of the page's sites (issue #30 item 6).
func (s *Store) CountUsersOfSites(ctx context.Context, ids []int64) (map[int64]int, error) {
	out := make(map[int64]int, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT id AS site_id, user_count AS n FROM sites WHERE id IN (?) AND user_count > 0`, ids)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		SiteID int64 `db:"site_id"`
		N      int   `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	for _, r := range rows {
		out[r.SiteID] = r.N
	}
	return out, nil
}

// recipientsOf is the SQL form of domain.Notification.Reaches for users aliased u, restricted
// to active accounts.
func recipientsOf(n *domain.Notification) (string, []any) {
	switch n.TargetType {
	case domain.TargetUser:
		return `u.is_active AND u.id = ?`, []any{idOrZero(n.TargetID)}
	case domain.TargetSite:
		return `u.is_active AND u.site_id = ? AND u.created_at <= ?`, []any{idOrZero(n.TargetID), utc(n.CreatedAt)}
	case domain.TargetGlobal:
		return `u.is_active AND u.created_at <= ?`, []any{utc(n.CreatedAt)}
	}
	return `1 = 0`, nil
}

func idOrZero(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// NotificationRecipients implements ports.NotifyStore.
func (s *Store) NotificationRecipients(ctx context.Context, n *domain.Notification) ([]*domain.User, error) {
	cond, args := recipientsOf(n)
	var rows []userRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(`SELECT `+userColumns+` FROM users u WHERE `+cond+` ORDER BY u.id`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.User, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// CountNotificationRecipients implements ports.NotifyStore.
func (s *Store) CountNotificationRecipients(ctx context.Context, n *domain.Notification) (int, error) {
	cond, args := recipientsOf(n)
	var count int
	err := s.db.GetContext(ctx, &count, s.q(`SELECT count(*) FROM users u WHERE `+cond), args...)
	return count, translate(err)
}

// notificationTargetName is the name of the target of a notification aliased n, a correlated
// subquery by primary key: the site's name or the user's username (NULL for global ones and
// deleted targets).
const notificationTargetName = `
	CASE n.target_type
		WHEN 'user' THEN (SELECT u.username FROM users u WHERE u.id = n.target_id)
		WHEN 'site' THEN (SELECT x.name FROM sites x WHERE x.id = n.target_id)
		END AS target_name`
