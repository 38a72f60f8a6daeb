package domain_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// on is noon UTC of a day of month m (the year does not matter to the seasons).
func on(m time.Month, d int) time.Time { return time.Date(2031, m, d, 12, 0, 0, 0, time.UTC) }

func adaptivePlant(learned int, last time.Time) *domain.Plant {
	fixed := 7
	return &domain.Plant{Name: "Fern", WaterMode: domain.ModeAdaptive, WaterFrequency: &fixed, SuggestedWaterFrequency: &learned, LastWatered: &last}
}

func TestSeasonHemisphere(t *testing.T) {
	t.Parallel()
	loc := func(lat float64) *domain.GardenLocation { return &domain.GardenLocation{Latitude: lat} }
	cases := []struct {
		name    string
		loc     *domain.GardenLocation
		country string
		want    domain.Hemisphere
	}{
		{"LatitudeNorth", loc(52.52), "Australia", domain.North},
		{"LatitudeSouth", loc(-33.87), "United States", domain.South},
		{"Tropics", loc(1.29), "", domain.NoHemisphere},
		{"CountrySouth", nil, " new Zealand ", domain.South},
		{"CountryNorth", nil, "Germany", domain.North},
		{"NoCountry", nil, "", domain.North},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := domain.SeasonHemisphere(c.loc, c.country); got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestWinterStretch(t *testing.T) {
	t.Parallel()
	north := domain.DefaultGardenSettings()
	south := domain.DefaultGardenSettings()
	south.Hemisphere = domain.South
	tropics := domain.DefaultGardenSettings()
	tropics.Hemisphere = domain.NoHemisphere
	cases := []struct {
		name     string
		settings domain.GardenSettings
		day      time.Time
		want     int
	}{
		{"NorthInJanuary", north, on(time.January, 15), 11}, // 7 × 1.5 = 10.5, rounded half away
		{"NorthInNovember", north, on(time.November, 1), 11},
		{"NorthInJuly", north, on(time.July, 15), 7},
		{"NorthInMarch", north, on(time.March, 1), 7},
		{"SouthInJuly", south, on(time.July, 15), 11},
		{"SouthInMay", south, on(time.May, 1), 11},
		{"SouthInJanuary", south, on(time.January, 15), 7},
		{"TropicsInJanuary", tropics, on(time.January, 15), 7},
		{"TropicsInJuly", tropics, on(time.July, 15), 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := adaptivePlant(7, c.day)
			domain.ApplySeason([]*domain.Plant{p}, c.settings, c.day)
			if got := *p.EffectiveWaterFrequency(); got != c.want {
				t.Fatalf("effective %d, want %d", got, c.want)
			}
			if next := p.NextWatering(); !next.Equal(c.day.AddDate(0, 0, c.want)) {
				t.Fatalf("next watering %v, want %d days on", next, c.want)
			}
		})
	}
	t.Run("FactorChangeable", func(t *testing.T) {
		g := north
		g.WinterFactor = 2
		p := adaptivePlant(5, on(time.December, 1))
		domain.ApplySeason([]*domain.Plant{p}, g, on(time.December, 1))
		if got := *p.EffectiveWaterFrequency(); got != 10 {
			t.Fatalf("effective %d, want 10", got)
		}
	})
	t.Run("BoundedTo365", func(t *testing.T) {
		g := north
		g.WinterFactor = 3
		p := adaptivePlant(300, on(time.December, 1))
		domain.ApplySeason([]*domain.Plant{p}, g, on(time.December, 1))
		if got := *p.EffectiveWaterFrequency(); got != 365 {
			t.Fatalf("effective %d, want 365", got)
		}
	})
	t.Run("FixedModeNotStretched", func(t *testing.T) {
		p := adaptivePlant(7, on(time.January, 1))
		p.WaterMode = domain.ModeFixed
		domain.ApplySeason([]*domain.Plant{p}, north, on(time.January, 1))
		if got := *p.EffectiveWaterFrequency(); got != 7 {
			t.Fatalf("effective %d, want 7", got)
		}
	})
}

func TestGardenSettingsValidate(t *testing.T) {
	t.Parallel()
	ok := domain.DefaultGardenSettings()
	ok.Location = &domain.GardenLocation{Name: " Berlin ", Latitude: 52.5244, Longitude: 13.4105}
	ok.Location.Normalize()
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	if ok.Location.Latitude != 52.52 || ok.Location.Longitude != 13.41 || ok.Location.Name != "Berlin" {
		t.Fatalf("normalized %+v", ok.Location)
	}
	cases := []struct {
		name   string
		change func(*domain.GardenSettings)
		field  string
		msg    string
	}{
		{"Latitude", func(g *domain.GardenSettings) { g.Location = &domain.GardenLocation{Latitude: 91} }, "gardenLocation.latitude", domain.MsgLatitude},
		{"Longitude", func(g *domain.GardenSettings) { g.Location = &domain.GardenLocation{Longitude: -181} }, "gardenLocation.longitude", domain.MsgLongitude},
		{"Name", func(g *domain.GardenSettings) { g.Location = &domain.GardenLocation{Name: strings.Repeat("a", 201)} }, "gardenLocation.name", domain.MsgLocationName},
		{"WinterFactor", func(g *domain.GardenSettings) { g.WinterFactor = 0.5 }, "winterFactor", domain.MsgWinterFactor},
		{"Rain", func(g *domain.GardenSettings) { g.RainMM = 0 }, "rainThresholdMm", domain.MsgRainThreshold},
		{"Frost", func(g *domain.GardenSettings) { g.FrostC = 20 }, "frostThresholdC", domain.MsgFrostThreshold},
		{"Heat", func(g *domain.GardenSettings) { g.HeatC = 60 }, "heatThresholdC", domain.MsgHeatThreshold},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := domain.DefaultGardenSettings()
			c.change(&g)
			err := g.Validate()
			var e *domain.Error
			if err == nil || !asError(err, &e) || e.Fields[c.field] != c.msg {
				t.Fatalf("got %v, want %s: %s", err, c.field, c.msg)
			}
		})
	}
}
