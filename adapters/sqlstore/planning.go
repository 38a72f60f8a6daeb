package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.PlanningStore = (*Store)(nil)

type layoutRow struct {
	ID          int64     `db:"id"`
	UserID      int64     `db:"user_id"`
	Username    string    `db:"username"`
	Name        string    `db:"name"`
	Description string    `db:"description"`
	Width       float64   `db:"width"`
	Height      float64   `db:"height"`
	Version     int64     `db:"version"`
	BedCount    int       `db:"bed_count"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

const layoutSelect = `SELECT l.id, l.user_id, u.username, l.name, l.description, l.width, l.height, l.version, l.created_at, l.updated_at,
	(SELECT COUNT(*) FROM garden_beds b WHERE b.layout_id = l.id) AS bed_count
	FROM garden_layouts l JOIN users u ON u.id = l.user_id`

func (r *layoutRow) toDomain() *domain.GardenLayout {
	return &domain.GardenLayout{ID: r.ID, UserID: r.UserID, Username: r.Username, Name: r.Name, Description: r.Description,
		Width: r.Width, Height: r.Height, Version: r.Version, BedCount: r.BedCount, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

type bedRow struct {
	ID     int64   `db:"id"`
	Name   string  `db:"name"`
	X      float64 `db:"x"`
	Y      float64 `db:"y"`
	Width  float64 `db:"width"`
	Height float64 `db:"height"`
	Color  string  `db:"color"`
}

type plantingRow struct {
	ID              int64           `db:"id"`
	BedID           int64           `db:"bed_id"`
	PlantID         sql.NullInt64   `db:"plant_id"`
	PlantDatabaseID sql.NullInt64   `db:"plant_database_id"`
	Name            string          `db:"name"`
	Count           int             `db:"count"`
	X               sql.NullFloat64 `db:"x"`
	Y               sql.NullFloat64 `db:"y"`
}

func nullFloat(n sql.NullFloat64) *float64 {
	if !n.Valid {
		return nil
	}
	v := n.Float64
	return &v
}

// searchPattern is a LIKE pattern matching search anywhere, case-insensitively, with the LIKE
// wildcards in search taken literally.
func searchPattern(search string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(strings.TrimSpace(search))) + "%"
}

// newestFirst adds the keyset condition and order of a list of one owner's rows by id,
// newest first, reading one row more than the page to know whether there is another.
func newestFirst(alias, query string, args []any, search string, page domain.PageRequest) (string, []any, error) {
	c, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return "", nil, err
	}
	if ok {
		query += ` AND ` + alias + `.id < ?`
		args = append(args, c.ID)
	}
	if strings.TrimSpace(search) != "" {
		p := searchPattern(search)
		query += ` AND (lower(` + alias + `.name) LIKE ? ESCAPE '\' OR lower(` + alias + `.description) LIKE ? ESCAPE '\')`
		args = append(args, p, p)
	}
	query += ` ORDER BY ` + alias + `.id DESC LIMIT ?`
	return query, append(args, page.Limit+1), nil
}

func idCursor(id int64) string { return domain.KeysetCursor{ID: id}.Encode() }

// CreateLayout implements ports.PlanningStore.
func (s *Store) CreateLayout(ctx context.Context, l *domain.GardenLayout, check func(domain.LayoutUsage) error) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if check != nil {
			usage, err := s.layoutUsage(ctx, tx, l.UserID, time.Time{})
			if err != nil {
				return err
			}
			if err := check(usage); err != nil {
				return err
			}
		}
		return s.insertLayout(ctx, tx, l)
	})
}

// layoutUsage locks ownerID's account (Postgres; SQLite's immediate transaction holds the
// database's write lock) and reads what the layout quotas weigh: the layouts kept and, when
// since is set, the copies made at or after it. Older copy records are deleted on the way:
// only the window's are ever read.
func (s *Store) layoutUsage(ctx context.Context, tx *sqlx.Tx, ownerID int64, since time.Time) (domain.LayoutUsage, error) {
	var u domain.LayoutUsage
	var owner int64
	if err := tx.GetContext(ctx, &owner, s.q(`SELECT id FROM users WHERE id = ?`+s.forUpdate()), ownerID); err != nil {
		return u, translate(err)
	}
	if err := tx.GetContext(ctx, &u.Layouts, s.q(`SELECT count(*) FROM garden_layouts WHERE user_id = ?`), ownerID); err != nil {
		return u, translate(err)
	}
	if since.IsZero() {
		return u, nil
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM layout_copies WHERE user_id = ? AND copied_at < ?`), ownerID, utc(since)); err != nil {
		return u, translate(err)
	}
	if err := tx.SelectContext(ctx, &u.Copies, s.q(`SELECT copied_at FROM layout_copies WHERE user_id = ? ORDER BY copied_at`), ownerID); err != nil {
		return u, translate(err)
	}
	for i := range u.Copies {
		u.Copies[i] = u.Copies[i].UTC()
	}
	return u, nil
}

func (s *Store) insertLayout(ctx context.Context, tx *sqlx.Tx, l *domain.GardenLayout) error {
	if l.CreatedAt.IsZero() {
		l.CreatedAt = time.Now()
	}
	if l.UpdatedAt.IsZero() {
		l.UpdatedAt = l.CreatedAt
	}
	l.CreatedAt, l.UpdatedAt, l.Version = utc(l.CreatedAt), utc(l.UpdatedAt), 1
	if err := tx.GetContext(ctx, &l.ID, s.q(`INSERT INTO garden_layouts (user_id, name, description, width, height, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`), l.UserID, l.Name, l.Description, l.Width, l.Height, l.CreatedAt, l.UpdatedAt); err != nil {
		return translate(err)
	}
	if err := s.saveBeds(ctx, tx, l); err != nil {
		return err
	}
	if l.Username == "" {
		_ = tx.GetContext(ctx, &l.Username, s.q(`SELECT username FROM users WHERE id = ?`), l.UserID)
	}
	return nil
}

// saveBeds makes the stored bed set of l equal to l.Beds and replaces every bed's plantings.
func (s *Store) saveBeds(ctx context.Context, tx *sqlx.Tx, l *domain.GardenLayout) error {
	var existing []int64
	if err := tx.SelectContext(ctx, &existing, s.q(`SELECT id FROM garden_beds WHERE layout_id = ?`), l.ID); err != nil {
		return translate(err)
	}
	have := map[int64]bool{}
	for _, id := range existing {
		have[id] = true
	}
	keep := map[int64]bool{}
	for _, b := range l.Beds {
		if b.ID != 0 {
			if !have[b.ID] || keep[b.ID] {
				return &domain.Error{Code: domain.EInvalid, Message: domain.MsgBedUnknown}
			}
			keep[b.ID] = true
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM bed_plantings WHERE bed_id IN (SELECT id FROM garden_beds WHERE layout_id = ?)`), l.ID); err != nil {
		return translate(err)
	}
	for _, id := range existing {
		if !keep[id] {
			if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM garden_beds WHERE id = ?`), id); err != nil {
				return translate(err)
			}
		}
	}
	var added []*domain.GardenBed
	var positions []int
	for i, b := range l.Beds {
		if b.ID == 0 {
			added, positions = append(added, b), append(positions, i)
			continue
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE garden_beds SET position = ?, name = ?, x = ?, y = ?, width = ?, height = ?, color = ? WHERE id = ?`),
			i, b.Name, b.X, b.Y, b.Width, b.Height, b.Color, b.ID); err != nil {
			return translate(err)
		}
	}
	if err := s.insertBeds(ctx, tx, l.ID, added, positions); err != nil {
		return err
	}
	if err := s.insertPlantings(ctx, tx, l.Beds); err != nil {
		return err
	}
	l.BedCount = len(l.Beds)
	return nil
}

// Rows per multi-row INSERT of beds (8 values each) and plantings (7 values each): well under
// both databases' bound on a statement's parameters.
const (
	bedBatchRows      = 250
	plantingBatchRows = 500
)

// insertBeds inserts new beds (their positions given) with one multi-row INSERT per batch and
// sets their ids. A 200-bed copy was 200 statements; ids rise in the order of the VALUES (both
// dialects draw them row by row), so the sorted ids returned are the beds' in order.
func (s *Store) insertBeds(ctx context.Context, tx *sqlx.Tx, layoutID int64, beds []*domain.GardenBed, positions []int) error {
	for start := 0; start < len(beds); start += bedBatchRows {
		batch := beds[start:min(start+bedBatchRows, len(beds))]
		marks := make([]string, len(batch))
		args := make([]any, 0, 8*len(batch))
		for i, b := range batch {
			marks[i] = `(?, ?, ?, ?, ?, ?, ?, ?)`
			args = append(args, layoutID, positions[start+i], b.Name, b.X, b.Y, b.Width, b.Height, b.Color)
		}
		var ids []int64
		if err := tx.SelectContext(ctx, &ids, s.q(`INSERT INTO garden_beds (layout_id, position, name, x, y, width, height, color) VALUES `+
			strings.Join(marks, ", ")+` RETURNING id`), args...); err != nil {
			return translate(err)
		}
		if len(ids) != len(batch) {
			return fmt.Errorf("insert beds: %d ids for %d rows", len(ids), len(batch))
		}
		slices.Sort(ids)
		for i, b := range batch {
			b.ID = ids[i]
		}
	}
	return nil
}

// insertPlantings inserts every planting of beds (whose ids are set) with one multi-row INSERT
// per batch, and sets their ids. The largest layout holds 20,000 plantings: one statement each
// held SQLite's write lock for over a second per copy, locking every other writer out.
func (s *Store) insertPlantings(ctx context.Context, tx *sqlx.Tx, beds []*domain.GardenBed) error {
	var all []*domain.BedPlanting
	var args []any
	flush := func() error {
		if len(all) == 0 {
			return nil
		}
		marks := strings.TrimSuffix(strings.Repeat(`(?, ?, ?, ?, ?, ?, ?), `, len(all)), ", ")
		var ids []int64
		if err := tx.SelectContext(ctx, &ids, s.q(`INSERT INTO bed_plantings (bed_id, position, plant_id, plant_database_id, count, x, y) VALUES `+
			marks+` RETURNING id`), args...); err != nil {
			if domain.ErrorCode(translate(err)) == domain.EConflict {
				return &domain.Error{Code: domain.EInvalid, Message: domain.MsgPlantingPlantUnknown}
			}
			return translate(err)
		}
		if len(ids) != len(all) {
			return fmt.Errorf("insert plantings: %d ids for %d rows", len(ids), len(all))
		}
		slices.Sort(ids)
		for i, p := range all {
			p.ID = ids[i]
		}
		all, args = all[:0], args[:0]
		return nil
	}
	for _, b := range beds {
		for j, p := range b.Plantings {
			all = append(all, p)
			args = append(args, b.ID, j, p.PlantID, p.PlantDatabaseID, p.Count, p.X, p.Y)
			if len(all) == plantingBatchRows {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

func (s *Store) loadLayout(ctx context.Context, q sqlx.QueryerContext, id int64, lock bool) (*domain.GardenLayout, error) {
	if lock && s.dialect == Postgres {
		var one int
		if err := sqlx.GetContext(ctx, q, &one, s.q(`SELECT 1 FROM garden_layouts WHERE id = ? FOR UPDATE`), id); err != nil {
			return nil, translate(err)
		}
	}
	var r layoutRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(layoutSelect+` WHERE l.id = ?`), id); err != nil {
		return nil, translate(err)
	}
	l := r.toDomain()
	var beds []bedRow
	if err := sqlx.SelectContext(ctx, q, &beds, s.q(`SELECT id, name, x, y, width, height, color FROM garden_beds WHERE layout_id = ? ORDER BY position, id`), id); err != nil {
		return nil, translate(err)
	}
	byID := map[int64]*domain.GardenBed{}
	l.Beds = make([]*domain.GardenBed, 0, len(beds))
	for _, b := range beds {
		bed := &domain.GardenBed{ID: b.ID, Name: b.Name, X: b.X, Y: b.Y, Width: b.Width, Height: b.Height, Color: b.Color, Plantings: []*domain.BedPlanting{}}
		byID[b.ID] = bed
		l.Beds = append(l.Beds, bed)
	}
	var ps []plantingRow
	if err := sqlx.SelectContext(ctx, q, &ps, s.q(`SELECT p.id, p.bed_id, p.plant_id, p.plant_database_id, p.count, p.x, p.y,
		COALESCE(pl.name, pd.common_name, '') AS name
		FROM bed_plantings p JOIN garden_beds b ON b.id = p.bed_id
		LEFT JOIN plants pl ON pl.id = p.plant_id LEFT JOIN plant_database pd ON pd.id = p.plant_database_id
		WHERE b.layout_id = ? ORDER BY p.bed_id, p.position, p.id`), id); err != nil {
		return nil, translate(err)
	}
	for _, p := range ps {
		if b := byID[p.BedID]; b != nil {
			b.Plantings = append(b.Plantings, &domain.BedPlanting{ID: p.ID, PlantID: nullInt(p.PlantID), PlantDatabaseID: nullInt(p.PlantDatabaseID),
				Name: p.Name, Count: p.Count, X: nullFloat(p.X), Y: nullFloat(p.Y)})
		}
	}
	l.BedCount = len(l.Beds)
	return l, nil
}

// LayoutByID implements ports.PlanningStore.
func (s *Store) LayoutByID(ctx context.Context, id int64) (*domain.GardenLayout, error) {
	return s.loadLayout(ctx, s.db, id, false)
}

// ListLayouts implements ports.PlanningStore.
func (s *Store) ListLayouts(ctx context.Context, ownerID int64, search string, page domain.PageRequest) (domain.Page[*domain.GardenLayout], error) {
	query, args, err := newestFirst("l", layoutSelect+` WHERE l.user_id = ?`, []any{ownerID}, search, page)
	if err != nil {
		return domain.Page[*domain.GardenLayout]{}, err
	}
	var rows []layoutRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.GardenLayout]{}, translate(err)
	}
	out := make([]*domain.GardenLayout, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, page, func(l *domain.GardenLayout) string { return idCursor(l.ID) }), nil
}

// UpdateLayout implements ports.PlanningStore.
func (s *Store) UpdateLayout(ctx context.Context, id int64, fn func(*domain.GardenLayout) error) (*domain.GardenLayout, error) {
	var out *domain.GardenLayout
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		l, err := s.loadLayout(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := fn(l); err != nil {
			return err
		}
		if l.UpdatedAt.IsZero() {
			l.UpdatedAt = time.Now()
		}
		l.UpdatedAt = utc(l.UpdatedAt)
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE garden_layouts SET name = ?, description = ?, width = ?, height = ?, version = version + 1,
			updated_at = ? WHERE id = ?`), l.Name, l.Description, l.Width, l.Height, l.UpdatedAt, id); err != nil {
			return translate(err)
		}
		if err := s.saveBeds(ctx, tx, l); err != nil {
			return err
		}
		out, err = s.loadLayout(ctx, tx, id, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CopyLayout implements ports.PlanningStore.
func (s *Store) CopyLayout(ctx context.Context, id, ownerID int64, since time.Time,
	fn func(*domain.GardenLayout, domain.LayoutUsage) (*domain.GardenLayout, error)) (*domain.GardenLayout, error) {
	var newID int64
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		usage, err := s.layoutUsage(ctx, tx, ownerID, since)
		if err != nil {
			return err
		}
		src, err := s.loadLayout(ctx, tx, id, false)
		if err != nil {
			return err
		}
		c, err := fn(src, usage)
		if err != nil {
			return err
		}
		if err := s.insertLayout(ctx, tx, c); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO layout_copies (user_id, copied_at) VALUES (?, ?)`), c.UserID, c.CreatedAt); err != nil {
			return translate(err)
		}
		newID = c.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Read back after the commit: reading 20,000 plantings inside the transaction held the
	// write lock (SQLite's whole database) for as long again.
	return s.loadLayout(ctx, s.db, newID, false)
}

// DeleteLayout implements ports.PlanningStore.
func (s *Store) DeleteLayout(ctx context.Context, id int64, check func(*domain.GardenLayout) error) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var r layoutRow
		if err := tx.GetContext(ctx, &r, s.q(layoutSelect+` WHERE l.id = ?`+s.forUpdateOf("l")), id); err != nil {
			return translate(err)
		}
		if check != nil {
			if err := check(r.toDomain()); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM garden_layouts WHERE id = ?`), id)
		return translate(err)
	})
}

// forUpdateOf locks the rows of one table of a join on Postgres.
func (s *Store) forUpdateOf(alias string) string {
	if s.dialect == Postgres {
		return " FOR UPDATE OF " + alias
	}
	return ""
}

// PlantPlacements implements ports.PlanningStore.
func (s *Store) PlantPlacements(ctx context.Context, ownerID, plantID int64) ([]domain.Placement, error) {
	var rows []struct {
		LayoutID   int64  `db:"layout_id"`
		LayoutName string `db:"layout_name"`
		BedID      int64  `db:"bed_id"`
		BedName    string `db:"bed_name"`
		Count      int    `db:"count"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT l.id AS layout_id, l.name AS layout_name, b.id AS bed_id, b.name AS bed_name, SUM(p.count) AS count
		FROM bed_plantings p JOIN garden_beds b ON b.id = p.bed_id JOIN garden_layouts l ON l.id = b.layout_id
		WHERE p.plant_id = ? AND l.user_id = ?
		GROUP BY l.id, l.name, b.id, b.name, b.position ORDER BY l.name, l.id, b.position, b.id`), plantID, ownerID); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.Placement, len(rows))
	for i, r := range rows {
		out[i] = domain.Placement{LayoutID: r.LayoutID, LayoutName: r.LayoutName, BedID: r.BedID, BedName: r.BedName, Count: r.Count}
	}
	return out, nil
}

type groupRow struct {
	ID          int64     `db:"id"`
	UserID      int64     `db:"user_id"`
	Name        string    `db:"name"`
	Description string    `db:"description"`
	Color       string    `db:"color"`
	CreatedAt   time.Time `db:"created_at"`
}

const groupColumns = `id, user_id, name, description, color, created_at`

func (r *groupRow) toDomain() *domain.RotationGroup {
	return &domain.RotationGroup{ID: r.ID, UserID: r.UserID, Name: r.Name, Description: r.Description, Color: r.Color, CreatedAt: r.CreatedAt.UTC()}
}

func groupConflict(err error) error {
	if domain.ErrorCode(err) == domain.EConflict {
		return &domain.Error{Code: domain.EConflict, Message: domain.MsgGroupNameTaken, Fields: map[string]string{"name": domain.MsgGroupNameTaken}}
	}
	return err
}

// CreateGroup implements ports.PlanningStore.
func (s *Store) CreateGroup(ctx context.Context, g *domain.RotationGroup) error {
	if g.CreatedAt.IsZero() {
		g.CreatedAt = time.Now()
	}
	g.CreatedAt = utc(g.CreatedAt)
	return groupConflict(translate(s.db.GetContext(ctx, &g.ID, s.q(`INSERT INTO rotation_groups (user_id, name, description, color, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`), g.UserID, g.Name, g.Description, g.Color, g.CreatedAt)))
}

// CreateGroupsIfMissing implements ports.PlanningStore. The unique index on the lower-case name
// decides what is missing, so two concurrent seeds insert each group once.
func (s *Store) CreateGroupsIfMissing(ctx context.Context, ownerID int64, groups []*domain.RotationGroup) (int, error) {
	n := 0
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		for _, g := range groups {
			if g.CreatedAt.IsZero() {
				g.CreatedAt = time.Now()
			}
			res, err := tx.ExecContext(ctx, s.q(`INSERT INTO rotation_groups (user_id, name, description, color, created_at)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`), ownerID, g.Name, g.Description, g.Color, utc(g.CreatedAt))
			if err != nil {
				return translate(err)
			}
			k, _ := res.RowsAffected()
			n += int(k)
		}
		return nil
	})
	return n, err
}

// GroupByID implements ports.PlanningStore.
func (s *Store) GroupByID(ctx context.Context, id int64) (*domain.RotationGroup, error) {
	var r groupRow
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT `+groupColumns+` FROM rotation_groups WHERE id = ?`), id); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// ListGroups implements ports.PlanningStore: keyset on (lower(name), id), which the unique
// index serves.
func (s *Store) ListGroups(ctx context.Context, ownerID int64, page domain.PageRequest) (domain.Page[*domain.RotationGroup], error) {
	c, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.RotationGroup]{}, err
	}
	query := `SELECT ` + groupColumns + ` FROM rotation_groups WHERE user_id = ?`
	args := []any{ownerID}
	if ok {
		query += ` AND (lower(name) > ? OR (lower(name) = ? AND id > ?))`
		args = append(args, c.Key, c.Key, c.ID)
	}
	query += ` ORDER BY lower(name), id LIMIT ?`
	args = append(args, page.Limit+1)
	var rows []groupRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.RotationGroup]{}, translate(err)
	}
	out := make([]*domain.RotationGroup, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, page, func(g *domain.RotationGroup) string {
		return domain.KeysetCursor{Key: strings.ToLower(g.Name), ID: g.ID}.Encode()
	}), nil
}

// OwnerGroups implements ports.PlanningStore.
func (s *Store) OwnerGroups(ctx context.Context, ownerID int64, ids []int64) (map[int64]*domain.RotationGroup, error) {
	out := map[int64]*domain.RotationGroup{}
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT `+groupColumns+` FROM rotation_groups WHERE user_id = ? AND id IN (?)`, ownerID, ids)
	if err != nil {
		return nil, err
	}
	var rows []groupRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return nil, translate(err)
	}
	for i := range rows {
		out[rows[i].ID] = rows[i].toDomain()
	}
	return out, nil
}

// UpdateGroup implements ports.PlanningStore.
func (s *Store) UpdateGroup(ctx context.Context, id int64, fn func(*domain.RotationGroup) error) (*domain.RotationGroup, error) {
	var out *domain.RotationGroup
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		var r groupRow
		if err := tx.GetContext(ctx, &r, s.q(`SELECT `+groupColumns+` FROM rotation_groups WHERE id = ?`+s.forUpdate()), id); err != nil {
			return translate(err)
		}
		g := r.toDomain()
		if err := fn(g); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE rotation_groups SET name = ?, description = ?, color = ? WHERE id = ?`),
			g.Name, g.Description, g.Color, id); err != nil {
			return groupConflict(translate(err))
		}
		out = g
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteGroup implements ports.PlanningStore. The group row is locked first, so an assignment
// being saved at the same moment (its foreign key check takes a share lock on the group) either
// commits before the count sees it or waits and then fails on the deleted group.
func (s *Store) DeleteGroup(ctx context.Context, id int64, check func(*domain.RotationGroup) error) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var r groupRow
		if err := tx.GetContext(ctx, &r, s.q(`SELECT `+groupColumns+` FROM rotation_groups WHERE id = ?`+s.forUpdate()), id); err != nil {
			return translate(err)
		}
		if check != nil {
			if err := check(r.toDomain()); err != nil {
				return err
			}
		}
		var used int
		if err := tx.GetContext(ctx, &used, s.q(`SELECT COUNT(*) FROM rotation_assignments WHERE group_id = ?`), id); err != nil {
			return translate(err)
		}
		if used > 0 {
			return domain.Errorf(domain.EConflict, domain.MsgGroupInUse)
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM rotation_groups WHERE id = ?`), id); err != nil {
			if domain.ErrorCode(translate(err)) == domain.EConflict {
				return domain.Errorf(domain.EConflict, domain.MsgGroupInUse)
			}
			return translate(err)
		}
		return nil
	})
}

type planRow struct {
	ID          int64          `db:"id"`
	UserID      int64          `db:"user_id"`
	Username    string         `db:"username"`
	Name        string         `db:"name"`
	Description string         `db:"description"`
	StartYear   int            `db:"start_year"`
	Duration    int            `db:"duration"`
	Gap         int            `db:"gap"`
	LayoutID    sql.NullInt64  `db:"layout_id"`
	LayoutName  sql.NullString `db:"layout_name"`
	Areas       string         `db:"areas"`
	GroupCount  int            `db:"group_count"`
	CreatedAt   time.Time      `db:"created_at"`
	UpdatedAt   time.Time      `db:"updated_at"`
}

const planSelect = `SELECT p.id, p.user_id, u.username, p.name, p.description, p.start_year, p.duration, p.gap, p.layout_id,
	l.name AS layout_name, p.areas, p.created_at, p.updated_at,
	(SELECT COUNT(DISTINCT a.group_id) FROM rotation_assignments a WHERE a.plan_id = p.id) AS group_count
	FROM rotation_plans p JOIN users u ON u.id = p.user_id LEFT JOIN garden_layouts l ON l.id = p.layout_id`

func (r *planRow) toDomain() *domain.RotationPlan {
	p := &domain.RotationPlan{ID: r.ID, UserID: r.UserID, Username: r.Username, Name: r.Name, Description: r.Description,
		StartYear: r.StartYear, Duration: r.Duration, Gap: r.Gap, LayoutID: nullInt(r.LayoutID), LayoutName: r.LayoutName.String,
		GroupCount: r.GroupCount, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if err := json.Unmarshal([]byte(r.Areas), &p.Areas); err != nil || p.Areas == nil {
		p.Areas = []string{}
	}
	return p
}

func areasJSON(areas []string) string {
	if areas == nil {
		areas = []string{}
	}
	b, _ := json.Marshal(areas)
	return string(b)
}

// CreatePlan implements ports.PlanningStore.
func (s *Store) CreatePlan(ctx context.Context, p *domain.RotationPlan) error {
	if p.CreatedAt.IsZero() {
		p.CreatedAt = time.Now()
	}
	if p.UpdatedAt.IsZero() {
		p.UpdatedAt = p.CreatedAt
	}
	p.CreatedAt, p.UpdatedAt = utc(p.CreatedAt), utc(p.UpdatedAt)
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if err := tx.GetContext(ctx, &p.ID, s.q(`INSERT INTO rotation_plans (user_id, name, description, start_year, duration, gap, layout_id, areas,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), p.UserID, p.Name, p.Description, p.StartYear, p.Duration,
			p.Gap, p.LayoutID, areasJSON(p.Areas), p.CreatedAt, p.UpdatedAt); err != nil {
			return planRefError(translate(err))
		}
		return s.saveAssignments(ctx, tx, p)
	})
}

func planRefError(err error) error {
	if domain.ErrorCode(err) == domain.EConflict {
		return domain.Errorf(domain.EInvalid, "A bed, layout or group of this plan no longer exists. Reload and try again.")
	}
	return err
}

func (s *Store) saveAssignments(ctx context.Context, tx *sqlx.Tx, p *domain.RotationPlan) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM rotation_assignments WHERE plan_id = ?`), p.ID); err != nil {
		return translate(err)
	}
	for _, a := range p.Assignments {
		var area any
		if a.BedID == nil {
			area = a.Area
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO rotation_assignments (plan_id, bed_id, area, year, group_id) VALUES (?, ?, ?, ?, ?)`),
			p.ID, a.BedID, area, a.Year, a.GroupID); err != nil {
			return planRefError(translate(err))
		}
	}
	p.GroupCount = domain.GroupCount(p.Assignments)
	return nil
}

func (s *Store) loadPlan(ctx context.Context, q sqlx.QueryerContext, id int64, lock bool) (*domain.RotationPlan, error) {
	if lock && s.dialect == Postgres {
		var one int
		if err := sqlx.GetContext(ctx, q, &one, s.q(`SELECT 1 FROM rotation_plans WHERE id = ? FOR UPDATE`), id); err != nil {
			return nil, translate(err)
		}
	}
	var r planRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(planSelect+` WHERE p.id = ?`), id); err != nil {
		return nil, translate(err)
	}
	p := r.toDomain()
	var rows []struct {
		BedID   sql.NullInt64  `db:"bed_id"`
		Area    sql.NullString `db:"area"`
		Year    int            `db:"year"`
		GroupID int64          `db:"group_id"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, s.q(`SELECT a.bed_id, a.area, a.year, a.group_id FROM rotation_assignments a
		LEFT JOIN garden_beds b ON b.id = a.bed_id WHERE a.plan_id = ? ORDER BY b.position, a.bed_id, a.area, a.year`), id); err != nil {
		return nil, translate(err)
	}
	p.Assignments = make([]domain.RotationAssignment, len(rows))
	for i, r := range rows {
		p.Assignments[i] = domain.RotationAssignment{BedID: nullInt(r.BedID), Area: r.Area.String, Year: r.Year, GroupID: r.GroupID}
	}
	return p, nil
}

// PlanByID implements ports.PlanningStore.
func (s *Store) PlanByID(ctx context.Context, id int64) (*domain.RotationPlan, error) {
	return s.loadPlan(ctx, s.db, id, false)
}

// ListPlans implements ports.PlanningStore.
func (s *Store) ListPlans(ctx context.Context, ownerID int64, search string, page domain.PageRequest) (domain.Page[*domain.RotationPlan], error) {
	query, args, err := newestFirst("p", planSelect+` WHERE p.user_id = ?`, []any{ownerID}, search, page)
	if err != nil {
		return domain.Page[*domain.RotationPlan]{}, err
	}
	var rows []planRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.RotationPlan]{}, translate(err)
	}
	out := make([]*domain.RotationPlan, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, page, func(p *domain.RotationPlan) string { return idCursor(p.ID) }), nil
}

// UpdatePlan implements ports.PlanningStore.
func (s *Store) UpdatePlan(ctx context.Context, id int64, fn func(*domain.RotationPlan) error) (*domain.RotationPlan, error) {
	var out *domain.RotationPlan
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.loadPlan(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := fn(p); err != nil {
			return err
		}
		if p.UpdatedAt.IsZero() {
			p.UpdatedAt = time.Now()
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE rotation_plans SET name = ?, description = ?, start_year = ?, duration = ?, gap = ?,
			layout_id = ?, areas = ?, updated_at = ? WHERE id = ?`), p.Name, p.Description, p.StartYear, p.Duration, p.Gap, p.LayoutID,
			areasJSON(p.Areas), utc(p.UpdatedAt), id); err != nil {
			return planRefError(translate(err))
		}
		if err := s.saveAssignments(ctx, tx, p); err != nil {
			return err
		}
		out, err = s.loadPlan(ctx, tx, id, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeletePlan implements ports.PlanningStore.
func (s *Store) DeletePlan(ctx context.Context, id int64, check func(*domain.RotationPlan) error) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var r planRow
		if err := tx.GetContext(ctx, &r, s.q(planSelect+` WHERE p.id = ?`+s.forUpdateOf("p")), id); err != nil {
			return translate(err)
		}
		if check != nil {
			if err := check(r.toDomain()); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM rotation_plans WHERE id = ?`), id)
		return translate(err)
	})
}
