package httpapi

import (
	"errors"
	"io"
	"net/http"
	"os"

	"github.com/gardenctl/garden/core/domain"
)

// maxImportBody bounds an uploaded backup: a household's HortusFox backup with its photos is
// tens of megabytes; 256 MB leaves room without letting one request fill the disk.
const maxImportBody = 256 << 20

// importSlots bounds the imports running at once in this process: each one holds a temporary
// file and unpacks photos.
var importSlots = make(chan struct{}, 2)

// importResultJSON is what an import did or, for a dry run, would do.
type importResultJSON struct {
	DryRun          bool                `json:"dryRun"`
	Plants          int                 `json:"plants"`
	JournalEntries  int                 `json:"journalEntries"`
	Tasks           int                 `json:"tasks"`
	Photos          int                 `json:"photos"`
	AlreadyImported int                 `json:"alreadyImported"`
	LeftOut         []importLeftOutJSON `json:"leftOut"`
	Warnings        []string            `json:"warnings"`
	PlantLimit      *int                `json:"plantLimit"`
	CurrentPlants   int                 `json:"currentPlants"`
	Fits            int                 `json:"fits"`
	FitsAll         bool                `json:"fitsAll"`
}

// importLeftOutJSON is one thing the import did not bring in, and why.
type importLeftOutJSON struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

func toImportResultJSON(r *domain.ImportResult) importResultJSON {
	out := importResultJSON{DryRun: r.DryRun, Plants: r.Plants, JournalEntries: r.JournalEntries, Tasks: r.Tasks,
		Photos: r.Photos, AlreadyImported: r.AlreadyImported, LeftOut: []importLeftOutJSON{}, Warnings: append([]string{}, r.Warnings...),
		PlantLimit: r.PlantLimit, CurrentPlants: r.CurrentPlants, Fits: r.Fits, FitsAll: r.FitsAll()}
	for _, l := range r.LeftOut {
		out.LeftOut = append(out.LeftOut, importLeftOutJSON{Kind: l.Kind, Name: l.Name, Reason: l.Reason})
	}
	return out
}

// handleImportHortusFox imports the HortusFox backup sent as the request body (the zip
// itself, any content type); ?dryRun=true previews it. The web app sends the file twice,
// once to preview and once to import, so no upload is kept between requests (replicas share
// nothing but the database and the blob store).
func (s *Server) handleImportHortusFox(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*domain.ImportResult, error) {
		if s.svc.Imports == nil {
			return nil, domain.Errorf(domain.ENotFound, "Not found")
		}
		select {
		case importSlots <- struct{}{}:
			defer func() { <-importSlots }()
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
		f, err := os.CreateTemp("", "garden-import-*.zip")
		if err != nil {
			return nil, err
		}
		defer os.Remove(f.Name())
		defer f.Close()
		n, err := io.Copy(f, http.MaxBytesReader(w, r.Body, maxImportBody))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, &domain.Error{Code: domain.ETooLarge, Message: "The backup is larger than 256 MB."}
		case err != nil:
			return nil, domain.Errorf(domain.EInvalid, "The upload was cut short or malformed: please try again")
		case n == 0:
			return nil, domain.Errorf(domain.EInvalid, "Choose a HortusFox backup (.zip) to import.")
		}
		return s.svc.Imports.HortusFox(r.Context(), p, f, n, r.URL.Query().Get("dryRun") == "true", nil)
	}, toImportResultJSON)
}
