package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// TargetType says who a notification is for (spec 02 §3).
type TargetType string

// The three targets of the notification form (spec 02 §5).
const (
	TargetGlobal TargetType = "global"
	TargetSite   TargetType = "site"
	TargetUser   TargetType = "user"
)

// Notification kinds: where a notification came from. The kind decides retention and limits,
// never who sees it.
const (
	KindAdmin        = "admin"
	KindTest         = "test"
	KindCareReminder = "care_reminder"
)

// Notification limits and messages (spec 02 §5; the limits are ours, see docs/decisions.md).
const (
	MaxNotificationTitleLength   = 200
	MaxNotificationContentLength = 2000

	MsgNotificationTitleRequired   = "Title is required"
	MsgNotificationContentRequired = "Content is required"
	MsgNotificationTitleTooLong    = "Title cannot exceed 200 characters"
	MsgNotificationContentTooLong  = "Content cannot exceed 2000 characters"
	MsgNotificationTargetType      = "Target type must be global, site or user"
	MsgNotificationSelectSite      = "Please select a site"
	MsgNotificationSelectUser      = "Please select a user"
	MsgNotificationNotFound        = "Notification not found"
	MsgNotificationTestType        = "Type must be one of care_task, forum_reply, plant_listing_interest, expert_answer, harvest_reminder"
	MsgTooManyTestNotifications    = "Too many test notifications. Please try again later."
)

// Notification is one message shown in the bell dropdown of everyone it reaches. Data is a free
// record the sender attaches (spec 02 §3); the notification's own fields never live in it.
type Notification struct {
	ID         int64
	Kind       string
	Title      string
	Content    string
	TargetType TargetType
	// TargetID is the site or user id; nil for global notifications.
	TargetID *int64
	Data     map[string]any
	// CreatedBy is the sender, nil for notifications the system sends.
	CreatedBy *int64
	CreatedAt time.Time
	// RecipientCount is how many active users it reached when it was stored (Reaches at
	// CreatedAt): the store counts them as it stores the notification and keeps the number,
	// which is what the console's history says it was "sent to".
	RecipientCount int
}

// UserNotification is a notification as one user sees it: with their own read state.
type UserNotification struct {
	Notification
	ReadAt *time.Time
}

// IsRead reports whether the user has read it.
func (n *UserNotification) IsRead() bool { return n.ReadAt != nil }

// Audience is what decides which notifications one user sees: their id, their site, and the
// moment their account was created. Storage filters with it, so the rule has one home: Reaches.
type Audience struct {
	UserID int64
	SiteID *int64
	// Since hides global and site notifications sent before the account existed.
	Since time.Time
}

// AudienceOf returns u's audience.
func AudienceOf(u *User) Audience {
	return Audience{UserID: u.ID, SiteID: u.SiteID, Since: u.CreatedAt}
}

// Reaches reports whether u sees n. A user notification reaches its user whenever it was sent;
// global and site notifications reach the users whose account existed when they were sent,
// site ones only while the user belongs to that site.
func (n *Notification) Reaches(u *User) bool {
	switch n.TargetType {
	case TargetUser:
		return n.TargetID != nil && *n.TargetID == u.ID
	case TargetSite:
		return n.TargetID != nil && u.SiteID != nil && *u.SiteID == *n.TargetID && !n.CreatedAt.Before(u.CreatedAt)
	case TargetGlobal:
		return !n.CreatedAt.Before(u.CreatedAt)
	}
	return false
}

// ParseTargetType returns the target type named s, or an invalid error with the form's message.
func ParseTargetType(s string) (TargetType, error) {
	switch t := TargetType(strings.ToLower(strings.TrimSpace(s))); t {
	case TargetGlobal, TargetSite, TargetUser:
		return t, nil
	}
	return "", &Error{Code: EInvalid, Message: MsgNotificationTargetType, Fields: map[string]string{"targetType": MsgNotificationTargetType}}
}

// ValidateNotification normalises n (trimmed text, a one-line title, no target id for global
// notifications, an empty record for missing data) and checks it against the notification form
// (spec 02 §5). Whether the target exists is the caller's check.
func ValidateNotification(n *Notification) error {
	var v Validation
	n.Title = strings.Join(strings.Fields(n.Title), " ")
	n.Content = strings.TrimSpace(n.Content)
	switch {
	case n.Title == "":
		v.Add("title", MsgNotificationTitleRequired)
	case utf8.RuneCountInString(n.Title) > MaxNotificationTitleLength:
		v.Add("title", MsgNotificationTitleTooLong)
	}
	switch {
	case n.Content == "":
		v.Add("content", MsgNotificationContentRequired)
	case utf8.RuneCountInString(n.Content) > MaxNotificationContentLength:
		v.Add("content", MsgNotificationContentTooLong)
	}
	switch n.TargetType {
	case TargetGlobal:
		n.TargetID = nil
	case TargetSite:
		if n.TargetID == nil || *n.TargetID < 1 {
			v.Add("targetId", MsgNotificationSelectSite)
		}
	case TargetUser:
		if n.TargetID == nil || *n.TargetID < 1 {
			v.Add("targetId", MsgNotificationSelectUser)
		}
	default:
		v.Add("targetType", MsgNotificationTargetType)
	}
	if n.Data == nil {
		n.Data = map[string]any{}
	}
	if n.Kind == "" {
		n.Kind = KindAdmin
	}
	return v.Err()
}

// OnceKey names a notification that may be sent at most once: one kind, for one user, on one day.
type OnceKey struct {
	UserID int64
	Kind   string
	Day    time.Time // a date
}

// TestNotificationTypes are the samples the settings page can ask for (spec 02 §7).
var TestNotificationTypes = []string{"care_task", "forum_reply", "plant_listing_interest", "expert_answer", "harvest_reminder"}

// TestNotification returns the sample notification of one type for user u, or an invalid error
// for an unknown type.
func TestNotification(kind string, u *User) (*Notification, error) {
	type sample struct{ title, content, url string }
	samples := map[string]sample{
		"care_task":              {"Time to water your Basil", "Your Basil is due for watering today.", "/schedule"},
		"forum_reply":            {"New reply to your topic", "Someone replied to your topic \"Best tomatoes for a cold greenhouse?\".", "/community/forum"},
		"plant_listing_interest": {"Someone is interested in your listing", "A gardener sent a message about your listing \"Spare mint cuttings\".", "/community/plant-sharing"},
		"expert_answer":          {"Your question has an answer", "An expert answered \"Why are my basil leaves turning yellow?\".", "/community/expert-qa"},
		"harvest_reminder":       {"Harvest time", "Your tomatoes should be ready to harvest this week.", "/planning/harvest-tracking"},
	}
	s, ok := samples[strings.TrimSpace(kind)]
	if !ok {
		return nil, &Error{Code: EInvalid, Message: MsgNotificationTestType, Fields: map[string]string{"type": MsgNotificationTestType}}
	}
	id := u.ID
	return &Notification{
		Kind: KindTest, Title: s.title, Content: s.content + " (This is a test notification.)",
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": strings.TrimSpace(kind), "test": true, "url": s.url},
	}, nil
}

// TasksDueOn returns the pending tasks scheduled on day, and the pending recurring tasks with a
// projected occurrence on day, each once, in the order given.
func TasksDueOn(tasks []*CareTask, day time.Time) []*CareTask {
	day = DateOf(day)
	var out []*CareTask
	for _, t := range tasks {
		if t.Completed {
			continue
		}
		if t.ScheduledDate.Equal(day) || len(t.Occurrences(day, day)) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// MaxReminderNames is how many names a reminder lists before "and N more" (the set-based
// reminder reads no more of each list).
const MaxReminderNames = 5

// CareReminderNotification builds the daily care reminder for user u: the plants needing water
// or fertilizer, the tasks due on day and the overdue tasks (pending, scheduled before day), so
// yesterday's unfinished work is never dropped. A task listed as overdue is not listed again
// among the day's tasks. It returns nil when nothing is due.
func CareReminderNotification(u *User, day time.Time, watering, fertilizing []Reminder, tasks, overdue []*CareTask) *Notification {
	late := map[int64]bool{}
	for _, t := range overdue {
		late[t.ID] = true
	}
	var dueToday []*CareTask
	for _, t := range tasks {
		if !late[t.ID] {
			dueToday = append(dueToday, t)
		}
	}
	tasks = dueToday
	if len(watering) == 0 && len(fertilizing) == 0 && len(tasks) == 0 && len(overdue) == 0 {
		return nil
	}
	var lines []string
	plantNames := func(rs []Reminder) (names []string, ids []int64) {
		for _, r := range rs {
			names, ids = append(names, r.Name), append(ids, r.PlantID)
		}
		return names, ids
	}
	waterNames, waterIDs := plantNames(watering)
	feedNames, feedIDs := plantNames(fertilizing)
	if len(waterNames) > 0 {
		lines = append(lines, "Water: "+listNames(waterNames)+".")
	}
	if len(feedNames) > 0 {
		lines = append(lines, "Fertilize: "+listNames(feedNames)+".")
	}
	taskLine := func(ts []*CareTask, withDate bool) (names []string, ids []int64) {
		for _, t := range ts {
			name := string(t.Type)
			if t.PlantName != "" {
				name += " " + t.PlantName
			}
			if withDate {
				name += " (since " + t.ScheduledDate.Format("Jan 2") + ")"
			}
			names, ids = append(names, name), append(ids, t.ID)
		}
		return names, ids
	}
	taskNames, taskIDs := taskLine(tasks, false)
	if len(taskNames) > 0 {
		lines = append(lines, "Tasks: "+listNames(taskNames)+".")
	}
	lateNames, lateIDs := taskLine(overdue, true)
	if len(lateNames) > 0 {
		lines = append(lines, "Overdue: "+listNames(lateNames)+".")
	}
	var parts []string
	if len(watering)+len(fertilizing) > 0 {
		parts = append(parts, plural(countDistinct(waterIDs, feedIDs), "plant"))
	}
	if len(tasks) > 0 {
		parts = append(parts, plural(len(tasks), "task"))
	}
	if len(overdue) > 0 {
		parts = append(parts, fmt.Sprintf("%d overdue", len(overdue)))
	}
	id := u.ID
	date := DateOf(day)
	return &Notification{
		Kind:       KindCareReminder,
		Title:      "Today's plant care: " + strings.Join(parts, ", "),
		Content:    strings.Join(lines, " "),
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": KindCareReminder, "date": date.Format(DateLayout), "url": "/schedule",
			"watering": nonNil(waterIDs), "fertilizing": nonNil(feedIDs), "tasks": nonNil(taskIDs), "overdue": nonNil(lateIDs)},
	}
}

func listNames(names []string) string {
	if len(names) <= MaxReminderNames {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:MaxReminderNames], ", ") + fmt.Sprintf(" and %d more", len(names)-MaxReminderNames)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func countDistinct(lists ...[]int64) int {
	seen := map[int64]bool{}
	for _, l := range lists {
		for _, id := range l {
			seen[id] = true
		}
	}
	return len(seen)
}

func nonNil(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}
