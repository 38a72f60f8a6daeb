package porttest

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var sensorTests = map[string]func(t *testing.T, s Store){
	"Sensors/LinksOwnedBoundedUnique": testSensorLinks,
	"Sensors/DrySpellMakesWaterDue":   testSensorDrySpell,
}

func sensorStore(t *testing.T, s Store) interface {
	ports.SensorLinkStore
	ports.SensorReadingStore
	ports.PlantScanStore
} {
	t.Helper()
	ss, ok := s.(interface {
		ports.SensorLinkStore
		ports.SensorReadingStore
		ports.PlantScanStore
	})
	if !ok {
		t.Fatalf("%T does not keep sensor links", s)
	}
	return ss
}

// testSensorLinks: a link needs the user's own plant; a sensor id is linked once in the
// installation; a plant has at most max links; reads, updates and deletes are scoped to the
// owner and the plant; a plant's deletion takes its links.
func testSensorLinks(t *testing.T, s Store) {
	ctx := context.Background()
	ss := sensorStore(t, s)
	a, b := ownerPair(t, s)
	pa, pb := newPlant(a.ID, "basil"), newPlant(b.ID, "sage")
	must(t, s.CreatePlant(ctx, pa, 0))
	must(t, s.CreatePlant(ctx, pb, 0))
	thirty := 30.0
	link := func(user, plant int64, id string) *domain.SensorLink {
		return &domain.SensorLink{UserID: user, PlantID: plant, SensorID: id, MoistureBelow: &thirty, CreatedAt: base, UpdatedAt: base}
	}
	if err := ss.CreateSensorLink(ctx, link(a.ID, pb.ID, "pot-x"), 2); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("linking to another's plant: %v", err)
	}
	l1 := link(a.ID, pa.ID, "pot-1")
	must(t, ss.CreateSensorLink(ctx, l1, 2))
	if err := ss.CreateSensorLink(ctx, link(b.ID, pb.ID, "pot-1"), 2); domain.ErrorCode(err) != domain.EConflict {
		t.Fatalf("a sensor linked twice: %v", err)
	}
	must(t, ss.CreateSensorLink(ctx, link(a.ID, pa.ID, "pot-2"), 2))
	if err := ss.CreateSensorLink(ctx, link(a.ID, pa.ID, "pot-3"), 2); domain.ErrorCode(err) != domain.ELimitReached {
		t.Fatalf("a third link with a limit of 2: %v", err)
	}
	links, err := ss.SensorLinks(ctx, a.ID, pa.ID)
	if err != nil || len(links) != 2 || links[0].SensorID != "pot-1" || *links[0].MoistureBelow != 30 || !links[0].CreatedAt.Equal(base) {
		t.Fatalf("links %+v %v", links, err)
	}
	if other, err := ss.SensorLinks(ctx, b.ID, pa.ID); err != nil || len(other) != 0 {
		t.Fatalf("another user reads the links: %v %v", other, err)
	}
	if _, err := ss.SensorLink(ctx, b.ID, pa.ID, l1.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("another user reads a link: %v", err)
	}
	if err := ss.DeleteSensorLink(ctx, b.ID, pa.ID, l1.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("another user deletes a link: %v", err)
	}
	l1.MoistureBelow, l1.UpdatedAt = nil, base.Add(time.Hour)
	must(t, ss.UpdateSensorLink(ctx, l1))
	got, err := ss.SensorLink(ctx, a.ID, pa.ID, l1.ID)
	if err != nil || got.MoistureBelow != nil || !got.UpdatedAt.Equal(base.Add(time.Hour)) {
		t.Fatalf("updated link %+v %v", got, err)
	}
	byID, plant, err := ss.SensorLinkBySensor(ctx, "pot-1")
	if err != nil || byID.ID != l1.ID || plant.Name != "basil" {
		t.Fatalf("link by sensor %+v %+v %v", byID, plant, err)
	}
	if _, _, err := ss.SensorLinkBySensor(ctx, "pot-9"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("an unlinked sensor: %v", err)
	}
	must(t, ss.DeleteSensorLink(ctx, a.ID, pa.ID, l1.ID))
	must(t, s.DeletePlant(ctx, a.ID, pa.ID))
	if _, _, err := ss.SensorLinkBySensor(ctx, "pot-2"); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("a deleted plant's link stayed: %v", err)
	}
	// The newest reading of each metric, in one read.
	must(t, ss.AddSensorReadings(ctx, []domain.SensorReading{
		{SensorID: "pot-5", Metric: domain.MetricMoisture, At: base, Value: 40},
		{SensorID: "pot-5", Metric: domain.MetricMoisture, At: base.Add(time.Minute), Value: 38},
		{SensorID: "pot-5", Metric: domain.MetricBattery, At: base, Value: 90},
		{SensorID: "pot-6", Metric: domain.MetricMoisture, At: base.Add(time.Hour), Value: 10}}))
	latest, err := ss.LatestSensorReadings(ctx, "pot-5")
	if err != nil || len(latest) != 2 {
		t.Fatalf("latest %+v %v", latest, err)
	}
	for _, r := range latest {
		if (r.Metric == domain.MetricMoisture && (r.Value != 38 || !r.At.Equal(base.Add(time.Minute)))) || (r.Metric == domain.MetricBattery && r.Value != 90) {
			t.Fatalf("latest %+v", latest)
		}
	}
}

// testSensorDrySpell: a link's dry spell begun after the plant's last watering is read with the
// plant (PlantByID, ListPlants, PlantsAfter) and makes PagePlants' SQL status needs_water, as
// the domain derives it; one begun before the last watering does not.
func testSensorDrySpell(t *testing.T, s Store) {
	ctx := context.Background()
	ss := sensorStore(t, s)
	a, _ := ownerPair(t, s)
	day := domain.DateOf(base)
	watered := base.Add(-24 * time.Hour)
	p := newPlant(a.ID, "fern")
	p.LastWatered, p.WaterFrequency = &watered, intp(10)
	must(t, s.CreatePlant(ctx, p, 0))
	thirty := 30.0
	l := &domain.SensorLink{UserID: a.ID, PlantID: p.ID, SensorID: "fern-1", MoistureBelow: &thirty, CreatedAt: base, UpdatedAt: base}
	must(t, ss.CreateSensorLink(ctx, l, domain.MaxSensorsPerPlant))
	status := func() domain.PlantStatus {
		t.Helper()
		page, err := s.PagePlants(ctx, a.ID, day, domain.PlantQuery{}, 0, 10)
		if err != nil || len(page) != 1 {
			t.Fatalf("page %v %v", page, err)
		}
		one, err := s.PlantByID(ctx, a.ID, p.ID)
		must(t, err)
		if want := one.StatusOn(day, nil); page[0].Status != want {
			t.Fatalf("SQL status %s, domain %s (dry at %v)", page[0].Status, want, one.SensorDryAt)
		}
		return page[0].Status
	}
	if st := status(); st != domain.StatusHealthy {
		t.Fatalf("before a dry reading: %s", st)
	}
	if l.ApplyMoisture(18, base.Add(-time.Hour), p.LastWatered) != domain.DryStarted {
		t.Fatal("a reading below the threshold started no spell")
	}
	must(t, ss.UpdateSensorLink(ctx, l))
	if st := status(); st != domain.StatusNeedsWater {
		t.Fatalf("a dry pot: %s", st)
	}
	for _, read := range []func() ([]*domain.Plant, error){
		func() ([]*domain.Plant, error) { return s.ListPlants(ctx, a.ID) },
		func() ([]*domain.Plant, error) { return ss.PlantsAfter(ctx, p.ID-1, 1) }} {
		ps, err := read()
		if err != nil || len(ps) != 1 || ps[0].SensorDryAt == nil || !ps[0].SensorDryAt.Equal(base.Add(-time.Hour)) {
			t.Fatalf("plants %+v %v", ps, err)
		}
	}
	// Watered after the spell began: the spell no longer counts.
	later := base.Add(-time.Minute)
	_, err := s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error { p.LastWatered = &later; return nil })
	must(t, err)
	if st := status(); st != domain.StatusHealthy {
		t.Fatalf("watered after the dry reading: %s", st)
	}
}
