package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func TestPlant_StatusOn(t *testing.T) {
	t.Parallel()
	today := day("2026-06-10")
	plant := func() *domain.Plant {
		// watered 3 days ago every 7 days (due 06-14), fertilized 10 days ago every 30 (due 07-01)
		return &domain.Plant{ID: 1, LastWatered: ts("2026-06-07T08:00:00Z"), WaterFrequency: ip(7),
			LastFertilized: ts("2026-06-01T08:00:00Z"), FertilizerFrequency: ip(30)}
	}
	task := func(date string, typ domain.TaskType, completed bool) *domain.CareTask {
		return &domain.CareTask{PlantID: 1, Type: typ, ScheduledDate: day(date), Completed: completed}
	}
	cases := []struct {
		name  string
		edit  func(*domain.Plant)
		tasks []*domain.CareTask
		want  domain.PlantStatus
	}{
		{"nothing due", nil, nil, domain.StatusHealthy},
		{"watering due today", func(p *domain.Plant) { p.LastWatered = ts("2026-06-03T23:00:00Z") }, nil, domain.StatusNeedsWater},
		{"watering overdue", func(p *domain.Plant) { p.LastWatered = ts("2026-06-06T08:00:00Z"); p.WaterFrequency = ip(3) }, nil, domain.StatusNeedsWater},
		{"watering due tomorrow", func(p *domain.Plant) { p.LastWatered = ts("2026-06-04T08:00:00Z") }, nil, domain.StatusHealthy},
		{"fertilizing overdue", func(p *domain.Plant) { p.LastFertilized = ts("2026-05-01T08:00:00Z") }, nil, domain.StatusNeedsCare},
		{"fertilizing due today", func(p *domain.Plant) { p.LastFertilized = ts("2026-05-11T08:00:00Z") }, nil, domain.StatusNeedsCare},
		{"a task overdue", nil, []*domain.CareTask{task("2026-06-09", domain.TaskPrune, false)}, domain.StatusNeedsCare},
		// One definition of due (issue #27 item 2): a water task due is the plant's watering due.
		{"an overdue water task is watering", nil, []*domain.CareTask{task("2026-06-08", domain.TaskWater, false)}, domain.StatusNeedsWater},
		{"a water task read with the plant is watering", func(p *domain.Plant) { p.WaterTaskDate = ts("2026-06-08T00:00:00Z") }, nil, domain.StatusNeedsWater},
		{"a fertilize task due today is care", nil, []*domain.CareTask{task("2026-06-10", domain.TaskFertilize, false)}, domain.StatusNeedsCare},
		{"a task due today is due", nil, []*domain.CareTask{task("2026-06-10", domain.TaskRepot, false)}, domain.StatusNeedsCare},
		{"a task due tomorrow", nil, []*domain.CareTask{task("2026-06-11", domain.TaskRepot, false)}, domain.StatusHealthy},
		{"a water task due tomorrow", nil, []*domain.CareTask{task("2026-06-11", domain.TaskWater, false)}, domain.StatusHealthy},
		{"a completed past task", nil, []*domain.CareTask{task("2026-06-01", domain.TaskRepot, true)}, domain.StatusHealthy},
		{"another plant's overdue task", nil, []*domain.CareTask{{PlantID: 2, Type: domain.TaskPrune, ScheduledDate: day("2026-06-01")}}, domain.StatusHealthy},
		{"watering wins over care", func(p *domain.Plant) { p.LastWatered = ts("2026-05-01T08:00:00Z") },
			[]*domain.CareTask{task("2026-06-01", domain.TaskPrune, false)}, domain.StatusNeedsWater},
		{"no dates at all", func(p *domain.Plant) { p.LastWatered, p.LastFertilized = nil, nil }, nil, domain.StatusHealthy},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := plant()
			if c.edit != nil {
				c.edit(p)
			}
			if got := p.StatusOn(today, c.tasks); got != c.want {
				t.Fatalf("StatusOn = %q, want %q", got, c.want)
			}
			// DeriveStatuses is the same rule over a list
			domain.DeriveStatuses([]*domain.Plant{p}, c.tasks, today)
			if p.Status != c.want {
				t.Fatalf("DeriveStatuses = %q, want %q", p.Status, c.want)
			}
		})
	}
}

func TestDeriveStatuses_AgreesWithCareReminders(t *testing.T) {
	t.Parallel()
	today := day("2026-06-10")
	plants := []*domain.Plant{
		{ID: 1, Name: "Basil", LastWatered: ts("2026-06-01T08:00:00Z"), WaterFrequency: ip(3)},
		{ID: 2, Name: "Mint", LastWatered: ts("2026-06-09T08:00:00Z"), WaterFrequency: ip(3), LastFertilized: ts("2026-04-01T08:00:00Z"), FertilizerFrequency: ip(30)},
		{ID: 3, Name: "Sage", LastWatered: ts("2026-06-09T08:00:00Z"), WaterFrequency: ip(3)},
	}
	domain.DeriveStatuses(plants, nil, today)
	water, fert, _ := domain.CareReminders(plants, nil, today)
	counts := domain.StatusCounts(plants)
	if counts[domain.StatusNeedsWater] != len(water) || len(water) != 1 || water[0].PlantID != 1 {
		t.Fatalf("needs_water %d vs watering tile %v", counts[domain.StatusNeedsWater], water)
	}
	if counts[domain.StatusNeedsCare] != 1 || len(fert) != 1 || counts[domain.StatusHealthy] != 1 {
		t.Fatalf("counts %v, fertilizing %v", counts, fert)
	}
}

func TestOverdueTasks(t *testing.T) {
	t.Parallel()
	today := day("2026-06-10")
	tasks := []*domain.CareTask{
		{ID: 1, ScheduledDate: day("2026-06-09")},
		{ID: 2, ScheduledDate: day("2026-06-10")},
		{ID: 3, ScheduledDate: day("2026-06-01"), Completed: true},
		{ID: 4, ScheduledDate: day("2026-05-20")},
	}
	got := domain.OverdueTasks(tasks, today)
	if len(got) != 2 || got[0].ID != 4 || got[1].ID != 1 {
		t.Fatalf("OverdueTasks = %v", got)
	}
}

func TestPlantQuery_Apply(t *testing.T) {
	t.Parallel()
	acq := func(s string) time.Time { return day(s) }
	plants := []*domain.Plant{
		{ID: 1, Name: "basil", Location: "Kitchen", Status: domain.StatusHealthy, AcquiredDate: acq("2026-03-01")},
		{ID: 2, Name: "Mint", Species: "Mentha", Status: domain.StatusNeedsCare, AcquiredDate: acq("2026-01-01")},
		{ID: 3, Name: "Chives", Status: domain.StatusNeedsWater, AcquiredDate: acq("2026-02-01")},
		{ID: 4, Name: "Apple", Status: domain.StatusNeedsWater, AcquiredDate: acq("2026-04-01")},
	}
	ids := func(ps []*domain.Plant) (out []int64) {
		for _, p := range ps {
			out = append(out, p.ID)
		}
		return out
	}
	for _, c := range []struct {
		q    domain.PlantQuery
		want []int64
	}{
		{domain.PlantQuery{}, []int64{1, 2, 3, 4}},
		{domain.PlantQuery{Status: domain.StatusNeedsWater}, []int64{3, 4}},
		{domain.PlantQuery{Sort: domain.SortPlantsName}, []int64{4, 1, 3, 2}},
		{domain.PlantQuery{Sort: domain.SortPlantsNameDesc}, []int64{2, 3, 1, 4}},
		{domain.PlantQuery{Sort: domain.SortPlantsOldest}, []int64{2, 3, 1, 4}},
		{domain.PlantQuery{Sort: domain.SortPlantsNewest}, []int64{4, 1, 3, 2}},
		{domain.PlantQuery{Sort: domain.SortPlantsStatus}, []int64{4, 3, 2, 1}},
		{domain.PlantQuery{Search: "kitch"}, []int64{1}},
		{domain.PlantQuery{Search: "MENTH"}, []int64{2}},
	} {
		if got := ids(c.q.Apply(plants)); !equalIDs(got, c.want) {
			t.Errorf("%+v: got %v, want %v", c.q, got, c.want)
		}
	}
	if err := (domain.PlantQuery{Status: "thirsty"}).Validate(); domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("unknown status: %v", err)
	}
	if err := (domain.PlantQuery{Sort: "random"}).Validate(); domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("unknown sort: %v", err)
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCareDueBetween(t *testing.T) {
	t.Parallel()
	today := day("2026-06-10")
	plants := []*domain.Plant{
		{ID: 1, Name: "Basil", LastWatered: ts("2026-06-01T08:00:00Z"), WaterFrequency: ip(3)},                                                                         // due 06-04: overdue → today
		{ID: 2, Name: "Mint", LastWatered: ts("2026-06-09T08:00:00Z"), WaterFrequency: ip(3), LastFertilized: ts("2026-06-01T00:00:00Z"), FertilizerFrequency: ip(12)}, // 06-12, 06-13
		{ID: 3, Name: "Sage", LastWatered: ts("2026-06-09T08:00:00Z"), WaterFrequency: ip(30)},                                                                         // 07-09 out of range
		{ID: 4, Name: "Rose"},
	}
	got := domain.CareDueBetween(plants, today, day("2026-06-08"), day("2026-06-14"))
	if len(got) != 3 {
		t.Fatalf("got %+v", got)
	}
	if got[0].PlantID != 1 || !got[0].Date.Equal(today) || !got[0].Overdue() || !got[0].DueDate.Equal(day("2026-06-04")) {
		t.Errorf("overdue watering not on today: %+v", got[0])
	}
	if got[1].PlantID != 2 || got[1].Type != domain.TaskWater || !got[1].Date.Equal(day("2026-06-12")) || got[1].Overdue() {
		t.Errorf("second: %+v", got[1])
	}
	if got[2].Type != domain.TaskFertilize || !got[2].Date.Equal(day("2026-06-13")) {
		t.Errorf("third: %+v", got[2])
	}
	// a range in the past shows nothing: overdue care is placed on today
	if past := domain.CareDueBetween(plants, today, day("2026-06-01"), day("2026-06-07")); len(past) != 0 {
		t.Errorf("past range: %+v", past)
	}
}

func TestDueOn(t *testing.T) {
	t.Parallel()
	today := day("2026-06-10")
	basil := &domain.Plant{ID: 1, Name: "Basil", LastWatered: ts("2026-06-01T08:00:00Z"), WaterFrequency: ip(7)} // due 06-08
	mint := &domain.Plant{ID: 2, Name: "Mint", LastWatered: ts("2026-06-08T08:00:00Z"), WaterFrequency: ip(7),   // due 06-15
		LastFertilized: ts("2026-05-01T08:00:00Z"), FertilizerFrequency: ip(30)} // due 05-31
	fern := &domain.Plant{ID: 3, Name: "Fern"}
	tasks := []*domain.CareTask{
		{ID: 10, PlantID: 1, Type: domain.TaskWater, ScheduledDate: day("2026-06-09")},                 // merged into Basil's watering
		{ID: 11, PlantID: 2, Type: domain.TaskWater, ScheduledDate: day("2026-06-10")},                 // Mint's watering falls due today
		{ID: 12, PlantID: 3, Type: domain.TaskPrune, ScheduledDate: day("2026-06-10")},                 // due today, not overdue
		{ID: 13, PlantID: 3, Type: domain.TaskRepot, ScheduledDate: day("2026-06-11")},                 // tomorrow: not due
		{ID: 14, PlantID: 3, Type: domain.TaskMist, ScheduledDate: day("2026-06-02"), Completed: true}, // done
		{ID: 15, PlantID: 1, Type: domain.TaskWater, ScheduledDate: day("2026-06-05")},                 // earlier still: Basil due since 06-05
	}
	items := domain.DueOn([]*domain.Plant{basil, mint, fern}, tasks, today)
	type row struct {
		kind    domain.DueKind
		plant   string
		due     string
		taskIDs []int64
		taskID  int64
	}
	want := []row{
		{domain.DueFertilize, "Mint", "2026-05-31", nil, 0},
		{domain.DueWater, "Basil", "2026-06-05", []int64{10, 15}, 0},
		{domain.DueWater, "Mint", "2026-06-10", []int64{11}, 0},
		{domain.DueTask, "Fern", "2026-06-10", nil, 12},
	}
	if len(items) != len(want) {
		t.Fatalf("DueOn = %+v, want %d items", items, len(want))
	}
	for i, w := range want {
		it := items[i]
		if it.Kind != w.kind || it.PlantName != w.plant || it.DueDate.Format(domain.DateLayout) != w.due || it.TaskID != w.taskID ||
			len(it.TaskIDs) != len(w.taskIDs) {
			t.Fatalf("item %d = %+v, want %+v", i, it, w)
		}
		for j := range w.taskIDs {
			if it.TaskIDs[j] != w.taskIDs[j] {
				t.Fatalf("item %d task ids = %v, want %v", i, it.TaskIDs, w.taskIDs)
			}
		}
	}
	c := domain.CountDue(items, today)
	if c != (domain.DueCounts{Due: 4, Overdue: 2, Water: 2, Fertilize: 1, Tasks: 1}) {
		t.Fatalf("CountDue = %+v", c)
	}
	if got := domain.OverdueItems(items, today); len(got) != 2 {
		t.Fatalf("OverdueItems = %+v", got)
	}
	// The statuses are the same reading: every plant with an item is not healthy.
	plants := []*domain.Plant{basil, mint, fern}
	domain.DeriveStatuses(plants, tasks, today)
	if basil.Status != domain.StatusNeedsWater || mint.Status != domain.StatusNeedsWater || fern.Status != domain.StatusNeedsCare {
		t.Fatalf("statuses %s %s %s", basil.Status, mint.Status, fern.Status)
	}
}

func TestPlant_NextWatering_TaskOrSchedule(t *testing.T) {
	t.Parallel()
	p := &domain.Plant{LastWatered: ts("2026-06-01T08:00:00Z"), WaterFrequency: ip(7)} // schedule 06-08 08:00
	if got := p.NextWatering(); !got.Equal(*ts("2026-06-08T08:00:00Z")) {
		t.Fatalf("schedule only: %v", got)
	}
	p.WaterTaskDate = ts("2026-06-08T00:00:00Z") // same day: the schedule's instant is kept
	if got := p.NextWatering(); !got.Equal(*ts("2026-06-08T08:00:00Z")) {
		t.Fatalf("same day: %v", got)
	}
	p.WaterTaskDate = ts("2026-06-04T00:00:00Z") // an earlier water task: due then
	if got := p.NextWatering(); !got.Equal(*ts("2026-06-04T00:00:00Z")) {
		t.Fatalf("earlier task: %v", got)
	}
	p.LastWatered = nil // no schedule: the task alone
	if got := p.NextWatering(); got == nil || !got.Equal(*ts("2026-06-04T00:00:00Z")) {
		t.Fatalf("task alone: %v", got)
	}
	// A snoozed fertilizing moves by its delay; a newer fertilizing clears the delay.
	f := &domain.Plant{LastFertilized: ts("2026-05-01T08:00:00Z"), FertilizerFrequency: ip(30), FertilizeDelayDays: 2}
	if got := f.NextFertilizing(); !got.Equal(*ts("2026-06-02T08:00:00Z")) {
		t.Fatalf("delayed fertilizing: %v", got)
	}
	f.LogCare(&domain.CareEvent{Kind: domain.CareFertilize, At: *ts("2026-06-03T08:00:00Z")})
	if f.FertilizeDelayDays != 0 {
		t.Fatalf("fertilizing kept the delay %d", f.FertilizeDelayDays)
	}
}
