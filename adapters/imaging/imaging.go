// Package imaging implements ports.ThumbnailMaker with the standard library's decoders,
// golang.org/x/image/webp and golang.org/x/image/draw's Catmull-Rom scaler.
package imaging

import (
	"bytes"
	"image"
	"image/color"
	stddraw "image/draw"
	_ "image/gif" // registers GIF (first frame)
	"image/jpeg"
	_ "image/png" // registers PNG

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // registers WebP

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Thumbnails makes JPEG thumbnails.
type Thumbnails struct {
	// Quality is the JPEG quality, 1–100 (80 when zero).
	Quality int
}

var _ ports.ThumbnailMaker = Thumbnails{}

// Thumbnail implements ports.ThumbnailMaker.
func (t Thumbnails) Thumbnail(data []byte, maxSide int) ([]byte, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, "The image cannot be read.")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > ports.MaxThumbnailSourcePixels {
		return nil, domain.Errorf(domain.EInvalid, "The image is too large to make a thumbnail.")
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, "The image cannot be read.")
	}
	w, h := fit(src.Bounds().Dx(), src.Bounds().Dy(), maxSide)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	// JPEG has no transparency: transparent areas become white, as on the page behind them.
	stddraw.Draw(dst, dst.Bounds(), &image.Uniform{C: color.White}, image.Point{}, stddraw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
	q := t.Quality
	if q <= 0 || q > 100 {
		q = 80
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: q}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// fit scales w×h down to at most max on the longer side, keeping the ratio; never up.
func fit(w, h, max int) (int, int) {
	if max <= 0 || (w <= max && h <= max) {
		return w, h
	}
	if w >= h {
		return max, max1(h * max / w)
	}
	return max1(w * max / h), max
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}
