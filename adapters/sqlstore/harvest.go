package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.HarvestStore = (*Store)(nil)

type harvestRow struct {
	ID          int64           `db:"id"`
	UserID      int64           `db:"user_id"`
	PlantID     sql.NullInt64   `db:"plant_id"`
	PlantName   string          `db:"plant_name"`
	HarvestDate dbDate          `db:"harvest_date"`
	Quantity    sql.NullFloat64 `db:"quantity"`
	Unit        string          `db:"unit"`
	Notes       string          `db:"notes"`
	ImageURL    string          `db:"image_url"`
	BedID       sql.NullInt64   `db:"bed_id"`
	BedName     string          `db:"bed_name"`
	LayoutName  string          `db:"layout_name"`
	CreatedAt   time.Time       `db:"created_at"`
	UpdatedAt   time.Time       `db:"updated_at"`
}

// harvestSelect reads records (alias h) with their bed's and layout's names.
const harvestSelect = `SELECT h.id, h.user_id, h.plant_id, h.plant_name, h.harvest_date, h.quantity, h.unit, h.notes, h.image_url,
	h.bed_id, COALESCE(b.name, '') AS bed_name, COALESCE(l.name, '') AS layout_name, h.created_at, h.updated_at
	FROM harvests h LEFT JOIN garden_beds b ON b.id = h.bed_id LEFT JOIN garden_layouts l ON l.id = b.layout_id`

// ownBed is the condition that bed ? is a bed of one of owner ?'s garden layouts.
const ownBed = `EXISTS (SELECT 1 FROM garden_beds ob JOIN garden_layouts ol ON ol.id = ob.layout_id WHERE ob.id = ? AND ol.user_id = ?)`

func (r *harvestRow) toDomain() *domain.Harvest {
	h := &domain.Harvest{ID: r.ID, UserID: r.UserID, PlantID: nullInt(r.PlantID), PlantName: r.PlantName, HarvestDate: r.HarvestDate.Time,
		Unit: domain.HarvestUnit(r.Unit), Notes: r.Notes, ImageURL: r.ImageURL, BedID: nullInt(r.BedID), BedName: r.BedName, LayoutName: r.LayoutName,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if r.Quantity.Valid {
		q := r.Quantity.Float64
		h.Quantity = &q
	}
	return h
}

// harvestValues are the stored derivations of a record: its quantity in the common unit and
// the unit's kind, computed by the domain.
func harvestValues(h *domain.Harvest) (common sql.NullFloat64, kind string) {
	amount, k := h.Common()
	if amount != nil {
		common = sql.NullFloat64{Float64: *amount, Valid: true}
	}
	return common, string(k)
}

func sqlNullFloat(f *float64) sql.NullFloat64 {
	if f == nil {
		return sql.NullFloat64{}
	}
	return sql.NullFloat64{Float64: *f, Valid: true}
}

func nullID(id *int64) sql.NullInt64 {
	if id == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *id, Valid: true}
}

// CreateHarvest implements ports.HarvestStore.
func (s *Store) CreateHarvest(ctx context.Context, h *domain.Harvest) error {
	if h.PlantID == nil {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	h.CreatedAt = utc(h.CreatedAt)
	if h.UpdatedAt.IsZero() {
		h.UpdatedAt = h.CreatedAt
	}
	h.UpdatedAt = utc(h.UpdatedAt)
	common, kind := harvestValues(h)
	// The plant, and the bed when there is one, must be the owner's: the row is only inserted
	// when the SELECT finds them.
	query := `INSERT INTO harvests (user_id, plant_id, plant_name, harvest_date, quantity, unit,
		unit_kind, common_quantity, notes, image_url, bed_id, created_at, updated_at)
		SELECT ?, p.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM plants p WHERE p.id = ? AND p.user_id = ?`
	args := []any{h.UserID, h.PlantName, dbDate{h.HarvestDate}, sqlNullFloat(h.Quantity), string(h.Unit), kind, common, h.Notes, h.ImageURL,
		nullID(h.BedID), h.CreatedAt, h.UpdatedAt, *h.PlantID, h.UserID}
	if h.BedID != nil {
		query += ` AND ` + ownBed
		args = append(args, *h.BedID, h.UserID)
	}
	err := sqlx.GetContext(ctx, s.ext(ctx), &h.ID, s.q(query+` RETURNING id`), args...)
	if domain.ErrorCode(translate(err)) == domain.ENotFound {
		// Nothing inserted: say which of the two was missing (only on this failure path).
		if h.BedID != nil {
			if _, bedErr := s.HarvestBed(ctx, h.UserID, *h.BedID); domain.ErrorCode(bedErr) == domain.ENotFound {
				return bedErr
			}
		}
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	return translate(err)
}

func (s *Store) getHarvest(ctx context.Context, q sqlx.QueryerContext, ownerID, id int64, lock bool) (*domain.Harvest, error) {
	var r harvestRow
	query := harvestSelect + ` WHERE h.id = ? AND h.user_id = ?`
	if lock {
		query += s.forUpdateOf("h")
	}
	if err := sqlx.GetContext(ctx, q, &r, s.q(query), id, ownerID); err != nil {
		if domain.ErrorCode(translate(err)) == domain.ENotFound {
			return nil, domain.Errorf(domain.ENotFound, domain.MsgHarvestNotFound)
		}
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// HarvestByID implements ports.HarvestStore.
func (s *Store) HarvestByID(ctx context.Context, ownerID, id int64) (*domain.Harvest, error) {
	return s.getHarvest(ctx, s.db, ownerID, id, false)
}

// harvestWhere builds the WHERE clause of f for the owner's records; every column is read
// from the table with alias h (the queries join beds and layouts, which have a user_id too).
func (s *Store) harvestWhere(ownerID int64, f ports.HarvestFilter) (string, []any) {
	where := []string{`h.user_id = ?`}
	args := []any{ownerID}
	if f.PlantID > 0 {
		where, args = append(where, `h.plant_id = ?`), append(args, f.PlantID)
	}
	if f.Range.From != nil {
		where, args = append(where, `h.harvest_date >= ?`), append(args, dbDate{*f.Range.From})
	}
	if f.Range.To != nil {
		where, args = append(where, `h.harvest_date <= ?`), append(args, dbDate{*f.Range.To})
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(q)) + "%"
		where = append(where, `(lower(h.plant_name) LIKE ? ESCAPE '\' OR lower(h.notes) LIKE ? ESCAPE '\')`)
		args = append(args, pattern, pattern)
	}
	return strings.Join(where, " AND "), args
}

// likeEscaper makes a search text match literally inside a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ListHarvests implements ports.HarvestStore. The keyset is (harvest_date, id), both
// descending, which the harvests_user_date index serves. A hot read (Store.hotQuery), scanned
// by hand (harvestScan).
func (s *Store) ListHarvests(ctx context.Context, ownerID int64, f ports.HarvestFilter, page domain.PageRequest) (domain.Page[*domain.Harvest], error) {
	query, args, limit, err := s.harvestListSQL(ownerID, f, page)
	if err != nil {
		return domain.Page[*domain.Harvest]{}, err
	}
	rows, err := s.hotQuery(ctx, query, args...)
	if err != nil {
		return domain.Page[*domain.Harvest]{}, err
	}
	defer rows.Close()
	out := make([]*domain.Harvest, 0, limit+1)
	var r harvestRow
	dest := r.dest()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return domain.Page[*domain.Harvest]{}, translate(err)
		}
		out = append(out, r.toDomain())
	}
	if err := rows.Err(); err != nil {
		return domain.Page[*domain.Harvest]{}, translate(err)
	}
	return domain.PageOf(out, domain.PageRequest{Limit: limit}, func(h *domain.Harvest) string {
		return domain.KeysetCursor{Key: h.HarvestDate.Format(domain.DateLayout), ID: h.ID}.Encode()
	}), nil
}

// HarvestPageSQL is ListHarvests' statement for the first page of limit records without a
// filter, and its arguments, in dialect d: the load harness's bare baseline runs this very text.
// It asks one row more than the page, as ListHarvests does.
func HarvestPageSQL(d Dialect, ownerID int64, limit int) (string, []any) {
	q, args, _, _ := sqlOnly(d).harvestListSQL(ownerID, ports.HarvestFilter{}, domain.PageRequest{Limit: limit})
	return q, args
}

// dest are the scan destinations of harvestSelect's columns.
func (r *harvestRow) dest() []any {
	return []any{&r.ID, &r.UserID, &r.PlantID, &r.PlantName, &r.HarvestDate, &r.Quantity, &r.Unit, &r.Notes, &r.ImageURL,
		&r.BedID, &r.BedName, &r.LayoutName, &r.CreatedAt, &r.UpdatedAt}
}

// harvestListSQL builds ListHarvests' statement (bound), its arguments and the page's size.
func (s *Store) harvestListSQL(ownerID int64, f ports.HarvestFilter, page domain.PageRequest) (string, []any, int, error) {
	where, args := s.harvestWhere(ownerID, f)
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return "", nil, 0, err
	}
	if ok {
		d, valid := domain.ParseDate(cur.Key)
		if !valid {
			return "", nil, 0, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPageCursor,
				Fields: map[string]string{"cursor": domain.MsgPageCursor}}
		}
		where += ` AND (h.harvest_date < ? OR (h.harvest_date = ? AND h.id < ?))`
		args = append(args, dbDate{d}, dbDate{d}, cur.ID)
	}
	limit := page.Limit
	if limit < 1 {
		limit = domain.DefaultPageLimit
	}
	args = append(args, limit+1)
	return s.hotSQL(harvestSelect + ` WHERE ` + where + ` ORDER BY h.harvest_date DESC, h.id DESC LIMIT ?`), args, limit, nil
}

// UpdateHarvest implements ports.HarvestStore.
func (s *Store) UpdateHarvest(ctx context.Context, ownerID, id int64, fn func(*domain.Harvest) error) (*domain.Harvest, error) {
	var out *domain.Harvest
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		h, err := s.getHarvest(ctx, tx, ownerID, id, true)
		if err != nil {
			return err
		}
		before, beforeBed := h.PlantID, h.BedID
		if err := fn(h); err != nil {
			return err
		}
		h.ID, h.UserID = id, ownerID // fn may not move a record to someone else
		h.UpdatedAt = utc(h.UpdatedAt)
		if h.PlantID != nil && (before == nil || *before != *h.PlantID) {
			// Locking the plant's row keeps it from being deleted before this update commits.
			var found int64
			err := tx.GetContext(ctx, &found, s.q(`SELECT id FROM plants WHERE id = ? AND user_id = ?`+s.forUpdate()), *h.PlantID, ownerID)
			if domain.ErrorCode(translate(err)) == domain.ENotFound {
				return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
			}
			if err != nil {
				return translate(err)
			}
		}
		if h.BedID != nil && (beforeBed == nil || *beforeBed != *h.BedID) {
			// Locking the bed's row keeps it from being deleted before this update commits.
			var found int64
			err := tx.GetContext(ctx, &found, s.q(`SELECT b.id FROM garden_beds b JOIN garden_layouts l ON l.id = b.layout_id
				WHERE b.id = ? AND l.user_id = ?`+s.forUpdateOf("b")), *h.BedID, ownerID)
			if domain.ErrorCode(translate(err)) == domain.ENotFound {
				return domain.Errorf(domain.ENotFound, domain.MsgHarvestBedNotFound)
			}
			if err != nil {
				return translate(err)
			}
		}
		if h.BedID == nil {
			h.BedName, h.LayoutName = "", ""
		}
		common, kind := harvestValues(h)
		_, err = tx.ExecContext(ctx, s.q(`UPDATE harvests SET plant_id = ?, plant_name = ?, harvest_date = ?, quantity = ?, unit = ?,
			unit_kind = ?, common_quantity = ?, notes = ?, image_url = ?, bed_id = ?, updated_at = ? WHERE id = ? AND user_id = ?`),
			nullID(h.PlantID), h.PlantName, dbDate{h.HarvestDate}, sqlNullFloat(h.Quantity), string(h.Unit), kind, common, h.Notes,
			h.ImageURL, nullID(h.BedID), h.UpdatedAt, id, ownerID)
		if err != nil {
			return translate(err)
		}
		out = h
		return nil
	})
	return out, err
}

// DeleteHarvest implements ports.HarvestStore.
func (s *Store) DeleteHarvest(ctx context.Context, ownerID, id int64) error {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM harvests WHERE id = ? AND user_id = ?`), id, ownerID)
	if err := affectedOne(res, err); err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return domain.Errorf(domain.ENotFound, domain.MsgHarvestNotFound)
		}
		return err
	}
	return nil
}

type harvestSumRow struct {
	Month      string  `db:"month"`
	PlantName  string  `db:"plant_name"`
	Kind       string  `db:"kind"`
	Amount     float64 `db:"amount"`
	Records    int     `db:"records"`
	Quantified int     `db:"quantified"`
}

func (r harvestSumRow) sum() domain.HarvestSum {
	return domain.HarvestSum{PlantName: r.PlantName, Kind: domain.UnitKind(r.Kind), Amount: r.Amount, Records: r.Records, Quantified: r.Quantified}
}

const harvestSums = `h.plant_name, h.unit_kind AS kind, COALESCE(SUM(h.common_quantity), 0) AS amount, COUNT(*) AS records,
	COUNT(h.common_quantity) AS quantified`

// SumHarvestsByPlant implements ports.HarvestStore.
func (s *Store) SumHarvestsByPlant(ctx context.Context, ownerID int64, f ports.HarvestFilter) ([]domain.HarvestSum, error) {
	where, args := s.harvestWhere(ownerID, f)
	var rows []harvestSumRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT '' AS month, `+harvestSums+` FROM harvests h WHERE `+where+
		` GROUP BY h.plant_name, h.unit_kind ORDER BY h.plant_name, h.unit_kind`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.HarvestSum, len(rows))
	for i, r := range rows {
		out[i] = r.sum()
	}
	return out, nil
}

// monthOf is the yyyy-MM of harvest_date in the store's dialect.
func (s *Store) monthOf() string {
	if s.dialect == Postgres {
		return `to_char(h.harvest_date, 'YYYY-MM')`
	}
	return `substr(h.harvest_date, 1, 7)`
}

// SumHarvestsByMonth implements ports.HarvestStore.
func (s *Store) SumHarvestsByMonth(ctx context.Context, ownerID int64, f ports.HarvestFilter) ([]domain.MonthlyHarvestSum, error) {
	where, args := s.harvestWhere(ownerID, f)
	month := s.monthOf()
	var rows []harvestSumRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+month+` AS month, `+harvestSums+` FROM harvests h WHERE `+where+
		` GROUP BY `+month+`, h.plant_name, h.unit_kind ORDER BY month, h.plant_name, h.unit_kind`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.MonthlyHarvestSum, len(rows))
	for i, r := range rows {
		out[i] = domain.MonthlyHarvestSum{Month: r.Month, HarvestSum: r.sum()}
	}
	return out, nil
}

// harvestBedColumns reads a bed (alias b) of a layout (alias l) as a harvestBedRow.
const harvestBedColumns = `b.id, b.name, l.id AS layout_id, l.name AS layout_name, b.width * b.height AS area`

type harvestBedRow struct {
	ID         int64   `db:"id"`
	Name       string  `db:"name"`
	LayoutID   int64   `db:"layout_id"`
	LayoutName string  `db:"layout_name"`
	Area       float64 `db:"area"`
	Position   int     `db:"position"`
}

func (r *harvestBedRow) toDomain() domain.HarvestBed {
	return domain.HarvestBed{ID: r.ID, Name: r.Name, LayoutID: r.LayoutID, LayoutName: r.LayoutName, Area: r.Area}
}

// HarvestBed implements ports.HarvestStore.
func (s *Store) HarvestBed(ctx context.Context, ownerID, bedID int64) (*domain.HarvestBed, error) {
	var r harvestBedRow
	err := s.db.GetContext(ctx, &r, s.q(`SELECT `+harvestBedColumns+`, b.position FROM garden_beds b JOIN garden_layouts l ON l.id = b.layout_id
		WHERE b.id = ? AND l.user_id = ?`), bedID, ownerID)
	if domain.ErrorCode(translate(err)) == domain.ENotFound {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgHarvestBedNotFound)
	}
	if err != nil {
		return nil, translate(err)
	}
	b := r.toDomain()
	return &b, nil
}

// ListHarvestBeds implements ports.HarvestStore. The keyset is (layout id descending, position,
// bed id), served by garden_layouts_user and garden_beds_layout; the cursor's key is
// "layoutID.position".
func (s *Store) ListHarvestBeds(ctx context.Context, ownerID int64, page domain.PageRequest) (domain.Page[*domain.HarvestBed], error) {
	query := `SELECT ` + harvestBedColumns + `, b.position FROM garden_layouts l JOIN garden_beds b ON b.layout_id = l.id WHERE l.user_id = ?`
	args := []any{ownerID}
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.HarvestBed]{}, err
	}
	if ok {
		layoutID, position, valid := parseBedKey(cur.Key)
		if !valid {
			return domain.Page[*domain.HarvestBed]{}, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPageCursor,
				Fields: map[string]string{"cursor": domain.MsgPageCursor}}
		}
		query += ` AND (l.id < ? OR (l.id = ? AND (b.position > ? OR (b.position = ? AND b.id > ?))))`
		args = append(args, layoutID, layoutID, position, position, cur.ID)
	}
	limit := page.Limit
	if limit < 1 {
		limit = domain.DefaultPageLimit
	}
	var rows []harvestBedRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query+` ORDER BY l.id DESC, b.position, b.id LIMIT ?`), append(args, limit+1)...); err != nil {
		return domain.Page[*domain.HarvestBed]{}, translate(err)
	}
	positions := map[int64]int{}
	out := make([]*domain.HarvestBed, len(rows))
	for i := range rows {
		b := rows[i].toDomain()
		out[i] = &b
		positions[b.ID] = rows[i].Position
	}
	return domain.PageOf(out, domain.PageRequest{Limit: limit}, func(b *domain.HarvestBed) string {
		return domain.KeysetCursor{Key: strconv.FormatInt(b.LayoutID, 10) + "." + strconv.Itoa(positions[b.ID]), ID: b.ID}.Encode()
	}), nil
}

// parseBedKey reads the "layoutID.position" key of a bed list cursor.
func parseBedKey(key string) (layoutID int64, position int, ok bool) {
	l, p, found := strings.Cut(key, ".")
	if !found {
		return 0, 0, false
	}
	layoutID, err1 := strconv.ParseInt(l, 10, 64)
	position, err2 := strconv.Atoi(p)
	return layoutID, position, err1 == nil && err2 == nil
}

type bedSumRow struct {
	harvestBedRow
	Kind          string  `db:"kind"`
	Amount        float64 `db:"amount"`
	PerSquareFoot float64 `db:"per_square_foot"`
	Records       int     `db:"records"`
	Quantified    int     `db:"quantified"`
}

// SumHarvestsByBed implements ports.HarvestStore. The bed must still be on one of the owner's
// layouts (it always is: a record only takes the owner's beds, and a deleted bed clears the link).
func (s *Store) SumHarvestsByBed(ctx context.Context, ownerID int64, f ports.HarvestFilter) ([]domain.BedHarvestSum, error) {
	where, args := s.harvestWhere(ownerID, f)
	var rows []bedSumRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+harvestBedColumns+`, b.position, h.unit_kind AS kind,
		COALESCE(SUM(h.common_quantity), 0) AS amount, COALESCE(SUM(h.common_quantity), 0) / (b.width * b.height) AS per_square_foot,
		COUNT(*) AS records, COUNT(h.common_quantity) AS quantified
		FROM harvests h JOIN garden_beds b ON b.id = h.bed_id JOIN garden_layouts l ON l.id = b.layout_id AND l.user_id = h.user_id
		WHERE `+where+` AND h.bed_id IS NOT NULL
		GROUP BY l.id, l.name, b.id, b.name, b.position, b.width, b.height, h.unit_kind
		ORDER BY lower(l.name), l.id, b.position, b.id, h.unit_kind`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.BedHarvestSum, len(rows))
	for i, r := range rows {
		out[i] = domain.BedHarvestSum{Bed: r.toDomain(), Kind: domain.UnitKind(r.Kind), Amount: r.Amount, PerSquareFoot: r.PerSquareFoot,
			Records: r.Records, Quantified: r.Quantified}
	}
	return out, nil
}
