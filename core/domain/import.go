package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// ImportSourceHortusFox names HortusFox backups among the remembered source keys.
const ImportSourceHortusFox = "hortusfox"

// The kinds of imported rows whose source keys are remembered, so that importing the same
// file again adds nothing twice.
const (
	ImportKindPlant   = "plant"
	ImportKindJournal = "journal"
	ImportKindTask    = "task"
	// ImportKindCare and ImportKindHarvest are care events and harvests of a CSV import.
	ImportKindCare    = "care"
	ImportKindHarvest = "harvest"
)

// ImportSourceRow is one row an import made, remembered under its source key (ImportBatch.Sources).
type ImportSourceRow struct {
	Kind, Key string
	ID        int64
}

// Import messages.
const (
	MsgImportNothingFits = "None of the %d new plants fit: your plant limit is %d and you have %d. Nothing was imported."
	MsgImportSomeFit     = "Only %d of the %d new plants fit: your plant limit is %d and you have %d. Nothing was imported."

	// Warnings of an import result: the photo's name in the archive, the plant or entry it
	// belongs to, and why it was left out (a message itself, without its full stop).
	MsgImportPhotoLeftOut  = "The photo %s of %q was left out: %s."
	MsgImportPhotoNotImage = "The photo %s of %q was left out: it is not a JPEG, PNG, GIF or WebP image."
	MsgImportPhotoAbsent   = "photo not found in the backup"
	MsgImportNameCut       = "The name of plant %q was cut to 100 characters."
	MsgImportPhotoBadName  = "The photo of %q has an unusable file name and was left out."
	MsgImportFieldsInNotes = "Garden has no fields for %s: their values were kept in each plant's notes."
	MsgImportGalleryTitle  = "Photo of %s"
	// MsgImportFromHortusFox heads the values of HortusFox's own fields kept in a plant's notes.
	MsgImportFromHortusFox  = "From HortusFox: %s"
	MsgImportPlantLeftOut   = "its plant was not imported"
	MsgImportPlantNotInFile = "its plant is not in the backup"
	MsgImportTaskDone       = "already done"
	MsgImportTaskNoPlant    = "it names none of the backup's plants"
	MsgImportNoInventory    = "Garden has no inventory"
)

// The kinds of things an import leaves out (ImportLeftOut.Kind): values, not messages; the web
// app names them in the gardener's language.
const (
	ImportLeftOutPlant     = "plant"
	ImportLeftOutGallery   = "gallery photo"
	ImportLeftOutTask      = "task"
	ImportLeftOutInventory = "inventory item"
)

// ImportPlant is one plant read from another application's export.
type ImportPlant struct {
	// SourceKey identifies the row in its source (HortusFox: its id and creation time).
	SourceKey string
	Plant     *Plant
	// Photo names the plant's photo inside the archive ("" for none).
	Photo string
}

// ImportJournal is one journal entry (a HortusFox gallery photo) of an imported plant.
type ImportJournal struct {
	SourceKey string
	// PlantKey is the SourceKey of its plant, imported now or earlier.
	PlantKey string
	Entry    *JournalEntry
	Photo    string
}

// ImportTask is one open care task of an imported plant.
type ImportTask struct {
	SourceKey string
	PlantKey  string
	Task      *CareTask
}

// ImportLeftOut is something the source holds that Garden does not import, named so that the
// result lists it instead of dropping it silently.
type ImportLeftOut struct {
	Kind   string
	Name   string
	Reason string
}

// ImportBatch is what an archive holds, in Garden's vocabulary.
type ImportBatch struct {
	Source string
	// At is when the import runs (the service's clock): the rows' creation time.
	At       time.Time
	Plants   []*ImportPlant
	Journal  []*ImportJournal
	Tasks    []*ImportTask
	LeftOut  []ImportLeftOut
	Warnings []string
	// Sources are rows written before SaveImport in its transaction (CSV care events and
	// harvests), whose source keys it remembers with the others.
	Sources []ImportSourceRow
}

// ImportResult says what an import did, or, for a dry run, would do.
type ImportResult struct {
	DryRun                        bool
	Plants, JournalEntries, Tasks int
	// Photos counts the photos stored (or, for a dry run, found) for plants and entries.
	Photos int
	// AlreadyImported counts the rows skipped because an earlier import brought them in.
	AlreadyImported int
	LeftOut         []ImportLeftOut
	Warnings        []string
	// PlantLimit is the caller's plant limit (nil: none); CurrentPlants how many they have;
	// Fits how many of the new plants fit under the limit.
	PlantLimit    *int
	CurrentPlants int
	Fits          int
}

// FitsAll reports whether every new plant fits under the plant limit.
func (r *ImportResult) FitsAll() bool { return r.Fits >= r.Plants }

// ImportPlantsFit returns how many of n new plants fit for an owner who has current plants
// under limit (nil: no limit).
func ImportPlantsFit(limit *int, current, n int) int {
	if limit == nil || *limit <= 0 {
		return n
	}
	free := *limit - current
	if free < 0 {
		free = 0
	}
	if free > n {
		return n
	}
	return free
}

// ImportTaskType guesses a care task's type from the words of another application's task,
// in English and German (HortusFox's two main languages); Inspect when nothing matches.
func ImportTaskType(text string) TaskType {
	t := strings.ToLower(text)
	for _, m := range []struct {
		typ   TaskType
		words []string
	}{
		{TaskFertilize, []string{"fertili", "feed", "dünge", "dunge"}},
		{TaskRepot, []string{"repot", "umtopf", "re-pot"}},
		{TaskWater, []string{"water", "gieß", "giess", "gies"}},
		{TaskPrune, []string{"prune", "pruning", "cut back", "schneid", "rückschnitt"}},
		{TaskMist, []string{"mist", "spray", "sprüh", "spruh"}},
		{TaskRotate, []string{"rotate", "turn", "dreh"}},
	} {
		for _, w := range m.words {
			if strings.Contains(t, w) {
				return m.typ
			}
		}
	}
	return TaskInspect
}

// ImportFitText cuts s to at most max characters (runes), trimmed, and says whether it cut.
func ImportFitText(s string, max int) (string, bool) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= max {
		return s, false
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:max])), true
}

// UserDataKinds are the kinds of a user's data export ("Download my data"), in the order the
// archive holds them: one JSON and one CSV file each.
var UserDataKinds = []string{
	"profile", "plants", "care_events", "care_tasks", "journal_entries", "harvests",
	"layouts", "layout_beds", "bed_plantings", "rotation_groups", "rotation_plans", "rotation_assignments",
	"listings", "listing_messages", "questions", "answers", "forum_topics", "forum_posts",
	"notifications", "notification_channels", "api_tokens",
}
