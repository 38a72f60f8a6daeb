package porttest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// adminTests are the contract tests of site administration and maintenance.
var adminTests = map[string]func(t *testing.T, s Store){
	"Sites/UpdateAndDelete":                testSiteUpdateDelete,
	"Sites/UserLimitOnCreateAndMove":       testUserLimit,
	"Sites/UserLimitHoldsUnderConcurrency": testUserLimitConcurrent,
	"Sites/LinkRoleAndJoinTime":            testSiteLink,
	"Sites/UsersPagedAndSearched":          testSiteUsersPage,
	"Sites/UserCountsKeptByWrites":         testSiteUserCounts,
	"Categories/UpdateDeleteUserCategory":  testUserCategoryUpdateDelete,
	"Maintenance/FunctionsAndState":        testAppFunctions,
}

func newSite(name string, userLimit int) *domain.Site {
	return &domain.Site{Name: name, Country: domain.DefaultCountry, Status: domain.SiteActive, UserLimit: userLimit, CreatedAt: base}
}

func testSiteUpdateDelete(t *testing.T, s Store) {
	ctx := context.Background()
	site := newSite("Oak Street", 0)
	must(t, s.CreateSite(ctx, site))
	start := base.Add(time.Hour)
	got, err := s.UpdateSite(ctx, site.ID, func(st *domain.Site) error {
		st.Name, st.PlantLimit, st.MaintenanceMode, st.MaintenanceMessage, st.MaintenanceStartedAt = "Oak Street Garden", 9, true, "Paths resurfaced", &start
		return nil
	})
	must(t, err)
	read, err := s.SiteByID(ctx, site.ID)
	must(t, err)
	if got.Name != "Oak Street Garden" || read.PlantLimit != 9 || !read.MaintenanceMode || read.MaintenanceMessage != "Paths resurfaced" ||
		read.MaintenanceStartedAt == nil || !read.MaintenanceStartedAt.Equal(start) || read.MaintenanceEndedAt != nil {
		t.Fatalf("update not saved: %+v", read)
	}
	_, err = s.UpdateSite(ctx, 987654, func(*domain.Site) error { return nil })
	mustCode(t, err, domain.ENotFound)
	u := newUser(uniq("resident"))
	u.SiteID = &site.ID
	must(t, s.CreateUser(ctx, u))
	mustCode(t, s.DeleteSite(ctx, site.ID), domain.EConflict)
	_, err = s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.SiteID = nil; return nil })
	must(t, err)
	must(t, s.DeleteSite(ctx, site.ID))
	mustCode(t, s.DeleteSite(ctx, site.ID), domain.ENotFound)
}

func testUserLimit(t *testing.T, s Store) {
	ctx := context.Background()
	full, other := newSite("Full", 2), newSite("Roomy", 0)
	must(t, s.CreateSite(ctx, full))
	must(t, s.CreateSite(ctx, other))
	for i := 0; i < 2; i++ {
		u := newUser(uniq("member"))
		u.SiteID = &full.ID
		must(t, s.CreateUser(ctx, u))
	}
	extra := newUser(uniq("extra"))
	extra.SiteID = &full.ID
	err := s.CreateUser(ctx, extra)
	mustCode(t, err, domain.ELimitReached)
	if err.Error() != "User limit reached" {
		t.Fatalf("message %q", err.Error())
	}
	// Moving someone in is the same as creating them there.
	mover := newUser(uniq("mover"))
	mover.SiteID = &other.ID
	must(t, s.CreateUser(ctx, mover))
	_, err = s.UpdateUser(ctx, mover.ID, func(u *domain.User) error { u.SiteID = &full.ID; return nil })
	mustCode(t, err, domain.ELimitReached)
	if got, _ := s.UserByID(ctx, mover.ID); got.SiteID == nil || *got.SiteID != other.ID {
		t.Fatal("a refused move was saved")
	}
	// Changing anything else of a member of a full site is fine.
	members, _ := s.ListUsers(ctx, ports.UserFilter{SiteID: &full.ID})
	_, err = s.UpdateUser(ctx, members[0].ID, func(u *domain.User) error { u.FullName = "Renamed"; return nil })
	must(t, err)
	// Unlimited site (0) takes everyone.
	for i := 0; i < 3; i++ {
		u := newUser(uniq("many"))
		u.SiteID = &other.ID
		must(t, s.CreateUser(ctx, u))
	}
	missing := int64(987654)
	ghost := newUser(uniq("ghost"))
	ghost.SiteID = &missing
	mustCode(t, s.CreateUser(ctx, ghost), domain.EInvalid)
}

func testUserLimitConcurrent(t *testing.T, s Store) {
	ctx := context.Background()
	site := newSite("Rush", 3)
	must(t, s.CreateSite(ctx, site))
	var wg sync.WaitGroup
	var mu sync.Mutex
	created, refused := 0, 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := newUser(uniq("rush"))
			u.SiteID = &site.ID
			err := s.CreateUser(ctx, u)
			mu.Lock()
			defer mu.Unlock()
			if domain.ErrorCode(err) == domain.ELimitReached {
				refused++
			} else if err != nil {
				t.Error(err)
			} else {
				created++
			}
		}()
	}
	wg.Wait()
	if created != 3 || refused != 5 {
		t.Fatalf("created %d, refused %d; want 3 and 5", created, refused)
	}
}

func testSiteLink(t *testing.T, s Store) {
	ctx := context.Background()
	site := newSite("Links", 0)
	must(t, s.CreateSite(ctx, site))
	u := newUser(uniq("linked"))
	must(t, s.CreateUser(ctx, u))
	got, _ := s.UserByID(ctx, u.ID)
	if got.SiteRole != "" || got.SiteJoinedAt != nil {
		t.Fatalf("no site, yet role %q joined %v", got.SiteRole, got.SiteJoinedAt)
	}
	got, err := s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.SiteID = &site.ID; return nil })
	must(t, err)
	read, _ := s.UserByID(ctx, u.ID)
	if read.SiteRole != domain.SiteMember || read.SiteJoinedAt == nil || got.SiteRole != domain.SiteMember {
		t.Fatalf("joined: role %q at %v", read.SiteRole, read.SiteJoinedAt)
	}
	joined := *read.SiteJoinedAt
	_, err = s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.SiteRole = domain.SiteOwner; return nil })
	must(t, err)
	read, _ = s.UserByID(ctx, u.ID)
	if read.SiteRole != domain.SiteOwner || !read.SiteJoinedAt.Equal(joined) {
		t.Fatalf("role change: %q, joined %v (was %v)", read.SiteRole, read.SiteJoinedAt, joined)
	}
	_, err = s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.SiteID = nil; return nil })
	must(t, err)
	read, _ = s.UserByID(ctx, u.ID)
	if read.SiteRole != "" || read.SiteJoinedAt != nil {
		t.Fatalf("left the site but kept role %q", read.SiteRole)
	}
}

// testSiteUsersPage: one site's users a page at a time by id, none of another site's, searched
// in the username, full name or e-mail (LIKE's wildcards taken literally), and counted per site.
func testSiteUsersPage(t *testing.T, s Store) {
	ctx := context.Background()
	site, other := newSite("Paged", 0), newSite("Other", 0)
	must(t, s.CreateSite(ctx, site))
	must(t, s.CreateSite(ctx, other))
	var want []int64
	for i := 0; i < 7; i++ {
		u := newUser(fmt.Sprintf("paged%d_%s", i, uniq("u")))
		if i == 3 {
			u.FullName, u.Email = "Rosa 100% Gallica", "rosa@gardens.example"
		}
		u.SiteID = &site.ID
		must(t, s.CreateUser(ctx, u))
		want = append(want, u.ID)
		stranger := newUser(uniq("stranger"))
		stranger.SiteID = &other.ID
		must(t, s.CreateUser(ctx, stranger))
	}
	var got []int64
	pages, cursor := 0, ""
	for {
		page, err := s.ListUsersPage(ctx, ports.UserQuery{SiteID: &site.ID}, domain.PageRequest{Limit: 3, Cursor: cursor})
		must(t, err)
		pages++
		for _, u := range page.Items {
			got = append(got, u.ID)
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || pages != 3 {
		t.Fatalf("site users %v in %d pages, want %v in 3", got, pages, want)
	}
	for search, n := range map[string]int{"PAGED": 7, "100%": 1, "gallica": 1, "@GARDENS.": 1, "paged_": 0, "stranger": 0} {
		page, err := s.ListUsersPage(ctx, ports.UserQuery{SiteID: &site.ID, Search: search}, domain.PageRequest{Limit: 50})
		must(t, err)
		if len(page.Items) != n {
			t.Errorf("search %q: %d users, want %d", search, len(page.Items), n)
		}
	}
	// The same searches over every user (SQLite: through the trigram index of 0042): case
	// folded, LIKE's wildcards taken literally, words of two characters too.
	for search, n := range map[string]int{"PAGED": 7, "100%": 1, "gallica": 1, "@GARDENS.": 1, "paged_": 0, "STRANGER": 7, "Ro": 1, "zucchini": 0} {
		var names []string
		for cursor := ""; ; {
			page, err := s.ListUsersPage(ctx, ports.UserQuery{Search: search}, domain.PageRequest{Limit: 3, Cursor: cursor})
			must(t, err)
			for _, u := range page.Items {
				names = append(names, u.Username)
			}
			if cursor = page.NextCursor; cursor == "" {
				break
			}
		}
		if len(names) != n {
			t.Errorf("search %q over every user: %v, want %d users", search, names, n)
		}
	}
	counts, err := s.CountUsersOfSites(ctx, []int64{site.ID, other.ID, 987654})
	must(t, err)
	if counts[site.ID] != 7 || counts[other.ID] != 7 || len(counts) != 2 {
		t.Fatalf("CountUsersOfSites = %v", counts)
	}
}

// testSiteUserCounts: the three counts of a site's users (a page's, one site's, every site's)
// follow each write that adds a user to a site, moves one, takes one out or deletes one,
// including a write that fails and changes nothing (issue #30 item 6: the counts are kept by
// the writes rather than counted on each read).
func testSiteUserCounts(t *testing.T, s Store) {
	ctx := context.Background()
	a, b, empty := newSite(uniq("Counted A"), 0), newSite(uniq("Counted B"), 2), newSite(uniq("Counted C"), 0)
	must(t, s.CreateSite(ctx, a))
	must(t, s.CreateSite(ctx, b))
	must(t, s.CreateSite(ctx, empty))
	check := func(step string, wantA, wantB int) {
		t.Helper()
		counts, err := s.CountUsersOfSites(ctx, []int64{a.ID, b.ID, empty.ID})
		must(t, err)
		want := map[int64]int{}
		if wantA > 0 {
			want[a.ID] = wantA
		}
		if wantB > 0 {
			want[b.ID] = wantB
		}
		if fmt.Sprint(counts) != fmt.Sprint(want) {
			t.Fatalf("%s: CountUsersOfSites = %v, want %v", step, counts, want)
		}
		all, err := s.CountUsersBySite(ctx)
		must(t, err)
		for id, n := range map[int64]int{a.ID: wantA, b.ID: wantB, empty.ID: 0} {
			one, err := s.CountSiteUsers(ctx, id)
			must(t, err)
			if one != n || all[id] != n {
				t.Fatalf("%s: site %d has %d users (CountSiteUsers) and %d (CountUsersBySite), want %d", step, id, one, all[id], n)
			}
			if _, listed := all[id]; listed != (n > 0) {
				t.Fatalf("%s: CountUsersBySite lists site %d: %v, want %v", step, id, listed, n > 0)
			}
		}
	}
	check("no users", 0, 0)
	var inA []*domain.User
	for i := range 3 {
		u := newUser(fmt.Sprintf("counted%d_%s", i, uniq("u")))
		u.SiteID = &a.ID
		must(t, s.CreateUser(ctx, u))
		inA = append(inA, u)
	}
	loose := newUser(uniq("siteless"))
	must(t, s.CreateUser(ctx, loose))
	check("three created in A", 3, 0)
	_, err := s.UpdateUser(ctx, inA[0].ID, func(u *domain.User) error { u.SiteID = &b.ID; return nil })
	must(t, err)
	check("one moved to B", 2, 1)
	_, err = s.UpdateUser(ctx, loose.ID, func(u *domain.User) error { u.SiteID = &b.ID; return nil })
	must(t, err)
	check("a siteless user joins B", 2, 2)
	// B is full (limit 2): the move is refused and no count changes.
	_, err = s.UpdateUser(ctx, inA[1].ID, func(u *domain.User) error { u.SiteID = &b.ID; return nil })
	if err == nil {
		t.Fatal("a move into a full site was accepted")
	}
	check("a refused move", 2, 2)
	_, err = s.UpdateUser(ctx, inA[1].ID, func(u *domain.User) error { u.FullName = "Renamed"; return nil })
	must(t, err)
	check("an edit that keeps the site", 2, 2)
	_, err = s.UpdateUser(ctx, loose.ID, func(u *domain.User) error { u.SiteID = nil; return nil })
	must(t, err)
	check("taken out of B", 2, 1)
	must(t, s.DeleteUser(ctx, inA[2].ID, nil))
	check("one of A deleted", 1, 1)
	mustCode(t, s.DeleteUser(ctx, inA[1].ID, func(*domain.User) error { return domain.Errorf(domain.EForbidden, "no") }), domain.EForbidden)
	check("a vetoed deletion", 1, 1)
}

func testUserCategoryUpdateDelete(t *testing.T, s Store) {
	ctx := context.Background()
	c := &domain.UserCategory{Name: uniq("Growers"), CreatedAt: base}
	must(t, s.CreateUserCategory(ctx, c))
	other := &domain.UserCategory{Name: uniq("Pickers"), CreatedAt: base}
	must(t, s.CreateUserCategory(ctx, other))
	c.Name, c.Description = c.Name+" club", "Weekend growers"
	must(t, s.UpdateUserCategory(ctx, c))
	got, _ := s.UserCategoryByID(ctx, c.ID)
	if got.Name != c.Name || got.Description != "Weekend growers" {
		t.Fatalf("update %+v", got)
	}
	c.Name = other.Name
	mustCode(t, s.UpdateUserCategory(ctx, c), domain.EConflict)
	u := newUser(uniq("categorised"))
	u.CategoryID = &other.ID
	must(t, s.CreateUser(ctx, u))
	must(t, s.DeleteUserCategory(ctx, other.ID))
	if got, _ := s.UserByID(ctx, u.ID); got.CategoryID != nil {
		t.Fatal("the user still points to the deleted category")
	}
	mustCode(t, s.DeleteUserCategory(ctx, other.ID), domain.ENotFound)
	mustCode(t, s.UpdateUserCategory(ctx, &domain.UserCategory{ID: 987654, Name: "x"}), domain.ENotFound)
}

func testAppFunctions(t *testing.T, s Store) {
	ctx := context.Background()
	seeded, err := s.ListAppFunctions(ctx)
	must(t, err)
	names := map[string]*domain.AppFunction{}
	for _, f := range seeded {
		names[f.Name] = f
	}
	for _, want := range []string{domain.FunctionSiteWide, domain.FunctionForum, domain.FunctionSharing, domain.FunctionExpertQA,
		domain.FunctionPlanner, domain.FunctionCropRotation, domain.FunctionHarvest, domain.FunctionPlants, domain.FunctionSchedule,
		domain.FunctionJournal, domain.FunctionPlantDatabase} {
		if names[want] == nil {
			t.Fatalf("function %s not seeded", want)
		}
	}
	if seeded[0].Name != domain.FunctionSiteWide {
		t.Fatalf("site_wide is not listed first: %s", seeded[0].Name)
	}
	f := &domain.AppFunction{Name: "seed_swap", DisplayName: "Seed Swap"}
	must(t, s.CreateAppFunction(ctx, f))
	mustCode(t, s.CreateAppFunction(ctx, &domain.AppFunction{Name: "seed_swap", DisplayName: "Again"}), domain.EConflict)
	start := base
	_, err = s.UpdateAppFunction(ctx, names[domain.FunctionForum].ID, func(f *domain.AppFunction) error {
		f.MaintenanceMode, f.MaintenanceMessage, f.LastMaintenanceStart = true, "Moving servers", &start
		return nil
	})
	must(t, err)
	site := newSite("Quiet", 0)
	must(t, s.CreateSite(ctx, site))
	_, err = s.UpdateSite(ctx, site.ID, func(st *domain.Site) error {
		st.MaintenanceMode, st.MaintenanceMessage = true, "Closed today"
		return nil
	})
	must(t, err)
	st, err := s.MaintenanceState(ctx)
	must(t, err)
	if len(st.Functions) != 1 || st.Functions[domain.FunctionForum] != "Moving servers" || st.Sites[site.ID] != "Closed today" || len(st.Sites) != 1 {
		t.Fatalf("state %+v", st)
	}
	list, _ := s.ListAppFunctions(ctx)
	for _, fn := range list {
		if fn.Name == domain.FunctionForum && (fn.LastMaintenanceStart == nil || !fn.LastMaintenanceStart.Equal(start)) {
			t.Fatalf("start not kept: %+v", fn)
		}
	}
	must(t, s.DeleteAppFunction(ctx, f.ID))
	mustCode(t, s.DeleteAppFunction(ctx, f.ID), domain.ENotFound)
	_, err = s.UpdateAppFunction(ctx, 987654, func(*domain.AppFunction) error { return nil })
	mustCode(t, err, domain.ENotFound)
}
