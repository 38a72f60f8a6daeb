package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.ForumStore = (*Store)(nil)

// ---- categories

type forumCategoryRow struct {
	ID          int64     `db:"id"`
	Name        string    `db:"name"`
	Slug        string    `db:"slug"`
	Description string    `db:"description"`
	TopicsCount int       `db:"topics_count"`
	InReview    int       `db:"review_topics_count"`
	SortOrder   int       `db:"sort_order"`
	CreatedAt   time.Time `db:"created_at"`
}

const forumCategoryColumns = `id, name, slug, description, topics_count, review_topics_count, sort_order, created_at`

func (r *forumCategoryRow) toDomain() *domain.ForumCategory {
	return &domain.ForumCategory{ID: r.ID, Name: r.Name, Slug: r.Slug, Description: r.Description, TopicsCount: r.TopicsCount,
		ReviewTopicsCount: r.InReview, SortOrder: r.SortOrder, CreatedAt: r.CreatedAt.UTC()}
}

// forumCategoryListRow is a category with its last activity, as the lists read it.
type forumCategoryListRow struct {
	forumCategoryRow
	LastActivityAt aggregateTime `db:"last_activity_at"`
}

// aggregateTime scans an optional timestamp computed by an aggregate: PostgreSQL gives a
// time, SQLite the stored text (an aggregate has no declared type for the driver to go by).
type aggregateTime struct {
	Time  time.Time
	Valid bool
}

// Scan implements sql.Scanner.
func (a *aggregateTime) Scan(src any) error {
	*a = aggregateTime{}
	var text string
	switch v := src.(type) {
	case nil:
		return nil
	case time.Time:
		a.Time, a.Valid = v.UTC(), true
		return nil
	case string:
		text = v
	case []byte:
		text = string(v)
	default:
		return fmt.Errorf("aggregateTime: cannot scan %T", src)
	}
	// sqliteTimeLayouts (backup.go) are the forms a SQLite DATETIME column may hold.
	for _, layout := range sqliteTimeLayouts {
		if t, err := time.Parse(layout, text); err == nil {
			a.Time, a.Valid = t.UTC(), true
			return nil
		}
	}
	return fmt.Errorf("aggregateTime: bad time %q", text)
}

// forumCategoryActivity is the newest last activity of a category's visible topics: one seek
// of forum_topics_category_activity per category of the page, inside the list's statement.
const forumCategoryActivity = `(SELECT MAX(t.last_activity_at) FROM forum_topics t
	WHERE t.category_id = forum_categories.id AND t.in_review = FALSE) AS last_activity_at`

// forumSeedStep names the forum's one-time seeding in install_steps.
const forumSeedStep = "forum-default-categories"

// SeedForumCategories implements ports.ForumStore.
func (s *Store) SeedForumCategories(ctx context.Context, cats []*domain.ForumCategory, at time.Time) (bool, error) {
	at = utc(at)
	seeded := false
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO install_steps (name, done_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`), forumSeedStep, at)
		if err != nil {
			return translate(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return translate(err)
		}
		var existing int
		if err := tx.GetContext(ctx, &existing, `SELECT COUNT(*) FROM forum_categories`); err != nil {
			return translate(err)
		}
		if existing > 0 {
			return nil
		}
		for _, c := range cats {
			c.CreatedAt, c.TopicsCount = at, 0
			if err := tx.GetContext(ctx, &c.ID, s.q(`INSERT INTO forum_categories (name, slug, description, sort_order, created_at)
				VALUES (?, ?, ?, ?, ?) RETURNING id`), c.Name, c.Slug, c.Description, c.SortOrder, c.CreatedAt); err != nil {
				return translate(err)
			}
		}
		seeded = true
		return nil
	})
	return seeded, err
}

// CreateForumCategory implements ports.ForumStore.
func (s *Store) CreateForumCategory(ctx context.Context, c *domain.ForumCategory) error {
	if c.CreatedAt.IsZero() {
		c.CreatedAt = time.Now()
	}
	c.CreatedAt = utc(c.CreatedAt)
	c.TopicsCount, c.ReviewTopicsCount = 0, 0
	return translate(s.db.GetContext(ctx, &c.ID, s.q(`INSERT INTO forum_categories (name, slug, description, sort_order, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), c.Name, c.Slug, c.Description, c.SortOrder, c.CreatedAt))
}

func (s *Store) forumCategory(ctx context.Context, q sqlx.QueryerContext, where string, arg any, lock bool) (*domain.ForumCategory, error) {
	var r forumCategoryRow
	query := `SELECT ` + forumCategoryColumns + ` FROM forum_categories WHERE ` + where
	if lock {
		query += s.forUpdate()
	}
	if err := sqlx.GetContext(ctx, q, &r, s.q(query), arg); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ForumCategoryByID implements ports.ForumStore.
func (s *Store) ForumCategoryByID(ctx context.Context, id int64) (*domain.ForumCategory, error) {
	return s.forumCategory(ctx, s.db, `id = ?`, id, false)
}

// ForumCategoryBySlug implements ports.ForumStore.
func (s *Store) ForumCategoryBySlug(ctx context.Context, slug string) (*domain.ForumCategory, error) {
	return s.forumCategory(ctx, s.db, `slug = ?`, slug, false)
}

// ListForumCategories implements ports.ForumStore.
func (s *Store) ListForumCategories(ctx context.Context, req domain.PageRequest) (domain.Page[*domain.ForumCategory], error) {
	offset, err := domain.DecodeOffsetCursor(req.Cursor)
	if err != nil {
		return domain.Page[*domain.ForumCategory]{}, err
	}
	var rows []forumCategoryListRow
	page, args := limitOffset(req.Limit+1, offset)
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+forumCategoryColumns+`, `+forumCategoryActivity+` FROM forum_categories
		ORDER BY sort_order, name, id`+page), args...); err != nil {
		return domain.Page[*domain.ForumCategory]{}, translate(err)
	}
	out := make([]*domain.ForumCategory, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
		if rows[i].LastActivityAt.Valid {
			at := rows[i].LastActivityAt.Time
			out[i].LastActivityAt = &at
		}
	}
	return offsetPage(out, req, offset), nil
}

// offsetPage cuts rows read with limit+1 from offset into a page with an offset cursor.
func offsetPage[T any](rows []T, req domain.PageRequest, offset int) domain.Page[T] {
	if len(rows) <= req.Limit {
		return domain.Page[T]{Items: rows}
	}
	return domain.Page[T]{Items: rows[:req.Limit], NextCursor: domain.OffsetCursor(offset + req.Limit)}
}

// CountForumCategories implements ports.ForumStore.
func (s *Store) CountForumCategories(ctx context.Context) (int, error) {
	var n int
	return n, translate(s.db.GetContext(ctx, &n, `SELECT count(*) FROM forum_categories`))
}

// UpdateForumCategory implements ports.ForumStore.
func (s *Store) UpdateForumCategory(ctx context.Context, id int64, fn func(*domain.ForumCategory) error) (*domain.ForumCategory, error) {
	var out *domain.ForumCategory
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		c, err := s.forumCategory(ctx, tx, `id = ?`, id, true)
		if err != nil {
			return err
		}
		if err := fn(c); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_categories SET name = ?, slug = ?, description = ?, sort_order = ? WHERE id = ?`),
			c.Name, c.Slug, c.Description, c.SortOrder, id); err != nil {
			return translate(err)
		}
		c.ID, out = id, c
		return nil
	})
	return out, err
}

// ReorderForumCategories implements ports.ForumStore. On PostgreSQL every row is locked, so two
// moves at once are applied one after the other.
func (s *Store) ReorderForumCategories(ctx context.Context, fn func(all []*domain.ForumCategory) ([]*domain.ForumCategory, error)) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var rows []forumCategoryRow
		if err := tx.SelectContext(ctx, &rows, `SELECT `+forumCategoryColumns+` FROM forum_categories ORDER BY id`+s.forUpdate()); err != nil {
			return translate(err)
		}
		all := make([]*domain.ForumCategory, len(rows))
		for i := range rows {
			all[i] = rows[i].toDomain()
		}
		changed, err := fn(all)
		if err != nil {
			return err
		}
		for _, c := range changed {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_categories SET sort_order = ? WHERE id = ?`), c.SortOrder, c.ID); err != nil {
				return translate(err)
			}
		}
		return nil
	})
}

// DeleteForumCategory implements ports.ForumStore. The row lock (PostgreSQL) or the write lock
// (SQLite) keeps a topic from arriving between the check and the delete.
func (s *Store) DeleteForumCategory(ctx context.Context, id int64, check func(*domain.ForumCategory) error) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		c, err := s.forumCategory(ctx, tx, `id = ?`, id, true)
		if err != nil {
			return err
		}
		if err := check(c); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM forum_categories WHERE id = ?`), id)
		return translate(err)
	})
}

// ---- topics

type forumTopicRow struct {
	ID             int64          `db:"id"`
	CategoryID     int64          `db:"category_id"`
	CategorySlug   string         `db:"category_slug"`
	CategoryName   string         `db:"category_name"`
	AuthorID       sql.NullInt64  `db:"author_id"`
	Username       sql.NullString `db:"username"`
	Title          string         `db:"title"`
	Content        string         `db:"content"`
	BodyText       string         `db:"body_text"`
	CreatedAt      time.Time      `db:"created_at"`
	PostCount      int            `db:"post_count"`
	ViewCount      int            `db:"view_count"`
	Pinned         bool           `db:"pinned"`
	Locked         bool           `db:"locked"`
	InReview       bool           `db:"in_review"`
	LastActivityAt time.Time      `db:"last_activity_at"`
	EditedAt       sql.NullTime   `db:"edited_at"`
}

const forumTopicColumns = `t.id, t.category_id, c.slug AS category_slug, c.name AS category_name, t.author_id, u.username,
	t.title, t.content, t.body_text, t.created_at, t.post_count, t.view_count, t.pinned, t.locked, t.in_review, t.last_activity_at, t.edited_at`

const forumTopicFrom = ` FROM forum_topics t JOIN forum_categories c ON c.id = t.category_id LEFT JOIN users u ON u.id = t.author_id`

func (r *forumTopicRow) toDomain() *domain.ForumTopic {
	return &domain.ForumTopic{ID: r.ID, CategoryID: r.CategoryID, CategorySlug: r.CategorySlug, CategoryName: r.CategoryName,
		AuthorID: nullInt(r.AuthorID), Username: r.Username.String, Title: r.Title, Content: r.Content, ContentText: r.BodyText,
		CreatedAt: r.CreatedAt.UTC(), PostCount: r.PostCount, ViewCount: r.ViewCount, Pinned: r.Pinned, Locked: r.Locked,
		InReview: r.InReview, LastActivityAt: r.LastActivityAt.UTC(), EditedAt: nullTime(r.EditedAt)}
}

// visibleSQL is domain.ForumViewer.CanSee for rows aliased a (with author_id and in_review).
func visibleSQL(alias string, v domain.ForumViewer) (string, []any) {
	if v.Superadmin {
		return "1 = 1", nil
	}
	if v.UserID == 0 {
		return "NOT " + alias + ".in_review", nil
	}
	return "(NOT " + alias + ".in_review OR " + alias + ".author_id = ?)", []any{v.UserID}
}

// searchRowID is the FTS5 rowid of a topic (even) or a reply (odd).
func searchRowID(id int64, reply bool) int64 {
	if reply {
		return id*2 + 1
	}
	return id * 2
}

// indexForSearch writes one document of the SQLite FTS5 index; PostgreSQL's generated columns
// need nothing.
func (s *Store) indexForSearch(ctx context.Context, tx *sqlx.Tx, rowid int64, title, body string) error {
	if s.dialect != SQLite {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM forum_search WHERE rowid = ?`, rowid); err != nil {
		return translate(err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO forum_search (rowid, title, body) VALUES (?, ?, ?)`, rowid, title, body)
	return translate(err)
}

func (s *Store) unindex(ctx context.Context, tx *sqlx.Tx, query string, args ...any) error {
	if s.dialect != SQLite {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM forum_search WHERE rowid IN (`+query+`)`, args...)
	return translate(err)
}

// CreateForumTopic implements ports.ForumStore.
func (s *Store) CreateForumTopic(ctx context.Context, t *domain.ForumTopic) error {
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now()
	}
	t.CreatedAt = utc(t.CreatedAt)
	t.LastActivityAt, t.PostCount, t.ViewCount = t.CreatedAt, 0, 0
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE forum_categories SET topics_count = topics_count + 1,
			review_topics_count = review_topics_count + ? WHERE id = ?`), reviewDelta(t.InReview), t.CategoryID)
		if err != nil {
			return translate(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Errorf(domain.ENotFound, domain.MsgForumCategoryNotFound)
		}
		if err := tx.GetContext(ctx, &t.ID, s.q(`INSERT INTO forum_topics (category_id, author_id, title, content, body_text, created_at,
			pinned, locked, in_review, last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			t.CategoryID, t.AuthorID, t.Title, t.Content, t.ContentText, t.CreatedAt, t.Pinned, t.Locked, t.InReview, t.LastActivityAt); err != nil {
			return translate(err)
		}
		if err := tx.GetContext(ctx, &t.CategorySlug, s.q(`SELECT slug FROM forum_categories WHERE id = ?`), t.CategoryID); err != nil {
			return translate(err)
		}
		if err := tx.GetContext(ctx, &t.CategoryName, s.q(`SELECT name FROM forum_categories WHERE id = ?`), t.CategoryID); err != nil {
			return translate(err)
		}
		if t.AuthorID != nil {
			_ = tx.GetContext(ctx, &t.Username, s.q(`SELECT username FROM users WHERE id = ?`), *t.AuthorID)
		}
		return s.indexForSearch(ctx, tx, searchRowID(t.ID, false), t.Title, t.ContentText)
	})
}

func (s *Store) forumTopic(ctx context.Context, q sqlx.QueryerContext, id int64, lock bool) (*domain.ForumTopic, error) {
	var r forumTopicRow
	query := `SELECT ` + forumTopicColumns + forumTopicFrom + ` WHERE t.id = ?`
	if lock && s.dialect == Postgres {
		query += " FOR UPDATE OF t"
	}
	if err := sqlx.GetContext(ctx, q, &r, s.q(query), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ForumTopicByID implements ports.ForumStore.
func (s *Store) ForumTopicByID(ctx context.Context, id int64, viewer domain.ForumViewer) (*domain.ForumTopic, error) {
	t, err := s.forumTopic(ctx, s.db, id, false)
	if err != nil {
		return nil, err
	}
	if viewer.UserID != 0 {
		var level string
		err := s.db.GetContext(ctx, &level, s.q(`SELECT level FROM forum_watches WHERE user_id = ? AND topic_id = ?`), viewer.UserID, id)
		switch {
		case err == nil:
			t.Watch = domain.WatchLevel(level)
		case err == sql.ErrNoRows:
			t.Watch = domain.WatchNormal
		default:
			return nil, translate(err)
		}
	}
	return t, nil
}

// ListForumTopics implements ports.ForumStore: a hot read (Store.hotQuery; the forum's front
// page), scanned by hand (forumTopicRow.dest).
func (s *Store) ListForumTopics(ctx context.Context, q ports.ForumTopicQuery, req domain.PageRequest) (domain.Page[*domain.ForumTopic], error) {
	var empty domain.Page[*domain.ForumTopic]
	query, args, offset, err := s.forumTopicsSQL(q, req)
	if err != nil {
		return empty, err
	}
	rows, err := s.hotQuery(ctx, query, args...)
	if err != nil {
		return empty, err
	}
	defer rows.Close()
	out := make([]*domain.ForumTopic, 0, req.Limit+1)
	var r forumTopicRow
	dest := r.dest()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return empty, translate(err)
		}
		out = append(out, r.toDomain())
	}
	if err := rows.Err(); err != nil {
		return empty, translate(err)
	}
	if q.Sort == ports.ForumSortLatest {
		return domain.PageOf(out, req, func(t *domain.ForumTopic) string {
			return domain.KeysetCursor{Key: t.LastActivityAt.Format(time.RFC3339Nano), ID: t.ID}.Encode()
		}), nil
	}
	return offsetPage(out, req, offset), nil
}

// LatestTopicsSQL is ListForumTopics' statement for the first page of the latest topics (limit
// of them) as viewer sees them, and its arguments, in dialect d: the load harness's bare
// baseline runs this very text. It asks one row more than the page, as ListForumTopics does.
func LatestTopicsSQL(d Dialect, viewer domain.ForumViewer, limit int) (string, []any) {
	q, args, _, _ := sqlOnly(d).forumTopicsSQL(ports.ForumTopicQuery{Sort: ports.ForumSortLatest, Viewer: viewer}, domain.PageRequest{Limit: limit})
	return q, args
}

// dest are the scan destinations of forumTopicColumns.
func (r *forumTopicRow) dest() []any {
	return []any{&r.ID, &r.CategoryID, &r.CategorySlug, &r.CategoryName, &r.AuthorID, &r.Username, &r.Title, &r.Content, &r.BodyText,
		&r.CreatedAt, &r.PostCount, &r.ViewCount, &r.Pinned, &r.Locked, &r.InReview, &r.LastActivityAt, &r.EditedAt}
}

// forumTopicsSQL builds ListForumTopics' statement (bound), its arguments and the page's offset.
func (s *Store) forumTopicsSQL(q ports.ForumTopicQuery, req domain.PageRequest) (string, []any, int, error) {
	where, args := visibleSQL("t", q.Viewer)
	if q.CategoryID != 0 {
		where += " AND t.category_id = ?"
		args = append(args, q.CategoryID)
	}
	var order string
	offset := 0
	switch q.Sort {
	case ports.ForumSortLatest:
		cur, ok, err := domain.DecodeKeysetCursor(req.Cursor)
		if err != nil {
			return "", nil, 0, err
		}
		if ok {
			at, perr := time.Parse(time.RFC3339Nano, cur.Key)
			if perr != nil {
				return "", nil, 0, domain.Errorf(domain.EInvalid, domain.MsgPageCursor)
			}
			where += " AND (t.last_activity_at < ? OR (t.last_activity_at = ? AND t.id < ?))"
			args = append(args, utc(at), utc(at), cur.ID)
		}
		order = "t.last_activity_at DESC, t.id DESC"
	case ports.ForumSortPopular:
		order = "t.view_count DESC, t.post_count DESC, t.id DESC"
	default:
		order = "t.pinned DESC, t.last_activity_at DESC, t.id DESC"
	}
	if q.Sort != ports.ForumSortLatest {
		var err error
		if offset, err = domain.DecodeOffsetCursor(req.Cursor); err != nil {
			return "", nil, 0, err
		}
	}
	page, pageArgs := limitOffset(req.Limit+1, offset)
	args = append(args, pageArgs...)
	return s.hotSQL(`SELECT ` + forumTopicColumns + forumTopicFrom + ` WHERE ` + where + ` ORDER BY ` + order + page), args, offset, nil
}

// UpdateForumTopic implements ports.ForumStore.
func (s *Store) UpdateForumTopic(ctx context.Context, id int64, fn func(*domain.ForumTopic) error) (*domain.ForumTopic, error) {
	var out *domain.ForumTopic
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.forumTopic(ctx, tx, id, true)
		if err != nil {
			return err
		}
		wasInReview := t.InReview
		if err := fn(t); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_topics SET title = ?, content = ?, body_text = ?, pinned = ?, locked = ?,
			in_review = ?, edited_at = ? WHERE id = ?`), t.Title, t.Content, t.ContentText, t.Pinned, t.Locked, t.InReview,
			utcPtr(t.EditedAt), id); err != nil {
			return translate(err)
		}
		if t.InReview != wasInReview {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_categories SET review_topics_count = review_topics_count + ? WHERE id = ?`),
				reviewDelta(t.InReview)-reviewDelta(wasInReview), t.CategoryID); err != nil {
				return translate(err)
			}
		}
		out = t
		return s.indexForSearch(ctx, tx, searchRowID(id, false), t.Title, t.ContentText)
	})
	return out, err
}

// DeleteForumTopic implements ports.ForumStore.
func (s *Store) DeleteForumTopic(ctx context.Context, id int64) (*domain.ForumTopic, error) {
	var out *domain.ForumTopic
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.forumTopic(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := s.unindex(ctx, tx, `SELECT id * 2 + 1 FROM forum_posts WHERE topic_id = ? UNION ALL SELECT ?`, id, searchRowID(id, false)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM forum_topics WHERE id = ?`), id); err != nil {
			return translate(err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_categories SET topics_count = topics_count - 1,
			review_topics_count = review_topics_count - ? WHERE id = ?`), reviewDelta(t.InReview), t.CategoryID); err != nil {
			return translate(err)
		}
		out = t
		return nil
	})
	return out, err
}

// forumNotificationSource is the SQL of a reply or mention notification's post or topic id,
// as the indexes of migration 0027 read it (the expressions must match them to use them).
func (s *Store) forumNotificationSource(key string) string {
	if s.dialect == Postgres {
		return `((data::jsonb) ->> '` + key + `')`
	}
	return `json_extract(data, '$.` + key + `')`
}

// DeleteForumNotifications implements ports.ForumStore.
func (s *Store) DeleteForumNotifications(ctx context.Context, topicID int64, postID *int64) (int, error) {
	key, id := "topicId", topicID
	if postID != nil {
		key, id = "postId", *postID
	}
	var arg any = id
	if s.dialect == Postgres {
		arg = strconv.FormatInt(id, 10) // ->> reads the JSON number as text
	}
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM notifications WHERE kind IN ('`+domain.KindForumReply+`', '`+domain.KindForumMention+`') AND `+
		s.forumNotificationSource(key)+` = ?`), arg)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), translate(err)
}

// reviewDelta is what a topic adds to its category's review_topics_count.
func reviewDelta(inReview bool) int {
	if inReview {
		return 1
	}
	return 0
}

// RecordForumView implements ports.ForumStore.
func (s *Store) RecordForumView(ctx context.Context, topicID int64, viewerKey string, at time.Time) (bool, error) {
	counted := false
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO forum_topic_views (topic_id, viewer_key, viewed_at) VALUES (?, ?, ?)
			ON CONFLICT (topic_id, viewer_key) DO NOTHING`), topicID, viewerKey, utc(at))
		if err != nil {
			if domain.ErrorCode(translate(err)) == domain.EConflict {
				return domain.Errorf(domain.ENotFound, domain.MsgForumTopicNotFound)
			}
			return translate(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_topics SET view_count = view_count + 1 WHERE id = ?`), topicID); err != nil {
			return translate(err)
		}
		counted = true
		return nil
	})
	return counted, err
}

// ---- posts

type forumPostRow struct {
	ID        int64          `db:"id"`
	TopicID   int64          `db:"topic_id"`
	AuthorID  sql.NullInt64  `db:"author_id"`
	Username  sql.NullString `db:"username"`
	Content   string         `db:"content"`
	BodyText  string         `db:"body_text"`
	CreatedAt time.Time      `db:"created_at"`
	UpdatedAt time.Time      `db:"updated_at"`
	Likes     int            `db:"likes"`
	InReview  bool           `db:"in_review"`
	Liked     bool           `db:"liked"`
	Reported  bool           `db:"reported"`
}

func (r *forumPostRow) toDomain() *domain.ForumPost {
	return &domain.ForumPost{ID: r.ID, TopicID: r.TopicID, AuthorID: nullInt(r.AuthorID), Username: r.Username.String,
		Content: r.Content, ContentText: r.BodyText, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), Likes: r.Likes,
		InReview: r.InReview, Liked: r.Liked, Reported: r.Reported}
}

// forumPostSelect selects posts aliased p with the viewer's like and report (viewer 0: none).
func forumPostSelect(viewerID int64) (string, []any) {
	return `SELECT p.id, p.topic_id, p.author_id, u.username, p.content, p.body_text, p.created_at, p.updated_at, p.likes,
		p.in_review, EXISTS (SELECT 1 FROM forum_likes l WHERE l.post_id = p.id AND l.user_id = ?) AS liked,
		EXISTS (SELECT 1 FROM forum_reports r WHERE r.post_id = p.id AND r.reporter_id = ?) AS reported
		FROM forum_posts p LEFT JOIN users u ON u.id = p.author_id`, []any{viewerID, viewerID}
}

// CreateForumPost implements ports.ForumStore.
func (s *Store) CreateForumPost(ctx context.Context, p *domain.ForumPost, check func(*domain.ForumTopic) error) (*domain.ForumTopic, error) {
	if p.CreatedAt.IsZero() {
		p.CreatedAt = time.Now()
	}
	p.CreatedAt = utc(p.CreatedAt)
	p.UpdatedAt, p.Likes = p.CreatedAt, 0
	var out *domain.ForumTopic
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.forumTopic(ctx, tx, p.TopicID, true)
		if err != nil {
			return err
		}
		if err := check(t); err != nil {
			return err
		}
		if err := tx.GetContext(ctx, &p.ID, s.q(`INSERT INTO forum_posts (topic_id, author_id, content, body_text, created_at, updated_at, in_review)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), p.TopicID, p.AuthorID, p.Content, p.ContentText, p.CreatedAt, p.UpdatedAt, p.InReview); err != nil {
			return translate(err)
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_topics SET post_count = post_count + 1,
			last_activity_at = `+s.greatest("last_activity_at", "?")+` WHERE id = ?`), p.CreatedAt, p.TopicID); err != nil {
			return translate(err)
		}
		if p.AuthorID != nil {
			_ = tx.GetContext(ctx, &p.Username, s.q(`SELECT username FROM users WHERE id = ?`), *p.AuthorID)
		}
		if err := s.indexForSearch(ctx, tx, searchRowID(p.ID, true), "", p.ContentText); err != nil {
			return err
		}
		t.PostCount++
		if p.CreatedAt.After(t.LastActivityAt) {
			t.LastActivityAt = p.CreatedAt
		}
		out = t
		return nil
	})
	return out, err
}

// greatest is the larger of two SQL expressions in the store's dialect.
func (s *Store) greatest(a, b string) string {
	if s.dialect == Postgres {
		return "GREATEST(" + a + ", " + b + ")"
	}
	return "MAX(" + a + ", " + b + ")"
}

func (s *Store) forumPost(ctx context.Context, q sqlx.QueryerContext, id, viewerID int64, lock bool) (*domain.ForumPost, error) {
	sel, args := forumPostSelect(viewerID)
	query := sel + ` WHERE p.id = ?`
	if lock && s.dialect == Postgres {
		query += " FOR UPDATE OF p"
	}
	var r forumPostRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(query), append(args, id)...); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ForumPostByID implements ports.ForumStore.
func (s *Store) ForumPostByID(ctx context.Context, id int64, viewer domain.ForumViewer) (*domain.ForumPost, error) {
	return s.forumPost(ctx, s.db, id, viewer.UserID, false)
}

// ListForumPosts implements ports.ForumStore.
func (s *Store) ListForumPosts(ctx context.Context, topicID int64, viewer domain.ForumViewer, req domain.PageRequest) (domain.Page[*domain.ForumPost], error) {
	var empty domain.Page[*domain.ForumPost]
	sel, args := forumPostSelect(viewer.UserID)
	vis, vargs := visibleSQL("p", viewer)
	where := ` WHERE p.topic_id = ? AND ` + vis
	args = append(append(args, topicID), vargs...)
	cur, ok, err := domain.DecodeKeysetCursor(req.Cursor)
	if err != nil {
		return empty, err
	}
	if ok {
		at, perr := time.Parse(time.RFC3339Nano, cur.Key)
		if perr != nil {
			return empty, domain.Errorf(domain.EInvalid, domain.MsgPageCursor)
		}
		where += ` AND (p.created_at > ? OR (p.created_at = ? AND p.id > ?))`
		args = append(args, utc(at), utc(at), cur.ID)
	}
	var rows []forumPostRow
	if err := s.db.SelectContext(ctx, &rows, s.q(sel+where+` ORDER BY p.created_at, p.id LIMIT ?`), append(args, req.Limit+1)...); err != nil {
		return empty, translate(err)
	}
	out := make([]*domain.ForumPost, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, req, func(p *domain.ForumPost) string {
		return domain.KeysetCursor{Key: p.CreatedAt.Format(time.RFC3339Nano), ID: p.ID}.Encode()
	}), nil
}

// UpdateForumPost implements ports.ForumStore. The topic row is locked before the post, in the
// order of CreateForumPost and DeleteForumPost, because a change of review state changes the
// topic's PostCount.
func (s *Store) UpdateForumPost(ctx context.Context, id int64, fn func(*domain.ForumPost) error) (*domain.ForumPost, error) {
	var out *domain.ForumPost
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		var topicID int64
		if err := tx.GetContext(ctx, &topicID, s.q(`SELECT topic_id FROM forum_posts WHERE id = ?`), id); err != nil {
			return translate(err)
		}
		if _, err := s.forumTopic(ctx, tx, topicID, true); err != nil {
			return err
		}
		p, err := s.forumPost(ctx, tx, id, 0, true)
		if err != nil {
			return err
		}
		wasInReview := p.InReview
		if err := fn(p); err != nil {
			return err
		}
		p.UpdatedAt = utc(p.UpdatedAt)
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_posts SET content = ?, body_text = ?, updated_at = ?, in_review = ? WHERE id = ?`),
			p.Content, p.ContentText, p.UpdatedAt, p.InReview, id); err != nil {
			return translate(err)
		}
		if p.InReview != wasInReview {
			delta := 1
			if p.InReview {
				delta = -1
			}
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_topics SET post_count = post_count + ? WHERE id = ?`), delta, topicID); err != nil {
				return translate(err)
			}
		}
		out = p
		return s.indexForSearch(ctx, tx, searchRowID(id, true), "", p.ContentText)
	})
	return out, err
}

// DeleteForumPost implements ports.ForumStore. The topic row is locked first, in the same order
// as CreateForumPost, so a delete and a reply on one topic cannot deadlock.
func (s *Store) DeleteForumPost(ctx context.Context, id int64) (*domain.ForumPost, error) {
	var out *domain.ForumPost
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		var topicID int64
		if err := tx.GetContext(ctx, &topicID, s.q(`SELECT topic_id FROM forum_posts WHERE id = ?`), id); err != nil {
			return translate(err)
		}
		if _, err := s.forumTopic(ctx, tx, topicID, true); err != nil {
			return err
		}
		p, err := s.forumPost(ctx, tx, id, 0, true)
		if err != nil {
			return err
		}
		if err := s.unindex(ctx, tx, `SELECT ?`, searchRowID(id, true)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM forum_posts WHERE id = ?`), id); err != nil {
			return translate(err)
		}
		counted := 1
		if p.InReview {
			counted = 0 // a reply under review is not in PostCount
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE forum_topics SET post_count = post_count - ?,
			last_activity_at = COALESCE((SELECT MAX(x.created_at) FROM forum_posts x WHERE x.topic_id = ?), created_at) WHERE id = ?`),
			counted, topicID, topicID); err != nil {
			return translate(err)
		}
		out = p
		return nil
	})
	return out, err
}

// ToggleForumLike implements ports.ForumStore.
func (s *Store) ToggleForumLike(ctx context.Context, postID, userID int64, at time.Time) (bool, int, error) {
	var liked bool
	var likes int
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.forumPost(ctx, tx, postID, 0, true); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM forum_likes WHERE post_id = ? AND user_id = ?`), postID, userID)
		if err != nil {
			return translate(err)
		}
		delta := -1
		if n, _ := res.RowsAffected(); n == 0 {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO forum_likes (post_id, user_id, created_at) VALUES (?, ?, ?)`), postID, userID, utc(at)); err != nil {
				return translate(err)
			}
			delta, liked = 1, true
		}
		return translate(tx.GetContext(ctx, &likes, s.q(`UPDATE forum_posts SET likes = likes + ? WHERE id = ? RETURNING likes`), delta, postID))
	})
	return liked, likes, err
}

// CreateForumReport implements ports.ForumStore.
func (s *Store) CreateForumReport(ctx context.Context, r *domain.ForumReport) error {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = time.Now()
	}
	r.CreatedAt = utc(r.CreatedAt)
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var exists int
		if err := tx.GetContext(ctx, &exists, s.q(`SELECT count(*) FROM forum_posts WHERE id = ?`), r.PostID); err != nil {
			return translate(err)
		}
		if exists == 0 {
			return domain.Errorf(domain.ENotFound, domain.MsgForumPostNotFound)
		}
		err := tx.GetContext(ctx, &r.ID, s.q(`INSERT INTO forum_reports (post_id, reporter_id, reason, created_at) VALUES (?, ?, ?, ?) RETURNING id`),
			r.PostID, r.ReporterID, r.Reason, r.CreatedAt)
		if err = translate(err); domain.ErrorCode(err) == domain.EConflict {
			return domain.Errorf(domain.EConflict, domain.MsgForumReportTwice)
		}
		return err
	})
}

type forumReportRow struct {
	ID         int64          `db:"id"`
	PostID     int64          `db:"post_id"`
	ReporterID int64          `db:"reporter_id"`
	Reporter   sql.NullString `db:"reporter"`
	Reason     string         `db:"reason"`
	CreatedAt  time.Time      `db:"created_at"`
}

// ListReportedPosts implements ports.ForumStore.
func (s *Store) ListReportedPosts(ctx context.Context, req domain.PageRequest) (domain.Page[*domain.ReportedPost], error) {
	var empty domain.Page[*domain.ReportedPost]
	offset, err := domain.DecodeOffsetCursor(req.Cursor)
	if err != nil {
		return empty, err
	}
	var ids []int64
	cut, args := limitOffset(req.Limit+1, offset)
	if err := s.db.SelectContext(ctx, &ids, s.q(`SELECT post_id FROM forum_reports WHERE resolved_at IS NULL
		GROUP BY post_id ORDER BY MAX(created_at) DESC, post_id DESC`+cut), args...); err != nil {
		return empty, translate(err)
	}
	page := offsetPage(ids, req, offset)
	if len(page.Items) == 0 {
		return domain.Page[*domain.ReportedPost]{NextCursor: page.NextCursor}, nil
	}
	in, inArgs := inList(page.Items)
	sel, args := forumPostSelect(0)
	var posts []forumPostRow
	if err := s.db.SelectContext(ctx, &posts, s.q(sel+` WHERE p.id IN (`+in+`)`), append(args, inArgs...)...); err != nil {
		return empty, translate(err)
	}
	var titles []struct {
		PostID int64  `db:"post_id"`
		Title  string `db:"title"`
	}
	if err := s.db.SelectContext(ctx, &titles, s.q(`SELECT p.id AS post_id, t.title FROM forum_posts p JOIN forum_topics t ON t.id = p.topic_id
		WHERE p.id IN (`+in+`)`), inArgs...); err != nil {
		return empty, translate(err)
	}
	var reports []forumReportRow
	if err := s.db.SelectContext(ctx, &reports, s.q(`SELECT r.id, r.post_id, r.reporter_id, u.username AS reporter, r.reason, r.created_at
		FROM forum_reports r LEFT JOIN users u ON u.id = r.reporter_id WHERE r.resolved_at IS NULL AND r.post_id IN (`+in+`)
		ORDER BY r.created_at, r.id`), inArgs...); err != nil {
		return empty, translate(err)
	}
	byID := map[int64]*domain.ReportedPost{}
	for i := range posts {
		byID[posts[i].ID] = &domain.ReportedPost{Post: *posts[i].toDomain()}
	}
	for _, t := range titles {
		if rp := byID[t.PostID]; rp != nil {
			rp.TopicTitle = t.Title
		}
	}
	for _, r := range reports {
		if rp := byID[r.PostID]; rp != nil {
			rp.Reports = append(rp.Reports, domain.ForumReport{ID: r.ID, PostID: r.PostID, ReporterID: r.ReporterID, Reporter: r.Reporter.String,
				Reason: r.Reason, CreatedAt: r.CreatedAt.UTC()})
			if r.CreatedAt.After(rp.LastReportedAt) {
				rp.LastReportedAt = r.CreatedAt.UTC()
			}
		}
	}
	out := domain.Page[*domain.ReportedPost]{NextCursor: page.NextCursor}
	for _, id := range page.Items {
		if rp := byID[id]; rp != nil {
			out.Items = append(out.Items, rp)
		}
	}
	return out, nil
}

func inList(ids []int64) (string, []any) {
	marks := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		marks[i], args[i] = "?", id
	}
	return strings.Join(marks, ", "), args
}

// ClearForumReports implements ports.ForumStore.
func (s *Store) ClearForumReports(ctx context.Context, postID int64, at time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE forum_reports SET resolved_at = ? WHERE post_id = ? AND resolved_at IS NULL`), utc(at), postID)
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// ---- notifications

// ForumParticipants implements ports.ForumStore.
func (s *Store) ForumParticipants(ctx context.Context, topicID int64) ([]int64, error) {
	var ids []int64
	if err := s.db.SelectContext(ctx, &ids, s.q(`SELECT author_id FROM forum_topics WHERE id = ? AND author_id IS NOT NULL
		UNION SELECT author_id FROM forum_posts WHERE topic_id = ? AND author_id IS NOT NULL`), topicID, topicID); err != nil {
		return nil, translate(err)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

// ForumWatches implements ports.ForumStore.
func (s *Store) ForumWatches(ctx context.Context, topicID int64) (map[int64]domain.WatchLevel, error) {
	var rows []struct {
		UserID int64  `db:"user_id"`
		Level  string `db:"level"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT user_id, level FROM forum_watches WHERE topic_id = ?`), topicID); err != nil {
		return nil, translate(err)
	}
	out := make(map[int64]domain.WatchLevel, len(rows))
	for _, r := range rows {
		out[r.UserID] = domain.WatchLevel(r.Level)
	}
	return out, nil
}

// SetForumWatch implements ports.ForumStore.
func (s *Store) SetForumWatch(ctx context.Context, userID, topicID int64, level domain.WatchLevel) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO forum_watches (user_id, topic_id, level) VALUES (?, ?, ?)
		ON CONFLICT (user_id, topic_id) DO UPDATE SET level = excluded.level`), userID, topicID, string(level))
	if err = translate(err); domain.ErrorCode(err) == domain.EConflict {
		return domain.Errorf(domain.ENotFound, domain.MsgForumTopicNotFound)
	}
	return err
}

// ClaimForumNotification implements ports.ForumStore: one upsert whose update applies only when
// the last claim is older than the window, so the row lock decides between concurrent claims.
func (s *Store) ClaimForumNotification(ctx context.Context, userID, topicID int64, kind string, at time.Time, window time.Duration) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO forum_notify_claims (user_id, topic_id, kind, sent_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, topic_id, kind) DO UPDATE SET sent_at = excluded.sent_at WHERE forum_notify_claims.sent_at <= ?`),
		userID, topicID, kind, utc(at), utc(at.Add(-window)))
	if err != nil {
		return false, translate(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// PruneForumRecords implements ports.ForumStore.
func (s *Store) PruneForumRecords(ctx context.Context, before time.Time) (int, int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM forum_topic_views WHERE viewer_key LIKE 'a:%' AND viewed_at < ?`), utc(before))
	if err != nil {
		return 0, 0, translate(err)
	}
	views, _ := res.RowsAffected()
	res, err = s.db.ExecContext(ctx, s.q(`DELETE FROM forum_notify_claims WHERE sent_at < ?`), utc(before))
	if err != nil {
		return 0, 0, translate(err)
	}
	claims, _ := res.RowsAffected()
	return int(views), int(claims), nil
}

// ---- search

type forumHitRow struct {
	TopicID    int64          `db:"topic_id"`
	PostID     sql.NullInt64  `db:"post_id"`
	Title      string         `db:"title"`
	Username   sql.NullString `db:"username"`
	TopicAt    time.Time      `db:"topic_created"`
	PostAt     sql.NullTime   `db:"post_created"`
	CategoryID int64          `db:"category_id"`
	Snippet    string         `db:"snippet"`
	// SQLite's ranked page: Snippet is a window of the highlighted body (snippetWindow
	// characters from SnipFrom, 1-based, of SnipLen), cut to a snippet by fts5Snippet.
	SnipFrom sql.NullInt64 `db:"snip_from"`
	SnipLen  sql.NullInt64 `db:"snip_len"`
}

// forumRanked bounds the forum search's ranking (domain.ForumSearchRanked): of the documents
// matching every word, the newest forumRanked are ranked best match first, and any older ones
// follow, newest first. Ranking every match grew with the forum (0.7–1.3 s for 140,000 topics
// and replies at 1M plants); a word that matches at most forumRanked documents is ranked in full
// as before, and one that matches more fills four pages (50) with the best of its newest
// matches. The bound is near the whole small forum of the 1k-plant installation (140
// documents), so a page costs about the same on both (docs/decisions.md, "The forum search
// ranks its newest matches").
const forumRanked = domain.ForumSearchRanked

// SearchForum implements ports.ForumStore: FTS5 with prefix terms on SQLite, tsvector with
// prefix tsquery on PostgreSQL. Terms are letters and digits only (domain.ForumSearchTerms),
// so they cannot change the query's meaning.
//
// The order is the newest forumRanked matches (by document key: a topic's id * 2, a reply's
// id * 2 + 1, the SQLite index's rowid), best match first, then the older matches, newest
// first. Both parts read bounded rows: a page of the first ranks at most forumRanked matches, a
// page of the second walks the matches newest first down to the page.
func (s *Store) SearchForum(ctx context.Context, terms []string, viewer domain.ForumViewer, req domain.PageRequest) (domain.Page[*domain.ForumSearchHit], error) {
	var empty domain.Page[*domain.ForumSearchHit]
	offset, err := domain.DecodeOffsetCursor(req.Cursor)
	if err != nil {
		return empty, err
	}
	for _, t := range terms {
		if t == "" || strings.ContainsAny(t, "\"':*&|!()<> \\") {
			return empty, domain.Errorf(domain.EInvalid, domain.MsgForumSearchEmpty)
		}
	}
	if len(terms) == 0 {
		return empty, domain.Errorf(domain.EInvalid, domain.MsgForumSearchEmpty)
	}
	want := req.Limit + 1
	var rows []forumHitRow
	if offset < forumRanked {
		if rows, err = s.forumHits(ctx, true, terms, viewer, want, offset); err != nil {
			return empty, err
		}
		// Exactly forumRanked matches were ranked, and the page goes past them: older matches
		// may follow.
		if n := len(rows); n < want && offset+n == forumRanked {
			more, err := s.forumHits(ctx, false, terms, viewer, want-n, forumRanked)
			if err != nil {
				return empty, err
			}
			rows = append(rows, more...)
		}
	} else if rows, err = s.forumHits(ctx, false, terms, viewer, want, offset); err != nil {
		return empty, err
	}
	out := make([]*domain.ForumSearchHit, len(rows))
	for i, r := range rows {
		at := r.TopicAt
		if r.PostAt.Valid {
			at = r.PostAt.Time
		}
		out[i] = &domain.ForumSearchHit{TopicID: r.TopicID, PostID: nullInt(r.PostID), Title: r.Title, Username: r.Username.String,
			CreatedAt: at.UTC(), CategoryID: r.CategoryID, Snippet: r.Snippet}
	}
	return offsetPage(out, req, offset), nil
}

// forumHits reads limit search hits from offset: of the newest forumRanked matches ranked best
// first when ranked, of every match newest first otherwise (where offset counts from the
// newest match, so offset forumRanked is the first match older than the ranked ones).
func (s *Store) forumHits(ctx context.Context, ranked bool, terms []string, viewer domain.ForumViewer, limit, offset int) ([]forumHitRow, error) {
	query, args := s.forumQuery(ranked, terms, viewer, limit, offset)
	var rows []forumHitRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, fmt.Errorf("forum search: %w", translate(err))
	}
	for i := range rows {
		if r := &rows[i]; r.SnipFrom.Valid {
			r.Snippet = fts5Snippet(r.Snippet, r.SnipFrom.Int64 > 1, r.SnipFrom.Int64-1+snippetWindow < r.SnipLen.Int64)
		}
	}
	return rows, nil
}

// forumQuery is forumHits' query and its arguments, with ? placeholders.
func (s *Store) forumQuery(ranked bool, terms []string, viewer domain.ForumViewer, limit, offset int) (string, []any) {
	tvis, targs := visibleSQL("t", viewer)
	pvis, pargs := visibleSQL("p", viewer)
	var query string
	var args []any
	if s.dialect == Postgres {
		parts := make([]string, len(terms))
		for i, t := range terms {
			parts[i] = t + ":*"
		}
		// Each kind contributes its newest matches (pgNewest: bounded when a word is common,
		// through the GIN index when it is rare); ts_rank runs on the rows that are left, and
		// ts_headline on the page's alone. The query is written out where it is used, not taken
		// from a CTE, so the planner sees it; it is made once, by a subquery (an InitPlan): a
		// cached statement's generic plan, which PostgreSQL uses from its sixth run, made
		// to_tsquery of a parameter again for every row walked or ranked (a quarter of a
		// common word's search). The GIN index takes the InitPlan's value as it takes a constant.
		tq := `(SELECT to_tsquery('simple', ?))`
		walk, order, rank := forumRanked, `pg.rank DESC, pg.k DESC`, `ts_rank(c.search, `+tq+`) * CASE WHEN c.post_id IS NULL THEN 2 ELSE 1 END`
		if !ranked {
			walk, order, rank = offset+limit, `pg.k DESC`, `0`
		}
		tsq := strings.Join(parts, " & ")
		topics, topicArgs := pgNewest(`t.id * 2 AS k, t.id AS topic_id, NULL::bigint AS post_id, t.search`,
			`forum_topics t`, "forum_topics", "t", `t.search @@ `+tq, []any{tsq}, tvis, targs, walk)
		replies, replyArgs := pgNewest(`p.id * 2 + 1 AS k, p.topic_id, p.id AS post_id, p.search`,
			`forum_posts p JOIN forum_topics t ON t.id = p.topic_id`, "forum_posts", "p",
			`p.search @@ `+tq, []any{tsq}, pvis+` AND `+tvis, append(append([]any{}, pargs...), targs...), walk)
		opts := `'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'`
		query = `WITH c AS (SELECT k, topic_id, post_id, search FROM (` + topics + ` UNION ALL ` + replies + `) u ORDER BY k DESC LIMIT ?),
		pg AS (SELECT c.k, c.topic_id, c.post_id, ` + rank + ` AS rank FROM c ORDER BY ` + strings.ReplaceAll(order, "pg.", "") + ` LIMIT ? OFFSET ?)
		SELECT pg.topic_id, pg.post_id, t.title, u.username, t.created_at AS topic_created, p.created_at AS post_created, t.category_id,
			ts_headline('simple', COALESCE(p.body_text, t.body_text), ` + tq + `, ` + opts + `) AS snippet
		FROM pg JOIN forum_topics t ON t.id = pg.topic_id LEFT JOIN forum_posts p ON p.id = pg.post_id
		LEFT JOIN users u ON u.id = COALESCE(p.author_id, t.author_id)
		ORDER BY ` + order
		args = append(append(topicArgs, replyArgs...), walk)
		if ranked {
			args = append(args, tsq)
		}
		args = append(args, limit, offset, tsq)
	} else {
		parts := make([]string, len(terms))
		for i, t := range terms {
			parts[i] = `"` + t + `"*`
		}
		// The FTS5 table drives the walk, newest rowid first (even rowids are topics, odd ones
		// replies), and the LIMIT stops it; with the prefix indexes (0023) a prefix term reads
		// its matches in that order and no further. bm25 is not used: it counts every match of
		// each term for its weights. A document's score is bm25's without those weights or the
		// length: matches in the title count four times those in the body, each saturating
		// (n / (n + 1.2)). highlight() marks each match with one character, so the length gained
		// is the number of matches. The body's snippet (a title-only match shows the body's
		// opening; the title is shown anyway) is made while the FTS5 cursor is on the row:
		// afterwards it is one index lookup per row of the page, 20–250 µs each, where making
		// it for each of the ranked rows costs 2–3 µs.
		cols := `m.rowid AS rid, t.id AS topic_id, p.id AS post_id, t.title, t.created_at AS topic_created,
			p.created_at AS post_created, t.category_id, COALESCE(p.author_id, t.author_id) AS author_id,
			snippet(forum_search, 1, char(1), char(2), '…', 24) AS snippet`
		from := `FROM forum_search m LEFT JOIN forum_posts p ON m.rowid % 2 = 1 AND p.id = m.rowid / 2
			JOIN forum_topics t ON t.id = CASE WHEN m.rowid % 2 = 0 THEN m.rowid / 2 ELSE p.topic_id END
			WHERE forum_search MATCH ? AND ` + tvis + ` AND (p.id IS NULL OR ` + pvis + `)
			ORDER BY m.rowid DESC`
		sel := `SELECT c.topic_id, c.post_id, c.title, u.username, c.topic_created, c.post_created, c.category_id, c.snippet
			FROM c LEFT JOIN users u ON u.id = c.author_id`
		match := strings.Join(parts, " ")
		if ranked {
			// The ranked rows are highlighted, not snippeted: snippet() for each of them (it
			// reads the document's size and scores windows) was a quarter of the search, and a
			// common word ranks forumRanked matches at 1M plants against 100 at 1k (issue #30
			// item 6). The body's highlight gives both its match count (two markers a match) and
			// the page's snippets: a window of it around the first match, cut to snippetTokens
			// words by fts5Snippet for the page's rows only.
			rankCols := strings.Replace(cols, `snippet(forum_search, 1, char(1), char(2), '…', 24) AS snippet`,
				`length(highlight(forum_search, 0, char(1), '')) - length(m.title) AS th,
				highlight(forum_search, 1, char(1), char(2)) AS hb, length(m.body) AS blen`, 1)
			query = `WITH c AS (SELECT ` + rankCols + ` ` + from + ` LIMIT ?),
			r AS (SELECT c.*, (length(c.hb) - c.blen) / 2 AS bh, max(1, instr(c.hb, char(1)) - ?) AS snip_from FROM c)
			SELECT r.topic_id, r.post_id, r.title, u.username, r.topic_created, r.post_created, r.category_id,
				substr(r.hb, r.snip_from, ?) AS snippet, r.snip_from, length(r.hb) AS snip_len
			FROM r LEFT JOIN users u ON u.id = r.author_id
			ORDER BY 4.0 * r.th / (r.th + 1.2) + r.bh / (r.bh + 1.2) DESC, r.rid DESC LIMIT ? OFFSET ?`
			args = append(append(append([]any{match}, targs...), pargs...), forumRanked, snippetWindow/2, snippetWindow, limit, offset)
		} else {
			query = `WITH c AS (SELECT ` + cols + ` ` + from + ` LIMIT ? OFFSET ?)
			` + sel + ` ORDER BY c.rid DESC`
			args = append(append(append([]any{match}, targs...), pargs...), limit, offset)
		}
	}
	return query, args
}

// snippetWindow is how many characters of a highlighted body around its first match SQLite's
// ranked search hands over for the snippet: room for snippetTokens words on either side.
const snippetWindow = 600

// snippetTokens is the length of a snippet in words, as snippet(…, 24) made it.
const snippetTokens = 24

// fts5Snippet cuts a window of a body highlighted by FTS5 (matches between SnippetOpen and
// SnippetClose) to a snippet as FTS5's snippet() makes one for a single match: snippetTokens
// words with the first match about in their middle, "…" where the text goes on. cutStart and
// cutEnd say whether the window was cut from a longer text there (its first or last word may be
// partial, and is not shown).
func fts5Snippet(w string, cutStart, cutEnd bool) string {
	type span struct {
		from, to int
		hit      bool
	}
	var words []span
	open := false
	for i := 0; i < len(w); {
		r, n := utf8.DecodeRuneInString(w[i:])
		switch {
		case w[i] == domain.SnippetOpen[0]:
			open = true
			i += n
		case w[i] == domain.SnippetClose[0]:
			open = false
			i += n
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			from, hit := i, open
			for i < len(w) {
				r, n := utf8.DecodeRuneInString(w[i:])
				if !(unicode.IsLetter(r) || unicode.IsNumber(r)) {
					break
				}
				i += n
			}
			to := i
			if hit && to < len(w) && w[to] == domain.SnippetClose[0] {
				to++ // the match's closing marker goes with it
			}
			if hit && from > 0 && w[from-1] == domain.SnippetOpen[0] {
				from-- // and its opening one
			}
			words = append(words, span{from, to, hit})
		default:
			i += n
		}
	}
	if cutStart && len(words) > 0 && words[0].from == 0 {
		words = words[1:]
	}
	if cutEnd && len(words) > 0 && words[len(words)-1].to == len(w) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return ""
	}
	first := 0
	for i, x := range words {
		if x.hit {
			first = i
			break
		}
	}
	start := max(0, min(first-snippetTokens/2, len(words)-snippetTokens))
	end := min(len(words), start+snippetTokens)
	out := w[words[start].from:words[end-1].to]
	// A match of several words cut by the window keeps its markers paired.
	if words[start].hit && !strings.HasPrefix(out, domain.SnippetOpen) {
		out = domain.SnippetOpen + out
	}
	if words[end-1].hit && !strings.HasSuffix(out, domain.SnippetClose) {
		out += domain.SnippetClose
	}
	if start > 0 || cutStart {
		out = "…" + out
	}
	if end < len(words) || cutEnd {
		out += "…"
	}
	return out
}

// pgNewest is a PostgreSQL query for the newest n rows of from (base table, aliased alias, with
// an id primary key) that meet cond, newest first, in at most three index reads:
//
//  1. the newest pgNewestProbe(n) ids (at most 50), walked backwards through the primary key
//     with cond as a filter;
//  2. only when that first walk found cond in at least one row of five (a common word), the
//     ids on to pgNewestWindow(n), walked the same way: a common word's n rows are found there
//     and the third part never runs;
//  3. the older rows through cond's own index (the GIN index of a tsvector): "id + 0" keeps the
//     planner off the primary key there, which would walk every older row.
//
// A rare word (a topic's word that no reply has) thus costs a walk of at most 50 rows and an
// index probe, not the walk of the whole window: 1,000 replies read for nothing made the forum
// search 1.6 × slower at 1M plants than at 1k, and the walk of n = 200 rows still 2.9 × for a
// word no row has, where the 1k forum has 100 topics and 40 replies (issue #30 item 6). A single
// query would let the planner choose between walk and index from its estimate, which is fixed
// for a prefix tsquery (2 % of the rows), so it walked the 40,000 replies that never say
// "tomatoes" (22 ms). The outer LIMIT takes the parts in order (Append), and the second part's
// test is a one-time filter on the first's count.
//
// The condition is match (the indexed one, the tsvector's) AND cond (the rest, "" for none). The
// walks test match as "(match) IS TRUE", which no index answers: a generic plan (a cached
// statement's, from its sixth run on) took the GIN index for the rest of the window, ANDed with
// the primary key's range, and read every match of a common word there (8 ms for "tomato" at 1M
// plants). It is match alone that is wrapped, so that it stays a filter of its own table's scan.
func pgNewest(cols, from, table, alias, match string, matchArgs []any, cond string, condArgs []any, n int) (string, []any) {
	w, p := pgNewestWindow(n), pgNewestProbe(n)
	id, top := alias+`.id`, `(SELECT max(id) FROM `+table+`)`
	if cond == "" {
		cond = `TRUE`
	}
	part := func(where, order string, walk bool) string {
		c := match + ` AND ` + cond
		if walk {
			c = `(` + match + `) IS TRUE AND ` + cond
		}
		return `(SELECT ` + cols + ` FROM ` + from + ` WHERE ` + where + ` AND ` + c + ` ORDER BY ` + order + ` DESC LIMIT ?)`
	}
	condArgs = append(append([]any{}, matchArgs...), condArgs...)
	// first: the newest p ids; common: whether cond is in one of five of them.
	q := `(WITH first AS MATERIALIZED ` + part(id+` > `+top+` - ?`, id, true) + `,
		common AS (SELECT count(*) * 5 >= ? AS yes FROM first)
		SELECT * FROM ((SELECT * FROM first) UNION ALL ` +
		part(`(SELECT yes FROM common) AND `+id+` <= `+top+` - ? AND `+id+` > `+top+` - ?`, id, true) + ` UNION ALL ` +
		part(id+` + 0 <= `+top+` - CASE WHEN (SELECT yes FROM common) THEN ?::bigint ELSE ?::bigint END`, id+` + 0`, false) + `) newest LIMIT ?)`
	var args []any
	args = append(append(append(args, p), condArgs...), p)    // first
	args = append(args, p)                                    // common
	args = append(append(append(args, p, w), condArgs...), n) // the rest of the window
	args = append(append(append(args, w, p), condArgs...), n) // the index
	return q, append(args, n)
}

// pgNewestProbe is how many of the newest ids pgNewest walks first, to tell a common word from
// a rare one: n, at most 50. The walk of a word no row has costs the same at every size past the
// probe (the 1k-plant forum has 100 topics and 40 replies), and one in five of 50 rows still
// tells a common word.
func pgNewestProbe(n int) int {
	return min(n, 50)
}

// pgNewestWindow is how many of the newest ids pgNewest walks, when the newest n show a common
// word, before it turns to the index: five times the rows wanted, so a word in one document of
// five is found by the walk.
func pgNewestWindow(n int) int {
	return max(5*n, 1000)
}
