package app_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// countingImageBlobs counts Puts on top of a real local store, to prove that refusals store nothing.
type countingImageBlobs struct {
	ports.BlobStore
	puts atomic.Int64
}

func (c *countingImageBlobs) Put(ctx context.Context, key string, r io.Reader, size int64, ct string) error {
	c.puts.Add(1)
	return c.BlobStore.Put(ctx, key, r, size, ct)
}

func newImages(t *testing.T) (*app.Images, *countingImageBlobs, *local.Store) {
	t.Helper()
	store, err := local.New(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	blobs := &countingImageBlobs{BlobStore: store}
	return app.NewImages(blobs, nil), blobs, store
}

var (
	imageOwner = &domain.Principal{User: &domain.User{ID: 7, Username: "rosa", Role: domain.RoleUser, IsActive: true}, Session: &domain.Session{ID: 3}}

	imgPNG  = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0DIHDR")
	imgJPEG = []byte("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00")
	imgGIF  = []byte("GIF89a\x01\x00\x01\x00")
	imgWebP = []byte("RIFF\x24\x00\x00\x00WEBPVP8 ")

	imageKeyPattern = regexp.MustCompile(`^images/[0-9a-f]{32}\.(jpg|png|gif|webp)$`)
)

// imageOf returns head padded to exactly size bytes.
func imageOf(head []byte, size int) []byte {
	b := make([]byte, size)
	copy(b, head)
	for i := len(head); i < size; i++ {
		b[i] = byte(i)
	}
	return b
}

func wantImageErr(t *testing.T, err error, code, msg string) {
	t.Helper()
	if domain.ErrorCode(err) != code || domain.ErrorMessage(err) != msg {
		t.Fatalf("error = %v (code %q), want %q: %q", err, domain.ErrorCode(err), code, msg)
	}
}

// storedImageFiles counts the files in the local store's folder.
func storedImageFiles(t *testing.T, store *local.Store) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(store.Dir(), func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestImages_Upload(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		images, _, _ := newImages(t)
		for _, tc := range []struct {
			head    []byte
			ct, ext string
		}{
			{imgPNG, "image/png", "png"}, {imgJPEG, "image/jpeg", "jpg"},
			{imgGIF, "image/gif", "gif"}, {imgWebP, "image/webp", "webp"},
		} {
			data := imageOf(tc.head, 1000)
			key, err := images.Upload(ctx, imageOwner, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if !imageKeyPattern.MatchString(key) || !strings.HasSuffix(key, "."+tc.ext) {
				t.Fatalf("key %q, want images/<32 hex>.%s", key, tc.ext)
			}
			rc, info, err := images.Open(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(rc)
			rc.Close()
			if !bytes.Equal(got, data) || info.ContentType != tc.ct || info.Size != 1000 {
				t.Fatalf("Open(%q) = %d bytes, %+v; want the upload as %s", key, len(got), info, tc.ct)
			}
		}
	})

	t.Run("ExactlyTheLimitAccepted", func(t *testing.T) {
		t.Parallel()
		images, blobs, _ := newImages(t)
		key, err := images.Upload(ctx, imageOwner, bytes.NewReader(imageOf(imgPNG, domain.MaxImageBytes)))
		if err != nil {
			t.Fatalf("an image of exactly 5 MB was refused: %v", err)
		}
		info, err := blobs.Stat(ctx, key)
		if err != nil || info.Size != domain.MaxImageBytes || info.ContentType != "image/png" {
			t.Fatalf("stored %+v, %v", info, err)
		}
	})

	t.Run("ErrTooLarge", func(t *testing.T) {
		t.Parallel()
		images, blobs, store := newImages(t)
		_, err := images.Upload(ctx, imageOwner, bytes.NewReader(imageOf(imgPNG, domain.MaxImageBytes+1)))
		wantImageErr(t, err, domain.ETooLarge, "Image is too large: the limit is 5 MB.")
		if blobs.puts.Load() != 0 || storedImageFiles(t, store) != 0 {
			t.Fatal("a refused image was stored")
		}
	})

	t.Run("ErrTooLargeStopsReading", func(t *testing.T) {
		t.Parallel()
		images, _, _ := newImages(t)
		// An endless body must be refused after the limit, not read to the end.
		endless := io.MultiReader(bytes.NewReader(imgPNG), imageZeros{})
		counted := &imageCountingReader{r: endless}
		_, err := images.Upload(ctx, imageOwner, counted)
		wantImageErr(t, err, domain.ETooLarge, domain.MsgImageTooLarge)
		if counted.n > domain.MaxImageBytes+1 {
			t.Fatalf("read %d bytes, want at most %d", counted.n, domain.MaxImageBytes+1)
		}
	})

	t.Run("ErrWrongType", func(t *testing.T) {
		t.Parallel()
		images, blobs, store := newImages(t)
		for name, body := range map[string]string{
			"SVG":               `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`,
			"HTML renamed .jpg": "<!DOCTYPE html><script>alert(1)</script>",
			"truncated PNG":     "\x89PNG\r\n",
			"empty":             "",
			"PDF":               "%PDF-1.7\n",
		} {
			_, err := images.Upload(ctx, imageOwner, strings.NewReader(body))
			if domain.ErrorCode(err) != domain.EInvalid || domain.ErrorMessage(err) != "Only JPEG, PNG, GIF and WebP images can be uploaded." {
				t.Errorf("%s: error = %v, want the wrong-type message", name, err)
			}
		}
		if blobs.puts.Load() != 0 || storedImageFiles(t, store) != 0 {
			t.Fatal("a refused upload was stored")
		}
	})

	t.Run("ErrUnauthenticated", func(t *testing.T) {
		t.Parallel()
		images, blobs, store := newImages(t)
		for _, p := range []*domain.Principal{nil, {}} {
			_, err := images.Upload(ctx, p, bytes.NewReader(imageOf(imgPNG, 100)))
			wantImageErr(t, err, domain.EUnauthorized, domain.MsgNotSignedIn)
		}
		if blobs.puts.Load() != 0 || storedImageFiles(t, store) != 0 {
			t.Fatal("an unauthenticated upload was stored")
		}
	})

	t.Run("ErrReadFails", func(t *testing.T) {
		t.Parallel()
		images, blobs, _ := newImages(t)
		boom := errors.New("client went away")
		_, err := images.Upload(ctx, imageOwner, io.MultiReader(bytes.NewReader(imgPNG), imageFailingReader{boom}))
		if !errors.Is(err, boom) {
			t.Fatalf("error = %v, want the reader's error", err)
		}
		if blobs.puts.Load() != 0 {
			t.Fatal("a broken upload was stored")
		}
	})

	t.Run("KeysAreUnique", func(t *testing.T) {
		t.Parallel()
		images, _, _ := newImages(t)
		seen := map[string]bool{}
		for i := 0; i < 50; i++ {
			key, err := images.Upload(ctx, imageOwner, bytes.NewReader(imageOf(imgGIF, 20)))
			if err != nil {
				t.Fatal(err)
			}
			if seen[key] {
				t.Fatalf("key %q given twice", key)
			}
			seen[key] = true
		}
	})
}

func TestImages_Open(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	images, blobs, _ := newImages(t)
	key, err := images.Upload(ctx, imageOwner, bytes.NewReader(imageOf(imgJPEG, 64)))
	if err != nil {
		t.Fatal(err)
	}
	// Objects elsewhere in the store, or in the image folder with a non-image type, are never
	// served through the image route.
	if err := blobs.Put(ctx, "exports/secret.csv", strings.NewReader("a,b"), 3, "text/csv"); err != nil {
		t.Fatal(err)
	}
	if err := blobs.Put(ctx, "images/planted.html", strings.NewReader("<script>"), 8, "text/html"); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{
		"exports/secret.csv", "images/planted.html", "images/../exports/secret.csv", "images/", "images",
		"", "/images/x.jpg", "images/00000000000000000000000000000000.jpg", strings.TrimPrefix(key, app.ImageKeyPrefix),
	} {
		rc, _, err := images.Open(ctx, k)
		if rc != nil {
			rc.Close()
		}
		wantImageErr(t, err, domain.ENotFound, "Image not found.")
	}
	rc, info, err := images.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	rc.Close()
	if info.ContentType != "image/jpeg" || info.Size != 64 || info.ModTime.IsZero() {
		t.Fatalf("Open info = %+v", info)
	}
}

type imageZeros struct{}

func (imageZeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

type imageFailingReader struct{ err error }

func (f imageFailingReader) Read([]byte) (int, error) { return 0, f.err }

type imageCountingReader struct {
	r io.Reader
	n int
}

func (c *imageCountingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}
