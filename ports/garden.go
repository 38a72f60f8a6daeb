package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// PlantStore keeps plants. Every method is scoped to one owner: another user's plant is
// not_found.
type PlantStore interface {
	// CreatePlant inserts p (owned by p.UserID) unless the owner already has limit plants or
	// more; limit 0 means unlimited. Counting and inserting happen in one transaction, so two
	// concurrent creations cannot both pass the limit. Codes: limit_reached.
	CreatePlant(ctx context.Context, p *domain.Plant, limit int) error
	// PlantByID returns one of the owner's plants. Codes: not_found.
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
	// ListPlants returns the owner's plants by id.
	ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error)
	// PagePlants returns at most limit of the owner's plants after skipping offset, with their
	// Status derived on the date day (domain.Plant.StatusOn with the owner's pending tasks),
	// filtered and ordered by q (q.Apply's rules: ties by id), in one statement.
	PagePlants(ctx context.Context, ownerID int64, day time.Time, q domain.PlantQuery, offset, limit int) ([]*domain.Plant, error)
	// CountPlants returns how many plants the owner has.
	CountPlants(ctx context.Context, ownerID int64) (int, error)
	// UpdatePlant loads the plant in a transaction, lets fn change it and saves it. Codes:
	// not_found, fn's error (nothing saved).
	UpdatePlant(ctx context.Context, ownerID, id int64, fn func(*domain.Plant) error) (*domain.Plant, error)
	// DeletePlant removes the plant with its care tasks and journal entries in one
	// transaction. Codes: not_found.
	DeletePlant(ctx context.Context, ownerID, id int64) error
}

// TaskFilter narrows ListTasks. Zero values do not filter; From and To are dates, inclusive.
type TaskFilter struct {
	PlantID  int64
	From, To *time.Time
	// PendingRecurringBefore also returns pending recurring tasks scheduled before To, whose
	// projected occurrences may fall in the range.
	PendingRecurring bool
	// PendingOnly leaves out completed tasks.
	PendingOnly bool
}

// TaskStore keeps care tasks, scoped to their owner like PlantStore.
type TaskStore interface {
	// CreateTask inserts t; its plant must be the owner's. Codes: not_found (plant).
	CreateTask(ctx context.Context, t *domain.CareTask) error
	// TaskByID returns one task with its plant's name. Codes: not_found.
	TaskByID(ctx context.Context, ownerID, id int64) (*domain.CareTask, error)
	// ListTasks returns the owner's tasks with plant names, by scheduled date then id.
	ListTasks(ctx context.Context, ownerID int64, f TaskFilter) ([]*domain.CareTask, error)
	// CompleteTask loads the task and its plant in one transaction and lets fn complete it;
	// fn may change the plant and return a next task to insert. Codes: not_found, fn's error.
	CompleteTask(ctx context.Context, ownerID, id int64, fn func(*domain.CareTask, *domain.Plant) (*domain.CareTask, error)) (done, next *domain.CareTask, err error)
	// DeleteTask removes a task. Codes: not_found.
	DeleteTask(ctx context.Context, ownerID, id int64) error
	// RescheduleTasks moves the owner's pending tasks among ids to the date to (a snooze) and
	// answers how many moved; others' tasks and completed ones are left alone.
	RescheduleTasks(ctx context.Context, ownerID int64, ids []int64, to time.Time) (int, error)
	// ListOverdueTasks returns one page of the owner's pending tasks scheduled before the date
	// today, oldest scheduled date first (then id), with plant names. Codes: invalid (cursor).
	ListOverdueTasks(ctx context.Context, ownerID int64, today time.Time, page domain.PageRequest) (domain.Page[*domain.CareTask], error)
}

// JournalStore keeps journal entries, scoped to their owner.
type JournalStore interface {
	// CreateJournalEntry inserts e; its plant must be the owner's. Codes: not_found (plant).
	CreateJournalEntry(ctx context.Context, e *domain.JournalEntry) error
	// ListJournalEntries returns the owner's entries (of one plant when plantID > 0), newest
	// entry date first, with plant names.
	ListJournalEntries(ctx context.Context, ownerID, plantID int64) ([]*domain.JournalEntry, error)
	// UpdateJournalEntry loads the owner's entry in a transaction, lets fn change it and saves
	// it (owner, id and creation time cannot change); the plant must be the owner's. Codes:
	// not_found (no such entry of the owner's, with MsgJournalNotFound; or no such plant, with
	// MsgPlantNotFound), fn's error (nothing saved).
	UpdateJournalEntry(ctx context.Context, ownerID, id int64, fn func(*domain.JournalEntry) error) (*domain.JournalEntry, error)
	// DeleteJournalEntry removes an entry. Codes: not_found.
	DeleteJournalEntry(ctx context.Context, ownerID, id int64) error
}

// PlantDBQuery narrows the plant database list: Search is found, case-insensitively, in the
// common or scientific name; Type keeps one plant type (items stored without one count as
// Herbs, the default).
type PlantDBQuery struct {
	Search string
	Type   domain.PlantType
}

// PlantDatabaseStore keeps the plant database.
type PlantDatabaseStore interface {
	// ListPlantDB returns every item by common name.
	ListPlantDB(ctx context.Context) ([]*domain.PlantDBItem, error)
	// PagePlantDB returns one page of the items matching q, by common name (case-insensitive),
	// then id. Codes: invalid (cursor).
	PagePlantDB(ctx context.Context, q PlantDBQuery, page domain.PageRequest) (domain.Page[*domain.PlantDBItem], error)
	// PlantDBByID returns one item. Codes: not_found.
	PlantDBByID(ctx context.Context, id int64) (*domain.PlantDBItem, error)
	// CreatePlantDB inserts an item. Codes: conflict (store URL or slug taken).
	CreatePlantDB(ctx context.Context, item *domain.PlantDBItem) error
	// UpdatePlantDB loads, lets fn change and saves an item. Codes: not_found, conflict, fn's error.
	UpdatePlantDB(ctx context.Context, id int64, fn func(*domain.PlantDBItem) error) (*domain.PlantDBItem, error)
	// DeletePlantDB removes an item. Codes: not_found.
	DeletePlantDB(ctx context.Context, id int64) error
	// FindPlantDB returns the item with this store URL, else the one with this slug (empty
	// values match nothing). Codes: not_found.
	FindPlantDB(ctx context.Context, storeURL, slug string) (*domain.PlantDBItem, error)
	// ClearPlantDB removes every item, or only imported ones, and returns how many.
	ClearPlantDB(ctx context.Context, importedOnly bool) (int, error)
}

// CalendarFeedStore keeps each user's secret calendar feed token.
type CalendarFeedStore interface {
	// CalendarToken returns the user's feed token, or "" when none was made.
	CalendarToken(ctx context.Context, userID int64) (string, error)
	// SetCalendarToken replaces the user's feed token. Codes: not_found, conflict.
	SetCalendarToken(ctx context.Context, userID int64, token string) error
	// UserByCalendarToken finds the owner of a feed token. Codes: not_found.
	UserByCalendarToken(ctx context.Context, token string) (*domain.User, error)
}

// QRCodeRenderer draws QR codes.
type QRCodeRenderer interface {
	// PNG returns a PNG image of a QR code holding text, size pixels wide.
	PNG(text string, size int) ([]byte, error)
	// SVG returns an SVG document of a QR code holding text.
	SVG(text string) (string, error)
}

// HTMLSanitizer makes HTML from outside (a store's description, an admin's care text) safe to
// render: it keeps formatting and links and drops scripts, styles, event handlers and anything
// else that could run or escape.
type HTMLSanitizer interface {
	// Sanitize returns the safe subset of html.
	Sanitize(html string) string
}

// JobStore keeps job schedules and the record of every run.
type JobStore interface {
	// JobSchedule returns a job's schedule. Codes: not_found.
	JobSchedule(ctx context.Context, job string) (*domain.JobSchedule, error)
	// SaveJobSchedule creates or replaces a job's schedule.
	SaveJobSchedule(ctx context.Context, s *domain.JobSchedule) error
	// ClaimJobRun records the start of a run for tick and returns it; when another process
	// already claimed this job's tick, claimed is false and nothing is recorded.
	ClaimJobRun(ctx context.Context, run *domain.JobRun, tick string) (claimed bool, err error)
	// ReportJobProgress updates a running run's progress.
	ReportJobProgress(ctx context.Context, id int64, done, total int) error
	// FinishJobRun records the end of a run (FinishedAt, Success, Counts, Message).
	FinishJobRun(ctx context.Context, run *domain.JobRun) error
	// ListJobRuns returns a job's runs, newest first, at most limit.
	ListJobRuns(ctx context.Context, job string, limit int) ([]*domain.JobRun, error)
	// FailUnfinishedJobRuns ends every unfinished run of job as failed at at with message and
	// says how many; call it only while holding the job's lock.
	FailUnfinishedJobRuns(ctx context.Context, job string, at time.Time, message string) (int, error)
}

// JobLocker keeps one run of a job at a time across every process sharing the database.
type JobLocker interface {
	// TryLock takes the lock named key without waiting; ok is false when another holder has
	// it. The returned unlock releases it.
	TryLock(ctx context.Context, key string) (unlock func(), ok bool, err error)
}

// LeaseLocker is a JobLocker whose locks may be held for as long as a process lives (the one
// MQTT consumer of an installation). TryLease is TryLock with renew, which the holder calls
// every few seconds: false means the lock may be lost (its database session ended) and another
// process may hold it now, so the holder must stop and release.
type LeaseLocker interface {
	TryLease(ctx context.Context, key string) (renew func(context.Context) bool, unlock func(), ok bool, err error)
}

// JobScheduler is the running scheduler, as the core sees it.
type JobScheduler interface {
	// NextRun is when the job runs next; ok is false when it is not scheduled.
	NextRun(job string) (next time.Time, ok bool)
	// Reschedule reads the job's schedule from storage and applies it at once.
	Reschedule(ctx context.Context, job string) error
	// RunNow runs the job immediately with the given trigger, recording the run, and returns
	// it finished. Codes: not_found (no such job), conflict (already running).
	RunNow(ctx context.Context, job, trigger string) (*domain.JobRun, error)
}

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
