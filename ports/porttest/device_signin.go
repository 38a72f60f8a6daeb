package porttest

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// testDeviceEndsWithSignIn: a push device belongs to the session or API token that registered
// it (issue #22 item 7). Revoking one session takes only its devices; revoking all of a user's
// sessions or tokens takes theirs; the cleanup deletes devices of expired sign-ins, and
// deleting a session row cascades. The device keeps its sign-in when read back, and moves to
// another one when the browser is registered again.
func testDeviceEndsWithSignIn(t *testing.T, s Store, ns ports.NotifyStore) {
	ctx := context.Background()
	a, b := ownerPair(t, s)
	session := func(u *domain.User, ttl time.Duration) *domain.Session {
		ses := &domain.Session{TokenHash: uniq("device-ses"), UserID: u.ID, CreatedAt: base, ExpiresAt: base.Add(ttl)}
		must(t, s.CreateSession(ctx, ses))
		return ses
	}
	token := func(u *domain.User, ttl time.Duration) *domain.APIToken {
		tok := tokenOf(u.ID, uniq("device-token"), domain.ScopeWrite, base.Add(ttl))
		must(t, s.CreateAPIToken(ctx, tok, 50, base))
		return tok
	}
	register := func(u *domain.User, p *domain.Principal) *domain.Device {
		d := newDevice(u.ID, uniq("https://push.example/signin"))
		d.BindTo(p)
		_, err := ns.SaveDevice(ctx, d, 10)
		must(t, err)
		return d
	}
	has := func(u *domain.User, ds ...*domain.Device) {
		t.Helper()
		l, err := ns.ListDevices(ctx, u.ID)
		must(t, err)
		want := map[int64]bool{}
		for _, d := range ds {
			want[d.ID] = true
		}
		if len(l) != len(want) {
			t.Fatalf("user %d has %d devices, want %d: %+v", u.ID, len(l), len(want), l)
		}
		for _, d := range l {
			if !want[d.ID] {
				t.Fatalf("device %d is left, want %v", d.ID, want)
			}
		}
	}

	phone, laptop := session(a, 24*time.Hour), session(a, 24*time.Hour)
	onPhone := register(a, &domain.Principal{User: a, Session: phone})
	onLaptop := register(a, &domain.Principal{User: a, Session: laptop})
	got, err := ns.ListDevices(ctx, a.ID)
	must(t, err)
	for _, d := range got {
		if d.ID == onPhone.ID && (d.SessionID == nil || *d.SessionID != phone.ID || d.APITokenID != nil || d.ExpiresAt == nil || !d.ExpiresAt.Equal(phone.ExpiresAt)) {
			t.Fatalf("device read back without its session: %+v", d)
		}
	}
	// Signing out on the phone takes the phone's device, not the laptop's.
	must(t, s.RevokeSession(ctx, phone.ID, base.Add(time.Minute)))
	has(a, onLaptop)

	// Signed out everywhere: every session's devices go; another user's stay.
	bDevice := register(b, &domain.Principal{User: b, Session: session(b, 24*time.Hour)})
	_, err = s.RevokeUserSessions(ctx, a.ID, base.Add(time.Minute))
	must(t, err)
	has(a)
	has(b, bDevice)

	// A device registered with an API token goes with the token, one or all.
	script := token(a, 24*time.Hour)
	register(a, &domain.Principal{User: a, APIToken: script})
	must(t, s.RevokeAPIToken(ctx, a.ID, script.ID, base.Add(time.Minute)))
	has(a)
	register(a, &domain.Principal{User: a, APIToken: token(a, 24*time.Hour)})
	_, err = s.RevokeUserAPITokens(ctx, a.ID, base.Add(time.Minute))
	must(t, err)
	has(a)

	// Expiry: the cleanup deletes devices of sign-ins that expired by now, and only those.
	short, long := session(a, time.Hour), session(a, 48*time.Hour)
	onShort := register(a, &domain.Principal{User: a, Session: short})
	onLong := register(a, &domain.Principal{User: a, Session: long})
	n, err := s.DeleteEndedDevices(ctx, base.Add(time.Hour-time.Second))
	must(t, err)
	if n != 0 {
		t.Fatalf("deleted %d devices of live sessions", n)
	}
	has(a, onShort, onLong)
	if n, err = s.DeleteEndedDevices(ctx, base.Add(2*time.Hour)); err != nil || n != 1 {
		t.Fatalf("DeleteEndedDevices = %d, %v; want the expired session's one", n, err)
	}
	has(a, onLong)

	// The same browser registered again, by b: it now belongs to b's session, and a's signing
	// out there no longer touches it.
	bSes := session(b, 24*time.Hour)
	again := newDevice(b.ID, onLong.PlayerID)
	again.BindTo(&domain.Principal{User: b, Session: bSes})
	_, err = ns.SaveDevice(ctx, again, 10)
	must(t, err)
	must(t, s.RevokeSession(ctx, long.ID, base.Add(time.Minute)))
	has(a)
	has(b, bDevice, again)

	// Deleting a session's row (the daily cleanup of ended sessions) cascades to its devices.
	brief := session(b, time.Hour)
	register(b, &domain.Principal{User: b, Session: brief})
	_, err = s.DeleteSessionsBefore(ctx, base.Add(2*time.Hour))
	must(t, err)
	has(b, bDevice, again)
	must(t, s.RevokeSession(ctx, bSes.ID, base.Add(time.Minute)))
	has(b, bDevice)
}
