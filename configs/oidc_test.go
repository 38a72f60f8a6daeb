package configs

import (
	"strings"
	"testing"
)

func TestOIDCConfig_RoleMap(t *testing.T) {
	o := OIDCConfig{Issuer: "https://id.example", ClientID: "garden", RoleClaim: "groups",
		RoleMap: " garden-admins = siteadmin@1, family=user@1,friends=USER , staff=admin"}
	if err := o.validate(); err != nil {
		t.Fatal(err)
	}
	roles, _ := o.Roles()
	want := []OIDCRoleMapping{{"garden-admins", "siteadmin", 1}, {"family", "user", 1}, {"friends", "user", 0}, {"staff", "admin", 0}}
	if len(roles) != len(want) {
		t.Fatalf("roles %+v", roles)
	}
	for i := range want {
		if roles[i] != want[i] {
			t.Fatalf("role %d: %+v, want %+v", i, roles[i], want[i])
		}
	}
	if o.Name != "single sign-on" {
		t.Fatalf("default name %q", o.Name)
	}
	for _, bad := range []struct{ m, claim, msg string }{
		{"x=superadmin", "groups", "never superadmin"},
		{"x=siteadmin", "groups", "needs a site"},
		{"x=user@home", "groups", "positive number"},
		{"novalue", "groups", "VALUE=ROLE"},
		{"x=user", "", "set both or neither"},
		{"", "groups", "set both or neither"},
	} {
		o := OIDCConfig{Issuer: "https://id.example", ClientID: "garden", RoleClaim: bad.claim, RoleMap: bad.m}
		if err := o.validate(); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("%q: %v, want %q", bad.m, err, bad.msg)
		}
	}
	if err := (&OIDCConfig{Issuer: "https://id.example"}).validate(); err == nil {
		t.Error("an issuer without a client id passed")
	}
	if d := (OIDCConfig{AllowedDomains: " Household.test, @example.org ,"}).Domains(); strings.Join(d, " ") != "household.test example.org" {
		t.Errorf("domains %q", d)
	}
}
