package porttest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// NotifyStoreFactory returns a fresh, empty, migrated store for one test: the account store
// (to make users and sites) and the notification store, usually one value.
type NotifyStoreFactory func(t *testing.T) (Store, ports.NotifyStore)

// RunNotificationStore runs the notification storage contract against stores made by newStore.
// Every test is parallel and gets its own store.
func RunNotificationStore(t *testing.T, newStore NotifyStoreFactory) {
	tests := map[string]func(t *testing.T, s Store, n ports.NotifyStore){
		"Notifications/CreateAndRead":         testNotificationRoundTrip,
		"Notifications/Targeting":             testNotificationTargeting,
		"Notifications/ReadStatePerUser":      testNotificationReadState,
		"Notifications/MarkAllRead":           testNotificationMarkAll,
		"Notifications/AdminListAndDelete":    testNotificationAdminList,
		"Notifications/AdminListPages":        testNotificationAdminPages,
		"Notifications/RecipientCountStored":  testNotificationRecipientCount,
		"Notifications/OnceKey":               testNotificationOnce,
		"Notifications/OnceKeyUnderRace":      testNotificationOnceConcurrent,
		"Notifications/CountSince":            testNotificationCountSince,
		"Notifications/Prune":                 testNotificationPrune,
		"Devices/RegisterListDelete":          testDevices,
		"Devices/ReRegisterMovesPlayerID":     testDeviceMoves,
		"Devices/KeepsAtMostKeep":             testDeviceCap,
		"Devices/GoneWithUser":                testDeviceCascade,
		"Devices/EndWithTheirSignIn":          testDeviceEndsWithSignIn,
		"Channels/SaveAndRead":                testChannels,
		"VAPIDKeys/FirstPairWins":             testVAPIDKeys,
		"VAPIDKeys/FirstPairWinsUnderARace":   testVAPIDKeysConcurrent,
		"Notifications/DataKeepsNestedValues": testNotificationData,
		"Outbox/ClaimLeaseFinish":             testOutboxClaim,
		"Outbox/ConcurrentClaimsDisjoint":     testOutboxConcurrentClaims,
		"Outbox/RolledBackTxLeavesNothing":    testOutboxRollback,
		"Outbox/NotifyWindows":                testOutboxWindows,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, n := newStore(t)
			fn(t, s, n)
		})
	}
}

func notificationTo(tt domain.TargetType, target *int64, title string, at time.Time) *domain.Notification {
	return &domain.Notification{Kind: domain.KindAdmin, Title: title, Content: "About " + title, TargetType: tt, TargetID: target,
		Data: map[string]any{}, CreatedAt: at}
}

func titles(list []*domain.UserNotification) []string {
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = n.Title
	}
	return out
}

func sameStrings(a, b []string) bool {
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

func site(t *testing.T, s Store, name string) *domain.Site {
	t.Helper()
	x := &domain.Site{Name: name, Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: base}
	must(t, s.CreateSite(context.Background(), x))
	return x
}

func userAt(t *testing.T, s Store, siteID *int64, created time.Time) *domain.User {
	t.Helper()
	u := newUser(uniq("reader"))
	u.SiteID, u.CreatedAt = siteID, created
	must(t, s.CreateUser(context.Background(), u))
	return u
}

func testNotificationRoundTrip(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	admin := userAt(t, s, nil, base)
	u := userAt(t, s, nil, base)
	n := &domain.Notification{Kind: domain.KindTest, Title: "Frost tonight", Content: "Cover the dahlias.", TargetType: domain.TargetUser,
		TargetID: &u.ID, Data: map[string]any{"url": "/plants/3", "level": 2.5}, CreatedBy: &admin.ID, CreatedAt: base}
	must(t, ns.CreateNotification(ctx, n))
	if n.ID == 0 {
		t.Fatal("CreateNotification did not set ID")
	}
	got, err := ns.NotificationByID(ctx, n.ID)
	must(t, err)
	if got.Kind != domain.KindTest || got.Title != n.Title || got.Content != n.Content || got.TargetType != domain.TargetUser ||
		got.TargetID == nil || *got.TargetID != u.ID || got.CreatedBy == nil || *got.CreatedBy != admin.ID ||
		!got.CreatedAt.Equal(base) || got.CreatedAt.Location() != time.UTC || got.Data["url"] != "/plants/3" || got.Data["level"] != 2.5 {
		t.Fatalf("read back %+v", got)
	}
	global := notificationTo(domain.TargetGlobal, nil, "All", base)
	global.Data = nil
	must(t, ns.CreateNotification(ctx, global))
	got, err = ns.NotificationByID(ctx, global.ID)
	must(t, err)
	if got.TargetID != nil || got.Data == nil || len(got.Data) != 0 {
		t.Fatalf("global read back %+v", got)
	}
	_, err = ns.NotificationByID(ctx, 987654)
	mustCode(t, err, domain.ENotFound)
	// Global notifications carry no target id, targeted ones need one.
	if err := ns.CreateNotification(ctx, notificationTo(domain.TargetGlobal, &u.ID, "bad", base)); err == nil {
		t.Fatal("a global notification with a target id was stored")
	}
	if err := ns.CreateNotification(ctx, notificationTo(domain.TargetSite, nil, "bad", base)); err == nil {
		t.Fatal("a site notification without a site was stored")
	}
}

func testNotificationData(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	u := userAt(t, s, nil, base)
	n := notificationTo(domain.TargetUser, &u.ID, "Nested", base)
	n.Data = map[string]any{"plants": []any{1.0, 2.0}, "meta": map[string]any{"ok": true}, "text": "café ☕"}
	must(t, ns.CreateNotification(ctx, n))
	got, err := ns.NotificationByID(ctx, n.ID)
	must(t, err)
	plants, _ := got.Data["plants"].([]any)
	meta, _ := got.Data["meta"].(map[string]any)
	if len(plants) != 2 || plants[1] != 2.0 || meta["ok"] != true || got.Data["text"] != "café ☕" {
		t.Fatalf("data read back %#v", got.Data)
	}
}

func testNotificationTargeting(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	north, south := site(t, s, "North"), site(t, s, "South")
	alice := userAt(t, s, &north.ID, base)                 // north
	bob := userAt(t, s, &south.ID, base)                   // south
	carol := userAt(t, s, nil, base)                       // no site
	late := userAt(t, s, &north.ID, base.Add(3*time.Hour)) // joined after the broadcasts
	at := func(h int) time.Time { return base.Add(time.Duration(h) * time.Hour) }
	for _, n := range []*domain.Notification{
		notificationTo(domain.TargetGlobal, nil, "global-1", at(1)),
		notificationTo(domain.TargetSite, &north.ID, "north-2", at(2)),
		notificationTo(domain.TargetSite, &south.ID, "south-2", at(2)),
		notificationTo(domain.TargetUser, &alice.ID, "alice-4", at(4)),
		notificationTo(domain.TargetUser, &late.ID, "late-1", at(1)),
		notificationTo(domain.TargetGlobal, nil, "global-5", at(5)),
		notificationTo(domain.TargetSite, &north.ID, "north-6", at(6)),
	} {
		must(t, ns.CreateNotification(ctx, n))
	}
	want := map[*domain.User][]string{
		alice: {"north-6", "global-5", "alice-4", "north-2", "global-1"},
		bob:   {"global-5", "south-2", "global-1"},
		carol: {"global-5", "global-1"},
		// Broadcasts reach accounts that existed when they were sent; a user notification
		// reaches its user whenever it was sent.
		late: {"north-6", "global-5", "late-1"},
	}
	for u, w := range want {
		got, err := ns.ListUserNotifications(ctx, domain.AudienceOf(u), 50)
		must(t, err)
		if !sameStrings(titles(got), w) {
			t.Errorf("%s sees %v, want %v (newest first)", u.Username, titles(got), w)
		}
		for _, n := range got {
			if n.IsRead() {
				t.Errorf("%s: %s is read before anyone read it", u.Username, n.Title)
			}
			// The store's rule and the domain's rule agree.
			if !n.Reaches(u) {
				t.Errorf("%s sees %s, which domain.Reaches refuses", u.Username, n.Title)
			}
		}
		unread, err := ns.CountUnreadNotifications(ctx, domain.AudienceOf(u))
		must(t, err)
		if unread != len(w) {
			t.Errorf("%s unread %d, want %d", u.Username, unread, len(w))
		}
	}
	limited, err := ns.ListUserNotifications(ctx, domain.AudienceOf(alice), 2)
	must(t, err)
	if !sameStrings(titles(limited), []string{"north-6", "global-5"}) {
		t.Fatalf("limit 2 gave %v", titles(limited))
	}
	// Same instant: the later id comes first.
	a, b := notificationTo(domain.TargetUser, &carol.ID, "tie-a", at(9)), notificationTo(domain.TargetUser, &carol.ID, "tie-b", at(9))
	must(t, ns.CreateNotification(ctx, a))
	must(t, ns.CreateNotification(ctx, b))
	got, err := ns.ListUserNotifications(ctx, domain.AudienceOf(carol), 2)
	must(t, err)
	if !sameStrings(titles(got), []string{"tie-b", "tie-a"}) {
		t.Fatalf("ties ordered %v", titles(got))
	}
}

func testNotificationReadState(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	north, south := site(t, s, "North"), site(t, s, "South")
	a, b := userAt(t, s, &north.ID, base), userAt(t, s, &north.ID, base)
	outsider := userAt(t, s, &south.ID, base)
	g := notificationTo(domain.TargetGlobal, nil, "g", base.Add(time.Hour))
	siteN := notificationTo(domain.TargetSite, &north.ID, "site", base.Add(time.Hour))
	must(t, ns.CreateNotification(ctx, g))
	must(t, ns.CreateNotification(ctx, siteN))
	first := base.Add(2 * time.Hour)
	got, err := ns.MarkNotificationRead(ctx, domain.AudienceOf(a), g.ID, first)
	must(t, err)
	if !got.IsRead() || !got.ReadAt.Equal(first) || got.Title != "g" {
		t.Fatalf("MarkNotificationRead returned %+v", got)
	}
	again, err := ns.MarkNotificationRead(ctx, domain.AudienceOf(a), g.ID, first.Add(time.Hour))
	must(t, err)
	if !again.ReadAt.Equal(first) {
		t.Fatalf("second read moved the read time to %v", again.ReadAt)
	}
	// Read by a, still unread for b.
	for u, wantRead := range map[*domain.User]bool{a: true, b: false} {
		list, err := ns.ListUserNotifications(ctx, domain.AudienceOf(u), 10)
		must(t, err)
		for _, n := range list {
			if n.ID == g.ID && n.IsRead() != wantRead {
				t.Errorf("%s: global read=%v, want %v", u.Username, n.IsRead(), wantRead)
			}
		}
	}
	if n, _ := ns.CountUnreadNotifications(ctx, domain.AudienceOf(a)); n != 1 {
		t.Fatalf("a unread %d, want 1", n)
	}
	if n, _ := ns.CountUnreadNotifications(ctx, domain.AudienceOf(b)); n != 2 {
		t.Fatalf("b unread %d, want 2", n)
	}
	// A notification that does not reach the caller cannot be read by them.
	_, err = ns.MarkNotificationRead(ctx, domain.AudienceOf(outsider), siteN.ID, first)
	mustCode(t, err, domain.ENotFound)
	_, err = ns.MarkNotificationRead(ctx, domain.AudienceOf(a), 987654, first)
	mustCode(t, err, domain.ENotFound)
}

func testNotificationMarkAll(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	north, south := site(t, s, "North"), site(t, s, "South")
	a, b := userAt(t, s, &north.ID, base), userAt(t, s, &north.ID, base)
	other := userAt(t, s, &south.ID, base)
	for _, n := range []*domain.Notification{
		notificationTo(domain.TargetGlobal, nil, "g", base.Add(time.Hour)),
		notificationTo(domain.TargetSite, &north.ID, "n", base.Add(time.Hour)),
		notificationTo(domain.TargetSite, &south.ID, "s", base.Add(time.Hour)),
		notificationTo(domain.TargetUser, &a.ID, "a", base.Add(time.Hour)),
	} {
		must(t, ns.CreateNotification(ctx, n))
	}
	list, _ := ns.ListUserNotifications(ctx, domain.AudienceOf(a), 10)
	_, err := ns.MarkNotificationRead(ctx, domain.AudienceOf(a), list[0].ID, base)
	must(t, err)
	n, err := ns.MarkAllNotificationsRead(ctx, domain.AudienceOf(a), base.Add(3*time.Hour))
	must(t, err)
	if n != 2 {
		t.Fatalf("marked %d, want the 2 still unread", n)
	}
	if n, _ := ns.MarkAllNotificationsRead(ctx, domain.AudienceOf(a), base.Add(4*time.Hour)); n != 0 {
		t.Fatalf("second mark-all marked %d", n)
	}
	if n, _ := ns.CountUnreadNotifications(ctx, domain.AudienceOf(a)); n != 0 {
		t.Fatalf("a unread %d after mark-all", n)
	}
	if n, _ := ns.CountUnreadNotifications(ctx, domain.AudienceOf(b)); n != 2 {
		t.Fatalf("mark-all touched b: unread %d, want 2", n)
	}
	if n, _ := ns.CountUnreadNotifications(ctx, domain.AudienceOf(other)); n != 2 {
		t.Fatalf("mark-all touched another site: unread %d, want 2", n)
	}
}

func testNotificationAdminList(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, b := userAt(t, s, nil, base), userAt(t, s, nil, base)
	g := notificationTo(domain.TargetGlobal, nil, "g", base.Add(time.Hour))
	u := notificationTo(domain.TargetUser, &a.ID, "u", base.Add(2*time.Hour))
	must(t, ns.CreateNotification(ctx, g))
	must(t, ns.CreateNotification(ctx, u))
	_, err := ns.MarkNotificationRead(ctx, domain.AudienceOf(a), g.ID, base)
	must(t, err)
	_, err = ns.MarkNotificationRead(ctx, domain.AudienceOf(b), g.ID, base)
	must(t, err)
	page, err := ns.ListNotifications(ctx, domain.PageRequest{Limit: 10})
	must(t, err)
	list := page.Items
	if len(list) != 2 || list[0].ID != u.ID || list[0].ReadCount != 0 || list[1].ID != g.ID || list[1].ReadCount != 2 || page.NextCursor != "" {
		t.Fatalf("ListNotifications = %+v", page)
	}
	if l, _ := ns.ListNotifications(ctx, domain.PageRequest{Limit: 1}); len(l.Items) != 1 || l.NextCursor == "" {
		t.Fatal("limit ignored")
	}
	must(t, ns.DeleteNotification(ctx, g.ID))
	mustCode(t, ns.DeleteNotification(ctx, g.ID), domain.ENotFound)
	_, err = ns.NotificationByID(ctx, g.ID)
	mustCode(t, err, domain.ENotFound)
	mine, err := ns.ListUserNotifications(ctx, domain.AudienceOf(b), 10)
	must(t, err)
	if len(mine) != 0 {
		t.Fatalf("a deleted notification is still listed: %v", titles(mine))
	}
}

func testNotificationOnce(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	u := userAt(t, s, nil, base)
	day := domain.DateOf(base)
	key := domain.OnceKey{UserID: u.ID, Kind: domain.KindCareReminder, Day: day}
	first := notificationTo(domain.TargetUser, &u.ID, "today", base)
	created, err := ns.CreateNotificationOnce(ctx, first, key)
	must(t, err)
	if !created || first.ID == 0 {
		t.Fatalf("first: created=%v id=%d", created, first.ID)
	}
	second := notificationTo(domain.TargetUser, &u.ID, "today again", base.Add(time.Hour))
	created, err = ns.CreateNotificationOnce(ctx, second, key)
	must(t, err)
	if created || second.ID != 0 {
		t.Fatalf("second: created=%v id=%d", created, second.ID)
	}
	// Deleting the notification does not free the key: a re-run must not send it again.
	must(t, ns.DeleteNotification(ctx, first.ID))
	created, err = ns.CreateNotificationOnce(ctx, notificationTo(domain.TargetUser, &u.ID, "after delete", base), key)
	must(t, err)
	if created {
		t.Fatal("the key was free again after deleting its notification")
	}
	tomorrow := key
	tomorrow.Day = domain.AddDays(day, 1)
	created, err = ns.CreateNotificationOnce(ctx, notificationTo(domain.TargetUser, &u.ID, "tomorrow", base), tomorrow)
	must(t, err)
	other := key
	other.Kind = "weekly_digest"
	created2, err := ns.CreateNotificationOnce(ctx, notificationTo(domain.TargetUser, &u.ID, "digest", base), other)
	must(t, err)
	if !created || !created2 {
		t.Fatalf("another day or kind was refused: %v %v", created, created2)
	}
	list, _ := ns.ListUserNotifications(ctx, domain.AudienceOf(u), 10)
	if !sameStrings(titles(list), []string{"digest", "tomorrow"}) && !sameStrings(titles(list), []string{"tomorrow", "digest"}) {
		t.Fatalf("stored %v", titles(list))
	}
}

// testNotificationOnceConcurrent is two replicas (or a re-run) racing on one user and day: one
// notification is stored, whatever the interleaving.
func testNotificationOnceConcurrent(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	u := userAt(t, s, nil, base)
	key := domain.OnceKey{UserID: u.ID, Kind: domain.KindCareReminder, Day: domain.DateOf(base)}
	const n = 8
	var wg sync.WaitGroup
	results := make(chan bool, n)
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			created, err := ns.CreateNotificationOnce(ctx, notificationTo(domain.TargetUser, &u.ID, "race", base), key)
			results <- created
			errs <- err
		}()
	}
	wg.Wait()
	close(results)
	close(errs)
	for err := range errs {
		must(t, err)
	}
	won := 0
	for c := range results {
		if c {
			won++
		}
	}
	list, _ := ns.ListUserNotifications(ctx, domain.AudienceOf(u), 50)
	if won != 1 || len(list) != 1 {
		t.Fatalf("%d callers created, %d stored; want 1 and 1", won, len(list))
	}
}

func testNotificationCountSince(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	u, other := userAt(t, s, nil, base), userAt(t, s, nil, base)
	for i, kind := range []string{domain.KindTest, domain.KindTest, domain.KindAdmin, domain.KindTest} {
		n := notificationTo(domain.TargetUser, &u.ID, "x", base.Add(time.Duration(i)*time.Minute))
		n.Kind = kind
		must(t, ns.CreateNotification(ctx, n))
	}
	g := notificationTo(domain.TargetGlobal, nil, "g", base.Add(time.Hour))
	g.Kind = domain.KindTest
	must(t, ns.CreateNotification(ctx, g))
	n, err := ns.CountNotificationsSince(ctx, u.ID, domain.KindTest, base.Add(time.Minute))
	must(t, err)
	if n != 2 {
		t.Fatalf("count %d, want 2", n)
	}
	if n, _ := ns.CountNotificationsSince(ctx, other.ID, domain.KindTest, base); n != 0 {
		t.Fatalf("another user's count %d", n)
	}
}

func testNotificationPrune(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	gone := site(t, s, "Gone")
	kept := site(t, s, "Kept")
	u, leaver := userAt(t, s, nil, base.Add(-72*time.Hour)), userAt(t, s, nil, base)
	old := notificationTo(domain.TargetGlobal, nil, "old", base.Add(-48*time.Hour))
	recent := notificationTo(domain.TargetGlobal, nil, "recent", base)
	toLeaver := notificationTo(domain.TargetUser, &leaver.ID, "to leaver", base)
	toU := notificationTo(domain.TargetUser, &u.ID, "to u", base)
	toGone := notificationTo(domain.TargetSite, &gone.ID, "to gone site", base)
	toKept := notificationTo(domain.TargetSite, &kept.ID, "to kept site", base)
	for _, n := range []*domain.Notification{old, recent, toLeaver, toU, toGone, toKept} {
		must(t, ns.CreateNotification(ctx, n))
	}
	if _, err := ns.MarkNotificationRead(ctx, domain.AudienceOf(u), old.ID, base); err != nil {
		t.Fatal(err)
	}
	must(t, s.DeleteUser(ctx, leaver.ID, nil))
	must(t, s.DeleteSite(ctx, gone.ID))
	key := domain.OnceKey{UserID: u.ID, Kind: domain.KindCareReminder, Day: domain.DateOf(base.Add(-48 * time.Hour))}
	_, err := ns.CreateNotificationOnce(ctx, notificationTo(domain.TargetUser, &u.ID, "reminder", base.Add(-48*time.Hour)), key)
	must(t, err)

	n, err := ns.PruneNotifications(ctx, base.Add(-24*time.Hour), domain.DateOf(base))
	must(t, err)
	if want := 4; n != want { // old, the leaver's, the gone site's, the old reminder
		t.Fatalf("pruned %d, want %d", n, want)
	}
	for _, x := range []*domain.Notification{recent, toU, toKept} {
		if _, err := ns.NotificationByID(ctx, x.ID); err != nil {
			t.Errorf("%s was pruned: %v", x.Title, err)
		}
	}
	for _, x := range []*domain.Notification{old, toLeaver, toGone} {
		_, err := ns.NotificationByID(ctx, x.ID)
		mustCode(t, err, domain.ENotFound)
	}
	// The old day's key is gone, so that day could be sent again (it never will: it is past).
	created, err := ns.CreateNotificationOnce(ctx, notificationTo(domain.TargetUser, &u.ID, "again", base), key)
	must(t, err)
	if !created {
		t.Fatal("the pruned once-key still blocks")
	}
	// Zero keeps every notification by age.
	if _, err := ns.PruneNotifications(ctx, time.Time{}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ns.NotificationByID(ctx, recent.ID); err != nil {
		t.Fatal("zero retention pruned a notification")
	}
}

func newDevice(userID int64, player string) *domain.Device {
	return &domain.Device{UserID: userID, PlayerID: player, Name: "Firefox on Linux",
		Info:         domain.DeviceInfo{UserAgent: "Mozilla/5.0", Platform: "Linux x86_64", Vendor: ""},
		Subscription: domain.PushSubscription{Endpoint: player, P256dh: "BP256", Auth: "auth"}, UpdatedAt: base}
}

func testDevices(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	d1 := newDevice(a.ID, "https://push.example/one")
	created, err := ns.SaveDevice(ctx, d1, 10)
	must(t, err)
	if !created || d1.ID == 0 || !d1.CreatedAt.Equal(base) {
		t.Fatalf("first save: created=%v %+v", created, d1)
	}
	d2 := newDevice(a.ID, "onesignal-player-2")
	d2.Subscription = domain.PushSubscription{}
	d2.UpdatedAt = base.Add(time.Minute)
	_, err = ns.SaveDevice(ctx, d2, 10)
	must(t, err)
	list, err := ns.ListDevices(ctx, a.ID)
	must(t, err)
	if len(list) != 2 || list[0].ID != d2.ID || list[1].ID != d1.ID {
		t.Fatalf("ListDevices = %+v, want newest first", list)
	}
	got := list[1]
	if got.PlayerID != d1.PlayerID || got.Name != "Firefox on Linux" || got.Info.UserAgent != "Mozilla/5.0" || got.Info.Platform != "Linux x86_64" ||
		got.Subscription != d1.Subscription || got.UserID != a.ID || !got.UpdatedAt.Equal(base) {
		t.Fatalf("device read back %+v", got)
	}
	if list[0].Subscription.CanPush() {
		t.Fatal("a device without keys can push")
	}
	if l, _ := ns.ListDevices(ctx, b.ID); len(l) != 0 {
		t.Fatalf("b has %d devices", len(l))
	}
	mustCode(t, ns.DeleteDevice(ctx, b.ID, d1.ID), domain.ENotFound)
	must(t, ns.DeleteDevice(ctx, a.ID, d1.ID))
	mustCode(t, ns.DeleteDevice(ctx, a.ID, d1.ID), domain.ENotFound)
	mustCode(t, ns.DeleteDeviceByPlayerID(ctx, b.ID, d2.PlayerID), domain.ENotFound)
	must(t, ns.DeleteDeviceByPlayerID(ctx, a.ID, d2.PlayerID))
	d3 := newDevice(a.ID, "https://push.example/three")
	_, err = ns.SaveDevice(ctx, d3, 10)
	must(t, err)
	must(t, ns.ForgetDevice(ctx, d3.ID))
	must(t, ns.ForgetDevice(ctx, d3.ID))
	if l, _ := ns.ListDevices(ctx, a.ID); len(l) != 0 {
		t.Fatalf("devices left: %+v", l)
	}
	_, err = ns.SaveDevice(ctx, newDevice(987654, "https://push.example/nobody"), 10)
	mustCode(t, err, domain.ENotFound)
}

func testDeviceMoves(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	d := newDevice(a.ID, "https://push.example/shared")
	_, err := ns.SaveDevice(ctx, d, 10)
	must(t, err)
	// The same browser signs in as b and registers again: the subscription is now b's.
	again := newDevice(b.ID, d.PlayerID)
	again.Name, again.Subscription.Auth, again.UpdatedAt = "Shared laptop", "new-auth", base.Add(time.Hour)
	created, err := ns.SaveDevice(ctx, again, 10)
	must(t, err)
	if created || again.ID != d.ID || !again.CreatedAt.Equal(base) {
		t.Fatalf("re-registration: created=%v id %d (was %d) createdAt %v", created, again.ID, d.ID, again.CreatedAt)
	}
	if l, _ := ns.ListDevices(ctx, a.ID); len(l) != 0 {
		t.Fatalf("a still has %+v", l)
	}
	l, _ := ns.ListDevices(ctx, b.ID)
	if len(l) != 1 || l[0].Name != "Shared laptop" || l[0].Subscription.Auth != "new-auth" || !l[0].UpdatedAt.Equal(base.Add(time.Hour)) {
		t.Fatalf("b's devices %+v", l)
	}
}

func testDeviceCap(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	var ids []int64
	for i := 0; i < 5; i++ {
		d := newDevice(a.ID, uniq("https://push.example/d"))
		d.UpdatedAt = base.Add(time.Duration(i) * time.Minute)
		_, err := ns.SaveDevice(ctx, d, 3)
		must(t, err)
		ids = append(ids, d.ID)
	}
	l, _ := ns.ListDevices(ctx, a.ID)
	if len(l) != 3 || l[0].ID != ids[4] || l[2].ID != ids[2] {
		t.Fatalf("kept %+v, want the 3 newest", l)
	}
}

func testDeviceCascade(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	d := newDevice(a.ID, "https://push.example/bye")
	_, err := ns.SaveDevice(ctx, d, 10)
	must(t, err)
	must(t, ns.SaveNotificationChannels(ctx, a.ID, domain.NotificationChannels{NtfyTopic: "garden", UpdatedAt: base}))
	must(t, s.DeleteUser(ctx, a.ID, nil))
	if l, _ := ns.ListDevices(ctx, a.ID); len(l) != 0 {
		t.Fatal("devices outlived their user")
	}
	c, err := ns.NotificationChannels(ctx, a.ID)
	must(t, err)
	if c.NtfyTopic != "" {
		t.Fatal("channel settings outlived their user")
	}
	// The player id is free for someone else.
	b := userAt(t, s, nil, base)
	created, err := ns.SaveDevice(ctx, newDevice(b.ID, d.PlayerID), 10)
	must(t, err)
	if !created {
		t.Fatal("the player id was not freed")
	}
}

func testChannels(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	c, err := ns.NotificationChannels(ctx, a.ID)
	must(t, err)
	if c != (domain.NotificationChannels{}) {
		t.Fatalf("default channels %+v, want the zero value", c)
	}
	must(t, ns.SaveNotificationChannels(ctx, a.ID, domain.NotificationChannels{NtfyServer: "https://ntfy.example", NtfyTopic: "beds", UpdatedAt: base}))
	must(t, ns.SaveNotificationChannels(ctx, a.ID, domain.NotificationChannels{NtfyServer: "https://ntfy.example", NtfyTopic: "beds-2", UpdatedAt: base.Add(time.Hour)}))
	c, err = ns.NotificationChannels(ctx, a.ID)
	must(t, err)
	if c.NtfyServer != "https://ntfy.example" || c.NtfyTopic != "beds-2" || !c.UpdatedAt.Equal(base.Add(time.Hour)) {
		t.Fatalf("channels read back %+v", c)
	}
	if c, _ := ns.NotificationChannels(ctx, b.ID); c.NtfyTopic != "" {
		t.Fatal("b got a's settings")
	}
	mustCode(t, ns.SaveNotificationChannels(ctx, 987654, domain.NotificationChannels{NtfyTopic: "x", UpdatedAt: base}), domain.ENotFound)
}

func testVAPIDKeys(t *testing.T, _ Store, ns ports.NotifyStore) {
	ctx := context.Background()
	_, err := ns.VAPIDKeys(ctx)
	mustCode(t, err, domain.ENotFound)
	first := domain.VAPIDKeys{PublicKey: "pub-1", PrivateKey: "priv-1"}
	got, err := ns.SaveVAPIDKeysOnce(ctx, first)
	must(t, err)
	if got != first {
		t.Fatalf("first save returned %+v", got)
	}
	got, err = ns.SaveVAPIDKeysOnce(ctx, domain.VAPIDKeys{PublicKey: "pub-2", PrivateKey: "priv-2"})
	must(t, err)
	if got != first {
		t.Fatalf("second save returned %+v, want the first pair", got)
	}
	got, err = ns.VAPIDKeys(ctx)
	must(t, err)
	if got != first {
		t.Fatalf("VAPIDKeys = %+v", got)
	}
}

func testVAPIDKeysConcurrent(t *testing.T, _ Store, ns ports.NotifyStore) {
	ctx := context.Background()
	const n = 6
	var wg sync.WaitGroup
	got := make(chan domain.VAPIDKeys, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			k, err := ns.SaveVAPIDKeysOnce(ctx, domain.VAPIDKeys{PublicKey: uniq("pub"), PrivateKey: uniq("priv")})
			if err != nil {
				t.Error(err)
			}
			got <- k
		}(i)
	}
	wg.Wait()
	close(got)
	var first domain.VAPIDKeys
	for k := range got {
		if first.IsZero() {
			first = k
		}
		if k != first {
			t.Fatalf("replicas got different pairs: %+v and %+v", first, k)
		}
	}
}

// testNotificationAdminPages walks the console's history a page at a time: newest first, ties
// on the time broken by id (newest id first), every notification once, and a cursor the store
// did not make refused.
func testNotificationAdminPages(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a := userAt(t, s, nil, base)
	var want []int64 // newest first
	for i := 0; i < 7; i++ {
		// Two at each time but the last: a page may end between two of the same moment.
		n := notificationTo(domain.TargetUser, &a.ID, fmt.Sprintf("n%d", i), base.Add(time.Duration(i/2)*time.Minute+time.Duration(i/2)*time.Microsecond))
		must(t, ns.CreateNotification(ctx, n))
		want = append([]int64{n.ID}, want...)
	}
	var got []int64
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 4 {
			t.Fatalf("more pages than 7 notifications at 2 a page need: %v", got)
		}
		page, err := ns.ListNotifications(ctx, domain.PageRequest{Limit: 2, Cursor: cursor})
		must(t, err)
		if len(page.Items) == 0 || len(page.Items) > 2 {
			t.Fatalf("page %d: %d items", pages, len(page.Items))
		}
		for _, n := range page.Items {
			got = append(got, n.ID)
			if n.RecipientCount != 1 || n.TargetName != a.Username {
				t.Fatalf("page %d: %+v", pages, n)
			}
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	// Ids rise with time here, so newest first is ids falling.
	if !slices.Equal(got, want) {
		t.Fatalf("pages gave %v, want %v", got, want)
	}
	_, err := ns.ListNotifications(ctx, domain.PageRequest{Limit: 2, Cursor: "not a cursor!"})
	mustCode(t, err, domain.EInvalid)
	_, err = ns.ListNotifications(ctx, domain.PageRequest{Limit: 2, Cursor: domain.KeysetCursor{Key: "yesterday", ID: 3}.Encode()})
	mustCode(t, err, domain.EInvalid)
}

// testNotificationRecipientCount: a notification keeps the number of active users it reached
// when it was stored (accounts created by then, for a site or everyone), whichever way it was
// stored, and later changes to the users leave that number alone.
func testNotificationRecipientCount(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	north, south := site(t, s, "North"), site(t, s, "South")
	a := userAt(t, s, &north.ID, base)
	b := userAt(t, s, &north.ID, base)
	sleeper := userAt(t, s, &north.ID, base)
	_, err := s.UpdateUser(ctx, sleeper.ID, func(u *domain.User) error { u.IsActive = false; return nil })
	must(t, err)
	userAt(t, s, &north.ID, base.Add(48*time.Hour)) // joins after everything below was sent
	userAt(t, s, &south.ID, base)
	at := base.Add(time.Hour)

	global := notificationTo(domain.TargetGlobal, nil, "global", at)
	toNorth := notificationTo(domain.TargetSite, &north.ID, "north", at)
	toA := notificationTo(domain.TargetUser, &a.ID, "a", at)
	toSleeper := notificationTo(domain.TargetUser, &sleeper.ID, "sleeper", at)
	for _, n := range []*domain.Notification{global, toNorth, toA, toSleeper} {
		must(t, ns.CreateNotification(ctx, n))
	}
	batch := []*domain.Notification{notificationTo(domain.TargetSite, &north.ID, "batch north", at), notificationTo(domain.TargetUser, &b.ID, "batch b", at)}
	must(t, ns.CreateNotifications(ctx, batch))
	once := notificationTo(domain.TargetUser, &b.ID, "once", at)
	_, err = ns.CreateNotificationOnce(ctx, once, domain.OnceKey{UserID: b.ID, Kind: domain.KindCareReminder, Day: domain.DateOf(at)})
	must(t, err)
	onceMany := []ports.OnceNotification{{Notification: notificationTo(domain.TargetUser, &a.ID, "once a", at),
		Key: domain.OnceKey{UserID: a.ID, Kind: domain.KindCareReminder, Day: domain.DateOf(at)}}}
	_, err = ns.CreateNotificationsOnce(ctx, onceMany)
	must(t, err)

	// a, b, the South user: active and there at the time (the sleeper is inactive, the newcomer late).
	want := map[string]int{"global": 3, "north": 2, "a": 1, "sleeper": 0, "batch north": 2, "batch b": 1, "once": 1, "once a": 1}
	set := map[string]*domain.Notification{"global": global, "north": toNorth, "a": toA, "sleeper": toSleeper,
		"batch north": batch[0], "batch b": batch[1], "once": once, "once a": onceMany[0].Notification}
	for title, n := range set {
		if n.RecipientCount != want[title] {
			t.Errorf("%s: stored with RecipientCount %d, want %d", title, n.RecipientCount, want[title])
		}
	}
	// The audience changes afterwards: the history still says whom each one reached.
	_, err = s.UpdateUser(ctx, a.ID, func(u *domain.User) error { u.IsActive = false; return nil })
	must(t, err)
	_, err = s.UpdateUser(ctx, sleeper.ID, func(u *domain.User) error { u.IsActive = true; return nil })
	must(t, err)
	userAt(t, s, &north.ID, base)
	page, err := ns.ListNotifications(ctx, domain.PageRequest{Limit: 20})
	must(t, err)
	if len(page.Items) != len(want) {
		t.Fatalf("history has %d notifications, want %d", len(page.Items), len(want))
	}
	for _, n := range page.Items {
		if n.RecipientCount != want[n.Title] {
			t.Errorf("history: %s reached %d, want %d (counted when sent)", n.Title, n.RecipientCount, want[n.Title])
		}
	}
	got, err := ns.NotificationByID(ctx, toNorth.ID)
	must(t, err)
	if got.RecipientCount != 2 {
		t.Errorf("NotificationByID: RecipientCount %d, want 2", got.RecipientCount)
	}
}

// outboxNote stores a notification to u and n pending deliveries of it on channel.
func outboxNote(t *testing.T, ns ports.NotifyStore, u *domain.User, channel string, n int, at time.Time) (*domain.Notification, []*domain.OutboxDelivery) {
	t.Helper()
	ctx := context.Background()
	note := notificationTo(domain.TargetUser, &u.ID, "Outbox", at)
	must(t, ns.CreateNotification(ctx, note))
	ds := make([]*domain.OutboxDelivery, n)
	for i := range ds {
		ds[i] = &domain.OutboxDelivery{Channel: channel, UserID: u.ID, NotificationID: note.ID, CreatedAt: at.Add(time.Duration(i) * time.Second),
			NextAttemptAt: at.Add(time.Duration(i) * time.Second)}
	}
	must(t, ns.EnqueueDeliveries(ctx, ds))
	return note, ds
}

func testOutboxClaim(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	note, ds := outboxNote(t, ns, a, "email", 5, base)
	for i, d := range ds {
		if d.ID == 0 || (i > 0 && d.ID <= ds[i-1].ID) || d.Status != domain.OutboxPending {
			t.Fatalf("enqueued %+v", ds)
		}
	}
	if due, err := ns.DueChannels(ctx, base.Add(-time.Second)); err != nil || len(due) != 0 {
		t.Fatalf("due before the first: %v %v", due, err)
	}
	if due, err := ns.DueChannels(ctx, base); err != nil || !slices.Equal(due, []string{"email"}) {
		t.Fatalf("due channels %v %v", due, err)
	}
	// Due ones only, oldest first, at most limit, each with an attempt counted.
	got, err := ns.ClaimDeliveries(ctx, "email", "one", base.Add(3*time.Second), base.Add(time.Minute), 3)
	must(t, err)
	if len(got) != 3 || got[0].ID != ds[0].ID || got[2].ID != ds[2].ID || got[0].Attempts != 1 || got[0].ClaimedBy != "one" {
		t.Fatalf("claimed %+v", got)
	}
	if other, _ := ns.ClaimDeliveries(ctx, "push", "one", base.Add(time.Hour), base.Add(2*time.Hour), 10); len(other) != 0 {
		t.Fatalf("another channel's claim got %+v", other)
	}
	// Leased rows are nobody else's until the lease passes.
	next, err := ns.ClaimDeliveries(ctx, "email", "two", base.Add(30*time.Second), base.Add(2*time.Minute), 10)
	must(t, err)
	if len(next) != 2 || next[0].ID != ds[3].ID {
		t.Fatalf("second claimer got %+v", next)
	}
	// Every due row is leased now: nothing is due until a lease passes or a retry comes.
	if due, err := ns.DueChannels(ctx, base.Add(30*time.Second)); err != nil || len(due) != 0 {
		t.Fatalf("due while leased: %v %v", due, err)
	}
	// A finish by a claimer that lost the lease changes nothing.
	late := *got[0]
	late.ClaimedBy, late.Status = "zz", domain.OutboxDelivered
	if ok, err := ns.FinishDelivery(ctx, &late); err != nil || ok {
		t.Fatalf("finish by a stranger: %v %v", ok, err)
	}
	done := base.Add(40 * time.Second)
	got[0].Status, got[0].FinishedAt = domain.OutboxDelivered, &done
	got[1].Status, got[1].NextAttemptAt, got[1].LastError = domain.OutboxPending, base.Add(10*time.Minute), "Could not reach the server"
	for _, d := range got[:2] {
		if ok, err := ns.FinishDelivery(ctx, d); err != nil || !ok {
			t.Fatalf("finish %d: %v %v", d.ID, ok, err)
		}
	}
	// The lease of got[2] passes: it is due again; got[1] waits for its retry.
	again, err := ns.ClaimDeliveries(ctx, "email", "three", base.Add(time.Minute), base.Add(3*time.Minute), 10)
	must(t, err)
	if len(again) != 1 || again[0].ID != ds[2].ID || again[0].Attempts != 2 {
		t.Fatalf("after the lease %+v", again)
	}
	counts, err := ns.OutboxCounts(ctx, note.ID)
	must(t, err)
	if counts["email"][domain.OutboxDelivered] != 1 || counts["email"][domain.OutboxPending] != 4 {
		t.Fatalf("counts %v", counts)
	}
	depth, err := ns.OutboxDepth(ctx)
	must(t, err)
	if len(depth) != 1 || depth[0].Channel != "email" || depth[0].Pending != 4 || !depth[0].Oldest.Equal(base.Add(time.Second)) {
		t.Fatalf("depth %+v", depth)
	}
	// Finished rows go with the prune; pending ones stay.
	removed, err := ns.PruneOutbox(ctx, base.Add(time.Hour))
	must(t, err)
	if removed != 1 {
		t.Fatalf("pruned %d", removed)
	}
	byID, err := ns.NotificationsByID(ctx, []int64{note.ID, 987654})
	must(t, err)
	if len(byID) != 1 || byID[note.ID].Title != "Outbox" {
		t.Fatalf("by id %+v", byID)
	}
}

func testOutboxConcurrentClaims(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	_, ds := outboxNote(t, ns, a, "ntfy", 60, base)
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				got, err := ns.ClaimDeliveries(ctx, "ntfy", fmt.Sprintf("w%d", w), base.Add(time.Hour), base.Add(2*time.Hour), 7)
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) > 7 {
					t.Errorf("a claim of 7 got %d", len(got))
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, d := range got {
					seen[d.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != len(ds) {
		t.Fatalf("%d of %d claimed", len(seen), len(ds))
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("delivery %d claimed %d times", id, n)
		}
	}
}

func testOutboxRollback(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, _ := ownerPair(t, s)
	boom := domain.Errorf(domain.EConflict, "the cause failed")
	err := ns.InTx(ctx, func(ctx context.Context) error {
		n := notificationTo(domain.TargetUser, &a.ID, "Rolled back", base)
		must(t, ns.CreateNotifications(ctx, []*domain.Notification{n}))
		must(t, ns.EnqueueDeliveries(ctx, []*domain.OutboxDelivery{{Channel: "email", UserID: a.ID, NotificationID: n.ID, CreatedAt: base}}))
		if taken, err := ns.ClaimNotifyWindows(ctx, []domain.NotifyClaim{{UserID: a.ID, Kind: "k", Subject: "s"}}, base, time.Hour); err != nil || !taken[0] {
			t.Fatalf("window %v %v", taken, err)
		}
		return boom
	})
	if err != boom {
		t.Fatalf("InTx returned %v", err)
	}
	list, err := ns.ListUserNotifications(ctx, domain.AudienceOf(a), 10)
	must(t, err)
	depth, err := ns.OutboxDepth(ctx)
	must(t, err)
	taken, err := ns.ClaimNotifyWindows(ctx, []domain.NotifyClaim{{UserID: a.ID, Kind: "k", Subject: "s"}}, base, time.Hour)
	must(t, err)
	if len(list) != 0 || len(depth) != 0 || !taken[0] {
		t.Fatalf("after a rollback: %d notifications, outbox %+v, window free %v", len(list), depth, taken)
	}
	// Committed, everything is there.
	must(t, ns.InTx(ctx, func(ctx context.Context) error {
		n := notificationTo(domain.TargetUser, &a.ID, "Committed", base)
		if err := ns.CreateNotifications(ctx, []*domain.Notification{n}); err != nil {
			return err
		}
		return ns.EnqueueDeliveries(ctx, []*domain.OutboxDelivery{{Channel: "email", UserID: a.ID, NotificationID: n.ID, CreatedAt: base}})
	}))
	depth, err = ns.OutboxDepth(ctx)
	must(t, err)
	if len(depth) != 1 || depth[0].Pending != 1 {
		t.Fatalf("after a commit: %+v", depth)
	}
}

func testOutboxWindows(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	k := func(u *domain.User, subject string) domain.NotifyClaim {
		return domain.NotifyClaim{UserID: u.ID, Kind: domain.KindListingInterest, Subject: subject}
	}
	taken, err := ns.ClaimNotifyWindows(ctx, []domain.NotifyClaim{k(a, "listing:1:2"), k(a, "listing:1:2"), k(b, "listing:1:2"), k(a, "listing:1:3")}, base, time.Hour)
	must(t, err)
	if !slices.Equal(taken, []bool{true, false, true, true}) {
		t.Fatalf("first claims %v", taken)
	}
	taken, err = ns.ClaimNotifyWindows(ctx, []domain.NotifyClaim{k(a, "listing:1:2"), k(b, "listing:1:9")}, base.Add(59*time.Minute), time.Hour)
	must(t, err)
	if !slices.Equal(taken, []bool{false, true}) {
		t.Fatalf("within the hour %v", taken)
	}
	taken, err = ns.ClaimNotifyWindows(ctx, []domain.NotifyClaim{k(a, "listing:1:2")}, base.Add(time.Hour), time.Hour)
	must(t, err)
	if !taken[0] {
		t.Fatal("an hour later the window is still taken")
	}
	// Many at once: one user, one subject, only one wins.
	var wins atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := ns.ClaimNotifyWindows(ctx, []domain.NotifyClaim{k(b, "question:7")}, base.Add(3*time.Hour), time.Hour)
			if err != nil {
				t.Error(err)
				return
			}
			if got[0] {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d concurrent claims won", wins.Load())
	}
}
