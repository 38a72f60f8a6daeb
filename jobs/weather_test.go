package jobs_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/adapters/weather"
	"github.com/gardenctl/garden/adapters/weather/weathertest"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestWeatherJob_OneRequestPerTown: a thousand gardeners in one town and one elsewhere cause two
// forecast requests, and the town's rain waters its gardeners' due outdoor plants.
func TestWeatherJob_OneRequestPerTown(t *testing.T) {
	t.Parallel()
	s := dbtest.SQLite(t)
	e := newReminderEnv(t, s)
	ctx := context.Background()
	srv := weathertest.New()
	defer srv.Close()
	today := domain.DateOf(morning)
	srv.SetDays(domain.DailyWeather{Day: domain.AddDays(today, -1), MinC: 9, MaxC: 17},
		domain.DailyWeather{Day: today, PrecipitationMM: 11, MinC: 8, MaxC: 15},
		domain.DailyWeather{Day: domain.AddDays(today, 1), MinC: 7, MaxC: 16})
	w := app.NewWeather(s, weather.New(weather.Config{BaseURL: srv.URL}), e.svc.Notifier(), e.clock, quiet)
	runner, err := jobs.NewRunner(s, s.JobLocker(), e.clock, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { runner.Shutdown() })
	if err := runner.Register(ctx, jobs.WeatherJob{Weather: w}); err != nil {
		t.Fatal(err)
	}

	town := domain.GardenSettings{WinterFactor: 1.5, Hemisphere: domain.North, RainMM: 5, HeatC: 32,
		Location: &domain.GardenLocation{Name: "Leeds", Latitude: 53.8, Longitude: -1.55}}
	elsewhere := town
	elsewhere.Location = &domain.GardenLocation{Name: "York", Latitude: 53.96, Longitude: -1.08}
	const gardeners = 1000
	every := 7
	for i := 0; i <= gardeners; i++ {
		u := &domain.User{Username: fmt.Sprintf("g%d", i), PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
			NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: morning}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		g := town
		if i == gardeners {
			g = elsewhere
		}
		if err := s.SaveGardenSettings(ctx, u.ID, g); err != nil {
			t.Fatal(err)
		}
		if i%250 == 0 { // a few gardeners have an outdoor plant due today
			last := morning.AddDate(0, 0, -every)
			p := &domain.Plant{UserID: u.ID, Name: "Tomato", Type: domain.Vegetables, Outdoor: true, WaterFrequency: &every,
				LastWatered: &last, AcquiredDate: last, CreatedAt: last}
			if err := s.CreatePlant(ctx, p, 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	started := time.Now() // a figure for docs/performance.md, never asserted
	run, err := runner.RunNow(ctx, jobs.WeatherName, domain.TriggerManual)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("weather run over %d gardeners in two towns: %s", gardeners+1, time.Since(started))
	if n := srv.Forecasts.Load(); n != 2 {
		t.Fatalf("%d forecast requests for two towns", n)
	}
	if run.Counts["locations"] != 2 || run.Counts["gardeners"] != gardeners+1 || run.Counts["rainWatered"] != 5 || run.Counts["failed"] != 0 {
		t.Fatalf("run %+v", run.Counts)
	}
	// Once across runs: the same day again waters nothing twice.
	e.clock.Set(morning.Add(time.Hour))
	run, err = runner.RunNow(ctx, jobs.WeatherName, domain.TriggerManual)
	if err != nil || run.Counts["rainWatered"] != 0 || srv.Forecasts.Load() != 4 {
		t.Fatalf("second run %+v %v", run, err)
	}
}

// TestWeatherJob_Off: with the weather off the job starts disabled and a manual run says why.
func TestWeatherJob_Off(t *testing.T) {
	t.Parallel()
	s := dbtest.SQLite(t)
	w := app.NewWeather(s, nil, nil, &fixedClock{t: morning}, quiet)
	job := jobs.WeatherJob{Weather: w}
	if job.DefaultSchedule().Enabled {
		t.Fatal("the weather job is enabled with the weather off")
	}
	if _, err := job.Run(context.Background(), func(int, int) {}); domain.ErrorCode(err) != domain.EUnavailable || err.Error() != app.MsgWeatherOff {
		t.Fatalf("got %v", err)
	}
}

// TestWeatherJob_GardenersDay: the forecast's "today" is each gardener's own date. At 20:00 UTC
// on 1 June it is already 2 June in Auckland: rain forecast for 2 June waters the outdoor plant
// of the gardener who lives by Auckland's clock, and not that of a neighbour still on UTC's 1 June
// (a dry day), on both databases.
func TestWeatherJob_GardenersDay(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		e := newReminderEnv(t, s)
		ctx := context.Background()
		srv := weathertest.New()
		defer srv.Close()
		june1 := domain.DateOf(morning)
		srv.SetDays(domain.DailyWeather{Day: june1, MinC: 9, MaxC: 15},
			domain.DailyWeather{Day: domain.AddDays(june1, 1), PrecipitationMM: 12, MinC: 8, MaxC: 14},
			domain.DailyWeather{Day: domain.AddDays(june1, 2), MinC: 7, MaxC: 16})
		e.clock.Set(time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC))
		w := app.NewWeather(s, weather.New(weather.Config{BaseURL: srv.URL}), e.svc.Notifier(), e.clock, quiet)
		garden := domain.GardenSettings{WinterFactor: 1.5, Hemisphere: domain.South, RainMM: 5, FrostC: -10, HeatC: 40,
			Location: &domain.GardenLocation{Name: "Auckland", Latitude: -36.85, Longitude: 174.76}}
		every := 7
		plantOf := map[string][2]int64{}
		for _, zone := range []string{"Pacific/Auckland", ""} {
			u := &domain.User{Username: "g" + zone, PasswordHash: "x", Role: domain.RoleUser, IsActive: true, TimeZone: zone,
				NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: morning}
			if err := s.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			if err := s.SaveGardenSettings(ctx, u.ID, garden); err != nil {
				t.Fatal(err)
			}
			last := time.Date(2026, 5, 26, 12, 0, 0, 0, time.UTC) // due 2 June
			p := &domain.Plant{UserID: u.ID, Name: "Feijoa", Type: domain.Vegetables, Outdoor: true, WaterFrequency: &every,
				LastWatered: &last, AcquiredDate: last, CreatedAt: last}
			if err := s.CreatePlant(ctx, p, 0); err != nil {
				t.Fatal(err)
			}
			plantOf[zone] = [2]int64{u.ID, p.ID}
		}
		run, err := w.Run(ctx, nil)
		if err != nil || run.Gardeners != 2 || run.RainWatered != 1 {
			t.Fatalf("run %+v %v", run, err)
		}
		for zone, want := range map[string]bool{"Pacific/Auckland": true, "": false} {
			p, err := s.PlantByID(ctx, plantOf[zone][0], plantOf[zone][1])
			if err != nil {
				t.Fatal(err)
			}
			if watered := p.LastWatered.After(time.Date(2026, 5, 27, 0, 0, 0, 0, time.UTC)); watered != want {
				t.Errorf("zone %q: rain-watered %v, want %v (last watered %v)", zone, watered, want, p.LastWatered)
			}
		}
	})
}
