package porttest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// RunAPITokenStore runs the contract of ports.APITokenStore against stores made by newStore.
func RunAPITokenStore(t *testing.T, newStore StoreFactory) {
	tests := map[string]func(t *testing.T, s Store){
		"CreateReadList":        testAPITokenCreateReadList,
		"LimitUnderConcurrency": testAPITokenLimit,
		"Revoke":                testAPITokenRevoke,
		"Touch":                 testAPITokenTouch,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newStore(t))
		})
	}
}

func tokenOf(userID int64, name string, scope domain.TokenScope, expires time.Time) *domain.APIToken {
	return &domain.APIToken{UserID: userID, Name: name, Scope: scope, TokenHash: uniq("hash-" + name), CreatedAt: base, ExpiresAt: expires}
}

func testAPITokenCreateReadList(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser(uniq("tok"))
	must(t, s.CreateUser(ctx, u))
	other := newUser(uniq("tok"))
	must(t, s.CreateUser(ctx, other))
	a := tokenOf(u.ID, "script", domain.ScopeRead, base.Add(24*time.Hour))
	must(t, s.CreateAPIToken(ctx, a, 50, base))
	b := tokenOf(u.ID, "home", domain.ScopeWrite, base.Add(48*time.Hour))
	must(t, s.CreateAPIToken(ctx, b, 50, base))
	expired := tokenOf(u.ID, "old", domain.ScopeWrite, base.Add(-time.Hour))
	must(t, s.CreateAPIToken(ctx, expired, 50, base.Add(-2*time.Hour)))
	must(t, s.CreateAPIToken(ctx, tokenOf(other.ID, "theirs", domain.ScopeRead, base.Add(time.Hour)), 50, base))

	got, err := s.APITokenByHash(ctx, a.TokenHash)
	must(t, err)
	if got.ID != a.ID || got.Name != "script" || got.Scope != domain.ScopeRead || !got.ExpiresAt.Equal(a.ExpiresAt) || got.LastUsedAt != nil {
		t.Fatalf("read back %+v", got)
	}
	_, err = s.APITokenByHash(ctx, "nope")
	mustCode(t, err, domain.ENotFound)
	dup := tokenOf(u.ID, "dup", domain.ScopeRead, base.Add(time.Hour))
	dup.TokenHash = a.TokenHash
	mustCode(t, s.CreateAPIToken(ctx, dup, 50, base), domain.EConflict)

	list, err := s.ListAPITokens(ctx, u.ID, base)
	must(t, err)
	if len(list) != 2 || list[0].ID != b.ID || list[1].ID != a.ID {
		t.Fatalf("list: want home then script (active only, newest first), got %d", len(list))
	}
	all, err := s.ListAllAPITokens(ctx, 0, base, 10)
	must(t, err)
	if len(all) < 3 {
		t.Fatalf("operators see every user's active tokens: %d", len(all))
	}
	mine, err := s.ListAllAPITokens(ctx, other.ID, base, 10)
	must(t, err)
	if len(mine) != 1 || mine[0].Name != "theirs" {
		t.Fatalf("one user's: %+v", mine)
	}
}

func testAPITokenLimit(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser(uniq("tok"))
	must(t, s.CreateUser(ctx, u))
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- s.CreateAPIToken(ctx, tokenOf(u.ID, "t", domain.ScopeRead, base.Add(time.Hour)), 3, base)
		}()
	}
	wg.Wait()
	close(errs)
	created, refused := 0, 0
	for err := range errs {
		switch {
		case err == nil:
			created++
		case domain.ErrorCode(err) == domain.ELimitReached:
			refused++
		default:
			t.Fatalf("unexpected %v", err)
		}
	}
	if created != 3 || refused != 5 {
		t.Fatalf("limit 3 under 8 parallel creations: %d created, %d refused", created, refused)
	}
}

func testAPITokenRevoke(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser(uniq("tok"))
	must(t, s.CreateUser(ctx, u))
	other := newUser(uniq("tok"))
	must(t, s.CreateUser(ctx, other))
	a := tokenOf(u.ID, "a", domain.ScopeRead, base.Add(time.Hour))
	must(t, s.CreateAPIToken(ctx, a, 50, base))
	b := tokenOf(u.ID, "b", domain.ScopeRead, base.Add(time.Hour))
	must(t, s.CreateAPIToken(ctx, b, 50, base))
	mustCode(t, s.RevokeAPIToken(ctx, other.ID, a.ID, base), domain.ENotFound)
	must(t, s.RevokeAPIToken(ctx, u.ID, a.ID, base))
	mustCode(t, s.RevokeAPIToken(ctx, u.ID, a.ID, base), domain.ENotFound)
	got, err := s.APITokenByHash(ctx, a.TokenHash)
	must(t, err)
	if got.RevokedAt == nil || got.ActiveAt(base) {
		t.Fatal("revoked token still active")
	}
	n, err := s.RevokeUserAPITokens(ctx, u.ID, base)
	must(t, err)
	if n != 1 {
		t.Fatalf("RevokeUserAPITokens revoked %d, want 1", n)
	}
	must(t, s.CreateAPIToken(ctx, tokenOf(other.ID, "c", domain.ScopeRead, base.Add(time.Hour)), 50, base))
	c, _ := s.ListAPITokens(ctx, other.ID, base)
	must(t, s.RevokeAPIToken(ctx, 0, c[0].ID, base)) // operators revoke any
}

func testAPITokenTouch(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser(uniq("tok"))
	must(t, s.CreateUser(ctx, u))
	a := tokenOf(u.ID, "a", domain.ScopeRead, base.Add(time.Hour))
	must(t, s.CreateAPIToken(ctx, a, 50, base))
	used := base.Add(5 * time.Minute)
	must(t, s.TouchAPIToken(ctx, a.ID, used))
	got, err := s.APITokenByHash(ctx, a.TokenHash)
	must(t, err)
	if got.LastUsedAt == nil || !got.LastUsedAt.Equal(used) {
		t.Fatalf("last use %v, want %v", got.LastUsedAt, used)
	}
}
