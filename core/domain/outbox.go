package domain

import "time"

// Outbox delivery states. A delivery is pending until an attempt ends it.
const (
	OutboxPending   = "pending"
	OutboxDelivered = "delivered"
	// OutboxSkipped: by the time of the attempt there was nothing to deliver to (no device, the
	// channel turned off, the account deactivated).
	OutboxSkipped = "skipped"
	// OutboxFailed: the peer refused the message for good; it is not tried again.
	OutboxFailed = "failed"
	// OutboxGivenUp: every retry failed, or the delivery grew too old.
	OutboxGivenUp = "given_up"
)

// OutboxDelivery is one delivery of one notification to one user on one channel (push, email,
// ntfy), written in the transaction of the change that caused it and made by the dispatcher.
type OutboxDelivery struct {
	ID             int64
	Channel        string
	UserID         int64
	NotificationID int64
	// WebhookDeliveryID names the webhook delivery of a row of the webhook channel (its
	// NotificationID is zero then).
	WebhookDeliveryID int64
	Status            string
	// Attempts counts the claims so far (a claim whose process died counts too).
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	CreatedAt     time.Time
	FinishedAt    *time.Time
	// ClaimedBy and ClaimedUntil are the lease of the dispatcher delivering it now.
	ClaimedBy    string
	ClaimedUntil *time.Time
}

// NotifyClaim names one coalescing window: at most one notification per window for a user
// about one subject ("listing:12:34", "question:7", "topic:9") of one kind.
type NotifyClaim struct {
	UserID  int64
	Kind    string
	Subject string
}
