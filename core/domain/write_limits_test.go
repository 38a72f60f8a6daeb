package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

func TestWriteLimit_Check(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	ago := func(d ...time.Duration) []time.Time {
		var out []time.Time
		for _, x := range d {
			out = append(out, now.Add(-x))
		}
		return out
	}
	limit := domain.WriteLimit{Windows: []domain.RateWindow{{Max: 3, Per: time.Minute}, {Max: 5, Per: time.Hour}},
		Message: "Slow down: try again in %s."}
	refused := func(t *testing.T, err error, wait time.Duration, msg string) {
		t.Helper()
		var e *domain.Error
		if !asError(err, &e) || e.Code != domain.ERateLimited || e.RetryAfter != wait || e.Message != msg {
			t.Fatalf("got %#v, want rate_limited after %v: %q", err, wait, msg)
		}
	}

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		// Two in the minute, four in the hour; a write of 61 s ago left the minute.
		if err := limit.Check(ago(50*time.Minute, 61*time.Second, 50*time.Second, 20*time.Second), now); err != nil {
			t.Fatal(err)
		}
		if err := limit.Check(nil, now); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ErrMinuteFull", func(t *testing.T) {
		t.Parallel()
		// The minute holds 3: the oldest of them (50 s ago) leaves in 10 s.
		refused(t, limit.Check(ago(50*time.Second, 20*time.Second, time.Second), now), 10*time.Second, "Slow down: try again in 10 seconds.")
	})
	t.Run("ErrHourFull", func(t *testing.T) {
		t.Parallel()
		// The hour holds 5 (the minute only 1): the oldest leaves in 3 minutes.
		refused(t, limit.Check(ago(57*time.Minute, 50*time.Minute, 40*time.Minute, 30*time.Minute, 10*time.Second), now),
			3*time.Minute, "Slow down: try again in 3 minutes.")
	})
	t.Run("ErrBothFull", func(t *testing.T) {
		t.Parallel()
		// Both are full: a write passes when the later of the two frees, the hour's in 20 minutes.
		refused(t, limit.Check(ago(40*time.Minute, 35*time.Minute, 30*time.Second, 20*time.Second, 10*time.Second), now),
			20*time.Minute, "Slow down: try again in 20 minutes.")
	})
	t.Run("ErrAtLeastASecond", func(t *testing.T) {
		t.Parallel()
		refused(t, limit.Check(ago(time.Minute-time.Millisecond, 2*time.Second, time.Second), now), time.Second, "Slow down: try again in 1 second.")
	})
	t.Run("ForumMessageHasNoWait", func(t *testing.T) {
		t.Parallel()
		forum := domain.DefaultWriteLimits()[domain.WriteForumPost]
		var recent []time.Time
		for i := 0; i < domain.ForumPostsPerMinute; i++ {
			recent = append(recent, now.Add(-50*time.Second))
		}
		refused(t, forum.Check(recent, now), 10*time.Second, domain.MsgForumPostingTooFast)
	})
}

func TestDefaultWriteLimits(t *testing.T) {
	t.Parallel()
	limits := domain.DefaultWriteLimits()
	want := map[domain.WriteKind]time.Duration{
		domain.WriteListingMessage: 24 * time.Hour, domain.WriteAnswer: time.Minute, domain.WriteQuestion: time.Minute,
		domain.WriteListing: time.Hour, domain.WriteForumPost: time.Minute,
	}
	for kind, span := range want {
		l, ok := limits[kind]
		if !ok || l.Span() != span || l.Message == "" {
			t.Errorf("%s: %+v, want a limit spanning %v with a message", kind, l, span)
		}
	}
	if len(limits) != len(want) {
		t.Errorf("%d limits, want %d", len(limits), len(want))
	}
}

func TestWaitText(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		time.Second: "1 second", 1500 * time.Millisecond: "2 seconds", 45 * time.Second: "45 seconds",
		119 * time.Second: "119 seconds", 2 * time.Minute: "2 minutes", 150 * time.Second: "3 minutes",
		90 * time.Minute: "90 minutes", 2 * time.Hour: "2 hours", 23*time.Hour + time.Minute: "24 hours",
	} {
		if got := domain.WaitText(d); got != want {
			t.Errorf("WaitText(%v) = %q, want %q", d, got, want)
		}
	}
}
