package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func id(v int64) *int64 { return &v }

func protectedAdmin() *domain.User {
	return &domain.User{ID: 1, Username: "admin", Role: domain.RoleSuperadmin, IsActive: true, IsProtected: true}
}

func TestCheckUserChange(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		before *domain.User
		change func(u *domain.User)
		want   string // "" = allowed
	}{
		{"ProtectedRename", protectedAdmin(), func(u *domain.User) { u.Username = "boss" }, domain.MsgProtectedNoRename},
		{"ProtectedDeactivate", protectedAdmin(), func(u *domain.User) { u.IsActive = false }, domain.MsgProtectedActive},
		{"ProtectedDemote", protectedAdmin(), func(u *domain.User) { u.Role = domain.RoleAdmin }, domain.MsgProtectedSuperadmin},
		{"ProtectedGivenSite", protectedAdmin(), func(u *domain.User) { u.SiteID = id(3) }, domain.MsgProtectedSuperadmin},
		{"ProtectedGivenSiteAdmin", protectedAdmin(), func(u *domain.User) { u.IsSiteAdmin = true }, domain.MsgProtectedSuperadmin},
		{"ProtectedUnprotected", protectedAdmin(), func(u *domain.User) { u.IsProtected = false }, domain.MsgProtectedSuperadmin},
		{"ProtectedEmailChange", protectedAdmin(), func(u *domain.User) { u.Email = "ops@example.org" }, ""},
		{"SuperadminDeactivate", &domain.User{Role: domain.RoleSuperadmin, IsActive: true}, func(u *domain.User) { u.IsActive = false }, domain.MsgSuperadminNoDeactivate},
		{"SuperadminGivenSite", &domain.User{Role: domain.RoleSuperadmin, IsActive: true}, func(u *domain.User) { u.SiteID = id(2) }, domain.MsgSuperadminNoSite},
		{"SuperadminSiteAdmin", &domain.User{Role: domain.RoleSuperadmin, IsActive: true}, func(u *domain.User) { u.IsSiteAdmin = true }, domain.MsgSuperadminNoSiteAdmin},
		{"PromoteSiteUserToSuperadmin", &domain.User{Role: domain.RoleUser, IsActive: true, SiteID: id(2)}, func(u *domain.User) { u.Role = domain.RoleSuperadmin }, domain.MsgSuperadminNoSite},
		{"SiteAdminWithoutSite", &domain.User{Role: domain.RoleUser, IsActive: true}, func(u *domain.User) { u.IsSiteAdmin = true }, domain.MsgSiteAdminNeedsSite},
		{"SiteAdminLosesSite", &domain.User{Role: domain.RoleAdmin, IsActive: true, SiteID: id(2), IsSiteAdmin: true}, func(u *domain.User) { u.SiteID = nil }, domain.MsgSiteAdminNeedsSite},
		{"SiteAdminWithSite", &domain.User{Role: domain.RoleUser, IsActive: true, SiteID: id(2)}, func(u *domain.User) { u.IsSiteAdmin = true }, ""},
		{"UserDeactivate", &domain.User{Role: domain.RoleUser, IsActive: true}, func(u *domain.User) { u.IsActive = false }, ""},
		{"AdminDeactivate", &domain.User{Role: domain.RoleAdmin, IsActive: true}, func(u *domain.User) { u.IsActive = false }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			after := *c.before
			c.change(&after)
			err := domain.CheckUserChange(c.before, &after)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || err.Error() != c.want || domain.ErrorCode(err) != domain.EForbidden {
				t.Fatalf("got %v (%s), want %q", err, domain.ErrorCode(err), c.want)
			}
		})
	}
}

func TestCheckUserDelete(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		u    *domain.User
		want string
	}{
		"Protected":  {protectedAdmin(), domain.MsgProtectedNoDelete},
		"Superadmin": {&domain.User{Role: domain.RoleSuperadmin, IsActive: true}, "You cannot delete superadmin accounts"},
		"SiteAdmin":  {&domain.User{Role: domain.RoleUser, SiteID: id(1), IsSiteAdmin: true}, "You cannot delete site admin accounts. Please remove admin privileges first."},
		"User":       {&domain.User{Role: domain.RoleUser}, ""},
		"Admin":      {&domain.User{Role: domain.RoleAdmin}, ""},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := domain.CheckUserDelete(c.u)
			if (c.want == "") != (err == nil) || (err != nil && err.Error() != c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

func TestCheckImpersonation(t *testing.T) {
	t.Parallel()
	super := &domain.Principal{User: &domain.User{ID: 1, Role: domain.RoleSuperadmin, IsActive: true}, Session: &domain.Session{ID: 1}}
	admin := &domain.Principal{User: &domain.User{ID: 2, Role: domain.RoleAdmin, IsActive: true}, Session: &domain.Session{ID: 2}}
	impersonating := &domain.Principal{User: &domain.User{ID: 5, Role: domain.RoleSuperadmin, IsActive: true}, Session: &domain.Session{ID: 3, ImpersonatorID: id(1)}}
	target := &domain.User{ID: 9, Role: domain.RoleUser, IsActive: true}
	inactive := &domain.User{ID: 10, Role: domain.RoleUser}
	cases := []struct {
		name   string
		actor  *domain.Principal
		target *domain.User
		code   string
		msg    string
	}{
		{"OK", super, target, "", ""},
		{"ErrSignedOut", nil, target, domain.EUnauthorized, domain.MsgNotSignedIn},
		{"ErrNotSuperadmin", admin, target, domain.EForbidden, "Only superadmins can impersonate other users"},
		{"ErrSelf", super, super.User, domain.EForbidden, domain.MsgCannotImpersonateSelf},
		{"ErrInactive", super, inactive, domain.EForbidden, domain.MsgCannotImpersonateInactive},
		{"ErrNested", impersonating, target, domain.EConflict, domain.MsgAlreadyImpersonating},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := domain.CheckImpersonation(c.actor, c.target)
			if c.code == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if domain.ErrorCode(err) != c.code || err.Error() != c.msg {
				t.Fatalf("got %v (%s)", err, domain.ErrorCode(err))
			}
		})
	}
}

func TestRequireRole(t *testing.T) {
	t.Parallel()
	user := &domain.Principal{User: &domain.User{Role: domain.RoleUser}}
	admin := &domain.Principal{User: &domain.User{Role: domain.RoleAdmin}}
	if err := domain.RequireRole(nil, domain.RoleUser); domain.ErrorCode(err) != domain.EUnauthorized {
		t.Fatalf("signed out: %v", err)
	}
	if err := domain.RequireRole(user, domain.RoleAdmin); err == nil || err.Error() != "You need admin privileges to access this page." {
		t.Fatalf("user on admin: %v", err)
	}
	if err := domain.RequireRole(admin, domain.RoleSuperadmin); err == nil || err.Error() != "You need superadmin privileges to access this page." {
		t.Fatalf("admin on superadmin: %v", err)
	}
	if err := domain.RequireRole(admin, domain.RoleAdmin); err != nil {
		t.Fatal(err)
	}
}

func TestValidateSite(t *testing.T) {
	t.Parallel()
	s := &domain.Site{Name: " Oak Lane "}
	if err := domain.ValidateSite(s); err != nil {
		t.Fatal(err)
	}
	if s.Name != "Oak Lane" || s.Country != "United States" || s.Status != domain.SiteActive {
		t.Fatalf("defaults not applied: %+v", s)
	}
	bad := &domain.Site{Name: "O", Email: "x", Website: "ftp://x", UserLimit: -1, PlantLimit: -2}
	e := domain.ValidateSite(bad).(*domain.Error)
	want := map[string]string{"name": "Name must be at least 2 characters", "email": "Please enter a valid email", "website": "Please enter a valid URL",
		"userLimit": "User limit must be 0 or greater", "plantLimit": "Plant limit must be 0 or greater"}
	for f, m := range want {
		if e.Fields[f] != m {
			t.Errorf("%s: got %q want %q", f, e.Fields[f], m)
		}
	}
	if err := domain.ValidateCategoryName(" a "); err == nil {
		t.Fatal("one-letter category accepted")
	}
}

func TestErrorHelpers(t *testing.T) {
	t.Parallel()
	if domain.ErrorCode(nil) != domain.EInternal || domain.ErrorMessage(errPlain("pq: password authentication failed")) != "Internal error." {
		t.Fatal("plain errors must be internal with a generic message")
	}
	if domain.ErrorMessage(domain.Errorf(domain.EInternal, "secret")) != "Internal error." {
		t.Fatal("internal domain errors must not show their text")
	}
	if domain.ErrorMessage(domain.Errorf(domain.ENotFound, "Plant %d not found", 4)) != "Plant 4 not found" {
		t.Fatal("message lost")
	}
}

type errPlain string

func (e errPlain) Error() string { return string(e) }
