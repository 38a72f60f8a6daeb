package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// NotificationStore keeps notifications and each user's read state. Who sees a notification is
// decided by domain.Audience (see domain.Notification.Reaches); every method taking an audience
// applies exactly that rule.
type NotificationStore interface {
	// CreateNotification inserts n and sets its ID and its RecipientCount: the active users it
	// reaches as it is stored, counted in the same statement. Codes: invalid (a value out of
	// range).
	CreateNotification(ctx context.Context, n *domain.Notification) error
	// CreateNotifications is CreateNotification for many notifications in a few statements
	// whatever their number (the daily jobs), in one transaction. Codes: invalid.
	CreateNotifications(ctx context.Context, ns []*domain.Notification) error
	// CreateNotificationOnce inserts n unless a notification was already stored under key, in
	// one transaction with the key, so that concurrent callers (replicas, re-runs) store it
	// once. created is false, and nothing is stored, when the key was taken.
	CreateNotificationOnce(ctx context.Context, n *domain.Notification, key domain.OnceKey) (created bool, err error)
	// CreateNotificationsOnce is CreateNotificationOnce for many notifications in a few
	// statements whatever their number (the daily care reminder): created[i] tells whether
	// items[i] was stored. Each item's notification targets its key's user (domain.TargetUser),
	// and no two items share a user. Codes: invalid (an item breaks that rule).
	CreateNotificationsOnce(ctx context.Context, items []OnceNotification) (created []bool, err error)
	// NotificationByID returns one notification. Codes: not_found.
	NotificationByID(ctx context.Context, id int64) (*domain.Notification, error)
	// ListUserNotifications returns the notifications a reaches with a's read state, newest
	// first, at most limit.
	ListUserNotifications(ctx context.Context, a domain.Audience, limit int) ([]*domain.UserNotification, error)
	// CountUnreadNotifications returns how many notifications a reaches that a has not read.
	CountUnreadNotifications(ctx context.Context, a domain.Audience) (int, error)
	// MarkNotificationRead records that a read notification id at at, and returns it with the
	// read state; reading twice keeps the first time. Codes: not_found (no such notification,
	// or it does not reach a).
	MarkNotificationRead(ctx context.Context, a domain.Audience, id int64, at time.Time) (*domain.UserNotification, error)
	// MarkAllNotificationsRead marks every notification reaching a as read at at and returns
	// how many were unread.
	MarkAllNotificationsRead(ctx context.Context, a domain.Audience, at time.Time) (int, error)
	// ListNotifications returns one page of every notification, newest first (created_at, then
	// id), each with the number of users who have read it, its stored RecipientCount and its
	// target's name, in one query whatever the number of users. Codes: invalid (a cursor it did
	// not make).
	ListNotifications(ctx context.Context, page domain.PageRequest) (domain.Page[*NotificationWithReads], error)
	// NotificationRecipients returns the active users n reaches (domain.Notification.Reaches),
	// selected in SQL.
	NotificationRecipients(ctx context.Context, n *domain.Notification) ([]*domain.User, error)
	// CountNotificationRecipients returns how many active users n would reach if sent now.
	CountNotificationRecipients(ctx context.Context, n *domain.Notification) (int, error)
	// CountNotificationsSince counts the notifications of one kind sent to one user (targeted
	// at them) at or after since.
	CountNotificationsSince(ctx context.Context, userID int64, kind string, since time.Time) (int, error)
	// DeleteNotification removes a notification with everyone's read state. Codes: not_found.
	DeleteNotification(ctx context.Context, id int64) error
	// PruneNotifications removes notifications created before before (none when before is
	// zero), notifications whose target user or site no longer exists, and once-keys of days
	// before onceBefore. It returns how many notifications it removed.
	PruneNotifications(ctx context.Context, before, onceBefore time.Time) (int, error)
}

// OnceNotification is a notification to store once under a key.
type OnceNotification struct {
	Notification *domain.Notification
	Key          domain.OnceKey
}

// NotificationWithReads is a notification with how many users have read it.
type NotificationWithReads struct {
	domain.Notification
	ReadCount int
	// TargetName is the target site's name or user's username ("" for global notifications
	// and deleted targets).
	TargetName string
}

// DeviceStore keeps the devices registered for push notifications. A player id (a Web Push
// endpoint) belongs to one device, whoever registered it last.
type DeviceStore interface {
	// SaveDevice registers d for d.UserID: a new device, or the existing device with the same
	// player id, which then moves to d.UserID with d's name, details and keys (CreatedAt kept).
	// It sets d.ID, d.CreatedAt and d.UpdatedAt, and reports whether the device is new. The
	// user keeps at most keep devices: the least recently updated beyond that are removed in
	// the same transaction. Codes: not_found (no such user).
	SaveDevice(ctx context.Context, d *domain.Device, keep int) (created bool, err error)
	// ListDevices returns a user's devices, most recently updated first.
	ListDevices(ctx context.Context, userID int64) ([]*domain.Device, error)
	// ListDevicesOf returns the devices of each of the users, most recently updated first.
	ListDevicesOf(ctx context.Context, userIDs []int64) (map[int64][]*domain.Device, error)
	// DeleteDevice removes one of a user's devices. Codes: not_found (no such device of that
	// user).
	DeleteDevice(ctx context.Context, userID, id int64) error
	// DeleteDeviceByPlayerID removes a user's device by its player id. Codes: not_found.
	DeleteDeviceByPlayerID(ctx context.Context, userID int64, playerID string) error
	// ForgetDevice removes a device whatever its owner, when its push service reports the
	// subscription gone. Removing a missing device is not an error.
	ForgetDevice(ctx context.Context, id int64) error
}

// NotificationChannelStore keeps each user's channel settings (ntfy).
type NotificationChannelStore interface {
	// NotificationChannels returns a user's settings; the zero value when none were saved.
	NotificationChannels(ctx context.Context, userID int64) (domain.NotificationChannels, error)
	// NotificationChannelsOf returns the settings of each of the users that saved some.
	NotificationChannelsOf(ctx context.Context, userIDs []int64) (map[int64]domain.NotificationChannels, error)
	// SaveNotificationChannels replaces a user's settings. Codes: not_found (no such user).
	SaveNotificationChannels(ctx context.Context, userID int64, c domain.NotificationChannels) error
}

// VAPIDKeyStore keeps the installation's generated Web Push key pair, shared by every replica.
type VAPIDKeyStore interface {
	// VAPIDKeys returns the stored key pair. Codes: not_found.
	VAPIDKeys(ctx context.Context) (domain.VAPIDKeys, error)
	// SaveVAPIDKeysOnce stores k unless a pair is stored already, and returns the stored pair:
	// when replicas race on first start, the first pair wins and every replica uses it.
	SaveVAPIDKeysOnce(ctx context.Context, k domain.VAPIDKeys) (domain.VAPIDKeys, error)
}

// NotifyStore is everything notifications keep. The SQL store implements it beside Store.
type NotifyStore interface {
	NotificationStore
	DeviceStore
	NotificationChannelStore
	VAPIDKeyStore
	OutboxStore
}

// PushSender delivers a message to one device through its push service (Web Push: RFC 8030
// with VAPID, RFC 8292, and aes128gcm payload encryption, RFC 8291).
type PushSender interface {
	// Send delivers msg to sub. Codes: not_found (the push service says the subscription is
	// gone, 404 or 410: the caller forgets the device), invalid (the subscription or message
	// cannot be sent, or the service refused it, 400/401/403/413), unavailable (the service
	// cannot be reached, or answered 429 or 5xx), and ctx's error when ctx ends.
	Send(ctx context.Context, sub domain.PushSubscription, msg domain.PushMessage) error
}

// VAPIDKeyGenerator makes a fresh Web Push key pair.
type VAPIDKeyGenerator func() (domain.VAPIDKeys, error)

// Mailer sends plain-text e-mail.
type Mailer interface {
	// Send delivers m. Codes: invalid (a bad address, or the server refused the message),
	// unavailable (the server cannot be reached or failed temporarily), and ctx's error.
	Send(ctx context.Context, m domain.EmailMessage) error
}

// NtfySender publishes messages to ntfy topics (https://ntfy.sh and self-hosted servers).
type NtfySender interface {
	// Send publishes msg to target. Codes: invalid (the server refused the message, or the
	// address is not allowed), unavailable (the server cannot be reached, 429 or 5xx), and
	// ctx's error.
	Send(ctx context.Context, target domain.NtfyTarget, msg domain.PushMessage) error
}
