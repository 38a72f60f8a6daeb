package imaging_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/gardenctl/garden/adapters/imaging"
	"github.com/gardenctl/garden/core/domain"
)

func encoded(t *testing.T, w, h int, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 90, A: 255})
		}
	}
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestThumbnail(t *testing.T) {
	t.Parallel()
	pngEnc := func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }
	jpgEnc := func(b *bytes.Buffer, i image.Image) error { return jpeg.Encode(b, i, nil) }
	gifEnc := func(b *bytes.Buffer, i image.Image) error { return gif.Encode(b, i, nil) }
	for _, c := range []struct {
		name         string
		data         []byte
		wantW, wantH int
	}{
		{"landscape PNG", encoded(t, 800, 400, pngEnc), 320, 160},
		{"portrait JPEG", encoded(t, 300, 900, jpgEnc), 106, 320},
		{"GIF", encoded(t, 640, 640, gifEnc), 320, 320},
		{"small is never enlarged", encoded(t, 96, 64, pngEnc), 96, 64},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := imaging.Thumbnails{}.Thumbnail(c.data, 320)
			if err != nil {
				t.Fatal(err)
			}
			if ct, _, ok := domain.DetectImageType(out); !ok || ct != "image/jpeg" {
				t.Fatalf("not a JPEG: %q", ct)
			}
			img, err := jpeg.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != c.wantW || b.Dy() != c.wantH {
				t.Fatalf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), c.wantW, c.wantH)
			}
		})
	}
	if _, err := (imaging.Thumbnails{}).Thumbnail([]byte("not an image"), 320); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("garbage: %v", err)
	}
	// A PNG header declaring a 100000×100000 canvas is refused before decoding.
	huge := encoded(t, 1, 1, pngEnc)
	copy(huge[16:24], []byte{0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0})
	if _, err := (imaging.Thumbnails{}).Thumbnail(huge, 320); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("decompression bomb: %v", err)
	}
}
