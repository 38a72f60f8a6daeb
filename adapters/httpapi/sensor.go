package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// sensorReadingJSON is one reading (hourly: the mean of samples readings in that hour).
type sensorReadingJSON struct {
	Metric  string    `json:"metric"`
	Value   float64   `json:"value"`
	At      time.Time `json:"at"`
	Samples int       `json:"samples"`
	Hourly  bool      `json:"hourly"`
}

func toSensorReadingJSON(r domain.SensorReading) sensorReadingJSON {
	return sensorReadingJSON{Metric: r.Metric, Value: r.Value, At: r.At, Samples: max(r.Samples, 1), Hourly: r.Hourly}
}

// sensorLinkJSON is a sensor linked to a plant, with its newest reading of each metric.
type sensorLinkJSON struct {
	ID       int64  `json:"id"`
	PlantID  int64  `json:"plantId"`
	SensorID string `json:"sensorId"`
	// MoistureBelow: a moisture reading below it (percent) means the plant needs water.
	MoistureBelow *float64 `json:"moistureBelow"`
	// Dry: a dry spell runs (since drySince); the plant needs water unless watered since.
	Dry       bool                `json:"dry"`
	DrySince  *time.Time          `json:"drySince"`
	Latest    []sensorReadingJSON `json:"latest"`
	CreatedAt time.Time           `json:"createdAt"`
	UpdatedAt time.Time           `json:"updatedAt"`
}

func toSensorLinkJSON(l *domain.SensorLink, latest []domain.SensorReading) sensorLinkJSON {
	out := sensorLinkJSON{ID: l.ID, PlantID: l.PlantID, SensorID: l.SensorID, MoistureBelow: l.MoistureBelow, Dry: l.DrySince != nil,
		DrySince: l.DrySince, Latest: make([]sensorReadingJSON, len(latest)), CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt}
	for i, r := range latest {
		out.Latest[i] = toSensorReadingJSON(r)
	}
	return out
}

// sensorLinkInput links a sensor (POST) or changes its threshold (PATCH; null clears it).
type sensorLinkInput struct {
	SensorID      string            `json:"sensorId"`
	MoistureBelow optional[float64] `json:"moistureBelow"`
}

// sensorRoutes link soil sensors to a plant (issue #29 item 2); served when Services.Sensors is set.
func (s *Server) sensorRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plants/{id}/sensors", handler: s.handleListSensors,
			op: apiOp{summary: "The sensors linked to the caller's plant (at most 4), each with its newest reading of each metric", out: []sensorLinkJSON{}}},
		{method: "POST", path: "/api/plants/{id}/sensors", access: writes(""), handler: s.handleCreateSensor,
			op: apiOp{summary: "Link a sensor (garden/sensors/<sensorId>/<metric>) to the caller's plant, with a moisture threshold in percent", in: sensorLinkInput{}, out: sensorLinkJSON{}, status: 201}},
		{method: "PATCH", path: "/api/plants/{id}/sensors/{sensorLinkId}", access: writes(""), handler: s.handleUpdateSensor,
			op: apiOp{summary: "Change a sensor's threshold (moistureBelow null removes it); the newest reading is applied at once", in: sensorLinkInput{}, out: sensorLinkJSON{}}},
		{method: "DELETE", path: "/api/plants/{id}/sensors/{sensorLinkId}", access: writes(""), handler: s.handleDeleteSensor,
			op: apiOp{summary: "Unlink a sensor from the plant (its readings stay until retention ends them)"}},
		{method: "GET", path: "/api/plants/{id}/sensors/{sensorLinkId}/readings", handler: s.handleSensorReadings,
			op: apiOp{summary: "A linked sensor's readings of one metric over the last hours (raw for 7 days, hourly before; at most 2500), oldest first", out: []sensorReadingJSON{}, query: []string{"metric: moisture (default), temperature, light or battery", "hours: 1 to 2160 (default 168)"}}},
	}
}

func (s *Server) handleListSensors(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[noBody]) ([]app.SensorLinkView, error) {
		return s.svc.Sensors.List(r.Context(), p, q.id)
	}, each(func(v app.SensorLinkView) sensorLinkJSON { return toSensorLinkJSON(v.SensorLink, v.Latest) }))
}

func (s *Server) handleCreateSensor(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(endpoint{id: true}), func(q request[sensorLinkInput]) (*domain.SensorLink, error) {
		return s.svc.Sensors.Create(r.Context(), p, q.id, app.SensorInput{SensorID: q.in.SensorID, MoistureBelow: q.in.MoistureBelow.ptr()})
	}, sensorLinkOnly)
}

func (s *Server) handleUpdateSensor(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[sensorLinkInput]) (*domain.SensorLink, error) {
		linkID, err := pathID(r, "sensorLinkId")
		if err != nil {
			return nil, err
		}
		return s.svc.Sensors.Update(r.Context(), p, q.id, linkID, app.SensorPatch{MoistureBelow: q.in.MoistureBelow.ptr(),
			ClearThreshold: q.in.MoistureBelow.Set && q.in.MoistureBelow.Null})
	}, sensorLinkOnly)
}

func (s *Server) handleDeleteSensor(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error {
		linkID, err := pathID(r, "sensorLinkId")
		if err != nil {
			return err
		}
		return s.svc.Sensors.Delete(r.Context(), p, q.id, linkID)
	})
}

// sensorLinkOnly encodes a link without its latest readings (a write's answer).
func sensorLinkOnly(l *domain.SensorLink) sensorLinkJSON { return toSensorLinkJSON(l, nil) }

func (s *Server) handleSensorReadings(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	linkID, err := pathID(r, "sensorLinkId")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	hours := 0
	if v := r.URL.Query().Get("hours"); v != "" {
		if hours, err = strconv.Atoi(v); err != nil || hours < 1 {
			var bad domain.Validation
			bad.Add("hours", "Hours must be a whole number from 1 to 2160")
			s.fail(w, r, bad.Err())
			return
		}
	}
	series, err := s.svc.Sensors.Series(r.Context(), p, id, linkID, r.URL.Query().Get("metric"), hours)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]sensorReadingJSON, len(series))
	for i, x := range series {
		out[i] = toSensorReadingJSON(x)
	}
	writeJSON(w, http.StatusOK, out)
}
