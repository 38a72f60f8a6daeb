package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/weather/weathertest"
	"github.com/gardenctl/garden/core/domain"
)

func TestWeather_GardenSettings(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			tok := h.gardener("rosa")
			super := h.user("root", domain.RoleSuperadmin)
			superTok := h.login("root", "password-root")

			r := h.do("GET", "/api/user", tok, nil)
			expect(t, r, 200, "")
			if r.body["gardenLocation"] != nil || r.body["winterFactor"] != 1.5 || r.body["rainThresholdMm"] != 5.0 ||
				r.body["frostThresholdC"] != 0.0 || r.body["heatThresholdC"] != 32.0 || r.body["hemisphere"] != "north" {
				t.Fatalf("defaults %s", r.raw)
			}

			r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"gardenLocation": map[string]any{"name": " Sydney ", "latitude": -33.8688, "longitude": 151.2093},
				"winterFactor": 2, "rainThresholdMm": 8, "frostThresholdC": -1, "heatThresholdC": 35})
			expect(t, r, 200, "")
			loc, _ := r.body["gardenLocation"].(map[string]any)
			if loc["name"] != "Sydney" || loc["latitude"] != -33.87 || loc["longitude"] != 151.21 || r.body["hemisphere"] != "south" ||
				r.body["winterFactor"] != 2.0 || r.body["rainThresholdMm"] != 8.0 || r.body["frostThresholdC"] != -1.0 || r.body["heatThresholdC"] != 35.0 {
				t.Fatalf("saved %s", r.raw)
			}

			cases := map[string]struct {
				body  map[string]any
				field string
				msg   string
			}{
				"Latitude":         {map[string]any{"gardenLocation": map[string]any{"latitude": 95, "longitude": 1}}, "gardenLocation.latitude", domain.MsgLatitude},
				"MissingLongitude": {map[string]any{"gardenLocation": map[string]any{"latitude": 5}}, "gardenLocation.longitude", domain.MsgLongitude},
				"WinterFactor":     {map[string]any{"winterFactor": 5, "fullName": "Changed"}, "winterFactor", domain.MsgWinterFactor},
				"Rain":             {map[string]any{"rainThresholdMm": 0}, "rainThresholdMm", domain.MsgRainThreshold},
				"Heat":             {map[string]any{"heatThresholdC": 80}, "heatThresholdC", domain.MsgHeatThreshold},
			}
			for name, c := range cases {
				r := h.do("PATCH", "/api/user/settings", tok, c.body)
				expect(t, r, 400, "")
				if errs, _ := r.body["errors"].(map[string]any); errs[c.field] != c.msg {
					t.Fatalf("%s: %s", name, r.raw)
				}
			}
			// A refused change changes nothing, the account's fields included.
			r = h.do("GET", "/api/user", tok, nil)
			if loc, _ := r.body["gardenLocation"].(map[string]any); loc["latitude"] != -33.87 || r.body["fullName"] == "Changed" || r.body["winterFactor"] != 2.0 {
				t.Fatalf("after refusals %s", r.raw)
			}

			// Another user's answer (an administrator's view) does not carry the garden's place.
			rosa, err := h.store.UserByUsername(context.Background(), "rosa")
			if err != nil {
				t.Fatal(err)
			}
			r = h.do("GET", fmt.Sprintf("/api/users/%d", rosa.ID), superTok, nil)
			expect(t, r, 200, "")
			if strings.Contains(r.raw, "gardenLocation") || strings.Contains(r.raw, "151.21") {
				t.Fatalf("an administrator sees the garden's place: %s", r.raw)
			}
			_ = super

			// null clears the location; the hemisphere goes back to the site's (none: north).
			r = h.do("PATCH", "/api/user/settings", tok, map[string]any{"gardenLocation": nil})
			expect(t, r, 200, "")
			if r.body["gardenLocation"] != nil || r.body["hemisphere"] != "north" || r.body["winterFactor"] != 2.0 {
				t.Fatalf("cleared %s", r.raw)
			}
		})
	}
}

// TestWeather_WinterRhythm: in the garden's winter an adaptive plant's learned interval is
// stretched by the gardener's factor, in the plant's answer and in the list's derived status.
func TestWeather_WinterRhythm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{}) // the harness's clock is in June: the southern winter
	tok := h.gardener("rosa")
	now := h.clock.Now()
	r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Fern", "plantType": "Houseplants", "lastWatered": now.AddDate(0, 0, -12).Format(time.RFC3339)})
	expect(t, r, 201, "")
	plant := int64(r.body["id"].(float64))
	care := fmt.Sprintf("/api/plants/%d/care", plant)
	for _, days := range []int{8, 4} {
		expect(t, h.do("POST", care, tok, map[string]any{"kind": "water", "at": now.AddDate(0, 0, -days).Format(time.RFC3339)}), 201, "")
	}
	expect(t, h.do("PATCH", fmt.Sprintf("/api/plants/%d", plant), tok, map[string]any{"waterMode": "adaptive"}), 200, "")
	get := func() map[string]any {
		r := h.do("GET", fmt.Sprintf("/api/plants/%d", plant), tok, nil)
		expect(t, r, 200, "")
		return r.body
	}
	if p := get(); p["suggestedWaterFrequency"] != 4.0 || p["effectiveWaterFrequency"] != 4.0 || p["seasonFactor"] != 1.0 || p["status"] != "needs_water" {
		t.Fatalf("northern summer: %v", p)
	}
	expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"gardenLocation": map[string]any{"name": "Hobart", "latitude": -42.88, "longitude": 147.33}}), 200, "")
	p := get()
	if p["suggestedWaterFrequency"] != 4.0 || p["effectiveWaterFrequency"] != 6.0 || p["seasonFactor"] != 1.5 || p["status"] != "healthy" {
		t.Fatalf("southern winter: %v", p)
	}
	r = h.do("GET", "/api/plants?status=needs_water", tok, nil)
	expect(t, r, 200, "")
	if list := r.body2(); len(list) != 0 {
		t.Fatalf("the list's derived status ignores the winter stretch: %v", list)
	}
}

func TestWeather_PlaceSearch(t *testing.T) {
	t.Parallel()
	srv := weathertest.New()
	defer srv.Close()
	srv.SetPlaces(weathertest.Place{Name: "Berlin", Admin1: "Land Berlin", Country: "Germany", Latitude: 52.52437, Longitude: 13.41053})
	h := newHarness(t, options{weather: srv})
	tok := h.gardener("rosa")
	r := h.do("GET", "/api/weather/places?q=Berl", tok, nil)
	expect(t, r, 200, "")
	if list := r.body2(); len(list) != 1 || list[0]["name"] != "Berlin" || list[0]["region"] != "Land Berlin" || list[0]["latitude"] != 52.52437 {
		t.Fatalf("places %s", r.raw)
	}
	if r := h.do("GET", "/api/weather/places?q=B", tok, nil); r.status != 200 || r.raw != "[]\n" && r.raw != "[]" {
		t.Fatalf("a one-letter search: %d %s", r.status, r.raw)
	}
	expect(t, h.do("GET", "/api/weather/places?q=Berl", "", nil), 401, "")
	srv.Close()
	expect(t, h.do("GET", "/api/weather/places?q=Berl", tok, nil), 503, "")
}

// TestWeather_RainFrostHeat runs the weather job against a local Open-Meteo shaped server and
// follows its effects through the API: the log, the plant's dates, the card, the bell.
func TestWeather_RainFrostHeat(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			srv := weathertest.New()
			defer srv.Close()
			h := newHarness(t, options{postgres: db.postgres, weather: srv})
			ctx := context.Background()
			tok := h.gardener("rosa")
			today := domain.DateOf(h.clock.Now())
			day := func(n int, mm, lo, hi float64) domain.DailyWeather {
				return domain.DailyWeather{Day: domain.AddDays(today, n), PrecipitationMM: mm, MinC: lo, MaxC: hi}
			}
			// No location yet: the card says so, the job reads nothing.
			r := h.do("GET", "/api/weather", tok, nil)
			expect(t, r, 200, "")
			if r.body["location"] != nil || r.body["today"] != nil || r.body["enabled"] != true {
				t.Fatalf("card without a location %s", r.raw)
			}
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"gardenLocation": map[string]any{"name": "Leeds", "latitude": 53.8, "longitude": -1.55}}), 200, "")
			newPlant := func(name string, outdoor bool, lastDaysAgo int) int64 {
				r := h.do("POST", "/api/plants", tok, map[string]any{"name": name, "plantType": "Vegetables", "outdoor": outdoor, "waterFrequency": 7,
					"lastWatered": h.clock.Now().AddDate(0, 0, -lastDaysAgo).Format(time.RFC3339)})
				expect(t, r, 201, "")
				if r.body["outdoor"] != outdoor {
					t.Fatalf("outdoor %s", r.raw)
				}
				return int64(r.body["id"].(float64))
			}
			tomato := newPlant("Tomato", true, 7) // due today
			bean := newPlant("Bean", true, 6)     // due tomorrow
			chard := newPlant("Chard", true, 1)   // due in six days
			fern := newPlant("Fern", false, 7)    // indoor, due today
			plant := func(id int64) map[string]any {
				r := h.do("GET", fmt.Sprintf("/api/plants/%d", id), tok, nil)
				expect(t, r, 200, "")
				return r.body
			}
			before := plant(chard)["lastWatered"]

			// A rain day with frost tomorrow night.
			srv.SetDays(day(-1, 0, 6, 14), day(0, 9.5, 4, 11), day(1, 0, -2, 6), day(2, 0, 3, 10))
			run, err := h.weather.Run(ctx, nil)
			if err != nil || run.Locations != 1 || run.RainWatered != 2 || run.FrostWarnings != 1 || run.HeatMoved != 0 {
				t.Fatalf("run %+v %v", run, err)
			}
			now := h.clock.Now().Format(time.RFC3339)
			for _, id := range []int64{tomato, bean} {
				p := plant(id)
				if p["lastWatered"] != now || p["status"] != "healthy" {
					t.Fatalf("rain did not water %v: %v", p["name"], p)
				}
				log := h.careLog(t, tok, id)
				if log[0]["kind"] != "water" || log[0]["source"] != "rain" {
					t.Fatalf("log of %v: %v", p["name"], log[0])
				}
			}
			if plant(fern)["status"] != "needs_water" || plant(chard)["lastWatered"] != before {
				t.Fatal("rain watered an indoor plant or one not due")
			}
			r = h.do("GET", "/api/weather", tok, nil)
			expect(t, r, 200, "")
			today0, _ := r.body["today"].(map[string]any)
			changes, _ := r.body["changes"].([]any)
			if today0["precipitationMm"] != 9.5 || len(changes) != 2 || !strings.Contains(r.raw, "Rain watered 2 outdoor plants") ||
				!strings.Contains(r.raw, "Frost expected "+domain.AddDays(today, 1).Weekday().String()+" night: protect Tomato, Bean, Chard") {
				t.Fatalf("card %s", r.raw)
			}
			bell := h.do("GET", "/api/notifications", tok, nil)
			if !strings.Contains(bell.raw, "Rain watered 2 outdoor plants") || !strings.Contains(bell.raw, "Frost expected") {
				t.Fatalf("bell %s", bell.raw)
			}

			// The same day again: nothing twice.
			if run, err = h.weather.Run(ctx, nil); err != nil || run.RainWatered != 0 || run.FrostWarnings != 0 {
				t.Fatalf("second run %+v %v", run, err)
			}
			// The next day the frost goes on: the same spell is not announced again. A hot day
			// after brings chard's watering (due in five days then: not) and a plant due
			// tomorrow forward.
			h.clock.Advance(24 * time.Hour)
			today = domain.AddDays(today, 1)
			tok = h.login("rosa", "password-rosa") // the harness's sessions last a day
			expect(t, h.do("PATCH", fmt.Sprintf("/api/plants/%d", chard), tok, map[string]any{"lastWatered": h.clock.Now().AddDate(0, 0, -6).Format(time.RFC3339)}), 200, "")
			srv.SetDays(day(-1, 9.5, 4, 11), day(0, 0, -2, 30), day(1, 0, 18, 34), day(2, 0, 15, 25))
			// Rosa measures in °F: the heat notice gives tomorrow's 34 °C as 93 °F.
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"units": "imperial"}), 200, "")
			if run, err = h.weather.Run(ctx, nil); err != nil || run.FrostWarnings != 0 || run.HeatMoved != 1 {
				t.Fatalf("hot run %+v %v", run, err)
			}
			p := plant(chard)
			next, _ := time.Parse(time.RFC3339, p["nextWatering"].(string))
			if p["waterBroughtForwardDays"] != 1.0 || !domain.DateOf(next).Equal(today) || p["status"] != "needs_water" {
				t.Fatalf("heat did not bring chard forward: %v", p)
			}
			r = h.do("GET", "/api/weather", tok, nil)
			if !strings.Contains(r.raw, "(93 °F): watering Chard a day earlier") {
				t.Fatalf("card %s", r.raw)
			}

			// A failing service changes nothing.
			srv.Fail(500)
			h.clock.Advance(24 * time.Hour)
			if run, err = h.weather.Run(ctx, nil); err != nil || run.Failed != 1 || run.RainWatered+run.HeatMoved+run.FrostWarnings != 0 {
				t.Fatalf("failing run %+v %v", run, err)
			}
		})
	}
}
