// Package qrcode implements ports.QRCodeRenderer with skip2/go-qrcode. The SVG is drawn from
// the code's module bitmap, one path for all dark modules, so it scales without blur.
package qrcode

import (
	"fmt"
	"strings"

	qr "github.com/skip2/go-qrcode"

	"github.com/gardenctl/garden/ports"
)

var _ ports.QRCodeRenderer = Renderer{}

// Renderer draws QR codes at medium error correction (15 %), which survives a scuffed label.
type Renderer struct{}

// PNG implements ports.QRCodeRenderer.
func (Renderer) PNG(text string, size int) ([]byte, error) {
	return qr.Encode(text, qr.Medium, size)
}

// SVG implements ports.QRCodeRenderer.
func (Renderer) SVG(text string) (string, error) {
	code, err := qr.New(text, qr.Medium)
	if err != nil {
		return "", err
	}
	bitmap := code.Bitmap() // includes the 4-module quiet zone
	n := len(bitmap)
	var path strings.Builder
	for y, row := range bitmap {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", start, y, x-start, x-start)
		}
	}
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" shape-rendering="crispEdges">`+
		`<title>%s</title><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`+"\n",
		n, n, n*8, n*8, escapeXML(text), n, n, path.String()), nil
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
