package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// MsgCareInstructionParts refuses a care-instruction part Garden does not know; %s lists the
// parts' names (the API's keys, kept as they are).
const MsgCareInstructionParts = "Care instructions may have only the parts %s"

// Plant database sources.
const (
	SourceImport = "import"
	SourceManual = "manual"
)

// MsgPlantDBNotFound is the page's text for an unknown database item (spec 01 §8).
const MsgPlantDBNotFound = "Plant Not Found"

// CareInstructions are a database item's care text: free text, or named parts (soil,
// watering, fertilizer, light, difficulty, general, fertilizing). Exactly one form is used.
type CareInstructions struct {
	Text  string
	Parts map[string]string
}

// CareInstructionKeys are the named parts the spec knows, in display order.
var CareInstructionKeys = []string{"general", "watering", "light", "soil", "fertilizer", "fertilizing", "difficulty"}

// IsEmpty reports whether there is no care text at all.
func (c CareInstructions) IsEmpty() bool { return c.Text == "" && len(c.Parts) == 0 }

// PlantDBItem is a species in the plant database, entered by an admin or imported from a
// seed store's catalogue.
type PlantDBItem struct {
	ID                     int64
	CommonName             string
	ScientificName         string
	Type                   PlantType
	Description            string // sanitized HTML
	ImageURL               string
	AlternativeImageURLs   []string
	LightRequirements      string
	WaterRequirements      string
	FertilizerRequirements string
	CareInstructions       CareInstructions
	StoreURL               string
	// Sowing is when to sow, plant out and expect a harvest (issue #24 item 7).
	Sowing    Sowing
	Slug      string
	Source    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Plant database messages.
const (
	MsgCommonNameTooShort = "Common name must be at least 2 characters"
)

// ValidatePlantDBItem normalises an item and checks it before it is stored.
func ValidatePlantDBItem(it *PlantDBItem) error {
	var v Validation
	it.CommonName = strings.TrimSpace(it.CommonName)
	if utf8.RuneCountInString(it.CommonName) < 2 {
		v.Add("commonName", MsgCommonNameTooShort)
	}
	if it.Type == "" {
		it.Type = DefaultPlantType
	}
	if !it.Type.Valid() {
		v.Add("plantType", MsgSelectPlantType)
	}
	it.ImageURL = strings.TrimSpace(it.ImageURL)
	if !ValidImageURL(it.ImageURL) {
		v.Add("imageUrl", MsgInvalidURL)
	}
	it.StoreURL = strings.TrimSpace(it.StoreURL)
	if it.StoreURL != "" && !isHTTPURL(it.StoreURL) {
		v.Add("storeUrl", MsgInvalidURL)
	}
	for _, alt := range it.AlternativeImageURLs {
		if !isHTTPURL(alt) {
			v.Add("alternativeImageUrls", MsgInvalidURL)
		}
	}
	it.Slug = strings.TrimSpace(it.Slug)
	if it.Slug == "" {
		it.Slug = Slugify(it.CommonName)
	}
	if it.Source == "" {
		it.Source = SourceManual
	}
	if it.Source != SourceManual && it.Source != SourceImport {
		v.Add("source", "Source must be import or manual")
	}
	for k := range it.CareInstructions.Parts {
		known := false
		for _, key := range CareInstructionKeys {
			known = known || key == k
		}
		if !known {
			v.Add("careInstructions", fmt.Sprintf(MsgCareInstructionParts, strings.Join(CareInstructionKeys, ", ")))
		}
	}
	ValidateSowing(&v, &it.Sowing)
	return v.Err()
}

func isHTTPURL(s string) bool {
	return ValidImageURL(s) && !strings.HasPrefix(s, "/")
}
