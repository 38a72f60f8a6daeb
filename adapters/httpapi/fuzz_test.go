package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// fuzzAnswer checks the one promise every API answer keeps, whatever the input: never a 500,
// never an empty or non-JSON success body, always a message on an error.
func fuzzAnswer(t *testing.T, what string, in []byte, rec *httptest.ResponseRecorder) {
	t.Helper()
	body := rec.Body.Bytes()
	switch {
	case rec.Code >= 500:
		t.Fatalf("%s answered %d for %q: %s", what, rec.Code, in, body)
	case rec.Code == http.StatusNoContent:
	case rec.Code < 300:
		if !json.Valid(body) {
			t.Fatalf("%s answered %d with a body that is not JSON for %q: %q", what, rec.Code, in, body)
		}
	default:
		var e struct{ Message, Code string }
		if json.Unmarshal(body, &e) != nil || e.Message == "" || e.Code == "" {
			t.Fatalf("%s answered %d without an error body for %q: %q", what, rec.Code, in, body)
		}
	}
}

func (h *harness) serve(method, path, token, contentType string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.handler.ServeHTTP(rec, req)
	return rec
}

// FuzzJSONWrites sends fuzzed JSON bodies to the main writes: sign-in, plants (create, edit),
// care tasks (create, complete), journal entries, sites (create, edit), users (create, edit)
// and one's own settings.
func FuzzJSONWrites(f *testing.F) {
	h := newHarness(f, options{postgres: dbtest.Available()}) // instrumented SQLite is slow under -fuzz
	ctx := context.Background()
	h.user("super", domain.RoleSuperadmin)
	h.user("gardener", domain.RoleUser)
	other := h.user("other", domain.RoleUser)
	superTok := h.login("super", "password-super")
	tok := h.login("gardener", "password-gardener")
	r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Basil", "plantType": "Herbs"})
	plant := strconv.FormatInt(int64(r.body["id"].(float64)), 10)
	r = h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": r.body["id"], "taskType": "water", "scheduledDate": "2026-06-01"})
	task := strconv.FormatInt(int64(r.body["id"].(float64)), 10)
	r = h.do("POST", "/api/sites", superTok, map[string]any{"name": "Site"})
	site := strconv.FormatInt(int64(r.body["id"].(float64)), 10)
	type route struct {
		method, path string
		super        bool
	}
	routes := []route{
		{"POST", "/api/login", false},
		{"POST", "/api/plants", false},
		{"PATCH", "/api/plants/" + plant, false},
		{"POST", "/api/care-tasks", false},
		{"PATCH", "/api/care-tasks/" + task + "/complete", false},
		{"POST", "/api/journal-entries", false},
		{"POST", "/api/sites", true},
		{"PATCH", "/api/sites/" + site, true},
		{"POST", "/api/users", true},
		{"PATCH", "/api/users/" + strconv.FormatInt(other.ID, 10), true},
		{"PATCH", "/api/user/settings", false},
	}
	seeds := []string{
		`{"username":"gardener","password":"password-gardener"}`,
		`{"name":"Mint","plantType":"Herbs","waterFrequency":3,"lastWatered":"2026-05-01T10:00:00Z","acquiredDate":"2026-01-01"}`,
		`{"name":"Mint2","notes":null,"growthProgress":50,"status":"healthy","lastFertilized":"9999-12-31T23:59:59Z"}`,
		`{"plantId":1,"taskType":"water","scheduledDate":"2026-06-02","isRecurring":true,"recurringDays":7}`,
		`{"completedDate":"2026-06-03T09:00:00Z"}`,
		`{"plantId":1,"title":"Sprouted","content":"two leaves","entryDate":"2026-06-01","growthStage":"seedling"}`,
		`{"name":"North","userLimit":"5","plantLimit":2147483648,"website":"https://x.example"}`,
		`{"name":"South","status":"inactive","categoryId":null}`,
		`{"username":"newbie","password":"long-password","role":"user","email":"n@example.org","isActive":false}`,
		`{"fullName":"Other","password":"another-password","siteId":1,"isSiteAdmin":true}`,
		`{"fullName":"Me","notificationPreferences":{"email":false,"push":true},"preferences":{"notifications":true}}`,
	}
	for i, s := range seeds {
		f.Add(uint8(i), []byte(s))
	}
	f.Add(uint8(1), []byte(`{"name":"N\u0000UL","plantType":"Herbs"}`))
	f.Add(uint8(6), []byte(`{"name":"Big","userLimit":1e30}`))
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		rt := routes[int(which)%len(routes)]
		token := tok
		if rt.super {
			token = superTok
		} else if rt.path == "/api/login" {
			token = ""
		}
		rec := h.serve(rt.method, rt.path, token, "application/json", body)
		fuzzAnswer(t, rt.method+" "+rt.path, body, rec)
		// A fuzzed settings change may have changed the gardener's password, signing them out:
		// sign them in again so the next inputs reach the handlers.
		if _, err := h.accounts.Authenticate(ctx, tok); err != nil {
			if _, err := h.accounts.ResetPassword(ctx, "gardener", "password-gardener"); err != nil {
				t.Fatal(err)
			}
			_, _ = h.accounts.SetActive(ctx, "gardener", true)
			signed, err := h.accounts.Login(ctx, "gardener", "password-gardener")
			if err != nil {
				t.Fatal(err)
			}
			tok = signed.Token
		}
	})
}

// FuzzUpload sends fuzzed multipart bodies (and boundaries) to the image upload.
func FuzzUpload(f *testing.F) {
	h := newHarness(f, options{postgres: dbtest.Available()}) // instrumented SQLite is slow under -fuzz
	h.user("gardener", domain.RoleUser)
	tok := h.login("gardener", "password-gardener")
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82"
	f.Add("B", []byte("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"+png+"\r\n--B--\r\n"))
	f.Add("B", []byte("--B\r\nContent-Disposition form-data; name=\"file\"\r\n\r\nabc\r\n--B--\r\n"))
	f.Add("B", []byte("--B\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nabc\r\n--B\r\n"))
	f.Add("", []byte("garbage"))
	f.Fuzz(func(t *testing.T, boundary string, body []byte) {
		ct := fmt.Sprintf("multipart/form-data; boundary=%q", boundary)
		rec := h.serve("POST", "/api/upload/image", tok, ct, body)
		fuzzAnswer(t, "upload", body, rec)
	})
}
