package domain_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestClassifyPlantType(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		texts []string
		want  domain.PlantType
	}{
		{"vegetable keyword", []string{"Vegetable Seeds"}, domain.Vegetables},
		{"plural", []string{"Fruits & Berries"}, domain.Fruits},
		{"flower", []string{"Cut Flowers"}, domain.Flowers},
		{"floral", []string{"Floral mixes"}, domain.Flowers},
		{"herb ignoring case", []string{"HERBAL TEAS"}, domain.Herbs},
		{"vegetable wins over herb in one text", []string{"Herb and vegetable garden"}, domain.Vegetables},
		{"first text that matches decides", []string{"", "Edible flowers", "vegetables"}, domain.Flowers},
		{"default herbs", []string{"Seeds", "Organic"}, domain.Herbs},
		// the types of issue 27
		{"houseplant", []string{"Houseplants"}, domain.Houseplants},
		{"indoor plant", []string{"Indoor plants for low light"}, domain.Houseplants},
		{"cactus wins over flower", []string{"Flowering Cacti"}, domain.Succulents},
		{"succulent", []string{"Succulent seeds"}, domain.Succulents},
		{"shrub wins over flower", []string{"Flowering shrubs"}, domain.TreesShrubs},
		{"tree", []string{"Trees"}, domain.TreesShrubs},
		{"fruit wins over tree", []string{"Fruit trees"}, domain.Fruits},
		{"tree only at a word's start", []string{"Street mix"}, domain.Herbs},
		{"a type's own name", []string{"Other", "Basil"}, domain.OtherPlants},
		{"nothing at all", nil, domain.Herbs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := domain.ClassifyPlantType(tt.texts...); got != tt.want {
				t.Fatalf("ClassifyPlantType(%q) = %q, want %q", tt.texts, got, tt.want)
			}
		})
	}
}

func TestPPMarker(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		has   bool
		strip string
	}{
		{"Sweet Basil (PP)", true, "Sweet Basil"},
		{"(PP) Sweet Basil", true, "Sweet Basil"},
		{"Sweet Basil (pp)", true, "Sweet Basil"},
		{"  Tomato   'Moneymaker' -  (PP)  ", true, "Tomato 'Moneymaker'"},
		{"Basil (PP) | Organic", true, "Basil | Organic"},
		{"Sweet Basil", false, "Sweet Basil"},
		{"Sweet Basil (P P)", false, "Sweet Basil (P P)"},
		{"Sweet Basil PP", false, "Sweet Basil PP"},
	}
	for _, tt := range tests {
		if got := domain.HasPPMarker(tt.name); got != tt.has {
			t.Errorf("HasPPMarker(%q) = %v, want %v", tt.name, got, tt.has)
		}
		if got := domain.StripPPMarker(tt.name); got != tt.strip {
			t.Errorf("StripPPMarker(%q) = %q, want %q", tt.name, got, tt.strip)
		}
	}
}

func TestSlugify(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"Sweet Basil":                   "sweet-basil",
		"  Tomato 'Moneymaker' (PP) ":   "tomato-moneymaker-pp",
		"Grandpa's Ott Morning Glory":   "grandpas-ott-morning-glory",
		"Pensée & Œillet — Mélange":     "pensee-oeillet-melange",
		"Mentha × piperita":             "mentha-x-piperita",
		"---":                           "",
		"Chili 'Carolina Reaper' 10/25": "chili-carolina-reaper-10-25",
	}
	for in, want := range tests {
		if got := domain.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
	long := domain.Slugify(strings.Repeat("é", 200))
	if len(long) > 100 || strings.HasSuffix(long, "-") {
		t.Errorf("long slug %q (%d bytes)", long, len(long))
	}
}

func TestCatalogueSlug(t *testing.T) {
	t.Parallel()
	if got := domain.CatalogueSlug("sweet-basil-pp", "Sweet Basil"); got != "sweet-basil" {
		t.Errorf("store slug: %q", got)
	}
	if got := domain.CatalogueSlug("pp-chives", "Chives"); got != "chives" {
		t.Errorf("leading pp: %q", got)
	}
	if got := domain.CatalogueSlug("", "Thai Basil"); got != "thai-basil" {
		t.Errorf("from name: %q", got)
	}
	if got := domain.CatalogueSlug("pp", "Dill"); got != "dill" {
		t.Errorf("marker only: %q", got)
	}
}

func TestIsLatinName(t *testing.T) {
	t.Parallel()
	yes := []string{"Ocimum basilicum", "Solanum lycopersicum", "Mentha x piperita", "Mentha × piperita",
		"Capsicum annuum var. glabriusculum", "Lavandula angustifolia 'Hidcote'", "Allium sp.", "Beta vulgaris",
		"Origanum vulgare", "Salvia officinalis", "Helianthus annuus", "Fragaria × ananassa", "Cucumis melo", "Cucurbita pepo"}
	no := []string{"PP", "Organic seeds", "Sweet pea", "Flower mix", "Pack of 50", "basil", "Heirloom variety",
		"Thai basil", "Sweet Genovese", "Ocimum", "Ocimum Basilicum", "Large pack", "1g", "Plum tomato"}
	for _, s := range yes {
		if !domain.IsLatinName(s) {
			t.Errorf("IsLatinName(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if domain.IsLatinName(s) {
			t.Errorf("IsLatinName(%q) = true, want false", s)
		}
	}
}

func TestSplitLatinName(t *testing.T) {
	t.Parallel()
	rest, latin := domain.SplitLatinName("Sweet Basil (Ocimum basilicum) (PP)")
	if rest != "Sweet Basil (PP)" || latin != "Ocimum basilicum" {
		t.Errorf("got %q, %q", rest, latin)
	}
	rest, latin = domain.SplitLatinName("Sweet Pea (Mixed colours) (PP)")
	if rest != "Sweet Pea (Mixed colours) (PP)" || latin != "" {
		t.Errorf("English parenthesis taken: %q, %q", rest, latin)
	}
}

func TestDeriveCatalogueProduct(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		got := domain.DeriveCatalogueProduct(domain.CatalogueFacts{
			Name:        "  Sweet Basil 'Genovese' (Ocimum basilicum)  (PP) ",
			StoreSlug:   "sweet-basil-genovese-pp",
			StoreURL:    "https://seeds.example/products/sweet-basil-genovese-pp",
			ProductType: "Seeds",
			Categories:  []string{"Herb seeds"},
			Tags:        []string{"vegetable garden"},
			Attributes: []domain.CatalogueAttribute{
				{Label: "Sun exposure", Value: "Full sun"},
				{Label: "Watering:", Value: "  Moderate  "},
			},
			DescriptionHTML: "<p>Classic pesto basil.</p><p><strong>Light:</strong> Partial shade</p>",
			DescriptionText: "Classic pesto basil.\nLight: Partial shade\nFeeding: Monthly liquid feed\n" +
				"How to grow\nSow indoors in spring.\nPinch out the tips.\nSpacing: 25 cm\nSoil: Rich, free-draining",
			ImageURLs:        []string{"https://cdn.example/basil.jpg", "https://cdn.example/basil-2.jpg", "https://cdn.example/basil.jpg"},
			GuessedImageURLs: []string{"https://cdn.example/basil-2.jpg", "https://cdn.example/basil_1024x1024.jpg"},
			Price:            " 3.95  GBP",
		})
		want := domain.CatalogueProduct{
			ProductName:            "Sweet Basil 'Genovese' (Ocimum basilicum) (PP)",
			CommonName:             "Sweet Basil 'Genovese'",
			ScientificName:         "Ocimum basilicum",
			Type:                   domain.Herbs,
			StoreURL:               "https://seeds.example/products/sweet-basil-genovese-pp",
			Slug:                   "sweet-basil-genovese",
			ImageURL:               "https://cdn.example/basil.jpg",
			AlternativeImageURLs:   []string{"https://cdn.example/basil-2.jpg", "https://cdn.example/basil_1024x1024.jpg"},
			Description:            "<p>Classic pesto basil.</p><p><strong>Light:</strong> Partial shade</p>",
			LightRequirements:      "Full sun",
			WaterRequirements:      "Moderate",
			FertilizerRequirements: "Monthly liquid feed",
			CareInstructions:       "Sow indoors in spring.\nPinch out the tips.\nSpacing: 25 cm\nSoil: Rich, free-draining",
			Price:                  "3.95 GBP",
			Sowing:                 domain.Sowing{SowIndoors: domain.SowingWindow{Unit: domain.WindowMonths, From: 3, To: 5}},
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("got\n%+v\nwant\n%+v", got, want)
		}
	})
	t.Run("ScientificNameSources", func(t *testing.T) {
		t.Parallel()
		tests := []struct {
			name  string
			facts domain.CatalogueFacts
			want  string
		}{
			{"attribute beats name", domain.CatalogueFacts{Name: "Mint (Mentha spicata) (PP)",
				Attributes: []domain.CatalogueAttribute{{Label: "Botanical name", Value: "Mentha spicata 'Moroccan'"}}}, "Mentha spicata 'Moroccan'"},
			{"name beats description line", domain.CatalogueFacts{Name: "Mint (Mentha spicata) (PP)",
				DescriptionText: "Latin name: Mentha viridis"}, "Mentha spicata"},
			{"description line", domain.CatalogueFacts{Name: "Mint (PP)", DescriptionText: "Grows fast.\nLatin name: Mentha spicata."}, "Mentha spicata"},
			{"label alone, value on next line", domain.CatalogueFacts{Name: "Mint (PP)", DescriptionText: "Botanical name\nMentha spicata"}, "Mentha spicata"},
			{"italic in description", domain.CatalogueFacts{Name: "Dill (PP)",
				DescriptionHTML: "<p>Dill (<em>Anethum graveolens</em>) is an <i>easy</i> annual.</p>"}, "Anethum graveolens"},
			{"italic that is not Latin", domain.CatalogueFacts{Name: "Dill (PP)", DescriptionHTML: "<p><em>Very easy</em> to grow</p>"}, ""},
			{"none", domain.CatalogueFacts{Name: "Dill (PP)"}, ""},
		}
		for _, tt := range tests {
			if got := domain.DeriveCatalogueProduct(tt.facts).ScientificName; got != tt.want {
				t.Errorf("%s: scientific name %q, want %q", tt.name, got, tt.want)
			}
		}
	})
	t.Run("PlantTypeOrder", func(t *testing.T) {
		t.Parallel()
		f := domain.CatalogueFacts{Name: "Nasturtium Flower (PP)", ProductType: "", Categories: []string{"Edible"},
			Tags: []string{"vegetable garden"}}
		// "vegetable garden" is where it grows, not what it is: the name decides (issue 17)
		if got := domain.DeriveCatalogueProduct(f).Type; got != domain.Flowers {
			t.Errorf("a place tag decided: %q", got)
		}
		f.Attributes = []domain.CatalogueAttribute{{Label: "Plant type", Value: "Annual flower"}}
		if got := domain.DeriveCatalogueProduct(f).Type; got != domain.Flowers {
			t.Errorf("plant type attribute first: %q", got)
		}
		if got := domain.DeriveCatalogueProduct(domain.CatalogueFacts{Name: "Mystery (PP)"}).Type; got != domain.Herbs {
			t.Errorf("default: %q", got)
		}
	})
	t.Run("LongCareIsCut", func(t *testing.T) {
		t.Parallel()
		f := domain.CatalogueFacts{Name: "Sage (PP)", Attributes: []domain.CatalogueAttribute{{Label: "Light", Value: strings.Repeat("sun ", 100)}}}
		got := domain.DeriveCatalogueProduct(f).LightRequirements
		if len(got) > 204 || !strings.HasSuffix(got, "…") {
			t.Errorf("light not cut: %d bytes", len(got))
		}
	})
	t.Run("SentenceWithColonIsNotALabel", func(t *testing.T) {
		t.Parallel()
		f := domain.CatalogueFacts{Name: "Sage (PP)", DescriptionText: "A note on watering for the first weeks after sowing: keep moist"}
		if got := domain.DeriveCatalogueProduct(f); got.WaterRequirements != "" || got.CareInstructions != "" {
			t.Errorf("sentence read as a label: %+v", got)
		}
	})
}

// TestClassifyProduct is the classification table of real seed-store products (issue 17:
// Sweet Pepper was filed as Herbs, Nasturtium as Vegetables).
func TestClassifyProduct(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		productType string
		collections []string
		tags        []string
		want        domain.PlantType
	}{
		{"Sweet Pepper 'California Wonder'", "", nil, nil, domain.Vegetables},
		{"Nasturtium 'Empress of India'", "", nil, []string{"vegetable garden", "edible"}, domain.Flowers},
		{"Nasturtium 'Empress of India'", "", []string{"Vegetable & Herb Seeds"}, nil, domain.Flowers},
		{"Sweet Basil 'Genovese'", "Herb Seeds", nil, []string{"Herbs", "Seeds"}, domain.Herbs},
		{"Cherry Tomato 'Sungold'", "", nil, nil, domain.Vegetables},
		{"Ground Cherry 'Aunt Molly's'", "", nil, nil, domain.Fruits},
		{"Cape Gooseberry", "", nil, nil, domain.Fruits},
		{"Sweet Pea 'Mixed'", "", nil, nil, domain.Flowers},
		{"Sweet Pea – Mixed Colours", "", nil, nil, domain.Flowers},
		{"Pea 'Kelvedon Wonder'", "", nil, nil, domain.Vegetables},
		{"Peppermint", "", nil, nil, domain.Herbs},
		{"Lemon Balm", "", nil, nil, domain.Herbs},
		{"Love-in-a-mist 'Miss Jekyll'", "", nil, nil, domain.Flowers},
		{"French Marigold", "", nil, nil, domain.Flowers},
		{"Runner Bean 'Scarlet Emperor'", "", nil, nil, domain.Vegetables},
		{"Watermelon 'Sugar Baby'", "", nil, nil, domain.Fruits},
		{"Lavender 'Hidcote'", "", nil, []string{"Herb garden"}, domain.Flowers},
		{"Strawberry 'Alexandria'", "Fruit Seeds", nil, nil, domain.Fruits},
		{"Calendula 'Indian Prince'", "", []string{"Flowers"}, []string{"Herbs"}, domain.Flowers},
		{"Borage", "", nil, []string{"Edible flowers"}, domain.Flowers},
		{"Mystery Herb Mix", "", nil, nil, domain.Herbs},
		{"Mystery Vegetable Mix", "", nil, nil, domain.Vegetables},
		{"Something Unknown", "", nil, nil, domain.Herbs},
		// issue 27: a Monstera is not a flower
		{"Monstera deliciosa", "", nil, nil, domain.Houseplants},
		{"Peace Lily", "", nil, nil, domain.Houseplants},
		{"Swiss Cheese Plant", "", nil, nil, domain.Houseplants},
		{"Echeveria 'Perle von Nürnberg'", "", nil, nil, domain.Succulents},
		{"Golden Barrel Cactus", "", nil, nil, domain.Succulents},
		{"Jade Plant", "", nil, nil, domain.Succulents},
		{"Hydrangea 'Annabelle'", "", nil, nil, domain.TreesShrubs},
		{"Olive Tree", "", nil, nil, domain.TreesShrubs},
		{"Apple Tree 'Cox'", "", nil, nil, domain.Fruits},
		{"Mixed Seedlings", "", nil, []string{"Houseplants"}, domain.Houseplants},
		{"Rose 'Iceberg'", "", nil, []string{"Shrubs"}, domain.TreesShrubs},
		// the store's product type wins over the name
		{"Tomato 'Moneymaker'", "Flower Seeds", nil, nil, domain.Flowers},
	}
	for _, tt := range tests {
		got := domain.ClassifyProduct("", tt.productType, tt.collections, tt.tags, tt.name)
		if got != tt.want {
			t.Errorf("ClassifyProduct(%q, type %q, collections %q, tags %q) = %q, want %q", tt.name, tt.productType, tt.collections, tt.tags, got, tt.want)
		}
	}
}
