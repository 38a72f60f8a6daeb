package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/time/rate"
)

// BenchmarkFetch1000 reads a generated Shopify store of 1,000 "(PP)" products (four pages of
// 250 and an empty fifth), built from the fixture's products with fresh ids and handles. The
// rate limit is lifted: with the default 2 requests per second a real read of this store is
// bounded by politeness (about 2 s for five pages), not by this figure.
func BenchmarkFetch1000(b *testing.B) {
	var doc struct {
		Products []map[string]any `json:"products"`
	}
	readJSON(b, filepath.Join("testdata", "shopify", "products.json"), &doc)
	var products []map[string]any
	for i := 0; len(products) < 1000; i++ {
		src := doc.Products[i%len(doc.Products)]
		if src["handle"] == "" {
			continue
		}
		p := map[string]any{}
		for k, v := range src {
			p[k] = v
		}
		p["id"] = 9000000000000 + i
		p["handle"] = fmt.Sprintf("%s-%d", src["handle"], i)
		p["title"] = fmt.Sprintf("%s %d (PP)", src["title"], i)
		products = append(products, p)
	}
	pages := map[int][]byte{}
	for n := 1; n <= 5; n++ {
		start, end := min((n-1)*250, len(products)), min(n*250, len(products))
		pages[n], _ = json.Marshal(map[string]any{"products": products[start:end]})
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("page"))
		body, ok := pages[n]
		if !ok {
			body = []byte(`{"products":[]}`)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	b.Cleanup(srv.Close)
	cfg := testConfig(srv.URL, ShapeShopify)
	cfg.PageSize, cfg.MaxResponseBytes = 250, 16<<20
	c, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	c.fetch.limiter = rate.NewLimiter(rate.Inf, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res, err := c.Fetch(context.Background(), nil)
		if err != nil || len(res.Products) != 1000 {
			b.Fatalf("%d products, %v", len(res.Products), err)
		}
	}
}
