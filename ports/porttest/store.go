// Package porttest holds the contract suites that every adapter of a port must pass. An
// adapter's test calls the suite with a factory returning a fresh, isolated instance.
package porttest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Store is what the contract suites run against: the storage ports of one adapter (a suite
// makes the users, sites and plants the port it tests refers to) and its health check.
type Store interface {
	ports.UserStore
	ports.SessionStore
	ports.SignInStore
	ports.PasskeyStore
	ports.IdentityStore
	ports.APITokenStore
	ports.LoginFailureStore
	ports.LoginAttemptStore
	ports.WriteSlotStore
	ports.SiteStore
	ports.UserCategoryStore
	ports.AppFunctionStore
	ports.PlantStore
	ports.CareLogStore
	ports.TaskStore
	ports.CareDigestStore
	ports.GardenSettingsStore
	ports.WeatherStore
	ports.JournalStore
	ports.PlantDatabaseStore
	ports.SowingStore
	ports.CalendarFeedStore
	ports.JobStore
	ports.Readiness
}

// StoreFactory returns a fresh, empty, migrated store for one test.
type StoreFactory func(t *testing.T) Store

// base is a fixed instant with microsecond precision, the finest both dialects keep.
var base = time.Date(2026, 3, 14, 9, 26, 53, 589793000, time.UTC)

var seq atomic.Int64

func uniq(prefix string) string { return fmt.Sprintf("%s%d", prefix, seq.Add(1)) }

func newUser(username string) *domain.User {
	return &domain.User{
		Username: username, Email: username + "@example.org", FullName: "Full " + username, PasswordHash: "hash-" + username,
		Role: domain.RoleUser, IsActive: true, NotificationsEnabled: true,
		NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: base,
	}
}

func mustCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := domain.ErrorCode(err); err == nil || got != code {
		t.Fatalf("want error code %q, got %v (%q)", code, err, got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// RunStore runs the storage contract against stores made by newStore. Every test is parallel
// and gets its own store.
func RunStore(t *testing.T, newStore StoreFactory) {
	tests := map[string]func(t *testing.T, s Store){
		"Users/CreateAndRead":                testUserCreateAndRead,
		"Users/UsernameUniqueIgnoringCase":   testUsernameUnique,
		"Users/NotFound":                     testUserNotFound,
		"Users/OneProtectedAccount":          testOneProtected,
		"Users/ListAndFilter":                testListUsers,
		"Users/UpdateSaves":                  testUpdateUser,
		"Users/ThemeDefaultsAndSaves":        testUserTheme,
		"Users/UnitsDefaultsAndSaves":        testUserUnits,
		"Users/UpdateVetoSavesNothing":       testUpdateVeto,
		"Users/UpdateUsernameConflict":       testUpdateConflict,
		"Users/UpdateConcurrentIsSerialised": testUpdateConcurrent,
		"Users/DeleteAndVeto":                testDeleteUser,
		"Users/RecordLogin":                  testRecordLogin,
		"Sessions/Lifecycle":                 testSessionLifecycle,
		"Sessions/WithUser":                  testSessionAndUser,
		"Sessions/WithUserAfterChanges":      testSessionAndUserAfterChanges,
		"Sessions/TokenHashUnique":           testSessionUnique,
		"Sessions/RevokeUserSessions":        testRevokeUserSessions,
		"Sessions/DeleteBefore":              testDeleteSessionsBefore,
		"Sessions/DeletedWithUser":           testSessionsCascade,
		"LoginFailures/CountClear":           testLoginFailures,
		"LoginFailures/ReserveAttempts":      testLoginAttempts,
		"WriteSlots/Reserve":                 testWriteSlots,
		"Sites/CreateReadList":               testSites,
		"Sites/UserReferencesSite":           testSiteReference,
		"Categories/UserCategories":          testUserCategories,
		"Categories/SiteCategories":          testSiteCategories,
		"Ready":                              testReady,
	}
	for name, fn := range adminTests {
		tests[name] = fn
	}
	for name, fn := range gardenTests {
		tests[name] = fn
	}
	for name, fn := range careLogTests {
		tests[name] = fn
	}
	for name, fn := range identityTests {
		tests[name] = fn
	}
	for name, fn := range weatherTests {
		tests[name] = fn
	}
	for name, fn := range sensorTests {
		tests[name] = fn
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newStore(t))
		})
	}
}

func testUserCreateAndRead(t *testing.T, s Store) {
	ctx := context.Background()
	site := &domain.Site{Name: "North Allotments", Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: base}
	must(t, s.CreateSite(ctx, site))
	cat := &domain.UserCategory{Name: "Volunteers", CreatedAt: base}
	must(t, s.CreateUserCategory(ctx, cat))
	push := false
	u := newUser("Rosa")
	u.SiteID, u.CategoryID, u.IsSiteAdmin = &site.ID, &cat.ID, true
	u.NotificationPrefs = domain.NotificationPreferences{Email: false, Push: &push, CareReminders: true, WeeklyDigest: true}
	must(t, s.CreateUser(ctx, u))
	if u.ID == 0 {
		t.Fatal("CreateUser did not set ID")
	}
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Username != "Rosa" || got.Email != u.Email || got.FullName != u.FullName || got.PasswordHash != u.PasswordHash ||
		got.Role != domain.RoleUser || !got.IsActive || got.IsProtected || !got.IsSiteAdmin || !got.NotificationsEnabled {
		t.Fatalf("read back %+v, want %+v", got, u)
	}
	if got.SiteID == nil || *got.SiteID != site.ID || got.CategoryID == nil || *got.CategoryID != cat.ID {
		t.Fatalf("references lost: site %v category %v", got.SiteID, got.CategoryID)
	}
	p := got.NotificationPrefs
	if p.Email || p.Push == nil || *p.Push || !p.CareReminders || !p.WeeklyDigest {
		t.Fatalf("preferences read back %+v", p)
	}
	if !got.CreatedAt.Equal(base) || got.CreatedAt.Location() != time.UTC {
		t.Fatalf("createdAt %v, want %v in UTC", got.CreatedAt, base)
	}
	if got.LastLogin != nil {
		t.Fatalf("lastLogin %v, want nil", got.LastLogin)
	}
	byName, err := s.UserByUsername(ctx, "rOSA")
	must(t, err)
	if byName.ID != u.ID {
		t.Fatalf("UserByUsername found %d, want %d", byName.ID, u.ID)
	}
}

func testUsernameUnique(t *testing.T, s Store) {
	ctx := context.Background()
	must(t, s.CreateUser(ctx, newUser("Basil")))
	mustCode(t, s.CreateUser(ctx, newUser("basil")), domain.EConflict)
}

func testUserNotFound(t *testing.T, s Store) {
	ctx := context.Background()
	_, err := s.UserByID(ctx, 987654)
	mustCode(t, err, domain.ENotFound)
	_, err = s.UserByUsername(ctx, "nobody")
	mustCode(t, err, domain.ENotFound)
	_, err = s.ProtectedUser(ctx)
	mustCode(t, err, domain.ENotFound)
	_, err = s.UpdateUser(ctx, 987654, func(*domain.User) error { return nil })
	mustCode(t, err, domain.ENotFound)
	mustCode(t, s.DeleteUser(ctx, 987654, nil), domain.ENotFound)
	mustCode(t, s.RecordLogin(ctx, 987654, base), domain.ENotFound)
}

func testOneProtected(t *testing.T, s Store) {
	ctx := context.Background()
	a := newUser("admin")
	a.Role, a.IsProtected = domain.RoleSuperadmin, true
	must(t, s.CreateUser(ctx, a))
	got, err := s.ProtectedUser(ctx)
	must(t, err)
	if got.ID != a.ID || !got.IsProtected {
		t.Fatalf("ProtectedUser = %+v", got)
	}
	b := newUser("admin2")
	b.Role, b.IsProtected = domain.RoleSuperadmin, true
	mustCode(t, s.CreateUser(ctx, b), domain.EConflict)
}

func testListUsers(t *testing.T, s Store) {
	ctx := context.Background()
	site := &domain.Site{Name: "Greenhouse", Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: base}
	must(t, s.CreateSite(ctx, site))
	var ids []int64
	for i, name := range []string{"ivy", "fern", "moss"} {
		u := newUser(name)
		if i > 0 {
			u.SiteID = &site.ID
		}
		if i == 2 {
			u.Role = domain.RoleAdmin
		}
		must(t, s.CreateUser(ctx, u))
		ids = append(ids, u.ID)
	}
	all, err := s.ListUsers(ctx, ports.UserFilter{})
	must(t, err)
	if len(all) != 3 || all[0].ID != ids[0] || all[2].ID != ids[2] {
		t.Fatalf("ListUsers = %d users, want 3 in id order", len(all))
	}
	onSite, err := s.ListUsers(ctx, ports.UserFilter{SiteID: &site.ID})
	must(t, err)
	if len(onSite) != 2 {
		t.Fatalf("site filter gave %d, want 2", len(onSite))
	}
	admins, err := s.ListUsers(ctx, ports.UserFilter{SiteID: &site.ID, Role: domain.RoleAdmin})
	must(t, err)
	if len(admins) != 1 || admins[0].Username != "moss" {
		t.Fatalf("site+role filter gave %v", admins)
	}
	n, err := s.CountSiteUsers(ctx, site.ID)
	must(t, err)
	if n != 2 {
		t.Fatalf("CountSiteUsers = %d, want 2", n)
	}
	counts, err := s.CountUsersBySite(ctx)
	must(t, err)
	if counts[site.ID] != 2 || len(counts) != 1 {
		t.Fatalf("CountUsersBySite = %v, want only site %d with 2", counts, site.ID)
	}
}

func testUpdateUser(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("thyme")
	must(t, s.CreateUser(ctx, u))
	updated, err := s.UpdateUser(ctx, u.ID, func(u *domain.User) error {
		u.Username, u.Email, u.Role, u.IsActive = "Thyme2", "t2@example.org", domain.RoleAdmin, false
		u.NotificationPrefs.WeeklyDigest = true
		return nil
	})
	must(t, err)
	if updated.Username != "Thyme2" {
		t.Fatalf("UpdateUser returned %+v", updated)
	}
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Username != "Thyme2" || got.Email != "t2@example.org" || got.Role != domain.RoleAdmin || got.IsActive || !got.NotificationPrefs.WeeklyDigest {
		t.Fatalf("update not saved: %+v", got)
	}
}

// testUserTheme: a new user follows the device ("system" or unset); a chosen theme is saved
// and read back by every read of the user (issue #25 item 6).
func testUserTheme(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser(uniq("theme"))
	must(t, s.CreateUser(ctx, u))
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Theme.OrSystem() != domain.ThemeSystem {
		t.Fatalf("a new user's theme = %q, want system", got.Theme)
	}
	for _, theme := range []domain.Theme{domain.ThemeDark, domain.ThemeLight, domain.ThemeSystem} {
		_, err = s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.Theme = theme; return nil })
		must(t, err)
		got, err = s.UserByID(ctx, u.ID)
		must(t, err)
		if got.Theme != theme {
			t.Fatalf("theme = %q, want %q", got.Theme, theme)
		}
	}
}

// testUserUnits: a new user has no measurement system (their locale's is used); a chosen one is
// saved and read back, and "" clears it again (issue #25 item 4).
func testUserUnits(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser(uniq("units"))
	must(t, s.CreateUser(ctx, u))
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Units != "" {
		t.Fatalf("a new user's units = %q, want none", got.Units)
	}
	for _, units := range []domain.Units{domain.UnitsMetric, domain.UnitsImperial, ""} {
		_, err = s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.Units = units; return nil })
		must(t, err)
		got, err = s.UserByID(ctx, u.ID)
		must(t, err)
		if got.Units != units {
			t.Fatalf("units = %q, want %q", got.Units, units)
		}
	}
}

func testUpdateVeto(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("sage")
	must(t, s.CreateUser(ctx, u))
	veto := domain.Errorf(domain.EForbidden, "no")
	_, err := s.UpdateUser(ctx, u.ID, func(u *domain.User) error {
		u.Username = "changed"
		return veto
	})
	if !errors.Is(err, veto) {
		t.Fatalf("UpdateUser returned %v, want the veto", err)
	}
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.Username != "sage" {
		t.Fatalf("vetoed change was saved: %q", got.Username)
	}
}

func testUpdateConflict(t *testing.T, s Store) {
	ctx := context.Background()
	must(t, s.CreateUser(ctx, newUser("mint")))
	u := newUser("dill")
	must(t, s.CreateUser(ctx, u))
	_, err := s.UpdateUser(ctx, u.ID, func(u *domain.User) error { u.Username = "MINT"; return nil })
	mustCode(t, err, domain.EConflict)
}

// testUpdateConcurrent checks that UpdateUser is a real read-modify-write transaction: parallel
// increments of a field lose none.
func testUpdateConcurrent(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("counter")
	must(t, s.CreateUser(ctx, u))
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.UpdateUser(ctx, u.ID, func(u *domain.User) error {
				u.FullName += "x"
				return nil
			})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err)
	}
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if want := "Full counter" + "xxxxxxxx"; got.FullName != want {
		t.Fatalf("after %d concurrent updates FullName = %q, want %q", n, got.FullName, want)
	}
}

func testDeleteUser(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("chive")
	must(t, s.CreateUser(ctx, u))
	veto := domain.Errorf(domain.EForbidden, "keep")
	if err := s.DeleteUser(ctx, u.ID, func(*domain.User) error { return veto }); !errors.Is(err, veto) {
		t.Fatalf("DeleteUser with veto = %v", err)
	}
	_, err := s.UserByID(ctx, u.ID)
	must(t, err)
	var seen *domain.User
	must(t, s.DeleteUser(ctx, u.ID, func(u *domain.User) error { seen = u; return nil }))
	if seen == nil || seen.Username != "chive" {
		t.Fatalf("check saw %+v", seen)
	}
	_, err = s.UserByID(ctx, u.ID)
	mustCode(t, err, domain.ENotFound)
}

func testRecordLogin(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("lavender")
	must(t, s.CreateUser(ctx, u))
	at := base.Add(time.Hour)
	must(t, s.RecordLogin(ctx, u.ID, at.In(time.FixedZone("X", 3600))))
	got, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if got.LastLogin == nil || !got.LastLogin.Equal(at) {
		t.Fatalf("lastLogin = %v, want %v", got.LastLogin, at)
	}
}

func newSession(userID int64, hash string) *domain.Session {
	return &domain.Session{TokenHash: hash, UserID: userID, CreatedAt: base, ExpiresAt: base.Add(24 * time.Hour)}
}

func testSessionLifecycle(t *testing.T, s Store) {
	ctx := context.Background()
	admin := newUser("root")
	admin.Role = domain.RoleSuperadmin
	must(t, s.CreateUser(ctx, admin))
	u := newUser("oregano")
	must(t, s.CreateUser(ctx, u))
	ses := newSession(u.ID, "hash-1")
	ses.ImpersonatorID = &admin.ID
	must(t, s.CreateSession(ctx, ses))
	if ses.ID == 0 {
		t.Fatal("CreateSession did not set ID")
	}
	got, err := s.SessionByTokenHash(ctx, "hash-1")
	must(t, err)
	if got.ID != ses.ID || got.UserID != u.ID || got.ImpersonatorID == nil || *got.ImpersonatorID != admin.ID ||
		!got.CreatedAt.Equal(base) || !got.ExpiresAt.Equal(ses.ExpiresAt) || got.RevokedAt != nil {
		t.Fatalf("session read back %+v", got)
	}
	if !got.ActiveAt(base.Add(time.Hour)) || got.ActiveAt(base.Add(25*time.Hour)) {
		t.Fatal("expiry not kept")
	}
	must(t, s.RevokeSession(ctx, ses.ID, base.Add(time.Minute)))
	must(t, s.RevokeSession(ctx, ses.ID, base.Add(time.Hour)))
	got, err = s.SessionByTokenHash(ctx, "hash-1")
	must(t, err)
	if got.RevokedAt == nil || !got.RevokedAt.Equal(base.Add(time.Minute)) {
		t.Fatalf("revokedAt = %v, want the first revocation time", got.RevokedAt)
	}
	_, err = s.SessionByTokenHash(ctx, "missing")
	mustCode(t, err, domain.ENotFound)
	mustCode(t, s.RevokeSession(ctx, 987654, base), domain.ENotFound)
}

// testSessionAndUser: the joined read returns the same session and user as the two reads.
func testSessionAndUser(t *testing.T, s Store) {
	ctx := context.Background()
	admin := newUser("thyme-admin")
	admin.Role = domain.RoleSuperadmin
	must(t, s.CreateUser(ctx, admin))
	u := newUser("thyme")
	u.FullName = "Thyme Gardener"
	must(t, s.CreateUser(ctx, u))
	ses := newSession(u.ID, "hash-joined")
	ses.ImpersonatorID = &admin.ID
	must(t, s.CreateSession(ctx, ses))
	must(t, s.RevokeSession(ctx, ses.ID, base.Add(time.Minute)))
	gotSes, gotUser, err := s.SessionAndUserByTokenHash(ctx, "hash-joined")
	must(t, err)
	wantSes, err := s.SessionByTokenHash(ctx, "hash-joined")
	must(t, err)
	wantUser, err := s.UserByID(ctx, u.ID)
	must(t, err)
	if !reflect.DeepEqual(gotSes, wantSes) {
		t.Fatalf("session %+v, want %+v", *gotSes, *wantSes)
	}
	if gotUser.ID != wantUser.ID || gotUser.Username != "thyme" || gotUser.FullName != "Thyme Gardener" || gotUser.Role != wantUser.Role ||
		gotUser.IsActive != wantUser.IsActive || gotUser.PasswordHash != wantUser.PasswordHash || !gotUser.CreatedAt.Equal(wantUser.CreatedAt) {
		t.Fatalf("user %+v, want %+v", *gotUser, *wantUser)
	}
	_, _, err = s.SessionAndUserByTokenHash(ctx, "missing")
	mustCode(t, err, domain.ENotFound)
}

// testSessionAndUserAfterChanges: a session read again and again (a replica keeps its user
// between requests, issue #30 item 2) answers every change of the user, the session or the
// row at once, and what a caller does to the user it got changes nothing for the next.
func testSessionAndUserAfterChanges(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("borage")
	must(t, s.CreateUser(ctx, u))
	must(t, s.CreateSession(ctx, newSession(u.ID, "hash-borage")))
	read := func() (*domain.Session, *domain.User) {
		t.Helper()
		ses, got, err := s.SessionAndUserByTokenHash(ctx, "hash-borage")
		must(t, err)
		if ses.UserID != u.ID || got.ID != u.ID {
			t.Fatalf("session of user %d with user %d, want %d", ses.UserID, got.ID, u.ID)
		}
		return ses, got
	}
	_, first := read()
	first.FullName, first.Role, first.Language = "Changed by a caller", domain.RoleSuperadmin, "de"
	if _, again := read(); again.FullName != "Full borage" || again.Role != domain.RoleUser || again.Language != "" {
		t.Fatalf("after a caller changed its copy: %q %q %q, want the stored user", again.FullName, again.Role, again.Language)
	}
	for _, change := range []struct {
		name  string
		apply func(*domain.User)
		check func(*domain.User) bool
	}{
		{"promoted", func(x *domain.User) { x.Role = domain.RoleAdmin }, func(x *domain.User) bool { return x.Role == domain.RoleAdmin }},
		{"language", func(x *domain.User) { x.Language = "nl" }, func(x *domain.User) bool { return x.Language == "nl" }},
		{"time zone", func(x *domain.User) { x.TimeZone = "Europe/Oslo" }, func(x *domain.User) bool { return x.TimeZone == "Europe/Oslo" }},
		{"deactivated", func(x *domain.User) { x.IsActive = false }, func(x *domain.User) bool { return !x.IsActive }},
	} {
		_, err := s.UpdateUser(ctx, u.ID, func(x *domain.User) error { change.apply(x); return nil })
		must(t, err)
		if _, got := read(); !change.check(got) {
			t.Fatalf("%s: the next read has %+v", change.name, *got)
		}
	}
	at := base.Add(2 * time.Hour)
	must(t, s.RecordLogin(ctx, u.ID, at))
	if _, got := read(); got.LastLogin == nil || !got.LastLogin.Equal(at) {
		t.Fatalf("after a sign-in the next read has last login %v, want %v", got.LastLogin, at)
	}
	ses, _ := read()
	must(t, s.RevokeSession(ctx, ses.ID, at))
	if ses, _ := read(); ses.RevokedAt == nil {
		t.Fatal("a revoked session reads as not revoked")
	}
	must(t, s.DeleteUser(ctx, u.ID, nil))
	_, _, err := s.SessionAndUserByTokenHash(ctx, "hash-borage")
	mustCode(t, err, domain.ENotFound)
}

func testSessionUnique(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("rue")
	must(t, s.CreateUser(ctx, u))
	must(t, s.CreateSession(ctx, newSession(u.ID, "same")))
	mustCode(t, s.CreateSession(ctx, newSession(u.ID, "same")), domain.EConflict)
}

func testRevokeUserSessions(t *testing.T, s Store) {
	ctx := context.Background()
	u, other, admin := newUser("tansy"), newUser("yarrow"), newUser("boss")
	admin.Role = domain.RoleSuperadmin
	for _, x := range []*domain.User{u, other, admin} {
		must(t, s.CreateUser(ctx, x))
	}
	must(t, s.CreateSession(ctx, newSession(u.ID, "u1")))
	must(t, s.CreateSession(ctx, newSession(u.ID, "u2")))
	imp := newSession(other.ID, "imp")
	imp.ImpersonatorID = &u.ID // u acting as other: must end with u's sessions too
	must(t, s.CreateSession(ctx, imp))
	must(t, s.CreateSession(ctx, newSession(other.ID, "o1")))
	n, err := s.RevokeUserSessions(ctx, u.ID, base)
	must(t, err)
	if n != 3 {
		t.Fatalf("revoked %d sessions, want 3", n)
	}
	for hash, revoked := range map[string]bool{"u1": true, "u2": true, "imp": true, "o1": false} {
		got, err := s.SessionByTokenHash(ctx, hash)
		must(t, err)
		if (got.RevokedAt != nil) != revoked {
			t.Errorf("session %s revoked=%v, want %v", hash, got.RevokedAt != nil, revoked)
		}
	}
}

func testDeleteSessionsBefore(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("borage")
	must(t, s.CreateUser(ctx, u))
	expired := newSession(u.ID, "expired")
	expired.ExpiresAt = base.Add(-time.Hour)
	must(t, s.CreateSession(ctx, expired))
	revoked := newSession(u.ID, "revoked")
	must(t, s.CreateSession(ctx, revoked))
	must(t, s.RevokeSession(ctx, revoked.ID, base.Add(-time.Minute)))
	must(t, s.CreateSession(ctx, newSession(u.ID, "live")))
	n, err := s.DeleteSessionsBefore(ctx, base)
	must(t, err)
	if n != 2 {
		t.Fatalf("deleted %d, want 2", n)
	}
	_, err = s.SessionByTokenHash(ctx, "live")
	must(t, err)
	_, err = s.SessionByTokenHash(ctx, "expired")
	mustCode(t, err, domain.ENotFound)
}

func testSessionsCascade(t *testing.T, s Store) {
	ctx := context.Background()
	u := newUser("sorrel")
	must(t, s.CreateUser(ctx, u))
	must(t, s.CreateSession(ctx, newSession(u.ID, "gone")))
	must(t, s.DeleteUser(ctx, u.ID, nil))
	_, err := s.SessionByTokenHash(ctx, "gone")
	mustCode(t, err, domain.ENotFound)
}

func testLoginFailures(t *testing.T, s Store) {
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		must(t, s.RecordLoginFailure(ctx, "Hazel", base.Add(time.Duration(i)*time.Minute)))
	}
	must(t, s.RecordLoginFailure(ctx, "other", base))
	got, err := s.LoginFailuresSince(ctx, "hazel", base.Add(time.Minute))
	must(t, err)
	if len(got) != 2 || !got[0].Equal(base.Add(time.Minute)) || !got[1].Equal(base.Add(2*time.Minute)) {
		t.Fatalf("LoginFailuresSince = %v", got)
	}
	must(t, s.ClearLoginFailures(ctx, "HAZEL"))
	got, err = s.LoginFailuresSince(ctx, "hazel", base.Add(-time.Hour))
	must(t, err)
	if len(got) != 0 {
		t.Fatalf("after clear: %v", got)
	}
	got, err = s.LoginFailuresSince(ctx, "other", base.Add(-time.Hour))
	must(t, err)
	if len(got) != 1 {
		t.Fatalf("clear touched another username: %v", got)
	}
	must(t, s.RecordLoginFailure(ctx, "other", base.Add(time.Hour)))
	n, err := s.DeleteLoginFailuresBefore(ctx, base.Add(time.Minute))
	must(t, err)
	got, _ = s.LoginFailuresSince(ctx, "other", base.Add(-time.Hour))
	if n != 1 || len(got) != 1 {
		t.Fatalf("DeleteLoginFailuresBefore removed %d, left %v", n, got)
	}
}

func testSites(t *testing.T, s Store) {
	ctx := context.Background()
	cat := &domain.SiteCategory{Name: "Schools"}
	must(t, s.CreateSiteCategory(ctx, cat))
	b := &domain.Site{Name: "b-site", Description: "d", Email: "b@example.org", Address: "1 Lane", City: "Leeds", State: "WY",
		ZipCode: "LS1", PhoneNumber: "0113", Website: "https://b.example.org", Country: "United Kingdom", Status: domain.SiteInactive,
		CategoryID: &cat.ID, UserLimit: 10, PlantLimit: 25, MaintenanceMode: true, MaintenanceMessage: "Back soon", CreatedAt: base}
	must(t, s.CreateSite(ctx, b))
	a := &domain.Site{Name: "A-site", Country: domain.DefaultCountry, Status: domain.SiteActive, CreatedAt: base}
	must(t, s.CreateSite(ctx, a))
	got, err := s.SiteByID(ctx, b.ID)
	must(t, err)
	want := *b
	if got.CategoryID == nil || *got.CategoryID != cat.ID {
		t.Fatalf("category lost: %v", got.CategoryID)
	}
	got.CategoryID, want.CategoryID = nil, nil
	if fmt.Sprint(*got) != fmt.Sprint(want) {
		t.Fatalf("site read back\n%+v\nwant\n%+v", *got, want)
	}
	list, err := s.ListSites(ctx)
	must(t, err)
	if len(list) != 2 || list[0].ID != a.ID || list[1].ID != b.ID {
		t.Fatalf("ListSites not ordered by name: %v", list)
	}
	_, err = s.SiteByID(ctx, 987654)
	mustCode(t, err, domain.ENotFound)
}

func testSiteReference(t *testing.T, s Store) {
	ctx := context.Background()
	missing := int64(987654)
	u := newUser("orphan")
	u.SiteID = &missing
	if err := s.CreateUser(ctx, u); err == nil {
		t.Fatal("a user pointing to a missing site was stored")
	}
}

func testUserCategories(t *testing.T, s Store) {
	ctx := context.Background()
	b := &domain.UserCategory{Name: "Beekeepers", Description: "Bees", CreatedAt: base}
	must(t, s.CreateUserCategory(ctx, b))
	must(t, s.CreateUserCategory(ctx, &domain.UserCategory{Name: "allotment", CreatedAt: base}))
	mustCode(t, s.CreateUserCategory(ctx, &domain.UserCategory{Name: "BEEKEEPERS", CreatedAt: base}), domain.EConflict)
	got, err := s.UserCategoryByID(ctx, b.ID)
	must(t, err)
	if got.Name != "Beekeepers" || got.Description != "Bees" || !got.CreatedAt.Equal(base) {
		t.Fatalf("category read back %+v", got)
	}
	list, err := s.ListUserCategories(ctx)
	must(t, err)
	if len(list) != 2 || list[0].Name != "allotment" {
		t.Fatalf("ListUserCategories = %v", list)
	}
	_, err = s.UserCategoryByID(ctx, 987654)
	mustCode(t, err, domain.ENotFound)
}

func testSiteCategories(t *testing.T, s Store) {
	ctx := context.Background()
	seeded, err := s.ListSiteCategories(ctx)
	must(t, err)
	must(t, s.CreateSiteCategory(ctx, &domain.SiteCategory{Name: "Parks"}))
	must(t, s.CreateSiteCategory(ctx, &domain.SiteCategory{Name: "a-community"}))
	mustCode(t, s.CreateSiteCategory(ctx, &domain.SiteCategory{Name: "parks"}), domain.EConflict)
	list, err := s.ListSiteCategories(ctx)
	must(t, err)
	if len(list) != len(seeded)+2 || list[0].Name != "a-community" || list[1].ID == 0 {
		t.Fatalf("ListSiteCategories = %d items, first %q", len(list), list[0].Name)
	}
}

func testReady(t *testing.T, s Store) {
	must(t, s.Ready(context.Background()))
}
