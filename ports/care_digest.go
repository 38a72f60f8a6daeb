package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// CareDigest is what one user's daily care reminder lists, as the per-user reads would give it
// to domain.CareReminderNotification: every item's id, in the reminder's order, and the fields
// of the first few only (the names the reminder's text shows; the rest is counted).
type CareDigest struct {
	UserID int64
	// Watering and Fertilizing are the plants whose next watering or fertilizing falls on or
	// before the day (Plant.NeedsWaterOn, NeedsFertilizerOn), by due date then id; only the
	// first few have Name.
	Watering, Fertilizing []domain.Reminder
	// Today are the pending tasks scheduled on the day, by id; Overdue the pending tasks
	// scheduled before it, by date then id. Each has ID, UserID, PlantID, Type and
	// ScheduledDate; only the first few have PlantName.
	Today, Overdue []*domain.CareTask
}

// CareDigestStore reads the daily care reminder's work for every user at once.
type CareDigestStore interface {
	// CareDigests returns, in a fixed number of statements whatever the number of users, the
	// digests of the active users with care reminders on who hold no once-key of kind for the
	// date day and have something due (keyed by user), and the ids of those users who hold
	// one (reminded earlier that day). The first names items of each list carry their fields.
	// users, when not nil, limits the run to those users (the gardeners whose hour it is);
	// of is then how many users have reminders on in all (0: unknown), so the store can
	// choose between reading the few users' rows and reading every row.
	CareDigests(ctx context.Context, day time.Time, kind string, names int, users []int64, of int) (digests map[int64]*CareDigest, reminded []int64, err error)
	// ReminderZones counts the active users with care reminders on per time zone ("" for
	// those who set none), in one statement over an index.
	ReminderZones(ctx context.Context) (map[string]int, error)
	// ReminderUsers returns, by id, the active users with care reminders on whose reminder is
	// due in one of slots: their zone is among the slot's zones and their reminder hour
	// (defaultHour when they set none) is among the slot's hours. One statement.
	ReminderUsers(ctx context.Context, slots []ReminderSlot, defaultHour int) ([]*domain.User, error)
}

// ReminderSlot is a set of time zones where the reminders of the same hours are due now.
type ReminderSlot struct {
	Zones []string
	Hours []int
}
