package weather_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/weather"
	"github.com/gardenctl/garden/adapters/weather/weathertest"
	"github.com/gardenctl/garden/core/domain"
)

// today is a fixed day: the adapter only carries dates through.
var today = time.Date(2031, time.April, 10, 0, 0, 0, 0, time.UTC)

func days(triples ...[3]float64) []domain.DailyWeather {
	var out []domain.DailyWeather
	for i, t := range triples {
		out = append(out, domain.DailyWeather{Day: domain.AddDays(today, i-1), PrecipitationMM: t[0], MinC: t[1], MaxC: t[2], Code: 61})
	}
	return out
}

func TestClient_Daily(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		days  []domain.DailyWeather
		check func(t *testing.T, f *domain.Forecast)
	}{
		{"Rain", days([3]float64{0, 8, 15}, [3]float64{12.5, 9, 14}, [3]float64{1, 8, 16}, [3]float64{0, 7, 18}), func(t *testing.T, f *domain.Forecast) {
			if d, ok := f.RainToday(today, 5); !ok || d.PrecipitationMM != 12.5 || d.Code != 61 {
				t.Fatalf("rain today %+v %v", d, ok)
			}
		}},
		{"Frost", days([3]float64{0, 2, 9}, [3]float64{0, 1, 8}, [3]float64{0, -3.5, 4}, [3]float64{0, -1, 6}), func(t *testing.T, f *domain.Forecast) {
			if night, ok := f.FrostSpell(today, 0); !ok || !night.Equal(domain.AddDays(today, 1)) {
				t.Fatalf("frost %v %v", night, ok)
			}
		}},
		{"Heat", days([3]float64{0, 18, 30}, [3]float64{0, 20, 33.2}, [3]float64{0, 21, 35}, [3]float64{0, 19, 29}), func(t *testing.T, f *domain.Forecast) {
			if d, ok := f.HeatAhead(today, 32); !ok || d.MaxC != 33.2 {
				t.Fatalf("heat %+v %v", d, ok)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := weathertest.New()
			defer srv.Close()
			srv.SetDays(c.days...)
			f, err := weather.New(weather.Config{BaseURL: srv.URL + "/"}).Daily(context.Background(), 52.5244, 13.4105)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Days) != 4 || !f.Days[0].Day.Equal(domain.AddDays(today, -1)) {
				t.Fatalf("days %+v", f.Days)
			}
			q := srv.Queries()[0]
			for _, want := range []string{"latitude=52.52", "longitude=13.41", "past_days=1", "forecast_days=3", "timezone=auto",
				"daily=precipitation_sum%2Ctemperature_2m_min%2Ctemperature_2m_max%2Cweather_code"} {
				if !strings.Contains(q, want) {
					t.Fatalf("query %q lacks %q", q, want)
				}
			}
			c.check(t, f)
		})
	}
}

func TestClient_DailyFailures(t *testing.T) {
	t.Parallel()
	t.Run("ErrorAnswer", func(t *testing.T) {
		t.Parallel()
		srv := weathertest.New()
		defer srv.Close()
		srv.Fail(http.StatusBadRequest)
		_, err := weather.New(weather.Config{BaseURL: srv.URL}).Daily(context.Background(), 1, 2)
		if domain.ErrorCode(err) != domain.EUnavailable || !strings.Contains(domain.ErrorDetail(err), "invalid String") {
			t.Fatalf("got %v (%s)", err, domain.ErrorDetail(err))
		}
	})
	t.Run("ServerError", func(t *testing.T) {
		t.Parallel()
		srv := weathertest.New()
		defer srv.Close()
		srv.Fail(http.StatusServiceUnavailable)
		if _, err := weather.New(weather.Config{BaseURL: srv.URL}).Daily(context.Background(), 1, 2); domain.ErrorCode(err) != domain.EUnavailable {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("EmptyAnswer", func(t *testing.T) {
		t.Parallel()
		srv := weathertest.New()
		defer srv.Close()
		if _, err := weather.New(weather.Config{BaseURL: srv.URL}).Daily(context.Background(), 1, 2); domain.ErrorCode(err) != domain.EUnavailable {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("Timeout", func(t *testing.T) {
		t.Parallel()
		srv := weathertest.New()
		defer srv.Close()
		srv.SetDays(days([3]float64{0, 8, 15})...)
		srv.Delay(time.Minute) // the answer never comes within the client's bound
		_, err := weather.New(weather.Config{BaseURL: srv.URL, Timeout: 50 * time.Millisecond}).Daily(context.Background(), 1, 2)
		if domain.ErrorCode(err) != domain.EUnavailable {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("Unreachable", func(t *testing.T) {
		t.Parallel()
		srv := weathertest.New()
		url := srv.URL
		srv.Close()
		if _, err := weather.New(weather.Config{BaseURL: url}).Daily(context.Background(), 1, 2); domain.ErrorCode(err) != domain.EUnavailable {
			t.Fatalf("got %v", err)
		}
	})
}

func TestClient_SearchPlaces(t *testing.T) {
	t.Parallel()
	srv := weathertest.New()
	defer srv.Close()
	c := weather.New(weather.Config{BaseURL: srv.URL})
	got, err := c.SearchPlaces(context.Background(), "Berlin", 10)
	if err != nil || len(got) != 0 {
		t.Fatalf("no results: %v %v", got, err)
	}
	srv.SetPlaces(weathertest.Place{Name: "Berlin", Admin1: "Land Berlin", Country: "Germany", Latitude: 52.52437, Longitude: 13.41053},
		weathertest.Place{Name: "Berlin", Admin1: "New Hampshire", Country: "United States", Latitude: 44.46867, Longitude: -71.18508})
	got, err = c.SearchPlaces(context.Background(), "Berlin", 1)
	if err != nil || len(got) != 1 || got[0].Country != "Germany" || got[0].Region != "Land Berlin" || got[0].Latitude != 52.52437 {
		t.Fatalf("places %+v %v", got, err)
	}
}
