package httpapi

import (
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// taskJSON is a care task on the wire; projected occurrences have a null id.
type taskJSON struct {
	ID            *int64     `json:"id"`
	PlantID       int64      `json:"plantId"`
	PlantName     string     `json:"plantName"`
	TaskType      string     `json:"taskType"`
	ScheduledDate string     `json:"scheduledDate"`
	Completed     bool       `json:"completed"`
	CompletedDate *time.Time `json:"completedDate"`
	Notes         *string    `json:"notes"`
	IsRecurring   bool       `json:"isRecurring"`
	RecurringDays *int       `json:"recurringDays"`
	CreatedAt     time.Time  `json:"createdAt"`
	Projected     bool       `json:"projected,omitempty"`
	SourceTaskID  *int64     `json:"sourceTaskId,omitempty"`
}

func toTaskJSON(t *domain.CareTask) taskJSON {
	id := t.ID
	return taskJSON{ID: &id, PlantID: t.PlantID, PlantName: t.PlantName, TaskType: string(t.Type),
		ScheduledDate: t.ScheduledDate.Format(domain.DateLayout), Completed: t.Completed, CompletedDate: t.CompletedAt,
		Notes: t.Notes, IsRecurring: t.IsRecurring, RecurringDays: t.RecurringDays, CreatedAt: t.CreatedAt}
}

func projectionJSON(p app.Projection) taskJSON {
	j := toTaskJSON(p.Source)
	src := p.Source.ID
	j.ID, j.SourceTaskID, j.Projected = nil, &src, true
	j.ScheduledDate = p.Date.Format(domain.DateLayout)
	return j
}

func tasksJSON(tasks []*domain.CareTask) []taskJSON {
	out := make([]taskJSON, len(tasks))
	for i, t := range tasks {
		out[i] = toTaskJSON(t)
	}
	return out
}

// listJSON merges tasks and projections by date (tasks first on a day).
func listJSON(l app.TaskList) []taskJSON {
	out := tasksJSON(l.Tasks)
	for _, p := range l.Projected {
		out = append(out, projectionJSON(p))
	}
	sortByDate(out)
	return out
}

func sortByDate(ts []taskJSON) {
	// insertion sort keeps equal dates in their order: real tasks before projections
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j].ScheduledDate < ts[j-1].ScheduledDate; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

func (s *Server) handleListTasks(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	q := r.URL.Query()
	if q.Has("from") || q.Has("to") {
		var f fieldErrors
		from, to := f.date("from", q.Get("from")), f.date("to", q.Get("to"))
		if err := f.err(); err != nil {
			s.fail(w, r, err)
			return
		}
		l, err := s.svc.CareTasks.Range(r.Context(), p, from, to)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, listJSON(l))
		return
	}
	tasks, err := s.svc.CareTasks.List(r.Context(), p, 0)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tasksJSON(tasks))
}

func (s *Server) handleTasksOfDate(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	d, ok := domain.ParseDate(r.PathValue("date"))
	if !ok || len(r.PathValue("date")) != len(domain.DateLayout) {
		s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: domain.MsgInvalidDate, Fields: map[string]string{"date": domain.MsgInvalidDate}})
		return
	}
	l, err := s.svc.CareTasks.Range(r.Context(), p, d, d)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, listJSON(l))
}

func (s *Server) handlePlantTasks(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	tasks, err := s.svc.CareTasks.List(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tasksJSON(tasks))
}

type taskInput struct {
	PlantID       int64            `json:"plantId"`
	TaskType      string           `json:"taskType"`
	ScheduledDate string           `json:"scheduledDate"`
	Notes         optional[string] `json:"notes"`
	IsRecurring   bool             `json:"isRecurring"`
	RecurringDays optional[int]    `json:"recurringDays"`
}

func (s *Server) handleCreateTask(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in taskInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	t := &domain.CareTask{PlantID: in.PlantID, Type: domain.TaskType(in.TaskType), Notes: in.Notes.ptr(),
		IsRecurring: in.IsRecurring, RecurringDays: in.RecurringDays.ptr()}
	if d, ok := domain.ParseDate(in.ScheduledDate); ok {
		t.ScheduledDate = d
	} else if strings.TrimSpace(in.ScheduledDate) != "" && domain.DateMessage(in.ScheduledDate) == domain.MsgDateOutOfRange {
		s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: domain.MsgDateOutOfRange, Fields: map[string]string{"scheduledDate": domain.MsgDateOutOfRange}})
		return
	}
	created, err := s.svc.CareTasks.Create(r.Context(), p, t)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toTaskJSON(created))
}

// completeTaskInput is the body of handleCompleteTask.
type completeTaskInput struct {
	CompletedDate optional[string] `json:"completedDate"`
}

func (s *Server) handleCompleteTask(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The plant page's shortcut sends no body at all; the schedule sends {completedDate}.
	var in completeTaskInput
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		s.fail(w, r, domain.Errorf(domain.ETooLarge, "Request body is too large (limit %d bytes)", maxJSONBody))
		return
	}
	var at *time.Time
	if strings.TrimSpace(string(body)) != "" {
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		if err := decodeJSON(w, r, &in); err != nil {
			s.fail(w, r, err)
			return
		}
		var f fieldErrors
		at, _ = f.timestamp("completedDate", in.CompletedDate)
		if err := f.err(); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	done, next, err := s.svc.CareTasks.Complete(r.Context(), p, id, at)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := struct {
		taskJSON
		NextTask *taskJSON `json:"nextTask"`
	}{taskJSON: toTaskJSON(done)}
	if next != nil {
		n := toTaskJSON(next)
		out.NextTask = &n
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleDeleteTask(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error { return s.svc.CareTasks.Delete(r.Context(), p, q.id) })
}

// handleOverdueTasks serves GET /api/care-tasks/overdue?today=yyyy-MM-dd: the pending tasks
// scheduled before today, oldest first, paginated.
func (s *Server) handleOverdueTasks(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	day, page, err := dayPageParams(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	tasks, err := s.svc.CareTasks.Overdue(r.Context(), p, day, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePage(w, r, tasksJSON(tasks.Items), tasks.NextCursor)
}

// careDueJSON is a plant's due watering or fertilizing on a calendar day.
type careDueJSON struct {
	PlantID   int64  `json:"plantId"`
	PlantName string `json:"plantName"`
	TaskType  string `json:"taskType"`
	Date      string `json:"date"`
	DueDate   string `json:"dueDate"`
	Overdue   bool   `json:"overdue"`
}

// handleCareDue serves GET /api/care-due?from=&to=&today=: each plant's next watering and
// fertilizing on the days from..to, an overdue one on today (as the iCal feed), paginated.
func (s *Server) handleCareDue(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	q := r.URL.Query()
	var f fieldErrors
	from, to := f.date("from", q.Get("from")), f.date("to", q.Get("to"))
	if err := f.err(); err != nil {
		s.fail(w, r, err)
		return
	}
	day, page, err := dayPageParams(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	due, err := s.svc.CareTasks.CareDue(r.Context(), p, day, from, to, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]careDueJSON, len(due.Items))
	for i, c := range due.Items {
		out[i] = careDueJSON{PlantID: c.PlantID, PlantName: c.PlantName, TaskType: string(c.Type),
			Date: c.Date.Format(domain.DateLayout), DueDate: c.DueDate.Format(domain.DateLayout), Overdue: c.Overdue()}
	}
	writePage(w, r, out, due.NextCursor)
}

// careTaskRoutes are care tasks, the overdue list and the care due per day.
func (s *Server) careTaskRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plants/{id}/care-tasks", handler: s.handlePlantTasks,
			op: apiOp{summary: "A plant's care tasks", out: []taskJSON{}}},
		{method: "GET", path: "/api/care-tasks", handler: s.handleListTasks,
			op: apiOp{summary: "The caller's care tasks, or with from and to the tasks and projected care of those days", out: []taskJSON{}, query: []string{"from: first day (yyyy-MM-dd)", "to: last day (yyyy-MM-dd)"}}},
		{method: "POST", path: "/api/care-tasks", access: writes(domain.FunctionSchedule), handler: s.handleCreateTask,
			op: apiOp{summary: "Schedule a care task", in: taskInput{}, out: taskJSON{}, status: 201}},
		{method: "GET", path: "/api/care-tasks/date/{date}", handler: s.handleTasksOfDate,
			op: apiOp{summary: "The care tasks of one day (yyyy-MM-dd)", out: []taskJSON{}}},
		{method: "PATCH", path: "/api/care-tasks/{id}/complete", access: writes(domain.FunctionSchedule), handler: s.handleCompleteTask,
			op: apiOp{summary: "Complete a care task; a recurring one schedules its next task", in: completeTaskInput{}, out: completedTaskJSON{}}},
		{method: "DELETE", path: "/api/care-tasks/{id}", access: writes(domain.FunctionSchedule), handler: s.handleDeleteTask,
			op: apiOp{summary: "Delete a care task"}},
		{method: "GET", path: "/api/care-tasks/overdue", handler: s.handleOverdueTasks,
			op: apiOp{summary: "Pending tasks scheduled before today, oldest first", out: []taskJSON{}, page: true, query: []string{"today: the caller's date (yyyy-MM-dd)"}}},
		{method: "GET", path: "/api/care-due", handler: s.handleCareDue,
			op: apiOp{summary: "Each plant's due watering and fertilizing on the days from..to", out: []careDueJSON{}, page: true, query: []string{"from: first day (yyyy-MM-dd)", "to: last day (yyyy-MM-dd)", "today: the caller's date (yyyy-MM-dd)"}}},
	}
}
