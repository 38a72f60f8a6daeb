package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// NotificationsConfig tunes the notifications service.
type NotificationsConfig struct {
	// ListLimit is how many notifications the bell dropdown gets, newest first (default 200).
	ListLimit int
	// TestsPerHour bounds the test notifications one user may send themself (default 10).
	TestsPerHour int
	// Retention is how long notifications are kept; 0 keeps them for ever.
	Retention time.Duration
	// Dispatch tunes the outbox dispatcher.
	Dispatch DispatcherConfig
	// PushDelivery names the push adapter in use ("webpush" or "log"), for the web app.
	PushDelivery string
}

// NotificationUsers is what Notifications reads beside ports.NotifyStore: the users it targets
// and their sites.
type NotificationUsers interface {
	ports.UserStore
	// ports.SiteStore's:
	SiteByID(ctx context.Context, id int64) (*domain.Site, error)
}

// Notifications is the bell dropdown, the superadmin's console and test notifications. It owns
// the Notifier every feature notifies through and the outbox dispatcher that delivers to the
// channels beyond the app.
type Notifications struct {
	store      NotificationUsers
	notify     ports.NotifyStore
	delivery   *Delivery
	notifier   *Notifier
	dispatcher *Dispatcher
	vapid      *VAPID
	clock      ports.Clock
	cfg        NotificationsConfig
	log        *slog.Logger
}

// Notifier returns the Notifier of every feature (nil on a nil service: nothing is sent).
func (s *Notifications) Notifier() *Notifier {
	if s == nil {
		return nil
	}
	return s.notifier
}

// Dispatcher returns the outbox dispatcher, for the job runner.
func (s *Notifications) Dispatcher() *Dispatcher { return s.dispatcher }

// DeliveryStats returns what the delivery channels did since start, keyed "<channel>_<outcome>"
// (push_sent, email_failed …), for the metrics endpoint.
func (s *Notifications) DeliveryStats() map[string]int { return s.delivery.Stats() }

// NewNotifications builds the notifications service.
func NewNotifications(store NotificationUsers, notify ports.NotifyStore, delivery *Delivery, vapid *VAPID, clock ports.Clock, cfg NotificationsConfig, log *slog.Logger) *Notifications {
	if cfg.ListLimit <= 0 {
		cfg.ListLimit = 200
	}
	if cfg.TestsPerHour <= 0 {
		cfg.TestsPerHour = 10
	}
	if log == nil {
		log = slog.Default()
	}
	if delivery == nil {
		delivery = NewDelivery(notify, nil, nil, nil, DeliveryConfig{}, log)
	}
	dispatcher := NewDispatcher(notify, store, delivery, clock, cfg.Dispatch, log)
	return &Notifications{store: store, notify: notify, delivery: delivery, dispatcher: dispatcher,
		notifier: NewNotifier(store, notify, dispatcher, clock, log), vapid: vapid, clock: clock, cfg: cfg, log: log}
}

func notificationNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgNotificationNotFound)
	}
	return err
}

// List returns the notifications reaching the caller, newest first, with their read state.
func (s *Notifications) List(ctx context.Context, p *domain.Principal) ([]*domain.UserNotification, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	return s.notify.ListUserNotifications(ctx, domain.AudienceOf(p.User), s.cfg.ListLimit)
}

// UnreadCount returns how many notifications reaching the caller are unread.
func (s *Notifications) UnreadCount(ctx context.Context, p *domain.Principal) (int, error) {
	if err := signedIn(p); err != nil {
		return 0, err
	}
	return s.notify.CountUnreadNotifications(ctx, domain.AudienceOf(p.User))
}

// MarkRead marks one notification read for the caller only. A notification that does not reach
// the caller is not found.
func (s *Notifications) MarkRead(ctx context.Context, p *domain.Principal, id int64) (*domain.UserNotification, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	n, err := s.notify.MarkNotificationRead(ctx, domain.AudienceOf(p.User), id, s.clock.Now())
	return n, notificationNotFound(err)
}

// MarkAllRead marks every notification reaching the caller read and returns how many were
// unread.
func (s *Notifications) MarkAllRead(ctx context.Context, p *domain.Principal) (int, error) {
	if err := signedIn(p); err != nil {
		return 0, err
	}
	return s.notify.MarkAllNotificationsRead(ctx, domain.AudienceOf(p.User), s.clock.Now())
}

// AdminNotification is a notification in the console's history.
type AdminNotification struct {
	domain.Notification
	// TargetName is the target site's name or user's username; empty for global notifications
	// and for targets deleted since.
	TargetName string
	// ReadCount is how many users read it (its RecipientCount, how many active users it reached
	// when it was sent, comes with the notification).
	ReadCount int
	// IsRead is true once every recipient has read it.
	IsRead bool
}

func describe(n *ports.NotificationWithReads) *AdminNotification {
	return &AdminNotification{Notification: n.Notification, ReadCount: n.ReadCount, TargetName: n.TargetName,
		IsRead: n.RecipientCount > 0 && n.ReadCount >= n.RecipientCount}
}

// AdminList returns one page of the console's history, newest first (superadmins only), each
// notification with the recipients counted when it was sent, its reads and its target's name,
// read in one statement: no read of every user or site.
func (s *Notifications) AdminList(ctx context.Context, p *domain.Principal, page domain.PageRequest) (domain.Page[*AdminNotification], error) {
	if err := requireSuperadmin(p); err != nil {
		return domain.Page[*AdminNotification]{}, err
	}
	list, err := s.notify.ListNotifications(ctx, page)
	if err != nil {
		return domain.Page[*AdminNotification]{}, err
	}
	out := make([]*AdminNotification, len(list.Items))
	for i, n := range list.Items {
		out[i] = describe(n)
	}
	return domain.Page[*AdminNotification]{Items: out, NextCursor: list.NextCursor}, nil
}

// Audience returns how many active users a notification to target would reach if sent now,
// counted in SQL (the console's send form shows it).
func (s *Notifications) Audience(ctx context.Context, p *domain.Principal, n *domain.Notification) (int, error) {
	if err := requireSuperadmin(p); err != nil {
		return 0, err
	}
	n.CreatedAt = s.clock.Now()
	if n.TargetType != domain.TargetGlobal && n.TargetID == nil {
		return 0, nil
	}
	return s.notify.CountNotificationRecipients(ctx, n)
}

// Send stores a notification from the console (superadmins only) after the form's rules (spec
// 02 §5) and a check that the target site or user exists, then delivers it to its recipients'
// other channels through the outbox. It returns once the notification and its deliveries are
// stored, in one transaction.
func (s *Notifications) Send(ctx context.Context, p *domain.Principal, n *domain.Notification) (*AdminNotification, error) {
	if err := requireSuperadmin(p); err != nil {
		return nil, err
	}
	n.ID, n.Kind, n.CreatedBy, n.CreatedAt = 0, domain.KindAdmin, &p.User.ID, s.clock.Now()
	if err := domain.ValidateNotification(n); err != nil {
		return nil, err
	}
	target, err := s.checkTarget(ctx, n)
	if err != nil {
		return nil, err
	}
	reached, err := s.notifier.Broadcast(ctx, n)
	if err != nil {
		return nil, err
	}
	s.log.Info("notification sent", "notification", n.ID, "target", n.TargetType, "targetId", idOrZero(n.TargetID), "recipients", reached, "by", p.User.Username)
	sent := &AdminNotification{Notification: *n}
	if n.TargetID != nil {
		sent.TargetName = target
	}
	return sent, nil
}

// checkTarget checks that n's target site or user exists and returns its name.
func (s *Notifications) checkTarget(ctx context.Context, n *domain.Notification) (string, error) {
	switch n.TargetType {
	case domain.TargetSite:
		site, err := s.store.SiteByID(ctx, *n.TargetID)
		if domain.ErrorCode(err) == domain.ENotFound {
			return "", &domain.Error{Code: domain.EInvalid, Message: domain.MsgSiteNotFound, Fields: map[string]string{"targetId": domain.MsgSiteNotFound}}
		} else if err != nil {
			return "", err
		}
		return site.Name, nil
	case domain.TargetUser:
		u, err := s.store.UserByID(ctx, *n.TargetID)
		if domain.ErrorCode(err) == domain.ENotFound {
			return "", &domain.Error{Code: domain.EInvalid, Message: domain.MsgUserNotFound, Fields: map[string]string{"targetId": domain.MsgUserNotFound}}
		} else if err != nil {
			return "", err
		}
		return u.Username, nil
	}
	return "", nil
}

func idOrZero(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// Wait delivers every delivery due now and waits for them, or until ctx ends: for tests and
// the command line.
func (s *Notifications) Wait(ctx context.Context) error { return s.dispatcher.Flush(ctx) }

// Delete removes a notification for everyone, with everyone's read state (superadmins only).
func (s *Notifications) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireSuperadmin(p); err != nil {
		return err
	}
	if err := s.notify.DeleteNotification(ctx, id); err != nil {
		return notificationNotFound(err)
	}
	s.log.Info("notification deleted", "notification", id, "by", p.User.Username)
	return nil
}

// SentNotification is a notification delivered to one user while the caller waited, with what
// each channel did.
type SentNotification struct {
	Notification *domain.Notification
	Report       DeliveryReport
}

// SendTest sends the caller a sample notification of one of the spec's types through every
// channel they enabled, and reports what each channel did. At most TestsPerHour an hour.
func (s *Notifications) SendTest(ctx context.Context, p *domain.Principal, kind string) (*SentNotification, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	n, err := domain.TestNotification(kind, p.User)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	sent, err := s.notify.CountNotificationsSince(ctx, p.User.ID, domain.KindTest, now.Add(-time.Hour))
	if err != nil {
		return nil, err
	}
	if sent >= s.cfg.TestsPerHour {
		return nil, &domain.Error{Code: domain.ERateLimited, Message: domain.MsgTooManyTestNotifications, RetryAfter: time.Hour}
	}
	return s.sendNow(ctx, p.User, n, &p.User.ID)
}

// TestAsOperator sends one notification to the named user through every channel they enabled
// and reports what each did: `gardenctl push test`. Empty title and content take a default.
func (s *Notifications) TestAsOperator(ctx context.Context, username, title, content string) (*domain.User, *SentNotification, error) {
	u, err := s.store.UserByUsername(ctx, domain.NormalizeUsername(username))
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, nil, domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
	} else if err != nil {
		return nil, nil, err
	}
	if title == "" {
		title = "Test notification"
	}
	if content == "" {
		content = "Notifications from Garden reach this device."
	}
	id := u.ID
	n := &domain.Notification{Kind: domain.KindTest, Title: title, Content: content, TargetType: domain.TargetUser, TargetID: &id,
		Data: map[string]any{"type": "operator_test", "test": true, "url": "/"}}
	sent, err := s.sendNow(ctx, u, n, nil)
	return u, sent, err
}

// sendNow stores n for u and delivers it while the caller waits.
func (s *Notifications) sendNow(ctx context.Context, u *domain.User, n *domain.Notification, by *int64) (*SentNotification, error) {
	n.CreatedBy, n.CreatedAt = by, s.clock.Now()
	if err := domain.ValidateNotification(n); err != nil {
		return nil, err
	}
	report, err := s.notifier.SendNow(ctx, u, n)
	if err != nil {
		return nil, err
	}
	return &SentNotification{Notification: n, Report: report}, nil
}

// Prune deletes notifications older than the retention (none when it is 0), notifications of
// deleted users and sites, and once-keys older than a week; it returns how many notifications
// it deleted.
func (s *Notifications) Prune(ctx context.Context) (int, error) {
	now := s.clock.Now()
	var before time.Time
	if s.cfg.Retention > 0 {
		before = now.Add(-s.cfg.Retention)
	}
	removed, err := s.notify.PruneNotifications(ctx, before, domain.AddDays(domain.DateOf(now), -7))
	if err != nil {
		return removed, err
	}
	// Finished deliveries are kept a week for the record; coalescing windows only matter for
	// an hour.
	_, err = s.notify.PruneOutbox(ctx, now.Add(-7*24*time.Hour))
	return removed, err
}
