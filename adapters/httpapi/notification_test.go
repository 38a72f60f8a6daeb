package httpapi_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// notifyFixture is the notification service of the harness, with channels that record what
// they are given.
type notifyFixture struct {
	svc  *app.Notifications
	mu   sync.Mutex
	push []string // endpoints pushed to
	mail []string // addresses mailed
}

func (f *notifyFixture) Send(_ context.Context, sub domain.PushSubscription, _ domain.PushMessage) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.push = append(f.push, sub.Endpoint)
	return nil
}

type fixtureMailer struct{ f *notifyFixture }

func (m fixtureMailer) Send(_ context.Context, e domain.EmailMessage) error {
	m.f.mu.Lock()
	defer m.f.mu.Unlock()
	m.f.mail = append(m.f.mail, e.To)
	return nil
}

type fixtureNtfy struct{}

func (fixtureNtfy) Send(context.Context, domain.NtfyTarget, domain.PushMessage) error { return nil }

// testVAPIDPublic is the key pair the fixture's generator hands out.
var testVAPIDPublic = base64.RawURLEncoding.EncodeToString(append([]byte{4}, make([]byte, 64)...))

func newNotifyFixture(store app.NotificationUsers, s *sqlstore.Store, c ports.Clock, log *slog.Logger) *notifyFixture {
	f := &notifyFixture{}
	delivery := app.NewDelivery(s, f, fixtureMailer{f}, fixtureNtfy{}, app.DeliveryConfig{BaseURL: "https://garden.example.org"}, log)
	vapid := app.NewVAPID(s, domain.VAPIDKeys{}, func() (domain.VAPIDKeys, error) {
		return domain.VAPIDKeys{PublicKey: testVAPIDPublic, PrivateKey: "private"}, nil
	})
	f.svc = app.NewNotifications(store, s, delivery, vapid, c, app.NotificationsConfig{PushDelivery: "log"}, log)
	return f
}

// delivered waits for background deliveries and returns the endpoints pushed to and the
// addresses mailed.
func (f *notifyFixture) delivered(t *testing.T) (push, mail []string) {
	t.Helper()
	// The outbox's deliveries: thousands for the statement counts' console notices, which
	// take a while under the race detector.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := f.svc.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.push...), append([]string(nil), f.mail...)
}

// member creates a user of a site (nil: none) with an e-mail address and signs them in.
func (h *harness) member(name string, role domain.Role, siteID *int64) (*domain.User, string) {
	h.t.Helper()
	u, err := h.accounts.CreateUser(context.Background(), app.NewUser{Username: name, Password: "password-" + name, Role: role,
		SiteID: siteID, Email: name + "@example.org"})
	if err != nil {
		h.t.Fatal(err)
	}
	return u, h.login(name, "password-"+name)
}

func (h *harness) newSite(name string) int64 {
	h.t.Helper()
	s := &domain.Site{Name: name, Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: h.clock.Now()}
	if err := h.store.CreateSite(context.Background(), s); err != nil {
		h.t.Fatal(err)
	}
	return s.ID
}

func (h *harness) list(token string) []map[string]any {
	h.t.Helper()
	r := h.do("GET", "/api/notifications", token, nil)
	if r.status != 200 {
		h.t.Fatalf("list: %d %s", r.status, r.raw)
	}
	var out []map[string]any
	if err := jsonUnmarshal([]byte(r.raw), &out); err != nil {
		h.t.Fatal(err)
	}
	return out
}

func titlesOf(list []map[string]any) []string {
	out := []string{}
	for _, n := range list {
		out = append(out, n["title"].(string))
	}
	return out
}

func (h *harness) send(token string, body map[string]any) response {
	h.t.Helper()
	return h.do("POST", "/api/notifications/send", token, body)
}

func TestNotifications_TargetingAndShape(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	north, south := h.newSite("North"), h.newSite("South")
	_, super := h.member("boss", domain.RoleSuperadmin, nil)
	a, aTok := h.member("alice", domain.RoleUser, &north)
	_, bTok := h.member("bob", domain.RoleUser, &north)
	_, cTok := h.member("carol", domain.RoleUser, &south)
	_, dTok := h.member("dave", domain.RoleUser, nil)

	expect(t, h.send(super, map[string]any{"title": "Hello all", "content": "Spring is here.", "targetType": "global"}), 201, "")
	h.clock.Advance(time.Minute)
	r := h.send(super, map[string]any{"title": "North water cut", "content": "No water on Friday.", "targetType": "site", "targetId": north,
		"data": map[string]any{"url": "/schedule"}})
	expect(t, r, 201, "")
	if r.body["targetName"] != "North" || r.body["recipientCount"] != 2.0 || r.body["targetType"] != "site" || r.body["targetId"] != float64(north) {
		t.Fatalf("send answered %s", r.raw)
	}
	h.clock.Advance(time.Minute)
	// A target id may come as a select's string value.
	expect(t, h.send(super, map[string]any{"title": "For Alice", "content": "Your seeds arrived.", "targetType": "user", "targetId": fmt.Sprint(a.ID)}), 201, "")

	want := map[string][]string{
		aTok: {"For Alice", "North water cut", "Hello all"},
		bTok: {"North water cut", "Hello all"},
		cTok: {"Hello all"}, // another site's user does not see North's notification
		dTok: {"Hello all"},
	}
	for tok, w := range want {
		if got := titlesOf(h.list(tok)); strings.Join(got, "|") != strings.Join(w, "|") {
			t.Errorf("sees %v, want %v", got, w)
		}
	}
	n := h.list(aTok)[1]
	if n["content"] != "No water on Friday." || n["isRead"] != false || n["createdAt"] != "2026-06-01T08:01:00Z" || n["id"] == nil ||
		n["data"].(map[string]any)["url"] != "/schedule" || n["readAt"] != nil {
		t.Fatalf("notification %v", n)
	}
	// A user created after the broadcasts does not get them.
	_, lateTok := h.member("late", domain.RoleUser, &north)
	if got := h.list(lateTok); len(got) != 0 {
		t.Fatalf("a later account sees %v", titlesOf(got))
	}
	expect(t, h.do("GET", "/api/notifications", "", nil), 401, "You must be signed in.")

	// Other channels: the site notification was pushed and mailed to North's users only.
	_, mails := h.notify.delivered(t)
	counts := map[string]int{}
	for _, m := range mails {
		counts[m]++
	}
	if counts["alice@example.org"] != 3 || counts["bob@example.org"] != 2 || counts["carol@example.org"] != 1 || counts["dave@example.org"] != 1 {
		t.Fatalf("mails %v", counts)
	}
}

func TestNotifications_ReadStatePerUser(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	north, south := h.newSite("North"), h.newSite("South")
	_, super := h.member("boss", domain.RoleSuperadmin, nil)
	_, aTok := h.member("alice", domain.RoleUser, &north)
	_, bTok := h.member("bob", domain.RoleUser, &north)
	_, cTok := h.member("carol", domain.RoleUser, &south)
	g := h.send(super, map[string]any{"title": "Global", "content": "For everyone.", "targetType": "global"})
	site := h.send(super, map[string]any{"title": "North", "content": "For North.", "targetType": "site", "targetId": north})
	gID, siteID := int64(g.body["id"].(float64)), int64(site.body["id"].(float64))

	h.clock.Advance(time.Minute)
	r := h.do("PATCH", fmt.Sprintf("/api/notifications/%d/read", gID), aTok, nil)
	expect(t, r, 200, "")
	if r.body["isRead"] != true || r.body["readAt"] != "2026-06-01T08:01:00Z" || r.body["title"] != "Global" {
		t.Fatalf("read answered %s", r.raw)
	}
	expect(t, h.do("PATCH", fmt.Sprintf("/api/notifications/%d/read", gID), aTok, nil), 200, "") // twice is fine
	isRead := func(tok string, id int64) bool {
		for _, n := range h.list(tok) {
			if int64(n["id"].(float64)) == id {
				return n["isRead"].(bool)
			}
		}
		t.Fatalf("notification %d not listed", id)
		return false
	}
	if !isRead(aTok, gID) || isRead(bTok, gID) || isRead(cTok, gID) {
		t.Fatal("a global notification read by alice must stay unread for the others")
	}
	unread := func(tok string) float64 {
		return h.do("GET", "/api/notifications/unread-count", tok, nil).body["count"].(float64)
	}
	if unread(aTok) != 1 || unread(bTok) != 2 || unread(cTok) != 1 {
		t.Fatalf("unread counts %v %v %v", unread(aTok), unread(bTok), unread(cTok))
	}
	// Carol cannot read North's notification: it does not reach her.
	expect(t, h.do("PATCH", fmt.Sprintf("/api/notifications/%d/read", siteID), cTok, nil), 404, "Notification not found")
	expect(t, h.do("PATCH", "/api/notifications/99999/read", aTok, nil), 404, "Notification not found")
	expect(t, h.do("PATCH", "/api/notifications/abc/read", aTok, nil), 404, "Notification not found")

	r = h.do("POST", "/api/notifications/mark-all-read", bTok, nil)
	expect(t, r, 200, "")
	if r.body["marked"] != 2.0 || r.body["success"] != true {
		t.Fatalf("mark-all-read answered %s", r.raw)
	}
	if unread(bTok) != 0 || unread(aTok) != 1 || unread(cTok) != 1 {
		t.Fatal("mark-all-read touched other users")
	}
	if r := h.do("POST", "/api/notifications/mark-all-read", bTok, map[string]any{}); r.body["marked"] != 0.0 {
		t.Fatalf("second mark-all-read %s", r.raw)
	}
}

func TestNotificationsConsole_Authorization(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	_, super := h.member("boss", domain.RoleSuperadmin, nil)
	_, admin := h.member("deputy", domain.RoleAdmin, nil)
	_, user := h.member("gardener", domain.RoleUser, nil)
	body := map[string]any{"title": "Hi", "content": "There.", "targetType": "global"}
	sent := h.send(super, body)
	expect(t, sent, 201, "")
	id := int64(sent.body["id"].(float64))
	calls := []struct{ method, path string }{
		{"GET", "/api/notifications/admin"},
		{"POST", "/api/notifications/send"},
		{"DELETE", fmt.Sprintf("/api/notifications/%d", id)},
	}
	for _, c := range calls {
		var b any
		if c.method == "POST" {
			b = body
		}
		expect(t, h.do(c.method, c.path, "", b), 401, "You must be signed in.")
		expect(t, h.do(c.method, c.path, user, b), 403, "You need superadmin privileges to access this page.")
		expect(t, h.do(c.method, c.path, admin, b), 403, "You need superadmin privileges to access this page.")
	}
	// Even an invalid body is refused for the role first.
	expect(t, h.send(admin, map[string]any{}), 403, "You need superadmin privileges to access this page.")

	r := h.do("GET", "/api/notifications/admin", super, nil)
	expect(t, r, 200, "")
	var hist []map[string]any
	if err := jsonUnmarshal([]byte(r.raw), &hist); err != nil || len(hist) != 1 {
		t.Fatalf("history %s", r.raw)
	}
	n := hist[0]
	for _, k := range []string{"id", "title", "content", "targetType", "targetId", "data", "createdAt", "isRead", "readCount", "recipientCount", "targetName", "kind"} {
		if _, ok := n[k]; !ok {
			t.Errorf("history entry lacks %s: %v", k, n)
		}
	}
	if n["targetType"] != "global" || n["targetId"] != nil || n["recipientCount"] != 3.0 || n["isRead"] != false || n["kind"] != "admin" {
		t.Fatalf("history entry %v", n)
	}
	expect(t, h.do("DELETE", fmt.Sprintf("/api/notifications/%d", id), super, nil), 204, "")
	expect(t, h.do("DELETE", fmt.Sprintf("/api/notifications/%d", id), super, nil), 404, "Notification not found")
	if got := h.list(user); len(got) != 0 {
		t.Fatalf("after delete the user sees %v", titlesOf(got))
	}
}

func TestNotificationsConsole_HistoryReadCounts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	north := h.newSite("North")
	_, super := h.member("boss", domain.RoleSuperadmin, nil)
	a, aTok := h.member("alice", domain.RoleUser, &north)
	_, bTok := h.member("bob", domain.RoleUser, &north)
	site := h.send(super, map[string]any{"title": "North", "content": "For North.", "targetType": "site", "targetId": north})
	toA := h.send(super, map[string]any{"title": "Alice", "content": "For Alice.", "targetType": "user", "targetId": a.ID})
	expect(t, h.do("PATCH", fmt.Sprintf("/api/notifications/%v/read", site.body["id"]), aTok, nil), 200, "")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/notifications/%v/read", toA.body["id"]), aTok, nil), 200, "")
	var hist []map[string]any
	_ = jsonUnmarshal([]byte(h.do("GET", "/api/notifications/admin", super, nil).raw), &hist)
	byTitle := map[string]map[string]any{}
	for _, n := range hist {
		byTitle[n["title"].(string)] = n
	}
	if n := byTitle["North"]; n["readCount"] != 1.0 || n["recipientCount"] != 2.0 || n["isRead"] != false || n["targetName"] != "North" {
		t.Fatalf("site entry %v", n)
	}
	if n := byTitle["Alice"]; n["readCount"] != 1.0 || n["recipientCount"] != 1.0 || n["isRead"] != true || n["targetName"] != "alice" {
		t.Fatalf("user entry %v", n)
	}
	expect(t, h.do("PATCH", fmt.Sprintf("/api/notifications/%v/read", site.body["id"]), bTok, nil), 200, "")
	_ = jsonUnmarshal([]byte(h.do("GET", "/api/notifications/admin", super, nil).raw), &hist)
	for _, n := range hist {
		if n["title"] == "North" && n["isRead"] != true {
			t.Fatalf("read by everyone, still unread: %v", n)
		}
	}
}

// The console's history is paged newest first (docs/api.md, "Lists and pagination"), and each
// entry's recipientCount is the audience when it was sent: deactivating a recipient afterwards
// changes what the send form's audience says, not what the history says.
func TestNotificationsConsole_HistoryPagesAndStoredCount(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			north := h.newSite("North")
			_, super := h.member("boss", domain.RoleSuperadmin, nil)
			_, admin := h.member("deputy", domain.RoleAdmin, nil)
			alice, _ := h.member("alice", domain.RoleUser, &north)
			bob, _ := h.member("bob", domain.RoleUser, &north)
			sends := []map[string]any{
				{"title": "One", "targetType": "global"},
				{"title": "Two", "targetType": "site", "targetId": north},
				{"title": "Three", "targetType": "user", "targetId": alice.ID},
				{"title": "Four", "targetType": "global"},
				{"title": "Five", "targetType": "site", "targetId": north},
			}
			for i, body := range sends {
				if i%2 == 1 {
					h.clock.Advance(time.Second) // Two and Three, Four and Five share their moment
				}
				body["content"] = "About " + body["title"].(string)
				expect(t, h.send(super, body), 201, "")
			}
			first := h.do("GET", "/api/notifications/admin?limit=2", super, nil)
			expect(t, first, 200, "")
			next := first.header.Get("X-Next-Cursor")
			if len(first.body2()) != 2 || next == "" || !strings.Contains(first.header.Get("Link"), `rel="next"`) ||
				!strings.Contains(first.header.Get("Link"), "limit=2") {
				t.Fatalf("first page %s, next %q, link %q", first.raw, next, first.header.Get("Link"))
			}
			titles, pages := h.pages(t, "/api/notifications/admin?limit=2", super, "title")
			if fmt.Sprint(titles) != "[Five Four Three Two One]" || pages != 3 {
				t.Fatalf("history %v in %d pages", titles, pages)
			}
			all := h.do("GET", "/api/notifications/admin", super, nil)
			if len(all.body2()) != 5 || all.header.Get("X-Next-Cursor") != "" || all.header.Get("Link") != "" {
				t.Fatalf("default page: %d entries, next %q", len(all.body2()), all.header.Get("X-Next-Cursor"))
			}
			expect(t, h.do("GET", "/api/notifications/admin?limit=201", super, nil), 400, domain.MsgPageLimit)
			expect(t, h.do("GET", "/api/notifications/admin?cursor=%25%25", super, nil), 400, domain.MsgPageCursor)
			expect(t, h.do("GET", "/api/notifications/admin?limit=201", admin, nil), 403, "You need superadmin privileges to access this page.")

			counts := func() map[string]any {
				out := map[string]any{}
				for _, n := range h.do("GET", "/api/notifications/admin", super, nil).body2() {
					out[n["title"].(string)] = n["recipientCount"]
				}
				return out
			}
			// boss, deputy, alice and bob are active: everyone 4, North 2, alice 1.
			want := map[string]any{"One": 4.0, "Two": 2.0, "Three": 1.0, "Four": 4.0, "Five": 2.0}
			if got := counts(); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("recipient counts %v, want %v", got, want)
			}
			expect(t, h.do("PATCH", fmt.Sprintf("/api/users/%d/toggle-active", bob.ID), super, nil), 200, "")
			if r := h.do("GET", fmt.Sprintf("/api/notifications/audience?targetType=site&targetId=%d", north), super, nil); r.body["recipientCount"] != 1.0 {
				t.Fatalf("audience now %s, want 1", r.raw)
			}
			if got := counts(); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("after bob left: recipient counts %v, want those when sent %v", got, want)
			}
		})
	}
}

func TestNotificationsConsole_Validation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	_, super := h.member("boss", domain.RoleSuperadmin, nil)
	cases := map[string]struct {
		body  map[string]any
		field string
		msg   string
	}{
		"Title":        {map[string]any{"title": " ", "content": "x", "targetType": "global"}, "title", "Title is required"},
		"Content":      {map[string]any{"title": "x", "content": "", "targetType": "global"}, "content", "Content is required"},
		"TargetType":   {map[string]any{"title": "x", "content": "x", "targetType": "everyone"}, "targetType", "Target type must be global, site or user"},
		"NoSite":       {map[string]any{"title": "x", "content": "x", "targetType": "site", "targetId": ""}, "targetId", "Please select a site"},
		"NoUser":       {map[string]any{"title": "x", "content": "x", "targetType": "user", "targetId": nil}, "targetId", "Please select a user"},
		"MissingSite":  {map[string]any{"title": "x", "content": "x", "targetType": "site", "targetId": 4242}, "targetId", "Site not found"},
		"MissingUser":  {map[string]any{"title": "x", "content": "x", "targetType": "user", "targetId": 4242}, "targetId", "User not found"},
		"BadTargetID":  {map[string]any{"title": "x", "content": "x", "targetType": "user", "targetId": "abc"}, "targetId", "targetId must be a number"},
		"DataNotObj":   {map[string]any{"title": "x", "content": "x", "targetType": "global", "data": []int{1}}, "data", "data must be an object"},
		"DataTooLarge": {map[string]any{"title": "x", "content": "x", "targetType": "global", "data": map[string]any{"x": strings.Repeat("a", 9000)}}, "data", "Data is too large (at most 8 KiB)"},
		"TitleTooLong": {map[string]any{"title": strings.Repeat("t", 201), "content": "x", "targetType": "global"}, "title", "Title cannot exceed 200 characters"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := h.send(super, c.body)
			expect(t, r, 400, c.msg)
			if errs, _ := r.body["errors"].(map[string]any); errs[c.field] != c.msg {
				t.Fatalf("errors %v", r.body["errors"])
			}
		})
	}
	r := h.send(super, map[string]any{"content": "", "targetType": "site"})
	expect(t, r, 400, "Title is required")
	if errs := r.body["errors"].(map[string]any); errs["content"] != "Content is required" || errs["targetId"] != "Please select a site" {
		t.Fatalf("all problems at once: %v", errs)
	}
	if list := h.do("GET", "/api/notifications/admin", super, nil); list.raw != "[]\n" {
		t.Fatalf("refused sends were stored: %s", list.raw)
	}
}

// subscriptionBody is what the web app sends: the spec's fields plus the PushSubscription JSON.
func subscriptionBody(endpoint string) map[string]any {
	return map[string]any{
		"playerId": endpoint, "deviceName": "Firefox on Linux",
		"deviceInfo": map[string]any{"userAgent": "Mozilla/5.0 (X11; Linux x86_64)", "platform": "Linux x86_64", "vendor": ""},
		"subscription": map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": map[string]any{
			"p256dh": base64.RawURLEncoding.EncodeToString(append([]byte{4}, make([]byte, 64)...)),
			"auth":   base64.RawURLEncoding.EncodeToString(make([]byte, 16)),
		}},
	}
}

func TestNotifications_Devices(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	_, aTok := h.member("alice", domain.RoleUser, nil)
	_, bTok := h.member("bob", domain.RoleUser, nil)
	endpoint := "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk"
	r := h.do("POST", "/api/notifications/register-device", aTok, subscriptionBody(endpoint))
	expect(t, r, 201, "")
	id := int64(r.body["id"].(float64))
	if r.body["playerId"] != endpoint || r.body["deviceName"] != "Firefox on Linux" || r.body["pushEnabled"] != true ||
		r.body["deviceInfo"].(map[string]any)["platform"] != "Linux x86_64" || strings.Contains(r.raw, "p256dh") || strings.Contains(r.raw, "auth") {
		t.Fatalf("register answered %s", r.raw)
	}
	expect(t, h.do("POST", "/api/notifications/register-device", aTok, subscriptionBody(endpoint)), 200, "") // again: updated
	// The spec's body alone (no subscription) registers a device that cannot receive Web Push.
	r = h.do("POST", "/api/notifications/register-device", aTok, map[string]any{"playerId": "onesignal-1", "deviceName": "Old app", "deviceInfo": "Mozilla/4.0"})
	expect(t, r, 201, "")
	if r.body["pushEnabled"] != false || r.body["deviceInfo"].(map[string]any)["userAgent"] != "Mozilla/4.0" {
		t.Fatalf("player-id-only device %s", r.raw)
	}
	list := h.do("GET", "/api/notifications/devices", aTok, nil)
	expect(t, list, 200, "")
	if strings.Count(list.raw, `"playerId"`) != 2 {
		t.Fatalf("devices %s", list.raw)
	}
	if h.do("GET", "/api/notifications/devices", bTok, nil).raw != "[]\n" {
		t.Fatal("bob sees alice's devices")
	}
	// Only the owner removes a device.
	expect(t, h.do("DELETE", fmt.Sprintf("/api/notifications/devices/%d", id), bTok, nil), 404, "Device not found")
	expect(t, h.do("DELETE", fmt.Sprintf("/api/notifications/devices/%d", id), aTok, nil), 204, "")
	expect(t, h.do("DELETE", fmt.Sprintf("/api/notifications/devices/%d", id), aTok, nil), 404, "Device not found")
	// By player id, in the path (encoded) or the query.
	expect(t, h.do("POST", "/api/notifications/register-device", aTok, subscriptionBody(endpoint)), 201, "")
	expect(t, h.do("DELETE", "/api/notifications/devices/"+url.PathEscape(endpoint), bTok, nil), 404, "Device not found")
	expect(t, h.do("DELETE", "/api/notifications/devices/"+url.PathEscape(endpoint), aTok, nil), 204, "")
	expect(t, h.do("DELETE", "/api/notifications/devices?playerId=onesignal-1", aTok, nil), 204, "")
	if h.do("GET", "/api/notifications/devices", aTok, nil).raw != "[]\n" {
		t.Fatal("devices left")
	}

	bad := subscriptionBody("http://push.example/x")
	expect(t, h.do("POST", "/api/notifications/register-device", aTok, bad), 400, domain.MsgDeviceEndpoint)
	mismatch := subscriptionBody(endpoint)
	mismatch["playerId"] = "something-else"
	expect(t, h.do("POST", "/api/notifications/register-device", aTok, mismatch), 400, domain.MsgDevicePlayerIDMismatch)
	expect(t, h.do("POST", "/api/notifications/register-device", aTok, map[string]any{"deviceName": "x"}), 400, domain.MsgDevicePlayerIDRequired)
	expect(t, h.do("POST", "/api/notifications/register-device", "", subscriptionBody(endpoint)), 401, "")
	expect(t, h.do("GET", "/api/notifications/devices", "", nil), 401, "")
}

func TestNotifications_TestAndPushKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	_, tok := h.member("alice", domain.RoleUser, nil)
	expect(t, h.do("POST", "/api/notifications/register-device", tok, subscriptionBody("https://fcm.googleapis.com/fcm/send/abc")), 201, "")
	r := h.do("POST", "/api/notifications/test", tok, map[string]any{"type": "plant_listing_interest"})
	expect(t, r, 201, "")
	ch := r.body["channels"].(map[string]any)
	if ch["inApp"].(map[string]any)["status"] != "sent" || ch["push"].(map[string]any)["status"] != "sent" ||
		ch["email"].(map[string]any)["status"] != "sent" || ch["ntfy"].(map[string]any)["status"] != "skipped" {
		t.Fatalf("channels %v", ch)
	}
	if n := r.body["notification"].(map[string]any); n["title"] != "Someone is interested in your listing" || n["isRead"] != false {
		t.Fatalf("notification %v", n)
	}
	if got := h.list(tok); len(got) != 1 || got[0]["data"].(map[string]any)["type"] != "plant_listing_interest" {
		t.Fatalf("list %v", got)
	}
	r = h.do("POST", "/api/notifications/test", tok, map[string]any{"type": "weather"})
	expect(t, r, 400, domain.MsgNotificationTestType)
	expect(t, h.do("POST", "/api/notifications/test", "", map[string]any{"type": "care_task"}), 401, "")

	k := h.do("GET", "/api/notifications/vapid-public-key", tok, nil)
	expect(t, k, 200, "")
	if k.body["publicKey"] != testVAPIDPublic || k.body["delivery"] != "log" {
		t.Fatalf("key %s", k.raw)
	}
	expect(t, h.do("GET", "/api/notifications/vapid-public-key", "", nil), 401, "")
}

func TestNotifications_Channels(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	_, tok := h.member("alice", domain.RoleUser, nil)
	r := h.do("GET", "/api/notifications/channels", tok, nil)
	expect(t, r, 200, "")
	if r.body["ntfyServer"] != "" || r.body["ntfyTopic"] != "" || r.body["ntfyEnabled"] != false || r.body["ntfyDefaultServer"] != "https://ntfy.sh" {
		t.Fatalf("defaults %s", r.raw)
	}
	r = h.do("PUT", "/api/notifications/channels", tok, map[string]any{"ntfyServer": "https://ntfy.example.org/", "ntfyTopic": "alice-beds"})
	expect(t, r, 200, "")
	if r.body["ntfyServer"] != "https://ntfy.example.org" || r.body["ntfyEnabled"] != true || r.body["updatedAt"] != "2026-06-01T08:00:00Z" {
		t.Fatalf("saved %s", r.raw)
	}
	expect(t, h.do("PUT", "/api/notifications/channels", tok, map[string]any{"ntfyServer": "file:///etc/passwd", "ntfyTopic": "x"}), 400, "Please enter a valid URL")
	expect(t, h.do("PUT", "/api/notifications/channels", tok, map[string]any{"ntfyTopic": "alice beds"}), 400, domain.MsgNtfyTopic)
	if r := h.do("GET", "/api/notifications/channels", tok, nil); r.body["ntfyTopic"] != "alice-beds" {
		t.Fatalf("a refused change was saved: %s", r.raw)
	}
	expect(t, h.do("PUT", "/api/notifications/channels", tok, map[string]any{"ntfyServer": "", "ntfyTopic": ""}), 200, "")
	expect(t, h.do("GET", "/api/notifications/channels", "", nil), 401, "")
}
