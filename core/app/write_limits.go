package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// defaultWriteLimits are the limits of a service whose limits were not replaced (read only).
var defaultWriteLimits = domain.DefaultWriteLimits()

// writeLimits reserves a user's write of one kind before it is stored (issue #22): the store
// counts and records the slot in one serialised transaction, so parallel requests cannot all
// pass the limit. Over the limit nothing is written and the caller gets rate_limited with the
// wait until a slot frees. The zero value applies domain.DefaultWriteLimits.
type writeLimits struct {
	custom domain.WriteLimits
	set    bool
}

// replace makes limits the ones that apply; a kind without an entry is not limited.
func (w *writeLimits) replace(limits domain.WriteLimits) { w.custom, w.set = limits, true }

// reserve takes one slot of kind for user id, or refuses. undo gives the slot back when the
// write then does not happen (the row's insert failed): it runs even if the client has gone.
func (w *writeLimits) reserve(ctx context.Context, slots ports.WriteSlotStore, clock ports.Clock, kind domain.WriteKind, userID int64) (undo func(), err error) {
	limits := defaultWriteLimits
	if w.set {
		limits = w.custom
	}
	limit, ok := limits[kind]
	if !ok || len(limit.Windows) == 0 {
		return func() {}, nil
	}
	now := clock.Now()
	id, err := slots.ReserveWriteSlot(ctx, string(kind), userID, now, now.Add(-limit.Span()), func(recent []time.Time) error {
		return limit.Check(recent, now)
	})
	if err != nil {
		return nil, err
	}
	return func() { _ = slots.ForgetWriteSlot(context.WithoutCancel(ctx), id) }, nil
}

// WithWriteLimits replaces the default limit on posting (domain.ForumPostsPerMinute topics and
// replies together) with limits' forum_post entry (none: posting is not limited).
func (s *Forum) WithWriteLimits(limits domain.WriteLimits) *Forum {
	s.limits.replace(limits)
	return s
}

// WithWriteLimits replaces the default limits on new listings and messages
// (domain.ListingsPerHour, domain.ListingMessagesPerMinute and PerDay) with limits' entries; a
// kind without one is not limited.
func (s *Sharing) WithWriteLimits(limits domain.WriteLimits) *Sharing {
	s.limits.replace(limits)
	return s
}

// WithWriteLimits replaces the default limits on questions and answers
// (domain.QuestionsPerMinute, domain.AnswersPerMinute) with limits' entries; a kind without
// one is not limited.
func (s *ExpertQA) WithWriteLimits(limits domain.WriteLimits) *ExpertQA {
	s.limits.replace(limits)
	return s
}
