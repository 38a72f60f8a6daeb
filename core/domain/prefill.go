package domain

import (
	"html"
	"regexp"
	"strconv"
	"strings"
)

// Prefill rules of spec 01 §5: how a plant database item becomes a new plant.

var (
	everyNDays  = regexp.MustCompile(`every\s+(\d{1,3})\s*days?`)
	everyNWeeks = regexp.MustCompile(`every\s+(\d{1,2})\s*weeks?`)
	htmlTag     = regexp.MustCompile(`<[^>]*>`)
	spaces      = regexp.MustCompile(`\s+`)
)

// ParseIntervalDays reads a care interval from text: "every N days" is N, "every N weeks" is
// N×7, daily 1, twice a week 3, weekly 7, bi-weekly 14, monthly 30. ok is false when the text
// names no interval.
func ParseIntervalDays(text string) (days int, ok bool) {
	t := strings.ToLower(text)
	if m := everyNDays.FindStringSubmatch(t); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n, n >= 1
	}
	if m := everyNWeeks.FindStringSubmatch(t); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n * 7, n >= 1
	}
	switch {
	case strings.Contains(t, "daily") || strings.Contains(t, "every day"):
		return 1, true
	case strings.Contains(t, "twice a week") || strings.Contains(t, "twice weekly"):
		return 3, true
	case strings.Contains(t, "bi-weekly") || strings.Contains(t, "biweekly") || strings.Contains(t, "fortnight"):
		return 14, true
	case strings.Contains(t, "weekly") || strings.Contains(t, "once a week") || strings.Contains(t, "every week"):
		return 7, true
	case strings.Contains(t, "monthly") || strings.Contains(t, "once a month") || strings.Contains(t, "every month"):
		return 30, true
	}
	return 0, false
}

// LightNeedsFromText maps a light requirement to the form's choices: full sun → Full Sun,
// partial shade → Medium Light, shade → Low Light, bright indirect → Bright Indirect,
// bright → Bright Light; "" when nothing matches.
func LightNeedsFromText(text string) string {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "full sun"):
		return "Full Sun"
	case strings.Contains(t, "partial shade") || strings.Contains(t, "part shade") || strings.Contains(t, "partial sun"):
		return "Medium Light"
	case strings.Contains(t, "bright indirect"):
		return "Bright Indirect"
	case strings.Contains(t, "shade"):
		return "Low Light"
	case strings.Contains(t, "bright"):
		return "Bright Light"
	}
	return ""
}

// QuickAddWaterDays is the watering interval of "Add to My Plants" on the plant database
// pages: Low 14 days, Moderate 7, anything else 4.
func QuickAddWaterDays(waterRequirements string) int {
	switch t := strings.ToLower(strings.TrimSpace(waterRequirements)); {
	case strings.HasPrefix(t, "low"):
		return 14
	case strings.HasPrefix(t, "moderate"):
		return 7
	}
	return 4
}

// StripHTML turns an HTML fragment into plain text with single spaces.
func StripHTML(s string) string {
	return strings.TrimSpace(spaces.ReplaceAllString(html.UnescapeString(htmlTag.ReplaceAllString(s, " ")), " "))
}

// CareNotes builds a plant's notes from an item's care instructions, or from its description
// when it has none.
func CareNotes(item *PlantDBItem) string {
	c := item.CareInstructions
	switch {
	case c.Text != "":
		return StripHTML(c.Text)
	case len(c.Parts) > 0:
		var lines []string
		for _, k := range CareInstructionKeys {
			if v := strings.TrimSpace(c.Parts[k]); v != "" {
				lines = append(lines, strings.ToUpper(k[:1])+k[1:]+": "+StripHTML(v))
			}
		}
		return strings.Join(lines, "\n")
	}
	return StripHTML(item.Description)
}

// FillFromDatabase fills the fields of p that are still empty from a plant database item:
// name, species, type (by keyword), light needs, watering and fertilizing intervals (from the
// item's text, else the quick-add rule and the 30-day default) and notes.
func FillFromDatabase(p *Plant, item *PlantDBItem) {
	if strings.TrimSpace(p.Name) == "" {
		p.Name = item.CommonName
	}
	if p.Species == "" {
		p.Species = item.ScientificName
	}
	if p.Type == "" {
		p.Type = ClassifyPlantType(string(item.Type), item.CommonName)
	}
	if p.LightNeeds == "" {
		p.LightNeeds = LightNeedsFromText(item.LightRequirements)
	}
	if p.WaterFrequency == nil {
		days, ok := ParseIntervalDays(item.WaterRequirements)
		if !ok {
			days = QuickAddWaterDays(item.WaterRequirements)
		}
		p.WaterFrequency = &days
	}
	if p.FertilizerFrequency == nil {
		days, ok := ParseIntervalDays(item.FertilizerRequirements)
		if !ok {
			days = DefaultFertilizerFrequency
		}
		p.FertilizerFrequency = &days
	}
	if p.Notes == "" {
		p.Notes = CareNotes(item)
	}
	if p.ImageURL == "" && ValidImageURL(item.ImageURL) {
		p.ImageURL = item.ImageURL
	}
}
