package catalogue

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/ports/porttest"
)

// Test settings. Requests get a generous timeout so that a loaded machine cannot fail a test
// that is not about timeouts; those that are use slowTimeout, far above a fixture page's answer
// time (a few milliseconds) and short enough to keep the suite fast.
const (
	testTimeout  = 5 * time.Second
	slowTimeout  = 400 * time.Millisecond
	testPageSize = 15
	testUA       = "GardenBot/1.0 (+https://garden.test.example)"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// testConfig is the configuration the tests start from.
func testConfig(baseURL string, shape Shape) Config {
	return Config{
		BaseURL: baseURL, Shape: shape, UserAgent: testUA,
		Concurrency: 4, RatePerSecond: maxRatePerSecond, RequestTimeout: testTimeout,
		MaxRetries: 2, RetryBackoff: 10 * time.Millisecond, MaxRetryWait: 2 * time.Second,
		MaxResponseBytes: 256 << 10, PageSize: testPageSize, Logger: quiet,
	}
}

// newClient builds a client for a test. The request rate is lifted (New caps it at 50 per
// second, which would make the suite slow); TestFetch_RateLimit checks the limiter itself.
func newClient(t testing.TB, cfg Config) *Client {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	c.fetch.limiter = rate.NewLimiter(rate.Inf, 1)
	return c
}

// expected reads the generator's list of kept common names per shape.
func expected(t testing.TB, shape Shape) []string {
	t.Helper()
	var all map[string]struct {
		Kept []string `json:"kept"`
	}
	readJSON(t, filepath.Join("testdata", "expected.json"), &all)
	return all[string(shape)].Kept
}

func without(list []string, drop ...string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(drop, s) {
			out = append(out, s)
		}
	}
	return out
}

func commonNames(ps []domain.CatalogueProduct) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.CommonName)
	}
	return out
}

func byName(t *testing.T, ps []domain.CatalogueProduct, common string) domain.CatalogueProduct {
	t.Helper()
	for _, p := range ps {
		if p.CommonName == common {
			return p
		}
	}
	t.Fatalf("product %q not kept", common)
	return domain.CatalogueProduct{}
}

func checkFailures(t *testing.T, got, want []ports.CatalogueFailure) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("failures\n got: %s\nwant: %s", fmtFailures(got), fmtFailures(want))
	}
}

func fmtFailures(fs []ports.CatalogueFailure) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\n  {%q, %q, %q}", f.Name, f.URL, f.Message)
	}
	return b.String()
}

// TestCatalogue_Contract runs the port's contract suite over each shape of the fixture shop,
// with its faults: what the contract promises must hold on a misbehaving store too.
func TestCatalogue_Contract(t *testing.T) {
	t.Parallel()
	cases := map[Shape]struct {
		faults map[string]faultSpec
		lost   []string // (PP) products the faults make unreadable
	}{
		ShapeShopify:     {faults: map[string]faultSpec{"/products.json?page=2": {kind: fail500Once}}},
		ShapeWooCommerce: {faults: map[string]faultSpec{"/wp-json/wc/store/v1/products?page=3": {kind: fail500Once}}},
		ShapeHTML: {
			faults: map[string]faultSpec{
				"/product/garden-sage-pp/":       {kind: fail500},
				"/product/chives-pp/":            {kind: fail500Once},
				"/product/peppermint-pp/":        {kind: redirectOther},
				"/product/borage-pp/":            {kind: oversized},
				"/product/coriander-calypso-pp/": {kind: fail500Once},
			},
			lost: []string{"Garden Sage", "Peppermint", "Borage"},
		},
	}
	for shape, tc := range cases {
		t.Run(string(shape), func(t *testing.T) {
			t.Parallel()
			porttest.RunCatalogue(t, func(t *testing.T) porttest.CatalogueCase {
				s := newFixtureStore(t, shape, tc.faults)
				return porttest.CatalogueCase{
					Catalogue: newClient(t, testConfig(s.URL(), shape)),
					StoreURL:  s.URL(),
					Want:      without(expected(t, shape), tc.lost...),
				}
			})
		})
	}
}

func TestShopify_Fetch(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{
		"/products.json?page=2": {kind: fail500Once},
		"/products.json?page=3": {kind: tooMany429Once},
	})
	res, err := newClient(t, testConfig(s.URL(), ShapeShopify)).Fetch(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := commonNames(res.Products), expected(t, ShapeShopify); !reflect.DeepEqual(got, want) {
		t.Errorf("kept, in store order\n got: %q\nwant: %q", got, want)
	}
	checkFailures(t, res.Failures, []ports.CatalogueFailure{{
		Name: "Mystery Herb Mix (PP)", URL: s.srv.URL + "/products.json?limit=15&page=2",
		Message: "the product has no handle, so it has no page to link to",
	}})
	// 48 products in pages of 15: four pages, then the empty fifth ends the walk.
	for page, want := range map[int]int{1: 1, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0} {
		if got := len(s.requests(fmt.Sprintf("/products.json?page=%d", page))); got != want {
			t.Errorf("page %d asked %d times, want %d", page, got, want)
		}
	}
	if hits := s.requests("/products.json?page=3"); len(hits) == 2 && hits[1].Sub(hits[0]) < 950*time.Millisecond {
		t.Errorf("retried page 3 after %s, before the store's Retry-After of 1 s", hits[1].Sub(hits[0]))
	}
	if got := s.agents(); len(got) != 1 || got[testUA] == 0 {
		t.Errorf("User-Agents seen: %v", got)
	}

	basil := byName(t, res.Products, "Sweet Basil 'Genovese'")
	wantBasil := domain.CatalogueProduct{
		ProductName: "Sweet Basil 'Genovese' (Ocimum basilicum) (PP)", CommonName: "Sweet Basil 'Genovese'",
		ScientificName: "Ocimum basilicum", Type: domain.Herbs,
		StoreURL: s.srv.URL + "/products/sweet-basil-genovese-pp", Slug: "sweet-basil-genovese",
		ImageURL: "https://cdn.shopify.com/s/files/1/0612/3456/7890/products/sweet-basil-genovese-pp.jpg?v=1699003467",
		AlternativeImageURLs: []string{
			"https://cdn.shopify.com/s/files/1/0612/3456/7890/products/sweet-basil-genovese-pp-packet_800x.jpg?v=1699003467",
			"https://cdn.shopify.com/s/files/1/0612/3456/7890/products/sweet-basil-genovese-pp_1024x1024.jpg?v=1699003467",
			"https://cdn.shopify.com/s/files/1/0612/3456/7890/products/sweet-basil-genovese-pp.jpg",
			"https://cdn.shopify.com/s/files/1/0612/3456/7890/products/sweet-basil-genovese-pp-packet.jpg?v=1699003467",
			"https://cdn.shopify.com/s/files/1/0612/3456/7890/products/sweet-basil-genovese-pp-packet_800x.jpg",
		},
		Description:       basil.Description,
		LightRequirements: "Full sun", WaterRequirements: "Keep moist", FertilizerRequirements: "Every two weeks",
		CareInstructions: "Sow indoors from March to June.\nSpacing: 30 cm", Price: "2.95",
		Sowing: domain.Sowing{SowIndoors: domain.SowingWindow{Unit: domain.WindowMonths, From: 3, To: 6}},
	}
	if !reflect.DeepEqual(basil, wantBasil) {
		t.Errorf("basil\n got: %+v\nwant: %+v", basil, wantBasil)
	}
	if !strings.HasPrefix(basil.Description, "<p>A reliable herb") {
		t.Errorf("description not kept as given: %q", basil.Description)
	}
	for common, want := range map[string]struct{ latin, light, water string }{
		"Flat-leaf Parsley 'Gigante'": {"Petroselinum crispum", "Partial shade", "Moderate"},             // labelled description line
		"Coriander 'Calypso'":         {"Coriandrum sativum", "Full sun", "Moderate"},                    // italics
		"Chives":                      {"Allium schoenoprasum", "Full sun to partial shade", "Moderate"}, // "Latin:" tag
		"Beetroot 'Boltardy'":         {"Beta vulgaris", "Full sun", "Moderate"},                         // malformed HTML
	} {
		p := byName(t, res.Products, common)
		if p.ScientificName != want.latin || p.LightRequirements != want.light || p.WaterRequirements != want.water {
			t.Errorf("%s: latin %q light %q water %q, want %+v", common, p.ScientificName, p.LightRequirements, p.WaterRequirements, want)
		}
	}
	pepper := byName(t, res.Products, "Sweet Pepper 'California Wonder'") // missing fields
	if pepper.ImageURL != "" || pepper.Description != "" || pepper.Price != "" || pepper.Type != domain.Vegetables || pepper.AlternativeImageURLs != nil {
		t.Errorf("product without fields: %+v", pepper)
	}
	if p := byName(t, res.Products, "Cosmos 'Sensation Mix'"); p.LightRequirements != "Full sun" || p.Type != domain.Flowers {
		t.Errorf("comma-separated tags: %+v", p)
	}
	if p := byName(t, res.Products, "Lavender 'Hidcote'"); p.ImageURL != "https://cdn.shopify.com/s/files/1/0612/3456/7890/products/lavender-hidcote-pp.jpg" {
		t.Errorf("protocol-relative image: %q", p.ImageURL)
	}
	// "vegetable garden" is a place tag: the name decides (issue 17)
	if p := byName(t, res.Products, "Nasturtium 'Empress of India'"); p.Type != domain.Flowers {
		t.Errorf("nasturtium: %q", p.Type)
	}
	// Sowing windows come from the product text where it states them (issue #24 item 7).
	months := func(from, to int) domain.SowingWindow {
		return domain.SowingWindow{Unit: domain.WindowMonths, From: from, To: to}
	}
	for common, want := range map[string]domain.Sowing{
		"Tomato 'Moneymaker'":    {SowIndoors: months(2, 4)},                                                                            // "Sow indoors February to April"
		"Garden Sage":            {SowIndoors: months(3, 5), Transplant: domain.SowingWindow{Unit: domain.WindowWeeks, From: 0, To: 4}}, // "…in spring, plant out after frost"
		"Fennel 'Florence'":      {DirectSow: months(7, 8)},                                                                             // "Sow after midsummer"
		"Spinach 'Giant Winter'": {DirectSow: months(9, 11)},                                                                            // "Sow in autumn for winter leaves"
		"Carrot 'Nantes 2'":      {},                                                                                                    // "Sow thinly in drills": no time stated
	} {
		if got := byName(t, res.Products, common).Sowing; got != want {
			t.Errorf("%s: sowing %+v, want %+v", common, got, want)
		}
	}
	for common, want := range map[string]domain.PlantType{"Tomato 'Moneymaker'": domain.Vegetables, "Melon 'Minnesota Midget'": domain.Fruits,
		"Sunflower 'Giant Single'": domain.Flowers, "Chives": domain.Herbs} {
		if got := byName(t, res.Products, common).Type; got != want {
			t.Errorf("%s: type %q, want %q", common, got, want)
		}
	}
}

func TestWooCommerce_Fetch(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeWooCommerce, map[string]faultSpec{
		"/wp-json/wc/store/v1/products?page=2": {kind: fail500Once},
		"/wp-json/wc/store/v1/products?page=3": {kind: tooMany429Once},
	})
	res, err := newClient(t, testConfig(s.URL(), ShapeWooCommerce)).Fetch(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := commonNames(res.Products), expected(t, ShapeWooCommerce); !reflect.DeepEqual(got, want) {
		t.Errorf("kept, in store order\n got: %q\nwant: %q", got, want)
	}
	checkFailures(t, res.Failures, []ports.CatalogueFailure{{
		Name: "Mystery Herb Mix (PP)", URL: s.srv.URL + "/wp-json/wc/store/v1/products?page=2&per_page=15",
		Message: "the product has no permalink or slug, so it has no page to link to",
	}})
	// X-WP-TotalPages says 4: no fifth page is asked for.
	for page, want := range map[int]int{1: 1, 2: 2, 3: 2, 4: 1, 5: 0} {
		if got := len(s.requests(fmt.Sprintf("/wp-json/wc/store/v1/products?page=%d", page))); got != want {
			t.Errorf("page %d asked %d times, want %d", page, got, want)
		}
	}
	if hits := s.requests("/wp-json/wc/store/v1/products?page=3"); len(hits) == 2 && hits[1].Sub(hits[0]) < 950*time.Millisecond {
		t.Errorf("retried after %s, before Retry-After", hits[1].Sub(hits[0]))
	}

	basil := byName(t, res.Products, "Sweet Basil ‘Genovese’")
	if basil.ScientificName != "Ocimum basilicum" || basil.Type != domain.Herbs || basil.Price != "2.95 GBP" ||
		basil.StoreURL != s.srv.URL+"/product/sweet-basil-genovese-pp/" || basil.Slug != "sweet-basil-genovese" ||
		basil.ImageURL != s.srv.URL+"/wp-content/uploads/2024/02/sweet-basil-genovese-scaled.jpg" ||
		!reflect.DeepEqual(basil.AlternativeImageURLs, []string{
			s.srv.URL + "/wp-content/uploads/2024/02/sweet-basil-genovese-300x300.jpg",
			s.srv.URL + "/wp-content/uploads/2024/02/sweet-basil-genovese.jpg",
			"https://" + s.host() + "/wp-content/uploads/2024/02/sweet-basil-genovese-scaled.jpg",
		}) || basil.LightRequirements != "Full sun" {
		t.Errorf("basil: %+v", basil)
	}
	for _, p := range res.Products {
		if strings.Contains(p.CommonName, "&#") || strings.Contains(p.CommonName, "&amp;") {
			t.Errorf("entity left in %q", p.CommonName)
		}
	}
	if p := byName(t, res.Products, "Chives"); p.StoreURL != s.srv.URL+"/product/chives-pp/" {
		t.Errorf("permalink on the old host not moved to the store's: %q", p.StoreURL)
	}
	radish := byName(t, res.Products, "Radish ‘French Breakfast’") // short description only
	if radish.Description != "<p>Crisp roots in four weeks.</p><p>Light: Full sun<br>Water: Keep moist</p>" ||
		radish.LightRequirements != "Full sun" || radish.WaterRequirements != "Keep moist" {
		t.Errorf("radish: %+v", radish)
	}
	pepper := byName(t, res.Products, "Sweet Pepper ‘California Wonder’") // no images, categories or prices
	if pepper.ImageURL != "" || pepper.Price != "" || pepper.Type != domain.Vegetables {
		t.Errorf("pepper: %+v", pepper)
	}
	if p := byName(t, res.Products, "Beetroot ‘Boltardy’"); p.LightRequirements != "Full sun" || p.WaterRequirements != "Moderate" {
		t.Errorf("malformed description: %+v", p)
	}
	if p := byName(t, res.Products, "Chives"); p.ScientificName != "Allium schoenoprasum" { // Botanical name attribute
		t.Errorf("chives: %+v", p)
	}
	if p := byName(t, res.Products, "Nasturtium ‘Empress of India’"); p.Type != domain.Flowers {
		t.Errorf("nasturtium: categories %q then tags: %q", "Edible & Companion", p.Type)
	}
	if p := byName(t, res.Products, "Melon ‘Minnesota Midget’"); p.Type != domain.Fruits {
		t.Errorf("melon: %q", p.Type)
	}
}
