package porttest

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

var identityTests = map[string]func(t *testing.T, s Store){
	"Identities/Lifecycle":    testIdentityLifecycle,
	"Identities/UsersByEmail": testUsersByEmail,
}

// testIdentityLifecycle: an identity is found by (issuer, subject), which is unique; it is
// listed for its owner only, records its use, is deleted by its owner only and goes with them.
func testIdentityLifecycle(t *testing.T, s Store) {
	ctx := context.Background()
	a, b := newUser(uniq("ida")), newUser(uniq("idb"))
	must(t, s.CreateUser(ctx, a))
	must(t, s.CreateUser(ctx, b))
	id := &domain.Identity{UserID: a.ID, Issuer: "https://idp.example/", Subject: "sub-1", Email: "a@example.org", CreatedAt: base}
	must(t, s.CreateIdentity(ctx, id))
	mustCode(t, s.CreateIdentity(ctx, &domain.Identity{UserID: b.ID, Issuer: id.Issuer, Subject: id.Subject, CreatedAt: base}), domain.EConflict)
	must(t, s.CreateIdentity(ctx, &domain.Identity{UserID: b.ID, Issuer: "https://other.example/", Subject: id.Subject, CreatedAt: base}))

	got, err := s.IdentityBySubject(ctx, id.Issuer, id.Subject)
	must(t, err)
	if got.ID != id.ID || got.UserID != a.ID || got.Email != "a@example.org" || !got.CreatedAt.Equal(base) || got.LastUsedAt != nil {
		t.Fatalf("identity read back: %+v", got)
	}
	_, err = s.IdentityBySubject(ctx, id.Issuer, "sub-2")
	mustCode(t, err, domain.ENotFound)

	used := base.Add(time.Hour)
	must(t, s.UseIdentity(ctx, id.ID, used))
	list, err := s.ListIdentities(ctx, a.ID)
	must(t, err)
	if len(list) != 1 || list[0].LastUsedAt == nil || !list[0].LastUsedAt.Equal(used) {
		t.Fatalf("a's identities: %+v", list)
	}

	mustCode(t, s.DeleteIdentity(ctx, b.ID, id.ID), domain.ENotFound)
	must(t, s.DeleteIdentity(ctx, a.ID, id.ID))
	mustCode(t, s.DeleteIdentity(ctx, a.ID, id.ID), domain.ENotFound)

	must(t, s.DeleteUser(ctx, b.ID, nil))
	_, err = s.IdentityBySubject(ctx, "https://other.example/", id.Subject)
	mustCode(t, err, domain.ENotFound)
}

// testUsersByEmail: accounts are found by e-mail ignoring case, by id, at most limit.
func testUsersByEmail(t *testing.T, s Store) {
	ctx := context.Background()
	email := uniq("Shared") + "@Example.org"
	var ids []int64
	for range 3 {
		u := newUser(uniq("mail"))
		u.Email = email
		must(t, s.CreateUser(ctx, u))
		ids = append(ids, u.ID)
	}
	got, err := s.UsersByEmail(ctx, strings.ToUpper(email), 2)
	must(t, err)
	if len(got) != 2 || got[0].ID != ids[0] || got[1].ID != ids[1] {
		t.Fatalf("users by e-mail: %d", len(got))
	}
	got, err = s.UsersByEmail(ctx, "nobody@example.org", 2)
	must(t, err)
	if len(got) != 0 {
		t.Fatalf("nobody: %d", len(got))
	}
}
