package app_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

var now = time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)

func newAccounts(t *testing.T) (*app.Accounts, *sqlstore.Store) {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	a, err := app.NewAccounts(s, password.Fast, fixedClock{now}, app.AccountsConfig{Throttle: domain.DefaultLoginThrottle}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a, s
}

func wantErr(t *testing.T, err error, code, msg string) {
	t.Helper()
	if domain.ErrorCode(err) != code || (msg != "" && err.Error() != msg) {
		t.Fatalf("got %v (%s), want %s %q", err, domain.ErrorCode(err), code, msg)
	}
}

func TestAccounts_EnsureProtectedAdmin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("GeneratesPasswordOnce", func(t *testing.T) {
		a, s := newAccounts(t)
		created, pw, err := a.EnsureProtectedAdmin(ctx, "admin", "")
		if err != nil || !created || len(pw) != 20 {
			t.Fatalf("created=%v pw=%q err=%v", created, pw, err)
		}
		if _, err := a.Login(ctx, "admin", pw); err != nil {
			t.Fatalf("generated password does not sign in: %v", err)
		}
		u, err := s.ProtectedUser(ctx)
		if err != nil || u.Role != domain.RoleSuperadmin || !u.IsProtected || !u.CreatedAt.Equal(now) {
			t.Fatalf("protected user %+v %v", u, err)
		}
		created, pw, err = a.EnsureProtectedAdmin(ctx, "admin", "")
		if err != nil || created || pw != "" {
			t.Fatalf("second call: created=%v pw=%q err=%v", created, pw, err)
		}
	})
	t.Run("UsesConfiguredNameAndPassword", func(t *testing.T) {
		a, _ := newAccounts(t)
		created, pw, err := a.EnsureProtectedAdmin(ctx, "root", "configured-secret")
		if err != nil || !created || pw != "" {
			t.Fatalf("created=%v pw=%q err=%v", created, pw, err)
		}
		if _, err := a.Login(ctx, "root", "configured-secret"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ErrShortConfiguredPassword", func(t *testing.T) {
		a, _ := newAccounts(t)
		_, _, err := a.EnsureProtectedAdmin(ctx, "admin", "short")
		wantErr(t, err, domain.EInvalid, "Password must be at least 8 characters")
	})
	t.Run("ErrNameTakenByOrdinaryUser", func(t *testing.T) {
		a, _ := newAccounts(t)
		if _, err := a.CreateUser(ctx, app.NewUser{Username: "admin", Password: "12345678"}); err != nil {
			t.Fatal(err)
		}
		_, _, err := a.EnsureProtectedAdmin(ctx, "admin", "")
		wantErr(t, err, domain.EConflict, "")
	})
	t.Run("ConcurrentReplicasCreateOne", func(t *testing.T) {
		a, s := newAccounts(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		createdCount := 0
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				created, _, err := a.EnsureProtectedAdmin(ctx, "admin", "same-secret-pw")
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				defer mu.Unlock()
				if created {
					createdCount++
				}
			}()
		}
		wg.Wait()
		users, _ := s.ListUsers(ctx, ports.UserFilter{})
		if createdCount != 1 || len(users) != 1 {
			t.Fatalf("created %d times, %d users", createdCount, len(users))
		}
	})
}

func TestAccounts_RulesOnOperatorPaths(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, s := newAccounts(t)
	if _, _, err := a.EnsureProtectedAdmin(ctx, "admin", "admin-password"); err != nil {
		t.Fatal(err)
	}
	site := &domain.Site{Name: "Riverside", Country: domain.DefaultCountry, Status: domain.SiteActive}
	if err := s.CreateSite(ctx, site); err != nil {
		t.Fatal(err)
	}

	_, err := a.SetRole(ctx, "admin", domain.RoleAdmin)
	wantErr(t, err, domain.EForbidden, domain.MsgProtectedSuperadmin)
	_, err = a.SetActive(ctx, "admin", false)
	wantErr(t, err, domain.EForbidden, domain.MsgProtectedActive)

	if _, err := a.CreateUser(ctx, app.NewUser{Username: "chief", Password: "12345678", Role: domain.RoleSuperadmin}); err != nil {
		t.Fatal(err)
	}
	_, err = a.SetActive(ctx, "chief", false)
	wantErr(t, err, domain.EForbidden, "You cannot deactivate superadmin accounts")

	_, err = a.CreateUser(ctx, app.NewUser{Username: "lead", Password: "12345678", Role: domain.RoleSuperadmin, SiteID: &site.ID})
	wantErr(t, err, domain.EForbidden, "Superadmin accounts cannot be associated with a specific site")
	_, err = a.CreateUser(ctx, app.NewUser{Username: "lead", Password: "12345678", IsSiteAdmin: true})
	wantErr(t, err, domain.EForbidden, "Site admin accounts must be associated with a site")
	missing := int64(4040)
	_, err = a.CreateUser(ctx, app.NewUser{Username: "lead", Password: "12345678", SiteID: &missing})
	wantErr(t, err, domain.EInvalid, "Site not found")

	if _, err := a.CreateUser(ctx, app.NewUser{Username: "lead", Password: "12345678", SiteID: &site.ID, IsSiteAdmin: true}); err != nil {
		t.Fatal(err)
	}
	// Promotion to superadmin drops the site tie rather than breaking the rule.
	u, err := a.SetRole(ctx, "lead", domain.RoleSuperadmin)
	if err != nil || u.SiteID != nil || u.IsSiteAdmin {
		t.Fatalf("promoted %+v, %v", u, err)
	}
	_, err = a.SetRole(ctx, "nobody", domain.RoleUser)
	wantErr(t, err, domain.ENotFound, "User not found")
	_, err = a.CreateUser(ctx, app.NewUser{Username: "LEAD", Password: "12345678"})
	wantErr(t, err, domain.EConflict, "This username is already taken")
}

func TestAccounts_ResetPasswordEndsSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, _ := newAccounts(t)
	if _, err := a.CreateUser(ctx, app.NewUser{Username: "moss", Password: "old-password"}); err != nil {
		t.Fatal(err)
	}
	in, err := a.Login(ctx, "moss", "old-password")
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.ResetPassword(ctx, "moss", "short")
	wantErr(t, err, domain.EInvalid, "Password must be at least 8 characters")
	if _, err := a.ResetPassword(ctx, "moss", "new-password"); err != nil {
		t.Fatal(err)
	}
	_, err = a.Authenticate(ctx, in.Token)
	wantErr(t, err, domain.EUnauthorized, "")
	_, err = a.Login(ctx, "moss", "old-password")
	wantErr(t, err, domain.EUnauthorized, domain.MsgInvalidCredentials)
	if _, err := a.Login(ctx, "moss", "new-password"); err != nil {
		t.Fatal(err)
	}
}
