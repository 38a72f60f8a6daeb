package app_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/imaging"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// storeImages serves product images by URL, or fails for the URLs in down.
type storeImages struct {
	mu    sync.Mutex
	files map[string][]byte
	down  map[string]bool
	asked []string
}

func (s *storeImages) FetchImage(_ context.Context, url string, maxBytes int64) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked = append(s.asked, url)
	if s.down[url] {
		return nil, domain.Errorf(domain.EUnavailable, "The store at cdn.example is unavailable")
	}
	b, ok := s.files[url]
	if !ok {
		return nil, domain.Errorf(domain.EInvalid, "HTTP 404 Not Found")
	}
	if int64(len(b)) > maxBytes {
		return nil, domain.Errorf(domain.EInvalid, "too large")
	}
	return b, nil
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCatalogueImport_KeepsImagesInTheBlobStore: the import downloads each product's main
// image once into the blob store and points the item at it, keeping the store's address as
// the first alternative; a download that fails keeps the store's address (the page's
// fallback); what is not an image is refused; a second run downloads nothing again.
func TestCatalogueImport_KeepsImagesInTheBlobStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	blobs, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	images := app.NewImages(blobs, nil).WithThumbnails(imaging.Thumbnails{})
	p1, p2, p3, p4 := product(1), product(2), product(3), product(4)
	p4.ImageURL = "https://down.example/four.png"
	p1.ImageURL, p1.AlternativeImageURLs = "https://cdn.example/one.png", []string{"https://cdn.example/one_800x.png"}
	p2.ImageURL = "https://down.example/two.png"
	p3.ImageURL = "https://cdn.example/not-an-image.png"
	fetcher := &storeImages{
		files: map[string][]byte{"https://cdn.example/one.png": pngOf(t, 640, 480), "https://cdn.example/not-an-image.png": []byte("<html>")},
		down:  map[string]bool{"https://down.example/two.png": true},
	}
	cat := &scriptedCatalogue{result: ports.CatalogueResult{Products: []domain.CatalogueProduct{p1, p2, p3, p4}}}
	_, s := newAccounts(t)
	imp := app.NewCatalogueImport(s, cat, sanitize.New(), fixedClock{now}, nil).WithImages(images, fetcher)

	res, err := imp.Run(ctx, nil)
	if err != nil || res.Added != 4 {
		t.Fatalf("run %+v %v", res, err)
	}
	for _, u := range fetcher.asked {
		if u == "https://down.example/four.png" {
			t.Fatal("an unreachable host was tried again in the same run")
		}
	}
	byName := map[string]*domain.PlantDBItem{}
	items, _ := s.ListPlantDB(ctx)
	for _, it := range items {
		byName[it.CommonName] = it
	}
	one := byName["Tomato 1"]
	if !strings.HasPrefix(one.ImageURL, "/api/images/") || !strings.HasSuffix(one.ImageURL, ".png") {
		t.Fatalf("image not stored: %q", one.ImageURL)
	}
	if len(one.AlternativeImageURLs) != 2 || one.AlternativeImageURLs[0] != "https://cdn.example/one.png" {
		t.Fatalf("the store's address must stay the first fallback: %v", one.AlternativeImageURLs)
	}
	rc, info, err := images.Open(ctx, app.ImageKeyPrefix+strings.TrimPrefix(one.ImageURL, "/api/images/"))
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := io.ReadAll(rc)
	rc.Close()
	if info.ContentType != "image/png" || !bytes.Equal(stored, fetcher.files["https://cdn.example/one.png"]) {
		t.Fatalf("stored %s, %d bytes", info.ContentType, len(stored))
	}
	thumb, tinfo, err := images.OpenThumbnail(ctx, app.ImageKeyPrefix+strings.TrimPrefix(one.ImageURL, "/api/images/"))
	if err != nil || tinfo.ContentType != "image/jpeg" {
		t.Fatalf("thumbnail: %v %+v", err, tinfo)
	}
	thumb.Close()
	if two := byName["Tomato 2"]; two.ImageURL != "https://down.example/two.png" {
		t.Fatalf("a failed download must keep the store's address: %q", two.ImageURL)
	}
	if three := byName["Tomato 3"]; three.ImageURL != "https://cdn.example/not-an-image.png" {
		t.Fatalf("what is not an image is not stored: %q", three.ImageURL)
	}

	// A second run: the stored image is reused (no download), the failed one is tried again.
	fetcher.asked = nil
	delete(fetcher.down, "https://down.example/two.png")
	fetcher.files["https://down.example/two.png"] = pngOf(t, 20, 20)
	res, err = imp.Run(ctx, nil)
	if err != nil || res.Unchanged != 3 || res.Updated != 1 || res.Failed != 0 { // four.png is still missing: unchanged
		t.Fatalf("second run %+v %v", res, err)
	}
	for _, u := range fetcher.asked {
		if u == "https://cdn.example/one.png" {
			t.Fatal("a stored image was downloaded again")
		}
	}
	again, _ := s.FindPlantDB(ctx, p2.StoreURL, "")
	if !strings.HasPrefix(again.ImageURL, "/api/images/") {
		t.Fatalf("the image that failed before is stored now: %q", again.ImageURL)
	}
}
