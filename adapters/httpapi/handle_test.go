package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

type handleIn struct {
	Name string `json:"name"`
}

type handleOut struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// serveHandle runs handleJSON for one request with {id} = id and answers status and body.
func serveHandle(t *testing.T, e endpoint, role domain.Role, id, body string, call func(request[handleIn]) (handleOut, error)) (int, errorJSON, *bool) {
	t.Helper()
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	called := new(bool)
	r := httptest.NewRequest("PATCH", "/api/things/"+id, strings.NewReader(body))
	r.SetPathValue("id", id)
	w := httptest.NewRecorder()
	p := &domain.Principal{User: &domain.User{ID: 7, Role: role}}
	handleJSON(s, w, r, p, e, func(q request[handleIn]) (handleOut, error) {
		*called = true
		return call(q)
	}, func(o handleOut) handleOut { return o })
	var got errorJSON
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	return w.Code, got, called
}

func TestHandleJSON_OrderOfChecks(t *testing.T) {
	t.Parallel()
	ok := func(q request[handleIn]) (handleOut, error) { return handleOut{ID: q.id, Name: q.in.Name}, nil }
	superadmin := func(p *domain.Principal) error { return domain.RequireRole(p, domain.RoleSuperadmin) }
	admin := endpoint{guard: superadmin, id: true, idNotFound: "Thing not found"}
	cases := map[string]struct {
		e          endpoint
		role       domain.Role
		id, body   string
		status     int
		message    string
		wantCalled bool
	}{
		// The guard comes first: a user learns nothing about the id or the body.
		"guard before id and body": {admin, domain.RoleUser, "x", "{", http.StatusForbidden, domain.MsgSuperadminRequired, false},
		"id before body":           {admin, domain.RoleSuperadmin, "0", "{", http.StatusNotFound, "Thing not found", false},
		"plain not found":          {endpoint{id: true}, domain.RoleUser, "-3", `{}`, http.StatusNotFound, "Not found", false},
		"body before call":         {admin, domain.RoleSuperadmin, "4", "{", http.StatusBadRequest, "Request body is not valid JSON", false},
		"empty body":               {endpoint{}, domain.RoleUser, "4", "", http.StatusBadRequest, "Request body is empty: send a JSON object", false},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			status, got, called := serveHandle(t, c.e, c.role, c.id, c.body, ok)
			if status != c.status || got.Message != c.message || *called != c.wantCalled {
				t.Fatalf("got %d %q (called %v), want %d %q", status, got.Message, *called, c.status, c.message)
			}
		})
	}
}

func TestHandleJSON_CallAndEncode(t *testing.T) {
	t.Parallel()
	e := endpoint{id: true, status: http.StatusCreated}
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	r := httptest.NewRequest("POST", "/api/things/12", strings.NewReader(`{"name":"Basil"}`))
	r.SetPathValue("id", "12")
	w := httptest.NewRecorder()
	handleJSON(s, w, r, nil, e, func(q request[handleIn]) (handleOut, error) {
		return handleOut{ID: q.id, Name: q.in.Name}, nil
	}, func(o handleOut) map[string]any { return map[string]any{"thing": o} })
	if w.Code != http.StatusCreated || strings.TrimSpace(w.Body.String()) != `{"thing":{"id":12,"name":"Basil"}}` {
		t.Fatalf("got %d %s", w.Code, w.Body)
	}

	// The use case's error takes the one error path: its status and message, nothing else.
	status, got, _ := serveHandle(t, endpoint{}, domain.RoleUser, "1", `{"name":"x"}`, func(request[handleIn]) (handleOut, error) {
		return handleOut{}, domain.Errorf(domain.EConflict, "Thing exists")
	})
	if status != http.StatusConflict || got.Message != "Thing exists" {
		t.Fatalf("got %d %+v", status, got)
	}
}

func TestHandleJSON_NoBodyAndNoContent(t *testing.T) {
	t.Parallel()
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))}

	// noBody reads nothing: a GET without a body is fine, and a list encodes as [] when empty.
	r := httptest.NewRequest("GET", "/api/things", nil)
	w := httptest.NewRecorder()
	handleJSON(s, w, r, nil, endpoint{}, func(request[noBody]) ([]*handleOut, error) { return nil, nil },
		each(func(o *handleOut) handleOut { return *o }))
	if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != "[]" {
		t.Fatalf("list: got %d %s", w.Code, w.Body)
	}

	var deleted int64
	r = httptest.NewRequest("DELETE", "/api/things/5", nil)
	r.SetPathValue("id", "5")
	w = httptest.NewRecorder()
	handleNoContent(s, w, r, nil, endpoint{id: true}, func(q request[noBody]) error { deleted = q.id; return nil })
	if w.Code != http.StatusNoContent || w.Body.Len() != 0 || deleted != 5 {
		t.Fatalf("delete: got %d %q, deleted %d", w.Code, w.Body, deleted)
	}

	r = httptest.NewRequest("DELETE", "/api/things/5", nil)
	r.SetPathValue("id", "5")
	w = httptest.NewRecorder()
	handleNoContent(s, w, r, nil, endpoint{id: true}, func(request[noBody]) error { return domain.Errorf(domain.ENotFound, "Thing not found") })
	if w.Code != http.StatusNotFound {
		t.Fatalf("delete of a missing thing: got %d", w.Code)
	}
}
