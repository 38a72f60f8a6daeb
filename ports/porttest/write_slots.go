package porttest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// testWriteSlots checks ReserveWriteSlot: what check sees (per user and kind, from since,
// oldest first), that a refused check records nothing, that Forget gives a slot back, that
// slots older than since are forgotten, and that 40 parallel reservations against a limit of
// 10 let exactly 10 through while another user's and another kind's pass beside them.
func testWriteSlots(t *testing.T, s Store) {
	ctx := context.Background()
	hazel, rowan := forumUser(t, s), forumUser(t, s)
	var seen []time.Time
	peek := func(recent []time.Time) error { seen = recent; return nil }
	reserve := func(kind string, u *domain.User, at time.Time, check func([]time.Time) error) (int64, error) {
		return s.ReserveWriteSlot(ctx, kind, u.ID, at, at.Add(-time.Hour), check)
	}
	_, err := reserve("message", hazel, base.Add(-90*time.Minute), peek)
	must(t, err)
	first, err := reserve("message", hazel, base.Add(-30*time.Minute), peek)
	must(t, err)
	_, err = reserve("message", hazel, base.Add(-10*time.Minute), peek)
	must(t, err)
	_, err = reserve("answer", hazel, base.Add(-5*time.Minute), peek)
	must(t, err)
	_, err = reserve("message", rowan, base.Add(-5*time.Minute), peek)
	must(t, err)
	_, err = reserve("message", hazel, base, peek)
	must(t, err)
	if len(seen) != 2 || !seen[0].Equal(base.Add(-30*time.Minute)) || !seen[1].Equal(base.Add(-10*time.Minute)) {
		t.Fatalf("check saw %v, want hazel's two messages of the last hour, oldest first", seen)
	}
	_, err = reserve("message", hazel, base.Add(time.Second), func([]time.Time) error { return domain.Errorf(domain.ERateLimited, "no") })
	mustCode(t, err, domain.ERateLimited)
	must(t, s.ForgetWriteSlot(ctx, first))
	_, err = reserve("message", hazel, base.Add(2*time.Second), peek)
	must(t, err)
	if len(seen) != 2 || !seen[0].Equal(base.Add(-10*time.Minute)) || !seen[1].Equal(base) {
		t.Fatalf("after a refusal and a forget, check saw %v, want the last two", seen)
	}
	// The slot of 90 minutes ago left every window of 1 hour: a wider since does not see it.
	_, err = s.ReserveWriteSlot(ctx, "message", hazel.ID, base.Add(3*time.Second), base.Add(-24*time.Hour), peek)
	must(t, err)
	if len(seen) != 3 {
		t.Fatalf("check saw %d slots after the cleanup, want 3 (the one of 90 minutes ago forgotten)", len(seen))
	}

	// 40 at once against a limit of 10; another user and another kind are not held back.
	var passed, other atomic.Int64
	var wg sync.WaitGroup
	limit := func(recent []time.Time) error {
		if len(recent) >= 10 {
			return domain.Errorf(domain.ERateLimited, "limit")
		}
		return nil
	}
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := reserve("topic", hazel, base, limit)
			if err == nil {
				passed.Add(1)
			} else if domain.ErrorCode(err) != domain.ERateLimited {
				t.Error(err)
			}
		}()
		if i%4 == 0 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := reserve("topic", rowan, base, limit); err != nil {
					t.Error(err)
				}
				if _, err := reserve("question", hazel, base, limit); err != nil {
					t.Error(err)
				}
				other.Add(1)
			}()
		}
	}
	wg.Wait()
	if passed.Load() != 10 || other.Load() != 10 {
		t.Fatalf("%d of 40 parallel reservations passed a limit of 10 (want 10); %d of 10 others passed", passed.Load(), other.Load())
	}
}
