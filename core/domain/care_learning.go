package domain

import (
	"math"
	"sort"
	"time"
)

// The learner turns a plant's care log into a suggested interval (docs/decisions.md, "Care log
// and adaptive intervals"). It is pure: the store hands it the recent events, newest first,
// and keeps its answer on the plant row, so the plant list reads it like any other column.

// Learning bounds.
const (
	// MinLearnEvents is how many waterings (or fertilizings) it takes to suggest an interval.
	MinLearnEvents = 3
	// MaxLearnIntervals is how many recent intervals count: the last eight, so the rhythm
	// follows the plant through the year without forgetting it after one odd week.
	MaxLearnIntervals = 8
	// FeedbackStep is how much one dry (shorter) or moist (longer) feedback moves the interval.
	FeedbackStep = 0.1
	// MaxFeedbackShift bounds the total feedback nudge, either way.
	MaxFeedbackShift = 0.3
	// sameCareGap merges two events closer than this into one act (a watering logged twice).
	sameCareGap = 12 * time.Hour
)

// Learned is what the learner made of one kind of care.
type Learned struct {
	// Days is the suggested interval, nil until MinLearnEvents acts are logged.
	Days *int
	// From is how many logged acts the suggestion was learned from.
	From int
}

// LearnInterval learns the interval of kind from acts (that kind's events, newest first; other
// kinds are ignored) and feedback (events carrying feedback, newest first, of any kind: those
// of kind, and checks when kind is water, count from the oldest act used on). The interval is
// the median of the last MaxLearnIntervals intervals between acts (a holiday gap is one
// outlier and does not move a median), times 1 + FeedbackStep per moist and − FeedbackStep per
// dry (bounded by MaxFeedbackShift), rounded and bounded to 1..365 days.
func LearnInterval(kind CareKind, acts, feedback []CareEvent) Learned {
	var times []time.Time
	for _, e := range acts {
		if e.Kind != kind {
			continue
		}
		if n := len(times); n > 0 && times[n-1].Sub(e.At) < sameCareGap {
			continue // the same act, logged twice
		}
		times = append(times, e.At)
		if len(times) == MaxLearnIntervals+1 {
			break
		}
	}
	out := Learned{From: len(times)}
	if len(times) < MinLearnEvents {
		return out
	}
	gaps := make([]float64, 0, len(times)-1)
	for i := 1; i < len(times); i++ {
		gaps = append(gaps, times[i-1].Sub(times[i]).Hours()/24)
	}
	days := StretchDays(median(gaps), feedbackFactor(kind, feedback, times[len(times)-1]))
	out.Days = &days
	return out
}

// feedbackFactor is 1 + FeedbackStep × (moist − dry) over the feedback given since oldest, on
// acts of kind and (for watering) on checks, bounded to 1 ± MaxFeedbackShift.
func feedbackFactor(kind CareKind, feedback []CareEvent, oldest time.Time) float64 {
	score := 0
	for _, e := range feedback {
		if e.At.Before(oldest) || (e.Kind != kind && !(kind == CareWater && e.Kind == CareCheck)) {
			continue
		}
		switch e.Feedback {
		case FeedbackDry:
			score--
		case FeedbackMoist:
			score++
		}
	}
	f := 1 + FeedbackStep*float64(score)
	return math.Min(math.Max(f, 1-MaxFeedbackShift), 1+MaxFeedbackShift)
}

// StretchDays is days × factor rounded to whole days and bounded to 1..365: the one place an
// interval is scaled (feedback today; a season factor can be applied the same way).
func StretchDays(days, factor float64) int {
	n := int(math.Round(days * factor))
	return min(max(n, 1), MaxFrequencyDays)
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// EffectiveFrequency is the interval a schedule uses: the learned one in adaptive mode once
// there is one, the gardener's fixed one otherwise.
func EffectiveFrequency(mode CareMode, fixed, suggested *int) *int {
	if mode == ModeAdaptive && suggested != nil {
		return suggested
	}
	return fixed
}

// Relearn sets the plant's suggested intervals from its recent log: water and fertilize are
// each kind's latest events (newest first), feedback the latest events that carry feedback.
func (p *Plant) Relearn(water, fertilize, feedback []CareEvent) {
	w := LearnInterval(CareWater, water, feedback)
	f := LearnInterval(CareFertilize, fertilize, feedback)
	p.SuggestedWaterFrequency, p.WaterLearnedFrom = w.Days, w.From
	p.SuggestedFertilizerFrequency, p.FertilizeLearnedFrom = f.Days, f.From
}

// ForgetCare recomputes the last dates after an event was deleted: newestWater and
// newestFertilize are the newest remaining ones (nil when none). Deleting a moist check that
// postponed the watering ends the postponement.
func (p *Plant) ForgetCare(deleted *CareEvent, newestWater, newestFertilize *time.Time) {
	p.LastWatered, p.LastFertilized = newestWater, newestFertilize
	p.WaterAdvanceDays = 0
	if deleted.Kind == CareCheck && deleted.PostponeDays > 0 {
		p.WaterDelayDays = 0
	}
}
