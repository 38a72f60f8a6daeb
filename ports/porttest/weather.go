package porttest

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// weatherTests are the contract of ports.GardenSettingsStore and ports.WeatherStore, and of the
// winter stretch in the set-based plant reads.
var weatherTests = map[string]func(t *testing.T, s Store){
	"Weather/GardenSettingsRoundTrip":    testGardenSettingsRoundTrip,
	"Weather/SouthernSiteHemisphere":     testSouthernSiteHemisphere,
	"Weather/LocationsGardenersOutdoor":  testWeatherLocations,
	"Weather/ForecastRoundTrip":          testForecastRoundTrip,
	"Weather/WinterStretchInSetReads":    testWinterStretchInSetReads,
	"Weather/NoticesFromOnceKeys":        testWeatherNotices,
	"Weather/OutdoorAndAdvanceRoundTrip": testOutdoorRoundTrip,
	"Reminders/ZonesAndHours":            testReminderAudience,
}

func gardenAt(lat, lon float64) domain.GardenSettings {
	g := domain.DefaultGardenSettings()
	g.Location = &domain.GardenLocation{Name: "Town", Latitude: lat, Longitude: lon}
	g.Hemisphere = domain.SeasonHemisphere(g.Location, "")
	return g
}

func testGardenSettingsRoundTrip(t *testing.T, s Store) {
	ctx := context.Background()
	u, _ := ownerPair(t, s)
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if def := domain.DefaultGardenSettings(); got.Garden != def {
		t.Fatalf("a new user's garden %+v, want the defaults %+v", got.Garden, def)
	}
	g := gardenAt(-33.87, 151.21)
	g.WinterFactor, g.RainMM, g.FrostC, g.HeatC = 2, 7.5, -2, 35
	must(t, s.SaveGardenSettings(ctx, u.ID, g))
	got, err = s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Garden.Location == nil || *got.Garden.Location != *g.Location || got.Garden.Hemisphere != domain.South ||
		got.Garden.WinterFactor != 2 || got.Garden.RainMM != 7.5 || got.Garden.FrostC != -2 || got.Garden.HeatC != 35 {
		t.Fatalf("garden %+v (location %+v)", got.Garden, got.Garden.Location)
	}
	loc, err := s.GardenLocation(ctx, u.ID)
	must(t, err)
	if loc == nil || *loc != *g.Location {
		t.Fatalf("GardenLocation %+v", loc)
	}
	g.Location = nil
	must(t, s.SaveGardenSettings(ctx, u.ID, g))
	if loc, err = s.GardenLocation(ctx, u.ID); err != nil || loc != nil {
		t.Fatalf("cleared location %+v %v", loc, err)
	}
	mustCode(t, s.SaveGardenSettings(ctx, 1<<40, g), domain.ENotFound)
}

func testSouthernSiteHemisphere(t *testing.T, s Store) {
	ctx := context.Background()
	site := &domain.Site{Name: uniq("Bondi"), Country: "Australia", Status: domain.SiteActive, CreatedAt: base}
	must(t, s.CreateSite(ctx, site))
	u := newUser(uniq("sydney"))
	u.SiteID = &site.ID
	must(t, s.CreateUser(ctx, u))
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Garden.Hemisphere != domain.South {
		t.Fatalf("a user of an Australian site winters in %q", got.Garden.Hemisphere)
	}
	// Leaving the site, without a location, goes back to the north.
	_, err = s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.SiteID = nil; return nil })
	must(t, err)
	if got, err = s.UserByID(ctx, u.ID); err != nil || got.Garden.Hemisphere != domain.North {
		t.Fatalf("after leaving: %q %v", got.Garden.Hemisphere, err)
	}
}

func testWeatherLocations(t *testing.T, s Store) {
	ctx := context.Background()
	// Latitudes unique to this test, so parallel tests on a shared database do not mix in.
	lat := 10 + float64(seq.Add(1)%5000)/100
	a, b := ownerPair(t, s)
	c, d := ownerPair(t, s)
	must(t, s.SaveGardenSettings(ctx, a.ID, gardenAt(lat, 5.5)))
	must(t, s.SaveGardenSettings(ctx, b.ID, gardenAt(lat, 5.5)))
	must(t, s.SaveGardenSettings(ctx, c.ID, gardenAt(lat, 6.5)))
	must(t, s.SaveGardenSettings(ctx, d.ID, gardenAt(lat, 7.5)))
	_, err := s.UpdateUser(ctx, d.ID, func(u *domain.User) error { u.IsActive = false; return nil })
	must(t, err)
	locs, err := s.GardenLocations(ctx)
	must(t, err)
	var mine []domain.GardenLocation
	for _, l := range locs {
		if l.Latitude == lat {
			mine = append(mine, l)
		}
	}
	if len(mine) != 2 || mine[0].Longitude != 5.5 || mine[1].Longitude != 6.5 {
		t.Fatalf("distinct active locations %+v", mine)
	}
	users, err := s.GardenersAt(ctx, lat, 5.5)
	must(t, err)
	if len(users) != 2 || users[0].ID != a.ID || users[1].ID != b.ID || users[0].Garden.Location == nil {
		t.Fatalf("gardeners at the place: %d", len(users))
	}
	in, out := newPlant(a.ID, "Tomato"), newPlant(a.ID, "Fern")
	in.Outdoor = true
	must(t, s.CreatePlant(ctx, in, 0))
	must(t, s.CreatePlant(ctx, out, 0))
	other := newPlant(c.ID, "Bean")
	other.Outdoor = true
	must(t, s.CreatePlant(ctx, other, 0))
	plants, err := s.OutdoorPlants(ctx, []int64{a.ID, b.ID})
	must(t, err)
	if len(plants) != 1 || len(plants[a.ID]) != 1 || plants[a.ID][0].ID != in.ID || !plants[a.ID][0].Outdoor {
		t.Fatalf("outdoor plants %+v", plants)
	}
}

func testForecastRoundTrip(t *testing.T, s Store) {
	ctx := context.Background()
	lat := -40 - float64(seq.Add(1)%4000)/100
	_, err := s.Forecast(ctx, lat, 1.25)
	mustCode(t, err, domain.ENotFound)
	day := domain.DateOf(base)
	f := &domain.Forecast{Latitude: lat, Longitude: 1.25, FetchedAt: base, Days: []domain.DailyWeather{
		{Day: day, PrecipitationMM: 6.4, MinC: -1.5, MaxC: 9, Code: 61}, {Day: domain.AddDays(day, 1), MaxC: 12}}}
	must(t, s.SaveForecast(ctx, f))
	f.Days[0].PrecipitationMM = 0.2
	f.FetchedAt = base.Add(time.Hour)
	must(t, s.SaveForecast(ctx, f)) // the latest replaces the one before
	got, err := s.Forecast(ctx, lat, 1.25)
	must(t, err)
	if !got.FetchedAt.Equal(f.FetchedAt) || len(got.Days) != 2 || got.Days[0].PrecipitationMM != 0.2 || got.Days[0].MinC != -1.5 ||
		got.Days[0].Code != 61 || !got.Days[1].Day.Equal(domain.AddDays(day, 1)) {
		t.Fatalf("forecast %+v", got)
	}
}

func testWinterStretchInSetReads(t *testing.T, s Store) {
	ctx := context.Background()
	north, south := ownerPair(t, s)
	gs := domain.DefaultGardenSettings()
	gs.Hemisphere = domain.South
	must(t, s.SaveGardenSettings(ctx, south.ID, gs))
	// A day in the northern winter: 15 December of the base year.
	day := time.Date(base.Year(), time.December, 15, 0, 0, 0, 0, time.UTC)
	// Waterings every 4 days, the last 4 days ago: due today unstretched, in 2 days stretched
	// (4 × 1.5 = 6).
	adaptive := func(owner int64) *domain.Plant {
		p := plantWithLog(t, s, owner, day.Add(-12*24*time.Hour+8*time.Hour))
		p = logCare(t, s, owner, p.ID, water(day.Add(-8*24*time.Hour+8*time.Hour)), water(day.Add(-4*24*time.Hour+8*time.Hour)))
		p, err := s.UpdatePlant(ctx, owner, p.ID, func(p *domain.Plant) error { p.WaterMode = domain.ModeAdaptive; return nil })
		must(t, err)
		if p.SuggestedWaterFrequency == nil || *p.SuggestedWaterFrequency != 4 {
			t.Fatalf("learned %v", p.SuggestedWaterFrequency)
		}
		return p
	}
	adaptive(north.ID)
	adaptive(south.ID)
	for _, c := range []struct {
		factor float64
		want   domain.PlantStatus
	}{{1.5, domain.StatusHealthy}, {1, domain.StatusNeedsWater}} {
		page, err := s.PagePlants(ctx, north.ID, day, domain.PlantQuery{SeasonFactor: c.factor}, 0, 10)
		must(t, err)
		if len(page) != 1 || page[0].Status != c.want {
			t.Fatalf("factor %v: %d plants, status %q, want %q", c.factor, len(page), page[0].Status, c.want)
		}
	}
	digests, _, err := s.CareDigests(ctx, day, uniq("care_reminder_test"), 5, nil, 0)
	must(t, err)
	if d := digests[north.ID]; d != nil && len(d.Watering) > 0 {
		t.Fatalf("a northern gardener is reminded in winter of a stretched watering: %+v", d.Watering)
	}
	if d := digests[south.ID]; d == nil || len(d.Watering) != 1 {
		t.Fatalf("a southern gardener's summer watering is due: %+v", d)
	}
	// Out of every winter nothing stretches: in March both are due on their day.
	march := time.Date(base.Year()+1, time.March, 15, 0, 0, 0, 0, time.UTC)
	digests, _, err = s.CareDigests(ctx, march, uniq("care_reminder_test"), 5, nil, 0)
	must(t, err)
	if d := digests[north.ID]; d == nil || len(d.Watering) != 1 {
		t.Fatalf("in March the northern watering is due: %+v", d)
	}
}

func testWeatherNotices(t *testing.T, s Store) {
	ctx := context.Background()
	u, _ := ownerPair(t, s)
	day := domain.DateOf(base)
	items := []ports.OnceNotification{
		{Notification: domain.WeatherNotification(u.ID, domain.KindWeatherRain, "Rain", "Rain watered 2 outdoor plants", base),
			Key: domain.OnceKey{UserID: u.ID, Kind: domain.KindWeatherRain, Day: day}},
		{Notification: domain.WeatherNotification(u.ID, domain.KindWeatherFrost, "Frost", "Frost expected Sunday night", base),
			Key: domain.OnceKey{UserID: u.ID, Kind: domain.KindWeatherFrost, Day: domain.AddDays(day, -3)}},
	}
	ns, ok := s.(ports.NotifyStore)
	if !ok {
		t.Fatal("the store must keep notifications")
	}
	for _, it := range items { // one key per user per call
		created, err := ns.CreateNotificationsOnce(ctx, []ports.OnceNotification{it})
		must(t, err)
		if len(created) != 1 || !created[0] {
			t.Fatalf("created %v", created)
		}
	}
	got, err := s.WeatherNotices(ctx, u.ID, domain.AddDays(day, -1))
	must(t, err)
	if len(got) != 1 || got[0].Kind != domain.KindWeatherRain || got[0].Message != "Rain watered 2 outdoor plants" || !got[0].Day.Equal(day) {
		t.Fatalf("notices %+v", got)
	}
}

func testOutdoorRoundTrip(t *testing.T, s Store) {
	ctx := context.Background()
	u, _ := ownerPair(t, s)
	p := newPlant(u.ID, "Tomato")
	p.Outdoor = true
	must(t, s.CreatePlant(ctx, p, 0))
	got, err := s.UpdatePlant(ctx, u.ID, p.ID, func(p *domain.Plant) error { p.WaterAdvanceDays = 1; return nil })
	must(t, err)
	got, err = s.PlantByID(ctx, u.ID, got.ID)
	must(t, err)
	if !got.Outdoor || got.WaterAdvanceDays != 1 {
		t.Fatalf("outdoor %v advance %d", got.Outdoor, got.WaterAdvanceDays)
	}
}

// testReminderAudience: the reminder hour round-trips; the zones of the gardeners with
// reminders on are counted; the gardeners of a slot are those of its zones whose hour (the
// default for those who chose none) is among its hours; CareDigests keeps to the users given.
func testReminderAudience(t *testing.T, s Store) {
	ctx := context.Background()
	mk := func(zone string, hour *int, change func(*domain.User)) *domain.User {
		u := newUser(uniq("zoned"))
		u.TimeZone, u.ReminderHour = zone, hour
		if change != nil {
			change(u)
		}
		must(t, s.CreateUser(ctx, u))
		return u
	}
	auck := mk("Pacific/Auckland", nil, nil)
	auck9 := mk("Pacific/Auckland", intp(9), nil)
	berlin := mk("Europe/Berlin", intp(22), nil)
	none := mk("", nil, nil)
	mk("Europe/Berlin", intp(22), func(u *domain.User) { u.NotificationPrefs.CareReminders = false })
	mk("Europe/Berlin", intp(22), func(u *domain.User) { u.IsActive = false })
	got, err := s.UserByID(ctx, auck9.ID)
	must(t, err)
	if got.ReminderHour == nil || *got.ReminderHour != 9 || got.TimeZone != "Pacific/Auckland" {
		t.Fatalf("round trip %v %q", got.ReminderHour, got.TimeZone)
	}
	zones, err := s.ReminderZones(ctx)
	must(t, err)
	if zones["Pacific/Auckland"] != 2 || zones["Europe/Berlin"] != 1 || zones[""] != 1 {
		t.Fatalf("zones %v", zones)
	}
	users, err := s.ReminderUsers(ctx, []ports.ReminderSlot{{Zones: []string{"Pacific/Auckland"}, Hours: []int{8}},
		{Zones: []string{"Europe/Berlin", ""}, Hours: []int{22, 21}}}, 8)
	must(t, err)
	var ids []int64
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	if len(ids) != 2 || ids[0] != auck.ID || ids[1] != berlin.ID {
		t.Fatalf("slot users %v, want %d and %d", ids, auck.ID, berlin.ID)
	}
	if users, err := s.ReminderUsers(ctx, []ports.ReminderSlot{{Zones: []string{""}, Hours: []int{8}}}, 8); err != nil || len(users) != 1 || users[0].ID != none.ID {
		t.Fatalf("the zoneless gardener at the default hour: %v %v", users, err)
	}
	p := newPlant(auck9.ID, "Kowhai")
	watered := base.AddDate(0, 0, -10)
	p.LastWatered = &watered
	must(t, s.CreatePlant(ctx, p, 0))
	q := newPlant(berlin.ID, "Linde")
	q.LastWatered = &watered
	must(t, s.CreatePlant(ctx, q, 0))
	digests, _, err := s.CareDigests(ctx, domain.DateOf(base), uniq("care_reminder_test"), 5, []int64{auck9.ID}, 100)
	must(t, err)
	if len(digests) != 1 || digests[auck9.ID] == nil || len(digests[auck9.ID].Watering) != 1 {
		t.Fatalf("digests of the users given only: %+v", digests)
	}
}
