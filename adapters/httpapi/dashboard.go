package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// dashboardRoutes answer the dashboard.
func (s *Server) dashboardRoutes() []route {
	return []route{
		{method: "GET", path: "/api/dashboard/summary", handler: s.handleDashboardSummary,
			op: apiOp{summary: "The dashboard: reminders, status counts, care statistics and the week", out: dashboardSummaryJSON{}, query: []string{"today: the caller's date (yyyy-MM-dd)"}}},
	}
}

type reminderJSON struct {
	PlantID int64  `json:"plantId"`
	Name    string `json:"name"`
	DueDate string `json:"dueDate"`
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

func toReminders(rs []domain.Reminder) []reminderJSON {
	out := make([]reminderJSON, len(rs))
	for i, r := range rs {
		out[i] = reminderJSON{r.PlantID, r.Name, r.DueDate.Format(domain.DateLayout)}
	}
	return out
}

func toStats(s domain.CareStats) statsJSON {
	out := statsJSON{Counts: map[string]int{}, TopPlants: []activityJSON{}}
	for t, n := range s.Counts {
		out.Counts[string(t)] = n
	}
	for _, a := range s.TopPlants {
		out.TopPlants = append(out.TopPlants, activityJSON{a.PlantID, a.Name, a.Count})
	}
	return out
}

func (s *Server) handleDashboardSummary(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var today time.Time
	if v := r.URL.Query().Get("today"); v != "" {
		var f fieldErrors
		if today = f.date("today", v); f.err() != nil {
			s.fail(w, r, f.err())
			return
		}
	}
	sum, err := s.svc.Dashboard.Summary(r.Context(), p, today)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, dashboardAnswer{
		Due: toDueCounts(sum.Due),
		Reminders: dashboardAnswerReminders{Fertilizing: toReminders(sum.Fertilizing), Overdue: sum.Overdue, Repotting: sum.Repotting,
			Watering: toReminders(sum.Watering)},
		Stats: dashboardAnswerStats{Last3Months: toStats(sum.Last3Months), LastMonth: toStats(sum.LastMonth), ThisMonth: toStats(sum.ThisMonth)},
		StatusCounts: dashboardAnswerStatus{Healthy: sum.StatusCounts[domain.StatusHealthy], NeedsCare: sum.StatusCounts[domain.StatusNeedsCare],
			NeedsWater: sum.StatusCounts[domain.StatusNeedsWater]},
		Today: sum.Today.Format(domain.DateLayout),
		Week: dashboardAnswerWeek{End: sum.WeekEnd.Format(domain.DateLayout), Start: sum.WeekStart.Format(domain.DateLayout),
			WeekNumber: sum.WeekNumber},
	})
}

// dashboardAnswer is the summary as it is encoded: dashboardSummaryJSON's wire form (the API's
// documented type, whose objects were once encoded from maps) with every object's keys in the
// sorted order the maps gave, so the bytes are unchanged; structs spare encoding/json the maps'
// reflection and key sorting (issue #30 item 2).
type dashboardAnswer struct {
	Due          dueCountsJSON            `json:"due"`
	Reminders    dashboardAnswerReminders `json:"reminders"`
	Stats        dashboardAnswerStats     `json:"stats"`
	StatusCounts dashboardAnswerStatus    `json:"statusCounts"`
	Today        string                   `json:"today"`
	Week         dashboardAnswerWeek      `json:"week"`
}

type dashboardAnswerReminders struct {
	Fertilizing []reminderJSON `json:"fertilizing"`
	Overdue     int            `json:"overdue"`
	Repotting   int            `json:"repotting"`
	Watering    []reminderJSON `json:"watering"`
}

type dashboardAnswerStats struct {
	Last3Months statsJSON `json:"last3Months"`
	LastMonth   statsJSON `json:"lastMonth"`
	ThisMonth   statsJSON `json:"thisMonth"`
}

type dashboardAnswerStatus struct {
	Healthy    int `json:"healthy"`
	NeedsCare  int `json:"needs_care"`
	NeedsWater int `json:"needs_water"`
}

type dashboardAnswerWeek struct {
	End        string `json:"end"`
	Start      string `json:"start"`
	WeekNumber int    `json:"weekNumber"`
}
