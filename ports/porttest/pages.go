package porttest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Contract tests of issue 27 (pages a gardener trusts): the plant types beyond the four, a
// forum category's last activity and the forum's one-time first categories.

// testPlantEveryType stores and reads back a plant of every type, from several connections at
// once (a pooled connection must not keep an older schema), and moves one to another type.
func testPlantEveryType(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	var wg sync.WaitGroup
	ids := make([]int64, len(domain.PlantTypes))
	errs := make([]error, len(domain.PlantTypes))
	for i, typ := range domain.PlantTypes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlant(a.ID, "Plant of "+string(typ))
			p.Type = typ
			errs[i] = s.CreatePlant(ctx, p, 0)
			ids[i] = p.ID
		}()
	}
	wg.Wait()
	for i, typ := range domain.PlantTypes {
		if errs[i] != nil {
			t.Fatalf("create %q: %v", typ, errs[i])
		}
		got, err := s.PlantByID(ctx, a.ID, ids[i])
		must(t, err)
		if got.Type != typ {
			t.Fatalf("type read back %q, want %q", got.Type, typ)
		}
	}
	moved, err := s.UpdatePlant(ctx, a.ID, ids[0], func(p *domain.Plant) error {
		p.Type = domain.Succulents
		return nil
	})
	must(t, err)
	if moved.Type != domain.Succulents {
		t.Fatalf("updated type %q", moved.Type)
	}
	// The schema still refuses a type that is none of them.
	bad := newPlant(a.ID, "Mystery")
	bad.Type = "Cactus"
	if err := s.CreatePlant(ctx, bad, 0); err == nil {
		t.Fatal("a plant of type Cactus was stored")
	}
}

// testForumCategoryActivity: the lists carry each category's newest visible activity (a
// reply moves it), nothing for a category without topics or with only a topic in review.
func testForumCategoryActivity(t *testing.T, s Store, f ports.ForumStore) {
	ctx := context.Background()
	u := forumUser(t, s)
	busy := forumCategory(t, f, "Busy", 1)
	empty := forumCategory(t, f, "Empty", 2)
	hidden := forumCategory(t, f, "Hidden", 3)
	older := forumTopic(t, f, busy.ID, u, "Older", "An older topic", base.Add(time.Hour))
	forumTopic(t, f, busy.ID, u, "Newer", "A newer topic", base.Add(2*time.Hour))
	reply := base.Add(5 * time.Hour)
	forumReply(t, f, older.ID, u, "A late reply", reply)
	review := &domain.ForumTopic{CategoryID: hidden.ID, AuthorID: &u.ID, Title: "Held", Content: "<p>held</p>", ContentText: "held",
		CreatedAt: base.Add(9 * time.Hour), InReview: true}
	must(t, f.CreateForumTopic(ctx, review))

	got, err := f.ListForumCategories(ctx, page(10, ""))
	must(t, err)
	byID := map[int64]*domain.ForumCategory{}
	for _, c := range got.Items {
		byID[c.ID] = c
	}
	if c := byID[busy.ID]; c == nil || c.LastActivityAt == nil || !c.LastActivityAt.Equal(reply) {
		t.Fatalf("busy category's last activity %v, want the reply's %v", c.LastActivityAt, reply)
	}
	if c := byID[empty.ID]; c == nil || c.LastActivityAt != nil {
		t.Fatalf("empty category's last activity %v", c.LastActivityAt)
	}
	if c := byID[hidden.ID]; c == nil || c.LastActivityAt != nil {
		t.Fatalf("a topic in review shows as activity: %v", c.LastActivityAt)
	}
	if !byID[busy.ID].CreatedAt.Equal(base) {
		t.Fatalf("created at %v", byID[busy.ID].CreatedAt)
	}
}

func defaultCategories() []*domain.ForumCategory {
	out := make([]*domain.ForumCategory, len(domain.DefaultForumCategories))
	for i := range domain.DefaultForumCategories {
		c := domain.DefaultForumCategories[i]
		out[i] = &c
	}
	return out
}

func categoryNames(t *testing.T, f ports.ForumStore) string {
	t.Helper()
	got, err := f.ListForumCategories(context.Background(), page(50, ""))
	must(t, err)
	names := make([]string, len(got.Items))
	for i, c := range got.Items {
		names[i] = c.Name
	}
	return strings.Join(names, ",")
}

// testForumSeedOnce: a fresh forum gets its first categories once; deleting one does not bring
// it back, and the seeded ones are ordinary (editable).
func testForumSeedOnce(t *testing.T, _ Store, f ports.ForumStore) {
	ctx := context.Background()
	seeded, err := f.SeedForumCategories(ctx, defaultCategories(), base)
	must(t, err)
	if !seeded || categoryNames(t, f) != "General,Help & Advice,Show & Tell" {
		t.Fatalf("seeded %v: %s", seeded, categoryNames(t, f))
	}
	general, err := f.ForumCategoryBySlug(ctx, "general")
	must(t, err)
	if !general.CreatedAt.Equal(base) || general.Description == "" {
		t.Fatalf("%+v", general)
	}
	must(t, f.DeleteForumCategory(ctx, general.ID, domain.CheckCanDeleteCategory))
	help, err := f.ForumCategoryBySlug(ctx, "help-advice")
	must(t, err)
	_, err = f.UpdateForumCategory(ctx, help.ID, func(c *domain.ForumCategory) error {
		c.Name = "Help"
		return nil
	})
	must(t, err)
	seeded, err = f.SeedForumCategories(ctx, defaultCategories(), base.Add(time.Hour))
	must(t, err)
	if seeded || categoryNames(t, f) != "Help,Show & Tell" {
		t.Fatalf("seeded again %v: %s", seeded, categoryNames(t, f))
	}
	// Even with every category gone, the step stays done.
	for _, slug := range []string{"help-advice", "show-tell"} {
		c, err := f.ForumCategoryBySlug(ctx, slug)
		must(t, err)
		must(t, f.DeleteForumCategory(ctx, c.ID, domain.CheckCanDeleteCategory))
	}
	seeded, err = f.SeedForumCategories(ctx, defaultCategories(), base.Add(2*time.Hour))
	must(t, err)
	if seeded || categoryNames(t, f) != "" {
		t.Fatalf("seeded after all were deleted %v: %s", seeded, categoryNames(t, f))
	}
}

// testForumSeedKeepsOwn: an install whose forum already has categories keeps them as they are.
func testForumSeedKeepsOwn(t *testing.T, _ Store, f ports.ForumStore) {
	forumCategory(t, f, "Allotment News", 0)
	seeded, err := f.SeedForumCategories(context.Background(), defaultCategories(), base)
	must(t, err)
	if seeded || categoryNames(t, f) != "Allotment News" {
		t.Fatalf("seeded %v: %s", seeded, categoryNames(t, f))
	}
}
