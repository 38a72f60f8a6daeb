package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// BenchmarkSessionAndUser is the read every signed-in request makes: a session by its token's
// hash, with its user (issue #30 item 2: the app's fixed cost per request).
func BenchmarkSessionAndUser(b *testing.B) {
	for name, open := range dbtest.Dialects() {
		b.Run(name, func(b *testing.B) {
			s := open(b)
			ctx := context.Background()
			now := time.Now().UTC()
			u := &domain.User{Username: "bench", Email: "bench@example.org", FullName: "Bench Gardener", PasswordHash: "x",
				Role: domain.RoleUser, IsActive: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now, TimeZone: "Europe/Paris"}
			if err := s.CreateUser(ctx, u); err != nil {
				b.Fatal(err)
			}
			if err := s.CreateSession(ctx, &domain.Session{TokenHash: "bench-hash", UserID: u.ID, CreatedAt: now,
				ExpiresAt: now.Add(time.Hour), LastSeenAt: &now}); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, _, err := s.SessionAndUserByTokenHash(ctx, "bench-hash"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
