package jobs_test

import (
	"context"
	"fmt"
	"testing"
	"time"

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
