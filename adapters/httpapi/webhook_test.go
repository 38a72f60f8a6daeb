package httpapi_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/adapters/webhook"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// webhookOptions configure the harness's webhooks.
type webhookOptions struct {
	allowPrivate bool
	timeout      time.Duration
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
}

// receiver is a real local HTTP server that records what reaches it and answers as answer
// says for the n-th request (0-based).
type receiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	got    []received
	answer func(n int, w http.ResponseWriter, r *http.Request)
}

func newReceiver(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *receiver {
	rc := &receiver{answer: answer}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		n := len(rc.got)
		rc.got = append(rc.got, received{header: r.Header.Clone(), body: body})
		rc.mu.Unlock()
		if rc.answer != nil {
			rc.answer(n, w, r)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) requests() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return slices.Clone(rc.got)
}

// hang answers only after the client gave up (the delivery's timeout).
func hang(w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(10 * time.Second):
	}
}

func (h *harness) flushWebhooks(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := h.notify.svc.Wait(ctx); err != nil {
		t.Fatal(err)
	}
}

func (h *harness) createWebhook(t *testing.T, token string, body map[string]any) (id, secret string) {
	t.Helper()
	r := h.do("POST", "/api/webhooks", token, body)
	expect(t, r, 201, "")
	secret, _ = r.body["secret"].(string)
	return fmt.Sprint(r.body["id"]), secret
}

func (h *harness) water(t *testing.T, token string, plant int64) {
	t.Helper()
	expect(t, h.do("POST", fmt.Sprintf("/api/plants/%d/care", plant), token, map[string]any{"kind": "water"}), 201, "")
}

func (h *harness) hookLog(t *testing.T, token, id string) []map[string]any {
	t.Helper()
	r := h.do("GET", "/api/webhooks/"+id+"/deliveries", token, nil)
	expect(t, r, 200, "")
	var out []map[string]any
	if err := json.Unmarshal([]byte(r.raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// TestWebhooks_SignedDelivery: a watering reaches the owner's webhook as a signed JSON POST
// with the event and delivery headers, the secret is shown once, the log records the
// delivery, "Send test" answers its outcome, and another user's events stay away; on both
// databases.
func TestWebhooks_SignedDelivery(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres, webhooks: &webhookOptions{allowPrivate: true}})
			rc := newReceiver(t, nil)
			rosa, other := h.gardener("rosa"), h.gardener("olive")
			id, secret := h.createWebhook(t, rosa, map[string]any{"url": rc.srv.URL + "/hook", "events": []string{"plant.watered", "harvest.recorded"}})
			if len(secret) != 64 {
				t.Fatalf("a drawn secret is 32 bytes in hex, shown once: %q", secret)
			}
			list := h.do("GET", "/api/webhooks", rosa, nil)
			expect(t, list, 200, "")
			if strings.Contains(list.raw, secret) || strings.Contains(list.raw, `"secret"`) {
				t.Fatalf("the list shows the secret again: %s", list.raw)
			}
			basil := h.plant(rosa, "Basil")
			h.water(t, rosa, basil)
			h.water(t, other, h.plant(other, "Fern")) // not rosa's: never reaches her webhook
			h.flushWebhooks(t)

			got := rc.requests()
			if len(got) != 1 {
				t.Fatalf("%d requests, want 1", len(got))
			}
			req := got[0]
			if sig := req.header.Get("X-Garden-Signature"); sig != sign(secret, req.body) {
				t.Fatalf("signature %q does not sign the body with the secret", sig)
			}
			var body struct {
				ID      string         `json:"id"`
				Type    string         `json:"type"`
				Time    time.Time      `json:"time"`
				Payload map[string]any `json:"payload"`
			}
			if err := json.Unmarshal(req.body, &body); err != nil {
				t.Fatal(err)
			}
			if req.header.Get("X-Garden-Event") != "plant.watered" || body.Type != "plant.watered" || req.header.Get("X-Garden-Delivery") != body.ID ||
				req.header.Get("Content-Type") != "application/json" || body.Payload["plantId"] != float64(basil) || !body.Time.Equal(h.clock.Now()) {
				t.Fatalf("headers %v body %s", req.header, req.body)
			}
			log := h.hookLog(t, rosa, id)
			if len(log) != 1 || log[0]["status"] != "delivered" || log[0]["httpStatus"] != float64(204) || log[0]["event"] != "plant.watered" {
				t.Fatalf("log %v", log)
			}

			test := h.do("POST", "/api/webhooks/"+id+"/test", rosa, nil)
			expect(t, test, 200, "")
			if test.body["status"] != "delivered" || test.body["event"] != "webhook.test" {
				t.Fatalf("test %v", test.body)
			}
			if n := len(rc.requests()); n != 2 {
				t.Fatalf("%d requests after the test, want 2", n)
			}
			// Another user neither sees nor changes rosa's webhook.
			expect(t, h.do("GET", "/api/webhooks/"+id+"/deliveries", other, nil), 404, domain.MsgWebhookNotFound)
			expect(t, h.do("PATCH", "/api/webhooks/"+id, other, map[string]any{"active": false}), 404, domain.MsgWebhookNotFound)
			expect(t, h.do("DELETE", "/api/webhooks/"+id, other, nil), 404, domain.MsgWebhookNotFound)
			// Site-wide webhooks are the superadmins'.
			expect(t, h.do("POST", "/api/webhooks", other, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered"}, "siteWide": true}),
				403, domain.MsgWebhookSiteWide)
			expect(t, h.do("POST", "/api/webhooks", other, map[string]any{"url": "ftp://example.org", "events": []string{"plant.watered"}}),
				400, domain.MsgWebhookURLInvalid)
			expect(t, h.do("POST", "/api/webhooks", other, map[string]any{"url": rc.srv.URL, "events": []string{"plant.eaten"}}),
				400, domain.MsgWebhookEventUnknown)
			// A rotated secret is shown once and signs from then on.
			rot := h.do("PATCH", "/api/webhooks/"+id, rosa, map[string]any{"rotateSecret": true})
			expect(t, rot, 200, "")
			newSecret, _ := rot.body["secret"].(string)
			if newSecret == "" || newSecret == secret {
				t.Fatalf("rotated secret %q", newSecret)
			}
			h.water(t, rosa, basil)
			h.flushWebhooks(t)
			last := rc.requests()[2]
			if last.header.Get("X-Garden-Signature") != sign(newSecret, last.body) {
				t.Fatal("the rotated secret does not sign")
			}
			expect(t, h.do("DELETE", "/api/webhooks/"+id, rosa, nil), 204, "")
		})
	}
}

// TestWebhooks_SiteWide: a superadmin's site-wide webhook hears every user's events.
func TestWebhooks_SiteWide(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{webhooks: &webhookOptions{allowPrivate: true}})
	rc := newReceiver(t, nil)
	h.user("boss", domain.RoleSuperadmin)
	boss := h.login("boss", "password-boss")
	h.createWebhook(t, boss, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered", "harvest.recorded"}, "siteWide": true})
	rosa := h.gardener("rosa")
	basil := h.plant(rosa, "Basil")
	h.water(t, rosa, basil)
	expect(t, h.do("POST", "/api/harvests", rosa, map[string]any{"plantId": basil, "quantity": 2, "unit": "kg"}), 201, "")
	h.flushWebhooks(t)
	var events []string
	for _, r := range rc.requests() {
		events = append(events, r.header.Get("X-Garden-Event"))
	}
	slices.Sort(events)
	if !slices.Equal(events, []string{"harvest.recorded", "plant.watered"}) {
		t.Fatalf("events %v", events)
	}
}

// TestWebhooks_RetriesAfter500AndTimeout: a delivery answered 500, then not answered in time,
// is retried with backoff through the outbox, with the same delivery id and bytes, until the
// receiver takes it; the log follows; on both databases.
func TestWebhooks_RetriesAfter500AndTimeout(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres, webhooks: &webhookOptions{allowPrivate: true, timeout: 300 * time.Millisecond}})
			rc := newReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) {
				switch n {
				case 0:
					w.WriteHeader(http.StatusInternalServerError)
				case 1:
					hang(w, r)
				default:
					w.WriteHeader(http.StatusOK)
				}
			})
			rosa := h.gardener("rosa")
			id, _ := h.createWebhook(t, rosa, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered"}})
			h.water(t, rosa, h.plant(rosa, "Basil"))
			h.flushWebhooks(t)
			log := h.hookLog(t, rosa, id)
			if len(rc.requests()) != 1 || log[0]["status"] != "retrying" || log[0]["httpStatus"] != float64(500) {
				t.Fatalf("after a 500: %d requests, log %v", len(rc.requests()), log)
			}
			h.clock.Advance(31 * time.Second) // the first backoff
			h.flushWebhooks(t)
			log = h.hookLog(t, rosa, id)
			if len(rc.requests()) != 2 || log[0]["status"] != "retrying" || log[0]["httpStatus"] != float64(0) {
				t.Fatalf("after a timeout: %d requests, log %v", len(rc.requests()), log)
			}
			h.flushWebhooks(t) // not due yet: the backoff doubled
			if len(rc.requests()) != 2 {
				t.Fatal("retried before its backoff")
			}
			h.clock.Advance(61 * time.Second)
			h.flushWebhooks(t)
			got := rc.requests()
			log = h.hookLog(t, rosa, id)
			if len(got) != 3 || log[0]["status"] != "delivered" || log[0]["attempts"] != float64(3) || log[0]["httpStatus"] != float64(200) {
				t.Fatalf("after the retry: %d requests, log %v", len(got), log)
			}
			for _, r := range got[1:] {
				if string(r.body) != string(got[0].body) || r.header.Get("X-Garden-Delivery") != got[0].header.Get("X-Garden-Delivery") {
					t.Fatal("a retry sent other bytes or another delivery id")
				}
			}
		})
	}
}

// TestWebhooks_PausedAfter24HoursOfFailure: a webhook whose receiver keeps failing is retried
// for 24 hours, then paused, and its owner told; it hears nothing while paused and turning it
// back on clears the pause; on both databases.
func TestWebhooks_PausedAfter24HoursOfFailure(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres, webhooks: &webhookOptions{allowPrivate: true}})
			rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) })
			rosa := h.gardener("rosa")
			id, _ := h.createWebhook(t, rosa, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered"}})
			basil := h.plant(rosa, "Basil")
			h.water(t, rosa, basil)
			h.flushWebhooks(t)
			// Hours of failures: retried every time it is due, still on.
			for range 23 {
				h.clock.Advance(time.Hour)
				h.flushWebhooks(t)
			}
			hooks := h.do("GET", "/api/webhooks", rosa, nil)
			if !strings.Contains(hooks.raw, `"active":true`) || !strings.Contains(hooks.raw, `"failingSince":"`) {
				t.Fatalf("after 23 hours: %s", hooks.raw)
			}
			attempts := len(rc.requests())
			if attempts < 10 {
				t.Fatalf("only %d attempts in 23 hours", attempts)
			}
			h.clock.Advance(time.Hour + time.Minute)
			h.flushWebhooks(t)
			rosa = h.login("rosa", "password-rosa") // the day-long session ended
			hooks = h.do("GET", "/api/webhooks", rosa, nil)
			if !strings.Contains(hooks.raw, `"active":false`) || !strings.Contains(hooks.raw, `"pausedAt":"`) {
				t.Fatalf("after 24 hours: %s", hooks.raw)
			}
			if log := h.hookLog(t, rosa, id); log[0]["status"] != "given_up" {
				t.Fatalf("log %v", log)
			}
			if titles := titlesOf(h.list(rosa)); !slices.Contains(titles, "Webhook paused") {
				t.Fatalf("the owner was not told: %v", titles)
			}
			// Paused: new events do not reach it.
			before := len(rc.requests())
			h.water(t, rosa, basil)
			h.flushWebhooks(t)
			if len(rc.requests()) != before {
				t.Fatal("a paused webhook was called")
			}
			r := h.do("PATCH", "/api/webhooks/"+id, rosa, map[string]any{"active": true})
			expect(t, r, 200, "")
			if r.body["pausedAt"] != nil || r.body["failingSince"] != nil || r.body["active"] != true {
				t.Fatalf("turned on again: %v", r.body)
			}
		})
	}
}

// TestWebhooks_PrivateTargetsRefused: without GARDEN_WEBHOOK_ALLOW_PRIVATE_HOSTS a loopback or
// private URL is refused when saved, and a webhook whose host points there later (DNS changes)
// is refused at delivery, after DNS, without reaching it; on both databases.
func TestWebhooks_PrivateTargetsRefused(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres, webhooks: &webhookOptions{}})
			rc := newReceiver(t, nil)
			rosa := h.gardener("rosa")
			for _, u := range []string{rc.srv.URL, "http://localhost:8123/api/webhook/x", "http://10.1.2.3/hook", "http://[::1]:80/", "http://169.254.169.254/latest"} {
				expect(t, h.do("POST", "/api/webhooks", rosa, map[string]any{"url": u, "events": []string{"plant.watered"}}), 400, domain.MsgWebhookPrivateTarget)
			}
			// Saved while its name was public; it resolves to loopback now.
			u, err := h.store.UserByUsername(context.Background(), "rosa")
			if err != nil {
				t.Fatal(err)
			}
			hook := &domain.Webhook{OwnerID: u.ID, URL: rc.srv.URL, Events: []string{domain.EventPlantWatered}, Secret: strings.Repeat("s", 32),
				Active: true, CreatedAt: h.clock.Now(), UpdatedAt: h.clock.Now()}
			if err := h.sql.CreateWebhook(context.Background(), hook); err != nil {
				t.Fatal(err)
			}
			h.water(t, rosa, h.plant(rosa, "Basil"))
			h.flushWebhooks(t)
			if n := len(rc.requests()); n != 0 {
				t.Fatalf("a private address was reached %d times", n)
			}
			log := h.hookLog(t, rosa, fmt.Sprint(hook.ID))
			if len(log) != 1 || log[0]["status"] != "failed" || log[0]["error"] != domain.MsgWebhookPrivateTarget {
				t.Fatalf("log %v", log)
			}
		})
	}
}

// TestWebhooks_NoDeliveryLostWhenTheDispatcherDies: the event's delivery commits with the
// watering; a dispatcher that claimed it and died holds it only for its lease, and the next
// process (a fresh dispatcher over the same database) delivers it once; on both databases.
func TestWebhooks_NoDeliveryLostWhenTheDispatcherDies(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres, webhooks: &webhookOptions{allowPrivate: true}})
			rc := newReceiver(t, nil)
			rosa := h.gardener("rosa")
			id, _ := h.createWebhook(t, rosa, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered"}})
			h.water(t, rosa, h.plant(rosa, "Basil"))
			// The process that committed the watering dies after claiming its delivery.
			now := h.clock.Now()
			claimed, err := h.sql.ClaimDeliveries(context.Background(), app.ChannelWebhook, "dead-replica", now, now.Add(2*time.Minute), 10)
			if err != nil || len(claimed) != 1 {
				t.Fatalf("claimed %d, %v", len(claimed), err)
			}
			// The next process: its own notifications, dispatcher and webhooks over the same database.
			quietLog := slog.New(slog.NewTextHandler(io.Discard, nil))
			next := newNotifyFixture(h.store, h.sql, h.clock, quietLog)
			app.NewWebhooks(h.sql, next.svc, webhook.New(webhook.Config{AllowPrivateHosts: true}), h.clock, app.WebhooksConfig{}, quietLog)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if err := next.svc.Wait(ctx); err != nil || len(rc.requests()) != 0 {
				t.Fatalf("delivered under another's lease: %d, %v", len(rc.requests()), err)
			}
			h.clock.Advance(2*time.Minute + time.Second)
			if err := next.svc.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			if err := next.svc.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			if n := len(rc.requests()); n != 1 {
				t.Fatalf("%d deliveries after the lease, want 1", n)
			}
			if log := h.hookLog(t, rosa, id); log[0]["status"] != "delivered" || log[0]["attempts"] != float64(2) {
				t.Fatalf("log %v", log)
			}
		})
	}
}

// TestWebhooks_Statements: a watering heard by 3 or by 15 webhooks sends the same number of
// statements (the match, the deliveries and their outbox rows, one statement each), and so do
// the list and the log with 5 or 50 entries; on both databases.
func TestWebhooks_Statements(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			counts := map[int][3]int64{}
			for _, n := range []int{3, 15} {
				counter := &sqlstore.StatementCounter{}
				h := newHarness(t, options{open: func(t testing.TB) *sqlstore.Store { return open(t, counter) },
					webhooks: &webhookOptions{allowPrivate: true}})
				rc := newReceiver(t, nil)
				h.user("boss", domain.RoleSuperadmin)
				boss := h.login("boss", "password-boss")
				var id string
				for range n {
					id, _ = h.createWebhook(t, boss, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered"}, "siteWide": true})
				}
				rosa := h.gardener("rosa")
				basil := h.plant(rosa, "Basil")
				before := counter.Count()
				h.water(t, rosa, basil)
				watering := counter.Count() - before
				for range n * 10 / 3 {
					h.water(t, rosa, basil)
				}
				h.flushWebhooks(t)
				before = counter.Count()
				expect(t, h.do("GET", "/api/webhooks", boss, nil), 200, "")
				list := counter.Count() - before
				before = counter.Count()
				if log := h.hookLog(t, boss, id); len(log) != min(1+n*10/3, domain.WebhookLogSize) {
					t.Fatalf("%d webhooks: log of %d", n, len(log))
				}
				counts[n] = [3]int64{watering, list, counter.Count() - before}
			}
			t.Logf("statements (watering, list, log): %v with 3, %v with 15", counts[3], counts[15])
			if counts[3] != counts[15] {
				t.Fatalf("statements with 3 webhooks %v, with 15 %v: a query runs per webhook or entry", counts[3], counts[15])
			}
		})
	}
}

// TestWebhooks_EventsOfTheCommunityAndTasks: a completed watering task emits task.completed and
// plant.watered to its owner, a forum reply forum.reply to the topic's author (not the
// replier), and a listing message listing.message to its recipient.
func TestWebhooks_EventsOfTheCommunityAndTasks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{webhooks: &webhookOptions{allowPrivate: true}})
	all := []string{"task.completed", "plant.watered", "forum.reply", "listing.message"}
	annRC, bobRC := newReceiver(t, nil), newReceiver(t, nil)
	_, super := h.member("root", domain.RoleSuperadmin, nil)
	_, ann := h.member("ann", domain.RoleUser, nil)
	_, bob := h.member("bob", domain.RoleUser, nil)
	h.createWebhook(t, ann, map[string]any{"url": annRC.srv.URL, "events": all})
	h.createWebhook(t, bob, map[string]any{"url": bobRC.srv.URL, "events": all})

	basil := h.plant(ann, "Basil")
	task := h.do("POST", "/api/care-tasks", ann, map[string]any{"plantId": basil, "taskType": "water", "scheduledDate": h.clock.Now().Format(domain.DateLayout)})
	expect(t, task, 201, "")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/care-tasks/%v/complete", task.body["id"]), ann, map[string]any{}), 200, "")

	cat := h.do("POST", "/api/forum/categories", super, map[string]any{"name": "Fruit & Veg", "description": "Growing food"})
	expect(t, cat, 201, "")
	topic := h.do("POST", "/api/forum/topics", ann, map[string]any{"title": "Cold greenhouse tomatoes?", "categoryId": cat.body["id"],
		"content": "<p>Which varieties ripen up north?</p>"})
	expect(t, topic, 201, "")
	expect(t, h.do("POST", fmt.Sprintf("/api/forum/topics/%v/posts", topic.body["id"]), bob, map[string]any{"content": "<p>Stupice.</p>"}), 201, "")

	listing := h.listing(bob, nil)
	expect(t, h.do("POST", fmt.Sprintf("/api/plant-sharing/%d/messages", listing), ann, map[string]any{"message": "Still available?"}), 201, "")
	h.flushWebhooks(t)

	events := func(rc *receiver) []string {
		var out []string
		for _, r := range rc.requests() {
			out = append(out, r.header.Get("X-Garden-Event"))
		}
		slices.Sort(out)
		return out
	}
	if got := events(annRC); !slices.Equal(got, []string{"forum.reply", "plant.watered", "task.completed"}) {
		t.Fatalf("ann's webhook heard %v", got)
	}
	if got := events(bobRC); !slices.Equal(got, []string{"listing.message"}) {
		t.Fatalf("bob's webhook heard %v", got)
	}
}

// BenchmarkWebhooks_Deliver measures how fast the dispatcher drains webhook deliveries to a
// local receiver: each iteration waters a plant heard by 10 webhooks (10 deliveries) and the
// timer covers the flush only. docs/performance.md, "Webhooks".
func BenchmarkWebhooks_Deliver(b *testing.B) {
	for _, db := range dialects {
		b.Run(db.name, func(b *testing.B) {
			h := newHarness(b, options{postgres: db.postgres, quiet: true, webhooks: &webhookOptions{allowPrivate: true}})
			rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				w.WriteHeader(http.StatusNoContent)
			}))
			b.Cleanup(rc.Close)
			_, boss := h.member("boss", domain.RoleSuperadmin, nil)
			for range 10 {
				r := h.do("POST", "/api/webhooks", boss, map[string]any{"url": rc.URL, "events": []string{"plant.watered"}, "siteWide": true})
				if r.status != 201 {
					b.Fatal(r.raw)
				}
			}
			_, rosa := h.member("rosa", domain.RoleUser, nil)
			r := h.do("POST", "/api/plants", rosa, map[string]any{"name": "Basil", "plantType": "Herbs"})
			plant := fmt.Sprint(r.body["id"])
			ctx := context.Background()
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				if w := h.do("POST", "/api/plants/"+plant+"/care", rosa, map[string]any{"kind": "water"}); w.status != 201 {
					b.Fatal(w.raw)
				}
				b.StartTimer()
				if err := h.notify.svc.Wait(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
