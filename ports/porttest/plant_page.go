package porttest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// testPlantPage checks PagePlants against the rules it replaces: every plant's status as
// Plant.StatusOn derives it from all the owner's tasks, filtered and ordered by
// PlantQuery.Apply, then paged; care dates near midnight and tasks on the day's edges included.
func testPlantPage(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	day := domain.DateOf(base)
	at := func(days int, clock time.Duration) *time.Time {
		v := day.AddDate(0, 0, days).Add(clock)
		return &v
	}
	names := []string{"basil", "Basil", "sage", "Thyme", "mint 2", "Mint 10", "rosemary", "Oregano", "chive", "Dill"}
	var mine []*domain.Plant
	for i, name := range names {
		p := newPlant(a.ID, name)
		p.Species, p.Location = fmt.Sprintf("Species %c", 'A'+i%3), fmt.Sprintf("Bed %d", i%4)
		p.AcquiredDate = base.Add(time.Duration(i%4) * time.Hour)
		// Watered 3 days ago at times around midnight, with intervals of 2, 3 and 4 days (due
		// yesterday, today, tomorrow); one never watered; fertilized long ago or lately.
		p.LastWatered, p.WaterFrequency = at(-3, []time.Duration{0, time.Microsecond, 23*time.Hour + 59*time.Minute + 59*time.Second}[i%3]), intp(2+i%3)
		if i == 7 {
			p.LastWatered = nil
		}
		p.LastFertilized, p.FertilizerFrequency = at(-30+i%3, 12*time.Hour), intp(30)
		must(t, s.CreatePlant(ctx, p, 0))
		mine = append(mine, p)
	}
	must(t, s.CreatePlant(ctx, newPlant(b.ID, "basil"), 0)) // someone else's
	tasks := []*domain.CareTask{newTask(a.ID, mine[4].ID, day.AddDate(0, 0, -1), domain.TaskWater),
		newTask(a.ID, mine[5].ID, day, domain.TaskWater), newTask(a.ID, mine[8].ID, day.AddDate(0, 0, -5), domain.TaskFertilize),
		// Other tasks count from the day they are scheduled on (due today, not only overdue).
		newTask(a.ID, mine[2].ID, day, domain.TaskPrune), newTask(a.ID, mine[3].ID, day.AddDate(0, 0, 1), domain.TaskRepot),
		newTask(a.ID, mine[7].ID, day.AddDate(0, 0, 1), domain.TaskWater)}
	done := newTask(a.ID, mine[9].ID, day.AddDate(0, 0, -2), domain.TaskWater)
	done.Completed = true
	for _, task := range append(tasks, done) {
		must(t, s.CreateTask(ctx, task))
	}
	all, err := s.ListPlants(ctx, a.ID)
	must(t, err)
	// Each plant is read with its earliest pending water and fertilize task dates.
	if got := all[4].WaterTaskDate; got == nil || !got.Equal(day.AddDate(0, 0, -1)) || all[4].FertilizeTaskDate != nil {
		t.Fatalf("water task date of %s = %v, fertilize %v", all[4].Name, got, all[4].FertilizeTaskDate)
	}
	if got := all[8].FertilizeTaskDate; got == nil || !got.Equal(day.AddDate(0, 0, -5)) || all[9].WaterTaskDate != nil {
		t.Fatalf("fertilize task date %v, a completed task's date %v", got, all[9].WaterTaskDate)
	}
	if one, err := s.PlantByID(ctx, a.ID, mine[7].ID); err != nil || one.WaterTaskDate == nil || !one.WaterTaskDate.Equal(day.AddDate(0, 0, 1)) {
		t.Fatalf("PlantByID water task date: %v %v", one, err)
	}
	owned, err := s.ListTasks(ctx, a.ID, ports.TaskFilter{})
	must(t, err)
	for _, d := range []time.Time{day.AddDate(0, 0, -1), day, day.AddDate(0, 0, 1), day.AddDate(0, 0, 2)} {
		domain.DeriveStatuses(all, owned, d)
		for _, q := range []domain.PlantQuery{{}, {Sort: domain.SortPlantsName}, {Sort: domain.SortPlantsNameDesc},
			{Sort: domain.SortPlantsOldest}, {Sort: domain.SortPlantsNewest}, {Sort: domain.SortPlantsStatus},
			{Status: domain.StatusNeedsWater}, {Status: domain.StatusNeedsCare, Sort: domain.SortPlantsName},
			{Status: domain.StatusHealthy}, {Search: " MINT "}, {Search: "species b", Sort: domain.SortPlantsStatus}, {Search: "bed 3"}, {Search: "%"}} {
			want := describe(q.Apply(all))
			got, err := s.PagePlants(ctx, a.ID, d, q, 0, 100)
			must(t, err)
			if describe(got) != want {
				t.Fatalf("on %s, %+v:\n got %s\nwant %s", d.Format(domain.DateLayout), q, describe(got), want)
			}
			var paged []*domain.Plant
			for off := 0; off < len(all)+3; off += 3 {
				page, err := s.PagePlants(ctx, a.ID, d, q, off, 3)
				must(t, err)
				paged = append(paged, page...)
			}
			if describe(paged) != want {
				t.Fatalf("on %s, %+v, by pages of 3:\n got %s\nwant %s", d.Format(domain.DateLayout), q, describe(paged), want)
			}
		}
	}
	got, err := s.PagePlants(ctx, a.ID, day, domain.PlantQuery{}, 1, 1)
	must(t, err)
	if len(got) != 1 || got[0].ID != all[1].ID || got[0].Name != all[1].Name || !got[0].AcquiredDate.Equal(all[1].AcquiredDate) ||
		*got[0].LastWatered != *all[1].LastWatered || *got[0].WaterFrequency != *all[1].WaterFrequency {
		t.Fatalf("page of one after one = %+v, want %+v", got, all[1])
	}
}

func describe(plants []*domain.Plant) string {
	out := ""
	for _, p := range plants {
		out += fmt.Sprintf("%s(%d):%s ", p.Name, p.ID, p.Status)
	}
	return out
}
