package porttest

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// gardenTests are the contract tests of the plant, task, journal, plant-database and
// calendar-feed stores; RunStore runs them with the account tests.
var gardenTests = map[string]func(t *testing.T, s Store){
	"Plants/CreateReadUpdate":           testPlantRoundTrip,
	"Plants/EveryPlantType":             testPlantEveryType,
	"Plants/OwnerScoped":                testPlantOwnerScoped,
	"Plants/Limit":                      testPlantLimit,
	"Plants/LimitHoldsUnderConcurrency": testPlantLimitConcurrent,
	"Plants/DeleteTakesTasksAndJournal": testPlantDeleteCascade,
	"Plants/PageDerivesStatus":          testPlantPage,
	"Tasks/CreateListFilter":            testTaskList,
	"Tasks/OnlyOnOwnPlants":             testTaskOwnPlant,
	"Tasks/Complete":                    testTaskComplete,
	"Tasks/DeleteOwnerScoped":           testTaskDelete,
	"Tasks/OverduePaged":                testTaskOverdue,
	"Journal/CreateListEditDelete":      testJournal,
	"PlantDatabase/CRUDAndClear":        testPlantDB,
	"PlantDatabase/Pages":               testPlantDBPages,
	"CalendarFeed/Tokens":               testCalendarTokens,
	"Jobs/SchedulesAndRuns":             testJobs,
}

func ownerPair(t *testing.T, s Store) (a, b *domain.User) {
	t.Helper()
	a, b = newUser(uniq("gardenerA")), newUser(uniq("gardenerB"))
	must(t, s.CreateUser(context.Background(), a))
	must(t, s.CreateUser(context.Background(), b))
	return a, b
}

func intp(v int) *int { return &v }

func newPlant(owner int64, name string) *domain.Plant {
	return &domain.Plant{UserID: owner, Name: name, Type: domain.Herbs, Status: domain.StatusHealthy,
		WaterFrequency: intp(7), FertilizerFrequency: intp(30), AcquiredDate: base, CreatedAt: base}
}

func testPlantRoundTrip(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	watered := base.Add(-48 * time.Hour)
	p := &domain.Plant{UserID: a.ID, Name: "Basil", Species: "Ocimum basilicum", Type: domain.Vegetables, Location: "Window",
		ImageURL: "/api/images/x.jpg", LightNeeds: "Full Sun", WaterFrequency: intp(3), Notes: "Pinch flowers",
		Status: domain.StatusNeedsCare, GrowthProgress: 55, LastWatered: &watered, AcquiredDate: base.Add(-time.Hour), CreatedAt: base}
	must(t, s.CreatePlant(ctx, p, 0))
	if p.ID == 0 {
		t.Fatal("no id")
	}
	got, err := s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	if got.Name != "Basil" || got.Species != p.Species || got.Type != domain.Vegetables || got.Location != "Window" ||
		got.ImageURL != p.ImageURL || got.LightNeeds != "Full Sun" || got.WaterFrequency == nil || *got.WaterFrequency != 3 ||
		got.FertilizerFrequency != nil || got.Notes != p.Notes || got.Status != "" || got.GrowthProgress != 55 ||
		got.LastWatered == nil || !got.LastWatered.Equal(watered) || got.LastFertilized != nil ||
		!got.AcquiredDate.Equal(p.AcquiredDate) || !got.CreatedAt.Equal(base) || got.UserID != a.ID {
		t.Fatalf("read back %+v", got)
	}
	fed := base
	updated, err := s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error {
		p.Name, p.LastFertilized, p.WaterFrequency = "Sweet basil", &fed, nil
		return nil
	})
	must(t, err)
	got, err = s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	if updated.Name != "Sweet basil" || got.Name != "Sweet basil" || got.LastFertilized == nil || !got.LastFertilized.Equal(fed) || got.WaterFrequency != nil {
		t.Fatalf("update not saved: %+v", got)
	}
	veto := errors.New("no")
	if _, err := s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error { p.Name = "Gone"; return veto }); !errors.Is(err, veto) {
		t.Fatalf("veto: %v", err)
	}
	if got, _ := s.PlantByID(ctx, a.ID, p.ID); got.Name != "Sweet basil" {
		t.Fatal("vetoed update saved")
	}
}

func testPlantOwnerScoped(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	p := newPlant(a.ID, "Mint")
	must(t, s.CreatePlant(ctx, p, 0))
	must(t, s.CreatePlant(ctx, newPlant(b.ID, "Sage"), 0))
	_, err := s.PlantByID(ctx, b.ID, p.ID)
	mustCode(t, err, domain.ENotFound)
	_, err = s.UpdatePlant(ctx, b.ID, p.ID, func(p *domain.Plant) error { p.Name = "Stolen"; return nil })
	mustCode(t, err, domain.ENotFound)
	mustCode(t, s.DeletePlant(ctx, b.ID, p.ID), domain.ENotFound)
	// fn cannot hand the plant to someone else either.
	_, err = s.UpdatePlant(ctx, a.ID, p.ID, func(p *domain.Plant) error { p.UserID = b.ID; return nil })
	must(t, err)
	listA, err := s.ListPlants(ctx, a.ID)
	must(t, err)
	listB, err := s.ListPlants(ctx, b.ID)
	must(t, err)
	if len(listA) != 1 || listA[0].Name != "Mint" || len(listB) != 1 || listB[0].Name != "Sage" {
		t.Fatalf("lists leak across owners: %d %d", len(listA), len(listB))
	}
	n, err := s.CountPlants(ctx, a.ID)
	must(t, err)
	if n != 1 {
		t.Fatalf("CountPlants = %d", n)
	}
}

func testPlantLimit(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	must(t, s.CreatePlant(ctx, newPlant(a.ID, "One"), 2))
	must(t, s.CreatePlant(ctx, newPlant(a.ID, "Two"), 2))
	err := s.CreatePlant(ctx, newPlant(a.ID, "Three"), 2)
	mustCode(t, err, domain.ELimitReached)
	if err.Error() != "Plant limit reached" {
		t.Fatalf("message %q", err.Error())
	}
	must(t, s.CreatePlant(ctx, newPlant(a.ID, "Unlimited"), 0))
	mustCode(t, s.CreatePlant(ctx, newPlant(987654, "Orphan"), 0), domain.ENotFound)
}

func testPlantLimitConcurrent(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	var wg sync.WaitGroup
	var mu sync.Mutex
	created, refused := 0, 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.CreatePlant(ctx, newPlant(a.ID, "Rush"), 3)
			mu.Lock()
			defer mu.Unlock()
			switch domain.ErrorCode(err) {
			case domain.ELimitReached:
				refused++
			default:
				if err != nil {
					t.Error(err)
				}
				created++
			}
		}()
	}
	wg.Wait()
	if created != 3 || refused != 5 {
		t.Fatalf("created %d, refused %d; want 3 and 5", created, refused)
	}
}

func newTask(owner, plant int64, day time.Time, typ domain.TaskType) *domain.CareTask {
	return &domain.CareTask{UserID: owner, PlantID: plant, Type: typ, ScheduledDate: domain.DateOf(day), CreatedAt: base}
}

func testPlantDeleteCascade(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	doomed, kept := newPlant(a.ID, "Doomed"), newPlant(a.ID, "Kept")
	must(t, s.CreatePlant(ctx, doomed, 0))
	must(t, s.CreatePlant(ctx, kept, 0))
	for _, p := range []*domain.Plant{doomed, kept} {
		must(t, s.CreateTask(ctx, newTask(a.ID, p.ID, base, domain.TaskWater)))
		must(t, s.CreateJournalEntry(ctx, &domain.JournalEntry{UserID: a.ID, PlantID: p.ID, Title: "Entry", EntryDate: domain.DateOf(base), CreatedAt: base}))
	}
	must(t, s.DeletePlant(ctx, a.ID, doomed.ID))
	_, err := s.PlantByID(ctx, a.ID, doomed.ID)
	mustCode(t, err, domain.ENotFound)
	tasks, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{})
	must(t, err)
	entries, err := s.ListJournalEntries(ctx, a.ID, 0)
	must(t, err)
	if len(tasks) != 1 || tasks[0].PlantID != kept.ID || len(entries) != 1 || entries[0].PlantID != kept.ID {
		t.Fatalf("after delete: %d tasks, %d entries", len(tasks), len(entries))
	}
}

func testTaskList(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	fern, ivy := newPlant(a.ID, "Fern"), newPlant(a.ID, "Ivy")
	must(t, s.CreatePlant(ctx, fern, 0))
	must(t, s.CreatePlant(ctx, ivy, 0))
	day := func(d int) time.Time { return domain.AddDays(domain.DateOf(base), d) }
	notes := "use rain water"
	t1 := newTask(a.ID, fern.ID, day(2), domain.TaskWater)
	t1.Notes = &notes
	t2 := newTask(a.ID, ivy.ID, day(0), domain.TaskPrune)
	rec := newTask(a.ID, ivy.ID, day(-10), domain.TaskMist)
	rec.IsRecurring, rec.RecurringDays = true, intp(3)
	for _, x := range []*domain.CareTask{t1, t2, rec} {
		must(t, s.CreateTask(ctx, x))
	}
	if t1.PlantName != "Fern" {
		t.Fatalf("CreateTask did not fill the plant name: %q", t1.PlantName)
	}
	all, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{})
	must(t, err)
	if len(all) != 3 || all[0].ID != rec.ID || all[1].ID != t2.ID || all[2].ID != t1.ID {
		t.Fatalf("not ordered by date: %v", ids(all))
	}
	got := all[2]
	if got.PlantName != "Fern" || got.Notes == nil || *got.Notes != notes || !got.ScheduledDate.Equal(day(2)) || got.Completed {
		t.Fatalf("task read back %+v", got)
	}
	if r := all[0]; !r.IsRecurring || r.RecurringDays == nil || *r.RecurringDays != 3 {
		t.Fatalf("recurrence lost %+v", r)
	}
	from, to := day(0), day(1)
	inRange, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{From: &from, To: &to})
	must(t, err)
	if len(inRange) != 1 || inRange[0].ID != t2.ID {
		t.Fatalf("range gave %v", ids(inRange))
	}
	withRec, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{From: &from, To: &to, PendingRecurring: true})
	must(t, err)
	if len(withRec) != 2 {
		t.Fatalf("range with pending recurring gave %v", ids(withRec))
	}
	byPlant, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{PlantID: fern.ID})
	must(t, err)
	if len(byPlant) != 1 || byPlant[0].ID != t1.ID {
		t.Fatalf("plant filter gave %v", ids(byPlant))
	}
	others, err := s.ListTasks(ctx, b.ID, ports.TaskFilter{})
	must(t, err)
	if len(others) != 0 {
		t.Fatal("tasks leak to another owner")
	}
	_, err = s.TaskByID(ctx, b.ID, t1.ID)
	mustCode(t, err, domain.ENotFound)
}

func ids(tasks []*domain.CareTask) []int64 {
	out := make([]int64, len(tasks))
	for i, t := range tasks {
		out[i] = t.ID
	}
	return out
}

func testTaskOwnPlant(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	p := newPlant(a.ID, "Aloe")
	must(t, s.CreatePlant(ctx, p, 0))
	mustCode(t, s.CreateTask(ctx, newTask(b.ID, p.ID, base, domain.TaskWater)), domain.ENotFound)
	mustCode(t, s.CreateJournalEntry(ctx, &domain.JournalEntry{UserID: b.ID, PlantID: p.ID, Title: "Mine now", EntryDate: domain.DateOf(base), CreatedAt: base}), domain.ENotFound)
}

func testTaskComplete(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	p := newPlant(a.ID, "Lemon")
	must(t, s.CreatePlant(ctx, p, 0))
	task := newTask(a.ID, p.ID, base, domain.TaskWater)
	task.IsRecurring, task.RecurringDays = true, intp(5)
	must(t, s.CreateTask(ctx, task))
	at := base.Add(2 * time.Hour)

	_, _, err := s.CompleteTask(ctx, b.ID, task.ID, func(*domain.CareTask, *domain.Plant) (*domain.CareTask, error) { return nil, nil })
	mustCode(t, err, domain.ENotFound)
	veto := domain.Errorf(domain.EConflict, "stop")
	if _, _, err := s.CompleteTask(ctx, a.ID, task.ID, func(t *domain.CareTask, p *domain.Plant) (*domain.CareTask, error) {
		t.Completed, p.Name = true, "changed"
		return nil, veto
	}); !errors.Is(err, veto) {
		t.Fatalf("veto: %v", err)
	}
	if got, _ := s.TaskByID(ctx, a.ID, task.ID); got.Completed {
		t.Fatal("vetoed completion saved")
	}

	done, next, err := s.CompleteTask(ctx, a.ID, task.ID, func(t *domain.CareTask, p *domain.Plant) (*domain.CareTask, error) {
		n, err := t.Complete(at)
		t.ApplyTo(p)
		return n, err
	})
	must(t, err)
	if !done.Completed || next == nil || next.ID == 0 || next.PlantName != "Lemon" || !next.ScheduledDate.Equal(domain.AddDays(domain.DateOf(at), 5)) {
		t.Fatalf("done %+v next %+v", done, next)
	}
	got, err := s.TaskByID(ctx, a.ID, task.ID)
	must(t, err)
	if !got.Completed || got.CompletedAt == nil || !got.CompletedAt.Equal(at) {
		t.Fatalf("completion not saved: %+v", got)
	}
	plant, err := s.PlantByID(ctx, a.ID, p.ID)
	must(t, err)
	if plant.LastWatered == nil || !plant.LastWatered.Equal(at) {
		t.Fatalf("plant not updated in the same transaction: %v", plant.LastWatered)
	}
	stored, err := s.TaskByID(ctx, a.ID, next.ID)
	must(t, err)
	if stored.Completed || !stored.IsRecurring || *stored.RecurringDays != 5 {
		t.Fatalf("next task stored as %+v", stored)
	}
}

func testTaskDelete(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	p := newPlant(a.ID, "Cactus")
	must(t, s.CreatePlant(ctx, p, 0))
	task := newTask(a.ID, p.ID, base, domain.TaskRotate)
	must(t, s.CreateTask(ctx, task))
	mustCode(t, s.DeleteTask(ctx, b.ID, task.ID), domain.ENotFound)
	must(t, s.DeleteTask(ctx, a.ID, task.ID))
	mustCode(t, s.DeleteTask(ctx, a.ID, task.ID), domain.ENotFound)
}

func testJournal(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	rose, tulip := newPlant(a.ID, "Rose"), newPlant(a.ID, "Tulip")
	must(t, s.CreatePlant(ctx, rose, 0))
	must(t, s.CreatePlant(ctx, tulip, 0))
	older := &domain.JournalEntry{UserID: a.ID, PlantID: rose.ID, Title: "Buds", Content: "Three buds", ImageURL: "https://example.org/r.jpg",
		GrowthStage: domain.Flowering, EntryDate: domain.DateOf(base), CreatedAt: base}
	newer := &domain.JournalEntry{UserID: a.ID, PlantID: tulip.ID, Title: "Sprouted", EntryDate: domain.AddDays(domain.DateOf(base), 3), CreatedAt: base}
	must(t, s.CreateJournalEntry(ctx, older))
	must(t, s.CreateJournalEntry(ctx, newer))
	if older.ID == 0 || older.PlantName != "Rose" {
		t.Fatalf("created %+v", older)
	}
	all, err := s.ListJournalEntries(ctx, a.ID, 0)
	must(t, err)
	if len(all) != 2 || all[0].ID != newer.ID {
		t.Fatalf("not newest first")
	}
	got := all[1]
	if got.Title != "Buds" || got.Content != "Three buds" || got.ImageURL != older.ImageURL || got.GrowthStage != domain.Flowering ||
		!got.EntryDate.Equal(domain.DateOf(base)) || got.PlantName != "Rose" || got.UserID != a.ID {
		t.Fatalf("read back %+v", got)
	}
	one, err := s.ListJournalEntries(ctx, a.ID, rose.ID)
	must(t, err)
	if len(one) != 1 || one[0].ID != older.ID {
		t.Fatal("plant filter")
	}
	none, err := s.ListJournalEntries(ctx, b.ID, 0)
	must(t, err)
	if len(none) != 0 {
		t.Fatal("entries leak to another owner")
	}
	// An edit: the owner's entry only, to the owner's plant only; fn's error saves nothing.
	edit := func(owner, plant int64, title string) (*domain.JournalEntry, error) {
		return s.UpdateJournalEntry(ctx, owner, older.ID, func(e *domain.JournalEntry) error {
			e.PlantID, e.Title, e.UserID, e.CreatedAt = plant, title, b.ID, base.Add(time.Hour)
			at := base.Add(2 * time.Hour)
			e.EditedAt = &at
			return nil
		})
	}
	_, err = edit(b.ID, rose.ID, "Stolen")
	mustCode(t, err, domain.ENotFound)
	theirs := newPlant(b.ID, "Fern")
	must(t, s.CreatePlant(ctx, theirs, 0))
	_, err = edit(a.ID, theirs.ID, "To their fern")
	mustCode(t, err, domain.ENotFound)
	_, err = s.UpdateJournalEntry(ctx, a.ID, older.ID, func(*domain.JournalEntry) error { return domain.Errorf(domain.EInvalid, "no") })
	mustCode(t, err, domain.EInvalid)
	moved, err := edit(a.ID, tulip.ID, "Open buds")
	must(t, err)
	if moved.PlantName != "Tulip" || moved.UserID != a.ID || !moved.CreatedAt.Equal(base) || moved.EditedAt == nil {
		t.Fatalf("edited %+v", moved)
	}
	again, err := s.ListJournalEntries(ctx, a.ID, tulip.ID)
	must(t, err)
	if len(again) != 2 || again[1].Title != "Open buds" || again[1].EditedAt == nil || !again[1].EditedAt.Equal(base.Add(2*time.Hour)) || again[0].EditedAt != nil {
		t.Fatalf("read back after the edit %+v", again)
	}
	mustCode(t, s.DeleteJournalEntry(ctx, b.ID, older.ID), domain.ENotFound)
	must(t, s.DeleteJournalEntry(ctx, a.ID, older.ID))
	mustCode(t, s.DeleteJournalEntry(ctx, a.ID, older.ID), domain.ENotFound)
}

func testPlantDB(t *testing.T, s Store) {
	ctx := context.Background()
	imported := &domain.PlantDBItem{CommonName: "Tomato Moneymaker", ScientificName: "Solanum lycopersicum", Type: domain.Vegetables,
		Description: "<p>Reliable</p>", ImageURL: "https://shop.example/t.jpg", AlternativeImageURLs: []string{"https://shop.example/t_600.jpg"},
		LightRequirements: "Full sun", WaterRequirements: "Moderate", FertilizerRequirements: "Every 2 weeks",
		CareInstructions: domain.CareInstructions{Parts: map[string]string{"soil": "Rich", "watering": "Evenly moist"}},
		StoreURL:         "https://shop.example/products/tomato", Slug: "tomato-moneymaker", Source: domain.SourceImport, CreatedAt: base, UpdatedAt: base}
	manual := &domain.PlantDBItem{CommonName: "basil", Type: domain.Herbs, CareInstructions: domain.CareInstructions{Text: "{not json} keep as text"},
		Source: domain.SourceManual, CreatedAt: base, UpdatedAt: base}
	must(t, s.CreatePlantDB(ctx, imported))
	must(t, s.CreatePlantDB(ctx, manual))
	for _, q := range []struct{ url, slug string }{{imported.StoreURL, ""}, {"", imported.Slug}, {imported.StoreURL, "other"}, {"https://else", imported.Slug}} {
		found, err := s.FindPlantDB(ctx, q.url, q.slug)
		must(t, err)
		if found.ID != imported.ID {
			t.Fatalf("FindPlantDB(%q, %q) found %d", q.url, q.slug, found.ID)
		}
	}
	_, err := s.FindPlantDB(ctx, "", "")
	mustCode(t, err, domain.ENotFound)
	_, err = s.FindPlantDB(ctx, "https://nowhere", "nothing")
	mustCode(t, err, domain.ENotFound)
	dup := *imported
	dup.ID, dup.Slug = 0, "other-slug"
	mustCode(t, s.CreatePlantDB(ctx, &dup), domain.EConflict)
	// Two manual items without store URL or slug do not collide.
	must(t, s.CreatePlantDB(ctx, &domain.PlantDBItem{CommonName: "Chives", Type: domain.Herbs, Source: domain.SourceManual, CreatedAt: base, UpdatedAt: base}))

	got, err := s.PlantDBByID(ctx, imported.ID)
	must(t, err)
	if got.CommonName != imported.CommonName || got.Type != domain.Vegetables || got.Description != "<p>Reliable</p>" ||
		len(got.AlternativeImageURLs) != 1 || got.CareInstructions.Parts["soil"] != "Rich" || got.CareInstructions.Text != "" ||
		got.StoreURL != imported.StoreURL || got.Slug != imported.Slug || got.Source != domain.SourceImport || got.FertilizerRequirements != "Every 2 weeks" {
		t.Fatalf("read back %+v", got)
	}
	m, err := s.PlantDBByID(ctx, manual.ID)
	must(t, err)
	if m.CareInstructions.Text != "{not json} keep as text" || m.CareInstructions.Parts != nil || m.AlternativeImageURLs == nil && len(m.AlternativeImageURLs) != 0 {
		t.Fatalf("text care instructions read back %+v", m.CareInstructions)
	}
	list, err := s.ListPlantDB(ctx)
	must(t, err)
	names := []string{}
	for _, it := range list {
		names = append(names, it.CommonName)
	}
	if !sort.SliceIsSorted(names, func(i, j int) bool { return lower(names[i]) < lower(names[j]) }) || len(names) != 3 {
		t.Fatalf("ListPlantDB order %v", names)
	}
	_, err = s.UpdatePlantDB(ctx, manual.ID, func(it *domain.PlantDBItem) error { it.CommonName = "Sweet Basil"; return nil })
	must(t, err)
	n, err := s.ClearPlantDB(ctx, true)
	must(t, err)
	if n != 1 {
		t.Fatalf("cleared %d imported, want 1", n)
	}
	if _, err := s.PlantDBByID(ctx, manual.ID); err != nil {
		t.Fatal("clear-imported removed a manual item")
	}
	must(t, s.DeletePlantDB(ctx, manual.ID))
	mustCode(t, s.DeletePlantDB(ctx, manual.ID), domain.ENotFound)
	n, err = s.ClearPlantDB(ctx, false)
	must(t, err)
	if n != 1 {
		t.Fatalf("clear all removed %d, want 1", n)
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func testCalendarTokens(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	tok, err := s.CalendarToken(ctx, a.ID)
	must(t, err)
	if tok != "" {
		t.Fatalf("new user has token %q", tok)
	}
	must(t, s.SetCalendarToken(ctx, a.ID, "tok-a"))
	tok, _ = s.CalendarToken(ctx, a.ID)
	if tok != "tok-a" {
		t.Fatalf("token %q", tok)
	}
	u, err := s.UserByCalendarToken(ctx, "tok-a")
	must(t, err)
	if u.ID != a.ID {
		t.Fatal("wrong owner")
	}
	mustCode(t, s.SetCalendarToken(ctx, b.ID, "tok-a"), domain.EConflict)
	must(t, s.SetCalendarToken(ctx, a.ID, "tok-a2"))
	_, err = s.UserByCalendarToken(ctx, "tok-a")
	mustCode(t, err, domain.ENotFound)
	_, err = s.UserByCalendarToken(ctx, "")
	mustCode(t, err, domain.ENotFound)
	mustCode(t, s.SetCalendarToken(ctx, 987654, "x"), domain.ENotFound)
}

func testJobs(t *testing.T, s Store) {
	ctx := context.Background()
	_, err := s.JobSchedule(ctx, "import")
	mustCode(t, err, domain.ENotFound)
	must(t, s.SaveJobSchedule(ctx, &domain.JobSchedule{Job: "import", Enabled: true, Cron: "0 30 1 * * *", UpdatedAt: base}))
	must(t, s.SaveJobSchedule(ctx, &domain.JobSchedule{Job: "import", Enabled: false, Cron: "0 0 4 * * *", UpdatedAt: base.Add(time.Hour)}))
	js, err := s.JobSchedule(ctx, "import")
	must(t, err)
	if js.Enabled || js.Cron != "0 0 4 * * *" || !js.UpdatedAt.Equal(base.Add(time.Hour)) {
		t.Fatalf("schedule %+v", js)
	}

	first := &domain.JobRun{Job: "import", Trigger: domain.TriggerSchedule, StartedAt: base}
	claimed, err := s.ClaimJobRun(ctx, first, "2026-03-14T01:30")
	must(t, err)
	again := &domain.JobRun{Job: "import", Trigger: domain.TriggerSchedule, StartedAt: base}
	claimed2, err := s.ClaimJobRun(ctx, again, "2026-03-14T01:30")
	must(t, err)
	other := &domain.JobRun{Job: "cleanup", Trigger: domain.TriggerSchedule, StartedAt: base}
	claimed3, err := s.ClaimJobRun(ctx, other, "2026-03-14T01:30")
	must(t, err)
	if !claimed || first.ID == 0 || claimed2 || !claimed3 {
		t.Fatalf("claims: %v %v %v", claimed, claimed2, claimed3)
	}
	must(t, s.ReportJobProgress(ctx, first.ID, 3, 40))
	runs, err := s.ListJobRuns(ctx, "import", 10)
	must(t, err)
	if len(runs) != 1 || !runs[0].Running() || runs[0].Done != 3 || runs[0].Total != 40 {
		t.Fatalf("running run %+v", runs)
	}
	end := base.Add(time.Minute)
	first.FinishedAt, first.Success, first.Counts, first.Message = &end, true, map[string]int{"added": 2, "failed": 1}, "ok"
	must(t, s.FinishJobRun(ctx, first))
	later := &domain.JobRun{Job: "import", Trigger: domain.TriggerManual, StartedAt: base.Add(time.Hour)}
	_, err = s.ClaimJobRun(ctx, later, "manual-1")
	must(t, err)
	runs, err = s.ListJobRuns(ctx, "import", 10)
	must(t, err)
	if len(runs) != 2 || runs[0].ID != later.ID || runs[1].Counts["added"] != 2 || !runs[1].Success || runs[1].Message != "ok" ||
		runs[1].FinishedAt == nil || !runs[1].FinishedAt.Equal(end) || runs[1].Trigger != domain.TriggerSchedule {
		t.Fatalf("history %+v", runs)
	}
	if runs, _ := s.ListJobRuns(ctx, "import", 1); len(runs) != 1 {
		t.Fatal("limit ignored")
	}
	mustCode(t, s.ReportJobProgress(ctx, 987654, 1, 1), domain.ENotFound)
}

// testTaskOverdue: pending tasks before today, oldest first, one keyset page at a time, owner
// scoped; completed, today's and future tasks are not overdue. PendingOnly filters ListTasks.
func testTaskOverdue(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	p := newPlant(a.ID, "Fern")
	must(t, s.CreatePlant(ctx, p, 0))
	q := newPlant(b.ID, "Ivy")
	must(t, s.CreatePlant(ctx, q, 0))
	today := domain.DateOf(base)
	day := func(d int) time.Time { return domain.AddDays(today, d) }
	old1 := newTask(a.ID, p.ID, day(-5), domain.TaskPrune)
	old2 := newTask(a.ID, p.ID, day(-5), domain.TaskRepot)
	old3 := newTask(a.ID, p.ID, day(-1), domain.TaskWater)
	done := newTask(a.ID, p.ID, day(-3), domain.TaskMist)
	done.Completed, done.CompletedAt = true, &base
	for _, x := range []*domain.CareTask{old3, old1, old2, done, newTask(a.ID, p.ID, day(0), domain.TaskInspect),
		newTask(a.ID, p.ID, day(2), domain.TaskRotate), newTask(b.ID, q.ID, day(-2), domain.TaskPrune)} {
		must(t, s.CreateTask(ctx, x))
	}
	first, err := s.ListOverdueTasks(ctx, a.ID, today, domain.PageRequest{Limit: 2})
	must(t, err)
	if len(first.Items) != 2 || first.Items[0].ID != old1.ID || first.Items[1].ID != old2.ID || first.NextCursor == "" {
		t.Fatalf("first page %v next %q", ids(first.Items), first.NextCursor)
	}
	if first.Items[0].PlantName != "Fern" {
		t.Fatalf("no plant name: %+v", first.Items[0])
	}
	second, err := s.ListOverdueTasks(ctx, a.ID, today, domain.PageRequest{Limit: 2, Cursor: first.NextCursor})
	must(t, err)
	if len(second.Items) != 1 || second.Items[0].ID != old3.ID || second.NextCursor != "" {
		t.Fatalf("second page %v next %q", ids(second.Items), second.NextCursor)
	}
	_, err = s.ListOverdueTasks(ctx, a.ID, today, domain.PageRequest{Limit: 2, Cursor: "!!"})
	mustCode(t, err, domain.EInvalid)
	yesterday := day(-1)
	pending, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{To: &yesterday, PendingOnly: true})
	must(t, err)
	if len(pending) != 3 {
		t.Fatalf("PendingOnly gave %v", ids(pending))
	}
}

// testPlantDBPages: the plant database list a page at a time by name (case-insensitive, ties by
// id), with the search in both names and the type filter, and the cursor walking every item once.
func testPlantDBPages(t *testing.T, s Store) {
	ctx := context.Background()
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	add := func(name, latin string, typ domain.PlantType) {
		t.Helper()
		must(t, s.CreatePlantDB(ctx, &domain.PlantDBItem{CommonName: name, ScientificName: latin, Type: typ, Source: domain.SourceManual,
			CreatedAt: base, UpdatedAt: base}))
	}
	add("basil", "Ocimum basilicum", domain.Herbs)
	add("Carrot", "Daucus carota", domain.Vegetables)
	add("Apple Mint", "Mentha suaveolens", domain.Herbs)
	add("Basil", "Ocimum basilicum 'Genovese'", domain.Herbs) // same lower name: id breaks the tie
	add("Zinnia", "Zinnia elegans", domain.Flowers)
	add("Tomato 100%_Sweet", "Solanum lycopersicum", domain.Vegetables)
	walk := func(q ports.PlantDBQuery, limit int) []string {
		t.Helper()
		var names []string
		req := domain.PageRequest{Limit: limit}
		for i := 0; i < 10; i++ {
			page, err := s.PagePlantDB(ctx, q, req)
			must(t, err)
			if len(page.Items) > limit {
				t.Fatalf("page of %d items, limit %d", len(page.Items), limit)
			}
			for _, it := range page.Items {
				names = append(names, it.CommonName+"|"+it.ScientificName)
			}
			if page.NextCursor == "" {
				return names
			}
			req.Cursor = page.NextCursor
		}
		t.Fatal("the cursor never ends")
		return nil
	}
	all := walk(ports.PlantDBQuery{}, 2)
	want := []string{"Apple Mint|Mentha suaveolens", "basil|Ocimum basilicum", "Basil|Ocimum basilicum 'Genovese'",
		"Carrot|Daucus carota", "Tomato 100%_Sweet|Solanum lycopersicum", "Zinnia|Zinnia elegans"}
	if strings.Join(all, ",") != strings.Join(want, ",") {
		t.Fatalf("pages by name:\n got %v\nwant %v", all, want)
	}
	if got := walk(ports.PlantDBQuery{Search: "OCIMUM"}, 1); len(got) != 2 {
		t.Fatalf("search in the scientific name: %v", got)
	}
	if got := walk(ports.PlantDBQuery{Search: "mint"}, 50); len(got) != 1 || got[0] != "Apple Mint|Mentha suaveolens" {
		t.Fatalf("search in the common name: %v", got)
	}
	if got := walk(ports.PlantDBQuery{Search: "100%_"}, 50); len(got) != 1 {
		t.Fatalf("LIKE wildcards are searched as text: %v", got)
	}
	if got := walk(ports.PlantDBQuery{Search: "%"}, 50); len(got) != 1 {
		t.Fatalf("a lone %% is text too: %v", got)
	}
	if got := walk(ports.PlantDBQuery{Type: domain.Herbs}, 2); len(got) != 3 || !strings.HasPrefix(got[0], "Apple Mint") {
		t.Fatalf("type filter: %v", got)
	}
	if got := walk(ports.PlantDBQuery{Type: domain.Vegetables, Search: "car"}, 50); len(got) != 1 || !strings.HasPrefix(got[0], "Carrot") {
		t.Fatalf("type and search: %v", got)
	}
	if _, err := s.PagePlantDB(ctx, ports.PlantDBQuery{}, domain.PageRequest{Limit: 5, Cursor: "!!"}); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("bad cursor: %v", err)
	}
}
