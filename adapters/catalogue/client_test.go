package catalogue

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

func TestNew(t *testing.T) {
	t.Parallel()
	t.Run("Defaults", func(t *testing.T) {
		t.Parallel()
		c, err := New(Config{BaseURL: "https://seeds.example", ContactURL: "https://garden.example.org"})
		if err != nil {
			t.Fatal(err)
		}
		got := c.Config()
		if got.Shape != ShapeAuto || got.UserAgent != "GardenBot/1.0 (+https://garden.example.org)" ||
			got.Concurrency != DefaultConcurrency || got.RatePerSecond != DefaultRatePerSecond ||
			got.RequestTimeout != DefaultRequestTimeout || got.MaxRetries != DefaultMaxRetries ||
			got.MaxResponseBytes != DefaultMaxResponseBytes || got.HTML.ListingItem != DefaultSelectors().ListingItem {
			t.Errorf("defaults: %+v", got)
		}
	})
	t.Run("NegativeRetriesMeansNone", func(t *testing.T) {
		t.Parallel()
		c, err := New(Config{BaseURL: "https://seeds.example", MaxRetries: -1})
		if err != nil || c.Config().MaxRetries != 0 {
			t.Fatalf("%v %+v", err, c)
		}
	})
	tests := map[string]struct {
		cfg   Config
		field string
	}{
		"ErrBaseURLMissing":  {Config{}, "baseUrl"},
		"ErrBaseURLRelative": {Config{BaseURL: "/shop"}, "baseUrl"},
		"ErrBaseURLScheme":   {Config{BaseURL: "ftp://seeds.example"}, "baseUrl"},
		"ErrBaseURLUser":     {Config{BaseURL: "https://me:secret@seeds.example"}, "baseUrl"},
		"ErrShape":           {Config{BaseURL: "https://seeds.example", Shape: "magento"}, "shape"},
		"ErrConcurrency":     {Config{BaseURL: "https://seeds.example", Concurrency: 100}, "concurrency"},
		"ErrRate":            {Config{BaseURL: "https://seeds.example", RatePerSecond: 1000}, "ratePerSecond"},
		"ErrSizeCap":         {Config{BaseURL: "https://seeds.example", MaxResponseBytes: 10}, "maxResponseBytes"},
		"ErrSelector":        {Config{BaseURL: "https://seeds.example", HTML: Selectors{ListingItem: "li[[["}}, "listingItem"},
		"ErrUserAgent":       {Config{BaseURL: "https://seeds.example", UserAgent: "Bot\r\nX-Evil: 1"}, "userAgent"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := New(tt.cfg)
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.EInvalid || de.Fields[tt.field] == "" {
				t.Fatalf("got %v, want invalid on %s", err, tt.field)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	t.Parallel()
	for _, shape := range []Shape{ShapeShopify, ShapeWooCommerce, ShapeHTML} {
		t.Run(string(shape), func(t *testing.T) {
			t.Parallel()
			s := newFixtureStore(t, shape, nil)
			c := newClient(t, testConfig(s.URL(), ShapeAuto))
			got, err := c.Detect(context.Background())
			if err != nil || got != shape {
				t.Fatalf("Detect = %q, %v; want %q", got, err, shape)
			}
			// Auto-detection then reads the store like the configured shape does.
			res, err := c.Fetch(context.Background(), nil)
			if err != nil || len(res.Products) < 30 {
				t.Fatalf("Fetch after detection: %d products, %v", len(res.Products), err)
			}
		})
	}
	t.Run("OrderShopifyFirst", func(t *testing.T) {
		t.Parallel()
		s := newFixtureStore(t, ShapeShopify, nil)
		if _, err := newClient(t, testConfig(s.URL(), ShapeAuto)).Detect(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := len(s.requests("/wp-json/wc/store/v1/products?page=1")); n != 0 {
			t.Errorf("a Shopify store was asked for WooCommerce's API %d times", n)
		}
	})
	t.Run("ErrNoShape", func(t *testing.T) {
		t.Parallel()
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"status":"ok"}`))
		}))
		t.Cleanup(srv.Close)
		_, err := newClient(t, testConfig(srv.URL, ShapeAuto)).Detect(context.Background())
		if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "does not look like Shopify, WooCommerce or an HTML shop") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrOverloaded", func(t *testing.T) {
		t.Parallel()
		// An overloaded Shopify shop still serves HTML; it must not be read as an HTML shop.
		s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=1": {kind: fail500}})
		_, err := newClient(t, testConfig(s.URL(), ShapeAuto)).Detect(context.Background())
		if domain.ErrorCode(err) != domain.EUnavailable {
			t.Fatalf("got %v, want unavailable", err)
		}
	})
	t.Run("ErrUnreachable", func(t *testing.T) {
		t.Parallel()
		srv := httptest.NewServer(http.NotFoundHandler())
		url := srv.URL
		srv.Close() // nothing listens there any more
		start := time.Now()
		_, err := newClient(t, testConfig(url, ShapeAuto)).Fetch(context.Background(), nil)
		if domain.ErrorCode(err) != domain.EUnavailable || !strings.Contains(err.Error(), "connection refused") {
			t.Fatalf("got %v", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %s", d)
		}
	})
}

func TestFetch_StoreUnavailable(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=1": {kind: fail500}})
	_, err := newClient(t, testConfig(s.URL(), ShapeShopify)).Fetch(context.Background(), nil)
	if domain.ErrorCode(err) != domain.EUnavailable || err.Error() != "The store at "+s.host()+" is unavailable: HTTP 500 Internal Server Error after 2 retries" {
		t.Fatalf("got %v", err)
	}
	if n := len(s.requests("/products.json?page=1")); n != 3 {
		t.Errorf("first page asked %d times, want 3", n)
	}
}

func TestFetch_WrongShapeIsInvalid(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeHTML, nil)
	_, err := newClient(t, testConfig(s.URL(), ShapeWooCommerce)).Fetch(context.Background(), nil)
	if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "HTTP 404 Not Found") {
		t.Fatalf("got %v", err)
	}
}

// TestFetch_LaterListingPageFails: a listing page after the first that cannot be read is a
// failure, and what was read is kept.
func TestFetch_LaterListingPageFails(t *testing.T) {
	t.Parallel()
	t.Run("ShopifyStopsAtPersistent500", func(t *testing.T) {
		t.Parallel()
		s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=3": {kind: fail500}})
		res, err := newClient(t, testConfig(s.URL(), ShapeShopify)).Fetch(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Products) != 25 { // pages 1 and 2: 30 products, 25 of them marked and linkable
			t.Errorf("%d products kept, want 25", len(res.Products))
		}
		checkFailures(t, res.Failures, []ports.CatalogueFailure{
			{Name: "Mystery Herb Mix (PP)", URL: s.srv.URL + "/products.json?limit=15&page=2", Message: "the product has no handle, so it has no page to link to"},
			{URL: s.srv.URL + "/products.json?limit=15&page=3", Message: "listing page 3: HTTP 500 Internal Server Error after 2 retries; later pages were not read"},
		})
		if n := len(s.requests("/products.json?page=4")); n != 0 {
			t.Errorf("page 4 asked %d times after page 3 failed", n)
		}
	})
	t.Run("WooCommerceSkipsSlowPage", func(t *testing.T) {
		t.Parallel()
		s := newFixtureStore(t, ShapeWooCommerce, map[string]faultSpec{"/wp-json/wc/store/v1/products?page=2": {kind: slowForever}})
		cfg := testConfig(s.URL(), ShapeWooCommerce)
		cfg.RequestTimeout = slowTimeout
		res, err := newClient(t, cfg).Fetch(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		// X-WP-TotalPages is known, so pages 3 and 4 are still read.
		if len(res.Products) != 24 || res.Products[len(res.Products)-1].CommonName != "Love-in-a-mist ‘Miss Jekyll’" {
			t.Errorf("%d products kept, want 24 ending with Love-in-a-mist", len(res.Products))
		}
		checkFailures(t, res.Failures, []ports.CatalogueFailure{
			{URL: s.srv.URL + "/wp-json/wc/store/v1/products?page=2&per_page=15", Message: "listing page 2: timed out after 400ms"},
		})
	})
	t.Run("ShopifyRedirectToOtherHost", func(t *testing.T) {
		t.Parallel()
		s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=2": {kind: redirectOther}})
		res, err := newClient(t, testConfig(s.URL(), ShapeShopify)).Fetch(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		checkFailures(t, res.Failures, []ports.CatalogueFailure{{
			URL:     s.srv.URL + "/products.json?limit=15&page=2",
			Message: "listing page 2: redirect to another host refused: " + s.other.URL + "/products.json?limit=15&page=2; later pages were not read",
		}})
		if len(res.Products) != 12 || s.otherHits.Load() != 0 {
			t.Errorf("%d products, other host asked %d times", len(res.Products), s.otherHits.Load())
		}
	})
	t.Run("RetryAfterBeyondCap", func(t *testing.T) {
		t.Parallel()
		s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=2": {kind: tooMany429Long}})
		res, err := newClient(t, testConfig(s.URL(), ShapeShopify)).Fetch(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		checkFailures(t, res.Failures, []ports.CatalogueFailure{{
			URL: s.srv.URL + "/products.json?limit=15&page=2",
			Message: "listing page 2: HTTP 429 Too Many Requests: the store asked to wait 2m0s, more than the 2s allowed; " +
				"later pages were not read",
		}})
		if n := len(s.requests("/products.json?page=2")); n != 1 {
			t.Errorf("page 2 asked %d times; a Retry-After beyond the cap must not be retried early", n)
		}
	})
}

func TestFetch_UserAgent(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeWooCommerce, nil)
	cfg := testConfig(s.URL(), ShapeAuto)
	cfg.UserAgent, cfg.ContactURL = "", "https://garden.example.org"
	if _, err := newClient(t, cfg).Fetch(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := s.agents(); !reflect.DeepEqual(got, map[string]int{"GardenBot/1.0 (+https://garden.example.org)": s.totalRequests()}) {
		t.Errorf("User-Agents seen: %v", got)
	}
}

// TestFetch_ConcurrencyLimit counts requests in flight at the store while every answer takes
// 15 ms.
func TestFetch_ConcurrencyLimit(t *testing.T) {
	t.Parallel()
	const limit = 3
	s := newFixtureStore(t, ShapeHTML, nil)
	s.delay = 15 * time.Millisecond
	cfg := testConfig(s.URL(), ShapeHTML)
	cfg.Concurrency, cfg.RequestTimeout = limit, 5*time.Second
	res, err := newClient(t, cfg).Fetch(context.Background(), nil)
	if err != nil || len(res.Products) != 37 {
		t.Fatalf("%d products, %v", len(res.Products), err)
	}
	if got := s.maxFlight.Load(); got > limit || got < 2 {
		t.Errorf("at most %d requests in flight, want at most %d (and more than 1)", got, limit)
	}
}

// TestFetch_RateLimit checks that request starts are spaced by the configured rate: with a
// burst of one, six requests at 20 per second need at least five gaps of 50 ms.
func TestFetch_RateLimit(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeShopify, nil)
	cfg := testConfig(s.URL(), ShapeShopify)
	cfg.RatePerSecond, cfg.PageSize = 20, 10 // 48 products: 5 pages and an empty sixth
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := c.Fetch(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := s.totalRequests(); got != 6 {
		t.Fatalf("%d requests, want 6", got)
	}
	if d := time.Since(start); d < 245*time.Millisecond {
		t.Errorf("6 requests at 20 per second took %s", d)
	}
}

func TestFetch_ResponseSizeCap(t *testing.T) {
	t.Parallel()
	for name, kind := range map[string]fault{"ContentLength": oversized, "Streamed": oversizedStream} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=1": {kind: kind}})
			cfg := testConfig(s.URL(), ShapeShopify)
			cfg.MaxResponseBytes = 64 << 10
			_, err := newClient(t, cfg).Fetch(context.Background(), nil)
			if domain.ErrorCode(err) != domain.EInvalid || !strings.HasSuffix(err.Error(), "response larger than 65536 bytes refused") {
				t.Fatalf("got %v", err)
			}
		})
	}
}

// TestFetch_Cancellation cancels reads that are waiting on the store in each way they can wait.
func TestFetch_Cancellation(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		shape  Shape
		faults map[string]faultSpec
	}{
		"SlowPages": {ShapeHTML, map[string]faultSpec{
			"/product/sweet-basil-genovese-pp/": {kind: slowForever}, "/product/flat-leaf-parsley-gigante-pp/": {kind: slowForever},
			"/product/coriander-calypso-pp/": {kind: slowForever}, "/product/dill-bouquet-pp/": {kind: slowForever},
		}},
		"RetryAfterWait": {ShapeShopify, map[string]faultSpec{"/products.json?page=2": {kind: tooMany429Long}}},
		"Backoff":        {ShapeWooCommerce, map[string]faultSpec{"/wp-json/wc/store/v1/products?page=2": {kind: fail500}}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newFixtureStore(t, tt.shape, tt.faults)
			cfg := testConfig(s.URL(), tt.shape)
			cfg.RequestTimeout, cfg.MaxRetryWait, cfg.RetryBackoff, cfg.MaxRetries = 30*time.Second, 5*time.Minute, time.Minute, 5
			ctx, cancel := context.WithCancel(context.Background())
			var once sync.Once
			var cancelled time.Time
			done := make(chan error, 1)
			c := newClient(t, cfg)
			go func() {
				_, err := c.Fetch(ctx, func(done, total int) {
					once.Do(func() {
						time.AfterFunc(100*time.Millisecond, func() { cancelled = time.Now(); cancel() })
					})
				})
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("got %v, want context.Canceled", err)
				}
				if d := time.Since(cancelled); d > 500*time.Millisecond {
					t.Errorf("returned %s after cancellation", d)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("Fetch did not return after cancellation")
			}
		})
	}
}

func TestFetch_DeadlineIsHonoured(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeShopify, map[string]faultSpec{"/products.json?page=1": {kind: slowForever}})
	cfg := testConfig(s.URL(), ShapeShopify)
	cfg.RequestTimeout = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	_, err := newClient(t, cfg).Fetch(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want context.DeadlineExceeded", err)
	}
}

func TestFetch_MaxProducts(t *testing.T) {
	t.Parallel()
	s := newFixtureStore(t, ShapeShopify, nil)
	cfg := testConfig(s.URL(), ShapeShopify)
	cfg.MaxProducts = 5
	res, err := newClient(t, cfg).Fetch(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Products) != 5 || len(res.Failures) != 1 || res.Failures[0].Message != "the catalogue has more than 5 products; the rest were not read" {
		t.Errorf("%d products, failures %s", len(res.Products), fmtFailures(res.Failures))
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)
	tests := map[string]struct {
		header string
		want   time.Duration
		ok     bool
	}{
		"Seconds":  {"7", 7 * time.Second, true},
		"Zero":     {"0", 0, true},
		"HTTPDate": {"Sat, 14 Mar 2026 09:01:30 GMT", 90 * time.Second, true},
		"PastDate": {"Sat, 14 Mar 2026 08:00:00 GMT", 0, true},
		"Missing":  {"", 0, false},
		"Garbage":  {"soon", 0, false},
		"Negative": {"-3", 0, false},
	}
	for name, tt := range tests {
		got, ok := retryAfter(tt.header, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: retryAfter(%q) = %s, %v; want %s, %v", name, tt.header, got, ok, tt.want, tt.ok)
		}
	}
}

func TestGuessImageVariants(t *testing.T) {
	t.Parallel()
	tests := map[string][]string{
		"https://cdn.shopify.com/s/files/1/0612/products/basil_800x.jpg?v=17": {
			"https://cdn.shopify.com/s/files/1/0612/products/basil.jpg?v=17",
			"https://cdn.shopify.com/s/files/1/0612/products/basil_800x.jpg",
		},
		"https://cdn.shopify.com/s/files/1/0612/products/basil.png": {
			"https://cdn.shopify.com/s/files/1/0612/products/basil_1024x1024.png",
		},
		"https://shop.example/cdn/shop/products/basil_grande@2x.jpg": {"https://shop.example/cdn/shop/products/basil.jpg"},
		"http://seeds.example/wp-content/uploads/2024/02/basil-300x300.jpg": {
			"http://seeds.example/wp-content/uploads/2024/02/basil.jpg",
			"https://seeds.example/wp-content/uploads/2024/02/basil-300x300.jpg",
		},
		"https://seeds.example/wp-content/uploads/2024/02/basil-scaled.jpg": {"https://seeds.example/wp-content/uploads/2024/02/basil.jpg"},
		"https://seeds.example/images/basil.jpg":                            nil,
		"not a url":                                                         nil,
	}
	for in, want := range tests {
		if got := guessImageVariants(in); !reflect.DeepEqual(got, want) {
			t.Errorf("guessImageVariants(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

func TestWooPrice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		minor    string
		unit     int
		currency string
		want     string
	}{
		{"395", 2, "GBP", "3.95 GBP"},
		{"5", 2, "EUR", "0.05 EUR"},
		{"1200", 0, "JPY", "1200 JPY"},
		{"-250", 2, "USD", "-2.50 USD"},
		{"", 2, "GBP", ""},
		{"3.95", 2, "", "3.95"},
	}
	for _, tt := range tests {
		if got := wooPrice(tt.minor, tt.unit, tt.currency); got != tt.want {
			t.Errorf("wooPrice(%q, %d, %q) = %q, want %q", tt.minor, tt.unit, tt.currency, got, tt.want)
		}
	}
}

func TestSameHost(t *testing.T) {
	t.Parallel()
	c := newClient(t, Config{BaseURL: "https://Seeds.example/shop/", Logger: quiet})
	for raw, want := range map[string]bool{
		"https://seeds.example/product/x":      true,
		"http://seeds.example/product/x":       true, // http→https upgrades and back stay on the host
		"https://seeds.example:443/product/x":  true,
		"https://seeds.example:8443/product/x": false,
		"https://www.seeds.example/product/x":  false,
		"https://evil.example/seeds.example":   false,
		"ftp://seeds.example/x":                false,
	} {
		u := resolve(nil, raw)
		if got := u != nil && c.fetch.sameHost(u); got != want {
			t.Errorf("sameHost(%s) = %v, want %v", raw, got, want)
		}
	}
}
