package domain

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// CSV import kinds (issue #26 item 2): plants first, then journal entries, care events and
// harvests of the user's plants.
const (
	CSVPlants   = "plants"
	CSVJournal  = "journal"
	CSVCare     = "care"
	CSVHarvests = "harvests"
)

// ImportSourceCSV names CSV files among the remembered source keys.
const ImportSourceCSV = "csv"

// CSVField is one field a CSV import fills, with the header words that name it.
type CSVField struct {
	Name     string
	Required bool
	Aliases  []string
}

// CSVFields lists, per kind, the fields in template order.
var CSVFields = map[string][]CSVField{
	CSVPlants: {
		{Name: "name", Required: true, Aliases: []string{"plant", "plantname", "commonname", "name"}},
		{Name: "species", Aliases: []string{"species", "scientificname", "latin", "botanicalname"}},
		{Name: "plantType", Aliases: []string{"planttype", "type", "category"}},
		{Name: "location", Aliases: []string{"location", "room", "place", "bed"}},
		{Name: "lightNeeds", Aliases: []string{"lightneeds", "light", "lightlevel", "sun"}},
		{Name: "waterFrequency", Aliases: []string{"waterfrequency", "watereverydays", "waterevery", "watering"}},
		{Name: "fertilizerFrequency", Aliases: []string{"fertilizerfrequency", "fertilisereverydays", "fertilizeevery", "fertilizing"}},
		{Name: "lastWatered", Aliases: []string{"lastwatered", "watered"}},
		{Name: "lastFertilized", Aliases: []string{"lastfertilized", "lastfertilised", "fertilized", "fertilised"}},
		{Name: "acquiredDate", Aliases: []string{"acquireddate", "acquired", "purchased", "dateofpurchase", "planted"}},
		{Name: "notes", Aliases: []string{"notes", "note", "comments", "description"}},
	},
	CSVJournal: {
		{Name: "plant", Required: true, Aliases: []string{"plant", "plantname", "name"}},
		{Name: "title", Required: true, Aliases: []string{"title", "subject", "heading"}},
		{Name: "entryDate", Required: true, Aliases: []string{"entrydate", "date", "day"}},
		{Name: "content", Aliases: []string{"content", "text", "notes", "entry", "body"}},
		{Name: "growthStage", Aliases: []string{"growthstage", "stage"}},
	},
	CSVCare: {
		{Name: "plant", Required: true, Aliases: []string{"plant", "plantname", "name"}},
		{Name: "kind", Required: true, Aliases: []string{"kind", "care", "action", "type", "activity"}},
		{Name: "date", Required: true, Aliases: []string{"date", "day", "at", "when"}},
		{Name: "note", Aliases: []string{"note", "notes", "comment", "comments"}},
	},
	CSVHarvests: {
		{Name: "plant", Required: true, Aliases: []string{"plant", "plantname", "crop", "name"}},
		{Name: "harvestDate", Required: true, Aliases: []string{"harvestdate", "date", "day", "picked"}},
		{Name: "quantity", Aliases: []string{"quantity", "amount", "weight", "qty", "count"}},
		{Name: "unit", Aliases: []string{"unit", "units"}},
		{Name: "notes", Aliases: []string{"notes", "note", "comments"}},
	},
}

// CSV messages.
const (
	MsgCSVUnknownKind   = "Kind must be plants, journal, care or harvests"
	MsgCSVNoHeader      = "The file has no header line"
	MsgCSVRequired      = "%s is required"
	MsgCSVColumnMissing = "No column is mapped to %s"
	MsgCSVBadDate       = "Not a date (use YYYY-MM-DD or %s)"
	MsgCSVBadNumber     = "Not a whole number of days"
	MsgCSVUnknownPlant  = "No plant of yours is named %q"
	MsgCSVBadQuantity   = "Not a number"
)

// CSVRowError is what is wrong with one row (Row counts the header as line 1) or, with Row 0,
// with the mapping.
type CSVRowError struct {
	Row     int
	Field   string
	Message string
}

// headerKey folds a header for matching: lower case, letters and digits only.
func headerKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// GuessCSVMapping maps each field of kind to the index of the header that names it (its name or
// an alias, ignoring case, spaces and punctuation); fields no header names are absent.
func GuessCSVMapping(kind string, headers []string) map[string]int {
	out := map[string]int{}
	taken := map[int]bool{}
	for _, f := range CSVFields[kind] {
		for _, alias := range append([]string{headerKey(f.Name)}, f.Aliases...) {
			for i, h := range headers {
				if !taken[i] && headerKey(h) == alias {
					out[f.Name], taken[i] = i, true
					break
				}
			}
			if _, ok := out[f.Name]; ok {
				break
			}
		}
	}
	return out
}

// CSVDateFormatHint names the locale's own date order for messages.
func CSVDateFormatHint(locale string) string {
	if dayFirst(locale) {
		return "DD/MM/YYYY"
	}
	return "MM/DD/YYYY"
}

// dayFirst reports whether the locale writes the day before the month (all but US English
// and a few others).
func dayFirst(locale string) bool {
	switch strings.ToLower(strings.ReplaceAll(locale, "_", "-")) {
	case "", "en-us", "en", "fil", "en-ph":
		return false
	}
	return true
}

// ParseCSVDate reads an ISO date (YYYY-MM-DD, optionally with a time) or a date in the
// locale's order with '/', '.' or '-' between the parts (en-US: 3/28/2026; en-GB, de-DE,
// fr-FR …: 28/03/2026, 28.03.2026). It returns midnight UTC of that day.
func ParseCSVDate(s, locale string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 10 && s[4] == '-' {
		if t, err := time.Parse("2006-01-02", s[:10]); err == nil {
			return t, true
		}
		return time.Time{}, false
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '.' || r == '-' })
	if len(parts) != 3 {
		return time.Time{}, false
	}
	n := make([]int, 3)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return time.Time{}, false
		}
		n[i] = v
	}
	d, m, y := n[1], n[0], n[2]
	if dayFirst(locale) {
		d, m = n[0], n[1]
	}
	if y < 100 {
		y += 2000
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || int(t.Month()) != m || m < 1 || m > 12 {
		return time.Time{}, false
	}
	return t, true
}

// CSVTemplate is the header line of kind's template.
func CSVTemplate(kind string) []string {
	var out []string
	for _, f := range CSVFields[kind] {
		out = append(out, f.Name)
	}
	return out
}
