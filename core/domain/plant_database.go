package domain

import "time"

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
	Slug                   string
	Source                 string
	CreatedAt              time.Time
	UpdatedAt              time.Time
}
