package catalogue

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// TestHTML_Fetch reads the HTML shop with every kind of misbehaving product page at once.
func TestHTML_Fetch(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeHTML, map[string]faultSpec{
		"/product/garden-sage-pp/":       {kind: fail500},
		"/product/chives-pp/":            {kind: fail500Once},
		"/product/dill-bouquet-pp/":      {kind: slowForever},
		"/product/coriander-calypso-pp/": {kind: tooMany429Once},
		"/product/peppermint-pp/":        {kind: redirectOther},
		"/product/rosemary-pp/":          {kind: redirectSame, target: "/product/rosemary-prostratus-pp/"},
		"/product/borage-pp/":            {kind: oversized},
	})
	var last [2]int
	cfg := testConfig(s.URL(), ShapeHTML)
	cfg.RequestTimeout = slowTimeout
	res, err := newClient(t, cfg).Fetch(context.Background(), func(done, total int) { last = [2]int{done, total} })
	if err != nil {
		t.Fatal(err)
	}
	want := without(expected(t, ShapeHTML), "Garden Sage", "Dill 'Bouquet'", "Peppermint", "Borage")
	if got := commonNames(res.Products); !reflect.DeepEqual(got, want) {
		t.Errorf("kept, in store order\n got: %q\nwant: %q", got, want)
	}
	u := s.srv.URL
	checkFailures(t, res.Failures, []ports.CatalogueFailure{
		{Name: "Dill 'Bouquet' (Anethum graveolens) (PP)", URL: u + "/product/dill-bouquet-pp/", Message: "timed out after 400ms"},
		{Name: "Garden Sage (PP)", URL: u + "/product/garden-sage-pp/", Message: "HTTP 500 Internal Server Error after 2 retries"},
		{Name: "Peppermint (PP)", URL: u + "/product/peppermint-pp/", Message: "redirect to another host refused: " + s.other.URL + "/product/peppermint-pp/"},
		{Name: "Lemon Verbena (PP)", URL: "https://partner-seeds.example/product/lemon-verbena-pp/",
			Message: "not followed: the link is on another host than " + s.host()},
		{Name: "Borage (PP)", URL: u + "/product/borage-pp/", Message: "response larger than 262144 bytes refused"},
		{Name: "", URL: u + "/product/unnamed/", Message: "no product name found on the page"},
	})
	if n := s.otherHits.Load(); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}
	// 37 marked products, the unnamed link and the strawberry listed without a name are
	// candidates; the off-host link is not. Every candidate is handled.
	if last != [2]int{38, 38} {
		t.Errorf("last progress %v, want [38 38]", last)
	}
	for path, want := range map[string]int{
		"/product/garden-sage-pp/":            3, // first try and two retries
		"/product/chives-pp/":                 2, // 500 once, then the page
		"/product/coriander-calypso-pp/":      2,
		"/product/dill-bouquet-pp/":           1, // a timeout is not retried
		"/product/borage-pp/":                 1, // nor a refused size
		"/product/sunflower-giant-single-pp/": 1, // listed on two pages, read once
		"/product/thai-basil/":                0, // unmarked: never read
		"/product/gift-card/":                 0,
		"/product/rosemary-pp/":               1,
		"/product/rosemary-prostratus-pp/":    1,
	} {
		if got := len(s.requests(path)); got != want {
			t.Errorf("%s asked %d times, want %d", path, got, want)
		}
	}
	if hits := s.requests("/product/coriander-calypso-pp/"); len(hits) == 2 && hits[1].Sub(hits[0]) < 950*time.Millisecond {
		t.Errorf("retried after %s, before the store's Retry-After of 1 s", hits[1].Sub(hits[0]))
	}
	if got := s.agents(); len(got) != 1 || got[testUA] == 0 {
		t.Errorf("User-Agents seen: %v", got)
	}

	basil := byName(t, res.Products, "Sweet Basil 'Genovese'") // JSON-LD in a Yoast @graph
	wantBasil := domain.CatalogueProduct{
		ProductName: "Sweet Basil 'Genovese' (Ocimum basilicum) (PP)", CommonName: "Sweet Basil 'Genovese'",
		ScientificName: "Ocimum basilicum", Type: domain.Herbs,
		StoreURL: u + "/product/sweet-basil-genovese-pp/", Slug: "sweet-basil-genovese",
		ImageURL: u + "/wp-content/uploads/2024/02/sweet-basil-genovese.jpg",
		AlternativeImageURLs: []string{
			u + "/wp-content/uploads/2024/02/sweet-basil-genovese-packet.jpg",
			"https://" + s.host() + "/wp-content/uploads/2024/02/sweet-basil-genovese.jpg",
			"https://" + s.host() + "/wp-content/uploads/2024/02/sweet-basil-genovese-packet.jpg",
		},
		Description:       basil.Description,
		LightRequirements: "Full sun", WaterRequirements: "Keep moist", FertilizerRequirements: "Every two weeks",
		CareInstructions: "Sow indoors from March to June.\nSpacing: 30 cm", Price: "2.95 GBP",
		Sowing: domain.Sowing{SowIndoors: domain.SowingWindow{Unit: domain.WindowMonths, From: 3, To: 6}},
	}
	if !reflect.DeepEqual(basil, wantBasil) {
		t.Errorf("basil\n got: %+v\nwant: %+v", basil, wantBasil)
	}
	if !strings.Contains(basil.Description, "<h3>How to grow</h3>") {
		t.Errorf("description is not the page's HTML: %q", basil.Description)
	}
	if p := byName(t, res.Products, "Rosemary 'Prostratus'"); p.StoreURL != u+"/product/rosemary-prostratus-pp/" || p.Slug != "rosemary-prostratus" {
		t.Errorf("same-host redirect: %q %q", p.StoreURL, p.Slug)
	}
	chamomile := byName(t, res.Products, "Chamomile") // malformed JSON-LD: the selectors read it
	if chamomile.ProductName != "Chamomile (Matricaria chamomilla) (PP)" || chamomile.LightRequirements != "Full sun" || chamomile.Price != "£2.25" ||
		chamomile.ImageURL != u+"/wp-content/uploads/2024/02/chamomile.jpg" || chamomile.Type != domain.Herbs {
		t.Errorf("chamomile: %+v", chamomile)
	}
	fennel := byName(t, res.Products, "Fennel 'Florence'") // malformed HTML
	if fennel.LightRequirements != "Full sun" || fennel.WaterRequirements != "Keep moist" || fennel.ScientificName != "Foeniculum vulgare" {
		t.Errorf("fennel: %+v", fennel)
	}
	pepper := byName(t, res.Products, "Sweet Pepper 'California Wonder'") // no image, no description
	if pepper.ImageURL != "" || pepper.Description != "" || pepper.Type != domain.Vegetables || pepper.Price != "2.65 GBP" {
		t.Errorf("pepper: %+v", pepper)
	}
	if p := byName(t, res.Products, "Strawberry 'Alexandria'"); p.Type != domain.Fruits { // listed without a name
		t.Errorf("strawberry: %+v", p)
	}
	if p := byName(t, res.Products, "Tomato 'Moneymaker'"); p.LightRequirements != "Full sun" { // attribute table
		t.Errorf("tomato: %+v", p)
	}
	if p := byName(t, res.Products, "Flat-leaf Parsley 'Gigante'"); p.ScientificName != "Petroselinum crispum" {
		t.Errorf("parsley: %+v", p)
	}
	if p := byName(t, res.Products, "Chives"); p.ScientificName != "Allium schoenoprasum" { // additionalProperty
		t.Errorf("chives: %+v", p)
	}
}

// TestHTML_CustomSelectors reads a hand-written shop that none of the defaults fit.
func TestHTML_CustomSelectors(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"/catalogue": `<html><body><div id="grid">
			<div class="tile"><span class="t">Welsh Onion (PP)</span><a class="go" href="/item?id=7">View</a></div>
			<div class="tile"><span class="t">Garlic Chives</span><a class="go" href="/item?id=8">View</a></div>
			</div><a class="more" href="/catalogue?p=2">More</a></body></html>`,
		"/catalogue?p=2": `<html><body><div id="grid">
			<div class="tile"><span class="t">Red Orach (PP)</span><a class="go" href="/item?id=9">View</a></div>
			</div></body></html>`,
		"/item?id=7": `<html><body><div class="name">Welsh Onion (PP)</div><div class="cost">€2,10</div>
			<img class="pic" src="/img/welsh-onion.jpg"><a class="cat" href="/c/veg">Perennial vegetables</a><div class="about"><p>A perennial vegetable onion.</p>
			<dl class="facts"><dt>Sun</dt><dd>Full sun</dd><dt>Watering</dt><dd>Moderate</dd></dl></div></body></html>`,
		"/item?id=9": `<html><body><div class="name">Red Orach (PP)</div><div class="cost">€1,95</div>
			<div class="about"><p>Red leaves for salads.</p></div></body></html>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.RequestURI()]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	cfg := testConfig(srv.URL, ShapeHTML)
	cfg.HTML = Selectors{
		ListingPath: "/catalogue", ListingItem: "#grid .tile", ListingLink: "a.go", ListingName: ".t", NextPage: "a.more",
		ProductName: ".name", ProductPrice: ".cost", ProductImage: "img.pic", ProductDescription: ".about",
		ProductAttribute: "dl.facts", ProductCategory: ".cat",
	}
	res, err := newClient(t, cfg).Fetch(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Products) != 2 || len(res.Failures) != 0 {
		t.Fatalf("products %+v failures %+v", res.Products, res.Failures)
	}
	onion := res.Products[0]
	if onion.CommonName != "Welsh Onion" || onion.StoreURL != srv.URL+"/item?id=7" || onion.Price != "€2,10" ||
		onion.ImageURL != srv.URL+"/img/welsh-onion.jpg" || onion.LightRequirements != "Full sun" ||
		onion.WaterRequirements != "Moderate" || onion.Type != domain.Vegetables || onion.Slug != "welsh-onion" {
		t.Errorf("onion: %+v", onion)
	}
	if res.Products[1].CommonName != "Red Orach" || res.Products[1].Type != domain.Herbs {
		t.Errorf("orach: %+v", res.Products[1])
	}
}

func TestHTML_ListingSelectorMatchesNothing(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeHTML, nil)
	cfg := testConfig(s.URL(), ShapeHTML)
	cfg.HTML.ListingItem = ".no-such-thing"
	_, err := newClient(t, cfg).Fetch(context.Background(), nil)
	if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), `the listing item selector ".no-such-thing" matches nothing`) {
		t.Fatalf("got %v", err)
	}
}
