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

// SensorLinkStore keeps the links of sensors to plants (domain.SensorLink).
type SensorLinkStore interface {
	// CreateSensorLink stores l (ID, CreatedAt set by the caller's clock) when the plant is its
	// user's and has fewer than max links. Codes: not_found (no such plant of the user),
	// conflict (the sensor id is linked already), limit_reached (max links).
	CreateSensorLink(ctx context.Context, l *domain.SensorLink, max int) error
	// SensorLinks returns a plant's links, oldest first (at most domain.MaxSensorsPerPlant).
	SensorLinks(ctx context.Context, userID, plantID int64) ([]*domain.SensorLink, error)
	// SensorLink returns one link of the user's plant. Codes: not_found.
	SensorLink(ctx context.Context, userID, plantID, id int64) (*domain.SensorLink, error)
	// UpdateSensorLink saves the threshold and the dry state of l. Codes: not_found.
	UpdateSensorLink(ctx context.Context, l *domain.SensorLink) error
	// DeleteSensorLink deletes one link of the user's plant. Codes: not_found.
	DeleteSensorLink(ctx context.Context, userID, plantID, id int64) error
	// SensorLinkBySensor returns the link of a sensor id with its plant's last watering and
	// name, locking the link row in ctx's transaction (Postgres). Codes: not_found.
	SensorLinkBySensor(ctx context.Context, sensorID string) (*domain.SensorLink, *SensorPlant, error)
	// LatestSensorReadings returns the newest reading of each metric of a sensor, in one statement.
	LatestSensorReadings(ctx context.Context, sensorID string) ([]domain.SensorReading, error)
}

// SensorPlant is what a reading needs of a linked plant.
type SensorPlant struct {
	Name        string
	LastWatered *time.Time
}

// PlantScanStore pages through every user's plants (Home Assistant discovery).
type PlantScanStore interface {
	// PlantsAfter returns the plants with an id above afterID, by id, at most limit, with
	// their task dates and sensor dry spells (as PlantByID).
	PlantsAfter(ctx context.Context, afterID int64, limit int) ([]*domain.Plant, error)
}

// MQTTPublisher publishes on the broker Garden's MQTT connection is connected to.
type MQTTPublisher interface {
	Publish(ctx context.Context, topic string, retained bool, payload []byte) error
}
