// Package zipexport writes a user's data export ("Download my data") as a zip
// (ports.ExportFormat): core/app decides what goes in, this package only writes the archive.
package zipexport

import (
	"archive/zip"
	"io"
	"time"

	"github.com/gardenctl/garden/ports"
)

// Format writes exports as zip files.
type Format struct{}

var _ ports.ExportFormat = Format{}

// NewWriter implements ports.ExportFormat.
func (Format) NewWriter(w io.Writer, modified time.Time) ports.ExportWriter {
	return writer{zw: zip.NewWriter(w), modified: modified}
}

type writer struct {
	zw       *zip.Writer
	modified time.Time
}

// File implements ports.ExportWriter: deflated, or stored as it is.
func (w writer) File(name string, compress bool) (io.Writer, error) {
	method := zip.Store
	if compress {
		method = zip.Deflate
	}
	return w.zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: w.modified})
}

// Close implements ports.ExportWriter.
func (w writer) Close() error { return w.zw.Close() }
