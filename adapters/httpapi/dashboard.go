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
	writeJSON(w, http.StatusOK, map[string]any{
		"today": sum.Today.Format(domain.DateLayout),
		"reminders": map[string]any{
			"watering": toReminders(sum.Watering), "fertilizing": toReminders(sum.Fertilizing), "repotting": sum.Repotting,
			"overdue": sum.Overdue,
		},
		"due": toDueCounts(sum.Due),
		"statusCounts": map[string]int{
			string(domain.StatusHealthy): sum.StatusCounts[domain.StatusHealthy], string(domain.StatusNeedsWater): sum.StatusCounts[domain.StatusNeedsWater],
			string(domain.StatusNeedsCare): sum.StatusCounts[domain.StatusNeedsCare],
		},
		"stats": map[string]statsJSON{
			"thisMonth": toStats(sum.ThisMonth), "lastMonth": toStats(sum.LastMonth), "last3Months": toStats(sum.Last3Months),
		},
		"week": map[string]any{
			"start": sum.WeekStart.Format(domain.DateLayout), "end": sum.WeekEnd.Format(domain.DateLayout), "weekNumber": sum.WeekNumber,
		},
	})
}
