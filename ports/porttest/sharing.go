package porttest

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// SharingStoreFactory returns a fresh, empty, migrated store for one test: the account store
// (to make users) and the sharing store, usually one value.
type SharingStoreFactory func(t *testing.T) (Store, ports.SharingStore)

// RunSharingStore runs the plant sharing and expert Q&A storage contract against stores made by
// newStore. Every test is parallel and gets its own store.
func RunSharingStore(t *testing.T, newStore SharingStoreFactory) {
	tests := map[string]func(t *testing.T, s Store, x ports.SharingStore){
		"Listings/CreateReadUpdateDelete":   testListingRoundTrip,
		"Listings/FiltersAndPages":          testListingFilters,
		"Listings/Search":                   testListingSearch,
		"Listings/Conversations":            testListingConversations,
		"Listings/ExpiryReminderClaim":      testListingReminderClaim,
		"Listings/ReminderClaimUnderRace":   testListingReminderRace,
		"Listings/ExpiryReminderBatchClaim": testListingReminderBatchClaim,
		"Questions/CreateReadTags":          testQuestionRoundTrip,
		"Questions/FiltersAndPages":         testQuestionFilters,
		"Questions/SearchAndSimilar":        testQuestionSearch,
		"Questions/SimilarBestOfNewest":     testSimilarBestOfNewest,
		"Answers/AddListAccept":             testAnswers,
		"Answers/PagesExpertsFirst":         testAnswerPages,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, x := newStore(t)
			fn(t, s, x)
		})
	}
}

var sharingBase = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

func sharingUser(t *testing.T, s Store, name string) *domain.User {
	t.Helper()
	u := newUser(name)
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func listing(owner int64, title string, lt domain.ListingType, plantType string, at time.Time) *domain.Listing {
	l := &domain.Listing{Title: title, PlantName: title, PlantType: plantType, ListingType: lt, Quantity: 1}
	if err := domain.NewListing(l, owner, at, 0); err != nil {
		panic(err)
	}
	return l
}

func createListing(t *testing.T, x ports.SharingStore, l *domain.Listing) *domain.Listing {
	t.Helper()
	if err := x.CreateListing(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	return l
}

func listingTitles(p domain.Page[*domain.Listing]) string {
	out := make([]string, len(p.Items))
	for i, l := range p.Items {
		out[i] = l.Title
	}
	return strings.Join(out, ",")
}

func allListings(t *testing.T, x ports.SharingStore, f ports.ListingFilter) string {
	t.Helper()
	p, err := x.ListListings(context.Background(), f, domain.PageRequest{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	return listingTitles(p)
}

func testListingRoundTrip(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	price := int64(450)
	l := listing(ann.ID, "Tomato seedlings", domain.ListingSell, "Vegetables", sharingBase)
	l.PriceCents, l.Quantity, l.Location, l.Species, l.Description = &price, 6, "Leeds", "Solanum lycopersicum", "Six strong seedlings"
	createListing(t, x, l)
	if l.ID == 0 {
		t.Fatal("no id")
	}
	got, err := x.ListingByID(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Username != "ann" || *got.PriceCents != 450 || got.Quantity != 6 || got.Status != domain.ListingOpen ||
		!got.ExpiresAt.Equal(sharingBase.Add(domain.DefaultListingLifetime)) || got.Species != "Solanum lycopersicum" || got.MessageCount != 0 {
		t.Fatalf("%+v", got)
	}
	mustCode(t, x.CreateListing(ctx, listing(9999, "Nobody's", domain.ListingFree, "Herbs", sharingBase)), domain.ENotFound)

	bea := sharingUser(t, s, "bea")
	closedAt := sharingBase.Add(time.Hour)
	up, err := x.UpdateListing(ctx, l.ID, func(l *domain.Listing) error {
		err := l.Close(closedAt, &bea.ID)
		l.UserID = bea.ID // ignored: a listing never changes owner
		return err
	})
	if err != nil || up.Status != domain.ListingClosed || up.UserID != ann.ID {
		t.Fatalf("%+v %v", up, err)
	}
	got, _ = x.ListingByID(ctx, l.ID)
	if got.Status != domain.ListingClosed || *got.CompletedWithID != bea.ID || !got.ClosedAt.Equal(closedAt) || got.UserID != ann.ID {
		t.Fatalf("after close %+v", got)
	}
	// fn's error saves nothing.
	_, err = x.UpdateListing(ctx, l.ID, func(l *domain.Listing) error {
		l.Title = "Changed"
		return domain.Errorf(domain.EConflict, "no")
	})
	mustCode(t, err, domain.EConflict)
	if got, _ := x.ListingByID(ctx, l.ID); got.Title != "Tomato seedlings" {
		t.Fatal("fn's error saved the change")
	}
	_, err = x.UpdateListing(ctx, 9999, func(*domain.Listing) error { return nil })
	mustCode(t, err, domain.ENotFound)

	m := &domain.ListingMessage{ListingID: l.ID, PartnerID: bea.ID, SenderID: bea.ID, Message: "Hi", CreatedAt: sharingBase}
	if err := x.AddListingMessage(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := x.DeleteListing(ctx, l.ID); err != nil {
		t.Fatal(err)
	}
	_, err = x.ListingByID(ctx, l.ID)
	mustCode(t, err, domain.ENotFound)
	mustCode(t, x.DeleteListing(ctx, l.ID), domain.ENotFound)
	if ok, _ := x.HasConversation(ctx, l.ID, bea.ID); ok {
		t.Fatal("messages outlived their listing")
	}
}

func testListingFilters(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann, bea := sharingUser(t, s, "ann"), sharingUser(t, s, "bea")
	createListing(t, x, listing(ann.ID, "Basil", domain.ListingFree, "Herbs", sharingBase.Add(-40*24*time.Hour))) // expired
	createListing(t, x, listing(ann.ID, "Mint", domain.ListingSwap, "Herbs", sharingBase))
	closed := createListing(t, x, listing(bea.ID, "Rose", domain.ListingFree, "Flowers", sharingBase))
	createListing(t, x, listing(bea.ID, "Kale", domain.ListingSell, "Vegetables", sharingBase))
	createListing(t, x, listing(bea.ID, "Oca", domain.ListingSwap, "Tubers", sharingBase))
	if _, err := x.UpdateListing(ctx, closed.ID, func(l *domain.Listing) error { return l.Close(sharingBase, nil) }); err != nil {
		t.Fatal(err)
	}
	now := sharingBase.Add(time.Hour)
	cases := []struct {
		name string
		f    ports.ListingFilter
		want string
	}{
		{"All", ports.ListingFilter{}, "Oca,Kale,Rose,Mint,Basil"},
		{"Available", ports.ListingFilter{AvailableAt: &now}, "Oca,Kale,Mint"},
		{"Expired", ports.ListingFilter{ExpiredAt: &now}, "Basil"},
		{"Closed", ports.ListingFilter{Status: domain.ListingClosed}, "Rose"},
		{"Mine", ports.ListingFilter{OwnerID: ann.ID}, "Mint,Basil"},
		{"Swap", ports.ListingFilter{ListingType: domain.ListingSwap, AvailableAt: &now}, "Oca,Mint"},
		{"PlantType", ports.ListingFilter{PlantType: "Herbs"}, "Mint,Basil"},
	}
	for _, c := range cases {
		if got := allListings(t, x, c.f); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	types, err := x.ListingPlantTypes(ctx)
	if err != nil || strings.Join(types, ",") != "Flowers,Herbs,Tubers,Vegetables" {
		t.Fatalf("%v %v", types, err)
	}
	// Pages of two follow the cursor to the end, each listing once.
	var seen []string
	page := domain.PageRequest{Limit: 2}
	for i := 0; ; i++ {
		p, err := x.ListListings(ctx, ports.ListingFilter{}, page)
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, listingTitles(p))
		if p.NextCursor == "" {
			break
		}
		if i > 5 {
			t.Fatal("the cursor never ends")
		}
		page.Cursor = p.NextCursor
	}
	if strings.Join(seen, "|") != "Oca,Kale|Rose,Mint|Basil" {
		t.Fatalf("pages %q", seen)
	}
	_, err = x.ListListings(ctx, ports.ListingFilter{}, domain.PageRequest{Limit: 2, Cursor: "%%%"})
	mustCode(t, err, domain.EInvalid)
}

func testListingSearch(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	a := listing(ann.ID, "Spare tomato seedlings", domain.ListingFree, "Vegetables", sharingBase)
	a.Description = "Gardener's Delight, very sweet"
	createListing(t, x, a)
	b := listing(ann.ID, "Mint runners", domain.ListingSwap, "Herbs", sharingBase)
	b.Species = "Mentha spicata"
	createListing(t, x, b)
	for q, want := range map[string]string{
		"tomato":          "Spare tomato seedlings",
		"TOMATOES":        "Spare tomato seedlings", // stemmed
		"sweet delight":   "Spare tomato seedlings", // every term, in the description
		"spicata":         "Mint runners",           // species
		"men":             "Mint runners",           // the last term is a prefix
		"mint tomato":     "",
		"'; DROP TABLE x": "",
		"":                "Mint runners,Spare tomato seedlings",
	} {
		if got := allListings(t, x, ports.ListingFilter{Search: q}); got != want {
			t.Errorf("search %q: %q, want %q", q, got, want)
		}
	}
	// A search pages by its cursor too: one match per page, newest first, then the end.
	var titles []string
	page := domain.PageRequest{Limit: 1}
	for i := 0; ; i++ {
		p, err := x.ListListings(ctx, ports.ListingFilter{Search: "sp"}, page)
		if err != nil || i > 3 {
			t.Fatalf("search page %d: %v", i, err)
		}
		titles = append(titles, listingTitles(p))
		if p.NextCursor == "" {
			break
		}
		page.Cursor = p.NextCursor
	}
	if strings.Join(titles, "|") != "Mint runners|Spare tomato seedlings" {
		t.Errorf("search pages %q", titles)
	}
	// The index follows edits.
	if _, err := x.UpdateListing(ctx, b.ID, func(l *domain.Listing) error {
		l.Title = "Lemon balm"
		l.PlantName = "Balm"
		l.Species = ""
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := allListings(t, x, ports.ListingFilter{Search: "mint"}); got != "" {
		t.Fatalf("stale index: %q", got)
	}
	if got := allListings(t, x, ports.ListingFilter{Search: "lemon"}); got != "Lemon balm" {
		t.Fatalf("edited listing not found: %q", got)
	}
}

func testListingConversations(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann, bea, cy := sharingUser(t, s, "ann"), sharingUser(t, s, "bea"), sharingUser(t, s, "cy")
	l := createListing(t, x, listing(ann.ID, "Mint", domain.ListingSwap, "Herbs", sharingBase))
	say := func(partner, sender int64, text string, min int) {
		m := &domain.ListingMessage{ListingID: l.ID, PartnerID: partner, SenderID: sender, Message: text, CreatedAt: sharingBase.Add(time.Duration(min) * time.Minute)}
		if err := x.AddListingMessage(ctx, m); err != nil || m.ID == 0 {
			t.Fatal(err)
		}
	}
	say(bea.ID, bea.ID, "bea 1", 1)
	say(cy.ID, cy.ID, "cy 1", 2)
	say(bea.ID, ann.ID, "ann to bea", 3)
	say(bea.ID, bea.ID, "bea 2", 4)
	mustCode(t, x.AddListingMessage(ctx, &domain.ListingMessage{ListingID: 9999, PartnerID: bea.ID, SenderID: bea.ID, Message: "x", CreatedAt: sharingBase}), domain.ENotFound)

	read := func(partner int64, limit int) ([]string, string) {
		p, err := x.ListingMessages(ctx, l.ID, partner, domain.PageRequest{Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range p.Items {
			out = append(out, fmt.Sprintf("%s>%s:%s", m.Username, m.PartnerName, m.Message))
		}
		return out, p.NextCursor
	}
	all, _ := read(0, 50)
	if strings.Join(all, "|") != "bea>bea:bea 1|cy>cy:cy 1|ann>bea:ann to bea|bea>bea:bea 2" {
		t.Fatalf("all %q", all)
	}
	beas, _ := read(bea.ID, 50)
	if strings.Join(beas, "|") != "bea>bea:bea 1|ann>bea:ann to bea|bea>bea:bea 2" {
		t.Fatalf("bea's %q", beas)
	}
	first, next := read(bea.ID, 2)
	if len(first) != 2 || next == "" {
		t.Fatalf("page %q %q", first, next)
	}
	p, err := x.ListingMessages(ctx, l.ID, bea.ID, domain.PageRequest{Limit: 2, Cursor: next})
	if err != nil || len(p.Items) != 1 || p.Items[0].Message != "bea 2" || p.NextCursor != "" {
		t.Fatalf("second page %+v %v", p, err)
	}
	for partner, want := range map[int64]bool{bea.ID: true, cy.ID: true, ann.ID: false} {
		if ok, err := x.HasConversation(ctx, l.ID, partner); err != nil || ok != want {
			t.Errorf("HasConversation(%d) = %v %v", partner, ok, err)
		}
	}
	if got, _ := x.ListingByID(ctx, l.ID); got.MessageCount != 4 {
		t.Fatalf("message count %d", got.MessageCount)
	}
}

func testListingReminderClaim(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	// Lifetimes of 30 days from different starts: expiring in 1, 2.5, 5 days, and past.
	soon := createListing(t, x, listing(ann.ID, "Soon", domain.ListingFree, "Herbs", sharingBase.Add(-29*24*time.Hour)))
	later := createListing(t, x, listing(ann.ID, "Later", domain.ListingFree, "Herbs", sharingBase.Add(-(27*24+12)*time.Hour)))
	createListing(t, x, listing(ann.ID, "Far", domain.ListingFree, "Herbs", sharingBase.Add(-25*24*time.Hour)))
	createListing(t, x, listing(ann.ID, "Gone", domain.ListingFree, "Herbs", sharingBase.Add(-31*24*time.Hour)))
	closed := createListing(t, x, listing(ann.ID, "Closed", domain.ListingFree, "Herbs", sharingBase.Add(-29*24*time.Hour)))
	if _, err := x.UpdateListing(ctx, closed.ID, func(l *domain.Listing) error { return l.Close(sharingBase, nil) }); err != nil {
		t.Fatal(err)
	}
	due, err := x.ListingsDueForExpiryReminder(ctx, sharingBase, sharingBase.Add(domain.ListingExpiryReminder), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(due) != 2 || due[0].ID != soon.ID || due[1].ID != later.ID {
		t.Fatalf("due %+v", due)
	}
	ok, err := x.ClaimExpiryReminder(ctx, soon.ID, sharingBase)
	if err != nil || !ok {
		t.Fatalf("first claim %v %v", ok, err)
	}
	if ok, _ := x.ClaimExpiryReminder(ctx, soon.ID, sharingBase); ok {
		t.Fatal("claimed twice")
	}
	due, _ = x.ListingsDueForExpiryReminder(ctx, sharingBase, sharingBase.Add(domain.ListingExpiryReminder), 10)
	if len(due) != 1 || due[0].ID != later.ID {
		t.Fatalf("after claim %+v", due)
	}
	// Renewing clears the mark (the domain does it; the store saves it).
	if _, err := x.UpdateListing(ctx, soon.ID, func(l *domain.Listing) error { return l.Renew(sharingBase, 0) }); err != nil {
		t.Fatal(err)
	}
	if got, _ := x.ListingByID(ctx, soon.ID); got.ExpiryRemindedAt != nil {
		t.Fatal("renewal kept the reminder mark")
	}
}

func testListingReminderRace(t *testing.T, s Store, x ports.SharingStore) {
	ann := sharingUser(t, s, "ann")
	l := createListing(t, x, listing(ann.ID, "Soon", domain.ListingFree, "Herbs", sharingBase.Add(-29*24*time.Hour)))
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := x.ClaimExpiryReminder(context.Background(), l.ID, sharingBase)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d claims won, want 1", wins)
	}
}

// testListingReminderBatchClaim: a batch claim marks the due listings soonest first, up to its
// limit, never one twice, and of concurrent batch claims each listing goes to exactly one.
func testListingReminderBatchClaim(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	to := sharingBase.Add(domain.ListingExpiryReminder)
	var due []int64
	for i := range 6 {
		l := createListing(t, x, listing(ann.ID, fmt.Sprintf("Soon %d", i), domain.ListingFree, "Herbs", sharingBase.Add(-29*24*time.Hour+time.Duration(5-i)*time.Hour)))
		due = append([]int64{l.ID}, due...) // later listings expire sooner
	}
	createListing(t, x, listing(ann.ID, "Far", domain.ListingFree, "Herbs", sharingBase.Add(-25*24*time.Hour)))
	first, err := x.ClaimExpiryReminders(ctx, sharingBase, to, sharingBase, 4)
	if err != nil || len(first) != 4 {
		t.Fatalf("first batch %d %v", len(first), err)
	}
	for i, l := range first {
		if l.ID != due[i] || l.UserID != ann.ID || l.Title == "" || l.ExpiryRemindedAt == nil || !l.ExpiresAt.After(sharingBase) {
			t.Fatalf("claimed[%d] = %+v, want listing %d", i, l, due[i])
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := map[int64]int{}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ls, err := x.ClaimExpiryReminders(ctx, sharingBase, to, sharingBase, 10)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, l := range ls {
				got[l.ID]++
			}
		}()
	}
	wg.Wait()
	if len(got) != 2 || got[due[4]] != 1 || got[due[5]] != 1 {
		t.Fatalf("concurrent claims got %v, want %v once each", got, due[4:])
	}
	if again, err := x.ClaimExpiryReminders(ctx, sharingBase, to, sharingBase, 10); err != nil || len(again) != 0 {
		t.Fatalf("claimed again: %d %v", len(again), err)
	}
}

func question(owner int64, title, content string, tags ...string) *domain.Question {
	q := &domain.Question{UserID: owner, Title: title, Content: content, Tags: tags, CreatedAt: sharingBase, UpdatedAt: sharingBase}
	if err := domain.ValidateQuestion(q); err != nil {
		panic(err)
	}
	q.Refresh()
	return q
}

func createQuestion(t *testing.T, x ports.SharingStore, q *domain.Question) *domain.Question {
	t.Helper()
	if err := x.CreateQuestion(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	return q
}

func questionTitles(qs []*domain.Question) string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.Title
	}
	return strings.Join(out, ",")
}

func testQuestionRoundTrip(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	q := createQuestion(t, x, question(ann.ID, "Yellow basil leaves", "<p>My basil leaves turn yellow at the bottom.</p>", "basil", "herbs"))
	q2 := createQuestion(t, x, question(ann.ID, "No tags here", "<p>This question carries no tags at all.</p>"))
	got, err := x.QuestionByID(ctx, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Username != "ann" || strings.Join(got.Tags, ",") != "basil,herbs" || got.Status != domain.QuestionOpen ||
		got.ContentText != "My basil leaves turn yellow at the bottom." || got.Content != "<p>My basil leaves turn yellow at the bottom.</p>" {
		t.Fatalf("%+v", got)
	}
	if got, _ := x.QuestionByID(ctx, q2.ID); got.Tags == nil || len(got.Tags) != 0 {
		t.Fatalf("tags %#v", got.Tags)
	}
	_, err = x.QuestionByID(ctx, 9999)
	mustCode(t, err, domain.ENotFound)
	mustCode(t, x.CreateQuestion(ctx, question(9999, "Nobody asks", "<p>Nobody is asking this question.</p>")), domain.ENotFound)
	tags, err := x.QuestionTags(ctx, 10)
	if err != nil || len(tags) != 2 || tags[0] != (ports.TagCount{Tag: "basil", Count: 1}) {
		t.Fatalf("%+v %v", tags, err)
	}
	bea := sharingUser(t, s, "bea")
	createQuestion(t, x, question(bea.ID, "Basil again", "<p>Another basil question with words.</p>", "basil"))
	tags, _ = x.QuestionTags(ctx, 1)
	if len(tags) != 1 || tags[0] != (ports.TagCount{Tag: "basil", Count: 2}) {
		t.Fatalf("%+v", tags)
	}
	// The counts follow the cascade of a user's deletion, and a tag no question carries goes.
	cy := sharingUser(t, s, "cy")
	createQuestion(t, x, question(cy.ID, "Basil once more", "<p>A third basil question, with mint.</p>", "basil", "mint"))
	if tags, _ = x.QuestionTags(ctx, 10); len(tags) != 3 || tags[0] != (ports.TagCount{Tag: "basil", Count: 3}) {
		t.Fatalf("%+v", tags)
	}
	if err := s.DeleteUser(ctx, cy.ID, func(*domain.User) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if tags, _ = x.QuestionTags(ctx, 10); len(tags) != 2 || tags[0] != (ports.TagCount{Tag: "basil", Count: 2}) ||
		tags[1] != (ports.TagCount{Tag: "herbs", Count: 1}) {
		t.Fatalf("after the deletion %+v", tags)
	}
	// Only the flag makes experts: a category named Experts without it does not.
	named := &domain.UserCategory{Name: "Experts", CreatedAt: sharingBase}
	flagged := &domain.UserCategory{Name: "Soil scientists", Experts: true, CreatedAt: sharingBase}
	for _, c := range []*domain.UserCategory{named, flagged} {
		if err := s.CreateUserCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	inCategory := func(u *domain.User, c *domain.UserCategory) {
		if _, err := s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.CategoryID = &c.ID; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	expertness := func(u *domain.User, want bool) {
		t.Helper()
		if got, err := x.UserCategoryExperts(ctx, u.ID); err != nil || got != want {
			t.Fatalf("%s: experts %v %v, want %v", u.Username, got, err, want)
		}
	}
	inCategory(bea, named)
	expertness(bea, false)
	expertness(ann, false)
	inCategory(bea, flagged)
	expertness(bea, true)
	// The flag is stored and read back, and can be cleared.
	if got, err := s.UserCategoryByID(ctx, flagged.ID); err != nil || !got.Experts {
		t.Fatalf("read back %+v %v", got, err)
	}
	flagged.Experts = false
	if err := s.UpdateUserCategory(ctx, flagged); err != nil {
		t.Fatal(err)
	}
	expertness(bea, false)
	if list, err := s.ListUserCategories(ctx); err != nil || len(list) != 2 || list[0].Experts || list[1].Experts {
		t.Fatalf("list %+v %v", list, err)
	}
}

func testQuestionFilters(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann, bea := sharingUser(t, s, "ann"), sharingUser(t, s, "bea")
	createQuestion(t, x, question(ann.ID, "First question", "<p>Content of the first question.</p>", "soil"))
	answered := createQuestion(t, x, question(bea.ID, "Second question", "<p>Content of the second question.</p>", "soil", "roses"))
	createQuestion(t, x, question(ann.ID, "Third question", "<p>Content of the third question.</p>", "roses"))
	if _, err := x.AddAnswer(ctx, &domain.Answer{QuestionID: answered.ID, UserID: ann.ID, Content: "Lime.", ByExpert: true, CreatedAt: sharingBase},
		func(q *domain.Question) error {
			q.RecordAnswer(&domain.Answer{ByExpert: true}, sharingBase)
			return nil
		}); err != nil {
		t.Fatal(err)
	}
	list := func(f ports.QuestionFilter) string {
		p, err := x.ListQuestions(ctx, f, domain.PageRequest{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		return questionTitles(p.Items)
	}
	for name, c := range map[string]struct {
		f    ports.QuestionFilter
		want string
	}{
		"All":      {ports.QuestionFilter{}, "Third question,Second question,First question"},
		"Open":     {ports.QuestionFilter{Status: domain.QuestionOpen}, "Third question,First question"},
		"Answered": {ports.QuestionFilter{Status: domain.QuestionAnswered}, "Second question"},
		"Mine":     {ports.QuestionFilter{AuthorID: ann.ID}, "Third question,First question"},
		"Tag":      {ports.QuestionFilter{Tag: "Roses"}, "Third question,Second question"},
		"TagMine":  {ports.QuestionFilter{Tag: "soil", AuthorID: bea.ID}, "Second question"},
		// A search with the other filters (PostgreSQL reads it through pgNewest, issue #30).
		"SearchOpen":    {ports.QuestionFilter{Search: "question", Status: domain.QuestionOpen}, "Third question,First question"},
		"SearchTagMine": {ports.QuestionFilter{Search: "content", Tag: "soil", AuthorID: bea.ID}, "Second question"},
		"SearchNone":    {ports.QuestionFilter{Search: "zucchini"}, ""},
	} {
		if got := list(c.f); got != c.want {
			t.Errorf("%s: %q, want %q", name, got, c.want)
		}
	}
	// A searched list pages like the others.
	var paged []string
	for cursor := ""; ; {
		p, err := x.ListQuestions(ctx, ports.QuestionFilter{Search: "questio"}, domain.PageRequest{Limit: 1, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		paged = append(paged, questionTitles(p.Items))
		if cursor = p.NextCursor; cursor == "" {
			break
		}
	}
	if got := strings.Join(paged, ","); got != "Third question,Second question,First question" {
		t.Errorf("searched pages: %q", got)
	}
	p, err := x.ListQuestions(ctx, ports.QuestionFilter{}, domain.PageRequest{Limit: 2})
	if err != nil || len(p.Items) != 2 || p.NextCursor == "" {
		t.Fatalf("%+v %v", p, err)
	}
	p2, err := x.ListQuestions(ctx, ports.QuestionFilter{}, domain.PageRequest{Limit: 2, Cursor: p.NextCursor})
	if err != nil || questionTitles(p2.Items) != "First question" || p2.NextCursor != "" || strings.Join(p2.Items[0].Tags, ",") != "soil" {
		t.Fatalf("%+v %v", p2, err)
	}
}

func testQuestionSearch(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	createQuestion(t, x, question(ann.ID, "Yellow leaves on basil", "<p>The <b>lower</b> leaves go yellow within a week.</p>"))
	answered := createQuestion(t, x, question(ann.ID, "Basil keeps wilting", "<p>It droops every afternoon in the sun.</p>"))
	createQuestion(t, x, question(ann.ID, "Tomato blight", "<p>Brown patches spread on the tomato leaves.</p>"))
	if _, err := x.AcceptAnswer(ctx, answered.ID, 0, func(*domain.Question, *domain.Answer) error { return nil }); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("accepting a missing answer: %v", err)
	}
	if _, err := x.AddAnswer(ctx, &domain.Answer{QuestionID: answered.ID, UserID: ann.ID, Content: "Water.", ByExpert: true, CreatedAt: sharingBase},
		func(q *domain.Question) error {
			q.RecordAnswer(&domain.Answer{ByExpert: true}, sharingBase)
			return nil
		}); err != nil {
		t.Fatal(err)
	}
	search := func(q string) string {
		p, err := x.ListQuestions(ctx, ports.QuestionFilter{Search: q}, domain.PageRequest{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		return questionTitles(p.Items)
	}
	for q, want := range map[string]string{
		"basil":        "Basil keeps wilting,Yellow leaves on basil",
		"yellow basil": "Yellow leaves on basil",
		"lower":        "Yellow leaves on basil", // content text, markup gone
		"b":            "Tomato blight,Basil keeps wilting,Yellow leaves on basil",
		"patch":        "Tomato blight", // stemmed
		"cactus":       "",
	} {
		if got := search(q); got != want {
			t.Errorf("search %q: %q, want %q", q, got, want)
		}
	}
	// Similar: any term; answered first.
	sim, err := x.SimilarQuestions(ctx, "why is my basil yellow", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(sim) != 2 || sim[0].Title != "Basil keeps wilting" || sim[1].Title != "Yellow leaves on basil" {
		t.Fatalf("similar %q", questionTitles(sim))
	}
	if sim, _ := x.SimilarQuestions(ctx, "tomat", 5); questionTitles(sim) != "Tomato blight" {
		t.Fatalf("prefix similar %q", questionTitles(sim))
	}
	if sim, err := x.SimilarQuestions(ctx, " ?! ", 5); err != nil || len(sim) != 0 {
		t.Fatalf("empty %v %v", sim, err)
	}
}

// testSimilarBestOfNewest: among many newer questions sharing only common words, the one that
// shares the rare ones is suggested first, and a question sharing nothing is not suggested.
func testSimilarBestOfNewest(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann := sharingUser(t, s, "ann")
	createQuestion(t, x, question(ann.ID, "Basil is yellow at the tips", "<p>The basil leaves turn yellow from the tips.</p>"))
	createQuestion(t, x, question(ann.ID, "Basil is sulking", "<p>The basil stopped growing this month.</p>"))
	for i := 0; i < 40; i++ {
		createQuestion(t, x, question(ann.ID, fmt.Sprintf("Why is my soil dry %d", i), "<p>It is dry a day after watering, why?</p>"))
	}
	createQuestion(t, x, question(ann.ID, "Aphids everywhere", "<p>Small green insects on every shoot.</p>"))
	sim, err := x.SimilarQuestions(ctx, "why is my basil yellow", 5)
	if err != nil {
		t.Fatal(err)
	}
	// PostgreSQL's english configuration drops "why", "is" and "my"; SQLite weighs them by how
	// many of the candidates have them: next to nothing here.
	if len(sim) < 2 || sim[0].Title != "Basil is yellow at the tips" || sim[1].Title != "Basil is sulking" {
		t.Fatalf("similar %q: want the basil questions first, the one with both words leading", questionTitles(sim))
	}
	for _, q := range sim {
		if q.Title == "Aphids everywhere" {
			t.Fatalf("similar %q: a question sharing no word", questionTitles(sim))
		}
	}
}

func testAnswers(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann, bea, sage := sharingUser(t, s, "ann"), sharingUser(t, s, "bea"), sharingUser(t, s, "sage")
	q := createQuestion(t, x, question(ann.ID, "Yellow leaves on basil", "<p>The lower leaves go yellow within a week.</p>"))
	add := func(by *domain.User, expert bool, text string) *domain.Answer {
		a := &domain.Answer{QuestionID: q.ID, UserID: by.ID, Content: text, ByExpert: expert, CreatedAt: sharingBase}
		got, err := x.AddAnswer(ctx, a, func(q *domain.Question) error { q.RecordAnswer(a, sharingBase); return nil })
		if err != nil || a.ID == 0 {
			t.Fatal(err)
		}
		if got.ID != q.ID {
			t.Fatalf("%+v", got)
		}
		return a
	}
	a1 := add(bea, false, "<p>Less water.</p>")
	if got, _ := x.QuestionByID(ctx, q.ID); got.AnswerCount != 1 || got.Status != domain.QuestionOpen {
		t.Fatalf("%+v", got)
	}
	a2 := add(sage, true, "<p>Check the roots.</p>")
	if got, _ := x.QuestionByID(ctx, q.ID); got.AnswerCount != 2 || got.Status != domain.QuestionAnswered || !got.ExpertAnswered {
		t.Fatalf("%+v", got)
	}
	// fn's error stores nothing.
	_, err := x.AddAnswer(ctx, &domain.Answer{QuestionID: q.ID, UserID: bea.ID, Content: "x", CreatedAt: sharingBase},
		func(*domain.Question) error { return domain.Errorf(domain.EForbidden, "no") })
	mustCode(t, err, domain.EForbidden)
	_, err = x.AddAnswer(ctx, &domain.Answer{QuestionID: 9999, UserID: bea.ID, Content: "x", CreatedAt: sharingBase},
		func(*domain.Question) error { return nil })
	mustCode(t, err, domain.ENotFound)

	p, err := x.ListAnswers(ctx, q.ID, domain.PageRequest{Limit: 50})
	if err != nil || len(p.Items) != 2 || p.Items[0].ID != a2.ID || !p.Items[0].ByExpert || p.Items[1].ID != a1.ID || p.Items[0].Username != "sage" {
		t.Fatalf("experts first: %+v %v", p.Items, err)
	}
	got, err := x.AcceptAnswer(ctx, q.ID, a1.ID, func(q *domain.Question, a *domain.Answer) error {
		return q.Accept(ann, a, sharingBase)
	})
	if err != nil || *got.AcceptedAnswerID != a1.ID {
		t.Fatalf("%+v %v", got, err)
	}
	a, err := x.AnswerByID(ctx, q.ID, a1.ID)
	if err != nil || !a.Accepted {
		t.Fatalf("%+v %v", a, err)
	}
	if a, _ := x.AnswerByID(ctx, q.ID, a2.ID); a.Accepted {
		t.Fatal("two accepted answers")
	}
	_, err = x.AnswerByID(ctx, q.ID+1, a1.ID)
	mustCode(t, err, domain.ENotFound)
	_, err = x.AcceptAnswer(ctx, q.ID, a2.ID, func(q *domain.Question, a *domain.Answer) error { return q.Accept(bea, a, sharingBase) })
	mustCode(t, err, domain.EForbidden)
	if got, _ := x.QuestionByID(ctx, q.ID); *got.AcceptedAnswerID != a1.ID {
		t.Fatal("a refused accept moved the mark")
	}
}

func testAnswerPages(t *testing.T, s Store, x ports.SharingStore) {
	ctx := context.Background()
	ann, bea, sage := sharingUser(t, s, "ann"), sharingUser(t, s, "bea"), sharingUser(t, s, "sage")
	q := createQuestion(t, x, question(ann.ID, "Yellow leaves on basil", "<p>The lower leaves go yellow within a week.</p>"))
	var want []int64
	var experts, others []int64
	for i := 0; i < 7; i++ {
		by, expert := bea, false
		if i%3 == 1 {
			by, expert = sage, true
		}
		a := &domain.Answer{QuestionID: q.ID, UserID: by.ID, Content: fmt.Sprintf("answer %d", i), ByExpert: expert, CreatedAt: sharingBase}
		if _, err := x.AddAnswer(ctx, a, func(q *domain.Question) error { q.RecordAnswer(a, sharingBase); return nil }); err != nil {
			t.Fatal(err)
		}
		if expert {
			experts = append(experts, a.ID)
		} else {
			others = append(others, a.ID)
		}
	}
	want = append(experts, others...)
	var got []int64
	page := domain.PageRequest{Limit: 2}
	for i := 0; i < 10; i++ {
		p, err := x.ListAnswers(ctx, q.ID, page)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range p.Items {
			got = append(got, a.ID)
		}
		if p.NextCursor == "" {
			break
		}
		page.Cursor = p.NextCursor
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("pages gave %v, want %v", got, want)
	}
	if !sort.SliceIsSorted(others, func(i, j int) bool { return others[i] < others[j] }) {
		t.Fatal("ids out of order")
	}
}
