package app_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/adapters/backup"
	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
	"github.com/gardenctl/garden/tests/miniotest"
)

type backupClock struct{}

func (backupClock) Now() time.Time { return time.Date(2026, 5, 1, 3, 0, 0, 0, time.UTC) }

// install is one Garden installation: a database and a blob store.
type install struct {
	store *sqlstore.Store
	blobs ports.BlobStore
}

func (in install) backups() *app.Backups {
	return app.NewBackups(in.store, in.blobs, backup.Format{}, backupClock{}, nil)
}

func newLocalBlobs(t *testing.T) ports.BlobStore {
	t.Helper()
	b, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newInstall(t *testing.T, dialect string, blobs ports.BlobStore) install {
	t.Helper()
	if blobs == nil {
		blobs = newLocalBlobs(t)
	}
	return install{store: dbtest.Dialects()[dialect](t), blobs: blobs}
}

// exec runs a portable statement ("?" placeholders) and returns the id it inserted.
func exec(t *testing.T, s *sqlstore.Store, query string, args ...any) int64 {
	t.Helper()
	db := rawDB(s)
	if strings.HasPrefix(query, "INSERT") {
		var id int64
		if err := db.QueryRowx(db.Rebind(query+" RETURNING id"), args...).Scan(&id); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return id
	}
	if _, err := db.Exec(db.Rebind(query), args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return 0
}

// rawDB is the store's pool with placeholders rebound for its dialect.
func rawDB(s *sqlstore.Store) *sqlx.DB {
	driver := "sqlite"
	if s.Dialect() == sqlstore.Postgres {
		driver = "pgx"
	}
	return sqlx.NewDb(s.SQLDB(), driver)
}

var fillTime = time.Date(2026, 3, 14, 9, 26, 53, 589793000, time.UTC)

// fill writes rows of every kind into many tables: booleans, NULLs, dates, instants with
// microseconds, floats, JSON text, text with quotes, newlines and non-ASCII letters.
func fill(t *testing.T, in install, users int) {
	t.Helper()
	ctx := context.Background()
	s := in.store
	site := exec(t, s, `INSERT INTO sites (name, maintenance_mode, created_at) VALUES (?, ?, ?)`, "Allotment \"North\"", true, fillTime)
	exec(t, s, `INSERT INTO users (username, password_hash, role, is_protected, created_at) VALUES ('root', 'x', 'superadmin', TRUE, ?)`, fillTime)
	cat := exec(t, s, `INSERT INTO forum_categories (name, slug, created_at) VALUES ('Tomatoes', 'tomatoes', ?)`, fillTime)
	for i := range users {
		at := fillTime.Add(time.Duration(i) * time.Hour)
		u := exec(t, s, `INSERT INTO users (username, email, full_name, password_hash, role, site_id, pref_push, created_at, last_login) VALUES (?, ?, ?, 'hash', 'user', ?, ?, ?, ?)`,
			fmt.Sprintf("gärtner%d", i), fmt.Sprintf("g%d@example.org", i), "Zoë O'Brien\nline two", site, i%2 == 0, at, nil)
		p := exec(t, s, `INSERT INTO plants (user_id, name, plant_type, water_frequency, last_watered, acquired_date, created_at) VALUES (?, ?, 'Herbs', ?, ?, ?, ?)`,
			u, fmt.Sprintf("Basil %d", i), 3, at, at, at)
		exec(t, s, `INSERT INTO care_tasks (user_id, plant_id, task_type, scheduled_date, completed, is_recurring, recurring_days, created_at) VALUES (?, ?, 'water', ?, ?, TRUE, 3, ?)`,
			u, p, "2026-03-1"+fmt.Sprint(i%10), i%3 == 0, at)
		exec(t, s, `INSERT INTO journal_entries (user_id, plant_id, title, content, entry_date, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			u, p, "First leaves 🌱", "<p>Grows</p>", "2026-03-14", at)
		exec(t, s, `INSERT INTO harvests (user_id, plant_id, plant_name, harvest_date, quantity, unit, unit_kind, common_quantity, created_at, updated_at) VALUES (?, ?, 'Basil', '2026-06-01', ?, 'g', 'mass', ?, ?, ?)`,
			u, p, 12.5+float64(i), nil, at, at)
		exec(t, s, `INSERT INTO garden_layouts (user_id, name, width, height, created_at, updated_at) VALUES (?, 'Back garden', 10.25, 4, ?, ?)`, u, at, at)
		topic := exec(t, s, `INSERT INTO forum_topics (category_id, author_id, title, content, body_text, created_at, pinned, last_activity_at) VALUES (?, ?, ?, '<p>Why</p>', 'Why', ?, ?, ?)`,
			cat, u, fmt.Sprintf("Yellow leaves %d", i), at, i == 0, at)
		exec(t, s, `INSERT INTO forum_posts (topic_id, author_id, content, body_text, created_at, updated_at) VALUES (?, ?, 'Water less', 'Water less', ?, ?)`, topic, u, at, at)
		exec(t, s, `INSERT INTO plant_listings (user_id, title, plant_name, plant_type, listing_type, price_cents, source_plant_id, created_at, updated_at, expires_at) VALUES (?, 'Spare basil', 'Basil', 'Herbs', 'Sell', 250, ?, ?, ?, ?)`,
			u, p, at, at, at.AddDate(0, 1, 0))
		exec(t, s, `INSERT INTO notifications (kind, title, content, target_type, target_id, data, created_by, created_at) VALUES ('admin', 'Hi', 'Hello', 'user', ?, ?, ?, ?)`,
			u, `{"plantId": 3, "tags": ["a", "b"]}`, u, at)
	}
	exec(t, s, `INSERT INTO job_runs (job, tick, "trigger", started_at, success, counts) VALUES ('backup', 't1', 'manual', ?, TRUE, '{"rows": 3}')`, fillTime)
	for i, data := range [][]byte{[]byte("plain"), {}, bytes.Repeat([]byte{0, 1, 2, 0xff, '\r', '\n'}, 40_000)} {
		key := fmt.Sprintf("images/%d/photo-%d.jpg", i, i)
		if err := in.blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
	}
}

// dump reads every table through a snapshot as comparable text, and every blob.
func dump(t *testing.T, in install) (map[string][]string, map[string]string) {
	t.Helper()
	ctx := context.Background()
	tables := map[string][]string{}
	err := in.store.Snapshot(ctx, func(snap ports.BackupSnapshot) error {
		for _, tb := range snap.Tables() {
			rows := []string{}
			err := snap.Rows(ctx, tb.Name, func(values []any) error {
				var b strings.Builder
				for i, c := range tb.Columns {
					v := values[i]
					if tm, ok := v.(time.Time); ok {
						v = tm.Format(time.RFC3339Nano)
					}
					fmt.Fprintf(&b, "%s=%#v ", c.Name, v)
				}
				rows = append(rows, b.String())
				return nil
			})
			if err != nil {
				return err
			}
			tables[tb.Name] = rows
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	blobs := map[string]string{}
	err = in.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error {
		rc, info, err := in.blobs.Get(ctx, key)
		if err != nil {
			return err
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		blobs[key] = info.ContentType + ":" + string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tables, blobs
}

func createArchive(t *testing.T, in install) ([]byte, ports.BackupManifest) {
	t.Helper()
	var buf bytes.Buffer
	m, err := in.backups().Create(context.Background(), &buf, app.BackupOptions{})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	return buf.Bytes(), m
}

func opener(data []byte) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
}

// roundTrip backs src up, restores into dst and compares every row and blob.
func roundTrip(t *testing.T, src, dst install) {
	t.Helper()
	ctx := context.Background()
	archive, m := createArchive(t, src)
	if m.Rows() == 0 || len(m.Blobs) != 3 {
		t.Fatalf("manifest: %d rows, %d blobs", m.Rows(), len(m.Blobs))
	}
	dry, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{DryRun: true})
	if err != nil || dry.Refusal != nil || dry.Manifest.Rows() != m.Rows() {
		t.Fatalf("dry run = %+v, %v", dry.Refusal, err)
	}
	if occ := occupied(t, dst); len(occ) != 0 {
		t.Fatalf("the dry run wrote rows: %v", occ)
	}
	if _, err := dst.backups().Restore(ctx, opener(archive), app.RestoreOptions{}); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	wantRows, wantBlobs := dump(t, src)
	gotRows, gotBlobs := dump(t, dst)
	if len(wantRows) != len(gotRows) {
		t.Fatalf("tables: got %d, want %d", len(gotRows), len(wantRows))
	}
	for name, want := range wantRows {
		got := gotRows[name]
		if len(got) != len(want) {
			t.Errorf("%s: %d rows restored, want %d", name, len(got), len(want))
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s row %d:\n got %s\nwant %s", name, i, got[i], want[i])
				break
			}
		}
	}
	if !reflect.DeepEqual(gotBlobs, wantBlobs) {
		t.Errorf("blobs differ: got %d keys, want %d", len(gotBlobs), len(wantBlobs))
	}
	// New rows get fresh ids after a restore (PostgreSQL's identity sequences moved on).
	exec(t, dst.store, `INSERT INTO users (username, password_hash, role, created_at) VALUES (?, 'x', 'user', ?)`, fmt.Sprint("after-", time.Now().UnixNano()), fillTime)
	// The forum's search finds restored topics on both dialects.
	res, err := dst.store.SearchForum(ctx, []string{"yellow"}, domain.ForumViewer{}, domain.PageRequest{Limit: 10})
	if err != nil || len(res.Items) == 0 {
		t.Errorf("forum search after restore = %d results, %v", len(res.Items), err)
	}
}

func occupied(t *testing.T, in install) []string {
	t.Helper()
	target, err := in.store.BackupTarget(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return target.Occupied
}

func TestBackupRoundTrip(t *testing.T) {
	t.Parallel()
	for _, pair := range [][2]string{{"SQLite", "Postgres"}, {"Postgres", "SQLite"}, {"SQLite", "SQLite"}, {"Postgres", "Postgres"}} {
		t.Run(pair[0]+"To"+pair[1], func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, pair[0], nil)
			fill(t, src, 25)
			roundTrip(t, src, newInstall(t, pair[1], nil))
		})
	}
}

// TestBackupRoundTrip_LocalToMinIO moves a SQLite + folder installation to PostgreSQL + MinIO,
// the README's migration path, and back to SQLite + folder.
func TestBackupRoundTrip_LocalToMinIO(t *testing.T) {
	t.Parallel()
	src := newInstall(t, "SQLite", nil)
	fill(t, src, 10)
	onMinIO := newInstall(t, "Postgres", miniotest.Store(t))
	roundTrip(t, src, onMinIO)
	roundTrip(t, onMinIO, newInstall(t, "SQLite", nil))
}

// TestBackupRestore_BlankAndOlder restores into a blank database (no gardenctl migrate), and
// an archive of an older schema: migrated to the archive's schema first, forward after.
func TestBackupRestore_BlankAndOlder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, pair := range [][2]string{{"SQLite", "Postgres"}, {"Postgres", "SQLite"}} {
		t.Run(pair[0]+"To"+pair[1], func(t *testing.T) {
			t.Parallel()
			unmigrated := map[string]func(testing.TB) *sqlstore.Store{"SQLite": dbtest.SQLiteUnmigrated, "Postgres": dbtest.PostgresUnmigrated}
			// An installation one release behind: schema 12.
			old := install{store: unmigrated[pair[0]](t), blobs: newLocalBlobs(t)}
			if err := old.store.MigrateTo(ctx, 12); err != nil {
				t.Fatal(err)
			}
			fill(t, old, 3)
			archive, m := createArchive(t, old)
			if m.SchemaVersion != 12 {
				t.Fatalf("schema %d, want 12", m.SchemaVersion)
			}
			// Into a database already at the newest schema: refused, with what to do.
			current := newInstall(t, pair[1], nil)
			if _, err := current.backups().Restore(ctx, opener(archive), app.RestoreOptions{}); err == nil || !strings.Contains(err.Error(), "older than this database's") {
				t.Fatalf("older archive into a current database = %v", err)
			}
			// Into a blank database: migrated to 12, restored, migrated to the newest.
			blank := install{store: unmigrated[pair[1]](t), blobs: newLocalBlobs(t)}
			// A blank database has every migration pending, the newest last (numbers may skip
			// one while branches that took it are merged).
			pending, _ := blank.store.Pending(ctx)
			newest := pending[len(pending)-1].Version
			pendingCount := len(pending)
			dry, err := blank.backups().Restore(ctx, opener(archive), app.RestoreOptions{DryRun: true})
			if err != nil || dry.Refusal != nil || !dry.MigrateFirst {
				t.Fatalf("dry run into a blank database = %+v, %v", dry, err)
			}
			if pending, _ := blank.store.Pending(ctx); len(pending) != pendingCount {
				t.Fatalf("the dry run migrated the database: %d pending, want %d", len(pending), pendingCount)
			}
			report, err := blank.backups().Restore(ctx, opener(archive), app.RestoreOptions{})
			if err != nil || report.MigratedTo != newest {
				t.Fatalf("restore into a blank database = %+v, %v", report, err)
			}
			if err := blank.store.Ready(ctx); err != nil {
				t.Fatalf("after the restore: %v", err)
			}
			want, _ := dump(t, old)
			got, _ := dump(t, blank)
			for name, rows := range want {
				if len(got[name]) != len(rows) {
					t.Errorf("%s: %d rows, want %d", name, len(got[name]), len(rows))
				}
			}
			if _, ok := got["api_tokens"]; !ok {
				t.Error("schema 13's api_tokens table is missing after the restore")
			}
		})
	}
}

// rewrite returns the archive with its manifest changed by edit.
func rewrite(t *testing.T, archive []byte, edit func(m map[string]any)) []byte {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var out bytes.Buffer
	gw := gzip.NewWriter(&out)
	tw := tar.NewWriter(gw)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(tr)
		if hdr.Name == "manifest.json" {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			edit(m)
			data, _ = json.Marshal(m)
			hdr.Size = int64(len(data))
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		tw.Write(data)
	}
	tw.Close()
	gw.Close()
	return out.Bytes()
}

func TestBackupRestoreRefusals(t *testing.T) {
	t.Parallel()
	src := newInstall(t, "SQLite", nil)
	fill(t, src, 3)
	archive, _ := createArchive(t, src)
	flipped := bytes.Clone(archive)
	flipped[len(flipped)/2] ^= 0x40
	cases := map[string]struct {
		data []byte
		want string
	}{
		"Truncated":   {archive[:len(archive)*2/3], "damaged or incomplete"},
		"NoTrailer":   {archive[:len(archive)-4], "damaged or incomplete"},
		"FlippedByte": {flipped, "damaged or incomplete"},
		"NewerFormat": {rewrite(t, archive, func(m map[string]any) { m["format"] = 2 }), "format 2, written by a newer Garden"},
		"NewerSchema": {rewrite(t, archive, func(m map[string]any) { m["schemaVersion"] = 999 }), "schema 999, newer than"},
		"WrongCount":  {rewrite(t, archive, func(m map[string]any) { m["tables"].([]any)[3].(map[string]any)["rows"] = 1000 }), "damaged or incomplete"},
		"NotGzip":     {[]byte("hello"), "not a gzip file"},
	}
	for name, tc := range cases {
		for _, dialect := range []string{"SQLite", "Postgres"} {
			t.Run(name+"/"+dialect, func(t *testing.T) {
				t.Parallel()
				dst := newInstall(t, dialect, nil)
				before, beforeBlobs := dump(t, dst)
				_, err := dst.backups().Restore(context.Background(), opener(tc.data), app.RestoreOptions{})
				if err == nil || !strings.Contains(err.Error(), tc.want) || domain.ErrorCode(err) != domain.EInvalid {
					t.Fatalf("Restore = %v, want an invalid error with %q", err, tc.want)
				}
				if !strings.Contains(err.Error(), "Nothing was restored") {
					t.Errorf("message %q does not say nothing changed", err)
				}
				after, afterBlobs := dump(t, dst)
				if !reflect.DeepEqual(before, after) || len(afterBlobs) != len(beforeBlobs) {
					t.Fatal("a refused restore changed the target")
				}
			})
		}
	}
	t.Run("AnyFlippedByte", func(t *testing.T) {
		t.Parallel()
		// Past the gzip header (whose time and OS bytes do not guard the content), every
		// flipped byte is caught by the deflate stream, the gzip CRC or a part's SHA-256.
		dst := newInstall(t, "SQLite", nil)
		for i := 1; i < 40; i++ {
			bad := bytes.Clone(archive)
			pos := 10 + (len(bad)-10)*i/40
			bad[pos] ^= 0x01
			if _, err := dst.backups().Restore(context.Background(), opener(bad), app.RestoreOptions{}); domain.ErrorCode(err) != domain.EInvalid {
				t.Fatalf("byte %d of %d flipped: Restore = %v, want refused", pos, len(bad), err)
			}
		}
		if occ := occupied(t, dst); len(occ) != 0 {
			t.Fatalf("rows written: %v", occ)
		}
	})
	t.Run("NonEmptyTarget", func(t *testing.T) {
		t.Parallel()
		dst := newInstall(t, "SQLite", nil)
		fill(t, dst, 1)
		before, _ := dump(t, dst)
		_, err := dst.backups().Restore(context.Background(), opener(archive), app.RestoreOptions{})
		if domain.ErrorCode(err) != domain.EConflict || !strings.Contains(err.Error(), "not empty") {
			t.Fatalf("Restore into a used database = %v, want conflict", err)
		}
		dry, err := dst.backups().Restore(context.Background(), opener(archive), app.RestoreOptions{DryRun: true})
		if err != nil || domain.ErrorCode(dry.Refusal) != domain.EConflict {
			t.Fatalf("dry run into a used database = %v, %v; want a conflict refusal", dry.Refusal, err)
		}
		if after, _ := dump(t, dst); !reflect.DeepEqual(before, after) {
			t.Fatal("a refused restore changed the target")
		}
	})
	t.Run("NonEmptyBlobStore", func(t *testing.T) {
		t.Parallel()
		dst := newInstall(t, "SQLite", nil)
		if err := dst.blobs.Put(context.Background(), "x", strings.NewReader("x"), 1, ""); err != nil {
			t.Fatal(err)
		}
		_, err := dst.backups().Restore(context.Background(), opener(archive), app.RestoreOptions{})
		if domain.ErrorCode(err) != domain.EConflict || !strings.Contains(err.Error(), "blob store is not empty") {
			t.Fatalf("Restore into a used blob store = %v, want conflict", err)
		}
		if occ := occupied(t, dst); len(occ) != 0 {
			t.Fatalf("rows written: %v", occ)
		}
	})
}

// TestBackupWhileWriting backs up while writers add plants with a journal entry each in one
// transaction: read table by table without one snapshot, the journal (read after the plants)
// would name plants the backup lacks, and the restore would fail its foreign keys.
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	for _, dialect := range []string{"SQLite", "Postgres"} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			src := newInstall(t, dialect, nil)
			fill(t, src, 2)
			user := exec(t, src.store, `INSERT INTO users (username, password_hash, role, created_at) VALUES ('writer', 'x', 'user', ?)`, fillTime)
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			var written atomic.Int64
			for w := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					db := rawDB(src.store)
					for i := 0; ctx.Err() == nil; i++ {
						tx, err := db.BeginTxx(ctx, nil)
						if err != nil {
							continue
						}
						var p int64
						err = tx.QueryRowx(db.Rebind(`INSERT INTO plants (user_id, name, plant_type, acquired_date, created_at) VALUES (?, ?, 'Herbs', ?, ?) RETURNING id`), user, fmt.Sprintf("w%d-%d", w, i), fillTime, fillTime).Scan(&p)
						if err == nil {
							_, err = tx.Exec(db.Rebind(`INSERT INTO journal_entries (user_id, plant_id, title, entry_date, created_at) VALUES (?, ?, 'w', '2026-01-01', ?)`), user, p, fillTime)
						}
						if err == nil && tx.Commit() == nil {
							written.Add(1)
						} else {
							tx.Rollback()
						}
					}
				}()
			}
			for written.Load() < 20 {
				time.Sleep(5 * time.Millisecond)
			}
			// Tables are read slowly, so that writers commit between them.
			var buf bytes.Buffer
			_, err := app.NewBackups(slowStore{src.store}, src.blobs, backup.Format{}, backupClock{}, nil).Create(context.Background(), &buf, app.BackupOptions{})
			if err != nil {
				t.Fatal(err)
			}
			archive := buf.Bytes()
			cancel()
			wg.Wait()
			other := map[string]string{"SQLite": "Postgres", "Postgres": "SQLite"}[dialect]
			dst := newInstall(t, other, nil)
			if _, err := dst.backups().Restore(context.Background(), opener(archive), app.RestoreOptions{}); err != nil {
				t.Fatalf("restore of a backup taken during writes: %v", err)
			}
			var plants, entries int
			db := rawDB(dst.store)
			if err := db.Get(&plants, `SELECT COUNT(*) FROM plants WHERE name LIKE 'w%'`); err != nil {
				t.Fatal(err)
			}
			if err := db.Get(&entries, `SELECT COUNT(*) FROM journal_entries WHERE title = 'w'`); err != nil {
				t.Fatal(err)
			}
			if plants != entries || plants == 0 {
				t.Fatalf("restored %d writer plants and %d journal entries, want equal and not 0", plants, entries)
			}
			t.Logf("%d plants written during the test, %d in the backup", written.Load(), plants)
		})
	}
}

// slowStore pauses before reading each table.
type slowStore struct{ *sqlstore.Store }

type slowSnapshot struct{ ports.BackupSnapshot }

func (s slowStore) Snapshot(ctx context.Context, fn func(ports.BackupSnapshot) error) error {
	return s.Store.Snapshot(ctx, func(snap ports.BackupSnapshot) error { return fn(slowSnapshot{snap}) })
}

func (s slowSnapshot) Rows(ctx context.Context, table string, fn func([]any) error) error {
	time.Sleep(20 * time.Millisecond)
	return s.BackupSnapshot.Rows(ctx, table, fn)
}
