package sqlstore

import (
	"context"
	"database/sql"
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
	CreatedAt   time.Time       `db:"created_at"`
	UpdatedAt   time.Time       `db:"updated_at"`
}

const harvestColumns = `id, user_id, plant_id, plant_name, harvest_date, quantity, unit, notes, image_url, created_at, updated_at`

func (r *harvestRow) toDomain() *domain.Harvest {
	h := &domain.Harvest{ID: r.ID, UserID: r.UserID, PlantID: nullInt(r.PlantID), PlantName: r.PlantName, HarvestDate: r.HarvestDate.Time,
		Unit: domain.HarvestUnit(r.Unit), Notes: r.Notes, ImageURL: r.ImageURL, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
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
	// The plant must be the owner's: the row is only inserted when the SELECT finds it.
	err := s.db.GetContext(ctx, &h.ID, s.q(`INSERT INTO harvests (user_id, plant_id, plant_name, harvest_date, quantity, unit,
		unit_kind, common_quantity, notes, image_url, created_at, updated_at)
		SELECT ?, p.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM plants p WHERE p.id = ? AND p.user_id = ? RETURNING id`),
		h.UserID, h.PlantName, dbDate{h.HarvestDate}, sqlNullFloat(h.Quantity), string(h.Unit), kind, common, h.Notes, h.ImageURL,
		h.CreatedAt, h.UpdatedAt, *h.PlantID, h.UserID)
	if domain.ErrorCode(translate(err)) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	return translate(err)
}

func (s *Store) getHarvest(ctx context.Context, q sqlx.QueryerContext, ownerID, id int64, lock bool) (*domain.Harvest, error) {
	var r harvestRow
	query := `SELECT ` + harvestColumns + ` FROM harvests WHERE id = ? AND user_id = ?`
	if lock {
		query += s.forUpdate()
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

// harvestWhere builds the WHERE clause of f for the owner's records.
func (s *Store) harvestWhere(ownerID int64, f ports.HarvestFilter) (string, []any) {
	where := []string{`user_id = ?`}
	args := []any{ownerID}
	if f.PlantID > 0 {
		where, args = append(where, `plant_id = ?`), append(args, f.PlantID)
	}
	if f.Range.From != nil {
		where, args = append(where, `harvest_date >= ?`), append(args, dbDate{*f.Range.From})
	}
	if f.Range.To != nil {
		where, args = append(where, `harvest_date <= ?`), append(args, dbDate{*f.Range.To})
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(q)) + "%"
		where = append(where, `(lower(plant_name) LIKE ? ESCAPE '\' OR lower(notes) LIKE ? ESCAPE '\')`)
		args = append(args, pattern, pattern)
	}
	return strings.Join(where, " AND "), args
}

// likeEscaper makes a search text match literally inside a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ListHarvests implements ports.HarvestStore. The keyset is (harvest_date, id), both
// descending, which the harvests_user_date index serves.
func (s *Store) ListHarvests(ctx context.Context, ownerID int64, f ports.HarvestFilter, page domain.PageRequest) (domain.Page[*domain.Harvest], error) {
	where, args := s.harvestWhere(ownerID, f)
	cur, ok, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.Harvest]{}, err
	}
	if ok {
		d, valid := domain.ParseDate(cur.Key)
		if !valid {
			return domain.Page[*domain.Harvest]{}, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPageCursor,
				Fields: map[string]string{"cursor": domain.MsgPageCursor}}
		}
		where += ` AND (harvest_date < ? OR (harvest_date = ? AND id < ?))`
		args = append(args, dbDate{d}, dbDate{d}, cur.ID)
	}
	limit := page.Limit
	if limit < 1 {
		limit = domain.DefaultPageLimit
	}
	args = append(args, limit+1)
	var rows []harvestRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+harvestColumns+` FROM harvests WHERE `+where+
		` ORDER BY harvest_date DESC, id DESC LIMIT ?`), args...); err != nil {
		return domain.Page[*domain.Harvest]{}, translate(err)
	}
	out := make([]*domain.Harvest, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return domain.PageOf(out, domain.PageRequest{Limit: limit}, func(h *domain.Harvest) string {
		return domain.KeysetCursor{Key: h.HarvestDate.Format(domain.DateLayout), ID: h.ID}.Encode()
	}), nil
}

// UpdateHarvest implements ports.HarvestStore.
func (s *Store) UpdateHarvest(ctx context.Context, ownerID, id int64, fn func(*domain.Harvest) error) (*domain.Harvest, error) {
	var out *domain.Harvest
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		h, err := s.getHarvest(ctx, tx, ownerID, id, true)
		if err != nil {
			return err
		}
		before := h.PlantID
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
		common, kind := harvestValues(h)
		_, err = tx.ExecContext(ctx, s.q(`UPDATE harvests SET plant_id = ?, plant_name = ?, harvest_date = ?, quantity = ?, unit = ?,
			unit_kind = ?, common_quantity = ?, notes = ?, image_url = ?, updated_at = ? WHERE id = ? AND user_id = ?`),
			nullID(h.PlantID), h.PlantName, dbDate{h.HarvestDate}, sqlNullFloat(h.Quantity), string(h.Unit), kind, common, h.Notes,
			h.ImageURL, h.UpdatedAt, id, ownerID)
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

const harvestSums = `plant_name, unit_kind AS kind, COALESCE(SUM(common_quantity), 0) AS amount, COUNT(*) AS records,
	COUNT(common_quantity) AS quantified`

// SumHarvestsByPlant implements ports.HarvestStore.
func (s *Store) SumHarvestsByPlant(ctx context.Context, ownerID int64, f ports.HarvestFilter) ([]domain.HarvestSum, error) {
	where, args := s.harvestWhere(ownerID, f)
	var rows []harvestSumRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT '' AS month, `+harvestSums+` FROM harvests WHERE `+where+
		` GROUP BY plant_name, unit_kind ORDER BY plant_name, unit_kind`), args...); err != nil {
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
		return `to_char(harvest_date, 'YYYY-MM')`
	}
	return `substr(harvest_date, 1, 7)`
}

// SumHarvestsByMonth implements ports.HarvestStore.
func (s *Store) SumHarvestsByMonth(ctx context.Context, ownerID int64, f ports.HarvestFilter) ([]domain.MonthlyHarvestSum, error) {
	where, args := s.harvestWhere(ownerID, f)
	month := s.monthOf()
	var rows []harvestSumRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+month+` AS month, `+harvestSums+` FROM harvests WHERE `+where+
		` GROUP BY `+month+`, plant_name, unit_kind ORDER BY month, plant_name, unit_kind`), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.MonthlyHarvestSum, len(rows))
	for i, r := range rows {
		out[i] = domain.MonthlyHarvestSum{Month: r.Month, HarvestSum: r.sum()}
	}
	return out, nil
}
