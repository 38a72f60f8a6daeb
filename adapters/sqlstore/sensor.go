package sqlstore

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.SensorReadingStore = (*Store)(nil)

type sensorReadingRow struct {
	SensorID string    `db:"sensor_id"`
	Metric   string    `db:"metric"`
	At       time.Time `db:"at"`
	Value    float64   `db:"value"`
	Samples  int       `db:"samples"`
	Hourly   bool      `db:"hourly"`
}

// AddSensorReadings implements ports.SensorReadingStore: one multi-row INSERT per batchRows.
func (s *Store) AddSensorReadings(ctx context.Context, rs []domain.SensorReading) error {
	ext := s.ext(ctx)
	for start := 0; start < len(rs); start += batchRows {
		batch := rs[start:min(start+batchRows, len(rs))]
		marks := make([]string, len(batch))
		args := make([]any, 0, 4*len(batch))
		for i, r := range batch {
			marks[i] = "(?, ?, ?, ?)"
			args = append(args, r.SensorID, r.Metric, utc(r.At), r.Value)
		}
		if _, err := ext.ExecContext(ctx, s.q(`INSERT INTO sensor_readings (sensor_id, metric, at, value) VALUES `+strings.Join(marks, ", ")), args...); err != nil {
			return translate(err)
		}
	}
	return nil
}

// SensorReadings implements ports.SensorReadingStore, on sensor_readings_series.
func (s *Store) SensorReadings(ctx context.Context, sensorID, metric string, from, to time.Time, limit int) ([]domain.SensorReading, error) {
	var rows []sensorReadingRow
	if err := sqlx.SelectContext(ctx, s.ext(ctx), &rows, s.q(`SELECT sensor_id, metric, at, value, samples, hourly FROM sensor_readings
		WHERE sensor_id = ? AND metric = ? AND at >= ? AND at < ? ORDER BY at, id LIMIT ?`), sensorID, metric, utc(from), utc(to), limit); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.SensorReading, len(rows))
	for i, r := range rows {
		out[i] = domain.SensorReading{SensorID: r.SensorID, Metric: r.Metric, At: r.At.UTC(), Value: r.Value, Samples: r.Samples, Hourly: r.Hourly}
	}
	return out, nil
}

// hourOf is the SQL of the hour a reading's at falls in, written as the store writes times.
func (s *Store) hourOf() string {
	if s.dialect == Postgres {
		return `date_trunc('hour', at)`
	}
	// modernc's "sqlite" time format: UTC times end in +00:00 (utc() writes UTC only).
	return `strftime('%Y-%m-%d %H:00:00+00:00', at)`
}

// DownsampleSensorReadings implements ports.SensorReadingStore.
func (s *Store) DownsampleSensorReadings(ctx context.Context, before time.Time) (int, error) {
	var moved int
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO sensor_readings (sensor_id, metric, at, value, samples, hourly)
			SELECT sensor_id, metric, `+s.hourOf()+` AS hour, avg(value), count(*), TRUE FROM sensor_readings
			WHERE NOT hourly AND at < ? GROUP BY sensor_id, metric, hour
			ON CONFLICT (sensor_id, metric, at) WHERE hourly DO UPDATE SET
				value = (sensor_readings.value * sensor_readings.samples + excluded.value * excluded.samples) / (sensor_readings.samples + excluded.samples),
				samples = sensor_readings.samples + excluded.samples`), utc(before)); err != nil {
			return translate(err)
		}
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM sensor_readings WHERE NOT hourly AND at < ?`), utc(before))
		if err != nil {
			return translate(err)
		}
		n, err := res.RowsAffected()
		moved = int(n)
		return err
	})
	return moved, err
}

// PruneSensorReadings implements ports.SensorReadingStore, on sensor_readings_at.
func (s *Store) PruneSensorReadings(ctx context.Context, before time.Time) (int, error) {
	res, err := s.ext(ctx).ExecContext(ctx, s.q(`DELETE FROM sensor_readings WHERE at < ?`), utc(before))
	if err != nil {
		return 0, translate(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
