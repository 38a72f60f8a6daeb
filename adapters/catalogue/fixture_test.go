package catalogue

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

//go:generate go run ./testdata/gen testdata

// placeholder is the store address written in the fixture files; the server puts its own.
const placeholder = "https://seeds.example"

// fault is a misbehaviour the fixture store shows for one path.
type fault int

const (
	fail500         fault = iota + 1 // 500 on every request
	fail500Once                      // 500 on the first request, then the page
	slowForever                      // no answer until the client gives up
	tooMany429Once                   // 429 with Retry-After, then the page
	tooMany429Long                   // 429 asking for a wait longer than any cap
	redirectOther                    // 302 to the other host
	redirectSame                     // 301 to target on the same host
	oversized                        // the page padded beyond the size cap, Content-Length set
	oversizedStream                  // the same, streamed without Content-Length
)

// faultSpec is a fault and its parameter.
type faultSpec struct {
	kind   fault
	target string // redirectSame: the path redirected to
}

// fixtureStore serves one shape of the fixture shop from testdata through httptest, with
// faults, and records what it was asked.
type fixtureStore struct {
	shape  Shape
	srv    *httptest.Server
	other  *httptest.Server
	faults map[string]faultSpec // key: path, or path?page=N for JSON listing pages
	delay  time.Duration        // added to every answer

	products []json.RawMessage // JSON shapes: the whole catalogue, paginated on request

	mu         sync.Mutex
	hits       map[string][]time.Time
	userAgents map[string]int
	otherHits  atomic.Int64
	inFlight   atomic.Int64
	maxFlight  atomic.Int64
}

// newFixtureStore starts the shop of the given shape; faults may be nil.
func newFixtureStore(t testing.TB, shape Shape, faults map[string]faultSpec) *fixtureStore {
	t.Helper()
	s := &fixtureStore{shape: shape, faults: map[string]faultSpec{}, hits: map[string][]time.Time{}, userAgents: map[string]int{}}
	if shape == ShapeHTML {
		// The shop renamed a product; the listing still links the old address.
		s.faults["/product/rosemary-pp/"] = faultSpec{kind: redirectSame, target: "/product/rosemary-prostratus-pp/"}
	}
	for k, v := range faults {
		s.faults[k] = v
	}
	switch shape {
	case ShapeShopify:
		var doc struct {
			Products []json.RawMessage `json:"products"`
		}
		readJSON(t, filepath.Join("testdata", "shopify", "products.json"), &doc)
		s.products = doc.Products
	case ShapeWooCommerce:
		readJSON(t, filepath.Join("testdata", "woocommerce", "products.json"), &s.products)
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.other = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.otherHits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<html><body><h1>Stolen Basil (PP)</h1><ul class="products"><li class="product"><a href="/x">Elsewhere (PP)</a></li></ul></body></html>`)
	}))
	t.Cleanup(func() {
		s.srv.CloseClientConnections()
		s.srv.Close()
		s.other.Close()
	})
	return s
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// URL is the store's base URL as a Config wants it.
func (s *fixtureStore) URL() string {
	if s.shape == ShapeHTML {
		return s.srv.URL + "/shop/"
	}
	return s.srv.URL
}

// host is the store's host:port.
func (s *fixtureStore) host() string { return strings.TrimPrefix(s.srv.URL, "http://") }

// requests returns the times path (or path?page=N) was asked for.
func (s *fixtureStore) requests(key string) []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.hits[key]...)
}

func (s *fixtureStore) totalRequests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, h := range s.hits {
		n += len(h)
	}
	return n
}

func (s *fixtureStore) agents() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.userAgents {
		out[k] = v
	}
	return out
}

func (s *fixtureStore) serve(w http.ResponseWriter, r *http.Request) {
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for {
		m := s.maxFlight.Load()
		if n <= m || s.maxFlight.CompareAndSwap(m, n) {
			break
		}
	}
	key := r.URL.Path
	if p := r.URL.Query().Get("page"); p != "" && s.shape != ShapeHTML {
		key += "?page=" + p
	}
	s.mu.Lock()
	s.hits[key] = append(s.hits[key], time.Now())
	count := len(s.hits[key])
	s.userAgents[r.UserAgent()]++
	s.mu.Unlock()

	if s.delay > 0 {
		select {
		case <-time.After(s.delay):
		case <-r.Context().Done():
			return
		}
	}
	f, ok := s.faults[key]
	if ok {
		switch f.kind {
		case fail500:
			http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			return
		case fail500Once:
			if count == 1 {
				http.Error(w, "Internal Server Error", http.StatusInternalServerError)
				return
			}
		case slowForever:
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		case tooMany429Once:
			if count == 1 {
				w.Header().Set("Retry-After", "1")
				http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
				return
			}
		case tooMany429Long:
			w.Header().Set("Retry-After", "120")
			http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
			return
		case redirectOther:
			http.Redirect(w, r, s.other.URL+r.URL.RequestURI(), http.StatusFound)
			return
		case redirectSame:
			http.Redirect(w, r, f.target, http.StatusMovedPermanently)
			return
		}
	}
	body, ctype, status := s.page(r)
	if ok && (f.kind == oversized || f.kind == oversizedStream) {
		body = append(body, []byte("<!-- "+strings.Repeat("padding ", 64<<10)+" -->")...)
		if f.kind == oversizedStream {
			w.Header().Set("Content-Type", ctype)
			s.wooTotals(w, r)
			w.WriteHeader(status)
			for i := 0; i < len(body); i += 32 << 10 {
				_, _ = w.Write(body[i:min(i+32<<10, len(body))])
				w.(http.Flusher).Flush()
			}
			return
		}
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	s.wooTotals(w, r)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// page builds the fixture's answer to r.
func (s *fixtureStore) page(r *http.Request) ([]byte, string, int) {
	notFound := []byte("<!DOCTYPE html><html><body><h1>Page not found</h1></body></html>")
	q := r.URL.Query()
	num, _ := strconv.Atoi(q.Get("page"))
	num = max(num, 1)
	switch {
	case s.shape == ShapeShopify && r.URL.Path == "/products.json":
		limit, _ := strconv.Atoi(q.Get("limit"))
		if limit <= 0 || limit > 250 {
			limit = 30 // Shopify's default page size
		}
		items := paginate(s.products, limit, num)
		b, _ := json.Marshal(map[string]any{"products": items})
		return s.rewrite(b), "application/json; charset=utf-8", http.StatusOK
	case s.shape == ShapeWooCommerce && r.URL.Path == "/wp-json/wc/store/v1/products":
		per, _ := strconv.Atoi(q.Get("per_page"))
		if per <= 0 || per > 100 {
			return []byte(`{"code":"rest_invalid_param","message":"Invalid parameter(s): per_page","data":{"status":400}}`),
				"application/json; charset=UTF-8", http.StatusBadRequest
		}
		items := paginate(s.products, per, num)
		b, _ := json.Marshal(items)
		return s.rewrite(b), "application/json; charset=UTF-8", http.StatusOK
	case s.shape == ShapeHTML && strings.HasSuffix(r.URL.Path, "/"):
		file := filepath.Join("testdata", "html", filepath.FromSlash(strings.Trim(r.URL.Path, "/")), "index.html")
		b, err := os.ReadFile(file)
		if err == nil {
			return s.rewrite(b), "text/html; charset=UTF-8", http.StatusOK
		}
	}
	return notFound, "text/html; charset=UTF-8", http.StatusNotFound
}

func paginate(all []json.RawMessage, per, page int) []json.RawMessage {
	start := (page - 1) * per
	if start >= len(all) {
		return []json.RawMessage{}
	}
	return all[start:min(start+per, len(all))]
}

func (s *fixtureStore) rewrite(b []byte) []byte {
	return []byte(strings.ReplaceAll(string(b), placeholder, s.srv.URL))
}

// wooTotals adds WooCommerce's pagination headers to a Store API answer.
func (s *fixtureStore) wooTotals(w http.ResponseWriter, r *http.Request) {
	per, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	if s.shape != ShapeWooCommerce || r.URL.Path != "/wp-json/wc/store/v1/products" || per <= 0 {
		return
	}
	w.Header().Set("X-WP-Total", strconv.Itoa(len(s.products)))
	w.Header().Set("X-WP-TotalPages", strconv.Itoa((len(s.products)+per-1)/per))
}
