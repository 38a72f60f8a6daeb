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

var _ ports.SensorLinkStore = (*Store)(nil)

const sensorLinkColumns = `id, user_id, plant_id, sensor_id, moisture_below, dry_since, last_moisture, last_at, created_at, updated_at`

type sensorLinkRow struct {
	ID            int64           `db:"id"`
	UserID        int64           `db:"user_id"`
	PlantID       int64           `db:"plant_id"`
	SensorID      string          `db:"sensor_id"`
	MoistureBelow sql.NullFloat64 `db:"moisture_below"`
	DrySince      sql.NullTime    `db:"dry_since"`
	LastMoisture  sql.NullFloat64 `db:"last_moisture"`
	LastAt        sql.NullTime    `db:"last_at"`
	CreatedAt     time.Time       `db:"created_at"`
	UpdatedAt     time.Time       `db:"updated_at"`
}

func nullFloatPtr(n sql.NullFloat64) *float64 {
	if !n.Valid {
		return nil
	}
	v := n.Float64
	return &v
}

func (r sensorLinkRow) link() *domain.SensorLink {
	return &domain.SensorLink{ID: r.ID, UserID: r.UserID, PlantID: r.PlantID, SensorID: r.SensorID,
		MoistureBelow: nullFloatPtr(r.MoistureBelow), DrySince: nullTime(r.DrySince), LastMoisture: nullFloatPtr(r.LastMoisture),
		LastAt: nullTime(r.LastAt), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

// sensorDrySQL selects the start of a linked sensor's dry spell begun after the plant's last
// watering (domain.Plant.SensorDryAt) for the plants row aliased by prefix, read from
// plant_sensors_plant in the plant's own statement.
func sensorDrySQL(prefix string) string {
	return `(SELECT min(ps.dry_since) FROM plant_sensors ps WHERE ps.plant_id = ` + prefix + `id AND ps.dry_since IS NOT NULL
		AND (` + prefix + `last_watered IS NULL OR ps.dry_since > ` + prefix + `last_watered)) AS sensor_dry_at`
}

// CreateSensorLink implements ports.SensorLinkStore: the plant's row is locked (Postgres) so two
// creations cannot both pass the limit.
func (s *Store) CreateSensorLink(ctx context.Context, l *domain.SensorLink, max int) error {
	l.CreatedAt, l.UpdatedAt = utc(l.CreatedAt), utc(l.UpdatedAt)
	return s.withTx(ctx, func(tx *sqlx.Tx) error {
		var plant int64
		if err := tx.GetContext(ctx, &plant, s.q(`SELECT id FROM plants WHERE id = ? AND user_id = ?`+s.forUpdate()), l.PlantID, l.UserID); err != nil {
			if domain.ErrorCode(translate(err)) == domain.ENotFound {
				return domain.Errorf(domain.ENotFound, domain.MsgSensorPlantNotFound)
			}
			return translate(err)
		}
		var n int
		if err := tx.GetContext(ctx, &n, s.q(`SELECT count(*) FROM plant_sensors WHERE plant_id = ?`), l.PlantID); err != nil {
			return translate(err)
		}
		if n >= max {
			return domain.Errorf(domain.ELimitReached, domain.MsgSensorLimit)
		}
		var taken int
		if err := tx.GetContext(ctx, &taken, s.q(`SELECT count(*) FROM plant_sensors WHERE sensor_id = ?`), l.SensorID); err != nil {
			return translate(err)
		}
		if taken > 0 {
			return domain.Errorf(domain.EConflict, domain.MsgSensorLinked)
		}
		err := tx.GetContext(ctx, &l.ID, s.q(`INSERT INTO plant_sensors (user_id, plant_id, sensor_id, moisture_below, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), l.UserID, l.PlantID, l.SensorID, l.MoistureBelow, l.CreatedAt, l.UpdatedAt)
		if domain.ErrorCode(translate(err)) == domain.EConflict {
			return domain.Errorf(domain.EConflict, domain.MsgSensorLinked)
		}
		return translate(err)
	})
}

// SensorLinks implements ports.SensorLinkStore, on plant_sensors_plant.
func (s *Store) SensorLinks(ctx context.Context, userID, plantID int64) ([]*domain.SensorLink, error) {
	var rows []sensorLinkRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+sensorLinkColumns+` FROM plant_sensors WHERE plant_id = ? AND user_id = ?
		ORDER BY id LIMIT ?`), plantID, userID, domain.MaxSensorsPerPlant); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.SensorLink, len(rows))
	for i, r := range rows {
		out[i] = r.link()
	}
	return out, nil
}

// SensorLink implements ports.SensorLinkStore.
func (s *Store) SensorLink(ctx context.Context, userID, plantID, id int64) (*domain.SensorLink, error) {
	var r sensorLinkRow
	if err := sqlx.GetContext(ctx, s.ext(ctx), &r, s.q(`SELECT `+sensorLinkColumns+` FROM plant_sensors WHERE id = ? AND plant_id = ? AND user_id = ?`),
		id, plantID, userID); err != nil {
		return nil, sensorNotFound(translate(err))
	}
	return r.link(), nil
}

func sensorNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgSensorNotFound)
	}
	return err
}

// UpdateSensorLink implements ports.SensorLinkStore.
func (s *Store) UpdateSensorLink(ctx context.Context, l *domain.SensorLink) error {
	l.UpdatedAt = utc(l.UpdatedAt)
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`UPDATE plant_sensors SET moisture_below = ?, dry_since = ?, last_moisture = ?, last_at = ?,
		updated_at = ? WHERE id = ? AND user_id = ?`), l.MoistureBelow, utcPtr(l.DrySince), l.LastMoisture, utcPtr(l.LastAt), l.UpdatedAt, l.ID, l.UserID)
	if err != nil {
		return translate(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Errorf(domain.ENotFound, domain.MsgSensorNotFound)
	}
	return nil
}

// DeleteSensorLink implements ports.SensorLinkStore.
func (s *Store) DeleteSensorLink(ctx context.Context, userID, plantID, id int64) error {
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`DELETE FROM plant_sensors WHERE id = ? AND plant_id = ? AND user_id = ?`), id, plantID, userID)
	if err != nil {
		return translate(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Errorf(domain.ENotFound, domain.MsgSensorNotFound)
	}
	return nil
}

// SensorLinkBySensor implements ports.SensorLinkStore: one statement on plant_sensors_sensor.
func (s *Store) SensorLinkBySensor(ctx context.Context, sensorID string) (*domain.SensorLink, *ports.SensorPlant, error) {
	var r struct {
		sensorLinkRow
		Name        string       `db:"name"`
		LastWatered sql.NullTime `db:"last_watered"`
	}
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE OF ps"
	}
	cols := "ps." + strings.ReplaceAll(sensorLinkColumns, ", ", ", ps.")
	if err := sqlx.GetContext(ctx, s.ext(ctx), &r, s.q(`SELECT `+cols+`, p.name, p.last_watered FROM plant_sensors ps
		JOIN plants p ON p.id = ps.plant_id WHERE ps.sensor_id = ?`+lock), sensorID); err != nil {
		return nil, nil, sensorNotFound(translate(err))
	}
	return r.link(), &ports.SensorPlant{Name: r.Name, LastWatered: nullTime(r.LastWatered)}, nil
}

// LatestSensorReadings implements ports.SensorLinkStore: one statement of one probe per metric
// on sensor_readings_series.
func (s *Store) LatestSensorReadings(ctx context.Context, sensorID string) ([]domain.SensorReading, error) {
	parts := make([]string, len(domain.SensorMetrics))
	args := make([]any, 0, 2*len(domain.SensorMetrics))
	for i, m := range domain.SensorMetrics {
		parts[i] = `SELECT * FROM (SELECT sensor_id, metric, at, value, samples, hourly FROM sensor_readings
			WHERE sensor_id = ? AND metric = ? ORDER BY at DESC LIMIT 1) l` + string(rune('a'+i))
		args = append(args, sensorID, m)
	}
	var rows []sensorReadingRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(strings.Join(parts, " UNION ALL ")), args...); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.SensorReading, len(rows))
	for i, r := range rows {
		out[i] = domain.SensorReading{SensorID: r.SensorID, Metric: r.Metric, At: r.At.UTC(), Value: r.Value, Samples: r.Samples, Hourly: r.Hourly}
	}
	return out, nil
}

var _ ports.PlantScanStore = (*Store)(nil)

// PlantsAfter implements ports.PlantScanStore: one statement a page, on the primary key.
func (s *Store) PlantsAfter(ctx context.Context, afterID int64, limit int) ([]*domain.Plant, error) {
	return s.queryPlants(ctx, s.q(`SELECT `+plantSelect+` FROM plants WHERE id > ? ORDER BY id LIMIT ?`), []any{afterID, limit}, false, false)
}
