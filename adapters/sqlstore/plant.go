package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

// Plants are scanned by hand into their fields (scanPlant), without sqlx's reflection: the plant
// list is the most read answer, and reflective scanning was about a fifth of its CPU. The
// table's status column is no longer read or written: a plant's status is derived
// (domain.Plant.StatusOn, or plantStatusSQL in a query); the column keeps its default for older
// replicas during a rolling upgrade and can be dropped once none runs.
const plantColumns = `id, user_id, name, species, plant_type, location, image_url, light_needs, water_frequency,
	fertilizer_frequency, notes, growth_progress, last_watered, last_fertilized, acquired_date, created_at, water_mode,
	fertilize_mode, suggested_water_frequency, suggested_fertilizer_frequency, water_learned_from, fertilize_learned_from,
	water_delay_days, outdoor, water_advance_days, fertilize_delay_days`

// taskDatesSQL selects the plant's earliest pending water and fertilize task dates
// (domain.Plant.WaterTaskDate, FertilizeTaskDate) for the plants row aliased by prefix: two
// correlated min() read from care_tasks_plant_type_open, in the plant's own statement.
func taskDatesSQL(prefix string) string {
	first := func(kind string) string {
		return `(SELECT min(t.scheduled_date) FROM care_tasks t WHERE t.plant_id = ` + prefix + `id AND t.task_type = '` + kind +
			`' AND NOT t.completed)`
	}
	return first("water") + ` AS water_task_due, ` + first("fertilize") + ` AS fertilize_task_due`
}

// plantSelect is plantColumns with the task dates, for reads of the plants table (no alias).
var plantSelect = plantColumns + `, ` + taskDatesSQL("plants.") + `, ` + sensorDrySQL("plants.")

// plantScan receives one row of plantColumns (and the derived status when asked); one per query,
// so a row costs the plant and its pointer fields only.
type plantScan struct {
	p                   domain.Plant
	plantType, status   string
	waterMode, fertMode string
	water, fert         sql.NullInt64
	sugWater, sugFert   sql.NullInt64
	watered, fertilized sql.NullTime
	waterTask, fertTask nullDate
	sensorDry           aggregateTime
	dest                []any
}

func newPlantScan(withStatus bool) *plantScan {
	r := &plantScan{}
	r.dest = []any{&r.p.ID, &r.p.UserID, &r.p.Name, &r.p.Species, &r.plantType, &r.p.Location, &r.p.ImageURL, &r.p.LightNeeds,
		&r.water, &r.fert, &r.p.Notes, &r.p.GrowthProgress, &r.watered, &r.fertilized, &r.p.AcquiredDate, &r.p.CreatedAt,
		&r.waterMode, &r.fertMode, &r.sugWater, &r.sugFert, &r.p.WaterLearnedFrom, &r.p.FertilizeLearnedFrom, &r.p.WaterDelayDays,
		&r.p.Outdoor, &r.p.WaterAdvanceDays, &r.p.FertilizeDelayDays, &r.waterTask, &r.fertTask, &r.sensorDry}
	if withStatus {
		r.dest = append(r.dest, &r.status)
	}
	return r
}

// scan reads the current row into a new plant.
func (r *plantScan) scan(row interface{ Scan(...any) error }) (*domain.Plant, error) {
	if err := row.Scan(r.dest...); err != nil {
		return nil, translate(err)
	}
	p := r.p
	p.Type, p.Status = domain.PlantType(r.plantType), domain.PlantStatus(r.status)
	p.WaterFrequency, p.FertilizerFrequency = nullIntPtr(r.water), nullIntPtr(r.fert)
	p.WaterMode, p.FertilizeMode = domain.CareMode(r.waterMode), domain.CareMode(r.fertMode)
	p.SuggestedWaterFrequency, p.SuggestedFertilizerFrequency = nullIntPtr(r.sugWater), nullIntPtr(r.sugFert)
	p.LastWatered, p.LastFertilized = nullTime(r.watered), nullTime(r.fertilized)
	p.WaterTaskDate, p.FertilizeTaskDate = r.waterTask.ptr(), r.fertTask.ptr()
	p.SensorDryAt = nil
	if r.sensorDry.Valid {
		t := r.sensorDry.Time
		p.SensorDryAt = &t
	}
	p.AcquiredDate, p.CreatedAt = p.AcquiredDate.UTC(), p.CreatedAt.UTC()
	return &p, nil
}

// queryPlants runs query, which selects plantColumns (then the derived status when withStatus),
// and scans every row; prepare runs it as a hot read (Store.hotQuery: pgx's own pool on
// PostgreSQL, a statement prepared once on SQLite).
func (s *Store) queryPlants(ctx context.Context, query string, args []any, withStatus, prepare bool) ([]*domain.Plant, error) {
	var rows rowsScanner
	if prepare {
		var err error
		if rows, err = s.hotQuery(ctx, query, args...); err != nil {
			return nil, err
		}
	} else {
		r, err := s.db.QueryContext(ctx, query, args...)
		if err != nil {
			return nil, translate(err)
		}
		rows = sqlRowsScanner{r}
	}
	defer rows.Close()
	out := []*domain.Plant{}
	r := newPlantScan(withStatus)
	for rows.Next() {
		p, err := r.scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, translate(rows.Err())
}

func nullIntPtr(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func nullTime(n sql.NullTime) *time.Time {
	if !n.Valid {
		return nil
	}
	t := n.Time.UTC()
	return &t
}

// CreatePlant implements ports.PlantStore.
func (s *Store) CreatePlant(ctx context.Context, p *domain.Plant, limit int) error {
	p.CreatedAt, p.AcquiredDate = utc(p.CreatedAt), utc(p.AcquiredDate)
	p.LastWatered, p.LastFertilized = utcPtr(p.LastWatered), utcPtr(p.LastFertilized)
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		// Locking the owner's row serialises concurrent creations for one user on Postgres;
		// SQLite's immediate transaction already holds the write lock.
		var owner int64
		if err := tx.GetContext(ctx, &owner, s.q(`SELECT id FROM users WHERE id = ?`+s.forUpdate()), p.UserID); err != nil {
			return translate(err)
		}
		if limit > 0 {
			var n int
			if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM plants WHERE user_id = ?`), p.UserID); err != nil {
				return translate(err)
			}
			if n >= limit {
				return domain.Errorf(domain.ELimitReached, domain.MsgPlantLimitReached)
			}
		}
		return s.insertPlant(ctx, tx, p)
	})
}

// insertPlant inserts p with the care events it queued, inside tx.
func (s *Store) insertPlant(ctx context.Context, tx *sqlx.Tx, p *domain.Plant) error {
	// A new plant's log is the events it queued, so it learns from them without a read.
	log := careNewestFirst(p.NewCare)
	p.Relearn(log, log, log)
	if err := tx.GetContext(ctx, &p.ID, s.q(`INSERT INTO plants (user_id, name, species, plant_type, location,
		image_url, light_needs, water_frequency, fertilizer_frequency, notes, growth_progress, last_watered,
		last_fertilized, acquired_date, created_at, water_mode, fertilize_mode, suggested_water_frequency,
		suggested_fertilizer_frequency, water_learned_from, fertilize_learned_from, water_delay_days, outdoor, water_advance_days,
		fertilize_delay_days)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		p.UserID, p.Name, p.Species, string(p.Type), p.Location, p.ImageURL, p.LightNeeds, p.WaterFrequency,
		p.FertilizerFrequency, p.Notes, p.GrowthProgress, p.LastWatered, p.LastFertilized,
		p.AcquiredDate, p.CreatedAt, string(modeOf(p.WaterMode)), string(modeOf(p.FertilizeMode)), p.SuggestedWaterFrequency,
		p.SuggestedFertilizerFrequency, p.WaterLearnedFrom, p.FertilizeLearnedFrom, p.WaterDelayDays, p.Outdoor, p.WaterAdvanceDays,
		p.FertilizeDelayDays); err != nil {
		return translate(err)
	}
	return s.insertCareEvents(ctx, tx, p)
}

func (s *Store) getPlant(ctx context.Context, q sqlx.QueryerContext, ownerID, id int64, lock bool) (*domain.Plant, error) {
	suffix := ""
	if lock {
		suffix = s.forUpdate()
	}
	return newPlantScan(false).scan(q.QueryRowxContext(ctx, s.q(`SELECT `+plantSelect+` FROM plants WHERE id = ? AND user_id = ?`+suffix), id, ownerID))
}

// PlantByID implements ports.PlantStore.
func (s *Store) PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error) {
	return s.getPlant(ctx, s.db, ownerID, id, false)
}

// ListPlants implements ports.PlantStore: every plant of the owner, which the dashboard's
// summary and the pickers read, as a hot read.
func (s *Store) ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error) {
	return s.queryPlants(ctx, s.plantListSQL(), []any{ownerID}, false, true)
}

// plantStatusSQL derives a plant's status in SQL exactly as domain.Plant.StatusOn does: its
// watering due on or before the date today (the last watering's UTC date plus the frequency in
// calendar days), then its fertilizing due or any of its pending tasks scheduled before today.
// Its arguments are the season factor when stretched (factor not "1"), then today three times
// (the partial index care_tasks_plant_open serves the probe).
func (s *Store) plantStatusSQL(factor string) string {
	due := func(last, days string) string {
		if s.dialect == Postgres {
			return `(p.` + last + ` AT TIME ZONE 'UTC')::date + ` + days + ` <= ?`
		}
		return `date(p.` + last + `, '+' || ` + days + ` || ' days') <= ?`
	}
	// A NULL interval makes the comparison NULL, so a plant without one is never due from its
	// schedule; a pending water (fertilize) task on or before today makes it due all the same.
	return `CASE WHEN (p.last_watered IS NOT NULL AND ` + due("last_watered", s.waterEverySQL("p.", factor)) + `) OR p.water_task_due <= ?
			OR ` + s.dateOfSQL("p.sensor_dry_at") + ` <= ?
			THEN 'needs_water'
		WHEN (p.last_fertilized IS NOT NULL AND ` + due("last_fertilized", fertilizeEverySQL("p.")) + `) OR p.fertilize_task_due <= ?
			OR EXISTS (SELECT 1 FROM care_tasks t WHERE t.plant_id = p.id AND t.user_id = p.user_id AND NOT t.completed
				AND t.scheduled_date <= ? AND t.task_type NOT IN ('water', 'fertilize'))
			THEN 'needs_care'
		ELSE 'healthy' END`
}

// dateOfSQL is the UTC date of a timestamp expression, as text comparable with a date argument.
func (s *Store) dateOfSQL(expr string) string {
	if s.dialect == Postgres {
		return `(` + expr + ` AT TIME ZONE 'UTC')::date`
	}
	return `date(` + expr + `)`
}

// PagePlants implements ports.PlantStore: one statement that derives each plant's status
// (plantStatusSQL), filters, orders (ties by id) and cuts the page, so a page reads its own rows
// and the overdue tasks of those rows only. Names order as Go's strings.Compare of the
// lower-cased text does (byte order: COLLATE "C" on PostgreSQL, BINARY on SQLite).
func (s *Store) PagePlants(ctx context.Context, ownerID int64, day time.Time, q domain.PlantQuery, offset, limit int) ([]*domain.Plant, error) {
	query, args := s.plantPageSQL(ownerID, day, q, offset, limit)
	return s.queryPlants(ctx, query, args, true, true)
}

// PlantPageSQL is the statement of the plant list's first page in the default order (by id)
// and its arguments, in dialect d, as PagePlants runs it: the load harness's bare baseline
// (tests/load/baseline) runs this very text, so the two compare the same SQL. Its rows are
// plantColumns, the two task dates, the sensor's dry start and the derived status.
func PlantPageSQL(d Dialect, ownerID int64, day time.Time, seasonFactor float64, limit int) (string, []any) {
	return sqlOnly(d).plantPageSQL(ownerID, day, domain.PlantQuery{SeasonFactor: seasonFactor}, 0, limit)
}

// sqlOnly is a store that only writes statements in dialect d: only the dialect and the
// placeholder style (Rebind) are read, no connection is needed.
func sqlOnly(d Dialect) *Store {
	driver := "sqlite"
	if d == Postgres {
		driver = "pgx"
	}
	return &Store{dialect: d, db: sqlx.NewDb(nil, driver)}
}

// PlantListSQL is ListPlants' statement in dialect d (its one argument: the owner), which the
// dashboard's summary reads: the load harness's bare baseline runs this very text. Its rows are
// plantColumns, the two task dates and the sensor's dry start.
func PlantListSQL(d Dialect) string { return sqlOnly(d).plantListSQL() }

func (s *Store) plantListSQL() string {
	return s.hotSQL(`SELECT ` + plantSelect + ` FROM plants WHERE user_id = ? ORDER BY id`)
}

// plantPageSQL builds PagePlants' statement (bound for the dialect) and its arguments.
func (s *Store) plantPageSQL(ownerID int64, day time.Time, q domain.PlantQuery, offset, limit int) (string, []any) {
	// The date goes as its text, not as a dbDate: pgx re-plans the encoding of a driver.Valuer's
	// result on every call, about a twentieth of the request's CPU on PostgreSQL.
	today := domain.DateOf(day).Format(domain.DateLayout)
	args := []any{today, today, today, today, today, today, ownerID}
	factor := "1"
	if q.SeasonFactor > 1 {
		factor, args = s.factorArgSQL(), append([]any{q.SeasonFactor}, args...)
	}
	// Three levels: the plant rows with their task dates, the status derived from them (with the
	// owner's winter stretch), then the filter, order and page over the derived status.
	query := `SELECT ` + plantColumns + `, water_task_due, fertilize_task_due, sensor_dry_at, derived_status FROM (SELECT p.*, ` +
		s.plantStatusSQL(factor) + ` AS derived_status FROM (SELECT p.id, p.user_id, p.name, p.species, p.plant_type,
		p.location, p.image_url, p.light_needs, p.water_frequency, p.fertilizer_frequency, p.notes, p.growth_progress,
		p.last_watered, p.last_fertilized, p.acquired_date, p.created_at, p.water_mode, p.fertilize_mode,
		p.suggested_water_frequency, p.suggested_fertilizer_frequency, p.water_learned_from, p.fertilize_learned_from,
		p.water_delay_days, p.outdoor, p.water_advance_days, p.fertilize_delay_days, ` + taskDatesSQL("p.") + `,
		` + sensorDrySQL("p.") + ` FROM plants p WHERE p.user_id = ?) p) p WHERE 1 = 1`
	if q.Status != "" {
		query += ` AND derived_status = ?`
		args = append(args, string(q.Status))
	}
	if strings.TrimSpace(q.Search) != "" {
		pat := searchPattern(q.Search)
		query += ` AND (lower(name) LIKE ? ESCAPE '\' OR lower(species) LIKE ? ESCAPE '\' OR lower(location) LIKE ? ESCAPE '\')`
		args = append(args, pat, pat, pat)
	}
	name := `lower(name)`
	if s.dialect == Postgres {
		name += ` COLLATE "C"`
	}
	switch q.Sort {
	case domain.SortPlantsName:
		query += ` ORDER BY ` + name + `, id`
	case domain.SortPlantsNameDesc:
		query += ` ORDER BY ` + name + ` DESC, id`
	case domain.SortPlantsOldest:
		query += ` ORDER BY acquired_date, id`
	case domain.SortPlantsNewest:
		query += ` ORDER BY acquired_date DESC, id`
	case domain.SortPlantsStatus:
		query += ` ORDER BY CASE derived_status WHEN 'needs_water' THEN 0 WHEN 'needs_care' THEN 1 ELSE 2 END, ` + name + `, id`
	default:
		query += ` ORDER BY id`
	}
	clause, pageArgs := limitOffset(limit, offset)
	return s.hotSQL(query + clause), append(args, pageArgs...)
}

// CountPlants implements ports.PlantStore.
func (s *Store) CountPlants(ctx context.Context, ownerID int64) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM plants WHERE user_id = ?`), ownerID)
	return n, translate(err)
}

// savePlant writes p and, first, the care events it queued (Plant.NewCare) with the intervals
// learned from the log they join, all in tx.
func (s *Store) savePlant(ctx context.Context, tx *sqlx.Tx, p *domain.Plant) error {
	if len(p.NewCare) > 0 {
		if err := s.insertCareEvents(ctx, tx, p); err != nil {
			return err
		}
		if err := s.relearn(ctx, tx, p, nil); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, s.q(`UPDATE plants SET name = ?, species = ?, plant_type = ?, location = ?, image_url = ?,
		light_needs = ?, water_frequency = ?, fertilizer_frequency = ?, notes = ?, growth_progress = ?,
		last_watered = ?, last_fertilized = ?, acquired_date = ?, water_mode = ?, fertilize_mode = ?,
		suggested_water_frequency = ?, suggested_fertilizer_frequency = ?, water_learned_from = ?, fertilize_learned_from = ?,
		water_delay_days = ?, outdoor = ?, water_advance_days = ?, fertilize_delay_days = ? WHERE id = ? AND user_id = ?`),
		p.Name, p.Species, string(p.Type), p.Location, p.ImageURL, p.LightNeeds, p.WaterFrequency, p.FertilizerFrequency,
		p.Notes, p.GrowthProgress, utcPtr(p.LastWatered), utcPtr(p.LastFertilized), utc(p.AcquiredDate),
		string(modeOf(p.WaterMode)), string(modeOf(p.FertilizeMode)), p.SuggestedWaterFrequency, p.SuggestedFertilizerFrequency,
		p.WaterLearnedFrom, p.FertilizeLearnedFrom, p.WaterDelayDays, p.Outdoor, p.WaterAdvanceDays, p.FertilizeDelayDays, p.ID, p.UserID)
	return translate(err)
}

// modeOf reads an unset mode as fixed.
func modeOf(m domain.CareMode) domain.CareMode {
	if m == "" {
		return domain.ModeFixed
	}
	return m
}

// waterEverySQL is a plant's watering interval in days as domain.Plant.NextWatering counts it
// (the effective frequency, the learned one stretched by the season factor, plus any
// postponement less any day brought forward), for the plants row aliased by prefix; factor is
// an SQL expression of the owner's season factor (GardenSettings.SeasonFactorOn), "1" for none.
// The stretch rounds half away from zero and stops at 365 days as domain.StretchDays does
// (numeric rounding on PostgreSQL: its round of a double rounds half to even).
func (s *Store) waterEverySQL(prefix, factor string) string {
	learned := prefix + `suggested_water_frequency`
	if factor != "1" {
		if s.dialect == Postgres {
			learned = `LEAST(CAST(round(CAST(` + learned + ` * ` + factor + ` AS numeric)) AS integer), 365)`
		} else {
			learned = `MIN(CAST(round(` + learned + ` * ` + factor + `) AS INTEGER), 365)`
		}
	}
	return `(COALESCE(CASE WHEN ` + prefix + `water_mode = 'adaptive' THEN ` + learned + ` END, ` +
		prefix + `water_frequency) + ` + prefix + `water_delay_days - ` + prefix + `water_advance_days)`
}

// factorArgSQL is a bound season factor as a double in either dialect.
func (s *Store) factorArgSQL() string {
	if s.dialect == Postgres {
		return `CAST(? AS double precision)`
	}
	return `CAST(? AS REAL)`
}

// fertilizeEverySQL is a plant's fertilizing interval in days as NextFertilizing counts it.
func fertilizeEverySQL(prefix string) string {
	return `(COALESCE(CASE WHEN ` + prefix + `fertilize_mode = 'adaptive' THEN ` + prefix + `suggested_fertilizer_frequency END, ` +
		prefix + `fertilizer_frequency) + ` + prefix + `fertilize_delay_days)`
}

// UpdatePlant implements ports.PlantStore.
func (s *Store) UpdatePlant(ctx context.Context, ownerID, id int64, fn func(*domain.Plant) error) (*domain.Plant, error) {
	var out *domain.Plant
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.getPlant(ctx, tx, ownerID, id, true)
		if err != nil {
			return err
		}
		if err := fn(p); err != nil {
			return err
		}
		p.ID, p.UserID = id, ownerID // fn may not move a plant to someone else
		if err := s.savePlant(ctx, tx, p); err != nil {
			return err
		}
		out = p
		return nil
	})
	return out, err
}

// DeletePlant implements ports.PlantStore. The foreign keys would cascade too; deleting
// explicitly keeps the behaviour independent of the foreign-key setting of a connection.
func (s *Store) DeletePlant(ctx context.Context, ownerID, id int64) error {
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.getPlant(ctx, tx, ownerID, id, true); err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM care_tasks WHERE plant_id = ? AND user_id = ?`,
			`DELETE FROM care_events WHERE plant_id = ? AND user_id = ?`,
			`DELETE FROM journal_entries WHERE plant_id = ? AND user_id = ?`,
			`DELETE FROM plants WHERE id = ? AND user_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, s.q(q), id, ownerID); err != nil {
				return translate(err)
			}
		}
		return nil
	})
}
