// Package hortusfox reads HortusFox backups (Admin › Backup): a zip holding
// locations/data.json, plants/data.json with plants/img/*, gallery/data.json with
// gallery/img/*, tasks/data.json and inventory/data.json with inventory/img/*, each data file
// a JSON array of the table's rows as HortusFox's BackupModule writes them.
//
// The archive is read in place (io.ReaderAt) and never unpacked to disk: entries are looked
// up by name and read into memory through limits, so no entry name ever becomes a path.
package hortusfox

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Limits bound what reading one archive may cost.
type Limits struct {
	// MaxEntries is the most entries (files and folders) an archive may hold.
	MaxEntries int
	// MaxDataBytes is the largest a data.json may be once unpacked.
	MaxDataBytes int64
	// MaxTotalBytes is the most bytes all reads of one archive may unpack together.
	MaxTotalBytes int64
}

// DefaultLimits fit a household's backup many times over: 20,000 entries, 64 MB per data
// file, 2 GB unpacked in all (photos are further bounded to domain.MaxImageBytes each).
var DefaultLimits = Limits{MaxEntries: 20_000, MaxDataBytes: 64 << 20, MaxTotalBytes: 2 << 30}

// Reader opens HortusFox backups.
type Reader struct{ Limits Limits }

var _ ports.ImportArchiveReader = Reader{}

// Messages of refused archives.
const (
	MsgNotZip     = "This file is not a zip archive, so it cannot be a HortusFox backup. Nothing was imported."
	MsgNotBackup  = "This zip is not a HortusFox backup: it has no plants/data.json. Nothing was imported."
	MsgUnsafeName = "This archive holds an unsafe file name (%q). Nothing was imported."
	MsgTooMany    = "This archive holds more than %d files. Nothing was imported."
	MsgTooLarge   = "%s is larger than %d MB once unpacked. Nothing was imported."
	MsgTotalLarge = "This archive unpacks to more than %d MB. Nothing was imported."
	MsgDamaged    = "%s in this backup is damaged (%v). Nothing was imported."
	MsgDuplicate  = "This archive holds %q twice. Nothing was imported."
)

// OpenHortusFox implements ports.ImportArchiveReader.
func (rd Reader) OpenHortusFox(r io.ReaderAt, size int64, say func(string) string) (ports.ImportArchive, error) {
	if say == nil {
		say = func(text string) string { return text }
	}
	lim := rd.Limits
	if lim.MaxEntries == 0 {
		lim = DefaultLimits
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, MsgNotZip)
	}
	if len(zr.File) > lim.MaxEntries {
		return nil, &domain.Error{Code: domain.ETooLarge, Message: fmt.Sprintf(MsgTooMany, lim.MaxEntries)}
	}
	a := &Archive{lim: lim, say: say, files: make(map[string]*zip.File, len(zr.File))}
	for _, f := range zr.File {
		if !safeName(f.Name) {
			return nil, domain.Errorf(domain.EInvalid, MsgUnsafeName, f.Name)
		}
		name := strings.TrimSuffix(f.Name, "/")
		if _, dup := a.files[name]; dup {
			return nil, domain.Errorf(domain.EInvalid, MsgDuplicate, name)
		}
		a.files[name] = f
	}
	if _, ok := a.files["plants/data.json"]; !ok {
		return nil, domain.Errorf(domain.EInvalid, MsgNotBackup)
	}
	if err := a.read(); err != nil {
		return nil, err
	}
	return a, nil
}

// safeName accepts the relative, forward-slash names BackupModule writes and refuses anything
// that could climb out of a folder or name one elsewhere if it were ever used as a path.
func safeName(name string) bool {
	if name == "" || strings.ContainsAny(name, "\\\x00:") || strings.HasPrefix(name, "/") {
		return false
	}
	for _, seg := range strings.Split(strings.TrimSuffix(name, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return path.Clean(name) == strings.TrimSuffix(name, "/")
}

// Archive is an opened backup.
type Archive struct {
	lim   Limits
	say   func(string) string
	files map[string]*zip.File
	batch *domain.ImportBatch

	mu       sync.Mutex
	unpacked int64
}

// Batch implements ports.ImportArchive.
func (a *Archive) Batch() *domain.ImportBatch { return a.batch }

// Photo implements ports.ImportArchive: name is the path inside the archive the batch gave.
func (a *Archive) Photo(name string) ([]byte, error) {
	f, ok := a.files[name]
	if !ok || f.FileInfo().IsDir() {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgImportPhotoAbsent)
	}
	if f.UncompressedSize64 > domain.MaxImageBytes {
		return nil, domain.ErrImageTooLarge()
	}
	b, err := a.unpack(f, domain.MaxImageBytes)
	if errors.Is(err, errEntryTooLarge) {
		return nil, domain.ErrImageTooLarge()
	}
	return b, err
}

var errEntryTooLarge = errors.New("entry too large")

// unpack reads one entry through max and the archive's total: the sizes a zip declares are
// never trusted, so a bomb stops at the limit whatever its header says.
func (a *Archive) unpack(f *zip.File, max int64) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, MsgDamaged, f.Name, err)
	}
	defer rc.Close()
	var buf bytes.Buffer
	n, err := io.Copy(&buf, io.LimitReader(rc, max+1))
	a.mu.Lock()
	a.unpacked += n
	total := a.unpacked
	a.mu.Unlock()
	if total > a.lim.MaxTotalBytes {
		return nil, &domain.Error{Code: domain.ETooLarge, Message: fmt.Sprintf(MsgTotalLarge, a.lim.MaxTotalBytes>>20)}
	}
	if err != nil {
		return nil, domain.Errorf(domain.EInvalid, MsgDamaged, f.Name, err)
	}
	if n > max {
		return nil, errEntryTooLarge
	}
	return buf.Bytes(), nil
}

// data decodes one data.json into rows; absent is no rows.
func (a *Archive) data(name string, into any) error {
	f, ok := a.files[name]
	if !ok {
		return nil
	}
	b, err := a.unpack(f, a.lim.MaxDataBytes)
	if errors.Is(err, errEntryTooLarge) {
		return &domain.Error{Code: domain.ETooLarge, Message: fmt.Sprintf(MsgTooLarge, name, a.lim.MaxDataBytes>>20)}
	}
	if err != nil {
		return err
	}
	b = bytes.TrimSpace(b)
	// json_encode of an empty result is "[]"; of nothing at all, "null".
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	if err := json.Unmarshal(b, into); err != nil {
		return domain.Errorf(domain.EInvalid, MsgDamaged, name, err)
	}
	return nil
}

// row is one table row: PHP's PDO gives numbers as numbers or as strings, dates as MySQL
// DATETIME text, booleans as 0/1 or "0"/"1"; the accessors accept each.
type row map[string]any

func (r row) str(k string) string {
	switch v := r[k].(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		if v {
			return "1"
		}
		return "0"
	}
	return ""
}

func (r row) int(k string) (int64, bool) {
	s := strings.TrimSpace(r.str(k))
	if s == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int64(f), true
	}
	return 0, false
}

func (r row) flag(k string) bool {
	switch strings.ToLower(strings.TrimSpace(r.str(k))) {
	case "1", "true", "yes":
		return true
	}
	return false
}

// time reads a DATETIME or TIMESTAMP (HortusFox keeps the server's wall clock; taken as UTC).
func (r row) time(k string) *time.Time {
	s := strings.TrimSpace(r.str(k))
	if s == "" || strings.HasPrefix(s, "0000") {
		return nil
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			t = t.UTC()
			return &t
		}
	}
	return nil
}

// key is a row's source key: its id with its creation time, so that two HortusFox
// installations' plant 1 are not taken for the same plant.
func (r row) key() string {
	id, _ := r.int("id")
	return strconv.FormatInt(id, 10) + "@" + strings.TrimSpace(r.str("created_at"))
}

// plantColumns are the plant columns the import maps to a Garden field or leaves aside as
// bookkeeping; every other non-empty column is kept in the notes and listed.
var plantColumns = map[string]bool{
	"id": true, "name": true, "scientific_name": true, "location": true, "photo": true,
	"last_watered": true, "last_fertilised": true, "notes": true, "date_of_purchase": true,
	"light_level": true, "created_at": true, "last_edited_user": true, "last_edited_date": true,
	"last_photo_date": true,
}

// photoRef is the archive path of a photo a row names, or "" when the name is not a plain
// file name (a row naming "../x" gets no photo, never a lookup outside its folder).
func photoRef(folder, name string) string {
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, "/\\\x00") || strings.HasPrefix(name, ".") {
		return ""
	}
	return folder + "/" + name
}

func (a *Archive) read() error {
	var locations, plants, gallery, tasks, inventory []row
	for _, d := range []struct {
		name string
		into *[]row
	}{
		{"locations/data.json", &locations}, {"plants/data.json", &plants}, {"gallery/data.json", &gallery},
		{"tasks/data.json", &tasks}, {"inventory/data.json", &inventory},
	} {
		if err := a.data(d.name, d.into); err != nil {
			return err
		}
	}
	b := &domain.ImportBatch{Source: domain.ImportSourceHortusFox}
	where := map[int64]string{}
	for _, l := range locations {
		if id, ok := l.int("id"); ok {
			where[id] = strings.TrimSpace(l.str("name"))
		}
	}
	byID := map[int64]*domain.ImportPlant{}
	extraFields := map[string]bool{}
	for _, r := range plants {
		p := &domain.Plant{Type: domain.Houseplants}
		name, cut := domain.ImportFitText(r.str("name"), 100)
		if cut {
			b.Warnings = append(b.Warnings, fmt.Sprintf(domain.MsgImportNameCut, name))
		}
		p.Name = name
		p.Species, _ = domain.ImportFitText(r.str("scientific_name"), 200)
		if loc, ok := r.int("location"); ok {
			p.Location, _ = domain.ImportFitText(where[loc], 200)
		}
		p.LightNeeds, _ = domain.ImportFitText(strings.TrimPrefix(r.str("light_level"), "light_level_"), 200)
		p.LastWatered, p.LastFertilized = r.time("last_watered"), r.time("last_fertilised")
		if t := r.time("date_of_purchase"); t != nil {
			p.AcquiredDate = *t
		}
		notes := []string{strings.TrimSpace(r.str("notes"))}
		var extra []string
		for _, k := range sortedKeys(r) {
			if plantColumns[k] {
				continue
			}
			if v := strings.TrimSpace(r.str(k)); v != "" && v != "0" {
				extra = append(extra, k+": "+v)
				extraFields[k] = true
			}
		}
		if len(extra) > 0 {
			notes = append(notes, fmt.Sprintf(a.say(domain.MsgImportFromHortusFox), strings.Join(extra, "; ")))
		}
		p.Notes, _ = domain.ImportFitText(strings.TrimSpace(strings.Join(notes, "\n\n")), 10000)
		ip := &domain.ImportPlant{SourceKey: r.key(), Plant: p, Photo: photoRef("plants/img", r.str("photo"))}
		if ip.Photo == "" && strings.TrimSpace(r.str("photo")) != "" {
			b.Warnings = append(b.Warnings, fmt.Sprintf(domain.MsgImportPhotoBadName, p.Name))
		}
		b.Plants = append(b.Plants, ip)
		if id, ok := r.int("id"); ok {
			byID[id] = ip
		}
	}
	if len(extraFields) > 0 {
		b.Warnings = append(b.Warnings, fmt.Sprintf(domain.MsgImportFieldsInNotes, strings.Join(sortedSet(extraFields), ", ")))
	}
	for _, r := range gallery {
		id, _ := r.int("plant")
		plant, ok := byID[id]
		label := strings.TrimSpace(r.str("label"))
		if !ok {
			b.LeftOut = append(b.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutGallery, Name: label, Reason: domain.MsgImportPlantNotInFile})
			continue
		}
		title, _ := domain.ImportFitText(label, 200)
		if len([]rune(title)) < 2 {
			title = fmt.Sprintf(a.say(domain.MsgImportGalleryTitle), plant.Plant.Name)
		}
		e := &domain.JournalEntry{Title: title, Content: label}
		if t := r.time("created_at"); t != nil {
			e.EntryDate = domain.DateOf(*t)
		}
		photo := photoRef("gallery/img", r.str("original"))
		if _, ok := a.files[photo]; !ok {
			photo = photoRef("gallery/img", r.str("thumb"))
		}
		b.Journal = append(b.Journal, &domain.ImportJournal{SourceKey: r.key(), PlantKey: plant.SourceKey, Entry: e, Photo: photo})
	}
	for _, r := range tasks {
		title := strings.TrimSpace(r.str("title"))
		if r.flag("done") {
			b.LeftOut = append(b.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutTask, Name: title, Reason: domain.MsgImportTaskDone})
			continue
		}
		text := title + "\n" + r.str("description")
		plant := plantNamedIn(text, b.Plants)
		if plant == nil {
			b.LeftOut = append(b.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutTask, Name: title, Reason: domain.MsgImportTaskNoPlant})
			continue
		}
		notes, _ := domain.ImportFitText(strings.TrimSpace(text), 2000)
		t := &domain.CareTask{Type: domain.ImportTaskType(text), Notes: &notes}
		if d := r.time("due_date"); d != nil {
			t.ScheduledDate = domain.DateOf(*d)
		}
		if n, ok := r.int("recurring_time"); ok && n > 0 {
			days := recurringDays(n, r.str("recurring_scope"))
			t.IsRecurring, t.RecurringDays = true, &days
		}
		b.Tasks = append(b.Tasks, &domain.ImportTask{SourceKey: r.key(), PlantKey: plant.SourceKey, Task: t})
	}
	for _, r := range inventory {
		b.LeftOut = append(b.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutInventory, Name: strings.TrimSpace(r.str("name")), Reason: domain.MsgImportNoInventory})
	}
	a.batch = b
	return nil
}

// recurringDays turns HortusFox's recurring_time and recurring_scope (hours before 5.3) into
// whole days between 1 and 365.
func recurringDays(n int64, scope string) int {
	var days int64
	switch strings.ToLower(strings.TrimSpace(scope)) {
	case "days":
		days = n
	case "weeks":
		days = n * 7
	case "months":
		days = n * 30
	case "years":
		days = n * 365
	default: // hours
		days = (n + 23) / 24
	}
	return int(min(max(days, domain.MinRecurringDays), domain.MaxRecurringDays))
}

// plantNamedIn finds the plant whose name the text holds (the longest such name), since
// HortusFox's tasks are not linked to plants in its backup.
func plantNamedIn(text string, plants []*domain.ImportPlant) *domain.ImportPlant {
	t := strings.ToLower(text)
	var best *domain.ImportPlant
	for _, p := range plants {
		n := strings.ToLower(p.Plant.Name)
		if n != "" && strings.Contains(t, n) && (best == nil || len(n) > len(best.Plant.Name)) {
			best = p
		}
	}
	return best
}

func sortedKeys(r row) []string {
	keys := make([]string, 0, len(r))
	for k := range r {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortedSet(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
