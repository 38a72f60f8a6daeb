package app

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CalendarStore is what the calendar feed reads: its tokens, and the plants and tasks it lists.
type CalendarStore interface {
	ports.CalendarFeedStore
	// ports.PlantStore's:
	ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error)
	// ports.TaskStore's:
	ListTasks(ctx context.Context, ownerID int64, f ports.TaskFilter) ([]*domain.CareTask, error)
}

// Calendar publishes each gardener's care schedule as a secret iCal feed that phones'
// calendars can subscribe to.
type Calendar struct {
	store   CalendarStore
	clock   ports.Clock
	baseURL string
	tr      ports.Translator
}

// NewCalendar builds the calendar service; baseURL is the installation's public URL.
func NewCalendar(store CalendarStore, clock ports.Clock, baseURL string) *Calendar {
	return &Calendar{store: store, clock: clock, baseURL: strings.TrimRight(baseURL, "/")}
}

// WithTranslator writes each feed in its owner's language (without one, English).
func (c *Calendar) WithTranslator(tr ports.Translator) *Calendar {
	c.tr = tr
	return c
}

// The feed's texts, in English; each is written in the feed owner's language.
const (
	MsgCalendarWater     = "Water %s"
	MsgCalendarFertilize = "Fertilize %s"
	MsgCalendarPrune     = "Prune %s"
	MsgCalendarRepot     = "Repot %s"
	MsgCalendarMist      = "Mist %s"
	MsgCalendarRotate    = "Rotate %s"
	MsgCalendarInspect   = "Inspect %s"
	MsgCalendarRepeats   = "Repeats every %d days."
)

// calendarSummary is each kind of task's summary format.
var calendarSummary = map[domain.TaskType]string{domain.TaskWater: MsgCalendarWater, domain.TaskFertilize: MsgCalendarFertilize,
	domain.TaskPrune: MsgCalendarPrune, domain.TaskRepot: MsgCalendarRepot, domain.TaskMist: MsgCalendarMist,
	domain.TaskRotate: MsgCalendarRotate, domain.TaskInspect: MsgCalendarInspect}

// Feed window: recent pending tasks stay visible, and the future is shown half a year ahead.
const (
	feedPastDays   = 30
	feedFutureDays = 180
)

// CalendarEvent is one all-day event of a feed.
type CalendarEvent struct {
	UID     string
	Date    time.Time
	Summary string
	Detail  string
}

func (c *Calendar) feedURL(token string) string { return c.baseURL + "/api/calendar/" + token + ".ics" }

func newFeedToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// feedCaller lets a signed-in session, not an API token, read or reset the feed's address: the
// address is a credential of its own that outlives any token, so a token (which a script holds,
// and which its owner may revoke) must not be able to copy it out. The feed itself answers
// while its owner's account is active, whatever becomes of tokens or sessions.
func feedCaller(p *domain.Principal) error {
	if err := signedIn(p); err != nil {
		return err
	}
	if p.APIToken != nil {
		return domain.Errorf(domain.EForbidden, domain.MsgTokenNoCalendarFeed)
	}
	return nil
}

// FeedURL returns the caller's feed URL, making the secret on first use.
func (c *Calendar) FeedURL(ctx context.Context, p *domain.Principal) (string, error) {
	if err := feedCaller(p); err != nil {
		return "", err
	}
	tok, err := c.store.CalendarToken(ctx, p.User.ID)
	if err != nil {
		return "", err
	}
	if tok != "" {
		return c.feedURL(tok), nil
	}
	return c.ResetFeed(ctx, p)
}

// ResetFeed replaces the caller's secret, so the old URL stops working.
func (c *Calendar) ResetFeed(ctx context.Context, p *domain.Principal) (string, error) {
	if err := feedCaller(p); err != nil {
		return "", err
	}
	tok, err := newFeedToken()
	if err != nil {
		return "", err
	}
	if err := c.store.SetCalendarToken(ctx, p.User.ID, tok); err != nil {
		return "", err
	}
	return c.feedURL(tok), nil
}

// Events returns the feed of the user owning token: pending tasks (with projected recurring
// occurrences) and each plant's next watering and fertilizing. An unknown token, or one of a
// deactivated user, is not found.
func (c *Calendar) Events(ctx context.Context, token string) ([]CalendarEvent, error) {
	u, err := c.store.UserByCalendarToken(ctx, token)
	if err != nil || !u.IsActive {
		if err == nil || domain.ErrorCode(err) == domain.ENotFound {
			return nil, domain.Errorf(domain.ENotFound, "Calendar feed not found")
		}
		return nil, err
	}
	today := domain.TodayIn(c.clock.Now(), u.TimeZone)
	from, to := domain.AddDays(today, -feedPastDays), domain.AddDays(today, feedFutureDays)
	tasks, err := c.store.ListTasks(ctx, u.ID, ports.TaskFilter{From: &from, To: &to, PendingRecurring: true})
	if err != nil {
		return nil, err
	}
	say := wordsFor(c.tr, u)
	var events []CalendarEvent
	for _, t := range tasks {
		if !t.Completed && !t.ScheduledDate.Before(from) && !t.ScheduledDate.After(to) {
			events = append(events, taskEvent(say, t, t.ScheduledDate, fmt.Sprintf("task-%d", t.ID)))
		}
		for _, d := range t.Occurrences(from, to) {
			events = append(events, taskEvent(say, t, d, fmt.Sprintf("task-%d-%s", t.ID, d.Format("20060102"))))
		}
	}
	plants, err := c.store.ListPlants(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	domain.ApplySeason(plants, u.Garden, today)
	// The Schedule and the week strip place due care by the same rule (domain.CareDueBetween).
	for _, due := range domain.CareDueBetween(plants, today, today, to) {
		events = append(events, CalendarEvent{UID: fmt.Sprintf("plant-%d-%s", due.PlantID, due.Type), Date: due.Date,
			Summary: fmt.Sprintf(say(calendarSummary[due.Type]), due.PlantName), Detail: c.baseURL + "/plants/" + fmt.Sprint(due.PlantID)})
	}
	return events, nil
}

func taskEvent(say func(string) string, t *domain.CareTask, d time.Time, uid string) CalendarEvent {
	detail := ""
	if t.Notes != nil {
		detail = *t.Notes
	}
	if t.IsRecurring && t.RecurringDays != nil {
		detail = strings.TrimSpace(fmt.Sprintf(say(MsgCalendarRepeats), *t.RecurringDays) + " " + detail)
	}
	return CalendarEvent{UID: uid, Date: d, Summary: fmt.Sprintf(say(calendarSummary[t.Type]), t.PlantName), Detail: detail}
}
