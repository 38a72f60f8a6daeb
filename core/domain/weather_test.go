package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// forecast builds a forecast whose first day is start, one entry per (mm, min, max) triple.
func forecast(start time.Time, days ...[3]float64) *domain.Forecast {
	f := &domain.Forecast{}
	for i, d := range days {
		f.Days = append(f.Days, domain.DailyWeather{Day: domain.AddDays(domain.DateOf(start), i), PrecipitationMM: d[0], MinC: d[1], MaxC: d[2]})
	}
	return f
}

// outdoor is an outdoor plant watered every 7 days whose watering is due in dueIn days of today.
func outdoor(name string, today time.Time, dueIn int) *domain.Plant {
	every := 7
	last := today.AddDate(0, 0, dueIn-every)
	return &domain.Plant{Name: name, Outdoor: true, WaterFrequency: &every, LastWatered: &last}
}

func TestWeatherRules(t *testing.T) {
	t.Parallel()
	today := on(time.April, 10) // a Thursday
	yesterday := domain.AddDays(domain.DateOf(today), -1)

	t.Run("RainReachesThreshold", func(t *testing.T) {
		f := forecast(yesterday, [3]float64{0, 8, 15}, [3]float64{5, 8, 15}, [3]float64{0, 8, 15})
		if _, ok := f.RainToday(today, 5); !ok {
			t.Fatal("5 mm at a 5 mm threshold is rain")
		}
		if _, ok := f.RainToday(today, 5.1); ok {
			t.Fatal("5 mm under a 5.1 mm threshold is not")
		}
	})
	t.Run("RainWatersOutdoorPlantsDueWithinADay", func(t *testing.T) {
		indoor := outdoor("Fern", today, 0)
		indoor.Outdoor = false
		plants := []*domain.Plant{outdoor("Basil", today, 0), outdoor("Tomato", today, 1), outdoor("Bean", today, 2), outdoor("Chard", today, -3), indoor}
		got := domain.RainPlants(plants, today)
		if names(got) != "Basil,Tomato,Chard" {
			t.Fatalf("rain waters %s", names(got))
		}
		if msg := domain.RainMessage(len(got)); msg != "Rain watered 3 outdoor plants" {
			t.Fatalf("message %q", msg)
		}
		if msg := domain.RainMessage(1); msg != "Rain watered 1 outdoor plant" {
			t.Fatalf("message %q", msg)
		}
	})
	t.Run("FrostInTheNext48Hours", func(t *testing.T) {
		f := forecast(yesterday, [3]float64{0, 4, 12}, [3]float64{0, 3, 12}, [3]float64{0, -1, 9}, [3]float64{0, -4, 6})
		night, ok := f.FrostSpell(today, 0)
		if !ok || !night.Equal(domain.AddDays(domain.DateOf(today), 1)) {
			t.Fatalf("frost night %v %v, want tomorrow", night, ok)
		}
		plants := []*domain.Plant{outdoor("Basil", today, 3), outdoor("Tomato", today, 3)}
		if msg := domain.FrostMessage(night, domain.FrostPlants(plants)); msg != "Frost expected Friday night: protect Basil, Tomato" {
			t.Fatalf("message %q", msg)
		}
	})
	t.Run("FrostAtThreshold", func(t *testing.T) {
		f := forecast(yesterday, [3]float64{0, 4, 12}, [3]float64{0, 0, 12}, [3]float64{0, 5, 9})
		if _, ok := f.FrostSpell(today, 0); !ok {
			t.Fatal("0 °C at a 0 °C threshold is frost")
		}
		if _, ok := f.FrostSpell(today, -1); ok {
			t.Fatal("0 °C under a -1 °C threshold is not")
		}
	})
	t.Run("FrostBeyond48HoursWaits", func(t *testing.T) {
		f := forecast(yesterday, [3]float64{0, 4, 12}, [3]float64{0, 3, 12}, [3]float64{0, 2, 9}, [3]float64{0, -4, 6})
		if _, ok := f.FrostSpell(today, 0); ok {
			t.Fatal("frost in three days is not announced yet")
		}
	})
	t.Run("OneSpellOneFirstNight", func(t *testing.T) {
		// Frost began yesterday and goes on: the spell's first night is yesterday's, the key the
		// warning was sent under then, so it is not sent again.
		f := forecast(yesterday, [3]float64{0, -2, 5}, [3]float64{0, -3, 4}, [3]float64{0, -1, 6})
		night, ok := f.FrostSpell(today, 0)
		if !ok || !night.Equal(yesterday) {
			t.Fatalf("first night %v, want yesterday", night)
		}
	})
	t.Run("HeatBringsDueWateringsForward", func(t *testing.T) {
		f := forecast(yesterday, [3]float64{0, 15, 28}, [3]float64{0, 18, 30}, [3]float64{0, 20, 34})
		d, ok := f.HeatAhead(today, 32)
		if !ok || d.MaxC != 34 {
			t.Fatalf("heat %v %v", d, ok)
		}
		plants := []*domain.Plant{outdoor("Basil", today, 1), outdoor("Tomato", today, 0), outdoor("Bean", today, 3)}
		got := domain.HeatPlants(plants, today)
		if names(got) != "Basil" {
			t.Fatalf("heat brings forward %s", names(got))
		}
		got[0].WaterAdvanceDays = 1
		if !domain.DateOf(got[0].NextWatering().UTC()).Equal(domain.DateOf(today)) {
			t.Fatalf("next watering %v, want today", got[0].NextWatering())
		}
		if msg := domain.HeatMessage(d, got, domain.UnitsMetric); msg != "Heat expected Friday (34 °C): watering Basil a day earlier" {
			t.Fatalf("message %q", msg)
		}
		if msg := domain.HeatMessage(d, got, domain.UnitsImperial); msg != "Heat expected Friday (93 °F): watering Basil a day earlier" {
			t.Fatalf("imperial message %q", msg)
		}
		if again := domain.HeatPlants(plants, today); len(again) != 0 {
			t.Fatalf("brought forward twice: %s", names(again))
		}
	})
	t.Run("NoHeatUnderThreshold", func(t *testing.T) {
		f := forecast(yesterday, [3]float64{0, 15, 28}, [3]float64{0, 18, 31.9}, [3]float64{0, 20, 31})
		if _, ok := f.HeatAhead(today, 32); ok {
			t.Fatal("31.9 °C is under 32 °C")
		}
	})
	t.Run("ManyNamesEndWithEllipsis", func(t *testing.T) {
		var plants []*domain.Plant
		for _, n := range []string{"A", "B", "C", "D", "E", "F"} {
			plants = append(plants, outdoor(n, today, 3))
		}
		if msg := domain.FrostMessage(yesterday, plants); msg != "Frost expected Wednesday night: protect A, B, C, D, E, …" {
			t.Fatalf("message %q", msg)
		}
	})
}

func names(plants []*domain.Plant) string {
	s := ""
	for i, p := range plants {
		if i > 0 {
			s += ","
		}
		s += p.Name
	}
	return s
}
