package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// webhookJSON is a webhook on the wire; secret is present only in the answer that set it
// (creation, a new or rotated secret): it is never shown again.
type webhookJSON struct {
	ID           int64      `json:"id"`
	URL          string     `json:"url"`
	Events       []string   `json:"events"`
	Active       bool       `json:"active"`
	SiteWide     bool       `json:"siteWide"`
	FailingSince *time.Time `json:"failingSince"`
	PausedAt     *time.Time `json:"pausedAt"`
	CreatedAt    time.Time  `json:"createdAt"`
	UpdatedAt    time.Time  `json:"updatedAt"`
	Secret       string     `json:"secret,omitempty"`
}

func toWebhookJSON(w *domain.Webhook) webhookJSON {
	events := w.Events
	if events == nil {
		events = []string{}
	}
	return webhookJSON{ID: w.ID, URL: w.URL, Events: events, Active: w.Active, SiteWide: w.SiteWide, FailingSince: w.FailingSince,
		PausedAt: w.PausedAt, CreatedAt: w.CreatedAt, UpdatedAt: w.UpdatedAt, Secret: w.Secret}
}

// webhookInput creates (POST) or changes (PATCH: absent fields stay) a webhook.
type webhookInput struct {
	URL    *string   `json:"url"`
	Events *[]string `json:"events"`
	// Secret signs the deliveries; empty on creation: one is drawn and shown once.
	Secret *string `json:"secret"`
	// RotateSecret (PATCH) draws a new secret, shown once in the answer.
	RotateSecret bool  `json:"rotateSecret"`
	Active       *bool `json:"active"`
	// SiteWide (POST, superadmins) hears every user's events.
	SiteWide bool `json:"siteWide"`
}

// webhookDeliveryJSON is one entry of a webhook's delivery log.
type webhookDeliveryJSON struct {
	ID          int64      `json:"id"`
	Event       string     `json:"event"`
	Status      string     `json:"status"`
	Attempts    int        `json:"attempts"`
	HTTPStatus  int        `json:"httpStatus"`
	LatencyMs   int64      `json:"latencyMs"`
	Error       string     `json:"error"`
	CreatedAt   time.Time  `json:"createdAt"`
	AttemptedAt *time.Time `json:"attemptedAt"`
}

// toWebhookDeliveryJSON encodes d with its error written by tr (the request's language).
func toWebhookDeliveryJSON(d *domain.WebhookDelivery, tr func(string) string) webhookDeliveryJSON {
	return webhookDeliveryJSON{ID: d.ID, Event: d.Event, Status: d.Status, Attempts: d.Attempts, HTTPStatus: d.HTTPStatus,
		LatencyMs: d.Latency.Milliseconds(), Error: tr(d.Error), CreatedAt: d.CreatedAt, AttemptedAt: d.AttemptedAt}
}

// webhookRoutes are the caller's webhooks (issue #29); served when Services.Webhooks is set.
func (s *Server) webhookRoutes() []route {
	return []route{
		{method: "GET", path: "/api/webhooks", handler: s.handleListWebhooks,
			op: apiOp{summary: "The caller's webhooks (secrets are never shown again)", out: []webhookJSON{}}},
		{method: "POST", path: "/api/webhooks", access: writes(""), handler: s.handleCreateWebhook,
			op: apiOp{summary: "Create a webhook (its secret is shown once, in secret; siteWide: superadmins)", in: webhookInput{}, out: webhookJSON{}, status: 201}},
		{method: "PATCH", path: "/api/webhooks/{id}", access: writes(""), handler: s.handleUpdateWebhook,
			op: apiOp{summary: "Change a webhook (absent fields stay; active true lifts a pause; rotateSecret shows the new secret once)", in: webhookInput{}, out: webhookJSON{}}},
		{method: "DELETE", path: "/api/webhooks/{id}", access: writes(""), handler: s.handleDeleteWebhook,
			op: apiOp{summary: "Delete a webhook with its log and pending deliveries"}},
		{method: "GET", path: "/api/webhooks/{id}/deliveries", handler: s.handleWebhookDeliveries,
			op: apiOp{summary: "A webhook's delivery log: its newest 50 deliveries, newest first", out: []webhookDeliveryJSON{}}},
		{method: "POST", path: "/api/webhooks/{id}/test", access: writes(""), handler: s.handleTestWebhook,
			op: apiOp{summary: "Send a webhook.test event now and answer its log entry", out: webhookDeliveryJSON{}}},
	}
}

func (s *Server) handleListWebhooks(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	hooks, err := s.svc.Webhooks.List(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]webhookJSON, len(hooks))
	for i, h := range hooks {
		out[i] = toWebhookJSON(h)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleCreateWebhook(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in webhookInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	nw := app.WebhookInput{Active: in.Active, SiteWide: in.SiteWide}
	if in.URL != nil {
		nw.URL = *in.URL
	}
	if in.Events != nil {
		nw.Events = *in.Events
	}
	if in.Secret != nil {
		nw.Secret = *in.Secret
	}
	hook, err := s.svc.Webhooks.Create(r.Context(), p, nw)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toWebhookJSON(hook))
}

func (s *Server) handleUpdateWebhook(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var in webhookInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	hook, err := s.svc.Webhooks.Update(r.Context(), p, id, app.WebhookPatch{URL: in.URL, Events: in.Events, Secret: in.Secret,
		RotateSecret: in.RotateSecret, Active: in.Active})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toWebhookJSON(hook))
}

func (s *Server) handleDeleteWebhook(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.svc.Webhooks.Delete(r.Context(), p, id)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleWebhookDeliveries(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ds, err := s.svc.Webhooks.Deliveries(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]webhookDeliveryJSON, len(ds))
	for i, d := range ds {
		out[i] = toWebhookDeliveryJSON(d, s.translateIn(r))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleTestWebhook(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.svc.Webhooks.SendTest(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toWebhookDeliveryJSON(d, s.translateIn(r)))
}
