package jobs_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gosmtp "github.com/emersion/go-smtp"

	"github.com/gardenctl/garden/adapters/ntfy"
	"github.com/gardenctl/garden/adapters/push"
	"github.com/gardenctl/garden/adapters/smtp"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
	"github.com/gardenctl/garden/tests/dbtest"
)

// ---- local peers: a push service, an SMTP server and an ntfy server on loopback

// pushPeer is a local Web Push service: it accepts every encrypted message with 201 and
// counts them per endpoint.
type pushPeer struct {
	srv *httptest.Server
	mu  sync.Mutex
	got map[string]int
}

func newPushPeer(t *testing.T) *pushPeer {
	p := &pushPeer{got: map[string]int{}}
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Content-Encoding") != "aes128gcm" || !strings.HasPrefix(r.Header.Get("Authorization"), "vapid ") {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		p.mu.Lock()
		p.got[r.URL.Path]++
		p.mu.Unlock()
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *pushPeer) total() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, k := range p.got {
		n += k
	}
	return n
}

// subscribe is a browser's subscription to the peer, with real keys.
func (p *pushPeer) subscribe(t *testing.T, name string) domain.PushSubscription {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return domain.PushSubscription{Endpoint: p.srv.URL + "/wpush/" + name, P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Auth: base64.RawURLEncoding.EncodeToString(auth)}
}

// smtpPeer is a local SMTP server (emersion/go-smtp) that records the subject of each message.
type smtpPeer struct {
	srv      *gosmtp.Server
	addr     string
	mu       sync.Mutex
	subjects []string
}

type smtpSession struct{ p *smtpPeer }

func (smtpSession) Mail(string, *gosmtp.MailOptions) error { return nil }
func (smtpSession) Rcpt(string, *gosmtp.RcptOptions) error { return nil }
func (x smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	subject := ""
	for _, line := range strings.Split(string(b), "\r\n") {
		if s, ok := strings.CutPrefix(line, "Subject: "); ok {
			subject = s
			break
		}
	}
	x.p.mu.Lock()
	x.p.subjects = append(x.p.subjects, subject)
	x.p.mu.Unlock()
	return nil
}
func (smtpSession) Reset()        {}
func (smtpSession) Logout() error { return nil }

func newSMTPPeer(t *testing.T) *smtpPeer {
	p := &smtpPeer{}
	p.srv = gosmtp.NewServer(gosmtp.BackendFunc(func(*gosmtp.Conn) (gosmtp.Session, error) { return smtpSession{p}, nil }))
	p.srv.Domain = "mail.test"
	p.srv.ReadTimeout, p.srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	go func() { _ = p.srv.Serve(ln) }()
	t.Cleanup(func() { p.srv.Close() })
	return p
}

func (p *smtpPeer) received() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.subjects...)
}

// ntfyPeer is a local ntfy server: it records each message's body, or answers status, or
// hangs until the test ends; it counts requests in flight and the connections it accepted.
type ntfyPeer struct {
	srv    *httptest.Server
	mu     sync.Mutex
	bodies []string
	status int
	hang   chan struct{}

	inFlight, maxInFlight, conns, requests atomic.Int64
}

func newNtfyPeer(t *testing.T) *ntfyPeer {
	p := &ntfyPeer{}
	p.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.requests.Add(1)
		n := p.inFlight.Add(1)
		defer p.inFlight.Add(-1)
		for m := p.maxInFlight.Load(); n > m && !p.maxInFlight.CompareAndSwap(m, n); m = p.maxInFlight.Load() {
		}
		p.mu.Lock()
		hang, status := p.hang, p.status
		p.mu.Unlock()
		if hang != nil {
			select {
			case <-hang:
			case <-r.Context().Done():
			}
			return
		}
		body, _ := io.ReadAll(r.Body)
		if status != 0 {
			w.WriteHeader(status)
			return
		}
		p.mu.Lock()
		p.bodies = append(p.bodies, string(body))
		p.mu.Unlock()
		_, _ = io.WriteString(w, `{"id":"x"}`)
	}))
	p.srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			p.conns.Add(1)
		}
	}
	p.srv.Start()
	t.Cleanup(func() {
		p.mu.Lock()
		if p.hang != nil {
			close(p.hang)
			p.hang = nil
		}
		p.mu.Unlock()
		p.srv.Close()
	})
	return p
}

func (p *ntfyPeer) set(status int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.status = status
}

func (p *ntfyPeer) received() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.bodies...)
}

type peers struct {
	push *pushPeer
	mail *smtpPeer
	ntfy *ntfyPeer
	keys domain.VAPIDKeys
}

func newPeers(t *testing.T) *peers {
	keys, err := push.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	return &peers{push: newPushPeer(t), mail: newSMTPPeer(t), ntfy: newNtfyPeer(t), keys: keys}
}

// ---- one process of Garden: a store, the real delivery adapters and the notification service

type node struct {
	store *sqlstore.Store
	svc   *app.Notifications
}

func newNode(t *testing.T, store *sqlstore.Store, p *peers, clock *fixedClock, cfg app.DispatcherConfig, timeout time.Duration) *node {
	t.Helper()
	vapid := app.NewVAPID(store, p.keys, nil)
	sender, err := push.NewWebPush(push.Config{Keys: vapid.Keys, Subject: "mailto:ops@garden.example.org", HTTPClient: p.push.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	mailer, err := smtp.New(smtp.Config{URL: "smtp://" + p.mail.addr + "?from=garden%40example.org", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	delivery := app.NewDelivery(store, sender, mailer, ntfy.New(ntfy.Config{AllowPrivateHosts: true}),
		app.DeliveryConfig{BaseURL: "https://garden.example.org", ChannelTimeout: timeout}, quiet)
	return &node{store: store, svc: app.NewNotifications(store, store, delivery, vapid, clock, app.NotificationsConfig{Dispatch: cfg}, quiet)}
}

// recipient stores an active user who wants push (one browser on the push peer), e-mail and
// ntfy (a topic on the ntfy peer); channels limits them when not empty.
func recipient(t *testing.T, s *sqlstore.Store, p *peers, name string, channels ...string) *domain.User {
	t.Helper()
	ctx := context.Background()
	want := func(ch string) bool { return len(channels) == 0 || strings.Contains(strings.Join(channels, ","), ch) }
	yes, no := true, false
	prefs := domain.DefaultNotificationPreferences()
	prefs.Email, prefs.Push = want("email"), &no
	if want("push") {
		prefs.Push = &yes
	}
	u := &domain.User{Username: name, Email: name + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
		NotificationsEnabled: true, NotificationPrefs: prefs, CreatedAt: morning}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub := p.push.subscribe(t, name)
	if _, err := s.SaveDevice(ctx, &domain.Device{UserID: u.ID, PlayerID: sub.Endpoint, Subscription: sub, UpdatedAt: morning}, 10); err != nil {
		t.Fatal(err)
	}
	if want("ntfy") {
		if err := s.SaveNotificationChannels(ctx, u.ID, domain.NotificationChannels{NtfyServer: p.ntfy.srv.URL, NtfyTopic: "beds-" + name,
			UpdatedAt: morning}); err != nil {
			t.Fatal(err)
		}
	}
	return u
}

// notes sends n notifications to u through the Notifier, the way a feature does.
func notes(t *testing.T, x *app.Notifier, u *domain.User, n int) []app.Note {
	t.Helper()
	out := make([]app.Note, n)
	for i := range out {
		id := u.ID
		out[i] = app.Note{Notification: &domain.Notification{Kind: domain.KindAdmin, Title: fmt.Sprintf("Message %03d", i),
			Content: fmt.Sprintf("Body %03d", i), TargetType: domain.TargetUser, TargetID: &id}}
	}
	stored, err := x.Send(context.Background(), out)
	if err != nil || len(stored) != n {
		t.Fatalf("stored %d of %d: %v", len(stored), n, err)
	}
	return stored
}

// outboxDialects opens, per dialect, a migrated database and a function that opens it again
// (another process on the same database).
func outboxDialects(t *testing.T, f func(t *testing.T, first *sqlstore.Store, reopen func() *sqlstore.Store)) {
	open := func(t *testing.T, url string) func() *sqlstore.Store {
		return func() *sqlstore.Store { return dbtest.Open(t, url) }
	}
	t.Run("SQLite", func(t *testing.T) {
		t.Parallel()
		reopen := open(t, "sqlite:"+filepath.Join(t.TempDir(), "garden.db"))
		f(t, dbtest.Migrated(t, reopen()), reopen)
	})
	t.Run("Postgres", func(t *testing.T) {
		t.Parallel()
		reopen := open(t, dbtest.PostgresURL(t))
		f(t, dbtest.Migrated(t, reopen()), reopen)
	})
}

// eventually polls cond until it holds or ten seconds pass.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 10s: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startWorker runs n's dispatcher in a job runner, as `gardenctl serve` does, until the test
// ends.
func startWorker(t *testing.T, n *node, clock *fixedClock) *jobs.Runner {
	t.Helper()
	r, err := jobs.NewRunner(n.store, n.store.JobLocker(), clock, quiet)
	if err != nil {
		t.Fatal(err)
	}
	r.AddWorker(jobs.OutboxDispatchJob{Dispatcher: n.svc.Dispatcher()})
	if err := r.Start(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Shutdown() })
	return r
}

// TestOutbox_DeliveredAfterRestart: a notification is sent from the console and the process
// stops before anything is delivered (and another process dies holding a lease on an ntfy
// delivery). A fresh process on the same database delivers every one to the real push, SMTP
// and ntfy peers, the leased one once its lease has passed.
func TestOutbox_DeliveredAfterRestart(t *testing.T) {
	t.Parallel()
	outboxDialects(t, func(t *testing.T, first *sqlstore.Store, reopen func() *sqlstore.Store) {
		ctx := context.Background()
		p := newPeers(t)
		clock := &fixedClock{t: morning}
		before := newNode(t, first, p, clock, app.DispatcherConfig{}, 5*time.Second)
		rosa := recipient(t, first, p, "rosa")
		tom := recipient(t, first, p, "tom", "ntfy")
		root := &domain.User{Username: "root", PasswordHash: "x", Role: domain.RoleSuperadmin, IsActive: true, CreatedAt: morning}
		if err := first.CreateUser(ctx, root); err != nil {
			t.Fatal(err)
		}
		rosaID := rosa.ID
		sent, err := before.svc.Send(ctx, &domain.Principal{User: root}, &domain.Notification{Title: "Frost tonight", Content: "Cover the dahlias.",
			TargetType: domain.TargetUser, TargetID: &rosaID})
		if err != nil {
			t.Fatal(err)
		}
		notes(t, before.svc.Notifier(), tom, 1)
		// A process that claimed tom's delivery dies with it.
		lease := before.svc.Dispatcher().Config().Lease
		if claimed, err := first.ClaimDeliveries(ctx, "ntfy", "dead-process", morning, morning.Add(lease), 10); err != nil || len(claimed) != 2 {
			t.Fatalf("claimed %d: %v", len(claimed), err)
		}
		// Stop: nothing was delivered.
		if err := first.Close(); err != nil {
			t.Fatal(err)
		}
		if p.push.total() != 0 || len(p.mail.received()) != 0 || len(p.ntfy.received()) != 0 {
			t.Fatal("delivered before the restart")
		}

		after := newNode(t, reopen(), p, clock, app.DispatcherConfig{Every: 20 * time.Millisecond}, 5*time.Second)
		startWorker(t, after, clock)
		eventually(t, "push and e-mail delivered after the restart", func() bool {
			return p.push.total() == 1 && len(p.mail.received()) == 1
		})
		if subjects := p.mail.received(); subjects[0] != "Frost tonight" {
			t.Fatalf("mail %q", subjects)
		}
		// The ntfy deliveries are the dead process's until its lease passes.
		if got := p.ntfy.received(); len(got) != 0 {
			t.Fatalf("ntfy delivered under another's lease: %q", got)
		}
		clock.Set(morning.Add(lease))
		after.svc.Dispatcher().Nudge()
		eventually(t, "ntfy delivered once the dead process's lease passed", func() bool {
			depth, err := after.store.OutboxDepth(ctx)
			return len(p.ntfy.received()) == 2 && err == nil && len(depth) == 0
		})
		counts, err := after.store.OutboxCounts(ctx, sent.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range []string{"push", "email", "ntfy"} {
			if counts[ch][domain.OutboxDelivered] != 1 || len(counts[ch]) != 1 {
				t.Fatalf("%s: %v", ch, counts)
			}
		}
	})
}

// TestOutbox_TwoDispatchersDeliverOnce: two replicas on one PostgreSQL database drain the same
// outbox at once; each of 200 messages reaches each peer exactly once.
func TestOutbox_TwoDispatchersDeliverOnce(t *testing.T) {
	t.Parallel()
	url := dbtest.PostgresURL(t)
	p := newPeers(t)
	clock := &fixedClock{t: morning}
	a := newNode(t, dbtest.Migrated(t, dbtest.Open(t, url)), p, clock, app.DispatcherConfig{}, 5*time.Second)
	b := newNode(t, dbtest.Open(t, url), p, clock, app.DispatcherConfig{}, 5*time.Second)
	u := recipient(t, a.store, p, "rosa", "email", "ntfy")
	notes(t, a.svc.Notifier(), u, 200)

	var wg sync.WaitGroup
	for _, n := range []*node{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := n.svc.Wait(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for name, got := range map[string][]string{"ntfy": p.ntfy.received(), "email": p.mail.received()} {
		seen := map[string]int{}
		for _, s := range got {
			seen[s]++
		}
		if len(got) != 200 || len(seen) != 200 {
			t.Fatalf("%s: %d messages, %d distinct; want 200 once each", name, len(got), len(seen))
		}
	}
	depth, err := a.store.OutboxDepth(context.Background())
	if err != nil || len(depth) != 0 {
		t.Fatalf("still pending: %+v %v", depth, err)
	}
}

// TestOutbox_RetriesThenGivesUp: with the clock pinned, a peer that answers 503 is tried again
// after 30 s, then 60 s, and given up after the third attempt; a peer that recovers gets its
// message on the next attempt; a refusal (400) is not tried again.
func TestOutbox_RetriesThenGivesUp(t *testing.T) {
	t.Parallel()
	outboxDialects(t, func(t *testing.T, s *sqlstore.Store, _ func() *sqlstore.Store) {
		ctx := context.Background()
		p := newPeers(t)
		clock := &fixedClock{t: morning}
		n := newNode(t, s, p, clock, app.DispatcherConfig{MaxAttempts: 3, Backoff: 30 * time.Second}, 5*time.Second)
		u := recipient(t, s, p, "rosa", "ntfy")
		tries := &p.ntfy.requests
		flush := func() {
			t.Helper()
			if err := n.svc.Wait(ctx); err != nil {
				t.Fatal(err)
			}
		}
		status := func(id int64) map[string]int {
			t.Helper()
			c, err := s.OutboxCounts(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return c["ntfy"]
		}

		p.ntfy.set(http.StatusServiceUnavailable)
		doomed := notes(t, n.svc.Notifier(), u, 1)[0].Notification.ID
		for _, step := range []struct {
			at    time.Duration
			tries int64
			state string
		}{
			{0, 1, domain.OutboxPending},                // failed: next attempt at +30s
			{29 * time.Second, 1, domain.OutboxPending}, // not due yet
			{30 * time.Second, 2, domain.OutboxPending}, // failed again: next at +90s
			{89 * time.Second, 2, domain.OutboxPending}, // not due yet
			{90 * time.Second, 3, domain.OutboxGivenUp}, // the third failure gives up
			{48 * time.Hour, 3, domain.OutboxGivenUp},   // and nothing tries it again
		} {
			clock.Set(morning.Add(step.at))
			flush()
			if got := tries.Load(); got != step.tries || status(doomed)[step.state] != 1 {
				t.Fatalf("at +%v: %d tries, states %v; want %d, %s", step.at, got, status(doomed), step.tries, step.state)
			}
		}

		// A peer that comes back gets the message on the next attempt.
		clock.Set(morning.Add(72 * time.Hour))
		tries.Store(0)
		recovers := notes(t, n.svc.Notifier(), u, 1)[0].Notification.ID
		flush()
		p.ntfy.set(0)
		clock.Set(morning.Add(72*time.Hour + 30*time.Second))
		flush()
		if tries.Load() != 2 || status(recovers)[domain.OutboxDelivered] != 1 || len(p.ntfy.received()) != 1 {
			t.Fatalf("recovering peer: %d tries, %v, %d received", tries.Load(), status(recovers), len(p.ntfy.received()))
		}

		// A refusal is final.
		tries.Store(0)
		p.ntfy.set(http.StatusBadRequest)
		refused := notes(t, n.svc.Notifier(), u, 1)[0].Notification.ID
		flush()
		clock.Set(morning.Add(80 * time.Hour))
		flush()
		if tries.Load() != 1 || status(refused)[domain.OutboxFailed] != 1 {
			t.Fatalf("refused: %d tries, %v", tries.Load(), status(refused))
		}
	})
}

// TestOutbox_BoundedInFlight: an ntfy peer that never answers and 500 queued deliveries. The
// dispatcher has at most 8 requests (and connections) open to it, whatever it is nudged; the
// rest wait in the outbox, and a shutdown hands the 8 back without counting an attempt.
func TestOutbox_BoundedInFlight(t *testing.T) {
	t.Parallel()
	outboxDialects(t, func(t *testing.T, s *sqlstore.Store, _ func() *sqlstore.Store) {
		ctx := context.Background()
		p := newPeers(t)
		p.ntfy.mu.Lock()
		p.ntfy.hang = make(chan struct{})
		p.ntfy.mu.Unlock()
		clock := &fixedClock{t: morning}
		n := newNode(t, s, p, clock, app.DispatcherConfig{InFlight: 8, Every: 10 * time.Millisecond, DrainTimeout: 100 * time.Millisecond}, time.Minute)
		u := recipient(t, s, p, "rosa", "ntfy")
		notes(t, n.svc.Notifier(), u, 500)

		r := startWorker(t, n, clock)
		eventually(t, "8 requests in flight", func() bool { return p.ntfy.inFlight.Load() == 8 })
		for range 50 {
			n.svc.Dispatcher().Nudge()
			time.Sleep(2 * time.Millisecond)
		}
		if max, conns := p.ntfy.maxInFlight.Load(), p.ntfy.conns.Load(); max != 8 || conns != 8 {
			t.Fatalf("%d requests at once on %d connections, want at most 8", max, conns)
		}
		if got := n.svc.Dispatcher().InFlight()["ntfy"]; got != 8 {
			t.Fatalf("%d deliveries in flight", got)
		}
		if err := r.Shutdown(); err != nil {
			t.Fatal(err)
		}
		// Every delivery waits for the next run; the 8 stopped ones did not use an attempt.
		var pending, attempts int
		if err := s.SQLDB().QueryRowContext(ctx, `SELECT count(*), coalesce(sum(attempts), 0) FROM outbox
			WHERE status = 'pending' AND claimed_by = ''`).Scan(&pending, &attempts); err != nil {
			t.Fatal(err)
		}
		if pending != 500 || attempts != 0 {
			t.Fatalf("after shutdown: %d pending and released, %d attempts counted", pending, attempts)
		}
	})
}

// TestOutbox_BacklogFlowsBetweenTicks: a backlog larger than the in-flight bound is delivered
// as slots free, not one batch per tick (the tick here is an hour away).
func TestOutbox_BacklogFlowsBetweenTicks(t *testing.T) {
	t.Parallel()
	outboxDialects(t, func(t *testing.T, s *sqlstore.Store, _ func() *sqlstore.Store) {
		p := newPeers(t)
		clock := &fixedClock{t: morning}
		n := newNode(t, s, p, clock, app.DispatcherConfig{InFlight: 2, Every: time.Hour}, 5*time.Second)
		u := recipient(t, s, p, "rosa", "ntfy")
		startWorker(t, n, clock)
		notes(t, n.svc.Notifier(), u, 50) // the commit nudges the dispatcher once
		eventually(t, "50 messages delivered two at a time", func() bool { return len(p.ntfy.received()) == 50 })
		if max := p.ntfy.maxInFlight.Load(); max > 2 {
			t.Fatalf("%d requests at once, bound 2", max)
		}
	})
}

// TestOutbox_PushSkipsDevicesOfEndedSignIns: a device registered by a session that has expired
// gets no push (issue #22 item 7), although its row stays until the daily cleanup; the
// recipient's current browser gets it.
func TestOutbox_PushSkipsDevicesOfEndedSignIns(t *testing.T) {
	t.Parallel()
	outboxDialects(t, func(t *testing.T, store *sqlstore.Store, _ func() *sqlstore.Store) {
		ctx := context.Background()
		p := newPeers(t)
		clock := &fixedClock{t: morning}
		n := newNode(t, store, p, clock, app.DispatcherConfig{Every: 20 * time.Millisecond}, 5*time.Second)
		rosa := recipient(t, store, p, "rosa", "push")
		ended := morning.Add(-time.Hour)
		old := p.push.subscribe(t, "shared-browser")
		if _, err := store.SaveDevice(ctx, &domain.Device{UserID: rosa.ID, PlayerID: old.Endpoint, Subscription: old,
			ExpiresAt: &ended, UpdatedAt: morning.Add(-48 * time.Hour)}, 10); err != nil {
			t.Fatal(err)
		}
		notes(t, n.svc.Notifier(), rosa, 1)
		startWorker(t, n, clock)
		eventually(t, "the push delivered and recorded", func() bool {
			depth, err := store.OutboxDepth(ctx)
			return p.push.total() >= 1 && err == nil && len(depth) == 0
		})
		p.push.mu.Lock()
		defer p.push.mu.Unlock()
		if p.push.got["/wpush/rosa"] != 1 || p.push.got["/wpush/shared-browser"] != 0 {
			t.Fatalf("pushes per browser: %v; want the current one only", p.push.got)
		}
	})
}
