package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// SensorReadingStore keeps soil-sensor readings with a bounded retention.
type SensorReadingStore interface {
	// AddSensorReadings stores raw readings, in a few statements whatever their number.
	AddSensorReadings(ctx context.Context, rs []domain.SensorReading) error
	// SensorReadings returns a series from from (inclusive) to to (exclusive), oldest first, at
	// most limit rows.
	SensorReadings(ctx context.Context, sensorID, metric string, from, to time.Time, limit int) ([]domain.SensorReading, error)
	// DownsampleSensorReadings folds the raw readings older than before into one hourly row
	// per sensor, metric and hour (the mean, merged with an hourly row already there), in one
	// transaction of two statements whatever their number; it returns how many raw rows went.
	DownsampleSensorReadings(ctx context.Context, before time.Time) (int, error)
	// PruneSensorReadings deletes every reading older than before.
	PruneSensorReadings(ctx context.Context, before time.Time) (int, error)
}
