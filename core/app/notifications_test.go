package app_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// settableClock is a clock the test moves.
type settableClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *settableClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *settableClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// pushCall is one message a fake push service received.
type pushCall struct {
	sub domain.PushSubscription
	msg domain.PushMessage
}

// fakePush records what it sends; fail decides an endpoint's answer (nil: delivered).
type fakePush struct {
	mu    sync.Mutex
	calls []pushCall
	fail  map[string]error
	panic bool
}

func (f *fakePush) Send(ctx context.Context, sub domain.PushSubscription, msg domain.PushMessage) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.panic {
		panic("push adapter bug")
	}
	if err := f.fail[sub.Endpoint]; err != nil {
		return err
	}
	f.calls = append(f.calls, pushCall{sub, msg})
	return nil
}

func (f *fakePush) sent() []pushCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]pushCall(nil), f.calls...)
}

// fakeMailer records e-mail; hang makes it wait for the context to end.
type fakeMailer struct {
	mu   sync.Mutex
	msgs []domain.EmailMessage
	err  error
	hang bool
}

func (f *fakeMailer) Send(ctx context.Context, m domain.EmailMessage) error {
	f.mu.Lock()
	hang, err := f.hang, f.err
	f.mu.Unlock()
	if hang {
		<-ctx.Done()
		return ctx.Err()
	}
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.msgs = append(f.msgs, m)
	return nil
}

func (f *fakeMailer) sent() []domain.EmailMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]domain.EmailMessage(nil), f.msgs...)
}

type ntfyCall struct {
	target domain.NtfyTarget
	msg    domain.PushMessage
}

type fakeNtfy struct {
	mu    sync.Mutex
	calls []ntfyCall
	err   error
}

func (f *fakeNtfy) Send(ctx context.Context, target domain.NtfyTarget, msg domain.PushMessage) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	f.calls = append(f.calls, ntfyCall{target, msg})
	return nil
}

func (f *fakeNtfy) sent() []ntfyCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]ntfyCall(nil), f.calls...)
}

// notifyEnv is the notification services over a real SQLite store and fake channels.
type notifyEnv struct {
	store    *sqlstore.Store
	clock    *settableClock
	push     *fakePush
	mail     *fakeMailer
	ntfy     *fakeNtfy
	delivery *app.Delivery
	svc      *app.Notifications
	keysMade atomic.Int32
}

func newNotifyEnv(t *testing.T) *notifyEnv {
	t.Helper()
	s := dbtest.SQLite(t)
	e := &notifyEnv{store: s, clock: &settableClock{t: now}, push: &fakePush{fail: map[string]error{}}, mail: &fakeMailer{}, ntfy: &fakeNtfy{}}
	e.delivery = app.NewDelivery(s, e.push, e.mail, e.ntfy, app.DeliveryConfig{BaseURL: "https://garden.example.org/", ChannelTimeout: 300 * time.Millisecond}, quiet)
	vapid := app.NewVAPID(s, domain.VAPIDKeys{}, func() (domain.VAPIDKeys, error) {
		n := e.keysMade.Add(1)
		return domain.VAPIDKeys{PublicKey: fmt.Sprintf("public-%d", n), PrivateKey: fmt.Sprintf("private-%d", n)}, nil
	})
	e.svc = app.NewNotifications(s, s, e.delivery, vapid, e.clock, app.NotificationsConfig{PushDelivery: "webpush", TestsPerHour: 3}, quiet)
	return e
}

var userSeq atomic.Int64

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// user stores an active user with default preferences, then lets change adjust it.
func (e *notifyEnv) user(t *testing.T, role domain.Role, siteID *int64, change func(*domain.User)) *domain.Principal {
	t.Helper()
	name := fmt.Sprintf("gardener%d", userSeq.Add(1))
	u := &domain.User{Username: name, Email: name + "@example.org", FullName: "Full " + name, PasswordHash: "x", Role: role, IsActive: true,
		SiteID: siteID, NotificationsEnabled: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: e.clock.Now()}
	if change != nil {
		change(u)
	}
	if err := e.store.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return &domain.Principal{User: u}
}

func (e *notifyEnv) site(t *testing.T, name string) int64 {
	t.Helper()
	s := &domain.Site{Name: name, Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: now}
	if err := e.store.CreateSite(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// subscription is a well-formed Web Push subscription for endpoint.
func subscription(endpoint string) domain.PushSubscription {
	p256 := make([]byte, 65)
	p256[0] = 4
	return domain.PushSubscription{Endpoint: endpoint, P256dh: base64.RawURLEncoding.EncodeToString(p256), Auth: base64.RawURLEncoding.EncodeToString(make([]byte, 16))}
}

func (e *notifyEnv) device(t *testing.T, p *domain.Principal, endpoint string) *domain.Device {
	t.Helper()
	d, _, err := e.svc.RegisterDevice(context.Background(), p, &domain.Device{Name: "Firefox", Subscription: subscription(endpoint)})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func (e *notifyEnv) wait(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.svc.Wait(ctx); err != nil {
		t.Fatal(err)
	}
}

func i64(v int64) *int64 { return &v }

func TestNotifications_SendAuthorizationAndValidation(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	super := e.user(t, domain.RoleSuperadmin, nil, nil)
	admin := e.user(t, domain.RoleAdmin, nil, nil)
	user := e.user(t, domain.RoleUser, nil, nil)
	ok := func() *domain.Notification {
		return &domain.Notification{Title: "Frost", Content: "Cover the dahlias.", TargetType: domain.TargetGlobal}
	}
	t.Run("ErrSignedOut", func(t *testing.T) {
		_, err := e.svc.Send(ctx, nil, ok())
		wantErr(t, err, domain.EUnauthorized, "")
	})
	for name, p := range map[string]*domain.Principal{"ErrUser": user, "ErrAdmin": admin} {
		t.Run(name, func(t *testing.T) {
			_, err := e.svc.Send(ctx, p, ok())
			wantErr(t, err, domain.EForbidden, "You need superadmin privileges to access this page.")
			_, err = e.svc.AdminList(ctx, p, domain.FirstPage())
			wantErr(t, err, domain.EForbidden, "You need superadmin privileges to access this page.")
			wantErr(t, e.svc.Delete(ctx, p, 1), domain.EForbidden, "")
		})
	}
	cases := map[string]struct {
		n   domain.Notification
		msg string
	}{
		"ErrTitle":       {domain.Notification{Content: "x", TargetType: domain.TargetGlobal}, "Title is required"},
		"ErrContent":     {domain.Notification{Title: "x", TargetType: domain.TargetGlobal}, "Content is required"},
		"ErrTargetType":  {domain.Notification{Title: "x", Content: "x", TargetType: "all"}, "Target type must be global, site or user"},
		"ErrMissingSite": {domain.Notification{Title: "x", Content: "x", TargetType: domain.TargetSite, TargetID: i64(98765)}, "Site not found"},
		"ErrMissingUser": {domain.Notification{Title: "x", Content: "x", TargetType: domain.TargetUser, TargetID: i64(98765)}, "User not found"},
		"ErrNoSite":      {domain.Notification{Title: "x", Content: "x", TargetType: domain.TargetSite}, "Please select a site"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := e.svc.Send(ctx, super, &c.n)
			wantErr(t, err, domain.EInvalid, c.msg)
		})
	}
	t.Run("OK", func(t *testing.T) {
		n, err := e.svc.Send(ctx, super, ok())
		if err != nil {
			t.Fatal(err)
		}
		if n.ID == 0 || n.Kind != domain.KindAdmin || *n.CreatedBy != super.User.ID || !n.CreatedAt.Equal(now) || n.RecipientCount != 3 {
			t.Fatalf("sent %+v", n)
		}
	})
	e.wait(t)
}

func TestNotifications_SiteBroadcastReachesOnlyThatSite(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	north, south := e.site(t, "North"), e.site(t, "South")
	super := e.user(t, domain.RoleSuperadmin, nil, nil)
	a := e.user(t, domain.RoleUser, &north, nil)
	b := e.user(t, domain.RoleUser, &north, func(u *domain.User) { u.IsActive = false })
	c := e.user(t, domain.RoleUser, &south, nil)
	for _, p := range []*domain.Principal{a, b, c} {
		e.device(t, p, "https://push.example/"+p.User.Username)
	}
	sent, err := e.svc.Send(ctx, super, &domain.Notification{Title: "Water cut", Content: "No water on Friday.", TargetType: domain.TargetSite, TargetID: &north,
		Data: map[string]any{"url": "/schedule"}})
	if err != nil {
		t.Fatal(err)
	}
	if sent.RecipientCount != 1 || sent.TargetName != "North" {
		t.Fatalf("sent %+v", sent)
	}
	e.wait(t)
	pushes := e.push.sent()
	if len(pushes) != 1 || pushes[0].sub.Endpoint != "https://push.example/"+a.User.Username || pushes[0].msg.Title != "Water cut" ||
		pushes[0].msg.URL != "/schedule" || pushes[0].msg.NotificationID != sent.ID {
		t.Fatalf("pushes %+v, want one to a", pushes)
	}
	if mails := e.mail.sent(); len(mails) != 1 || mails[0].To != a.User.Email || mails[0].Subject != "Water cut" {
		t.Fatalf("mails %+v", mails)
	}
	for p, want := range map[*domain.Principal]int{a: 1, c: 0, super: 0} {
		list, err := e.svc.List(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != want {
			t.Errorf("%s sees %d notifications, want %d", p.User.Username, len(list), want)
		}
	}
}

func TestNotifications_ReadStateIsPerUser(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	super := e.user(t, domain.RoleSuperadmin, nil, nil)
	a, b := e.user(t, domain.RoleUser, nil, nil), e.user(t, domain.RoleUser, nil, nil)
	sent, err := e.svc.Send(ctx, super, &domain.Notification{Title: "Hello", Content: "Spring is here.", TargetType: domain.TargetGlobal})
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Set(now.Add(time.Minute))
	read, err := e.svc.MarkRead(ctx, a, sent.ID)
	if err != nil || !read.IsRead() || !read.ReadAt.Equal(now.Add(time.Minute)) {
		t.Fatalf("MarkRead = %+v, %v", read, err)
	}
	if n, _ := e.svc.UnreadCount(ctx, a); n != 0 {
		t.Fatalf("a unread %d", n)
	}
	if n, _ := e.svc.UnreadCount(ctx, b); n != 1 {
		t.Fatalf("b unread %d, want 1: a's read must not count for b", n)
	}
	page, err := e.svc.AdminList(ctx, super, domain.FirstPage())
	hist := page.Items
	if err != nil || len(hist) != 1 || hist[0].ReadCount != 1 || hist[0].RecipientCount != 3 || hist[0].IsRead {
		t.Fatalf("history %+v %v", hist, err)
	}
	if n, err := e.svc.MarkAllRead(ctx, b); err != nil || n != 1 {
		t.Fatalf("MarkAllRead = %d, %v", n, err)
	}
	if _, err := e.svc.MarkAllRead(ctx, super); err != nil {
		t.Fatal(err)
	}
	page, _ = e.svc.AdminList(ctx, super, domain.FirstPage())
	hist = page.Items
	if !hist[0].IsRead || hist[0].ReadCount != 3 {
		t.Fatalf("after everyone read: %+v", hist[0])
	}
	_, err = e.svc.MarkRead(ctx, a, 98765)
	wantErr(t, err, domain.ENotFound, "Notification not found")
	// Deleting removes it for everyone, read state included.
	if err := e.svc.Delete(ctx, super, sent.ID); err != nil {
		t.Fatal(err)
	}
	wantErr(t, e.svc.Delete(ctx, super, sent.ID), domain.ENotFound, "Notification not found")
	if list, _ := e.svc.List(ctx, a); len(list) != 0 {
		t.Fatal("a deleted notification is still listed")
	}
	e.wait(t)
}

func TestNotifications_SendTest(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	e.device(t, u, "https://push.example/u")
	sent, err := e.svc.SendTest(ctx, u, "forum_reply")
	if err != nil {
		t.Fatal(err)
	}
	r := sent.Report
	if !r.InApp || r.Push.Status != app.DeliverySent || r.Push.Sent != 1 || r.Email.Status != app.DeliverySent || r.Ntfy.Status != app.DeliverySkipped {
		t.Fatalf("report %+v", r)
	}
	if sent.Notification.Data["type"] != "forum_reply" || *sent.Notification.TargetID != u.User.ID {
		t.Fatalf("notification %+v", sent.Notification)
	}
	_, err = e.svc.SendTest(ctx, u, "weather")
	wantErr(t, err, domain.EInvalid, domain.MsgNotificationTestType)
	_, err = e.svc.SendTest(ctx, nil, "care_task")
	wantErr(t, err, domain.EUnauthorized, "")
	for i := 0; i < 2; i++ {
		if _, err := e.svc.SendTest(ctx, u, "care_task"); err != nil {
			t.Fatal(err)
		}
	}
	_, err = e.svc.SendTest(ctx, u, "care_task")
	wantErr(t, err, domain.ERateLimited, domain.MsgTooManyTestNotifications)
	e.clock.Set(now.Add(61 * time.Minute))
	if _, err := e.svc.SendTest(ctx, u, "care_task"); err != nil {
		t.Fatalf("after an hour: %v", err)
	}
}

func TestNotifications_Devices(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	a, b := e.user(t, domain.RoleUser, nil, nil), e.user(t, domain.RoleUser, nil, nil)
	d, created, err := e.svc.RegisterDevice(ctx, a, &domain.Device{PlayerID: "https://push.example/x", Name: "Phone", Subscription: subscription("https://push.example/x")})
	if err != nil || !created || d.UserID != a.User.ID {
		t.Fatalf("register: %+v %v %v", d, created, err)
	}
	_, created, err = e.svc.RegisterDevice(ctx, a, &domain.Device{Name: "Phone again", Subscription: subscription("https://push.example/x")})
	if err != nil || created {
		t.Fatalf("re-register: created=%v %v", created, err)
	}
	_, _, err = e.svc.RegisterDevice(ctx, a, &domain.Device{})
	wantErr(t, err, domain.EInvalid, domain.MsgDevicePlayerIDRequired)
	wantErr(t, e.svc.RemoveDevice(ctx, b, d.ID), domain.ENotFound, "Device not found")
	if list, _ := e.svc.Devices(ctx, a); len(list) != 1 || list[0].Name != "Phone again" {
		t.Fatalf("devices %+v", list)
	}
	if err := e.svc.RemoveDeviceByPlayerID(ctx, a, "https://push.example/x"); err != nil {
		t.Fatal(err)
	}
	if list, _ := e.svc.Devices(ctx, a); len(list) != 0 {
		t.Fatalf("devices left %+v", list)
	}
}

func TestNotifications_Channels(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	c, err := e.svc.SetChannels(ctx, u, domain.NotificationChannels{NtfyServer: "https://ntfy.example/", NtfyTopic: "beds"})
	if err != nil || c.NtfyServer != "https://ntfy.example" {
		t.Fatalf("%+v %v", c, err)
	}
	_, err = e.svc.SetChannels(ctx, u, domain.NotificationChannels{NtfyServer: "gopher://x", NtfyTopic: "beds"})
	wantErr(t, err, domain.EInvalid, "Please enter a valid URL")
	got, _ := e.svc.Channels(ctx, u)
	if got.NtfyTopic != "beds" {
		t.Fatalf("a refused change was saved: %+v", got)
	}
	sent, err := e.svc.SendTest(ctx, u, "care_task")
	if err != nil || sent.Report.Ntfy.Status != app.DeliverySent {
		t.Fatalf("%+v %v", sent, err)
	}
	calls := e.ntfy.sent()
	if len(calls) != 1 || calls[0].target.Server != "https://ntfy.example" || calls[0].target.Topic != "beds" || calls[0].msg.URL != "https://garden.example.org/schedule" {
		t.Fatalf("ntfy %+v", calls)
	}
}

func TestVAPID_GeneratedOnceAndShared(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	k1, err := e.svc.VAPIDPublicKey(ctx, u)
	if err != nil || k1.PublicKey != "public-1" || k1.Delivery != "webpush" {
		t.Fatalf("%+v %v", k1, err)
	}
	k2, _ := e.svc.VAPIDPublicKey(ctx, u)
	if k2.PublicKey != "public-1" || e.keysMade.Load() != 1 {
		t.Fatalf("second call %+v after %d generations", k2, e.keysMade.Load())
	}
	// Replicas starting together: each generates, the first stored pair wins everywhere.
	var wg sync.WaitGroup
	got := make(chan string, 5)
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			v := app.NewVAPID(e.store, domain.VAPIDKeys{}, func() (domain.VAPIDKeys, error) {
				return domain.VAPIDKeys{PublicKey: fmt.Sprintf("replica-%d", i), PrivateKey: "p"}, nil
			})
			k, err := v.Keys(ctx)
			if err != nil {
				t.Error(err)
			}
			got <- k.PublicKey
		}(i)
	}
	wg.Wait()
	close(got)
	for k := range got {
		if k != "public-1" {
			t.Fatalf("a replica uses %q", k)
		}
	}
	configured := app.NewVAPID(e.store, domain.VAPIDKeys{PublicKey: "conf", PrivateKey: "conf-p"}, nil)
	if k, _ := configured.Keys(ctx); k.PublicKey != "conf" {
		t.Fatalf("configured keys ignored: %+v", k)
	}
	failing := app.NewVAPID(dbtest.SQLite(t), domain.VAPIDKeys{}, func() (domain.VAPIDKeys, error) { return domain.VAPIDKeys{}, errors.New("no entropy") })
	if _, err := failing.Keys(ctx); err == nil {
		t.Fatal("a generator error was swallowed")
	}
	_, err = e.svc.VAPIDPublicKey(ctx, nil)
	wantErr(t, err, domain.EUnauthorized, "")
}

func TestNotifications_TestAsOperatorAndPrune(t *testing.T) {
	t.Parallel()
	e := newNotifyEnv(t)
	ctx := context.Background()
	u := e.user(t, domain.RoleUser, nil, nil)
	e.device(t, u, "https://push.example/op")
	got, sent, err := e.svc.TestAsOperator(ctx, u.User.Username, "", "")
	if err != nil || got.ID != u.User.ID || sent.Report.Push.Sent != 1 || sent.Notification.Title != "Test notification" {
		t.Fatalf("%+v %+v %v", got, sent, err)
	}
	_, _, err = e.svc.TestAsOperator(ctx, "nobody", "", "")
	wantErr(t, err, domain.ENotFound, "User not found")
	// Pruning with the retention: nothing is old yet.
	n, err := e.svc.Prune(ctx)
	if err != nil || n != 0 {
		t.Fatalf("prune %d %v", n, err)
	}
}
