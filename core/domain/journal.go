package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// GrowthStage is a stage of a plant's life (spec 01 §9).
type GrowthStage string

// The growth stages.
const (
	Seedling   GrowthStage = "Seedling"
	Young      GrowthStage = "Young"
	Vegetative GrowthStage = "Vegetative"
	Flowering  GrowthStage = "Flowering"
	Fruiting   GrowthStage = "Fruiting"
	Dormant    GrowthStage = "Dormant"
	Mature     GrowthStage = "Mature"
)

// GrowthStages lists the stages in order of a plant's life.
var GrowthStages = []GrowthStage{Seedling, Young, Vegetative, Flowering, Fruiting, Dormant, Mature}

// Journal messages.
const (
	MsgTitleTooShort      = "Title must be at least 2 characters"
	MsgTitleTooLong       = "Title must be at most 200 characters"
	MsgSelectGrowthStage  = "Please select a growth stage"
	MsgJournalNotFound    = "Journal entry not found"
	MaxJournalContentRune = 20000
)

// JournalEntry is one page of a plant's growth journal.
type JournalEntry struct {
	ID          int64
	UserID      int64
	PlantID     int64
	PlantName   string // read-only, joined from the plant
	Title       string
	Content     string
	ImageURL    string
	GrowthStage GrowthStage // empty when not given
	EntryDate   time.Time   // a date (midnight UTC)
	CreatedAt   time.Time
	// EditedAt is when the owner last changed the entry; nil until then.
	EditedAt *time.Time
}

// JournalPatch is a change to an entry: nil fields stay as they are. The result is checked by
// ValidateJournalEntry, the create form's rules.
type JournalPatch struct {
	PlantID     *int64
	Title       *string
	Content     *string
	ImageURL    *string
	GrowthStage *GrowthStage
	EntryDate   *time.Time
}

// Apply changes e as p says and marks it edited at now; it does not validate.
func (p JournalPatch) Apply(e *JournalEntry, now time.Time) {
	set(&e.PlantID, p.PlantID)
	set(&e.Title, p.Title)
	set(&e.Content, p.Content)
	set(&e.ImageURL, p.ImageURL)
	set(&e.GrowthStage, p.GrowthStage)
	set(&e.EntryDate, p.EntryDate)
	e.EditedAt = &now
}

// set stores *v in dst when v is not nil (a patch's field that was sent).
func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// ValidateJournalEntry normalises e and checks it against spec 01 §5.
func ValidateJournalEntry(e *JournalEntry) error {
	var v Validation
	if e.PlantID < 1 {
		v.Add("plantId", MsgSelectPlant)
	}
	e.Title = strings.TrimSpace(e.Title)
	switch n := utf8.RuneCountInString(e.Title); {
	case n < 2:
		v.Add("title", MsgTitleTooShort)
	case n > 200:
		v.Add("title", MsgTitleTooLong)
	}
	if e.EntryDate.IsZero() {
		v.Add("entryDate", MsgInvalidDate)
	}
	e.ImageURL = strings.TrimSpace(e.ImageURL)
	if !ValidImageURL(e.ImageURL) {
		v.Add("imageUrl", MsgInvalidURL)
	}
	if e.GrowthStage != "" {
		known := false
		for _, s := range GrowthStages {
			known = known || s == e.GrowthStage
		}
		if !known {
			v.Add("growthStage", MsgSelectGrowthStage)
		}
	}
	if utf8.RuneCountInString(e.Content) > MaxJournalContentRune {
		v.Add("content", MsgTextTooLong)
	}
	return v.Err()
}
