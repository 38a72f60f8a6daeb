package porttest

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// CatalogueCase is a catalogue under test and what its store is known to hold.
type CatalogueCase struct {
	// Catalogue reads the store.
	Catalogue ports.Catalogue
	// StoreURL is the store's base URL: every product's StoreURL must be on its host.
	StoreURL string
	// Want lists the common names the catalogue must return, in any order. Every other
	// product of the store lacks the "(PP)" marker or cannot be read.
	Want []string
}

// CatalogueFactory returns a fresh catalogue over a fresh store for one test. The store must
// have more than one listing page, so that a read can be cancelled half-way.
type CatalogueFactory func(t *testing.T) CatalogueCase

// RunCatalogue runs the catalogue contract against catalogues made by newCase. The checks of
// what a read returns share one read; progress, cancellation and repeated reads get their own
// store. Every test is parallel.
func RunCatalogue(t *testing.T, newCase CatalogueFactory) {
	t.Run("Products", func(t *testing.T) {
		t.Parallel()
		c := newCase(t)
		// A nil progress callback must be accepted.
		res, err := c.Catalogue.Fetch(context.Background(), nil)
		if err != nil {
			t.Fatalf("Fetch: %v", err)
		}
		checks := []struct {
			name string
			fn   func(t *testing.T, c CatalogueCase, res ports.CatalogueResult)
		}{
			{"OnlyMarkedProducts", testCatalogueOnlyMarked},
			{"CommonNameClean", testCatalogueCommonName},
			{"StoreURLOnStoreHost", testCatalogueStoreURL},
			{"PlantTypeKnown", testCataloguePlantType},
			{"SlugAndImages", testCatalogueSlugImages},
			{"FailuresExplained", testCatalogueFailures},
		}
		for _, check := range checks {
			t.Run(check.name, func(t *testing.T) { check.fn(t, c, res) })
		}
	})
	tests := map[string]func(t *testing.T, c CatalogueCase){
		"ProgressReachesTotal":   testCatalogueProgress,
		"CancelledBeforeStart":   testCatalogueCancelledBefore,
		"CancelledWhileReading":  testCatalogueCancelledDuring,
		"RepeatableWithoutState": testCatalogueRepeatable,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newCase(t))
		})
	}
}

func fetchAll(t *testing.T, c CatalogueCase) ports.CatalogueResult {
	t.Helper()
	res, err := c.Catalogue.Fetch(context.Background(), nil)
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	return res
}

func testCatalogueOnlyMarked(t *testing.T, c CatalogueCase, res ports.CatalogueResult) {
	var got []string
	for _, p := range res.Products {
		if !domain.HasPPMarker(p.ProductName) {
			t.Errorf("product %q has no (PP) marker", p.ProductName)
		}
		got = append(got, p.CommonName)
	}
	want := append([]string(nil), c.Want...)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("common names\n got: %q\nwant: %q", got, want)
	}
}

func testCatalogueCommonName(t *testing.T, _ CatalogueCase, res ports.CatalogueResult) {
	for _, p := range res.Products {
		if p.CommonName == "" || p.CommonName != strings.TrimSpace(p.CommonName) || strings.Contains(p.CommonName, "  ") {
			t.Errorf("common name %q is empty or not trimmed", p.CommonName)
		}
		if domain.HasPPMarker(p.CommonName) {
			t.Errorf("common name %q keeps the marker", p.CommonName)
		}
	}
}

// urlHost returns the host[:port] of an absolute http(s) URL, lower-cased, or "" for anything
// else. The ports packages may not import net/url (see tests/architecture).
func urlHost(raw string) string {
	rest, ok := strings.CutPrefix(raw, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(raw, "http://"); !ok {
			return ""
		}
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return strings.ToLower(rest)
}

func testCatalogueStoreURL(t *testing.T, c CatalogueCase, res ports.CatalogueResult) {
	host := urlHost(c.StoreURL)
	if host == "" {
		t.Fatalf("case StoreURL %q is not absolute", c.StoreURL)
	}
	seen := map[string]bool{}
	for _, p := range res.Products {
		if urlHost(p.StoreURL) != host {
			t.Errorf("%s: storeUrl %q is not an absolute URL on %s", p.CommonName, p.StoreURL, host)
		}
		if seen[p.StoreURL] {
			t.Errorf("storeUrl %q appears twice", p.StoreURL)
		}
		seen[p.StoreURL] = true
	}
}

func testCataloguePlantType(t *testing.T, _ CatalogueCase, res ports.CatalogueResult) {
	for _, p := range res.Products {
		if !p.Type.Valid() {
			t.Errorf("%s: plant type %q is not one of %v", p.CommonName, p.Type, domain.PlantTypes)
		}
	}
}

func testCatalogueSlugImages(t *testing.T, _ CatalogueCase, res ports.CatalogueResult) {
	for _, p := range res.Products {
		if p.Slug == "" || p.Slug != domain.Slugify(p.Slug) || strings.HasSuffix(p.Slug, "-pp") {
			t.Errorf("%s: slug %q is not a clean slug", p.CommonName, p.Slug)
		}
		if p.ImageURL != "" && urlHost(p.ImageURL) == "" {
			t.Errorf("%s: image %q is not absolute", p.CommonName, p.ImageURL)
		}
		if p.ImageURL == "" && len(p.AlternativeImageURLs) > 0 {
			t.Errorf("%s: alternatives without a main image", p.CommonName)
		}
		for _, alt := range p.AlternativeImageURLs {
			if alt == p.ImageURL || urlHost(alt) == "" {
				t.Errorf("%s: alternative image %q repeats the main one or is not absolute", p.CommonName, alt)
			}
		}
	}
}

func testCatalogueFailures(t *testing.T, _ CatalogueCase, res ports.CatalogueResult) {
	for _, f := range res.Failures {
		if f.Message == "" || (f.Name == "" && f.URL == "") {
			t.Errorf("failure %+v does not say what failed and why", f)
		}
	}
}

func testCatalogueProgress(t *testing.T, c CatalogueCase) {
	var mu sync.Mutex
	var calls [][2]int
	var inside atomic.Int32
	res, err := c.Catalogue.Fetch(context.Background(), func(done, total int) {
		if inside.Add(1) != 1 {
			t.Error("progress called concurrently")
		}
		defer inside.Add(-1)
		mu.Lock()
		calls = append(calls, [2]int{done, total})
		mu.Unlock()
	})
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) == 0 {
		t.Fatal("progress never called")
	}
	prev := [2]int{0, 0}
	for _, c := range calls {
		if c[0] < prev[0] || c[1] < prev[1] || c[0] > c[1] {
			t.Fatalf("progress went %v after %v", c, prev)
		}
		prev = c
	}
	if last := calls[len(calls)-1]; last[0] != last[1] || last[1] < len(res.Products) {
		t.Errorf("last progress %v, with %d products", last, len(res.Products))
	}
}

func testCatalogueCancelledBefore(t *testing.T, c CatalogueCase) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := c.Catalogue.Fetch(ctx, func(int, int) { t.Error("progress after cancellation") })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Fetch with a cancelled context: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %s", d)
	}
}

func testCatalogueCancelledDuring(t *testing.T, c CatalogueCase) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelledAt atomic.Int64
	_, err := c.Catalogue.Fetch(ctx, func(done, total int) {
		if cancelledAt.Load() == 0 {
			cancelledAt.Store(time.Now().UnixNano())
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Fetch cancelled half-way: %v, want context.Canceled", err)
	}
	if at := cancelledAt.Load(); at == 0 {
		t.Fatal("progress never called")
	} else if d := time.Since(time.Unix(0, at)); d > 2*time.Second {
		t.Errorf("returned %s after cancellation", d)
	}
}

func testCatalogueRepeatable(t *testing.T, c CatalogueCase) {
	first, second := fetchAll(t, c), fetchAll(t, c)
	names := func(r ports.CatalogueResult) string {
		var out []string
		for _, p := range r.Products {
			out = append(out, p.StoreURL)
		}
		return strings.Join(out, "\n")
	}
	if names(first) != names(second) {
		t.Errorf("two reads differ:\n%s\n---\n%s", names(first), names(second))
	}
}
