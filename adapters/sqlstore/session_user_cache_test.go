package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// Two replicas on one database each keep the users of the sessions they read (issue #30 item
// 2): a change made through one is what the other's next read of the session answers.
func TestSessionAndUser_ReplicasSeeEachOthersChanges(t *testing.T) {
	t.Parallel()
	replicas := map[string]func(t *testing.T) (a, b *sqlstore.Store){
		"SQLite": func(t *testing.T) (*sqlstore.Store, *sqlstore.Store) {
			dir := t.TempDir()
			open := func() *sqlstore.Store {
				s, err := sqlstore.Open(context.Background(), "", dir)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				return s
			}
			a := dbtest.Migrated(t, open())
			return a, open()
		},
		"Postgres": func(t *testing.T) (*sqlstore.Store, *sqlstore.Store) {
			url := dbtest.PostgresURL(t)
			return dbtest.Migrated(t, dbtest.Open(t, url)), dbtest.Open(t, url)
		},
	}
	for name, open := range replicas {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			a, b := open(t)
			u := signedInUser(t, a, "sorrel")
			read := func(s *sqlstore.Store) (*domain.Session, *domain.User) {
				t.Helper()
				ses, got, err := s.SessionAndUserByTokenHash(ctx, "hash-sorrel")
				if err != nil {
					t.Fatal(err)
				}
				return ses, got
			}
			read(a)
			read(b)
			if _, err := a.UpdateUser(ctx, u.ID, func(x *domain.User) error { x.Role, x.Language = domain.RoleAdmin, "pl"; return nil }); err != nil {
				t.Fatal(err)
			}
			if _, got := read(b); got.Role != domain.RoleAdmin || got.Language != "pl" {
				t.Fatalf("the other replica reads role %q, language %q after the change", got.Role, got.Language)
			}
			if _, err := b.UpdateUser(ctx, u.ID, func(x *domain.User) error { x.IsActive = false; return nil }); err != nil {
				t.Fatal(err)
			}
			if _, got := read(a); got.IsActive {
				t.Fatal("the first replica reads the user as active after the other deactivated them")
			}
			ses, _ := read(a)
			if err := b.RevokeSession(ctx, ses.ID, sessionStart.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			if ses, _ := read(a); ses.RevokedAt == nil {
				t.Fatal("the first replica reads the session as not revoked after the other revoked it")
			}
		})
	}
}

// A session read again is one short statement while its user is unchanged; after a change it
// is two (the short one, then the whole user), then one again. The first read is one.
func TestSessionAndUser_StatementsPerRead(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			c := &sqlstore.StatementCounter{}
			s := open(t, c)
			u := signedInUser(t, s, "chervil")
			statements := func() int64 {
				t.Helper()
				before := c.Count()
				if _, _, err := s.SessionAndUserByTokenHash(ctx, "hash-chervil"); err != nil {
					t.Fatal(err)
				}
				return c.Count() - before
			}
			if n := statements(); n != 1 {
				t.Fatalf("first read: %d statements, want 1", n)
			}
			if n := statements(); n != 1 {
				t.Fatalf("second read: %d statements, want 1", n)
			}
			if _, err := s.UpdateUser(ctx, u.ID, func(x *domain.User) error { x.FullName = "Chervil"; return nil }); err != nil {
				t.Fatal(err)
			}
			if n := statements(); n != 2 {
				t.Fatalf("read after a change: %d statements, want 2", n)
			}
			if n := statements(); n != 1 {
				t.Fatalf("read after that: %d statements, want 1", n)
			}
		})
	}
}

// sessionStart is when the tests' sessions begin; the store does not compare it with the clock.
var sessionStart = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)

// signedInUser creates an active gardener named username with one session, "hash-"+username.
func signedInUser(t *testing.T, s *sqlstore.Store, username string) *domain.User {
	t.Helper()
	ctx := context.Background()
	u := &domain.User{Username: username, Email: username + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: sessionStart}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, &domain.Session{TokenHash: "hash-" + username, UserID: u.ID, CreatedAt: sessionStart,
		ExpiresAt: sessionStart.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	return u
}
