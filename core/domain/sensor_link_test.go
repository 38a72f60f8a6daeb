package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// TestSensorLink_DrySpell: a reading below the threshold starts one spell (told once), more
// dry readings keep it, a reading within the hysteresis does not end it, a moist one does; a
// watering during a spell lets the water soak in for an hour, after which a still-dry pot starts
// a new spell; older readings are ignored; without a threshold nothing is dry.
func TestSensorLink_DrySpell(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	thirty := 30.0
	l := &domain.SensorLink{MoistureBelow: &thirty}
	step := func(v float64, minutes int, watered *time.Time, want domain.DryChange) {
		t.Helper()
		if got := l.ApplyMoisture(v, at.Add(time.Duration(minutes)*time.Minute), watered); got != want {
			t.Fatalf("%v at +%dm: %v, want %v (dry since %v)", v, minutes, got, want, l.DrySince)
		}
	}
	step(45, 0, nil, domain.DryUnchanged)
	step(29.9, 10, nil, domain.DryStarted)
	step(20, 20, nil, domain.DryUnchanged)
	step(32, 30, nil, domain.DryUnchanged) // within the hysteresis
	step(25, 5, nil, domain.DryUnchanged)  // older than the newest: ignored
	if *l.LastMoisture != 32 {
		t.Fatalf("an older reading replaced the newest: %v", *l.LastMoisture)
	}
	step(33, 40, nil, domain.DryEnded)
	step(18, 50, nil, domain.DryStarted)
	watered := at.Add(55 * time.Minute)
	if !l.DryFor(nil) || l.DryFor(&watered) {
		t.Fatal("DryFor: a spell counts only when begun after the last watering")
	}
	step(18, 60, &watered, domain.DryUnchanged) // the water soaks in
	step(18, 55+61, &watered, domain.DryStarted)
	l.MoistureBelow = nil
	step(5, 200, &watered, domain.DryEnded)
	step(5, 210, &watered, domain.DryUnchanged)
	if domain.SoilMoistureText(18) != "Soil moisture 18 %" || domain.SoilMoistureText(18.25) != "Soil moisture 18.2 %" {
		t.Fatal(domain.SoilMoistureText(18.25))
	}
}

// TestPlant_SensorDryMakesWaterDue: a dry spell begun after the last watering makes the
// watering due from its day in the one definition of due; one begun before it does not.
func TestPlant_SensorDryMakesWaterDue(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC)
	watered := today.AddDate(0, 0, -2)
	p := &domain.Plant{ID: 1, Name: "Fern", LastWatered: &watered, WaterFrequency: intPtr(7)}
	if p.StatusOn(today, nil) != domain.StatusHealthy {
		t.Fatal("healthy before a dry spell")
	}
	dry := today.Add(-3 * time.Hour)
	p.SensorDryAt = &dry
	if p.StatusOn(today, nil) != domain.StatusNeedsWater || !domain.DateOf(*p.NextWatering()).Equal(domain.DateOf(dry)) {
		t.Fatalf("a dry pot: %s, next %v", p.StatusOn(today, nil), p.NextWatering())
	}
	items := domain.DueOn([]*domain.Plant{p}, nil, today)
	if len(items) != 1 || items[0].Kind != domain.DueWater {
		t.Fatalf("due %+v", items)
	}
	later := today.Add(-time.Hour)
	p.LastWatered = &later
	if p.StatusOn(today, nil) != domain.StatusHealthy {
		t.Fatal("watered after the spell began, still due")
	}
}

func intPtr(v int) *int { return &v }
