package httpapi_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestAdminBackupDownload: only a superadmin downloads the archive, which verifies.
func TestAdminBackupDownload(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("root", domain.RoleSuperadmin)
	h.user("ada", domain.RoleAdmin)
	h.user("bob", domain.RoleUser)
	for _, c := range []struct {
		user   string
		status int
	}{{"", 401}, {"bob", 403}, {"ada", 403}} {
		token := ""
		if c.user != "" {
			token = h.login(c.user, "password-"+c.user)
		}
		r := h.do("GET", "/api/admin/backup", token, nil)
		if r.status != c.status || r.body["message"] == nil || r.header.Get("Content-Disposition") != "" {
			t.Fatalf("%q: status %d %s, want %d with an error body", c.user, r.status, r.raw, c.status)
		}
	}
	r := h.do("GET", "/api/admin/backup", h.login("root", "password-root"), nil)
	if r.status != 200 || r.header.Get("Content-Type") != "application/gzip" ||
		!strings.HasPrefix(r.header.Get("Content-Disposition"), `attachment; filename="garden-backup-`) {
		t.Fatalf("superadmin: %d %v", r.status, r.header)
	}
	verifier := app.NewBackups(dbtest.SQLite(t), nil, backup.Format{}, h.clock, nil)
	m, err := verifier.Verify(context.Background(), bytes.NewReader([]byte(r.raw)))
	if err != nil {
		t.Fatalf("downloaded archive: %v", err)
	}
	for _, tb := range m.Tables {
		if tb.Name == "users" && tb.Rows != 3 {
			t.Fatalf("users in the archive: %d, want 3", tb.Rows)
		}
	}
}
