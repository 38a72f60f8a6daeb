package domain

import (
	"regexp"
	"strings"
)

// ClassifyProduct decides a store product's plant type from what the store says, most
// deliberate first:
//
//  1. a "plant type" attribute, then the product type, read with spec §5's keywords;
//  2. the collections (categories), each read with the keywords, skipping one that names two
//     types ("Vegetable & Herb Seeds" says nothing about which);
//  3. the tags, each counted only when it names a type and nothing else ("Vegetables", "Flower
//     Seeds", "Edible flowers"), so that "vegetable garden" or "herb garden" (where a plant
//     grows, not what it is) do not decide;
//  4. the name: a known plant ("Sweet Pepper", "Nasturtium", "Cherry Tomato") by its head noun,
//     then the keywords ("Mystery Herb Mix");
//
// and Herbs when nothing matches.
func ClassifyProduct(typeAttr, productType string, collections, tags []string, name string) PlantType {
	for _, s := range []string{typeAttr, productType} {
		if t, ok := MatchPlantType(s); ok {
			return t
		}
	}
	for _, c := range collections {
		if t, ok := unambiguousType(c); ok {
			return t
		}
	}
	for _, tag := range tags {
		if t, ok := typeTag(tag); ok {
			return t
		}
	}
	if t, ok := KnownPlantType(name); ok {
		return t
	}
	if t, ok := MatchPlantType(name); ok {
		return t
	}
	return DefaultPlantType
}

// unambiguousType matches the keywords of exactly one type in s.
func unambiguousType(s string) (PlantType, bool) {
	lower := strings.ToLower(s)
	found := map[PlantType]bool{}
	for _, k := range plantTypeKeywords {
		if containsKeyword(lower, k.keyword, k.wordStart) {
			found[k.t] = true
		}
	}
	if len(found) != 1 {
		return "", false
	}
	for t := range found {
		return t, true
	}
	return "", false
}

// typeTagFiller are words a tag may carry beside a type keyword and still be a type tag.
var typeTagFiller = map[string]bool{"seed": true, "seeds": true, "plant": true, "plants": true, "edible": true, "cut": true,
	"annual": true, "annuals": true, "perennial": true, "perennials": true, "organic": true, "&": true, "and": true}

// typeTag reads a tag that names a type and nothing else.
func typeTag(tag string) (PlantType, bool) {
	words := strings.Fields(strings.ToLower(tag))
	var t PlantType
	for _, w := range words {
		if typeTagFiller[w] {
			continue
		}
		m, ok := MatchPlantType(w)
		if !ok || (t != "" && m != t) {
			return "", false
		}
		t = m
	}
	return t, t != ""
}

// knownPhrases are plants whose name is more than one word and whose last word would mislead
// ("Sweet Pea" is a flower, not a pea); checked before the head noun.
var knownPhrases = map[string]PlantType{
	"sweet pea": Flowers, "love-in-a-mist": Flowers, "lemon balm": Herbs, "lemon verbena": Herbs, "lemon grass": Herbs,
	"bell pepper": Vegetables, "chilli pepper": Vegetables, "chili pepper": Vegetables, "egg plant": Vegetables,
	"ground cherry": Fruits, "cape gooseberry": Fruits, "sweet corn": Vegetables, "sweet potato": Vegetables,
	"morning glory": Flowers, "sweet william": Flowers, "forget-me-not": Flowers, "snap dragon": Flowers,
	"peace lily": Houseplants, "spider plant": Houseplants, "snake plant": Houseplants, "rubber plant": Houseplants,
	"swiss cheese plant": Houseplants, "zz plant": Houseplants, "jade plant": Succulents, "string of pearls": Succulents,
	"aloe vera": Succulents, "olive tree": TreesShrubs, "bay tree": TreesShrubs, "bay laurel": TreesShrubs,
}

// knownNouns maps the head noun of common garden plants to their type. The head noun is the
// last word of the name once the cultivar ('Moneymaker') and parentheses are removed, so that
// "Cherry Tomato" is a tomato and "Ground Cherry" a cherry.
var knownNouns = map[string]PlantType{
	// vegetables
	"tomato": Vegetables, "tomatoes": Vegetables, "pepper": Vegetables, "peppers": Vegetables, "chilli": Vegetables,
	"chili": Vegetables, "capsicum": Vegetables, "cucumber": Vegetables, "courgette": Vegetables, "zucchini": Vegetables,
	"squash": Vegetables, "pumpkin": Vegetables, "carrot": Vegetables, "beetroot": Vegetables, "beet": Vegetables,
	"lettuce": Vegetables, "bean": Vegetables, "beans": Vegetables, "pea": Vegetables, "peas": Vegetables,
	"kale": Vegetables, "cabbage": Vegetables, "broccoli": Vegetables, "cauliflower": Vegetables, "radish": Vegetables,
	"spinach": Vegetables, "leek": Vegetables, "onion": Vegetables, "garlic": Vegetables, "aubergine": Vegetables,
	"eggplant": Vegetables, "corn": Vegetables, "sweetcorn": Vegetables, "chard": Vegetables, "celery": Vegetables,
	"celeriac": Vegetables, "parsnip": Vegetables, "turnip": Vegetables, "swede": Vegetables, "potato": Vegetables,
	"okra": Vegetables, "asparagus": Vegetables, "artichoke": Vegetables, "rocket": Vegetables, "arugula": Vegetables,
	"endive": Vegetables, "kohlrabi": Vegetables, "sprouts": Vegetables, "tomatillo": Vegetables, "shallot": Vegetables,
	// fruits
	"strawberry": Fruits, "strawberries": Fruits, "melon": Fruits, "watermelon": Fruits, "cherry": Fruits,
	"gooseberry": Fruits, "raspberry": Fruits, "blueberry": Fruits, "blackberry": Fruits, "currant": Fruits,
	"apple": Fruits, "pear": Fruits, "plum": Fruits, "fig": Fruits, "grape": Fruits, "physalis": Fruits,
	"cantaloupe": Fruits, "lemon": Fruits, "lime": Fruits, "orange": Fruits, "kiwi": Fruits, "rhubarb": Fruits,
	// flowers
	"nasturtium": Flowers, "sunflower": Flowers, "cosmos": Flowers, "zinnia": Flowers, "calendula": Flowers,
	"cornflower": Flowers, "marigold": Flowers, "lavender": Flowers, "poppy": Flowers, "aster": Flowers,
	"dahlia": Flowers, "petunia": Flowers, "pansy": Flowers, "viola": Flowers, "snapdragon": Flowers,
	"foxglove": Flowers, "lupin": Flowers, "hollyhock": Flowers, "delphinium": Flowers, "alyssum": Flowers,
	"larkspur": Flowers, "nigella": Flowers, "echinacea": Flowers, "rudbeckia": Flowers, "daisy": Flowers,
	"rose": Flowers, "tulip": Flowers, "lily": Flowers, "geranium": Flowers, "salvia": Flowers, "verbena": Flowers,
	"stock": Flowers, "phlox": Flowers, "scabious": Flowers, "wallflower": Flowers, "carnation": Flowers,
	// herbs
	"basil": Herbs, "parsley": Herbs, "coriander": Herbs, "cilantro": Herbs, "dill": Herbs, "chives": Herbs,
	"sage": Herbs, "thyme": Herbs, "oregano": Herbs, "marjoram": Herbs, "balm": Herbs, "mint": Herbs,
	"peppermint": Herbs, "spearmint": Herbs, "rosemary": Herbs, "chamomile": Herbs, "fennel": Herbs,
	"borage": Herbs, "tarragon": Herbs, "sorrel": Herbs, "lovage": Herbs, "chervil": Herbs, "hyssop": Herbs,
	"savory": Herbs, "catnip": Herbs, "feverfew": Herbs, "stevia": Herbs, "lemongrass": Herbs,
	// houseplants
	"monstera": Houseplants, "pothos": Houseplants, "philodendron": Houseplants, "calathea": Houseplants,
	"sansevieria": Houseplants, "dracaena": Houseplants, "ficus": Houseplants, "anthurium": Houseplants,
	"spathiphyllum": Houseplants, "maranta": Houseplants, "peperomia": Houseplants,
	// succulents and cacti
	"cactus": Succulents, "cacti": Succulents, "aloe": Succulents, "echeveria": Succulents, "haworthia": Succulents,
	"agave": Succulents, "sempervivum": Succulents, "crassula": Succulents, "opuntia": Succulents, "kalanchoe": Succulents,
	"succulent": Succulents, "succulents": Succulents,
	// trees and shrubs
	"hydrangea": TreesShrubs, "boxwood": TreesShrubs, "buxus": TreesShrubs, "camellia": TreesShrubs,
	"rhododendron": TreesShrubs, "azalea": TreesShrubs, "maple": TreesShrubs, "oak": TreesShrubs, "birch": TreesShrubs,
	"holly": TreesShrubs, "privet": TreesShrubs, "lilac": TreesShrubs, "magnolia": TreesShrubs,
}

var (
	quotedCultivar = regexp.MustCompile(`['‘’"“”][^'‘’"“”]*['‘’"“”]`)
	inParentheses  = regexp.MustCompile(`\([^)]*\)`)
)

// KnownPlantType recognises a common garden plant by name: a known phrase anywhere, else the
// head noun (the last word once the cultivar and parentheses are removed), else any known word.
func KnownPlantType(name string) (PlantType, bool) {
	s := strings.ToLower(name)
	s = inParentheses.ReplaceAllString(s, " ")
	s = quotedCultivar.ReplaceAllString(s, " ")
	for _, sep := range []string{" - ", " – ", " | ", ","} {
		s, _, _ = strings.Cut(s, sep)
	}
	words := strings.FieldsFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '-') })
	joined := strings.Join(words, " ")
	for phrase, t := range knownPhrases {
		if strings.Contains(" "+joined+" ", " "+phrase+" ") {
			return t, true
		}
	}
	for i := len(words) - 1; i >= 0; i-- {
		if t, ok := knownNouns[words[i]]; ok {
			return t, true
		}
	}
	return "", false
}
