package domain_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func TestNewAPIToken(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	tok, err := domain.NewAPIToken(7, "  Home Assistant ", domain.ScopeRead, 30, now)
	if err != nil || tok.Name != "Home Assistant" || tok.UserID != 7 || !tok.ExpiresAt.Equal(now.AddDate(0, 0, 30)) {
		t.Fatalf("OK: %+v %v", tok, err)
	}
	cases := map[string]struct {
		name  string
		scope domain.TokenScope
		days  int
		field string
		msg   string
	}{
		"ErrNameEmpty":   {"  ", domain.ScopeRead, 30, "name", domain.MsgTokenName},
		"ErrNameLong":    {strings.Repeat("n", 101), domain.ScopeRead, 30, "name", domain.MsgTokenName},
		"ErrScope":       {"ok", "admin", 30, "scope", domain.MsgTokenScope},
		"ErrExpiryZero":  {"ok", domain.ScopeWrite, 0, "expiresInDays", domain.MsgTokenExpiry},
		"ErrExpiryLarge": {"ok", domain.ScopeWrite, 366, "expiresInDays", domain.MsgTokenExpiry},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := domain.NewAPIToken(1, c.name, c.scope, c.days, now)
			var de *domain.Error
			if domain.ErrorCode(err) != domain.EInvalid || !asError(err, &de) || de.Fields[c.field] != c.msg {
				t.Fatalf("got %v", err)
			}
		})
	}
}

func asError(err error, target **domain.Error) bool {
	e, ok := err.(*domain.Error)
	if ok {
		*target = e
	}
	return ok
}

func TestAPIToken_ActiveAndTouch(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	tok := &domain.APIToken{ExpiresAt: now.Add(time.Hour)}
	if !tok.ActiveAt(now) || tok.ActiveAt(now.Add(time.Hour)) {
		t.Fatal("expiry")
	}
	if !tok.NeedsTouch(now) {
		t.Fatal("never used: needs a touch")
	}
	used := now
	tok.LastUsedAt = &used
	if tok.NeedsTouch(now.Add(30*time.Second)) || !tok.NeedsTouch(now.Add(time.Minute)) {
		t.Fatal("touch at most once a minute")
	}
	revoked := now
	tok.RevokedAt = &revoked
	if tok.ActiveAt(now) {
		t.Fatal("revoked token active")
	}
}

func TestPrincipal_Tokens(t *testing.T) {
	t.Parallel()
	u := &domain.User{ID: 1, Role: domain.RoleSuperadmin, IsActive: true}
	session := &domain.Principal{User: u, Session: &domain.Session{}}
	read := &domain.Principal{User: u, APIToken: &domain.APIToken{Scope: domain.ScopeRead}}
	write := &domain.Principal{User: u, APIToken: &domain.APIToken{Scope: domain.ScopeWrite}}
	if session.ReadOnly() || !read.ReadOnly() || write.ReadOnly() {
		t.Fatal("ReadOnly")
	}
	if domain.CheckCanManageTokens(session) != nil || domain.ErrorCode(domain.CheckCanManageTokens(write)) != domain.EForbidden {
		t.Fatal("only sign-ins manage tokens")
	}
	if err := domain.CheckCanImpersonate(write); domain.ErrorCode(err) != domain.EForbidden || err.Error() != domain.MsgTokenNoImperson {
		t.Fatalf("a token impersonating: %v", err)
	}
}
