// Package web embeds the built React app (web/dist) into the gardenctl binary. The sources are
// in web/src; `make build` runs Vite before go build so that dist is current.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app, or nil when it has not been built (only .gitkeep is there).
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(sub, "index.html"); err != nil {
		return nil
	}
	return sub
}
