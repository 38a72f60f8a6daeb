package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// GardenSettingsStore keeps a gardener's garden settings (domain.GardenSettings) on their user
// row; every read of a user carries them (domain.User.Garden), so the garden's location is
// User.Garden.Location wherever a user is at hand.
type GardenSettingsStore interface {
	// SaveGardenSettings replaces the user's garden settings (a nil location clears it).
	// Codes: not_found.
	SaveGardenSettings(ctx context.Context, userID int64, g domain.GardenSettings) error
	// GardenLocation returns the user's garden location, nil when none is set (for features
	// that need the place without a whole user, like the sowing calendar's frost dates).
	// Codes: not_found.
	GardenLocation(ctx context.Context, userID int64) (*domain.GardenLocation, error)
}

// WeatherNotice is one change the weather made for a gardener on a day (the notification the
// weather job sent), for the dashboard's weather card.
type WeatherNotice struct {
	Kind    string
	Day     time.Time
	Message string
}

// WeatherStore holds what the weather job reads and keeps.
type WeatherStore interface {
	// GardenLocations returns the distinct rounded locations of active gardeners' gardens.
	GardenLocations(ctx context.Context) ([]domain.GardenLocation, error)
	// GardenersAt returns the active users whose garden is at the rounded location, by id.
	GardenersAt(ctx context.Context, latitude, longitude float64) ([]*domain.User, error)
	// OutdoorPlants returns the outdoor plants of the users, grouped by owner, by id.
	OutdoorPlants(ctx context.Context, userIDs []int64) (map[int64][]*domain.Plant, error)
	// SaveForecast keeps f as the latest forecast at its location.
	SaveForecast(ctx context.Context, f *domain.Forecast) error
	// Forecast returns the latest forecast at the rounded location. Codes: not_found.
	Forecast(ctx context.Context, latitude, longitude float64) (*domain.Forecast, error)
	// WeatherNotices returns the weather notifications the user was sent on or after since
	// (their once-keys' days), newest first.
	WeatherNotices(ctx context.Context, userID int64, since time.Time) ([]WeatherNotice, error)
}

// Place is one answer of a place search.
type Place struct {
	Name      string
	Region    string
	Country   string
	Latitude  float64
	Longitude float64
}

// WeatherSource reads daily forecasts and finds places (adapters/weather: an Open-Meteo
// compatible API).
type WeatherSource interface {
	// Daily returns the daily forecast at the location: yesterday, today and the next days.
	// Codes: unavailable (the service failed, answered badly or too slowly).
	Daily(ctx context.Context, latitude, longitude float64) (*domain.Forecast, error)
	// SearchPlaces returns up to limit places matching name. Codes: unavailable.
	SearchPlaces(ctx context.Context, name string, limit int) ([]Place, error)
}
