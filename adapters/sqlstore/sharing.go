package sqlstore

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.SharingStore = (*Store)(nil)

type listingRow struct {
	ID               int64         `db:"id"`
	UserID           int64         `db:"user_id"`
	Title            string        `db:"title"`
	PlantName        string        `db:"plant_name"`
	PlantType        string        `db:"plant_type"`
	Species          string        `db:"species"`
	Description      string        `db:"description"`
	ListingType      string        `db:"listing_type"`
	PriceCents       sql.NullInt64 `db:"price_cents"`
	Quantity         int           `db:"quantity"`
	Location         string        `db:"location"`
	ImageURL         string        `db:"image_url"`
	Status           string        `db:"status"`
	SourcePlantID    sql.NullInt64 `db:"source_plant_id"`
	CompletedWithID  sql.NullInt64 `db:"completed_with_id"`
	AddedToPlantID   sql.NullInt64 `db:"added_to_plant_id"`
	CreatedAt        time.Time     `db:"created_at"`
	UpdatedAt        time.Time     `db:"updated_at"`
	ExpiresAt        time.Time     `db:"expires_at"`
	ClosedAt         sql.NullTime  `db:"closed_at"`
	ExpiryRemindedAt sql.NullTime  `db:"expiry_reminded_at"`
	EditedAt         sql.NullTime  `db:"edited_at"`
	Username         string        `db:"username"`
	MessageCount     int           `db:"message_count"`
}

const listingSelect = `SELECT l.id, l.user_id, l.title, l.plant_name, l.plant_type, l.species, l.description, l.listing_type,
	l.price_cents, l.quantity, l.location, l.image_url, l.status, l.source_plant_id, l.completed_with_id, l.added_to_plant_id,
	l.created_at, l.updated_at, l.expires_at, l.closed_at, l.expiry_reminded_at, l.edited_at, u.username,
	(SELECT count(*) FROM listing_messages m WHERE m.listing_id = l.id) AS message_count
	FROM plant_listings l JOIN users u ON u.id = l.user_id`

func (r *listingRow) toDomain() *domain.Listing {
	l := &domain.Listing{ID: r.ID, UserID: r.UserID, Title: r.Title, PlantName: r.PlantName, PlantType: r.PlantType,
		Species: r.Species, Description: r.Description, ListingType: domain.ListingType(r.ListingType), Quantity: r.Quantity,
		Location: r.Location, ImageURL: r.ImageURL, Status: domain.ListingStatus(r.Status), SourcePlantID: nullInt(r.SourcePlantID),
		CompletedWithID: nullInt(r.CompletedWithID), AddedToPlantID: nullInt(r.AddedToPlantID), CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(), ClosedAt: nullTime(r.ClosedAt),
		ExpiryRemindedAt: nullTime(r.ExpiryRemindedAt), EditedAt: nullTime(r.EditedAt), Username: r.Username, MessageCount: r.MessageCount}
	if r.PriceCents.Valid {
		p := r.PriceCents.Int64
		l.PriceCents = &p
	}
	return l
}

// ftsMatch is the condition that keeps rows of table (aliased alias) matching terms: all of
// them when any is false, one of them otherwise; the last term matches as a prefix, since the
// box is searched while it is typed. SQLite uses the table's FTS5 index, PostgreSQL its
// generated tsvector column with a GIN index. Terms hold only letters and digits
// (domain.SearchTerms), so they need no escaping in either query language.
func (s *Store) ftsMatch(table, alias string, terms []string, any bool) (string, string) {
	parts := make([]string, len(terms))
	for i, t := range terms {
		last := i == len(terms)-1 || any
		if s.dialect == Postgres {
			parts[i] = t
			if last {
				parts[i] += ":*"
			}
		} else {
			parts[i] = `"` + t + `"`
			if last {
				parts[i] += "*"
			}
		}
	}
	if s.dialect == Postgres {
		sep := " & "
		if any {
			sep = " | "
		}
		return alias + `.search @@ to_tsquery('english', ?)`, strings.Join(parts, sep)
	}
	sep := " "
	if any {
		sep = " OR "
	}
	return alias + `.id IN (SELECT rowid FROM ` + table + `_fts WHERE ` + table + `_fts MATCH ?)`, strings.Join(parts, sep)
}

// ftsDriven is the search of a keyset list (newest id first) over table aliased alias: on
// SQLite the FTS5 table drives the query in descending rowid order, so a page reads its own
// matches and stops, where "id IN (every match)" collected every match first; rewrite puts the FTS
// table in the FROM clause, cond and arg are the WHERE condition and its argument, id is the
// column to order and page by. PostgreSQL keeps ftsMatch's condition (its planner walks the
// primary key backwards when matches are common, the GIN index when they are rare).
func (s *Store) ftsDriven(table, alias string, terms []string) (rewrite func(string) string, cond, arg, id string) {
	cond, arg = s.ftsMatch(table, alias, terms, false)
	if s.dialect != SQLite {
		return func(q string) string { return q }, cond, arg, alias + ".id"
	}
	from := "FROM " + table + " " + alias + " "
	return func(q string) string {
		return strings.Replace(q, from, "FROM "+table+"_fts f JOIN "+table+" "+alias+" ON "+alias+".id = f.rowid ", 1)
	}, table + "_fts MATCH ?", arg, "f.rowid"
}

// CreateListing implements ports.ListingStore.
func (s *Store) CreateListing(ctx context.Context, l *domain.Listing) error {
	err := s.db.GetContext(ctx, &l.ID, s.q(`INSERT INTO plant_listings (user_id, title, plant_name, plant_type, species, description,
		listing_type, price_cents, quantity, location, image_url, status, source_plant_id, created_at, updated_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		l.UserID, l.Title, l.PlantName, l.PlantType, l.Species, l.Description, string(l.ListingType), l.PriceCents, l.Quantity,
		l.Location, l.ImageURL, string(l.Status), l.SourcePlantID, utc(l.CreatedAt), utc(l.UpdatedAt), utc(l.ExpiresAt))
	if domain.ErrorCode(translate(err)) == domain.EConflict {
		return domain.Errorf(domain.ENotFound, "not found")
	}
	return translate(err)
}

func (s *Store) getListing(ctx context.Context, q sqlx.QueryerContext, id int64, lock bool) (*domain.Listing, error) {
	var r listingRow
	query := listingSelect + ` WHERE l.id = ?`
	if lock && s.dialect == Postgres {
		query += ` FOR UPDATE OF l`
	}
	if err := sqlx.GetContext(ctx, q, &r, s.q(query), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListingByID implements ports.ListingStore.
func (s *Store) ListingByID(ctx context.Context, id int64) (*domain.Listing, error) {
	return s.getListing(ctx, s.db, id, false)
}

// ListListings implements ports.ListingStore.
func (s *Store) ListListings(ctx context.Context, f ports.ListingFilter, page domain.PageRequest) (domain.Page[*domain.Listing], error) {
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Listing]{}, err
	}
	var where []string
	var args []any
	query, id := listingSelect, "l.id"
	if terms := domain.SearchTerms(f.Search); len(terms) > 0 {
		rewrite, cond, arg, col := s.ftsDriven("plant_listings", "l", terms)
		query, id = rewrite(query), col
		where, args = append(where, cond), append(args, arg)
	}
	if ok {
		where, args = append(where, id+` < ?`), append(args, cur.ID)
	}
	if f.PlantType != "" {
		where, args = append(where, `l.plant_type = ?`), append(args, f.PlantType)
	}
	if f.ListingType != "" {
		where, args = append(where, `l.listing_type = ?`), append(args, string(f.ListingType))
	}
	if f.Status != "" {
		where, args = append(where, `l.status = ?`), append(args, string(f.Status))
	}
	if f.OwnerID != 0 {
		where, args = append(where, `l.user_id = ?`), append(args, f.OwnerID)
	}
	if f.AvailableAt != nil {
		// Most listings are open and not expired: walking the newest ids and checking each finds
		// a page at once, where the status index's range read and sorted every open listing.
		// SQLite's planner, which has no statistics (see Analyze), takes that range, so the
		// unary plus keeps it off those columns' indexes; PostgreSQL's statistics choose.
		cond := `l.status = 'Open' AND l.expires_at > ?`
		if s.dialect == SQLite {
			cond = `+l.status = 'Open' AND +l.expires_at > ?`
		}
		where, args = append(where, cond), append(args, utc(*f.AvailableAt))
	}
	if f.ExpiredAt != nil {
		where, args = append(where, `l.status = 'Open' AND l.expires_at <= ?`), append(args, utc(*f.ExpiredAt))
	}
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY ` + id + ` DESC LIMIT ?`
	var rows []listingRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), append(args, page.Limit+1)...); err != nil {
		return domain.Page[*domain.Listing]{}, translate(err)
	}
	out := make([]*domain.Listing, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, page, func(l *domain.Listing) string { return domain.KeysetCursor{ID: l.ID}.Encode() }), nil
}

// ListingPlantTypes implements ports.ListingStore. DISTINCT would read every listing; this walks
// the plant_listings_plant_type index from one type to the next (a loose index scan), so the
// read grows with the number of types, not of listings.
func (s *Store) ListingPlantTypes(ctx context.Context) ([]string, error) {
	var out []string
	err := s.db.SelectContext(ctx, &out, `WITH RECURSIVE types (plant_type) AS (
			SELECT MIN(plant_type) FROM plant_listings
			UNION ALL
			SELECT (SELECT MIN(l.plant_type) FROM plant_listings l WHERE l.plant_type > types.plant_type)
			FROM types WHERE types.plant_type IS NOT NULL)
		SELECT plant_type FROM types WHERE plant_type IS NOT NULL ORDER BY plant_type`)
	return out, translate(err)
}

// UpdateListing implements ports.ListingStore.
func (s *Store) UpdateListing(ctx context.Context, id int64, fn func(*domain.Listing) error) (*domain.Listing, error) {
	var out *domain.Listing
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		l, err := s.getListing(ctx, tx, id, true)
		if err != nil {
			return err
		}
		owner, created := l.UserID, l.CreatedAt
		if err := fn(l); err != nil {
			return err
		}
		l.ID, l.UserID, l.CreatedAt = id, owner, created
		_, err = tx.ExecContext(ctx, s.q(`UPDATE plant_listings SET title = ?, plant_name = ?, plant_type = ?, species = ?,
			description = ?, listing_type = ?, price_cents = ?, quantity = ?, location = ?, image_url = ?, status = ?,
			completed_with_id = ?, added_to_plant_id = ?, updated_at = ?, expires_at = ?, closed_at = ?, expiry_reminded_at = ?,
			edited_at = ? WHERE id = ?`),
			l.Title, l.PlantName, l.PlantType, l.Species, l.Description, string(l.ListingType), l.PriceCents, l.Quantity, l.Location,
			l.ImageURL, string(l.Status), l.CompletedWithID, l.AddedToPlantID, utc(l.UpdatedAt), utc(l.ExpiresAt), utcPtr(l.ClosedAt),
			utcPtr(l.ExpiryRemindedAt), utcPtr(l.EditedAt), id)
		if err != nil {
			return translate(err)
		}
		out = l
		return nil
	})
	return out, err
}

// DeleteListing implements ports.ListingStore; messages go with it (cascade).
func (s *Store) DeleteListing(ctx context.Context, id int64) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		// Explicit, so the behaviour does not hang on a connection's foreign-key setting.
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM listing_messages WHERE listing_id = ?`), id); err != nil {
			return translate(err)
		}
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM plant_listings WHERE id = ?`), id)
		return affectedOne(res, err)
	})
}

type messageRow struct {
	ID          int64     `db:"id"`
	ListingID   int64     `db:"listing_id"`
	PartnerID   int64     `db:"partner_id"`
	SenderID    int64     `db:"sender_id"`
	Message     string    `db:"message"`
	CreatedAt   time.Time `db:"created_at"`
	Username    string    `db:"username"`
	PartnerName string    `db:"partner_name"`
}

// AddListingMessage implements ports.ListingStore.
func (s *Store) AddListingMessage(ctx context.Context, m *domain.ListingMessage) error {
	err := translate(sqlx.GetContext(ctx, s.ext(ctx), &m.ID, s.q(`INSERT INTO listing_messages (listing_id, partner_id, sender_id, message, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), m.ListingID, m.PartnerID, m.SenderID, m.Message, utc(m.CreatedAt)))
	if domain.ErrorCode(err) == domain.EConflict {
		return domain.Errorf(domain.ENotFound, "not found")
	}
	return err
}

// ListingMessages implements ports.ListingStore.
func (s *Store) ListingMessages(ctx context.Context, listingID, partnerID int64, page domain.PageRequest) (domain.Page[*domain.ListingMessage], error) {
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.ListingMessage]{}, err
	}
	query := `SELECT m.id, m.listing_id, m.partner_id, m.sender_id, m.message, m.created_at, s.username, p.username AS partner_name
		FROM listing_messages m JOIN users s ON s.id = m.sender_id JOIN users p ON p.id = m.partner_id WHERE m.listing_id = ?`
	args := []any{listingID}
	if partnerID != 0 {
		query, args = query+` AND m.partner_id = ?`, append(args, partnerID)
	}
	if ok {
		query, args = query+` AND m.id > ?`, append(args, cur.ID)
	}
	var rows []messageRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query+` ORDER BY m.id LIMIT ?`), append(args, page.Limit+1)...); err != nil {
		return domain.Page[*domain.ListingMessage]{}, translate(err)
	}
	out := make([]*domain.ListingMessage, len(rows))
	for i, r := range rows {
		out[i] = &domain.ListingMessage{ID: r.ID, ListingID: r.ListingID, PartnerID: r.PartnerID, SenderID: r.SenderID, Message: r.Message,
			CreatedAt: r.CreatedAt.UTC(), Username: r.Username, PartnerName: r.PartnerName}
	}
	return domain.PageOf(out, page, func(m *domain.ListingMessage) string { return domain.KeysetCursor{ID: m.ID}.Encode() }), nil
}

// HasConversation implements ports.ListingStore.
func (s *Store) HasConversation(ctx context.Context, listingID, partnerID int64) (bool, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM (SELECT 1 FROM listing_messages WHERE listing_id = ? AND partner_id = ? LIMIT 1) x`),
		listingID, partnerID)
	return n > 0, translate(err)
}

// ListingsDueForExpiryReminder implements ports.ListingStore.
func (s *Store) ListingsDueForExpiryReminder(ctx context.Context, from, to time.Time, limit int) ([]*domain.Listing, error) {
	var rows []listingRow
	err := s.db.SelectContext(ctx, &rows, s.q(listingSelect+` WHERE l.status = 'Open' AND l.expiry_reminded_at IS NULL
		AND l.expires_at > ? AND l.expires_at <= ? ORDER BY l.expires_at, l.id LIMIT ?`), utc(from), utc(to), limit)
	if err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Listing, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// ClaimExpiryReminders implements ports.ListingStore: the conditional UPDATE of the batch is the
// claim (a row another run marked meanwhile no longer matches it), and RETURNING gives the
// reminder's fields.
func (s *Store) ClaimExpiryReminders(ctx context.Context, from, to, at time.Time, limit int) ([]*domain.Listing, error) {
	rows, err := s.ext(ctx).QueryContext(ctx, s.q(`UPDATE plant_listings SET expiry_reminded_at = ?
		WHERE id IN (SELECT id FROM plant_listings WHERE status = 'Open' AND expiry_reminded_at IS NULL
			AND expires_at > ? AND expires_at <= ? ORDER BY expires_at, id LIMIT ?)
		AND expiry_reminded_at IS NULL AND status = 'Open'
		RETURNING id, user_id, title, expires_at`), utc(at), utc(from), utc(to), limit)
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	var out []*domain.Listing
	for rows.Next() {
		marked := utc(at)
		l := &domain.Listing{ExpiryRemindedAt: &marked}
		if err := rows.Scan(&l.ID, &l.UserID, &l.Title, &l.ExpiresAt); err != nil {
			return nil, translate(err)
		}
		l.ExpiresAt = l.ExpiresAt.UTC()
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].ExpiresAt.Equal(out[j].ExpiresAt) {
			return out[i].ExpiresAt.Before(out[j].ExpiresAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, translate(rows.Err())
}

// ClaimExpiryReminder implements ports.ListingStore: the conditional update is the claim, so of
// two replicas reminding at once exactly one changes the row.
func (s *Store) ClaimExpiryReminder(ctx context.Context, id int64, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE plant_listings SET expiry_reminded_at = ? WHERE id = ? AND expiry_reminded_at IS NULL
		AND status = 'Open'`), utc(at), id)
	if err != nil {
		return false, translate(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
