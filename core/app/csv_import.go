package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sort"
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
	plantNames := map[int64]string{}
	if in.Kind != domain.CSVPlants {
		plants, err := s.store.ListPlants(ctx, p.User.ID)
		if err != nil {
			return nil, err
		}
		plantsByName = map[string]int64{}
		for _, pl := range plants {
			plantsByName[strings.ToLower(pl.Name)] = pl.ID
			plantNames[pl.ID] = pl.Name
			known[domain.ImportKindPlant+":existing:"+strconv.FormatInt(pl.ID, 10)] = pl.ID
		}
	}
	cell := func(row []string, field string) string {
		if i, ok := index[field]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	var care []csvCare
	var harvests []csvHarvest
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
		case domain.CSVCare:
			id, okPlant := plantsByName[strings.ToLower(cell(row, "plant"))]
			if !okPlant {
				bad("plant", fmt.Sprintf(domain.MsgCSVUnknownPlant, cell(row, "plant")))
			}
			e := &domain.CareEvent{Kind: domain.CareKind(strings.ToLower(cell(row, "kind"))), Source: domain.CareImported,
				Note: cell(row, "note"), CreatedAt: now}
			t := date("date")
			if t == nil {
				if cell(row, "date") == "" {
					bad("date", fmt.Sprintf(domain.MsgCSVRequired, "date"))
				}
				continue
			}
			e.At = csvCareTime(t.t, now)
			if err := domain.ValidateCareEvent(e, now); err != nil {
				rowErrors(err, bad)
				continue
			}
			if !okPlant {
				continue
			}
			if _, done := known[domain.ImportKindCare+":"+key]; done {
				continue
			}
			care = append(care, csvCare{key: key, plantID: id, event: e})
		case domain.CSVHarvests:
			id, okPlant := plantsByName[strings.ToLower(cell(row, "plant"))]
			if !okPlant {
				bad("plant", fmt.Sprintf(domain.MsgCSVUnknownPlant, cell(row, "plant")))
			}
			h := &domain.Harvest{UserID: p.User.ID, PlantID: &id, PlantName: plantNames[id], Unit: domain.HarvestUnit(strings.ToLower(cell(row, "unit"))),
				Notes: cell(row, "notes"), CreatedAt: now, UpdatedAt: now}
			if v := cell(row, "quantity"); v != "" {
				q, err := strconv.ParseFloat(strings.ReplaceAll(v, ",", "."), 64)
				if err != nil {
					bad("quantity", domain.MsgCSVBadQuantity)
					continue
				}
				h.Quantity = &q
			}
			t := date("harvestDate")
			if t == nil {
				if cell(row, "harvestDate") == "" {
					bad("harvestDate", fmt.Sprintf(domain.MsgCSVRequired, "harvestDate"))
				}
				continue
			}
			h.HarvestDate = t.t
			if err := domain.ValidateNewHarvest(h, domain.TodayIn(now, p.User.TimeZone)); err != nil {
				rowErrors(err, bad)
				continue
			}
			if !okPlant {
				continue
			}
			if _, done := known[domain.ImportKindHarvest+":"+key]; done {
				continue
			}
			harvests = append(harvests, csvHarvest{key: key, harvest: h})
		}
	}
	if in.Kind == domain.CSVCare || in.Kind == domain.CSVHarvests {
		return s.csvLog(ctx, p, res, in, care, harvests, known, now)
	}
	// The rules of a plant or entry made by hand, with the same defaults (Plants.Create).
	checked, plan := s.plan(batch, known, now)
	for _, l := range plan.LeftOut {
		kind := l.Kind
		if kind == domain.ImportLeftOutGallery {
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
	limit, err := plantLimitFor(ctx, s.store, p.User)
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

// csvCare is one care event row to import, for one of the caller's plants.
type csvCare struct {
	key     string
	plantID int64
	event   *domain.CareEvent
}

// csvHarvest is one harvest row to import.
type csvHarvest struct {
	key     string
	harvest *domain.Harvest
}

// csvCareTime is when a care event dated day (a CSV gives dates, not times) happened: noon UTC
// of that day, so the date reads the same in the zones of most gardeners; today's is never
// after now, and a later day's stays in the future, which the care rule refuses.
func csvCareTime(day, now time.Time) time.Time {
	at := day.Add(12 * time.Hour)
	if at.After(now) && !day.After(domain.DateOf(now)) {
		return now
	}
	return at
}

// rowErrors reports a validation error's fields (or its message) as the row's errors.
func rowErrors(err error, bad func(field, msg string)) {
	var de *domain.Error
	if errors.As(err, &de) && len(de.Fields) > 0 {
		fields := make([]string, 0, len(de.Fields))
		for f := range de.Fields {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		for _, f := range fields {
			bad(f, de.Fields[f])
		}
		return
	}
	bad("", err.Error())
}

// csvLog imports care events and harvests, all or nothing, in one transaction: each plant's
// events are logged through the plant as POST /api/plants/{id}/care logs them (the last dates
// move forward, the learned intervals follow), the harvests are stored as the harvest form
// stores them, and every row's source key is remembered, so the same file again adds nothing.
func (s *Imports) csvLog(ctx context.Context, p *domain.Principal, res *CSVResult, in CSVImport, care []csvCare, harvests []csvHarvest,
	known map[string]int64, now time.Time) (*CSVResult, error) {
	if len(res.Errors) > 0 {
		res.Imported = 0
		return res, nil
	}
	res.Imported = len(care) + len(harvests)
	if in.DryRun || res.Imported == 0 {
		return res, nil
	}
	batch := &domain.ImportBatch{Source: domain.ImportSourceCSV, At: now}
	var order []int64
	byPlant := map[int64][]*domain.CareEvent{}
	for _, c := range care {
		if _, ok := byPlant[c.plantID]; !ok {
			order = append(order, c.plantID)
		}
		byPlant[c.plantID] = append(byPlant[c.plantID], c.event)
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		for _, id := range order {
			if _, err := s.store.UpdatePlant(ctx, p.User.ID, id, func(plant *domain.Plant) error {
				domain.ApplySeason([]*domain.Plant{plant}, p.User.Garden, now)
				for _, e := range byPlant[id] {
					plant.LogCare(e)
				}
				return nil
			}); err != nil {
				return plantNotFound(err)
			}
		}
		for _, c := range care {
			batch.Sources = append(batch.Sources, domain.ImportSourceRow{Kind: domain.ImportKindCare, Key: c.key, ID: c.event.ID})
		}
		for _, h := range harvests {
			if err := s.store.CreateHarvest(ctx, h.harvest); err != nil {
				return err
			}
			batch.Sources = append(batch.Sources, domain.ImportSourceRow{Kind: domain.ImportKindHarvest, Key: h.key, ID: h.harvest.ID})
		}
		return s.store.SaveImport(ctx, p.User.ID, 0, batch, known)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
