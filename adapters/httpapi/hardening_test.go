package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/httpapi"
	"github.com/gardenctl/garden/core/domain"
)

// TestImpersonation_EndsWithTheImpersonatorsRights: an impersonation token stops working when
// the superadmin is demoted (revoked at once), when their rights change behind the service's
// back (checked on every request), and after one hour (issue #16 item 5).
func TestImpersonation_EndsWithTheImpersonatorsRights(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			ctx := context.Background()
			h.user("boss", domain.RoleSuperadmin)
			target := h.user("gardener", domain.RoleUser)
			start := func() string {
				tok := h.login("boss", "password-boss")
				r := h.do("POST", "/api/impersonate/"+strconv.FormatInt(target.ID, 10), tok, nil)
				expect(t, r, 200, "")
				imp := r.body["token"].(string)
				expect(t, h.do("GET", "/api/user", imp, nil), 200, "")
				return imp
			}

			// Demoted through the service (API, CLI): revoked at once.
			imp := start()
			if _, err := h.accounts.SetRole(ctx, "boss", domain.RoleAdmin); err != nil {
				t.Fatal(err)
			}
			expect(t, h.do("GET", "/api/user", imp, nil), 401, "")
			// Deactivated after the demotion: still nothing.
			if _, err := h.accounts.SetActive(ctx, "boss", false); err != nil {
				t.Fatal(err)
			}
			expect(t, h.do("GET", "/api/user", imp, nil), 401, "")
			if _, err := h.accounts.SetActive(ctx, "boss", true); err != nil {
				t.Fatal(err)
			}
			if _, err := h.accounts.SetRole(ctx, "boss", domain.RoleSuperadmin); err != nil {
				t.Fatal(err)
			}

			// Rights changed straight in the store (another replica mid-change, a restore):
			// the next request checks the impersonator and refuses.
			imp = start()
			boss, _ := h.store.UserByUsername(ctx, "boss")
			if _, err := h.store.UpdateUser(ctx, boss.ID, func(u *domain.User) error { u.Role = domain.RoleAdmin; return nil }); err != nil {
				t.Fatal(err)
			}
			expect(t, h.do("GET", "/api/user", imp, nil), 401, "")
			if _, err := h.store.UpdateUser(ctx, boss.ID, func(u *domain.User) error { u.Role = domain.RoleSuperadmin; return nil }); err != nil {
				t.Fatal(err)
			}
			// Once refused, the token stays dead even with the rights back.
			expect(t, h.do("GET", "/api/user", imp, nil), 401, "")

			// An impersonation cannot mint a personal API token that would outlive it.
			imp = start()
			expect(t, h.do("POST", "/api/user/tokens", imp, map[string]any{"name": "keep", "scope": "write", "expiresInDays": 30}), 403, domain.MsgNoTokensWhileImpersonating)

			// One hour, not the 24 hours of an ordinary session in this harness.
			imp = start()
			h.clock.Advance(59 * time.Minute)
			expect(t, h.do("GET", "/api/user", imp, nil), 200, "")
			h.clock.Advance(2 * time.Minute)
			expect(t, h.do("GET", "/api/user", imp, nil), 401, "")
		})
	}
}

// TestDates_OutOfRangeRefused: a far-future date is a 400 with a clear message on every date
// field, and the plant list keeps answering with a body (issue #16 item 6).
func TestDates_OutOfRangeRefused(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("rose", domain.RoleUser)
			tok := h.login("rose", "password-rose")
			r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Basil", "plantType": "Herbs", "waterFrequency": 3})
			expect(t, r, 201, "")
			plant := int64(r.body["id"].(float64))
			pid := strconv.FormatInt(plant, 10)
			for _, bad := range []string{"9999-12-31T23:59:59Z", "9999-12-31", "0001-01-01", "1899-12-31", "2201-01-01T00:00:00Z"} {
				for _, c := range []struct{ method, path, field string }{
					{"POST", "/api/plants", "lastWatered"},
					{"POST", "/api/plants", "acquiredDate"},
					{"PATCH", "/api/plants/" + pid, "lastWatered"},
					{"PATCH", "/api/plants/" + pid, "lastFertilized"},
					{"POST", "/api/journal-entries", "entryDate"},
					{"POST", "/api/care-tasks", "scheduledDate"},
				} {
					body := map[string]any{"name": "Mint", "plantType": "Herbs", "plantId": plant, "taskType": "water", "title": "t", "content": "c", c.field: bad}
					got := h.do(c.method, c.path, tok, body)
					if got.status != 400 || got.body["message"] != domain.MsgDateOutOfRange {
						t.Errorf("%s %s %s=%s: %d %s, want 400 %q", c.method, c.path, c.field, bad, got.status, got.raw, domain.MsgDateOutOfRange)
					}
				}
			}
			// Completing a task with a far-future date.
			task := h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "water", "scheduledDate": "2026-06-01"})
			expect(t, task, 201, "")
			tid := strconv.FormatInt(int64(task.body["id"].(float64)), 10)
			expect(t, h.do("PATCH", "/api/care-tasks/"+tid+"/complete", tok, map[string]any{"completedDate": "9999-12-31T23:59:59Z"}), 400, domain.MsgDateOutOfRange)
			// The edges are accepted, and the list still answers with a body.
			// (A last watering in the future is refused by its own rule: the edge is tried on the
			// acquired date.)
			expect(t, h.do("PATCH", "/api/plants/"+pid, tok, map[string]any{"acquiredDate": "2200-12-31T00:00:00Z"}), 200, "")
			list := h.do("GET", "/api/plants", tok, nil)
			if list.status != 200 || !strings.HasPrefix(strings.TrimSpace(list.raw), "[") {
				t.Fatalf("plant list: %d %q", list.status, list.raw)
			}
		})
	}
}

// TestTextWithNUL_Refused: a NUL character in any text field is a 400, not a 500 on
// PostgreSQL (issue #16 item 7).
func TestTextWithNUL_Refused(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("super", domain.RoleSuperadmin)
			tok := h.login("super", "password-super")
			for _, c := range []struct{ method, path, body string }{
				{"POST", "/api/plants", `{"name":"Ba\u0000sil","plantType":"Herbs"}`},
				{"POST", "/api/plants", `{"name":"Basil","plantType":"Herbs","notes":"x\u0000"}`},
				{"POST", "/api/sites", `{"name":"Site\u0000"}`},
				{"POST", "/api/users", `{"username":"nul","password":"long-password","fullName":"N\u0000L"}`},
				{"PATCH", "/api/user/settings", `{"fullName":"\u0000"}`},
				{"POST", "/api/journal-entries", `{"plantId":1,"title":"\u0000","content":"c"}`},
				{"POST", "/api/login", `{"username":"super\u0000","password":"password-super"}`},
			} {
				r := h.do(c.method, c.path, tok, c.body)
				if r.status != 400 || r.body["message"] != httpapi.MsgNULCharacter {
					t.Errorf("%s %s %s: %d %s, want 400 %q", c.method, c.path, c.body, r.status, r.raw, httpapi.MsgNULCharacter)
				}
			}
			if strings.Contains(h.logs.String(), "level=ERROR") {
				t.Fatalf("a NUL byte reached the database:\n%s", h.logs.String())
			}
		})
	}
}

// TestSiteLimits_TooLarge: a limit of 2^31 or more is a 400 with the form's style of message,
// not a 500 on PostgreSQL (issue #16 item 7).
func TestSiteLimits_TooLarge(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("super", domain.RoleSuperadmin)
			tok := h.login("super", "password-super")
			for _, c := range []struct {
				field string
				value any
				msg   string
			}{
				{"plantLimit", 2147483648, domain.MsgPlantLimitTooLarge},
				{"userLimit", 2147483648, domain.MsgUserLimitTooLarge},
				{"userLimit", "99999999999999999999", domain.MsgUserLimitTooLarge},
				{"plantLimit", 1e30, domain.MsgPlantLimitTooLarge},
			} {
				r := h.do("POST", "/api/sites", tok, map[string]any{"name": "Big", c.field: c.value})
				expect(t, r, 400, c.msg)
			}
			r := h.do("POST", "/api/sites", tok, map[string]any{"name": "Edge", "userLimit": 2147483647, "plantLimit": 2147483647})
			expect(t, r, 201, "")
			id := strconv.FormatInt(int64(r.body["id"].(float64)), 10)
			expect(t, h.do("PATCH", "/api/sites/"+id, tok, map[string]any{"plantLimit": 4294967296}), 400, domain.MsgPlantLimitTooLarge)
		})
	}
}

// TestUpload_MalformedMultipart: broken multipart bodies are 400s (issue #16 item 7).
func TestUpload_MalformedMultipart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("fern", domain.RoleUser)
	tok := h.login("fern", "password-fern")
	long := strings.Repeat("x", 70000)
	for name, body := range map[string]string{
		"bad part header": "--B\r\nContent-Disposition form-data; name=\"file\"\r\n\r\nabc\r\n--B--\r\n",
		"no closing":      "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG",
		"garbage":         "this is not multipart at all",
		"header too long": "--B\r\nX-Long: " + long + "\r\n\r\nabc\r\n--B--\r\n",
		"bad boundary":    "--B\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nabc\r\n--BX\r\n\r\n",
	} {
		req, _ := http.NewRequest("POST", h.srv.URL+"/api/upload/image", bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "multipart/form-data; boundary=B")
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := h.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 400 {
			t.Errorf("%s: %d %s, want 400", name, res.StatusCode, raw)
		}
	}
	if strings.Contains(h.logs.String(), "level=ERROR") {
		t.Fatalf("malformed uploads logged as server errors:\n%s", h.logs.String())
	}
}

// TestWriteJSON_NeverEmpty200: a value that cannot be encoded is a 500 with the error body and
// a log line, never a 200 with an empty body (issue #16 item 6). Stored rows written before the
// date range existed are the way such a value reaches an answer.
func TestWriteJSON_NeverEmpty200(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			u := h.user("rose", domain.RoleUser)
			tok := h.login("rose", "password-rose")
			far := time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
			week := 7
			p := &domain.Plant{UserID: u.ID, Name: "Old", Type: "Herbs", WaterFrequency: &week, LastWatered: &far,
				AcquiredDate: far, CreatedAt: h.clock.Now(), Status: domain.StatusHealthy}
			if err := h.store.CreatePlant(context.Background(), p, 0); err != nil {
				t.Fatal(err)
			}
			r := h.do("GET", "/api/plants", tok, nil)
			if r.status != 500 || r.body["message"] != "Internal error." {
				t.Fatalf("GET /api/plants with a year-10000 watering: %d %q, want 500 with the error body", r.status, r.raw)
			}
			if !strings.Contains(h.logs.String(), "cannot encode the answer") {
				t.Fatal("the encoding failure was not logged")
			}
		})
	}
}

// TestAddressWithNUL_Refused: a NUL character or invalid UTF-8 in a path or query is a 400 on
// every route (the calendar feed answered 500 on PostgreSQL).
func TestAddressWithNUL_Refused(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			h.user("fern", domain.RoleUser)
			tok := h.login("fern", "password-fern")
			for _, path := range []string{"/api/calendar/%00.ics", "/api/calendar/%ff.ics", "/api/plants?x=%00", "/api/plant-database?search=a%00b",
				"/api/dashboard/summary?today=%ff", "/api/images/%00", "/api/plants/%00"} {
				expect(t, h.do("GET", path, tok, nil), 400, httpapi.MsgBadAddressText)
			}
			expect(t, h.do("GET", "/api/plant-database?search=basil", tok, nil), 200, "")
			if strings.Contains(h.logs.String(), "level=ERROR") {
				t.Fatalf("server errors:\n%s", h.logs.String())
			}
		})
	}
}
