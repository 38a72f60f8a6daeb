package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
)

// plantRow is a plants row. The table's status column is no longer read or written: a plant's
// status is derived (domain.Plant.StatusOn); the column keeps its default for older replicas
// during a rolling upgrade and can be dropped once none runs.
type plantRow struct {
	ID                  int64         `db:"id"`
	UserID              int64         `db:"user_id"`
	Name                string        `db:"name"`
	Species             string        `db:"species"`
	PlantType           string        `db:"plant_type"`
	Location            string        `db:"location"`
	ImageURL            string        `db:"image_url"`
	LightNeeds          string        `db:"light_needs"`
	WaterFrequency      sql.NullInt64 `db:"water_frequency"`
	FertilizerFrequency sql.NullInt64 `db:"fertilizer_frequency"`
	Notes               string        `db:"notes"`
	GrowthProgress      int           `db:"growth_progress"`
	LastWatered         sql.NullTime  `db:"last_watered"`
	LastFertilized      sql.NullTime  `db:"last_fertilized"`
	AcquiredDate        time.Time     `db:"acquired_date"`
	CreatedAt           time.Time     `db:"created_at"`
}

const plantColumns = `id, user_id, name, species, plant_type, location, image_url, light_needs, water_frequency,
	fertilizer_frequency, notes, growth_progress, last_watered, last_fertilized, acquired_date, created_at`

func (r *plantRow) toDomain() *domain.Plant {
	return &domain.Plant{ID: r.ID, UserID: r.UserID, Name: r.Name, Species: r.Species, Type: domain.PlantType(r.PlantType),
		Location: r.Location, ImageURL: r.ImageURL, LightNeeds: r.LightNeeds, WaterFrequency: nullIntPtr(r.WaterFrequency),
		FertilizerFrequency: nullIntPtr(r.FertilizerFrequency), Notes: r.Notes,
		GrowthProgress: r.GrowthProgress, LastWatered: nullTime(r.LastWatered), LastFertilized: nullTime(r.LastFertilized),
		AcquiredDate: r.AcquiredDate.UTC(), CreatedAt: r.CreatedAt.UTC()}
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
		return translate(tx.GetContext(ctx, &p.ID, s.q(`INSERT INTO plants (user_id, name, species, plant_type, location,
			image_url, light_needs, water_frequency, fertilizer_frequency, notes, growth_progress, last_watered,
			last_fertilized, acquired_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			p.UserID, p.Name, p.Species, string(p.Type), p.Location, p.ImageURL, p.LightNeeds, p.WaterFrequency,
			p.FertilizerFrequency, p.Notes, p.GrowthProgress, p.LastWatered, p.LastFertilized,
			p.AcquiredDate, p.CreatedAt))
	})
}

func (s *Store) getPlant(ctx context.Context, q sqlx.QueryerContext, ownerID, id int64, lock bool) (*domain.Plant, error) {
	suffix := ""
	if lock {
		suffix = s.forUpdate()
	}
	var r plantRow
	if err := sqlx.GetContext(ctx, q, &r, s.q(`SELECT `+plantColumns+` FROM plants WHERE id = ? AND user_id = ?`+suffix), id, ownerID); err != nil {
		return nil, translate(err)
	}
	return r.toDomain(), nil
}

// PlantByID implements ports.PlantStore.
func (s *Store) PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error) {
	return s.getPlant(ctx, s.db, ownerID, id, false)
}

// ListPlants implements ports.PlantStore.
func (s *Store) ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error) {
	var rows []plantRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+plantColumns+` FROM plants WHERE user_id = ? ORDER BY id`), ownerID); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.Plant, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// CountPlants implements ports.PlantStore.
func (s *Store) CountPlants(ctx context.Context, ownerID int64) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.q(`SELECT count(*) FROM plants WHERE user_id = ?`), ownerID)
	return n, translate(err)
}

func (s *Store) savePlant(ctx context.Context, tx *sqlx.Tx, p *domain.Plant) error {
	_, err := tx.ExecContext(ctx, s.q(`UPDATE plants SET name = ?, species = ?, plant_type = ?, location = ?, image_url = ?,
		light_needs = ?, water_frequency = ?, fertilizer_frequency = ?, notes = ?, growth_progress = ?,
		last_watered = ?, last_fertilized = ?, acquired_date = ? WHERE id = ? AND user_id = ?`),
		p.Name, p.Species, string(p.Type), p.Location, p.ImageURL, p.LightNeeds, p.WaterFrequency, p.FertilizerFrequency,
		p.Notes, p.GrowthProgress, utcPtr(p.LastWatered), utcPtr(p.LastFertilized), utc(p.AcquiredDate), p.ID, p.UserID)
	return translate(err)
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
