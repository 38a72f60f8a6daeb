package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// PlantType is one of the plant types, shared by plants and the plant database: spec 01 §9's
// four, then the four issue 27 added so that a Monstera need not be filed as "Flowers".
type PlantType string

// The plant types, spelled as the API and the pages show them.
const (
	Herbs      PlantType = "Herbs"
	Vegetables PlantType = "Vegetables"
	Fruits     PlantType = "Fruits"
	Flowers    PlantType = "Flowers"

	Houseplants PlantType = "Houseplants"
	Succulents  PlantType = "Succulents & Cacti"
	TreesShrubs PlantType = "Trees & Shrubs"
	OtherPlants PlantType = "Other"
)

// DefaultPlantType is the type used when nothing says otherwise (spec 01 §2: "default Herbs").
const DefaultPlantType = Herbs

// PlantTypes lists the plant types in the order of the plant database tabs: the spec's four
// first, Other last.
var PlantTypes = []PlantType{Herbs, Vegetables, Fruits, Flowers, Houseplants, Succulents, TreesShrubs, OtherPlants}

// Valid reports whether t is one of the plant types.
func (t PlantType) Valid() bool {
	for _, v := range PlantTypes {
		if t == v {
			return true
		}
	}
	return false
}

// PlantStatus is a plant's health, derived from its care dates and tasks (Plant.StatusOn).
type PlantStatus string

// The plant statuses of spec 01 §3.
const (
	StatusHealthy    PlantStatus = "healthy"
	StatusNeedsWater PlantStatus = "needs_water"
	StatusNeedsCare  PlantStatus = "needs_care"
)

// Default care intervals of spec 01 §9.
const (
	DefaultWaterFrequency      = 7
	DefaultFertilizerFrequency = 30
	MaxFrequencyDays           = 365
)

// Plant messages (spec 01 §5; those the spec leaves unsaid are ours, see docs/api.md).
const (
	MsgPlantNameTooShort      = "Plant name must be at least 2 characters"
	MsgPlantNameTooLong       = "Plant name must be at most 100 characters"
	MsgSelectPlantType        = "Please select a plant type"
	MsgWaterFrequencyMin      = "Water frequency must be at least 1 day"
	MsgWaterFrequencyMax      = "Water frequency cannot exceed 365 days"
	MsgFertilizerFrequencyMin = "Fertilizer frequency must be at least 1 day"
	MsgFertilizerFrequencyMax = "Fertilizer frequency cannot exceed 365 days"
	MsgPlantStatus            = "Status must be healthy, needs_water or needs_care"
	MsgGrowthProgress         = "Growth progress must be between 0 and 100"
	MsgPlantLimitReached      = "Plant limit reached"
	MsgPlantNotFound          = "Plant not found"
	MsgTextTooLong            = "Text is too long"
	MsgLastWateredFuture      = "Last watered date cannot be in the future"
	MsgLastFertilizedFuture   = "Last fertilized date cannot be in the future"
)

// CareDateSlack is how far past the server's clock a last-watered or last-fertilized date may
// lie: a gardener's picked day travels as their local midday, which in zones ahead of the
// server is up to a day later than the server's now (docs/decisions.md).
const CareDateSlack = 24 * time.Hour

// Plant is one of a gardener's plants.
type Plant struct {
	ID                  int64
	UserID              int64
	Name                string
	Species             string
	Type                PlantType
	Location            string
	ImageURL            string
	LightNeeds          string
	WaterFrequency      *int
	FertilizerFrequency *int
	Notes               string
	// Status is derived for a day by StatusOn/DeriveStatuses, never stored or taken from input.
	Status         PlantStatus
	GrowthProgress int
	LastWatered    *time.Time
	LastFertilized *time.Time
	AcquiredDate   time.Time
	CreatedAt      time.Time
	// WaterMode and FertilizeMode choose between the fixed frequencies and the learned ones
	// (empty reads as fixed).
	WaterMode, FertilizeMode CareMode
	// SuggestedWaterFrequency and SuggestedFertilizerFrequency are learned from the care log
	// (Relearn), nil until MinLearnEvents acts; WaterLearnedFrom and FertilizeLearnedFrom say
	// from how many. The store keeps them on the plant row whenever the log changes.
	SuggestedWaterFrequency, SuggestedFertilizerFrequency *int
	WaterLearnedFrom, FertilizeLearnedFrom                int
	// WaterDelayDays pushes the next watering back (a moist check, a snooze); a newer watering
	// clears it. FertilizeDelayDays does the same for fertilizing (a snooze).
	WaterDelayDays, FertilizeDelayDays int
	// WaterAdvanceDays brings the next watering forward (a hot day at the garden, 0 or 1); a
	// newer watering clears it.
	WaterAdvanceDays int
	// Outdoor marks a plant the weather at the garden reaches (rain, frost, heat).
	Outdoor bool
	// SeasonFactor is the winter stretch of the owner's garden on the day the plant is read for
	// (GardenSettings.SeasonFactorOn; 0 or 1: none). Set by the service, never stored.
	SeasonFactor float64
	// WaterTaskDate and FertilizeTaskDate are the dates of the plant's earliest pending water
	// and fertilize tasks (nil when none), read with the plant: care falls due from the
	// schedule and from the tasks alike (NextWatering, docs/decisions.md "One definition of due").
	WaterTaskDate, FertilizeTaskDate *time.Time
	// SensorDryAt starts the dry spell of a linked soil sensor that began after the plant's
	// last watering (nil when none), read with the plant: a dry pot makes the watering due
	// from that day (SensorLink.DryFor, docs/decisions.md "MQTT sensors and Home Assistant").
	SensorDryAt *time.Time
	// NewCare holds the care events a change logged, for the store to insert in the same
	// transaction as the plant (never read back).
	NewCare []*CareEvent
}

// EffectiveWaterFrequency is the watering interval the schedule uses (EffectiveFrequency).
// In adaptive mode the learned interval is stretched by the SeasonFactor (StretchDays).
func (p *Plant) EffectiveWaterFrequency() *int {
	if p.WaterMode == ModeAdaptive && p.SuggestedWaterFrequency != nil && p.SeasonFactor > 1 {
		n := StretchDays(float64(*p.SuggestedWaterFrequency), p.SeasonFactor)
		return &n
	}
	return EffectiveFrequency(p.WaterMode, p.WaterFrequency, p.SuggestedWaterFrequency)
}

// EffectiveFertilizerFrequency is the fertilizing interval the schedule uses.
func (p *Plant) EffectiveFertilizerFrequency() *int {
	return EffectiveFrequency(p.FertilizeMode, p.FertilizerFrequency, p.SuggestedFertilizerFrequency)
}

// NextWatering is when the plant's watering falls due: the earliest of its schedule
// (ScheduledWatering), its earliest pending water task and a sensor's dry spell begun after
// its last watering (SensorDryAt), nil when it has none. It is the one
// date every badge, count, list and reminder reckons watering by, so a due plant watering and a
// due water task for the same plant are one due watering.
func (p *Plant) NextWatering() *time.Time {
	next := earliest(p.ScheduledWatering(), p.WaterTaskDate)
	if p.SensorDryAt != nil && (p.LastWatered == nil || p.SensorDryAt.After(*p.LastWatered)) {
		next = earliest(next, p.SensorDryAt)
	}
	return next
}

// NextFertilizing is the earlier of the fertilizing schedule and the earliest pending fertilize
// task, nil when it has neither.
func (p *Plant) NextFertilizing() *time.Time {
	return earliest(p.ScheduledFertilizing(), p.FertilizeTaskDate)
}

// ScheduledWatering is LastWatered plus the effective watering interval and any postponement in
// days, less any day a hot forecast brought it forward, or nil when either is missing.
func (p *Plant) ScheduledWatering() *time.Time {
	return nextCare(p.LastWatered, p.EffectiveWaterFrequency(), p.WaterDelayDays-p.WaterAdvanceDays)
}

// ScheduledFertilizing is LastFertilized plus the effective fertilizing interval and any
// postponement, or nil when either is missing.
func (p *Plant) ScheduledFertilizing() *time.Time {
	return nextCare(p.LastFertilized, p.EffectiveFertilizerFrequency(), p.FertilizeDelayDays)
}

// earliest compares by calendar date (a task's date is midnight UTC, a schedule an instant):
// on the same day the schedule's instant is kept.
func earliest(schedule, task *time.Time) *time.Time {
	if task == nil {
		return schedule
	}
	if schedule == nil || DateOf(task.UTC()).Before(DateOf(schedule.UTC())) {
		t := *task
		return &t
	}
	return schedule
}

func nextCare(last *time.Time, days *int, delay int) *time.Time {
	if last == nil || days == nil {
		return nil
	}
	t := last.AddDate(0, 0, *days+delay)
	return &t
}

// NeedsWaterOn reports whether the plant's next watering falls on or before the date today.
func (p *Plant) NeedsWaterOn(today time.Time) bool { return dueOn(p.NextWatering(), today) }

// NeedsFertilizerOn reports whether the plant's next fertilizing falls on or before today.
func (p *Plant) NeedsFertilizerOn(today time.Time) bool { return dueOn(p.NextFertilizing(), today) }

func dueOn(next *time.Time, today time.Time) bool {
	return next != nil && !DateOf(next.UTC()).After(DateOf(today))
}

// ValidatePlant normalises p and checks it against spec 01 §5; the last watering and
// fertilizing may not lie in the future (later than now plus CareDateSlack).
func ValidatePlant(p *Plant, now time.Time) error {
	var v Validation
	p.Name = strings.TrimSpace(p.Name)
	switch n := utf8.RuneCountInString(p.Name); {
	case n < 2:
		v.Add("name", MsgPlantNameTooShort)
	case n > 100:
		v.Add("name", MsgPlantNameTooLong)
	}
	if !p.Type.Valid() {
		v.Add("plantType", MsgSelectPlantType)
	}
	p.ImageURL = strings.TrimSpace(p.ImageURL)
	if !ValidImageURL(p.ImageURL) {
		v.Add("imageUrl", MsgInvalidURL)
	}
	checkFrequency(&v, "waterFrequency", p.WaterFrequency, MsgWaterFrequencyMin, MsgWaterFrequencyMax)
	checkFrequency(&v, "fertilizerFrequency", p.FertilizerFrequency, MsgFertilizerFrequencyMin, MsgFertilizerFrequencyMax)
	if p.GrowthProgress < 0 || p.GrowthProgress > 100 {
		v.Add("growthProgress", MsgGrowthProgress)
	}
	for field, text := range map[string]*string{"species": &p.Species, "location": &p.Location, "lightNeeds": &p.LightNeeds} {
		*text = strings.TrimSpace(*text)
		if utf8.RuneCountInString(*text) > 200 {
			v.Add(field, MsgTextTooLong)
		}
	}
	if utf8.RuneCountInString(p.Notes) > 10000 {
		v.Add("notes", MsgTextTooLong)
	}
	if p.WaterMode == "" {
		p.WaterMode = ModeFixed
	}
	if p.FertilizeMode == "" {
		p.FertilizeMode = ModeFixed
	}
	if !p.WaterMode.Valid() {
		v.Add("waterMode", MsgCareMode)
	}
	if !p.FertilizeMode.Valid() {
		v.Add("fertilizeMode", MsgCareMode)
	}
	latest := now.Add(CareDateSlack)
	if p.LastWatered != nil && p.LastWatered.After(latest) {
		v.Add("lastWatered", MsgLastWateredFuture)
	}
	if p.LastFertilized != nil && p.LastFertilized.After(latest) {
		v.Add("lastFertilized", MsgLastFertilizedFuture)
	}
	return v.Err()
}

func checkFrequency(v *Validation, field string, days *int, minMsg, maxMsg string) {
	switch {
	case days == nil:
	case *days < 1:
		v.Add(field, minMsg)
	case *days > MaxFrequencyDays:
		v.Add(field, maxMsg)
	}
}

// ValidImageURL accepts an empty value, an absolute http(s) URL, or a path of an uploaded image
// (/api/images/…).
func ValidImageURL(s string) bool {
	if s == "" {
		return true
	}
	if strings.HasPrefix(s, "/api/images/") && !strings.Contains(s, "..") {
		return true
	}
	return IsHTTPURL(s)
}

// PlantLimit is how many plants a user may keep (spec 01 §3): Limit nil hides the bar, 0 is
// unlimited.
type PlantLimit struct {
	Limit        *int
	CurrentCount int
}

// CanAddPlant reports whether one more plant fits.
func (l PlantLimit) CanAddPlant() bool {
	return l.Limit == nil || *l.Limit == 0 || l.CurrentCount < *l.Limit
}

// PlantLimitFor returns the limit that applies to u: the site's plantLimit for a general user
// of a site (spec 02 §3 "plants for general users"), none otherwise.
func PlantLimitFor(u *User, site *Site) *int {
	if u.Role != RoleUser || site == nil {
		return nil
	}
	limit := site.PlantLimit
	return &limit
}
