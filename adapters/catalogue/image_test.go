package catalogue

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// TestFetchImage: product images are read from another host (a CDN), through a redirect, with
// the client's User-Agent; errors are classified like the store's pages; the size cap holds.
func TestFetchImage(t *testing.T) {
	t.Parallel()
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	var flaky atomic.Int64
	cdn := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("User-Agent") != testUA {
			http.Error(w, "who are you", http.StatusForbidden)
			return
		}
		switch r.URL.Path {
		case "/files/basil.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(pic.Bytes())
		case "/old/basil.png":
			http.Redirect(w, r, "/files/basil.png", http.StatusMovedPermanently)
		case "/flaky.png":
			if flaky.Add(1) == 1 {
				http.Error(w, "busy", http.StatusServiceUnavailable)
				return
			}
			_, _ = w.Write(pic.Bytes())
		case "/huge.png":
			_, _ = w.Write(make([]byte, 4096))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(cdn.Close)
	store := newFixtureStore(t, ShapeShopify, nil)
	c := newClient(t, testConfig(store.URL(), ShapeShopify))
	ctx := context.Background()

	for _, path := range []string{"/files/basil.png", "/old/basil.png", "/flaky.png"} {
		got, err := c.FetchImage(ctx, cdn.URL+path, 1<<20)
		if err != nil || !bytes.Equal(got, pic.Bytes()) {
			t.Fatalf("%s: %v (%d bytes)", path, err, len(got))
		}
	}
	if _, err := c.FetchImage(ctx, cdn.URL+"/missing.png", 1<<20); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("404: %v", err)
	}
	if _, err := c.FetchImage(ctx, cdn.URL+"/huge.png", 1024); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("over the cap: %v", err)
	}
	if _, err := c.FetchImage(ctx, "ftp://example.org/x.png", 1024); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("ftp: %v", err)
	}
	down := httptest.NewServer(http.NotFoundHandler())
	downURL := down.URL
	down.Close()
	if _, err := c.FetchImage(ctx, downURL+"/x.png", 1024); domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("unreachable: %v", err)
	}
}
