package domain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// plantTypeKeywords are spec §5's keywords in their order of precedence: a text that mentions
// both vegetables and herbs ("vegetable and herb seeds") is a vegetable. The keywords of the
// types added by issue 27 come before flower and herb ("Flowering Cactus" is a cactus, "Flowering
// Shrub" a shrub) and match only at the start of a word ("tree" is not in "street").
var plantTypeKeywords = []struct {
	keyword   string
	t         PlantType
	wordStart bool
}{
	{"vegetable", Vegetables, false},
	{"fruit", Fruits, false},
	{"succulent", Succulents, true},
	{"cactus", Succulents, true},
	{"cacti", Succulents, true},
	{"houseplant", Houseplants, true},
	{"house plant", Houseplants, true},
	{"indoor plant", Houseplants, true},
	{"shrub", TreesShrubs, true},
	{"tree", TreesShrubs, true},
	{"flower", Flowers, false},
	{"floral", Flowers, false},
	{"herb", Herbs, false},
}

// containsKeyword reports whether lower contains keyword, at the start of a word when asked.
func containsKeyword(lower, keyword string, wordStart bool) bool {
	if !wordStart {
		return strings.Contains(lower, keyword)
	}
	for from := 0; ; {
		i := strings.Index(lower[from:], keyword)
		if i < 0 {
			return false
		}
		at := from + i
		if at == 0 {
			return true
		}
		if r, _ := utf8.DecodeLastRuneInString(lower[:at]); !unicode.IsLetter(r) {
			return true
		}
		from = at + 1
	}
}

// MatchPlantType returns the plant type whose keyword (vegetable, fruit, succulent or cactus,
// houseplant, shrub or tree, flower or floral, herb, in that order of precedence) text
// contains, ignoring case. Plurals and derived words match too ("Vegetables", "Flowering",
// "Herbal", "Trees").
func MatchPlantType(text string) (PlantType, bool) {
	lower := strings.ToLower(text)
	for _, k := range plantTypeKeywords {
		if containsKeyword(lower, k.keyword, k.wordStart) {
			return k.t, true
		}
	}
	return "", false
}

// ClassifyPlantType takes each text in turn, most trusted first: a type's own name, else
// MatchPlantType; the first match wins, DefaultPlantType when none matches.
func ClassifyPlantType(texts ...string) PlantType {
	for _, s := range texts {
		// A type's own name first: "Other" names no keyword.
		for _, t := range PlantTypes {
			if strings.EqualFold(strings.TrimSpace(s), string(t)) {
				return t
			}
		}
		if t, ok := MatchPlantType(s); ok {
			return t
		}
	}
	return DefaultPlantType
}

// The answer when no seed store is configured (issue 27: the Ecommerce tab must say how to
// configure one). CatalogueNotConfiguredField is the error's field, which the page reads to
// tell this case from a store that failed.
const (
	MsgCatalogueNotConfigured   = "No seed store is configured: set GARDEN_CATALOGUE_URL to the store's address"
	CatalogueNotConfiguredField = "catalogueUrl"
)

// ErrCatalogueNotConfigured is what reading the seed store answers when none is configured.
func ErrCatalogueNotConfigured() error {
	return &Error{Code: EInvalid, Message: MsgCatalogueNotConfigured,
		Fields: map[string]string{CatalogueNotConfiguredField: MsgCatalogueNotConfigured}}
}

// PPMarker marks the store products Garden imports: only products whose name contains it are
// listed and imported (spec §2, §9).
const PPMarker = "(PP)"

// ppMarker matches the marker ignoring case, since stores are not consistent about "(pp)".
var ppMarker = regexp.MustCompile(`(?i)\(pp\)`)

// HasPPMarker reports whether a store product name contains the "(PP)" marker, ignoring case.
func HasPPMarker(name string) bool { return ppMarker.MatchString(name) }

// StripPPMarker removes every "(PP)" marker from name, collapses white space and trims the
// separators a removed marker can leave behind ("Basil - (PP)" becomes "Basil").
func StripPPMarker(name string) string {
	return tidyName(ppMarker.ReplaceAllString(name, " "))
}

// tidyName collapses white space and trims dangling separators at both ends.
func tidyName(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.Trim(s, " -–—|,;:/·•")
}

// slugFold maps the accented Latin letters found in plant names to ASCII, so that "Pensée"
// and "Pensee" give one slug. The standard library has no Unicode normaliser.
var slugFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae", 'ç': "c",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i", 'î': "i", 'ï': "i",
	'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'œ': "oe",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y", 'ß': "ss", '×': "x",
}

// maxSlugLen bounds a slug; long enough for any real product name.
const maxSlugLen = 100

// Slugify turns s into a lower-case, dash-separated slug: accented Latin letters folded to
// ASCII, apostrophes dropped ("Grandpa's" gives "grandpas"), every other run of characters that
// are neither letters nor digits turned into one dash, at most 100 bytes.
func Slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’' || r == '‘':
			continue
		case slugFold[r] != "":
			b.WriteString(slugFold[r])
			dash = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	out := b.String()
	if len(out) > maxSlugLen {
		cut := maxSlugLen
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = out[:cut]
	}
	return strings.Trim(out, "-")
}

// CatalogueSlug returns a product's slug: the store's own slug (Shopify handle, WooCommerce slug
// or the last segment of the product URL) slugified and without its "pp" parts, so that
// "sweet-basil-pp" gives "sweet-basil"; the slugified common name when the store gives none.
func CatalogueSlug(storeSlug, commonName string) string {
	var parts []string
	for _, p := range strings.Split(Slugify(storeSlug), "-") {
		if p != "pp" && p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) > 0 {
		return strings.Join(parts, "-")
	}
	return Slugify(commonName)
}

// latinName matches a botanical name: a capitalised genus, an optional hybrid sign, a lower-case
// epithet (or "sp."/"spp."), optional infraspecific ranks and an optional quoted cultivar.
var latinName = regexp.MustCompile(`^[A-Z][a-z]{2,}(?:\s+[x×])?\s+(?:spp?\.|[a-z][a-z-]{2,}\.?)` +
	`(?:\s+(?:var\.|subsp\.|ssp\.|f\.|convar\.)\s+[a-z][a-z-]+)*` +
	`(?:\s+['‘"“][^'’"”]+['’"”])?$`)

// latinEndings are the endings of Latin epithets. They tell "Ocimum basilicum" from English
// pairs in parentheses such as "(Organic seeds)" or "(Pack mix)", which the shape alone allows.
var latinEndings = []string{"a", "ae", "i", "is", "us", "um", "es", "ens", "ans", "ex", "ix", "ax", "or", "er", "on", "os", "ys",
	"oides", "ale", "are", "ile", "ense", "ne", "o"}

// notEpithets and notGenera are English words with a Latin shape seen in parentheses in seed
// product names ("(Sweet pea)", "(Flower mix)").
var (
	notEpithets = map[string]bool{"mix": true, "pea": true, "plants": true, "variety": true, "organic": true,
		"one": true, "large": true, "rare": true, "hybrid": true, "flowers": true, "colours": true, "colors": true, "tomato": true, "potato": true, "mango": true}
	notGenera = map[string]bool{"Sweet": true, "Garden": true, "Cherry": true, "Mixed": true, "Wild": true, "Giant": true,
		"Dwarf": true, "Organic": true, "Heirloom": true, "Climbing": true, "Bush": true, "Pack": true, "Flower": true}
)

// IsLatinName reports whether s looks like a botanical (Latin) name such as "Ocimum basilicum",
// "Mentha x piperita", "Capsicum annuum var. glabriusculum" or "Lavandula angustifolia 'Hidcote'".
func IsLatinName(s string) bool {
	s = strings.Join(strings.Fields(s), " ")
	if !latinName.MatchString(s) {
		return false
	}
	words := strings.Fields(s)
	if notGenera[words[0]] {
		return false
	}
	epithet := words[1]
	if epithet == "x" || epithet == "×" {
		epithet = words[2]
	}
	if epithet == "sp." || epithet == "spp." {
		return true
	}
	epithet = strings.TrimSuffix(epithet, ".")
	if notEpithets[epithet] {
		return false
	}
	for _, end := range latinEndings {
		if strings.HasSuffix(epithet, end) {
			return true
		}
	}
	return false
}

// parenthesised finds the parenthesised groups of a product name.
var parenthesised = regexp.MustCompile(`\(([^()]*)\)`)

// SplitLatinName returns name without its first parenthesised botanical name, and that name:
// "Sweet Basil (Ocimum basilicum) (PP)" gives "Sweet Basil (PP)" and "Ocimum basilicum".
// A name without one comes back unchanged with an empty latin.
func SplitLatinName(name string) (rest, latin string) {
	for _, m := range parenthesised.FindAllStringSubmatchIndex(name, -1) {
		inner := strings.TrimSpace(name[m[2]:m[3]])
		if IsLatinName(inner) {
			return tidyName(name[:m[0]] + " " + name[m[1]:]), strings.Join(strings.Fields(inner), " ")
		}
	}
	return name, ""
}

// italic finds emphasised runs in description HTML, where seed stores write botanical names.
var italic = regexp.MustCompile(`(?is)<(em|i)(?:\s[^>]*)?>\s*([^<]{4,80}?)\s*</(?:em|i)>`)

// CatalogueAttribute is one labelled fact a store states about a product: a WooCommerce
// attribute, a "Label: value" Shopify tag, a JSON-LD additionalProperty, a row of an HTML
// attribute table, or a "Label: value" line of the description.
type CatalogueAttribute struct {
	Label string
	Value string
}

// CatalogueFacts is what an adapter read about one store product, before Garden's rules turn it
// into a CatalogueProduct. Adapters fill what the store offers and leave the rest empty.
type CatalogueFacts struct {
	// Name is the product name as the store shows it, "(PP)" marker included.
	Name string
	// StoreSlug is the store's own slug: Shopify handle, WooCommerce slug, last URL segment.
	StoreSlug string
	// StoreURL is the absolute URL of the product page on the store's host.
	StoreURL string
	// ProductType, Categories and Tags are the store's classification.
	ProductType string
	Categories  []string
	Tags        []string
	// Attributes are labelled facts from structured data, most trusted first.
	Attributes []CatalogueAttribute
	// DescriptionHTML is the description as the store gives it.
	DescriptionHTML string
	// DescriptionText is DescriptionHTML as plain text, one line per block element.
	DescriptionText string
	// ImageURLs are the product's absolute image URLs, main image first.
	ImageURLs []string
	// GuessedImageURLs are further URLs the same images may live at (other sizes on the
	// image's host), in order of preference.
	GuessedImageURLs []string
	// Price is the price as the store shows it, with its currency when known.
	Price string
}

// CatalogueProduct is one "(PP)" product of the seed store's catalogue, in the plant database's
// vocabulary (spec §3, "Plant database item"), ready to be added or updated by the import.
type CatalogueProduct struct {
	// ProductName is the store's product name, marker included, for messages and matching.
	ProductName string
	// CommonName is ProductName without the "(PP)" marker and without a parenthesised
	// botanical name.
	CommonName     string
	ScientificName string
	// Type is one of the four plant types, never empty.
	Type PlantType
	// StoreURL is the absolute URL of the product page, on the store's host.
	StoreURL string
	Slug     string
	ImageURL string
	// AlternativeImageURLs are tried in turn when ImageURL fails to load (spec §4): the
	// product's other images, then guessed variants on the same host as each image.
	AlternativeImageURLs []string
	// Description is HTML exactly as the store gives it; the core sanitises it before storing.
	Description            string
	LightRequirements      string
	WaterRequirements      string
	FertilizerRequirements string
	// CareInstructions is plain text, lines separated by "\n".
	CareInstructions string
	Price            string
	// Sowing is what the product's labelled facts and description say about when to sow.
	Sowing Sowing
}

// careField is the plant database field a store label feeds.
type careField int

const (
	careNone careField = iota
	careScientific
	carePlantType
	careLight
	careWater
	careFertilizer
	careInstructions
	careExtra // appended to the care instructions as "Label: value"
)

// careLabels maps normalised store labels to fields. Stores label the same fact many ways;
// these are the ones seen on English-language seed stores.
var careLabels = map[string]careField{
	"scientific name": careScientific, "botanical name": careScientific, "latin name": careScientific,
	"latin": careScientific, "botanical": careScientific, "species": careScientific,
	"plant type": carePlantType, "type of plant": carePlantType, "plant group": carePlantType,
	"light": careLight, "light requirements": careLight, "light requirement": careLight, "light needs": careLight,
	"sun": careLight, "sunlight": careLight, "sun exposure": careLight, "exposure": careLight,
	"sun requirements": careLight, "aspect": careLight, "position": careLight,
	"water": careWater, "watering": careWater, "water requirements": careWater, "water needs": careWater,
	"moisture":   careWater,
	"fertilizer": careFertilizer, "fertiliser": careFertilizer, "fertilizer requirements": careFertilizer,
	"fertiliser requirements": careFertilizer, "fertilizing": careFertilizer, "fertilising": careFertilizer,
	"feeding": careFertilizer, "feed": careFertilizer,
	"care": careInstructions, "care instructions": careInstructions, "plant care": careInstructions,
	"growing instructions": careInstructions, "how to grow": careInstructions, "cultivation": careInstructions,
	"growing tips": careInstructions, "care tips": careInstructions,
	"sowing": careExtra, "sowing instructions": careExtra, "when to sow": careExtra, "spacing": careExtra,
	"soil": careExtra, "harvest": careExtra, "germination": careExtra, "days to maturity": careExtra,
	"hardiness": careExtra,
}

// careLabel classifies a label such as "Sun exposure:" or "WATERING".
func careLabel(label string) careField {
	l := strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(strings.TrimSpace(label), ":：")), " "))
	return careLabels[l]
}

// maxLabelLen bounds the part before a colon that can be a label, so that a sentence with a
// colon in it is not read as one.
const maxLabelLen = 30

// maxCareValue bounds a single care value; care instructions may be longer.
const (
	maxCareValue        = 200
	maxCareInstructions = 2000
)

// labelledLine splits "Light: Full sun" into label and value when the part before the colon is
// a known label; value is empty when the line is the label alone ("Care instructions").
func labelledLine(line string) (label, value string, f careField) {
	line = strings.TrimSpace(line)
	if f := careLabel(line); f != careNone {
		return line, "", f
	}
	i := strings.IndexAny(line, ":：")
	if i <= 0 || i > maxLabelLen {
		return "", "", careNone
	}
	f = careLabel(line[:i])
	if f == careNone {
		return "", "", careNone
	}
	_, size := utf8.DecodeRuneInString(line[i:])
	return strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+size:]), f
}

// descriptionAttributes reads "Label: value" lines from description text. A line that is only a
// label takes the next line as its value; for care instructions, every following line up to the
// next label line.
func descriptionAttributes(text string) []CatalogueAttribute {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	var out []CatalogueAttribute
	for i := 0; i < len(lines); i++ {
		label, value, f := labelledLine(lines[i])
		if f == careNone {
			continue
		}
		if value == "" {
			var body []string
			for i+1 < len(lines) {
				if _, _, next := labelledLine(lines[i+1]); next != careNone {
					break
				}
				i++
				body = append(body, lines[i])
				if f != careInstructions {
					break
				}
			}
			value = strings.Join(body, "\n")
		}
		if value != "" {
			out = append(out, CatalogueAttribute{Label: strings.TrimRight(label, ":： "), Value: value})
		}
	}
	return out
}

// cleanValue collapses white space on each line, drops empty lines and cuts at max bytes.
func cleanValue(s string, max int) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	out := strings.Join(lines, "\n")
	if len(out) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = strings.TrimSpace(out[:cut]) + "…"
	}
	return out
}

// DeriveCatalogueProduct applies Garden's catalogue rules to what a store said about a product:
//
//   - CommonName: the name without "(PP)" and without a parenthesised botanical name.
//   - ScientificName, first found of: a labelled attribute (scientific, botanical or Latin name,
//     species), a parenthesised botanical name in the product name, a labelled line of the
//     description, an italic botanical name in the description HTML.
//   - PlantType: ClassifyProduct (a "plant type" attribute, the product type, collections, tags,
//     then the name); Herbs when none matches.
//   - Light, water and fertilizer requirements: labelled attributes, then labelled description
//     lines, as the store words them (the core maps them later).
//   - CareInstructions: a care or growing-instructions attribute or description section, followed
//     by sowing, spacing, soil, harvest, germination and hardiness lines as "Label: value".
//   - Slug: CatalogueSlug of the store's slug; ImageURL the first image; AlternativeImageURLs the
//     other images, then the guessed variants, without duplicates.
//
// Structured attributes come before the description because they are the store's deliberate
// data; description text is free prose and read only for what is still missing.
func DeriveCatalogueProduct(f CatalogueFacts) CatalogueProduct {
	p := CatalogueProduct{
		ProductName: strings.Join(strings.Fields(f.Name), " "),
		StoreURL:    f.StoreURL,
		Description: f.DescriptionHTML,
		Price:       strings.Join(strings.Fields(f.Price), " "),
	}
	rest, latinInName := SplitLatinName(f.Name)
	p.CommonName = StripPPMarker(rest)

	attrs := append(append([]CatalogueAttribute{}, f.Attributes...), descriptionAttributes(f.DescriptionText)...)
	var plantTypeAttr string
	var care, extra []string
	for i, a := range attrs {
		value := strings.TrimSpace(a.Value)
		if value == "" {
			continue
		}
		fromDescription := i >= len(f.Attributes)
		switch careLabel(a.Label) {
		case careScientific:
			// A structured attribute wins over the name; a description line does not.
			if p.ScientificName == "" && (!fromDescription || latinInName == "") {
				p.ScientificName = cleanValue(strings.SplitN(value, "\n", 2)[0], maxCareValue)
			}
		case carePlantType:
			if plantTypeAttr == "" {
				plantTypeAttr = value
			}
		case careLight:
			if p.LightRequirements == "" {
				p.LightRequirements = cleanValue(value, maxCareValue)
			}
		case careWater:
			if p.WaterRequirements == "" {
				p.WaterRequirements = cleanValue(value, maxCareValue)
			}
		case careFertilizer:
			if p.FertilizerRequirements == "" {
				p.FertilizerRequirements = cleanValue(value, maxCareValue)
			}
		case careInstructions:
			if len(care) == 0 {
				care = append(care, value)
			}
		case careExtra:
			extra = append(extra, strings.TrimSpace(a.Label)+": "+strings.Join(strings.Fields(value), " "))
		}
	}
	if p.ScientificName == "" {
		p.ScientificName = latinInName
	}
	if p.ScientificName == "" {
		for _, m := range italic.FindAllStringSubmatch(f.DescriptionHTML, -1) {
			if IsLatinName(m[2]) {
				p.ScientificName = strings.Join(strings.Fields(m[2]), " ")
				break
			}
		}
	}
	p.ScientificName = strings.TrimRight(p.ScientificName, ".;, ")
	p.CareInstructions = cleanValue(strings.Join(append(care, extra...), "\n"), maxCareInstructions)
	// Sowing is read from the structured facts first, then the description (first timing wins).
	var facts []string
	for _, a := range f.Attributes {
		facts = append(facts, strings.TrimSpace(a.Label)+": "+strings.Join(strings.Fields(a.Value), " "))
	}
	p.Sowing = ParseSowing(strings.Join(append(facts, f.DescriptionText, p.CareInstructions), "\n"))

	p.Type = ClassifyProduct(plantTypeAttr, f.ProductType, f.Categories, f.Tags, p.CommonName)
	p.Slug = CatalogueSlug(f.StoreSlug, p.CommonName)

	seen := map[string]bool{"": true}
	for _, u := range append(append([]string{}, f.ImageURLs...), f.GuessedImageURLs...) {
		if seen[u] {
			continue
		}
		seen[u] = true
		if p.ImageURL == "" {
			p.ImageURL = u
			continue
		}
		p.AlternativeImageURLs = append(p.AlternativeImageURLs, u)
	}
	return p
}
