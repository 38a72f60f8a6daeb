package domain_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func fieldMsg(t *testing.T, err error, field string) string {
	t.Helper()
	e, ok := err.(*domain.Error)
	if !ok {
		t.Fatalf("want *domain.Error, got %T %v", err, err)
	}
	return e.Fields[field]
}

func TestValidateLogin(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		if err := domain.ValidateLogin("abc", "123456"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ErrUsernameTooShort", func(t *testing.T) {
		err := domain.ValidateLogin(" ab ", "123456")
		if got := fieldMsg(t, err, "username"); got != "Username must be at least 3 characters" {
			t.Fatalf("username message %q", got)
		}
		if domain.ErrorCode(err) != domain.EInvalid || err.Error() != "Username must be at least 3 characters" {
			t.Fatalf("code %q message %q", domain.ErrorCode(err), err.Error())
		}
	})
	t.Run("ErrPasswordTooShort", func(t *testing.T) {
		if got := fieldMsg(t, domain.ValidateLogin("abc", "12345"), "password"); got != "Password must be at least 6 characters" {
			t.Fatalf("password message %q", got)
		}
	})
	t.Run("ErrBoth", func(t *testing.T) {
		e := domain.ValidateLogin("", "").(*domain.Error)
		if len(e.Fields) != 2 {
			t.Fatalf("fields %v", e.Fields)
		}
	})
	t.Run("ErrPasswordTooLong", func(t *testing.T) {
		if got := fieldMsg(t, domain.ValidateLogin("abc", strings.Repeat("x", 257)), "password"); got != domain.MsgPasswordTooLong {
			t.Fatalf("password message %q", got)
		}
	})
	t.Run("CountsCharactersNotBytes", func(t *testing.T) {
		if err := domain.ValidateLogin("äöü", "ßßßßßß"); err != nil {
			t.Fatalf("multi-byte input rejected: %v", err)
		}
	})
}

func TestValidateNewAccountFields(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, username, password, email string
		field, want                     string
	}{
		{"OK", "rosa", "12345678", "rosa@example.org", "", ""},
		{"ErrUsernameShort", "ro", "12345678", "", "username", "Username must be at least 3 characters"},
		{"ErrUsernameLong", strings.Repeat("r", 65), "12345678", "", "username", domain.MsgUsernameTooLong},
		{"ErrUsernameSpace", "ro sa", "12345678", "", "username", domain.MsgUsernameCharacters},
		{"ErrPasswordRequired", "rosa", "", "", "password", "Password required"},
		{"ErrPasswordShort", "rosa", "1234567", "", "password", "Password must be at least 8 characters"},
		{"ErrEmail", "rosa", "12345678", "rosa@", "email", "Please enter a valid email"},
		{"ErrEmailNoDomainDot", "rosa", "12345678", "rosa@localhost", "email", "Please enter a valid email"},
		{"ErrEmailDisplayName", "rosa", "12345678", "Rosa <rosa@example.org>", "email", "Please enter a valid email"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v domain.Validation
			domain.ValidateUsername(&v, c.username)
			domain.ValidatePassword(&v, c.password, domain.MinAdminPasswordLength)
			domain.ValidateEmail(&v, c.email)
			err := v.Err()
			if c.field == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if got := fieldMsg(t, err, c.field); got != c.want {
				t.Fatalf("%s: got %q want %q", c.field, got, c.want)
			}
		})
	}
	t.Run("SiteAdminFormMinimum", func(t *testing.T) {
		var v domain.Validation
		domain.ValidatePassword(&v, "12345", domain.MinSiteAdminPasswordLength)
		if got := fieldMsg(t, v.Err(), "password"); got != "Password must be at least 6 characters" {
			t.Fatalf("got %q", got)
		}
	})
}

func TestParseRole(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]domain.Role{"user": domain.RoleUser, " Admin ": domain.RoleAdmin, "SUPERADMIN": domain.RoleSuperadmin} {
		if got, err := domain.ParseRole(in); err != nil || got != want {
			t.Errorf("ParseRole(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "root", "site_admin"} {
		if _, err := domain.ParseRole(in); domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("ParseRole(%q) accepted", in)
		}
	}
	if !domain.RoleSuperadmin.AtLeast(domain.RoleAdmin) || domain.RoleUser.AtLeast(domain.RoleAdmin) || domain.Role("x").AtLeast(domain.RoleUser) {
		t.Fatal("role order wrong")
	}
}

func TestLoginThrottle(t *testing.T) {
	t.Parallel()
	th := domain.LoginThrottle{MaxFailures: 3, Window: 10 * time.Minute}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	t.Run("UnderLimit", func(t *testing.T) {
		if err := th.Check([]time.Time{ago(time.Minute), ago(2 * time.Minute)}, now); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("AtLimit", func(t *testing.T) {
		err := th.Check([]time.Time{ago(9 * time.Minute), ago(5 * time.Minute), ago(time.Minute)}, now)
		e, ok := err.(*domain.Error)
		if !ok || e.Code != domain.ERateLimited {
			t.Fatalf("got %v", err)
		}
		if e.RetryAfter != time.Minute || e.Message != "Too many failed login attempts. Please try again in 1 minute." {
			t.Fatalf("retry %v message %q", e.RetryAfter, e.Message)
		}
	})
	t.Run("OldFailuresForgotten", func(t *testing.T) {
		if err := th.Check([]time.Time{ago(11 * time.Minute), ago(5 * time.Minute), ago(time.Minute)}, now); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("MinutesRoundUp", func(t *testing.T) {
		err := th.Check([]time.Time{ago(90 * time.Second), ago(time.Minute), ago(time.Second)}, now)
		if err == nil || !strings.Contains(err.Error(), "in 9 minutes") {
			t.Fatalf("got %v", err)
		}
	})
}
