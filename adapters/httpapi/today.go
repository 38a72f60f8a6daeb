package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// dueItemJSON is one piece of care on the Today list (domain.DueItem).
type dueItemJSON struct {
	// Key is stable for the item across reads (the web app's list key).
	Key       string  `json:"key"`
	Kind      string  `json:"kind"`
	PlantID   int64   `json:"plantId"`
	PlantName string  `json:"plantName"`
	TaskType  string  `json:"taskType"`
	TaskID    *int64  `json:"taskId"`
	TaskIDs   []int64 `json:"taskIds"`
	DueDate   string  `json:"dueDate"`
	Overdue   bool    `json:"overdue"`
}

// dueCountsJSON are the counts of the whole Today list (domain.DueCounts).
type dueCountsJSON struct {
	Due       int `json:"due"`
	Overdue   int `json:"overdue"`
	Water     int `json:"water"`
	Fertilize int `json:"fertilize"`
	Tasks     int `json:"tasks"`
}

func toDueCounts(c domain.DueCounts) dueCountsJSON {
	return dueCountsJSON{Due: c.Due, Overdue: c.Overdue, Water: c.Water, Fertilize: c.Fertilize, Tasks: c.Tasks}
}

func toDueItem(it domain.DueItem, today string) dueItemJSON {
	out := dueItemJSON{Kind: string(it.Kind), PlantID: it.PlantID, PlantName: it.PlantName, TaskType: string(it.TaskType),
		TaskIDs: it.TaskIDs, DueDate: it.DueDate.Format(domain.DateLayout)}
	out.Overdue = out.DueDate < today
	if out.TaskIDs == nil {
		out.TaskIDs = []int64{}
	}
	if it.Kind == domain.DueTask {
		id := it.TaskID
		out.TaskID = &id
		out.Key = "task-" + itoa(id)
	} else {
		out.Key = string(it.Kind) + "-" + itoa(it.PlantID)
	}
	return out
}

// handleToday serves GET /api/today?overdue=true&today=: the care due today or earlier in the
// caller's zone (one definition, domain.DueOn), paginated; X-Due-Count and X-Overdue-Count give
// the whole list's counts.
func (s *Server) handleToday(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	day, page, err := dayPageParams(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.svc.Dashboard.Due(r.Context(), p, day, r.URL.Query().Get("overdue") == "true", page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	today := list.Today.Format(domain.DateLayout)
	out := make([]dueItemJSON, len(list.Page.Items))
	for i, it := range list.Page.Items {
		out[i] = toDueItem(it, today)
	}
	w.Header().Set("X-Due-Count", itoa(int64(list.Counts.Due)))
	w.Header().Set("X-Overdue-Count", itoa(int64(list.Counts.Overdue)))
	w.Header().Set("X-Today", today)
	writePage(w, r, out, list.Page.NextCursor)
}

// careNowInput is the body of POST /api/plants/water and /api/plants/fertilize.
type careNowInput struct {
	PlantIDs []int64 `json:"plantIds"`
	// At is when the care was given (RFC 3339), for care made offline and sent later; absent: now.
	At optional[string] `json:"at"`
}

// careNowJSON answers a Water all: the plants after their care.
type careNowJSON struct {
	Plants []plantJSON `json:"plants"`
}

func (s *Server) handleCareNow(typ domain.TaskType) func(http.ResponseWriter, *http.Request, *domain.Principal) {
	return func(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
		var in careNowInput
		if err := decodeJSON(w, r, &in); err != nil {
			s.fail(w, r, err)
			return
		}
		var at time.Time
		var f fieldErrors
		if t, _ := f.timestamp("at", in.At); t != nil {
			at = *t
		}
		if err := f.err(); err != nil {
			s.fail(w, r, err)
			return
		}
		plants, err := s.svc.CareTasks.CareNow(r.Context(), p, typ, in.PlantIDs, at)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out := careNowJSON{Plants: make([]plantJSON, len(plants))}
		for i, pl := range plants {
			out.Plants[i] = toPlantJSON(pl)
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// snoozeInput is the body of POST /api/today/snooze: a watering or fertilizing of plantId, or
// the task taskId.
type snoozeInput struct {
	Kind    string `json:"kind"`
	PlantID int64  `json:"plantId"`
	TaskID  int64  `json:"taskId"`
}

func (s *Server) handleSnooze(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in snoozeInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.svc.CareTasks.Snooze(r.Context(), p, domain.DueKind(in.Kind), in.PlantID, in.TaskID); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// todayRoutes are the routes of the gardener's morning: the Today list, Water all and Snooze.
func (s *Server) todayRoutes() []route {
	return []route{
		{method: "GET", path: "/api/today", handler: s.handleToday,
			op: apiOp{summary: "The care due today or earlier in the caller's time zone: waterings, fertilizings (schedule and tasks merged, once a plant) and tasks; X-Due-Count and X-Overdue-Count count the whole list", out: []dueItemJSON{}, page: true, query: []string{"overdue: true for the care that fell due before today only", "today: the caller's date (yyyy-MM-dd)"}}},
		{method: "POST", path: "/api/today/snooze", access: writes(domain.FunctionSchedule), handler: s.handleSnooze,
			op: apiOp{summary: "Postpone a due watering, fertilizing (kind, plantId) or task (kind task, taskId) to tomorrow", in: snoozeInput{}, status: 204}},
		{method: "POST", path: "/api/plants/water", access: writes(domain.FunctionPlants), handler: s.handleCareNow(domain.TaskWater),
			op: apiOp{summary: "Water plants now (Water all, at most 100): completes their due water tasks or records a watering", in: careNowInput{}, out: careNowJSON{}}},
		{method: "POST", path: "/api/plants/fertilize", access: writes(domain.FunctionPlants), handler: s.handleCareNow(domain.TaskFertilize),
			op: apiOp{summary: "Fertilize plants now (at most 100), as POST /api/plants/water", in: careNowInput{}, out: careNowJSON{}}},
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
