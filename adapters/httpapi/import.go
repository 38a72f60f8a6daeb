package httpapi

import (
	"encoding/csv"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// importRoutes bring another application's garden or a CSV in.
func (s *Server) importRoutes() []route {
	return []route{
		{method: "POST", path: "/api/import/hortusfox", access: writes(domain.FunctionPlants), handler: s.handleImportHortusFox,
			op: apiOp{summary: "Import a HortusFox backup (the zip as the body, at most 256 MB); ?dryRun=true previews it", out: importResultJSON{}, query: []string{"dryRun: true to only say what would be imported"}}},
		{method: "POST", path: "/api/import/csv", access: writes(domain.FunctionPlants), handler: s.handleImportCSV,
			op: apiOp{summary: "Import a CSV of plants or journal entries (the file as the body), all or nothing; row errors answer 200 with errors and nothing imported", out: csvResultJSON{}, query: []string{"kind: plants or journal", "locale: the order of dates that are not YYYY-MM-DD (en-US, de-DE …)", "map: field:Header, repeatable", "dryRun: true to only check"}}},
		{method: "GET", path: "/api/import/csv-template", handler: s.handleCSVTemplate,
			op: apiOp{summary: "The header line of a kind's CSV template", media: "text/csv", query: []string{"kind: plants or journal"}}},
	}
}

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

// toImportResultJSON encodes r with its warnings and reasons written by tr (localize: the
// request's language). Kinds stay values; names stay the gardener's own, but for the title an
// import gives an untitled gallery photo ("Photo of Basil").
func toImportResultJSON(r *domain.ImportResult, tr func(string) string) importResultJSON {
	out := importResultJSON{DryRun: r.DryRun, Plants: r.Plants, JournalEntries: r.JournalEntries, Tasks: r.Tasks,
		Photos: r.Photos, AlreadyImported: r.AlreadyImported, LeftOut: []importLeftOutJSON{}, Warnings: []string{},
		PlantLimit: r.PlantLimit, CurrentPlants: r.CurrentPlants, Fits: r.Fits, FitsAll: r.FitsAll()}
	for _, w := range r.Warnings {
		out.Warnings = append(out.Warnings, tr(w))
	}
	for _, l := range r.LeftOut {
		name := l.Name
		if l.Kind == domain.ImportLeftOutGallery && strings.HasPrefix(name, strings.TrimSuffix(domain.MsgImportGalleryTitle, "%s")) {
			name = tr(name)
		}
		out.LeftOut = append(out.LeftOut, importLeftOutJSON{Kind: l.Kind, Name: name, Reason: tr(l.Reason)})
	}
	return out
}

// translateIn returns localize for r: the server's English texts in the request's language.
func (s *Server) translateIn(r *http.Request) func(string) string {
	return func(text string) string { return localize(r, s.tr, text) }
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
	}, func(res *domain.ImportResult) importResultJSON { return toImportResultJSON(res, s.translateIn(r)) })
}

// csvResultJSON is what a CSV import did or would do.
type csvResultJSON struct {
	DryRun   bool              `json:"dryRun"`
	Headers  []string          `json:"headers"`
	Mapping  map[string]string `json:"mapping"`
	Preview  [][]string        `json:"preview"`
	Rows     int               `json:"rows"`
	Imported int               `json:"imported"`
	Errors   []csvRowErrorJSON `json:"errors"`
}

// csvRowErrorJSON is one row's problem (row 0: the mapping's).
type csvRowErrorJSON struct {
	Row     int    `json:"row"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// toCSVResultJSON encodes r with its row messages written by tr (the request's language);
// fields stay the API's names.
func toCSVResultJSON(r *app.CSVResult, tr func(string) string) csvResultJSON {
	out := csvResultJSON{DryRun: r.DryRun, Headers: r.Headers, Mapping: r.Mapping, Preview: r.Preview, Rows: r.Rows,
		Imported: r.Imported, Errors: []csvRowErrorJSON{}}
	if out.Preview == nil {
		out.Preview = [][]string{}
	}
	for _, e := range r.Errors {
		out.Errors = append(out.Errors, csvRowErrorJSON{Row: e.Row, Field: e.Field, Message: tr(e.Message)})
	}
	return out
}

// handleImportCSV imports the CSV file sent as the body: POST /api/import/csv?kind=plants|journal
// [&locale=de-DE][&map=field:Header…][&dryRun=true]. Errors of rows are a 200 with errors and
// nothing imported, so the page can show them beside the rows.
func (s *Server) handleImportCSV(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*app.CSVResult, error) {
		if s.svc.Imports == nil {
			return nil, domain.Errorf(domain.ENotFound, "Not found")
		}
		q := r.URL.Query()
		in := app.CSVImport{Kind: q.Get("kind"), Locale: q.Get("locale"), DryRun: q.Get("dryRun") == "true", Mapping: map[string]string{}}
		for _, m := range q["map"] {
			if field, header, ok := strings.Cut(m, ":"); ok {
				in.Mapping[field] = header
			}
		}
		return s.svc.Imports.CSV(r.Context(), p, http.MaxBytesReader(w, r.Body, 10<<20+1), in)
	}, func(res *app.CSVResult) csvResultJSON { return toCSVResultJSON(res, s.translateIn(r)) })
}

// handleCSVTemplate answers a kind's template: GET /api/import/csv-template?kind=plants|journal.
func (s *Server) handleCSVTemplate(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	kind := r.URL.Query().Get("kind")
	if _, ok := domain.CSVFields[kind]; !ok {
		s.fail(w, r, domain.Errorf(domain.EInvalid, domain.MsgCSVUnknownKind))
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="garden-`+kind+`-template.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write(domain.CSVTemplate(kind))
	cw.Flush()
}
