package qrcode_test

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	qr "github.com/skip2/go-qrcode"

	"github.com/gardenctl/garden/adapters/qrcode"
)

func TestPNG(t *testing.T) {
	t.Parallel()
	b, err := qrcode.Renderer{}.PNG("https://garden.example.org/plants/42", 256)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if img.Bounds().Dx() != 256 {
		t.Fatalf("width %d", img.Bounds().Dx())
	}
}

// TestSVG_MatchesTheBitmap redraws the SVG path onto a grid and compares it module by module
// with the library's own bitmap of the same text.
func TestSVG_MatchesTheBitmap(t *testing.T) {
	t.Parallel()
	text := `https://garden.example.org/plants/42?a=1&b="2"`
	svg, err := qrcode.Renderer{}.SVG(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	if !strings.Contains(svg, `<title>https://garden.example.org/plants/42?a=1&amp;b=&quot;2&quot;</title>`) {
		t.Fatal("title not escaped")
	}
	code, _ := qr.New(text, qr.Medium)
	want := code.Bitmap()
	n := len(want)
	got := make([][]bool, n)
	for i := range got {
		got[i] = make([]bool, n)
	}
	run := regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-\d+z`)
	for _, m := range run.FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[2])
		w, _ := strconv.Atoi(m[3])
		for i := x; i < x+w; i++ {
			got[y][i] = true
		}
	}
	for y := range want {
		for x := range want[y] {
			if got[y][x] != want[y][x] {
				t.Fatalf("module (%d,%d): svg %v, bitmap %v", x, y, got[y][x], want[y][x])
			}
		}
	}
	if !strings.Contains(svg, `viewBox="0 0 `+strconv.Itoa(n)+` `+strconv.Itoa(n)+`"`) {
		t.Fatal("viewBox does not match the module count")
	}
}
