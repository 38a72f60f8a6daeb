package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"math"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var (
	_ ports.GardenSettingsStore = (*Store)(nil)
	_ ports.WeatherStore        = (*Store)(nil)
)

// GardenLocation implements ports.GardenSettingsStore.
func (s *Store) GardenLocation(ctx context.Context, userID int64) (*domain.GardenLocation, error) {
	var r struct {
		Name sql.NullString  `db:"garden_location_name"`
		Lat  sql.NullFloat64 `db:"garden_latitude"`
		Lon  sql.NullFloat64 `db:"garden_longitude"`
	}
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT garden_location_name, garden_latitude, garden_longitude FROM users WHERE id = ?`), userID); err != nil {
		return nil, translate(err)
	}
	if !r.Lat.Valid || !r.Lon.Valid {
		return nil, nil
	}
	return &domain.GardenLocation{Name: r.Name.String, Latitude: r.Lat.Float64, Longitude: r.Lon.Float64}, nil
}

// GardenLocations implements ports.WeatherStore: one read over users_garden_location.
func (s *Store) GardenLocations(ctx context.Context) ([]domain.GardenLocation, error) {
	var rows []struct {
		Lat float64 `db:"garden_latitude"`
		Lon float64 `db:"garden_longitude"`
	}
	if err := s.db.SelectContext(ctx, &rows, `SELECT DISTINCT garden_latitude, garden_longitude FROM users
		WHERE garden_latitude IS NOT NULL AND garden_longitude IS NOT NULL AND is_active ORDER BY garden_latitude, garden_longitude`); err != nil {
		return nil, translate(err)
	}
	out := make([]domain.GardenLocation, 0, len(rows))
	for _, r := range rows {
		out = append(out, domain.GardenLocation{Latitude: r.Lat, Longitude: r.Lon})
	}
	return out, nil
}

// GardenersAt implements ports.WeatherStore. Locations are stored rounded by the same Go
// function, so the stored doubles of one place are equal; the comparison allows half a
// hundredth all the same.
func (s *Store) GardenersAt(ctx context.Context, latitude, longitude float64) ([]*domain.User, error) {
	const eps = 0.005
	var rows []userRow
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT `+userColumns+` FROM users WHERE garden_latitude BETWEEN ? AND ?
		AND garden_longitude BETWEEN ? AND ? AND is_active ORDER BY id`), latitude-eps, latitude+eps, longitude-eps, longitude+eps); err != nil {
		return nil, translate(err)
	}
	out := make([]*domain.User, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].toDomain())
	}
	return out, nil
}

// OutdoorPlants implements ports.WeatherStore: one read per batchRows owners over the partial
// index plants_outdoor.
func (s *Store) OutdoorPlants(ctx context.Context, userIDs []int64) (map[int64][]*domain.Plant, error) {
	out := map[int64][]*domain.Plant{}
	for start := 0; start < len(userIDs); start += batchRows {
		ids := userIDs[start:min(start+batchRows, len(userIDs))]
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		in := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
		plants, err := s.queryPlants(ctx, s.q(`SELECT `+plantColumns+` FROM plants WHERE outdoor AND user_id IN (`+in+`) ORDER BY user_id, id`), args, false, false)
		if err != nil {
			return nil, err
		}
		for _, p := range plants {
			out[p.UserID] = append(out[p.UserID], p)
		}
	}
	return out, nil
}

// forecastDay is one day of a stored forecast (the days column's JSON).
type forecastDay struct {
	Day  string  `json:"day"`
	Rain float64 `json:"precipitationMm"`
	MinC float64 `json:"minC"`
	MaxC float64 `json:"maxC"`
	Code int     `json:"code"`
}

func e2(x float64) int64 { return int64(math.Round(x * 100)) }

// SaveForecast implements ports.WeatherStore.
func (s *Store) SaveForecast(ctx context.Context, f *domain.Forecast) error {
	days := make([]forecastDay, 0, len(f.Days))
	for _, d := range f.Days {
		days = append(days, forecastDay{Day: d.Day.Format(domain.DateLayout), Rain: d.PrecipitationMM, MinC: d.MinC, MaxC: d.MaxC, Code: d.Code})
	}
	b, err := json.Marshal(days)
	if err != nil {
		return err
	}
	_, err = s.ext(ctx).ExecContext(ctx, s.q(`INSERT INTO weather_forecasts (lat_e2, lon_e2, fetched_at, days) VALUES (?, ?, ?, ?)
		ON CONFLICT (lat_e2, lon_e2) DO UPDATE SET fetched_at = excluded.fetched_at, days = excluded.days`),
		e2(f.Latitude), e2(f.Longitude), utc(f.FetchedAt), string(b))
	return translate(err)
}

// Forecast implements ports.WeatherStore.
func (s *Store) Forecast(ctx context.Context, latitude, longitude float64) (*domain.Forecast, error) {
	var r struct {
		FetchedAt time.Time `db:"fetched_at"`
		Days      string    `db:"days"`
	}
	if err := s.db.GetContext(ctx, &r, s.q(`SELECT fetched_at, days FROM weather_forecasts WHERE lat_e2 = ? AND lon_e2 = ?`),
		e2(latitude), e2(longitude)); err != nil {
		return nil, translate(err)
	}
	var days []forecastDay
	if err := json.Unmarshal([]byte(r.Days), &days); err != nil {
		return nil, err
	}
	f := &domain.Forecast{Latitude: latitude, Longitude: longitude, FetchedAt: r.FetchedAt.UTC()}
	for _, d := range days {
		day, err := time.Parse(domain.DateLayout, d.Day)
		if err != nil {
			return nil, err
		}
		f.Days = append(f.Days, domain.DailyWeather{Day: day, PrecipitationMM: d.Rain, MinC: d.MinC, MaxC: d.MaxC, Code: d.Code})
	}
	return f, nil
}

// WeatherNotices implements ports.WeatherStore: the user's weather once-keys since the day
// (the primary key's user prefix) with their notifications' text.
func (s *Store) WeatherNotices(ctx context.Context, userID int64, since time.Time) ([]ports.WeatherNotice, error) {
	var rows []struct {
		Kind    string         `db:"kind"`
		Day     dbDate         `db:"day"`
		Content sql.NullString `db:"content"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.q(`SELECT o.kind, o.day, n.content FROM notification_once o
		LEFT JOIN notifications n ON n.id = o.notification_id
		WHERE o.user_id = ? AND o.kind IN (?, ?, ?) AND o.day >= ? ORDER BY o.day DESC, o.kind`),
		userID, domain.KindWeatherRain, domain.KindWeatherFrost, domain.KindWeatherHeat, dbDate{domain.DateOf(since)}); err != nil {
		return nil, translate(err)
	}
	out := make([]ports.WeatherNotice, 0, len(rows))
	for _, r := range rows {
		out = append(out, ports.WeatherNotice{Kind: r.Kind, Day: r.Day.Time, Message: r.Content.String})
	}
	return out, nil
}
