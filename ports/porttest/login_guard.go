package porttest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// testLoginAttempts checks ReserveLoginAttempt: what check sees per (username, address) and per
// address, that a refused check records nothing, Forget and Clear, and that 50 parallel
// reservations against a limit of 5 let exactly 5 through.
func testLoginAttempts(t *testing.T, s Store) {
	ctx := context.Background()
	since := base.Add(-time.Hour)
	var seenUser, seenAddr int
	peek := func(u, a []time.Time) error { seenUser, seenAddr = len(u), len(a); return nil }
	id1, err := s.ReserveLoginAttempt(ctx, "Hazel", "10.0.0.1", base, since, peek)
	must(t, err)
	_, err = s.ReserveLoginAttempt(ctx, "rowan", "10.0.0.1", base.Add(time.Second), since, peek)
	must(t, err)
	_, err = s.ReserveLoginAttempt(ctx, "hazel", "10.0.0.2", base.Add(2*time.Second), since, peek)
	must(t, err)
	_, err = s.ReserveLoginAttempt(ctx, "HAZEL", "10.0.0.1", base.Add(3*time.Second), since, peek)
	must(t, err)
	if seenUser != 1 || seenAddr != 2 {
		t.Fatalf("check saw %d failures of hazel at 10.0.0.1 and %d at the address, want 1 and 2", seenUser, seenAddr)
	}
	refuse := func(u, a []time.Time) error { return domain.Errorf(domain.ERateLimited, "no") }
	_, err = s.ReserveLoginAttempt(ctx, "hazel", "10.0.0.1", base.Add(4*time.Second), since, refuse)
	mustCode(t, err, domain.ERateLimited)
	must(t, s.ForgetLoginAttempt(ctx, id1))
	_, err = s.ReserveLoginAttempt(ctx, "hazel", "10.0.0.1", base.Add(5*time.Second), since, peek)
	must(t, err)
	if seenUser != 1 || seenAddr != 2 {
		t.Fatalf("after a refusal and a forget: %d and %d, want 1 and 2", seenUser, seenAddr)
	}
	must(t, s.ClearLoginAttempts(ctx, "Hazel", "10.0.0.1"))
	_, err = s.ReserveLoginAttempt(ctx, "hazel", "10.0.0.1", base.Add(6*time.Second), since, peek)
	must(t, err)
	if seenUser != 0 || seenAddr != 1 {
		t.Fatalf("after clear: %d and %d, want 0 and 1 (rowan's failure stays)", seenUser, seenAddr)
	}
	got, err := s.LoginFailuresSince(ctx, "hazel", since)
	must(t, err)
	if len(got) != 2 { // 10.0.0.2's and the last reservation
		t.Fatalf("LoginFailuresSince(hazel) = %d rows, want 2", len(got))
	}

	// 50 at once against a limit of 5.
	var passed atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.ReserveLoginAttempt(ctx, "race", "10.9.9.9", base, since, func(u, a []time.Time) error {
				if len(u) >= 5 {
					return domain.Errorf(domain.ERateLimited, "limit")
				}
				return nil
			})
			if err == nil {
				passed.Add(1)
			} else if domain.ErrorCode(err) != domain.ERateLimited {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if passed.Load() != 5 {
		t.Fatalf("%d of 50 parallel reservations passed a limit of 5", passed.Load())
	}
}
