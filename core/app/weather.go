package app

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// WeatherStore is what the weather service reads and writes: the garden locations, forecasts
// and notices, and the outdoor plants it changes.
type WeatherStore interface {
	ports.WeatherStore
	UpdatePlant(ctx context.Context, ownerID, id int64, fn func(*domain.Plant) error) (*domain.Plant, error)
}

// Weather reads the forecast at every garden and lets it act on outdoor plants (issue #24 item
// 5): rain waters the ones due within a day, frost is announced once a spell, heat brings due
// waterings forward a day. Every effect goes out as one notification per gardener (through the
// Notifier's outbox, in the transaction that changes the plants) and a line in each plant's log.
type Weather struct {
	store    WeatherStore
	source   ports.WeatherSource
	notifier *Notifier
	clock    ports.Clock
	log      *slog.Logger
}

// NewWeather builds the weather service; a nil source means the weather is off.
func NewWeather(store WeatherStore, source ports.WeatherSource, notifier *Notifier, clock ports.Clock, log *slog.Logger) *Weather {
	if log == nil {
		log = slog.Default()
	}
	return &Weather{store: store, source: source, notifier: notifier, clock: clock, log: log}
}

// Enabled reports whether a weather source is configured (GARDEN_WEATHER is not off).
func (w *Weather) Enabled() bool { return w != nil && w.source != nil }

// WeatherRun counts what one run did.
type WeatherRun struct {
	Locations, Failed, Gardeners int
	RainWatered, FrostWarnings   int
	HeatMoved                    int
}

// MsgWeatherOff answers a run or a search while the weather is off.
const MsgWeatherOff = "The weather is off on this server"

// Run reads the forecast once per distinct garden location (whatever the number of gardeners
// there) and applies it to each gardener's outdoor plants. A location whose forecast fails
// changes nothing and is read again next run; the others go on.
func (w *Weather) Run(ctx context.Context, progress func(done, total int)) (WeatherRun, error) {
	var out WeatherRun
	if !w.Enabled() {
		return out, domain.Errorf(domain.EUnavailable, MsgWeatherOff)
	}
	locations, err := w.store.GardenLocations(ctx)
	if err != nil {
		return out, err
	}
	out.Locations = len(locations)
	for i, loc := range locations {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if progress != nil {
			progress(i, len(locations))
		}
		f, err := w.source.Daily(ctx, loc.Latitude, loc.Longitude)
		if err != nil {
			w.log.Warn("weather: the forecast failed; nothing changes until the next run", "latitude", loc.Latitude, "longitude", loc.Longitude, "err", err)
			out.Failed++
			continue
		}
		f.Latitude, f.Longitude, f.FetchedAt = loc.Latitude, loc.Longitude, w.clock.Now()
		if err := w.store.SaveForecast(ctx, f); err != nil {
			return out, err
		}
		if err := w.apply(ctx, f, &out); err != nil {
			return out, err
		}
	}
	if progress != nil {
		progress(len(locations), len(locations))
	}
	return out, nil
}

// apply lets one location's forecast act on its gardeners' outdoor plants.
func (w *Weather) apply(ctx context.Context, f *domain.Forecast, out *WeatherRun) error {
	users, err := w.store.GardenersAt(ctx, f.Latitude, f.Longitude)
	if err != nil || len(users) == 0 {
		return err
	}
	out.Gardeners += len(users)
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	plants, err := w.store.OutdoorPlants(ctx, ids)
	if err != nil {
		return err
	}
	now := w.clock.Now()
	for _, u := range users {
		mine := plants[u.ID]
		if len(mine) == 0 {
			continue
		}
		// The gardener's own day (their time zone), not the server's: the forecast's days are
		// the garden's local dates (Open-Meteo's timezone=auto), which the gardener's zone is
		// meant to match.
		today := domain.TodayIn(now, u.TimeZone)
		domain.ApplySeason(mine, u.Garden, today)
		var watered []*domain.Plant
		if _, rain := f.RainToday(today, u.Garden.RainMM); rain {
			if due := domain.RainPlants(mine, today); len(due) > 0 {
				n, err := w.notice(ctx, u, domain.KindWeatherRain, today, "Rain at your garden", domain.RainMessage(len(due)), due, func(p *domain.Plant) bool {
					p.LogCare(&domain.CareEvent{Kind: domain.CareWater, Source: domain.CareByRain, At: now, Note: domain.MsgRainCareNote, CreatedAt: now})
					return true
				})
				if err != nil {
					return err
				}
				out.RainWatered += n
				watered = due
			}
		}
		if night, frost := f.FrostSpell(today, u.Garden.FrostC); frost {
			n, err := w.notice(ctx, u, domain.KindWeatherFrost, night, "Frost warning", domain.FrostMessage(night, mine), nil, nil)
			if err != nil {
				return err
			}
			out.FrostWarnings += min(n, 1)
		}
		if d, hot := f.HeatAhead(today, u.Garden.HeatC); hot {
			// Plants the rain just watered are not due any more (their read is older).
			if due := domain.HeatPlants(notIn(mine, watered), today); len(due) > 0 {
				n, err := w.notice(ctx, u, domain.KindWeatherHeat, today, "Heat at your garden", domain.HeatMessage(d, due, u.Units), due, func(p *domain.Plant) bool {
					if len(domain.HeatPlants([]*domain.Plant{p}, today)) == 0 {
						return false // watered since the read
					}
					p.WaterAdvanceDays = 1
					return true
				})
				if err != nil {
					return err
				}
				out.HeatMoved += n
			}
		}
	}
	return nil
}

// notice sends u one weather notification under its once-key (kind, day) and, only when it was
// not sent before, changes each plant of plants by change, in one transaction. It returns how
// many plants changed (1 for a notice that changes none).
func (w *Weather) notice(ctx context.Context, u *domain.User, kind string, day time.Time, title, message string,
	plants []*domain.Plant, change func(*domain.Plant) bool) (int, error) {
	changed := 0
	err := w.notifier.Tx(ctx, func(ctx context.Context) error {
		n := domain.WeatherNotification(u.ID, kind, title, message, w.clock.Now())
		created, _, err := w.notifier.SendOnce(ctx, []ports.OnceNotification{{Notification: n, Key: domain.OnceKey{UserID: u.ID, Kind: kind, Day: day}}}, []*domain.User{u})
		if err != nil || len(created) == 0 || !created[0] {
			return err
		}
		if change == nil {
			changed = 1
			return nil
		}
		for _, p := range plants {
			_, err := w.store.UpdatePlant(ctx, u.ID, p.ID, func(fresh *domain.Plant) error {
				domain.ApplySeason([]*domain.Plant{fresh}, u.Garden, day)
				if change(fresh) {
					changed++
				}
				return nil
			})
			if err != nil && domain.ErrorCode(err) != domain.ENotFound {
				return err
			}
		}
		return nil
	})
	return changed, err
}

func notIn(all, some []*domain.Plant) []*domain.Plant {
	skip := map[int64]bool{}
	for _, p := range some {
		skip[p.ID] = true
	}
	var out []*domain.Plant
	for _, p := range all {
		if !skip[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

// WeatherCard is today's weather at the caller's garden and what it changed, for the
// dashboard.
type WeatherCard struct {
	Location *domain.GardenLocation
	// Today and Tomorrow are nil until the job has read a forecast for the location.
	Today, Tomorrow *domain.DailyWeather
	FetchedAt       *time.Time
	// Notices are the weather's changes of yesterday and today, newest first.
	Notices []ports.WeatherNotice
	Enabled bool
}

// Card returns the caller's weather card (two reads: the forecast and the notices).
func (w *Weather) Card(ctx context.Context, p *domain.Principal) (*WeatherCard, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if w == nil { // not wired: the weather is off
		return &WeatherCard{Location: p.User.Garden.Location, Notices: []ports.WeatherNotice{}}, nil
	}
	out := &WeatherCard{Location: p.User.Garden.Location, Enabled: w.Enabled(), Notices: []ports.WeatherNotice{}}
	if out.Location == nil {
		return out, nil
	}
	today := domain.TodayIn(w.clock.Now(), p.User.TimeZone)
	f, err := w.store.Forecast(ctx, out.Location.Latitude, out.Location.Longitude)
	switch {
	case domain.ErrorCode(err) == domain.ENotFound:
	case err != nil:
		return nil, err
	default:
		out.FetchedAt = &f.FetchedAt
		if d, ok := f.On(today); ok {
			out.Today = &d
		}
		if d, ok := f.On(domain.AddDays(today, 1)); ok {
			out.Tomorrow = &d
		}
	}
	if out.Notices, err = w.store.WeatherNotices(ctx, p.User.ID, domain.AddDays(today, -1)); err != nil {
		return nil, err
	}
	return out, nil
}

// MaxPlaceResults bounds a place search's answer.
const MaxPlaceResults = 10

// SearchPlaces finds places by name for the Settings page's location search.
func (w *Weather) SearchPlaces(ctx context.Context, p *domain.Principal, name string) ([]ports.Place, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	name = strings.TrimSpace(name)
	if len([]rune(name)) < 2 {
		return []ports.Place{}, nil
	}
	if !w.Enabled() {
		return nil, domain.Errorf(domain.EUnavailable, MsgWeatherOff)
	}
	return w.source.SearchPlaces(ctx, name, MaxPlaceResults)
}
