package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// CareKind is what a care event did to a plant.
type CareKind string

// The care kinds: the task types plus check (looking at the soil without watering).
const (
	CareWater     CareKind = "water"
	CareFertilize CareKind = "fertilize"
	CareMist      CareKind = "mist"
	CarePrune     CareKind = "prune"
	CareRepot     CareKind = "repot"
	CareRotate    CareKind = "rotate"
	CareInspect   CareKind = "inspect"
	CareCheck     CareKind = "check"
)

// CareKinds lists the care kinds in the order the forms show them.
var CareKinds = []CareKind{CareWater, CareFertilize, CareMist, CarePrune, CareRepot, CareRotate, CareInspect, CareCheck}

// Valid reports whether k is one of the care kinds.
func (k CareKind) Valid() bool {
	for _, v := range CareKinds {
		if k == v {
			return true
		}
	}
	return false
}

// CareSource is where a care event came from.
type CareSource string

// The care sources: the gardener's own word, a completed task, the weather, or the dates a
// plant already had (migration, creation).
const (
	CareByHand   CareSource = "manual"
	CareByTask   CareSource = "task"
	CareByRain   CareSource = "rain"
	CareImported CareSource = "import"
)

// Feedback is what the gardener found when caring: the soil was dry, fine or still moist.
type Feedback string

// The feedback values; FeedbackNone when the gardener said nothing.
const (
	FeedbackNone  Feedback = ""
	FeedbackDry   Feedback = "dry"
	FeedbackOK    Feedback = "ok"
	FeedbackMoist Feedback = "moist"
)

// Valid reports whether f is empty or one of dry, ok, moist.
func (f Feedback) Valid() bool {
	return f == FeedbackNone || f == FeedbackDry || f == FeedbackOK || f == FeedbackMoist
}

// SameActWindow is how close a reported last date may follow the logged one and still be the
// same act (Water Now completes a task, then reports the browser's now): no second event.
const SameActWindow = 2 * time.Minute

// DefaultPostponeDays is how far a moist check pushes the due watering when the gardener does
// not say.
const DefaultPostponeDays = 2

// Care log messages (ours; docs/api.md).
const (
	MsgCareKind         = "Kind must be one of water, fertilize, mist, prune, repot, rotate, inspect, check"
	MsgCareAtFuture     = "Care date cannot be in the future"
	MsgCareFeedback     = "Feedback must be dry, ok or moist"
	MsgCarePostpone     = "Postpone days must be between 1 and 365"
	MsgCarePostponeOnly = "Postpone days apply to a check with moist feedback only"
	MsgCareEventMissing = "Care event not found"
	MsgCareMode         = "Mode must be fixed or adaptive"
	MaxCareNoteRunes    = 1000
)

// CareEvent is one act of care in a plant's log.
type CareEvent struct {
	ID       int64
	UserID   int64
	PlantID  int64
	Kind     CareKind
	Source   CareSource
	At       time.Time
	Note     string
	Feedback Feedback
	// PostponeDays is how far a moist check pushed the due watering (0 otherwise).
	PostponeDays int
	CreatedAt    time.Time
}

// ValidateCareEvent normalises e and checks it: a known kind, a time no later than now plus
// CareDateSlack (the rule of lastWatered), a note of at most 1000 characters, a known feedback,
// and postpone days only on a moist check, 1..365.
func ValidateCareEvent(e *CareEvent, now time.Time) error {
	var v Validation
	if !e.Kind.Valid() {
		v.Add("kind", MsgCareKind)
	}
	if e.At.After(now.Add(CareDateSlack)) {
		v.Add("at", MsgCareAtFuture)
	}
	e.Note = strings.TrimSpace(e.Note)
	if utf8.RuneCountInString(e.Note) > MaxCareNoteRunes {
		v.Add("note", MsgTextTooLong)
	}
	if !e.Feedback.Valid() {
		v.Add("feedback", MsgCareFeedback)
	}
	switch {
	case e.PostponeDays == 0:
	case e.Kind != CareCheck || e.Feedback != FeedbackMoist:
		v.Add("postponeDays", MsgCarePostponeOnly)
	case e.PostponeDays < 1 || e.PostponeDays > MaxFrequencyDays:
		v.Add("postponeDays", MsgCarePostpone)
	}
	return v.Err()
}

// CareMode says how a plant's care interval is chosen: the gardener's fixed number of days,
// or the interval learned from the log.
type CareMode string

// The care modes.
const (
	ModeFixed    CareMode = "fixed"
	ModeAdaptive CareMode = "adaptive"
)

// Valid reports whether m is fixed or adaptive.
func (m CareMode) Valid() bool { return m == ModeFixed || m == ModeAdaptive }

// LogCare applies a new event to the plant and queues it for the store (Plant.NewCare): a
// watering or fertilizing later than the plant's last one becomes its last date (a newer
// watering also ends any postponement); a moist check postpones the due watering by its
// PostponeDays from the later of the due date and the check's day.
func (p *Plant) LogCare(e *CareEvent) {
	e.PlantID, e.UserID = p.ID, p.UserID
	switch e.Kind {
	case CareWater:
		if p.LastWatered == nil || !p.LastWatered.After(e.At) {
			at := e.At
			p.LastWatered, p.WaterDelayDays, p.WaterAdvanceDays = &at, 0, 0
		}
	case CareFertilize:
		if p.LastFertilized == nil || !p.LastFertilized.After(e.At) {
			at := e.At
			p.LastFertilized = &at
		}
	case CareCheck:
		if e.Feedback == FeedbackMoist && e.PostponeDays > 0 {
			p.postpone(e.At, e.PostponeDays)
		}
	}
	p.NewCare = append(p.NewCare, e)
}

// postpone moves the due watering to days after the later of its due date and the day of at,
// by growing WaterDelayDays (bounded to 0..365).
func (p *Plant) postpone(at time.Time, days int) {
	next := p.NextWatering()
	if next == nil {
		return
	}
	base := DateOf(next.UTC())
	if d := DateOf(at.UTC()); d.After(base) {
		base = d
	}
	target := AddDays(base, days)
	delay := p.WaterDelayDays + int(target.Sub(DateOf(next.UTC())).Hours()/24+0.5)
	p.WaterDelayDays = min(max(delay, 0), MaxFrequencyDays)
}
