package domain

import (
	"fmt"
	"strings"
	"time"
)

// WriteKind names what a user writes that others receive: each kind has its own limit.
type WriteKind string

// The limited kinds of writes (issue #22). A forum topic and a forum reply share one limit.
const (
	WriteListingMessage WriteKind = "listing_message"
	WriteAnswer         WriteKind = "answer"
	WriteQuestion       WriteKind = "question"
	WriteListing        WriteKind = "listing"
	WriteForumPost      WriteKind = "forum_post"
)

// How many writes of each kind one user may make (issue #22). A message reaches one person
// with a bell, an e-mail, a push and an ntfy send, so messages have a day's cap as well as a
// minute's; a listing lives 30 days, so an hour's ten is plenty; the forum keeps its 10 posts
// (topics and replies together) a minute.
const (
	ListingMessagesPerMinute = 30
	ListingMessagesPerDay    = 300
	AnswersPerMinute         = 10
	QuestionsPerMinute       = 5
	ListingsPerHour          = 10
	ForumPostsPerMinute      = 10
)

// Messages of a refused write. Each says how long to wait; the code is always rate_limited.
const (
	MsgListingMessagesTooMany = "You have sent too many messages. Please try again in %s."
	MsgAnswersTooMany         = "You have posted too many answers. Please try again in %s."
	MsgQuestionsTooMany       = "You have asked too many questions. Please try again in %s."
	MsgListingsTooMany        = "You have listed too many plants. Please try again in %s."
)

// RateWindow allows Max writes in any span of Per.
type RateWindow struct {
	Max int
	Per time.Duration
}

// WriteLimit bounds one kind of write for one user: every window holds at once.
type WriteLimit struct {
	Windows []RateWindow
	// Message is the refusal's text; a %s in it becomes the wait ("40 seconds", "2 minutes").
	// The code is rate_limited, whatever the kind.
	Message string
}

// WriteLimits maps each limited kind to its limit; a kind not in the map is not limited.
type WriteLimits map[WriteKind]WriteLimit

// DefaultWriteLimits are the limits a server applies.
func DefaultWriteLimits() WriteLimits {
	return WriteLimits{
		WriteListingMessage: {Windows: []RateWindow{{ListingMessagesPerMinute, time.Minute}, {ListingMessagesPerDay, 24 * time.Hour}},
			Message: MsgListingMessagesTooMany},
		WriteAnswer:    {Windows: []RateWindow{{AnswersPerMinute, time.Minute}}, Message: MsgAnswersTooMany},
		WriteQuestion:  {Windows: []RateWindow{{QuestionsPerMinute, time.Minute}}, Message: MsgQuestionsTooMany},
		WriteListing:   {Windows: []RateWindow{{ListingsPerHour, time.Hour}}, Message: MsgListingsTooMany},
		WriteForumPost: {Windows: []RateWindow{{ForumPostsPerMinute, time.Minute}}, Message: MsgForumPostingTooFast},
	}
}

// Span is the longest window: older writes no longer count.
func (l WriteLimit) Span() time.Duration {
	var d time.Duration
	for _, w := range l.Windows {
		d = max(d, w.Per)
	}
	return d
}

// Check refuses one more write at now when recent (the user's writes of the kind within Span,
// oldest first) already fills a window. The refusal's RetryAfter is the time until a write
// passes every window: in each full window, until the oldest of its newest Max writes leaves it.
func (l WriteLimit) Check(recent []time.Time, now time.Time) error {
	refused := false
	var wait time.Duration
	for _, w := range l.Windows {
		if w.Max <= 0 {
			continue
		}
		var in []time.Time
		for _, t := range recent {
			if now.Sub(t) < w.Per {
				in = append(in, t)
			}
		}
		if len(in) < w.Max {
			continue
		}
		refused = true
		wait = max(wait, in[len(in)-w.Max].Add(w.Per).Sub(now))
	}
	if !refused {
		return nil
	}
	wait = max(wait, time.Second)
	msg := l.Message
	if strings.Contains(msg, "%s") {
		msg = fmt.Sprintf(msg, WaitText(wait))
	}
	return &Error{Code: ERateLimited, Message: msg, RetryAfter: wait}
}

// WaitText says a wait in whole seconds under two minutes and whole minutes (rounded up) or
// hours beyond, the way a person says it: "1 second", "45 seconds", "3 minutes", "2 hours".
func WaitText(d time.Duration) string {
	plural := func(n int, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	switch {
	case d < 2*time.Minute:
		return plural(int((d+time.Second-1)/time.Second), "second")
	case d < 2*time.Hour:
		return plural(int((d+time.Minute-1)/time.Minute), "minute")
	default:
		return plural(int((d+time.Hour-1)/time.Hour), "hour")
	}
}
