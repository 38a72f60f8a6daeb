package catalogue

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bodyTransport answers every request with the same body: the fuzzer's store.
type bodyTransport struct {
	body        []byte
	contentType string
}

func (b bodyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {b.contentType}}, Request: r,
		Body: io.NopCloser(strings.NewReader(string(b.body))), ContentLength: int64(len(b.body))}, nil
}

// FuzzParsers feeds one body to each shape's parser (Shopify JSON, WooCommerce JSON, HTML
// listing and product pages): whatever a store answers, reading it must end with products or an
// error, never a panic or a hang.
func FuzzParsers(f *testing.F) {
	for _, glob := range []string{"testdata/shopify/*", "testdata/woocommerce/*", "testdata/html/shop/*", "testdata/html/product/*/index.html"} {
		files, _ := filepath.Glob(glob)
		for i, name := range files {
			if i >= 3 {
				break
			}
			if b, err := os.ReadFile(name); err == nil && len(b) < 64<<10 {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`{"products":[{"title":"Basil (PP)","tags":"a,b","variants":[{"price":"1e400"}],"images":[{"src":"//x"}]}]}`))
	f.Add([]byte(`[{"name":"Mint (PP)","prices":{"price":"-1","currency_minor_unit":99},"images":[{"src":"::"}]}]`))
	f.Add([]byte(`<ul class="products"><li class="product"><a href="javascript:x"><h2>Sage (PP)</h2></a></li></ul>`))
	f.Fuzz(func(t *testing.T, body []byte) {
		for shape, ct := range map[Shape]string{ShapeShopify: "application/json", ShapeWooCommerce: "application/json", ShapeHTML: "text/html"} {
			cfg := testConfig("https://seeds.example", shape)
			cfg.Transport = bodyTransport{body: body, contentType: ct}
			cfg.MaxRetries, cfg.MaxPages, cfg.MaxProducts, cfg.RequestTimeout = -1, 2, 20, time.Second
			c := newClient(t, cfg)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, _ = c.Fetch(ctx, nil)
			if ctx.Err() != nil {
				cancel()
				t.Fatalf("%s: reading a %d-byte answer did not end within 5 s", shape, len(body))
			}
			cancel()
		}
	})
}
