package ports

// QRCodeRenderer draws QR codes.
type QRCodeRenderer interface {
	// PNG returns a PNG image of a QR code holding text, size pixels wide.
	PNG(text string, size int) ([]byte, error)
	// SVG returns an SVG document of a QR code holding text.
	SVG(text string) (string, error)
}
