package app_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/hortusfox"
	"github.com/gardenctl/garden/adapters/imaging"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// hfFile is one file of a HortusFox backup under construction.
type hfFile struct {
	name string
	data []byte
}

// hortusFoxZip builds a backup the way HortusFox's BackupModule does: an empty folder entry
// per section (addEmptyDir), each photo under <section>/img/<its stored name>, then the
// section's rows as data.json (json_encode of PDO rows: numbers and dates as strings).
func hortusFoxZip(t testing.TB, sections map[string][]map[string]any, photos map[string][]byte, extra ...hfFile) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	write := func(name string, data []byte) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	for _, section := range []string{"locations", "plants", "gallery", "tasks", "inventory"} {
		rows, ok := sections[section]
		if !ok {
			continue
		}
		write(section+"/", nil)
		if section == "plants" || section == "gallery" || section == "inventory" {
			write(section+"/img/", nil)
		}
		for name, data := range photos {
			if strings.HasPrefix(name, section+"/img/") {
				write(name, data)
			}
		}
		b, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		write(section+"/data.json", b)
	}
	for _, f := range extra {
		write(f.name, f.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// householdBackup is a HortusFox household: three plants in two rooms (two with photos),
// two gallery photos, a recurring and a one-off open task, a done task, a task naming no
// plant, and two inventory items.
func householdBackup(t *testing.T) ([]byte, map[string][]byte) {
	photos := map[string][]byte{
		"plants/img/5f1c0a.jpg":       pngOf(t, 40, 30),
		"plants/img/77ab90.png":       pngOf(t, 30, 40),
		"gallery/img/g1_thumb.png":    pngOf(t, 8, 8),
		"gallery/img/g1.png":          pngOf(t, 64, 48),
		"gallery/img/g2.png":          pngOf(t, 48, 64),
		"inventory/img/inv_scoop.png": pngOf(t, 10, 10),
	}
	sections := map[string][]map[string]any{
		"locations": {
			{"id": "1", "name": "Living room", "icon": "fas fa-couch", "active": "1", "created_at": "2023-01-02 10:00:00"},
			{"id": "2", "name": "Balcony", "icon": "fas fa-sun", "active": "1", "created_at": "2023-01-02 10:01:00"},
		},
		"plants": {
			{"id": "1", "name": "Monstera", "scientific_name": "Monstera deliciosa", "location": "1", "photo": "5f1c0a.jpg",
				"last_watered": "2026-03-28 08:00:00", "last_fertilised": "2026-03-01 09:30:00", "notes": "Loves the east window",
				"tags": "big green", "humidity": "60", "light_level": "light_level_half_shade", "date_of_purchase": "2024-05-01 00:00:00",
				"health_state": "in_good_standing", "last_edited_user": "1", "created_at": "2024-05-01 12:00:00"},
			{"id": "2", "name": "Basil", "scientific_name": "Ocimum basilicum", "location": "2", "photo": "77ab90.png",
				"last_watered": "2026-03-31 18:00:00", "last_fertilised": nil, "notes": nil, "created_at": "2025-04-10 08:00:00"},
			{"id": "3", "name": "Aloe", "scientific_name": "", "location": "1", "photo": "", "last_watered": nil,
				"notes": "", "created_at": "2025-06-01 08:00:00"},
		},
		"gallery": {
			{"id": "1", "plant": "1", "author": "1", "thumb": "g1_thumb.png", "original": "g1.png", "label": "New leaf unfurling", "created_at": "2026-02-14 10:00:00"},
			{"id": "2", "plant": "2", "author": "1", "thumb": "g2.png", "original": "g2.png", "label": "", "created_at": "2026-03-20 10:00:00"},
		},
		"tasks": {
			{"id": "1", "title": "Fertilise the Monstera", "description": "Half strength", "due_date": "2026-04-05 00:00:00",
				"recurring_time": "336", "recurring_scope": "hours", "done": "0", "created_at": "2026-01-01 10:00:00"},
			{"id": "2", "title": "Repot Basil", "description": "", "due_date": "2026-04-10 00:00:00", "recurring_time": nil,
				"done": "0", "created_at": "2026-01-02 10:00:00"},
			{"id": "3", "title": "Water Aloe", "description": "", "due_date": "2026-03-01 00:00:00", "done": "1", "created_at": "2026-01-03 10:00:00"},
			{"id": "4", "title": "Buy soil", "description": "for the balcony", "due_date": nil, "done": "0", "created_at": "2026-01-04 10:00:00"},
		},
		"inventory": {
			{"id": "1", "name": "Soil scoop", "group_ident": "tools", "photo": "inv_scoop.png", "amount": "1", "created_at": "2024-01-01 10:00:00"},
			{"id": "2", "name": "Clay pots", "group_ident": "pots", "photo": "", "amount": "6", "created_at": "2024-01-01 10:00:00"},
		},
	}
	return hortusFoxZip(t, sections, photos), photos
}

type importRig struct {
	s     *sqlstore.Store
	blobs ports.BlobStore
	imp   *app.Imports
	user  *domain.Principal
}

func newImportRig(t *testing.T, s *sqlstore.Store, rd ports.ImportArchiveReader) *importRig {
	t.Helper()
	blobs, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return newImportRigOn(t, s, blobs, rd)
}

func newImportRigOn(t *testing.T, s *sqlstore.Store, blobs ports.BlobStore, rd ports.ImportArchiveReader) *importRig {
	t.Helper()
	images := app.NewImages(blobs, quiet).WithThumbnails(imaging.Thumbnails{})
	return &importRig{s: s, blobs: blobs, imp: app.NewImports(s, rd, images, fixedClock{now}, quiet), user: forumMember(t, s, "fern")}
}

func (r *importRig) run(t *testing.T, zipped []byte, dryRun bool) (*domain.ImportResult, error) {
	t.Helper()
	return r.imp.HortusFox(context.Background(), r.user, bytes.NewReader(zipped), int64(len(zipped)), dryRun, nil)
}

func (r *importRig) blobCount(t *testing.T) int {
	t.Helper()
	n := 0
	if err := r.blobs.List(context.Background(), "", func(string, ports.BlobInfo) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

func (r *importRig) rowCounts(t *testing.T) [3]int {
	t.Helper()
	ctx := context.Background()
	plants, err := r.s.ListPlants(ctx, r.user.User.ID)
	if err != nil {
		t.Fatal(err)
	}
	journal, err := r.s.ListJournalEntries(ctx, r.user.User.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := r.s.ListTasks(ctx, r.user.User.ID, ports.TaskFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return [3]int{len(plants), len(journal), len(tasks)}
}

func (r *importRig) blobBytes(t *testing.T, url string) []byte {
	t.Helper()
	rc, _, err := r.blobs.Get(context.Background(), app.ImageKeyPrefix+strings.TrimPrefix(url, "/api/images/"))
	if err != nil {
		t.Fatalf("blob of %q: %v", url, err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	return b
}

// TestImports_HortusFox: a household's backup comes in with its plants (name, species, room,
// care dates, notes, photo byte for byte, thumbnails made), gallery photos as journal entries,
// open tasks as care tasks with their recurrence; what Garden has no place for is listed;
// importing it again adds nothing; a dry run writes nothing. On both databases.
func TestImports_HortusFox(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := newImportRig(t, open(t), hortusfox.Reader{})
			zipped, photos := householdBackup(t)

			preview, err := r.run(t, zipped, true)
			if err != nil {
				t.Fatal(err)
			}
			if preview.Plants != 3 || preview.JournalEntries != 2 || preview.Tasks != 2 || preview.Photos != 4 || !preview.DryRun {
				t.Fatalf("preview %+v", preview)
			}
			if got := r.rowCounts(t); got != [3]int{} || r.blobCount(t) != 0 {
				t.Fatalf("a dry run wrote %v rows and %d blobs", got, r.blobCount(t))
			}

			res, err := r.run(t, zipped, false)
			if err != nil {
				t.Fatal(err)
			}
			if res.Plants != 3 || res.JournalEntries != 2 || res.Tasks != 2 || res.Photos != 4 || res.AlreadyImported != 0 {
				t.Fatalf("result %+v", res)
			}
			left := map[string]string{}
			for _, l := range res.LeftOut {
				left[l.Kind+"/"+l.Name] = l.Reason
			}
			for _, want := range []string{"inventory item/Soil scoop", "inventory item/Clay pots", "task/Water Aloe", "task/Buy soil"} {
				if _, ok := left[want]; !ok {
					t.Errorf("%s not listed as left out: %v", want, left)
				}
			}
			if !strings.Contains(strings.Join(res.Warnings, "\n"), "health_state, humidity, tags") {
				t.Errorf("unmapped plant fields not listed: %v", res.Warnings)
			}

			plants, _ := r.s.ListPlants(ctx, r.user.User.ID)
			byName := map[string]*domain.Plant{}
			for _, p := range plants {
				byName[p.Name] = p
			}
			m := byName["Monstera"]
			if m == nil || m.Species != "Monstera deliciosa" || m.Location != "Living room" || m.LightNeeds != "half_shade" ||
				m.LastWatered.Format("2006-01-02 15:04") != "2026-03-28 08:00" || m.LastFertilized.Format("2006-01-02") != "2026-03-01" ||
				!strings.Contains(m.Notes, "Loves the east window") || !strings.Contains(m.Notes, "humidity: 60") ||
				m.AcquiredDate.Format("2006-01-02") != "2024-05-01" {
				t.Fatalf("monstera %+v", m)
			}
			if !bytes.Equal(r.blobBytes(t, m.ImageURL), photos["plants/img/5f1c0a.jpg"]) ||
				!bytes.Equal(r.blobBytes(t, byName["Basil"].ImageURL), photos["plants/img/77ab90.png"]) {
				t.Fatal("plant photos are not byte-identical")
			}
			if byName["Basil"].Location != "Balcony" || byName["Aloe"].ImageURL != "" {
				t.Fatalf("basil %+v aloe %+v", byName["Basil"], byName["Aloe"])
			}
			thumb := "images/thumbs/" + strings.TrimPrefix(m.ImageURL, "/api/images/") + ".jpg"
			if _, err := r.blobs.Stat(ctx, thumb); err != nil {
				t.Fatalf("no thumbnail %s: %v", thumb, err)
			}

			journal, _ := r.s.ListJournalEntries(ctx, r.user.User.ID, 0)
			entries := map[string]*domain.JournalEntry{}
			for _, e := range journal {
				entries[e.PlantName] = e
			}
			if e := entries["Monstera"]; e == nil || e.Title != "New leaf unfurling" || e.EntryDate.Format("2006-01-02") != "2026-02-14" ||
				!bytes.Equal(r.blobBytes(t, e.ImageURL), photos["gallery/img/g1.png"]) {
				t.Fatalf("monstera entry %+v", e)
			}
			if e := entries["Basil"]; e == nil || e.Title != "Photo of Basil" || !bytes.Equal(r.blobBytes(t, e.ImageURL), photos["gallery/img/g2.png"]) {
				t.Fatalf("basil entry %+v", e)
			}

			tasks, _ := r.s.ListTasks(ctx, r.user.User.ID, ports.TaskFilter{})
			byPlant := map[string]*domain.CareTask{}
			for _, tk := range tasks {
				byPlant[tk.PlantName] = tk
			}
			if tk := byPlant["Monstera"]; tk == nil || tk.Type != domain.TaskFertilize || !tk.IsRecurring || *tk.RecurringDays != 14 ||
				tk.ScheduledDate.Format("2006-01-02") != "2026-04-05" {
				t.Fatalf("monstera task %+v", tk)
			}
			if tk := byPlant["Basil"]; tk == nil || tk.Type != domain.TaskRepot || tk.IsRecurring {
				t.Fatalf("basil task %+v", tk)
			}

			rows, blobs := r.rowCounts(t), r.blobCount(t)
			again, err := r.run(t, zipped, false)
			if err != nil {
				t.Fatal(err)
			}
			if again.Plants+again.JournalEntries+again.Tasks+again.Photos != 0 || again.AlreadyImported != 7 {
				t.Fatalf("re-import %+v", again)
			}
			if r.rowCounts(t) != rows || r.blobCount(t) != blobs {
				t.Fatalf("re-import added rows %v→%v or blobs %d→%d", rows, r.rowCounts(t), blobs, r.blobCount(t))
			}
		})
	}
}

// TestImports_HortusFoxRefusals: a backup whose plants do not fit under the plant limit says
// how many fit and imports nothing; a damaged zip, a foreign zip, a zip with "../" names and a
// zip bomb are refused with a clear message and nothing written. On both databases.
func TestImports_HortusFoxRefusals(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			small := hortusfox.Reader{Limits: hortusfox.Limits{MaxEntries: 50, MaxDataBytes: 1 << 20, MaxTotalBytes: 4 << 20}}
			r := newImportRig(t, open(t), small)
			zipped, _ := householdBackup(t)

			site := &domain.Site{Name: "Allotments", Country: domain.DefaultCountry, Status: domain.SiteActive, PlantLimit: 4, CreatedAt: now}
			if err := r.s.CreateSite(ctx, site); err != nil {
				t.Fatal(err)
			}
			u, err := r.s.UpdateUser(ctx, r.user.User.ID, func(u *domain.User) error { u.SiteID = &site.ID; return nil })
			if err != nil {
				t.Fatal(err)
			}
			r.user.User = u
			for _, n := range []string{"Mint", "Sage"} {
				if err := r.s.CreatePlant(ctx, &domain.Plant{UserID: u.ID, Name: n, Type: domain.Herbs, CreatedAt: now, AcquiredDate: now}, 0); err != nil {
					t.Fatal(err)
				}
			}
			_, err = r.run(t, zipped, false)
			if domain.ErrorCode(err) != domain.ELimitReached || !strings.Contains(err.Error(), "Only 2 of the 3 new plants fit") {
				t.Fatalf("limit: %v", err)
			}
			preview, err := r.run(t, zipped, true)
			if err != nil || preview.Fits != 2 || preview.FitsAll() {
				t.Fatalf("preview under the limit %+v %v", preview, err)
			}

			// 8 MB of spaces packs into a few kilobytes: past the 1 MB data limit once unpacked.
			var bb bytes.Buffer
			zw := zip.NewWriter(&bb)
			w, _ := zw.Create("plants/data.json")
			w.Write([]byte("["))
			w.Write(bytes.Repeat([]byte(" "), 8<<20))
			w.Write([]byte("]"))
			zw.Close()
			bomb := bb.Bytes()
			if len(bomb) > 64<<10 {
				t.Fatalf("the bomb is %d bytes packed: not a bomb", len(bomb))
			}

			for _, c := range []struct {
				name, want string
				code       string
				data       []byte
			}{
				{"NotAZip", "not a zip archive", domain.EInvalid, []byte("PK\x03\x04 this is not really a zip")},
				{"Truncated", "not a zip archive", domain.EInvalid, zipped[:len(zipped)/2]},
				{"Foreign", "not a HortusFox backup", domain.EInvalid, hortusFoxZip(t, nil, nil, hfFile{"readme.txt", []byte("hello")})},
				{"DotDot", "unsafe file name", domain.EInvalid, hortusFoxZip(t, map[string][]map[string]any{"plants": {}}, nil,
					hfFile{"plants/img/../../../etc/cron.d/evil", []byte("x")})},
				{"Absolute", "unsafe file name", domain.EInvalid, hortusFoxZip(t, map[string][]map[string]any{"plants": {}}, nil,
					hfFile{"/etc/passwd", []byte("x")})},
				{"Bomb", "larger than 1 MB once unpacked", domain.ETooLarge, bomb},
				{"BadJSON", "plants/data.json in this backup is damaged", domain.EInvalid, hortusFoxZip(t, nil, nil, hfFile{"plants/data.json", []byte("{not json")})},
			} {
				_, err := r.run(t, c.data, false)
				if domain.ErrorCode(err) != c.code || !strings.Contains(err.Error(), c.want) {
					t.Errorf("%s: %v", c.name, err)
				}
			}
			if got := r.rowCounts(t); got != [3]int{2, 0, 0} || r.blobCount(t) != 0 {
				t.Fatalf("refused imports wrote rows %v or %d blobs", got, r.blobCount(t))
			}
		})
	}
}
