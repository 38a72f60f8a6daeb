package main

// The other hot reads of issue #30 item 2, each answered by a bare handler with the store's own
// statements (sqlstore.PlantListSQL, TaskListSQL, HarvestPageSQL, LatestTopicsSQL), the
// domain's pure functions for what the answer derives, and byte-identical JSON: the dashboard's
// summary, the harvest list's first page and the forum's latest topics. Nothing else: no
// router, no middleware, no services.

import (
	"database/sql"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
)

// dialect is the store's dialect of src's database.
func (s *source) dialect() sqlstore.Dialect {
	if s.postgres {
		return sqlstore.Postgres
	}
	return sqlstore.SQLite
}

// The dashboard's wire types (adapters/httpapi's handleDashboardSummary, docs/api.md): the
// app encodes maps, whose keys encoding/json sorts, so these structs list them in that order.
type dashboardJSON struct {
	Due          dueCountsJSON   `json:"due"`
	Reminders    remindersJSON   `json:"reminders"`
	Stats        statsRangesJSON `json:"stats"`
	StatusCounts statusJSON      `json:"statusCounts"`
	Today        string          `json:"today"`
	Week         weekJSON        `json:"week"`
}

type dueCountsJSON struct {
	Due       int `json:"due"`
	Overdue   int `json:"overdue"`
	Water     int `json:"water"`
	Fertilize int `json:"fertilize"`
	Tasks     int `json:"tasks"`
}

type remindersJSON struct {
	Fertilizing []reminderJSON `json:"fertilizing"`
	Overdue     int            `json:"overdue"`
	Repotting   int            `json:"repotting"`
	Watering    []reminderJSON `json:"watering"`
}

type reminderJSON struct {
	PlantID int64  `json:"plantId"`
	Name    string `json:"name"`
	DueDate string `json:"dueDate"`
}

type statsRangesJSON struct {
	Last3Months statsJSON `json:"last3Months"`
	LastMonth   statsJSON `json:"lastMonth"`
	ThisMonth   statsJSON `json:"thisMonth"`
}

type statsJSON struct {
	Counts    map[string]int `json:"counts"`
	TopPlants []activityJSON `json:"topPlants"`
}

type activityJSON struct {
	PlantID int64  `json:"plantId"`
	Name    string `json:"name"`
	Count   int    `json:"count"`
}

type statusJSON struct {
	Healthy    int `json:"healthy"`
	NeedsCare  int `json:"needs_care"`
	NeedsWater int `json:"needs_water"`
}

type weekJSON struct {
	End        string `json:"end"`
	Start      string `json:"start"`
	WeekNumber int    `json:"weekNumber"`
}

func reminders(rs []domain.Reminder) []reminderJSON {
	out := make([]reminderJSON, len(rs))
	for i, r := range rs {
		out[i] = reminderJSON{r.PlantID, r.Name, r.DueDate.Format(domain.DateLayout)}
	}
	return out
}

func stats(s domain.CareStats) statsJSON {
	out := statsJSON{Counts: make(map[string]int, len(s.Counts)), TopPlants: make([]activityJSON, len(s.TopPlants))}
	for t, n := range s.Counts {
		out.Counts[string(t)] = n
	}
	for i, a := range s.TopPlants {
		out.TopPlants[i] = activityJSON{a.PlantID, a.Name, a.Count}
	}
	return out
}

// dashboardHandler answers GET /api/dashboard/summary (no ?today: the gardener's own day) from
// src: every plant (ListPlants' statement) and every task (ListTasks' without a filter), then
// the reminders, statuses, due counts, statistics and week with the domain's functions, as the
// dashboard's service computes them.
func dashboardHandler(src *source) http.Handler {
	plantsSQL, tasksSQL := sqlstore.PlantListSQL(src.dialect()), sqlstore.TaskListSQL(src.dialect())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		ctx := r.Context()
		today := domain.TodayIn(time.Now(), g.zone)
		rows, err := src.query(ctx, plantsSQL, g.id)
		if err != nil {
			fail(w, err)
			return
		}
		plants := []*domain.Plant{}
		var row plantRow
		dest := row.dest()[:29] // ListPlants reads no derived status
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				fail(w, err)
				return
			}
			p, err := row.plant()
			if err != nil {
				rows.Close()
				fail(w, err)
				return
			}
			plants = append(plants, p)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			fail(w, err)
			return
		}
		domain.ApplySeason(plants, g.garden, today)
		tasks, err := readTasks(src, r, tasksSQL, g.id)
		if err != nil {
			fail(w, err)
			return
		}
		watering, fertilizing, repotting := domain.CareReminders(plants, tasks, today)
		domain.DeriveStatuses(plants, tasks, today)
		counts := domain.StatusCounts(plants)
		due := domain.CountDue(domain.DueOn(plants, tasks, today), today)
		this, last, three := domain.StatsRanges(today)
		start, end, week := domain.WeekOf(today)
		writeJSON(w, dashboardJSON{
			Due:       dueCountsJSON{Due: due.Due, Overdue: due.Overdue, Water: due.Water, Fertilize: due.Fertilize, Tasks: due.Tasks},
			Reminders: remindersJSON{Fertilizing: reminders(fertilizing), Overdue: due.Overdue, Repotting: repotting, Watering: reminders(watering)},
			Stats: statsRangesJSON{Last3Months: stats(domain.ComputeCareStats(tasks, three)), LastMonth: stats(domain.ComputeCareStats(tasks, last)),
				ThisMonth: stats(domain.ComputeCareStats(tasks, this))},
			StatusCounts: statusJSON{Healthy: counts[domain.StatusHealthy], NeedsCare: counts[domain.StatusNeedsCare], NeedsWater: counts[domain.StatusNeedsWater]},
			Today:        today.Format(domain.DateLayout),
			Week:         weekJSON{End: end.Format(domain.DateLayout), Start: start.Format(domain.DateLayout), WeekNumber: week},
		})
	})
}

// readTasks runs ListTasks' statement and scans every task.
func readTasks(src *source, r *http.Request, q string, owner int64) ([]*domain.CareTask, error) {
	rows, err := src.query(r.Context(), q, owner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.CareTask{}
	var (
		t           domain.CareTask
		taskType    string
		scheduled   any
		completedAt sql.NullTime
		notes       sql.NullString
		recurring   sql.NullInt64
		dest        = []any{&t.ID, &t.UserID, &t.PlantID, &t.PlantName, &taskType, &scheduled, &t.Completed, &completedAt, &notes, &t.IsRecurring, &recurring, &t.CreatedAt}
		scheduledAt *time.Time
	)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if scheduledAt, err = anyTime(scheduled); err != nil {
			return nil, err
		}
		task := t
		task.Type, task.ScheduledDate = domain.TaskType(taskType), domain.DateOf(*scheduledAt)
		task.CompletedAt, task.RecurringDays, task.Notes = timePtr(completedAt), intPtr(recurring), nil
		if notes.Valid {
			n := notes.String
			task.Notes = &n
		}
		task.CreatedAt = task.CreatedAt.UTC()
		out = append(out, &task)
	}
	return out, rows.Err()
}

// harvestJSON mirrors adapters/httpapi's harvestJSON (docs/api.md).
type harvestJSON struct {
	ID             int64     `json:"id"`
	UserID         int64     `json:"userId"`
	PlantID        *int64    `json:"plantId"`
	PlantName      string    `json:"plantName"`
	HarvestDate    string    `json:"harvestDate"`
	Quantity       *float64  `json:"quantity"`
	Unit           string    `json:"unit"`
	Kind           string    `json:"kind"`
	CommonQuantity *float64  `json:"commonQuantity"`
	CommonUnit     string    `json:"commonUnit"`
	Notes          string    `json:"notes"`
	ImageURL       string    `json:"imageUrl"`
	BedID          *int64    `json:"bedId"`
	BedName        string    `json:"bedName"`
	LayoutName     string    `json:"layoutName"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// harvestsHandler answers GET /api/harvests (the first page, no filter) from src with
// ListHarvests' statement; the quantity in its kind's common unit comes from the domain
// (Harvest.Common), as the app's answer does.
func harvestsHandler(src *source) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		q, args := sqlstore.HarvestPageSQL(src.dialect(), g.id, pageSize)
		rows, err := src.query(r.Context(), q, args...)
		if err != nil {
			fail(w, err)
			return
		}
		defer rows.Close()
		out := make([]harvestJSON, 0, pageSize+1)
		var (
			h              harvestJSON
			plantID, bedID sql.NullInt64
			quantity       sql.NullFloat64
			date           any
			dest           = []any{&h.ID, &h.UserID, &plantID, &h.PlantName, &date, &quantity, &h.Unit, &h.Notes, &h.ImageURL, &bedID, &h.BedName, &h.LayoutName, &h.CreatedAt, &h.UpdatedAt}
		)
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				fail(w, err)
				return
			}
			day, err := anyTime(date)
			if err != nil {
				fail(w, err)
				return
			}
			o := h
			o.PlantID, o.BedID, o.Quantity = int64Ptr(plantID), int64Ptr(bedID), nil
			if quantity.Valid {
				v := quantity.Float64
				o.Quantity = &v
			}
			o.HarvestDate = domain.DateOf(*day).Format(domain.DateLayout)
			dh := domain.Harvest{Unit: domain.HarvestUnit(o.Unit), Quantity: o.Quantity}
			common, kind := dh.Common()
			o.Kind, o.CommonQuantity, o.CommonUnit = string(kind), common, string(kind.CommonUnit())
			o.CreatedAt, o.UpdatedAt = o.CreatedAt.UTC(), o.UpdatedAt.UTC()
			out = append(out, o)
		}
		if err := rows.Err(); err != nil {
			fail(w, err)
			return
		}
		writeJSON(w, out[:min(len(out), pageSize)])
	})
}

// topicJSON mirrors adapters/httpapi's forumTopicJSON as a list shows it (no content, no
// watch level).
type topicJSON struct {
	ID             int64      `json:"id"`
	Title          string     `json:"title"`
	Content        *string    `json:"content,omitempty"`
	Excerpt        string     `json:"excerpt"`
	UserID         *int64     `json:"userId"`
	Username       *string    `json:"username"`
	CreatedAt      time.Time  `json:"createdAt"`
	CategoryID     int64      `json:"categoryId"`
	CategorySlug   string     `json:"categorySlug"`
	CategoryName   string     `json:"categoryName"`
	PostCount      int        `json:"postCount"`
	ViewCount      int        `json:"viewCount"`
	IsPinned       bool       `json:"isPinned"`
	IsLocked       bool       `json:"isLocked"`
	Pinned         bool       `json:"pinned"`
	Locked         bool       `json:"locked"`
	InReview       bool       `json:"inReview"`
	LastActivityAt time.Time  `json:"lastActivityAt"`
	WatchLevel     string     `json:"watchLevel,omitempty"`
	EditedAt       *time.Time `json:"editedAt"`
	Edited         bool       `json:"edited"`
}

// latestTopicsHandler answers GET /api/forum/topics/latest (the first page, as the signed-in
// gardener sees it) from src with ListForumTopics' statement.
func latestTopicsHandler(src *source) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		q, args := sqlstore.LatestTopicsSQL(src.dialect(), domain.ForumViewer{UserID: g.id, Superadmin: g.role == domain.RoleSuperadmin}, pageSize)
		rows, err := src.query(r.Context(), q, args...)
		if err != nil {
			fail(w, err)
			return
		}
		defer rows.Close()
		out := make([]topicJSON, 0, pageSize+1)
		var (
			t             topicJSON
			author        sql.NullInt64
			username      sql.NullString
			content, body string
			edited        sql.NullTime
			dest          = []any{&t.ID, &t.CategoryID, &t.CategorySlug, &t.CategoryName, &author, &username, &t.Title, &content, &body, &t.CreatedAt, &t.PostCount, &t.ViewCount, &t.Pinned, &t.Locked, &t.InReview, &t.LastActivityAt, &edited}
		)
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				fail(w, err)
				return
			}
			o := t
			o.UserID, o.Username, o.EditedAt = int64Ptr(author), nil, timePtr(edited)
			if username.Valid && username.String != "" {
				u := username.String
				o.Username = &u
			}
			o.Excerpt, o.IsPinned, o.IsLocked, o.Edited = excerpt(body, 200), o.Pinned, o.Locked, edited.Valid
			o.CreatedAt, o.LastActivityAt = o.CreatedAt.UTC(), o.LastActivityAt.UTC()
			out = append(out, o)
		}
		if err := rows.Err(); err != nil {
			fail(w, err)
			return
		}
		writeJSON(w, out[:min(len(out), pageSize)])
	})
}

// excerpt is the first n characters of s, as the app's list shows a topic's text.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n-1])) + "…"
}

func int64Ptr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}
