package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// CSV import bounds: a spreadsheet of a garden, many times over.
const (
	maxCSVBytes = 10 << 20
	maxCSVRows  = 10_000
)

// CSVImport says how to read a spreadsheet: its kind, the caller's locale for dates, and the
// column (header) chosen for each field; fields left out of Mapping are guessed from the
// headers.
type CSVImport struct {
	Kind    string
	Locale  string
	Mapping map[string]string
	DryRun  bool
}

// CSVResult is what a CSV import did, or would do: the mapping used, the headers, the first
// rows as read, and every row's errors. With any error nothing is imported.
type CSVResult struct {
	DryRun   bool
	Headers  []string
	Mapping  map[string]string
	Preview  [][]string
	Rows     int
	Imported int
	Errors   []domain.CSVRowError
}

// CSV imports a spreadsheet of plants or journal entries for the caller, all or nothing:
// every row is checked first, and one bad row imports none (the result lists each row's
// errors). Journal rows name one of the caller's plants. The same file imported twice adds
// nothing the second time (its rows' keys are its digest and row number). Plants keep to the
// plant limit. Codes: unauthorized, invalid (kind, not CSV, no header), too_large,
// limit_reached.
func (s *Imports) CSV(ctx context.Context, p *domain.Principal, r io.Reader, in CSVImport) (*CSVResult, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	fields, ok := domain.CSVFields[in.Kind]
	if !ok {
		return nil, domain.Errorf(domain.EInvalid, domain.MsgCSVUnknownKind)
	}
	data, err := io.ReadAll(io.LimitReader(r, maxCSVBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxCSVBytes {
		return nil, &domain.Error{Code: domain.ETooLarge, Message: "The file is larger than 10 MB."}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	if first, _, _ := bytes.Cut(data, []byte("\n")); bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		cr.Comma = ';' // spreadsheets in comma-decimal locales save with semicolons
	}
	records, err := cr.ReadAll()
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, "The file is not a readable CSV: %v", err)
	}
	if len(records) == 0 {
		return nil, domain.Errorf(domain.EInvalid, domain.MsgCSVNoHeader)
	}
	if len(records)-1 > maxCSVRows {
		return nil, &domain.Error{Code: domain.ETooLarge, Message: fmt.Sprintf("The file has more than %d rows.", maxCSVRows)}
	}
	headers, rows := records[0], records[1:]
	res := &CSVResult{DryRun: in.DryRun, Headers: headers, Mapping: map[string]string{}, Rows: len(rows)}
	res.Preview = rows[:min(len(rows), 5)]
	index := domain.GuessCSVMapping(in.Kind, headers)
	for field, header := range in.Mapping {
		delete(index, field)
		for i, h := range headers {
			if header != "" && h == header {
				index[field] = i
			}
		}
	}
	for _, f := range fields {
		if i, ok := index[f.Name]; ok {
			res.Mapping[f.Name] = headers[i]
		} else if f.Required {
			res.Errors = append(res.Errors, domain.CSVRowError{Field: f.Name, Message: fmt.Sprintf(domain.MsgCSVColumnMissing, f.Name)})
		}
	}
	if len(res.Errors) > 0 {
		return res, nil
	}
	sum := sha256.Sum256(data)
	digest := hex.EncodeToString(sum[:8])
	now := s.clock.Now().UTC()
	batch := &domain.ImportBatch{Source: domain.ImportSourceCSV, At: now}
	known, err := s.store.ImportedKeys(ctx, p.User.ID, domain.ImportSourceCSV)
	if err != nil {
		return nil, err
	}
	var plantsByName map[string]int64
	if in.Kind == domain.CSVJournal {
		plants, err := s.store.ListPlants(ctx, p.User.ID)
		if err != nil {
			return nil, err
		}
		plantsByName = map[string]int64{}
		for _, pl := range plants {
			plantsByName[strings.ToLower(pl.Name)] = pl.ID
			known[domain.ImportKindPlant+":existing:"+strconv.FormatInt(pl.ID, 10)] = pl.ID
		}
	}
	cell := func(row []string, field string) string {
		if i, ok := index[field]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	for n, row := range rows {
		line := n + 2
		bad := func(field, msg string) {
			res.Errors = append(res.Errors, domain.CSVRowError{Row: line, Field: field, Message: msg})
		}
		date := func(field string) *csvDate {
			v := cell(row, field)
			if v == "" {
				return nil
			}
			t, ok := domain.ParseCSVDate(v, in.Locale)
			if !ok {
				bad(field, fmt.Sprintf(domain.MsgCSVBadDate, domain.CSVDateFormatHint(in.Locale)))
				return nil
			}
			return &csvDate{t}
		}
		key := digest + ":" + strconv.Itoa(line)
		switch in.Kind {
		case domain.CSVPlants:
			pl := &domain.Plant{Name: cell(row, "name"), Species: cell(row, "species"), Location: cell(row, "location"),
				LightNeeds: cell(row, "lightNeeds"), Notes: cell(row, "notes"), Type: domain.PlantType(cell(row, "plantType"))}
			if pl.Type == "" {
				pl.Type = domain.DefaultPlantType
			}
			for _, f := range []struct {
				name string
				into **int
			}{{"waterFrequency", &pl.WaterFrequency}, {"fertilizerFrequency", &pl.FertilizerFrequency}} {
				if v := cell(row, f.name); v != "" {
					d, err := strconv.Atoi(v)
					if err != nil {
						bad(f.name, domain.MsgCSVBadNumber)
						continue
					}
					*f.into = &d
				}
			}
			if t := date("lastWatered"); t != nil {
				pl.LastWatered = &t.t
			}
			if t := date("lastFertilized"); t != nil {
				pl.LastFertilized = &t.t
			}
			if t := date("acquiredDate"); t != nil {
				pl.AcquiredDate = t.t
			}
			if _, done := known[domain.ImportKindPlant+":"+key]; done {
				continue
			}
			batch.Plants = append(batch.Plants, &domain.ImportPlant{SourceKey: key, Plant: pl})
		case domain.CSVJournal:
			e := &domain.JournalEntry{Title: cell(row, "title"), Content: cell(row, "content"), GrowthStage: domain.GrowthStage(cell(row, "growthStage"))}
			if t := date("entryDate"); t != nil {
				e.EntryDate = t.t
			}
			id, ok := plantsByName[strings.ToLower(cell(row, "plant"))]
			if !ok {
				bad("plant", fmt.Sprintf(domain.MsgCSVUnknownPlant, cell(row, "plant")))
				continue
			}
			e.PlantID = id
			if _, done := known[domain.ImportKindJournal+":"+key]; done {
				continue
			}
			batch.Journal = append(batch.Journal, &domain.ImportJournal{SourceKey: key, PlantKey: "existing:" + strconv.FormatInt(id, 10), Entry: e})
		}
	}
	// The rules of a plant or entry made by hand, with the same defaults (Plants.Create).
	checked, plan := s.plan(batch, known, now)
	for _, l := range plan.LeftOut {
		kind := l.Kind
		if kind == "gallery photo" {
			kind = "entry"
		}
		res.Errors = append(res.Errors, domain.CSVRowError{Row: csvLine(l.Name, batch), Field: kind, Message: l.Reason})
	}
	if len(res.Errors) > 0 || in.DryRun {
		res.Imported = plan.Plants + plan.JournalEntries
		if len(res.Errors) > 0 {
			res.Imported = 0
		}
		return res, nil
	}
	limit, err := (&Plants{store: s.store}).limitFor(ctx, p.User)
	if err != nil {
		return nil, err
	}
	max := 0
	if limit != nil {
		max = *limit
	}
	if err := s.store.SaveImport(ctx, p.User.ID, max, checked, known); err != nil {
		if domain.ErrorCode(err) == domain.ELimitReached {
			current, _ := s.store.CountPlants(ctx, p.User.ID)
			return nil, domain.Errorf(domain.ELimitReached, domain.MsgImportSomeFit, domain.ImportPlantsFit(limit, current, len(checked.Plants)), len(checked.Plants), max, current)
		}
		return nil, err
	}
	res.Imported = plan.Plants + plan.JournalEntries
	return res, nil
}

// csvDate is a parsed date; nil stands for an empty or bad cell (a bad one is reported).
type csvDate struct{ t time.Time }

// csvLine finds the file line of a row plan left out, by the plant or entry name it carries.
func csvLine(name string, batch *domain.ImportBatch) int {
	for _, ip := range batch.Plants {
		if ip.Plant.Name == name {
			return lineOfKey(ip.SourceKey)
		}
	}
	for _, ij := range batch.Journal {
		if ij.Entry.Title == name {
			return lineOfKey(ij.SourceKey)
		}
	}
	return 0
}

func lineOfKey(key string) int {
	_, n, _ := strings.Cut(key, ":")
	line, _ := strconv.Atoi(n)
	return line
}
