package porttest

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// careLogTests are the contract of ports.CareLogStore and of the care events written through
// CreatePlant and UpdatePlant.
var careLogTests = map[string]func(t *testing.T, s Store){
	"CareLog/PagedNewestFirst":        testCareLogPaging,
	"CareLog/DeleteRecomputes":        testCareLogDeleteRecomputes,
	"CareLog/LearnedOnThePlantRow":    testCareLogLearned,
	"CareLog/OwnerScoped":             testCareLogOwnerScoped,
	"CareLog/VetoedChangeLogsNothing": testCareLogVeto,
}

// logCare logs events on the owner's plant through UpdatePlant, as the core does.
func logCare(t *testing.T, s Store, owner, plant int64, events ...*domain.CareEvent) *domain.Plant {
	t.Helper()
	p, err := s.UpdatePlant(context.Background(), owner, plant, func(p *domain.Plant) error {
		for _, e := range events {
			if e.Source == "" {
				e.Source = domain.CareByHand
			}
			p.LogCare(e)
		}
		return nil
	})
	must(t, err)
	return p
}

func water(at time.Time) *domain.CareEvent {
	return &domain.CareEvent{Kind: domain.CareWater, At: at, CreatedAt: at}
}

// plantWithLog creates a plant whose log starts with its last watering at start (as Create does).
func plantWithLog(t *testing.T, s Store, owner int64, start time.Time) *domain.Plant {
	t.Helper()
	p := newPlant(owner, "Fern")
	p.LogCare(&domain.CareEvent{Kind: domain.CareWater, Source: domain.CareImported, At: start, CreatedAt: start})
	must(t, s.CreatePlant(context.Background(), p, 0))
	if p.LastWatered == nil || !p.LastWatered.Equal(start) {
		t.Fatalf("lastWatered %v, want %v", p.LastWatered, start)
	}
	return p
}

func testCareLogPaging(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	start := base.AddDate(0, 0, -30)
	p := plantWithLog(t, s, a.ID, start)
	// Five waterings, two mists, and two events at the same instant (ties break by id).
	var events []*domain.CareEvent
	for i := 1; i <= 5; i++ {
		events = append(events, water(start.AddDate(0, 0, 4*i)))
	}
	same := start.AddDate(0, 0, 21)
	events = append(events, &domain.CareEvent{Kind: domain.CareMist, At: same, Note: "leaves"}, &domain.CareEvent{Kind: domain.CareMist, At: same})
	logCare(t, s, a.ID, p.ID, events...)

	var seen []*domain.CareEvent
	page := domain.PageRequest{Limit: 3}
	for i := 0; ; i++ {
		got, err := s.PageCareEvents(ctx, a.ID, p.ID, "", page)
		must(t, err)
		seen = append(seen, got.Items...)
		if got.NextCursor == "" {
			break
		}
		if i > 5 {
			t.Fatal("paging does not end")
		}
		page.Cursor = got.NextCursor
	}
	if len(seen) != 8 {
		t.Fatalf("%d events paged, want 8 (the first watering, five waterings, two mists)", len(seen))
	}
	for i := 1; i < len(seen); i++ {
		prev, cur := seen[i-1], seen[i]
		if cur.At.After(prev.At) || (cur.At.Equal(prev.At) && cur.ID >= prev.ID) {
			t.Fatalf("not newest first at %d: %v/%d after %v/%d", i, cur.At, cur.ID, prev.At, prev.ID)
		}
	}
	if seen[0].Kind != domain.CareMist || seen[0].PlantID != p.ID || seen[0].UserID != a.ID || seen[len(seen)-1].Source != domain.CareImported {
		t.Fatalf("first %+v, last %+v", seen[0], seen[len(seen)-1])
	}
	waterings, err := s.PageCareEvents(ctx, a.ID, p.ID, domain.CareWater, domain.PageRequest{Limit: 50})
	must(t, err)
	if len(waterings.Items) != 6 || waterings.NextCursor != "" {
		t.Fatalf("%d waterings, want 6", len(waterings.Items))
	}
	for _, e := range waterings.Items {
		if e.Kind != domain.CareWater {
			t.Fatalf("kind filter let %s through", e.Kind)
		}
	}
	if _, err := s.PageCareEvents(ctx, a.ID, p.ID, "", domain.PageRequest{Limit: 3, Cursor: "not-a-cursor"}); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("bad cursor: %v", err)
	}
}

func testCareLogDeleteRecomputes(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	start := base.AddDate(0, 0, -20)
	p := plantWithLog(t, s, a.ID, start)
	fed := start.AddDate(0, 0, 1)
	logCare(t, s, a.ID, p.ID, water(start.AddDate(0, 0, 5)), water(start.AddDate(0, 0, 10)), water(start.AddDate(0, 0, 15)),
		&domain.CareEvent{Kind: domain.CareFertilize, At: fed})
	got, err := s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	if !got.LastWatered.Equal(start.AddDate(0, 0, 15)) || !got.LastFertilized.Equal(fed) || got.SuggestedWaterFrequency == nil ||
		*got.SuggestedWaterFrequency != 5 || got.WaterLearnedFrom != 4 {
		t.Fatalf("after logging: last %v fed %v suggested %v from %d", got.LastWatered, got.LastFertilized, got.SuggestedWaterFrequency, got.WaterLearnedFrom)
	}
	log, err := s.PageCareEvents(ctx, a.ID, p.ID, domain.CareWater, domain.PageRequest{Limit: 10})
	must(t, err)
	newest := log.Items[0]
	after, err := s.DeleteCareEvent(ctx, a.ID, p.ID, newest.ID)
	must(t, err)
	got, err = s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	for _, q := range []*domain.Plant{after, got} {
		if !q.LastWatered.Equal(start.AddDate(0, 0, 10)) || q.WaterLearnedFrom != 3 || q.SuggestedWaterFrequency == nil || *q.SuggestedWaterFrequency != 5 {
			t.Fatalf("after deleting the newest watering: last %v from %d suggested %v", q.LastWatered, q.WaterLearnedFrom, q.SuggestedWaterFrequency)
		}
	}
	// One more gone: fewer than three waterings, no suggestion.
	_, err = s.DeleteCareEvent(ctx, a.ID, p.ID, log.Items[1].ID)
	must(t, err)
	got, err = s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	if got.SuggestedWaterFrequency != nil || got.WaterLearnedFrom != 2 || !got.LastWatered.Equal(start.AddDate(0, 0, 5)) {
		t.Fatalf("after two deletes: suggested %v from %d last %v", got.SuggestedWaterFrequency, got.WaterLearnedFrom, got.LastWatered)
	}
	// The only fertilizing gone: no last fertilizing.
	fert, err := s.PageCareEvents(ctx, a.ID, p.ID, domain.CareFertilize, domain.PageRequest{Limit: 10})
	must(t, err)
	_, err = s.DeleteCareEvent(ctx, a.ID, p.ID, fert.Items[0].ID)
	must(t, err)
	if got, _ = s.PlantByID(ctx, a.ID, p.ID); got.LastFertilized != nil {
		t.Fatalf("last fertilized %v after deleting the only fertilizing", got.LastFertilized)
	}
	if _, err := s.DeleteCareEvent(ctx, a.ID, p.ID, newest.ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("deleting twice: %v", err)
	}
}

func testCareLogLearned(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	start := base.AddDate(0, 0, -40)
	p := plantWithLog(t, s, a.ID, start)
	// Every 4 days, with one holiday gap of 12: the median stays 4.
	var events []*domain.CareEvent
	at := start
	for _, gap := range []int{4, 4, 12, 4, 4} {
		at = at.AddDate(0, 0, gap)
		events = append(events, water(at))
	}
	logCare(t, s, a.ID, p.ID, events...)
	got, err := s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error { p.WaterMode = domain.ModeAdaptive; return nil })
	must(t, err)
	if got.SuggestedWaterFrequency == nil || *got.SuggestedWaterFrequency != 4 || got.WaterLearnedFrom != 6 || *got.EffectiveWaterFrequency() != 4 {
		t.Fatalf("suggested %v from %d", got.SuggestedWaterFrequency, got.WaterLearnedFrom)
	}
	// The list derives the status from the learned interval: due 4 days after the last watering.
	due := domain.DateOf(at.AddDate(0, 0, 4))
	mode := domain.ModeAdaptive
	status := func(day time.Time) domain.PlantStatus {
		page, err := s.PagePlants(ctx, a.ID, day, domain.PlantQuery{}, 0, 10)
		must(t, err)
		if len(page) != 1 {
			t.Fatalf("%d plants", len(page))
		}
		if page[0].WaterMode != mode || page[0].SuggestedWaterFrequency == nil || *page[0].SuggestedWaterFrequency != 4 {
			t.Fatalf("the list lost the learned fields: %+v", page[0])
		}
		return page[0].Status
	}
	if got := status(domain.AddDays(due, -1)); got != domain.StatusHealthy {
		t.Fatalf("the day before the learned due date: %s", got)
	}
	if got := status(due); got != domain.StatusNeedsWater {
		t.Fatalf("on the learned due date: %s, want needs_water", got)
	}
	// A moist check on the due day postpones it by 3 days without a watering.
	logCare(t, s, a.ID, p.ID, &domain.CareEvent{Kind: domain.CareCheck, Feedback: domain.FeedbackMoist, PostponeDays: 3, At: due.Add(9 * time.Hour)})
	got, err = s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	if !got.LastWatered.Equal(at) || got.WaterDelayDays != 3 {
		t.Fatalf("after a moist check: last %v delay %d", got.LastWatered, got.WaterDelayDays)
	}
	if got := status(domain.AddDays(due, 2)); got != domain.StatusHealthy {
		t.Fatalf("postponed watering still due: %s", got)
	}
	if got := status(domain.AddDays(due, 3)); got != domain.StatusNeedsWater {
		t.Fatalf("postponed watering not due after the postponement: %s", got)
	}
	// The moist feedback counts: 4 days × 1.1 rounds to 4; back to fixed mode the 7 days rule.
	if got.SuggestedWaterFrequency == nil || *got.SuggestedWaterFrequency != 4 {
		t.Fatalf("suggested %v after a moist check", got.SuggestedWaterFrequency)
	}
	_, err = s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error { p.WaterMode = domain.ModeFixed; return nil })
	must(t, err)
	mode = domain.ModeFixed
	if got := status(domain.AddDays(due, 3)); got != domain.StatusHealthy {
		t.Fatalf("fixed mode (7 days + 3 postponed) still due on the learned day: %s", got)
	}
}

func testCareLogOwnerScoped(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	p := plantWithLog(t, s, a.ID, base.AddDate(0, 0, -3))
	log, err := s.PageCareEvents(ctx, a.ID, p.ID, "", domain.PageRequest{Limit: 10})
	must(t, err)
	if _, err := s.PageCareEvents(ctx, b.ID, p.ID, "", domain.PageRequest{Limit: 10}); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("another owner paged the log: %v", err)
	}
	if _, err := s.DeleteCareEvent(ctx, b.ID, p.ID, log.Items[0].ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("another owner deleted an event: %v", err)
	}
	other := plantWithLog(t, s, a.ID, base.AddDate(0, 0, -3))
	if _, err := s.DeleteCareEvent(ctx, a.ID, other.ID, log.Items[0].ID); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("an event deleted through another plant: %v", err)
	}
	must(t, s.DeletePlant(ctx, a.ID, p.ID))
	if _, err := s.PageCareEvents(ctx, a.ID, p.ID, "", domain.PageRequest{Limit: 10}); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("log of a deleted plant: %v", err)
	}
}

func testCareLogVeto(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	p := plantWithLog(t, s, a.ID, base.AddDate(0, 0, -3))
	veto := domain.Errorf(domain.EInvalid, "no")
	_, err := s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error { p.LogCare(water(base)); return veto })
	if domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("veto: %v", err)
	}
	log, err := s.PageCareEvents(ctx, a.ID, p.ID, "", domain.PageRequest{Limit: 10})
	must(t, err)
	if len(log.Items) != 1 {
		t.Fatalf("%d events after a vetoed change, want 1", len(log.Items))
	}
}
