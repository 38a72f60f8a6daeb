package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func day(s string) time.Time {
	d, ok := domain.ParseDate(s)
	if !ok {
		panic(s)
	}
	return d
}

func ts(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

func ip(v int) *int { return &v }

func TestParseDate(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"2026-06-01":                "2026-06-01",
		" 2026-06-01 ":              "2026-06-01",
		"2026-06-01T23:30:00-07:00": "2026-06-01", // the client's own calendar date, not UTC's
		"2026-06-01T00:30:00+02:00": "2026-06-01",
		"2026-06-01T12:00:00Z":      "2026-06-01",
	} {
		got, ok := domain.ParseDate(in)
		if !ok || got.Format(domain.DateLayout) != want || got.Location() != time.UTC || got.Hour() != 0 {
			t.Errorf("ParseDate(%q) = %v, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "2026-13-01", "01/06/2026", "tomorrow", "2026-6-1"} {
		if _, ok := domain.ParseDate(in); ok {
			t.Errorf("ParseDate(%q) accepted", in)
		}
	}
}

func TestPlant_NextCareAndNeeds(t *testing.T) {
	t.Parallel()
	p := &domain.Plant{LastWatered: ts("2026-06-01T18:00:00Z"), WaterFrequency: ip(7), FertilizerFrequency: ip(30)}
	if n := p.NextWatering(); n == nil || !n.Equal(*ts("2026-06-08T18:00:00Z")) {
		t.Fatalf("NextWatering = %v", n)
	}
	if p.NextFertilizing() != nil {
		t.Fatal("next fertilizing without a last date must be nil (Not scheduled)")
	}
	cases := map[string]bool{"2026-06-07": false, "2026-06-08": true, "2026-06-09": true}
	for today, want := range cases {
		if got := p.NeedsWaterOn(day(today)); got != want {
			t.Errorf("needs water on %s = %v, want %v", today, got, want)
		}
	}
	p.WaterFrequency = nil
	if p.NextWatering() != nil || p.NeedsWaterOn(day("2030-01-01")) {
		t.Fatal("a plant without a frequency never needs water")
	}
	p.LastFertilized, p.FertilizerFrequency = ts("2026-05-01T08:00:00Z"), ip(30)
	if !p.NeedsFertilizerOn(day("2026-05-31")) || p.NeedsFertilizerOn(day("2026-05-30")) {
		t.Fatal("fertilizer due date wrong")
	}
}

func TestValidImageURL(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"": true, "https://x.org/a.jpg": true, "http://x.org/a": true, "/api/images/ab12.png": true,
		"/api/images/../../etc/passwd": false, "javascript:alert(1)": false, "data:image/png;base64,AA": false, "x.org/a.jpg": false, "/etc/passwd": false} {
		if got := domain.ValidImageURL(s); got != want {
			t.Errorf("ValidImageURL(%q) = %v", s, got)
		}
	}
}

func TestPlantLimit(t *testing.T) {
	t.Parallel()
	site := &domain.Site{PlantLimit: 3}
	user := &domain.User{Role: domain.RoleUser}
	if l := domain.PlantLimitFor(user, site); l == nil || *l != 3 {
		t.Fatalf("general user of a site: %v", l)
	}
	if domain.PlantLimitFor(user, nil) != nil || domain.PlantLimitFor(&domain.User{Role: domain.RoleAdmin}, site) != nil {
		t.Fatal("no site, or not a general user: no limit (null)")
	}
	for _, c := range []struct {
		limit *int
		count int
		can   bool
	}{{nil, 99, true}, {ip(0), 500, true}, {ip(3), 2, true}, {ip(3), 3, false}, {ip(3), 4, false}} {
		if got := (domain.PlantLimit{Limit: c.limit, CurrentCount: c.count}).CanAddPlant(); got != c.can {
			t.Errorf("limit %v count %d: can=%v", c.limit, c.count, got)
		}
	}
}

func TestCareTask_Validate(t *testing.T) {
	t.Parallel()
	empty := "  "
	task := &domain.CareTask{PlantID: 1, Type: domain.TaskWater, ScheduledDate: day("2026-06-01"), Notes: &empty, RecurringDays: ip(4)}
	if err := domain.ValidateCareTask(task); err != nil {
		t.Fatal(err)
	}
	if task.Notes != nil || task.RecurringDays != nil {
		t.Fatal("empty notes and the days of a one-off task must become null")
	}
	for _, days := range []int{0, 366} {
		err := domain.ValidateCareTask(&domain.CareTask{PlantID: 1, Type: domain.TaskWater, ScheduledDate: day("2026-06-01"), IsRecurring: true, RecurringDays: ip(days)})
		if fieldMsg(t, err, "recurringDays") != "Repeat every X days must be between 1 and 365" {
			t.Errorf("%d days accepted", days)
		}
	}
	for _, days := range []int{1, 365} {
		if err := domain.ValidateCareTask(&domain.CareTask{PlantID: 1, Type: domain.TaskWater, ScheduledDate: day("2026-06-01"), IsRecurring: true, RecurringDays: ip(days)}); err != nil {
			t.Errorf("%d days refused: %v", days, err)
		}
	}
}

func TestCareTask_CompleteAndRecur(t *testing.T) {
	t.Parallel()
	task := &domain.CareTask{ID: 5, UserID: 2, PlantID: 3, Type: domain.TaskWater, ScheduledDate: day("2026-06-01"), IsRecurring: true, RecurringDays: ip(3)}
	at := *ts("2026-06-02T22:00:00+02:00") // late: the next one counts from when it was done
	next, err := task.Complete(at)
	if err != nil {
		t.Fatal(err)
	}
	if !task.Completed || !task.CompletedAt.Equal(at) || task.CompletedAt.Location() != time.UTC {
		t.Fatalf("completed %+v", task)
	}
	if next == nil || next.ID != 0 || next.Completed || next.PlantID != 3 || next.UserID != 2 || next.ScheduledDate.Format(domain.DateLayout) != "2026-06-05" || *next.RecurringDays != 3 {
		t.Fatalf("next %+v", next)
	}
	if _, err := task.Complete(at); domain.ErrorCode(err) != domain.EConflict || err.Error() != "This task is already completed" {
		t.Fatalf("second completion: %v", err)
	}
	once := &domain.CareTask{Type: domain.TaskPrune, ScheduledDate: day("2026-06-01")}
	if n, _ := once.Complete(at); n != nil {
		t.Fatal("a one-off task has no next occurrence")
	}
}

func TestCareTask_ApplyTo(t *testing.T) {
	t.Parallel()
	at := *ts("2026-06-02T09:00:00Z")
	p := &domain.Plant{LastWatered: ts("2026-06-01T09:00:00Z")}
	water := &domain.CareTask{Type: domain.TaskWater}
	water.Complete(at)
	water.ApplyTo(p)
	if !p.LastWatered.Equal(at) {
		t.Fatal("lastWatered not moved forward")
	}
	older := &domain.CareTask{Type: domain.TaskWater}
	older.Complete(*ts("2026-05-01T09:00:00Z"))
	older.ApplyTo(p)
	if !p.LastWatered.Equal(at) {
		t.Fatal("an older completion moved lastWatered back")
	}
	feed := &domain.CareTask{Type: domain.TaskFertilize}
	feed.Complete(at)
	feed.ApplyTo(p)
	prune := &domain.CareTask{Type: domain.TaskPrune}
	prune.Complete(*ts("2026-07-01T09:00:00Z"))
	prune.ApplyTo(p)
	if p.LastFertilized == nil || !p.LastFertilized.Equal(at) || !p.LastWatered.Equal(at) {
		t.Fatalf("plant %+v", p)
	}
}

func TestCareTask_Occurrences(t *testing.T) {
	t.Parallel()
	task := &domain.CareTask{ScheduledDate: day("2026-06-01"), IsRecurring: true, RecurringDays: ip(7)}
	format := func(ds []time.Time) []string {
		out := []string{}
		for _, d := range ds {
			out = append(out, d.Format(domain.DateLayout))
		}
		return out
	}
	got := format(task.Occurrences(day("2026-05-01"), day("2026-06-30")))
	want := []string{"2026-06-08", "2026-06-15", "2026-06-22", "2026-06-29"}
	if len(got) != len(want) {
		t.Fatalf("got %v want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v want %v", got, want)
		}
	}
	if got := format(task.Occurrences(day("2026-09-01"), day("2026-09-10"))); len(got) != 1 || got[0] != "2026-09-07" {
		t.Fatalf("far range: %v", got)
	}
	if got := task.Occurrences(day("2028-01-01"), day("2028-12-31")); len(got) != 0 {
		t.Fatalf("projections beyond %d days: %v", domain.MaxProjectionDays, format(got))
	}
	task.Completed = true
	if len(task.Occurrences(day("2026-06-01"), day("2026-06-30"))) != 0 {
		t.Fatal("a completed task projects nothing (its next task does)")
	}
	once := &domain.CareTask{ScheduledDate: day("2026-06-01")}
	if len(once.Occurrences(day("2026-06-01"), day("2026-12-31"))) != 0 {
		t.Fatal("a one-off task projects nothing")
	}
}

func TestCareRemindersAndStats(t *testing.T) {
	t.Parallel()
	plants := []*domain.Plant{
		{ID: 1, Name: "Dry", LastWatered: ts("2026-05-20T10:00:00Z"), WaterFrequency: ip(7)},
		{ID: 2, Name: "Wet", LastWatered: ts("2026-06-01T10:00:00Z"), WaterFrequency: ip(7), LastFertilized: ts("2026-05-01T10:00:00Z"), FertilizerFrequency: ip(30)},
		{ID: 3, Name: "Unknown"},
	}
	done := func(plant int64, name string, typ domain.TaskType, when string) *domain.CareTask {
		return &domain.CareTask{PlantID: plant, PlantName: name, Type: typ, Completed: true, CompletedAt: ts(when)}
	}
	tasks := []*domain.CareTask{
		{Type: domain.TaskRepot}, {Type: domain.TaskRepot}, {Type: domain.TaskRepot, Completed: true},
		done(1, "Dry", domain.TaskWater, "2026-06-01T08:00:00Z"), done(1, "Dry", domain.TaskWater, "2026-06-02T08:00:00Z"),
		done(2, "Wet", domain.TaskPrune, "2026-06-03T08:00:00Z"), done(2, "Wet", domain.TaskMist, "2026-05-15T08:00:00Z"),
		done(3, "Unknown", domain.TaskRepot, "2026-04-15T08:00:00Z"), done(3, "Unknown", domain.TaskWater, "2026-03-31T08:00:00Z"),
	}
	water, fert, repot := domain.CareReminders(plants, tasks, day("2026-06-01"))
	if len(water) != 1 || water[0].Name != "Dry" || water[0].DueDate.Format(domain.DateLayout) != "2026-05-27" || len(fert) != 1 || fert[0].Name != "Wet" || repot != 2 {
		t.Fatalf("reminders %v %v %d", water, fert, repot)
	}
	this, last, three := domain.StatsRanges(day("2026-06-10"))
	if this.From.Format(domain.DateLayout) != "2026-06-01" || last.From.Format(domain.DateLayout) != "2026-05-01" || three.From.Format(domain.DateLayout) != "2026-04-01" || three.To.Format(domain.DateLayout) != "2026-07-01" {
		t.Fatalf("ranges %v %v %v", this, last, three)
	}
	s := domain.ComputeCareStats(tasks, this)
	if s.Counts[domain.TaskWater] != 2 || s.Counts[domain.TaskPrune] != 1 || s.Counts[domain.TaskRepot] != 0 || len(s.TopPlants) != 2 || s.TopPlants[0].Name != "Dry" || s.TopPlants[0].Count != 2 {
		t.Fatalf("this month %+v", s)
	}
	s = domain.ComputeCareStats(tasks, three)
	if s.Counts[domain.TaskRepot] != 1 || s.Counts[domain.TaskWater] != 2 || len(s.TopPlants) != 2 {
		t.Fatalf("last 3 months %+v", s)
	}
	if _, counted := s.Counts[domain.TaskMist]; counted {
		t.Fatal("mist is not one of the counted types")
	}
	// The 31 March task is outside the last 3 months seen from June.
	if domain.ComputeCareStats(tasks, last).TopPlants[0].Name != "Wet" {
		t.Fatal("last month's top plant")
	}
}

func TestWeekOf(t *testing.T) {
	t.Parallel()
	for today, want := range map[string][3]any{
		"2026-06-01": {"2026-06-01", "2026-06-07", 23}, // a Monday
		"2026-06-07": {"2026-06-01", "2026-06-07", 23}, // a Sunday
		"2027-01-01": {"2026-12-28", "2027-01-03", 53}, // ISO week 53 of 2026
	} {
		mon, sun, week := domain.WeekOf(day(today))
		if mon.Format(domain.DateLayout) != want[0] || sun.Format(domain.DateLayout) != want[1] || week != want[2] {
			t.Errorf("WeekOf(%s) = %s %s %d", today, mon.Format(domain.DateLayout), sun.Format(domain.DateLayout), week)
		}
	}
}

func TestParseIntervalDays(t *testing.T) {
	t.Parallel()
	cases := map[string]int{
		"Water every 3 days": 3, "every 10 day": 10, "Every 2 weeks in summer": 14, "every 1 week": 7,
		"Daily": 1, "water every day": 1, "Twice a week": 3, "Weekly": 7, "once a week": 7,
		"Bi-weekly feeding": 14, "biweekly": 14, "Monthly": 30, "once a month": 30,
	}
	for text, want := range cases {
		if got, ok := domain.ParseIntervalDays(text); !ok || got != want {
			t.Errorf("ParseIntervalDays(%q) = %d, %v; want %d", text, got, ok, want)
		}
	}
	for _, text := range []string{"", "Keep moist", "every few days", "every 0 days"} {
		if got, ok := domain.ParseIntervalDays(text); ok {
			t.Errorf("ParseIntervalDays(%q) = %d, want no interval", text, got)
		}
	}
}

func TestLightNeedsFromText(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"Full sun": "Full Sun", "Full sun to partial shade": "Full Sun", "Partial shade": "Medium Light", "Shade": "Low Light",
		"Deep shade": "Low Light", "Bright indirect light": "Bright Indirect", "Bright light": "Bright Light", "": "", "Any": "",
	} {
		if got := domain.LightNeedsFromText(text); got != want {
			t.Errorf("LightNeedsFromText(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestQuickAddWaterDays(t *testing.T) {
	t.Parallel()
	for req, want := range map[string]int{"Low": 14, "low": 14, "Moderate": 7, " moderate ": 7, "High": 4, "": 4, "Keep moist": 4} {
		if got := domain.QuickAddWaterDays(req); got != want {
			t.Errorf("QuickAddWaterDays(%q) = %d, want %d", req, got, want)
		}
	}
}

func TestFillFromDatabase(t *testing.T) {
	t.Parallel()
	item := &domain.PlantDBItem{CommonName: "Tomato Moneymaker", ScientificName: "Solanum lycopersicum", Type: domain.Vegetables,
		LightRequirements: "Full sun", WaterRequirements: "Moderate", FertilizerRequirements: "Feed every 2 weeks",
		Description: "<p>A <b>reliable</b> tomato &amp; more</p>", ImageURL: "https://shop.example/t.jpg"}
	p := &domain.Plant{}
	domain.FillFromDatabase(p, item)
	if p.Name != "Tomato Moneymaker" || p.Species != "Solanum lycopersicum" || p.Type != domain.Vegetables || p.LightNeeds != "Full Sun" ||
		*p.WaterFrequency != 7 || *p.FertilizerFrequency != 14 || p.Notes != "A reliable tomato & more" || p.ImageURL != item.ImageURL {
		t.Fatalf("filled %+v", p)
	}
	item.CareInstructions = domain.CareInstructions{Parts: map[string]string{"watering": "Water daily", "soil": "Rich"}}
	item.WaterRequirements, item.FertilizerRequirements = "Low", ""
	own := 2
	p = &domain.Plant{Name: "My tomato", WaterFrequency: &own}
	domain.FillFromDatabase(p, item)
	if p.Name != "My tomato" || *p.WaterFrequency != 2 || *p.FertilizerFrequency != 30 || p.Notes != "Watering: Water daily\nSoil: Rich" {
		t.Fatalf("kept and filled %+v", p)
	}
	p = &domain.Plant{}
	domain.FillFromDatabase(p, &domain.PlantDBItem{CommonName: "Mystery", WaterRequirements: "Low"})
	if *p.WaterFrequency != 14 {
		t.Fatalf("the 14/7/4 rule: %d", *p.WaterFrequency)
	}
}

func TestJournalValidation(t *testing.T) {
	t.Parallel()
	e := &domain.JournalEntry{PlantID: 1, Title: "  Hi  ", EntryDate: day("2026-06-01"), GrowthStage: domain.Mature}
	if err := domain.ValidateJournalEntry(e); err != nil || e.Title != "Hi" {
		t.Fatalf("%v %q", err, e.Title)
	}
	err := domain.ValidateJournalEntry(&domain.JournalEntry{Title: "H", GrowthStage: "Teen", ImageURL: "ftp://x"})
	for field, msg := range map[string]string{"plantId": "Please select a plant", "title": "Title must be at least 2 characters",
		"entryDate": "Please enter a valid date", "growthStage": "Please select a growth stage", "imageUrl": "Please enter a valid URL"} {
		if got := fieldMsg(t, err, field); got != msg {
			t.Errorf("%s: %q", field, got)
		}
	}
}

func TestValidatePlant_CareDatesNotInTheFuture(t *testing.T) {
	t.Parallel()
	now := *ts("2026-06-10T09:00:00Z")
	plant := func(watered, fertilized string) *domain.Plant {
		return &domain.Plant{Name: "Basil", Type: domain.Herbs, LastWatered: ts(watered), LastFertilized: ts(fertilized)}
	}
	t.Run("OK", func(t *testing.T) {
		// today, earlier, and a gardener's today in a zone ahead of the server (midday there)
		for _, at := range []string{"2026-06-10T09:00:00Z", "2026-06-06T12:00:00Z", "2026-06-10T22:00:00Z", "2026-06-11T09:00:00Z"} {
			if err := domain.ValidatePlant(plant(at, at), now); err != nil {
				t.Errorf("%s: %v", at, err)
			}
		}
	})
	t.Run("ErrFuture", func(t *testing.T) {
		err := domain.ValidatePlant(plant("2026-06-12T12:00:00Z", "2026-06-11T09:00:01Z"), now)
		if got := fieldMsg(t, err, "lastWatered"); got != domain.MsgLastWateredFuture {
			t.Errorf("lastWatered: %q", got)
		}
		if got := fieldMsg(t, err, "lastFertilized"); got != domain.MsgLastFertilizedFuture {
			t.Errorf("lastFertilized: %q", got)
		}
	})
}
