package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// careLogRoutes are a plant's care log.
func (s *Server) careLogRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plants/{id}/care", handler: s.handleCareLog,
			op: apiOp{summary: "A plant's care log, newest first", out: []careEventJSON{}, page: true, query: []string{"kind: water, fertilize, mist, prune, repot, rotate, inspect or check"}}},
		{method: "POST", path: "/api/plants/{id}/care", access: writes(domain.FunctionPlants), handler: s.handleLogCare,
			op: apiOp{summary: "Log an act of care (at defaults to now; a moist check postpones the watering)", in: careInput{}, out: loggedCareJSON{}, status: 201}},
		{method: "DELETE", path: "/api/plants/{id}/care/{eventId}", access: writes(domain.FunctionPlants), handler: s.handleDeleteCare,
			op: apiOp{summary: "Delete a care log entry (the plant's last dates are recomputed)"}},
	}
}

// careEventJSON is one event of a plant's care log on the wire (docs/api.md).
type careEventJSON struct {
	ID           int64     `json:"id"`
	PlantID      int64     `json:"plantId"`
	Kind         string    `json:"kind"`
	Source       string    `json:"source"`
	At           time.Time `json:"at"`
	Note         string    `json:"note"`
	Feedback     *string   `json:"feedback"`
	PostponeDays int       `json:"postponeDays"`
	CreatedAt    time.Time `json:"createdAt"`
}

// localizedCareEventJSON is toCareEventJSON with the note Garden wrote itself (the rain's) in
// the request's language; a gardener's own note stays as written.
func (s *Server) localizedCareEventJSON(r *http.Request) func(*domain.CareEvent) careEventJSON {
	return func(e *domain.CareEvent) careEventJSON {
		out := toCareEventJSON(e)
		if e.Source == domain.CareByRain && e.Note == domain.MsgRainCareNote {
			out.Note = localize(r, s.tr, e.Note)
		}
		return out
	}
}

func toCareEventJSON(e *domain.CareEvent) careEventJSON {
	out := careEventJSON{ID: e.ID, PlantID: e.PlantID, Kind: string(e.Kind), Source: string(e.Source), At: e.At,
		Note: e.Note, PostponeDays: e.PostponeDays, CreatedAt: e.CreatedAt}
	if e.Feedback != domain.FeedbackNone {
		f := string(e.Feedback)
		out.Feedback = &f
	}
	return out
}

// careInput is the body of POST /api/plants/{id}/care.
type careInput struct {
	Kind         string           `json:"kind"`
	At           optional[string] `json:"at"`
	Note         string           `json:"note"`
	Feedback     optional[string] `json:"feedback"`
	PostponeDays optional[int]    `json:"postponeDays"`
}

// loggedCareJSON answers a logged act of care: the event and the plant it changed.
type loggedCareJSON struct {
	Event careEventJSON `json:"event"`
	Plant plantJSON     `json:"plant"`
}

func (s *Server) handleLogCare(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(endpoint{id: true, idNotFound: domain.MsgPlantNotFound}), func(q request[careInput]) (loggedCareJSON, error) {
		var f fieldErrors
		in := app.CareInput{Kind: domain.CareKind(q.in.Kind), Note: q.in.Note, Feedback: domain.Feedback(q.in.Feedback.Value)}
		if at, _ := f.timestamp("at", q.in.At); at != nil {
			in.At = *at
		}
		if q.in.PostponeDays.has() {
			in.PostponeDays = q.in.PostponeDays.Value
			if in.PostponeDays == 0 {
				f.v.Add("postponeDays", domain.MsgCarePostpone)
			}
		}
		if err := f.err(); err != nil {
			return loggedCareJSON{}, err
		}
		e, plant, err := s.svc.Plants.LogCare(r.Context(), p, q.id, in)
		if err != nil {
			return loggedCareJSON{}, err
		}
		return loggedCareJSON{Event: toCareEventJSON(e), Plant: toPlantJSON(plant)}, nil
	}, func(v loggedCareJSON) loggedCareJSON { return v })
}

// handleCareLog serves GET /api/plants/{id}/care: ?kind= and the list convention's ?limit= and
// ?cursor=, newest first.
func (s *Server) handleCareLog(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgPlantNotFound}, func(q request[noBody], page domain.PageRequest) (domain.Page[*domain.CareEvent], error) {
		return s.svc.Plants.CareLog(r.Context(), p, q.id, domain.CareKind(r.URL.Query().Get("kind")), page)
	}, s.localizedCareEventJSON(r))
}

func (s *Server) handleDeleteCare(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgPlantNotFound}, func(q request[noBody]) error {
		eventID, err := pathID(r, "eventId")
		if err != nil {
			return domain.Errorf(domain.ENotFound, "%s", domain.MsgCareEventMissing)
		}
		return s.svc.Plants.DeleteCare(r.Context(), p, q.id, eventID)
	})
}
