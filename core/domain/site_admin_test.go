package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func TestCheckUserLimit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		limit, count int
		ok           bool
	}{{0, 1000, true}, {3, 2, true}, {3, 3, false}, {3, 7, false}, {1, 0, true}} {
		err := domain.CheckUserLimit(&domain.Site{UserLimit: c.limit}, c.count)
		if (err == nil) != c.ok || (err != nil && (err.Error() != "User limit reached" || domain.ErrorCode(err) != domain.ELimitReached)) {
			t.Errorf("limit %d count %d: %v", c.limit, c.count, err)
		}
	}
}

func TestManagesSite(t *testing.T) {
	t.Parallel()
	a, b := int64(1), int64(2)
	cases := []struct {
		name string
		u    *domain.User
		site int64
		want bool
	}{
		{"superadmin any site", &domain.User{Role: domain.RoleSuperadmin, IsActive: true}, b, true},
		{"site admin own site", &domain.User{Role: domain.RoleUser, IsActive: true, SiteID: &a, IsSiteAdmin: true}, a, true},
		{"site admin other site", &domain.User{Role: domain.RoleUser, IsActive: true, SiteID: &a, IsSiteAdmin: true}, b, false},
		{"admin own site", &domain.User{Role: domain.RoleAdmin, IsActive: true, SiteID: &a}, a, true},
		{"admin without site", &domain.User{Role: domain.RoleAdmin, IsActive: true}, a, false},
		{"member", &domain.User{Role: domain.RoleUser, IsActive: true, SiteID: &a}, a, false},
		{"inactive site admin", &domain.User{Role: domain.RoleUser, SiteID: &a, IsSiteAdmin: true}, a, false},
	}
	for _, c := range cases {
		if got := domain.ManagesSite(c.u, c.site); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
	sa := &domain.Principal{User: &domain.User{Role: domain.RoleUser, IsActive: true, SiteID: &a, IsSiteAdmin: true}}
	if err := domain.RequireSiteManager(sa, b); err == nil || err.Error() != domain.MsgNotYourSite {
		t.Fatalf("other site: %v", err)
	}
	if err := domain.RequireSiteManager(&domain.Principal{User: &domain.User{Role: domain.RoleUser, IsActive: true}}, a); err == nil || err.Error() != domain.MsgAdminRequired {
		t.Fatalf("member: %v", err)
	}
}

func TestSetMaintenance(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	var mode bool
	var msg string
	var start, end *time.Time
	if err := domain.SetMaintenance(true, "  ", now, &mode, &msg, &start, &end); err == nil || err.Error() != "A message is required to turn maintenance on" || mode {
		t.Fatalf("on without message: %v", err)
	}
	if err := domain.SetMaintenance(true, "Moving", now, &mode, &msg, &start, &end); err != nil || !mode || msg != "Moving" || !start.Equal(now) || end != nil {
		t.Fatalf("on: %v %v %q %v", err, mode, msg, start)
	}
	later := now.Add(time.Hour)
	domain.SetMaintenance(true, "Still moving", later, &mode, &msg, &start, &end)
	if !start.Equal(now) || msg != "Still moving" {
		t.Fatal("a new message must not restart the maintenance window")
	}
	domain.SetMaintenance(false, "", later, &mode, &msg, &start, &end)
	if mode || msg != "" || !end.Equal(later) || !start.Equal(now) {
		t.Fatalf("off: %v %q %v", mode, msg, end)
	}
}

func TestMaintenanceState_Blocks(t *testing.T) {
	t.Parallel()
	a, b := int64(1), int64(2)
	user := &domain.User{Role: domain.RoleUser, SiteID: &a}
	other := &domain.User{Role: domain.RoleUser, SiteID: &b}
	admin := &domain.User{Role: domain.RoleAdmin, SiteID: &a}
	super := &domain.User{Role: domain.RoleSuperadmin}
	st := domain.MaintenanceState{Functions: map[string]string{domain.FunctionForum: "Forum moving"}, Sites: map[int64]string{a: "Site A closed"}}
	cases := []struct {
		name string
		u    *domain.User
		fn   string
		msg  string
		want bool
	}{
		{"function blocks everyone but superadmins", other, domain.FunctionForum, "Forum moving", true},
		{"other functions open", other, domain.FunctionPlants, "", false},
		{"own site blocks", user, domain.FunctionPlants, "Site A closed", true},
		{"own site blocks admins too", admin, "", "Site A closed", true},
		{"superadmin passes function", super, domain.FunctionForum, "", false},
		{"signed-out caller on a function", nil, domain.FunctionForum, "Forum moving", true},
	}
	for _, c := range cases {
		msg, blocked := st.Blocks(c.u, c.fn)
		if blocked != c.want || msg != c.msg {
			t.Errorf("%s: %q %v", c.name, msg, blocked)
		}
	}
	wide := domain.MaintenanceState{Functions: map[string]string{domain.FunctionSiteWide: "Upgrading"}}
	if msg, blocked := wide.Blocks(other, ""); !blocked || msg != "Upgrading" {
		t.Fatal("site_wide must block every write")
	}
	if _, blocked := wide.Blocks(super, ""); blocked {
		t.Fatal("superadmins are exempt from site_wide")
	}
}

// TestNoticeFor covers who sees which maintenance screen (spec 01 §2, §5).
func TestNoticeFor(t *testing.T) {
	t.Parallel()
	user := &domain.User{Role: domain.RoleUser}
	super := &domain.User{Role: domain.RoleSuperadmin}
	cases := []struct {
		name                     string
		u                        *domain.User
		function                 string
		sites                    int
		fnInMaint, bypassed, onM bool
		want                     domain.MaintenanceNotice
	}{
		{"nothing in maintenance", user, domain.FunctionForum, 0, false, false, false, domain.NoNotice},
		{"user on a function in maintenance", user, domain.FunctionForum, 0, true, false, false, domain.FunctionNotice},
		{"superadmin is exempt from function notices", super, domain.FunctionForum, 0, true, false, false, domain.NoNotice},
		{"the maintenance page is never blocked by a function", user, domain.FunctionForum, 0, true, false, true, domain.NoNotice},
		{"bypassed", user, domain.FunctionForum, 0, true, true, false, domain.NoNotice},
		{"a site in maintenance: site notice", user, "", 1, false, false, false, domain.SiteNotice},
		{"superadmins see the site notice (and may continue)", super, "", 1, false, false, false, domain.SiteNotice},
		{"site notice also on the maintenance page", super, "", 1, false, false, true, domain.SiteNotice},
		{"site notice bypassed", super, "", 1, false, true, false, domain.NoNotice},
		{"site notice wins over a function notice", user, domain.FunctionForum, 2, true, false, false, domain.SiteNotice},
	}
	for _, c := range cases {
		if got := domain.NoticeFor(c.u, c.function, c.sites, c.fnInMaint, c.bypassed, c.onM); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestValidateAppFunction(t *testing.T) {
	t.Parallel()
	if err := domain.ValidateAppFunction(&domain.AppFunction{Name: " seed_swap ", DisplayName: "Seed Swap"}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []domain.AppFunction{{Name: "", DisplayName: "X"}, {Name: "x", DisplayName: " "}} {
		if err := domain.ValidateAppFunction(&f); err == nil || err.Error() != "Name and display name are required" {
			t.Errorf("%+v: %v", f, err)
		}
	}
	if err := domain.ValidateAppFunction(&domain.AppFunction{Name: "Seed Swap", DisplayName: "X"}); err == nil || err.Error() != domain.MsgFunctionNameFormat {
		t.Fatalf("format: %v", err)
	}
	if r, err := domain.ParseSiteRole(""); err != nil || r != domain.SiteMember {
		t.Fatal("empty site role is member")
	}
	if _, err := domain.ParseSiteRole("boss"); err == nil {
		t.Fatal("bad site role accepted")
	}
}
