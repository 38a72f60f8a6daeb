package app_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/hortusfox"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// seedEveryKind gives the rig's user plants with photos, gallery entries and tasks (a
// HortusFox import), a harvest with a photo, an API token, a personal notification, a forum
// topic and a reply, and returns the photos their rows show.
func seedEveryKind(t *testing.T, r *importRig) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	zipped, _ := householdBackup(t)
	if _, err := r.run(t, zipped, false); err != nil {
		t.Fatal(err)
	}
	harvestPhoto := pngOf(t, 12, 12)
	key, err := app.NewImages(r.blobs, quiet).Store(ctx, harvestPhoto)
	if err != nil {
		t.Fatal(err)
	}
	db, uid := r.s.SQLDB(), r.user.User.ID
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO harvests (user_id, plant_name, harvest_date, quantity, unit, unit_kind, image_url, created_at, updated_at)
			VALUES (?, 'Basil', '2026-03-30', 120, 'g', 'mass', ?, ?, ?)`, []any{uid, "/api/images/" + strings.TrimPrefix(key, app.ImageKeyPrefix), now, now}},
		{`INSERT INTO notifications (kind, title, content, target_type, target_id, created_at) VALUES ('admin', 'Hello', 'Welcome', 'user', ?, ?)`, []any{uid, now}},
	} {
		if _, err := db.Exec(rebind(r.s, q.sql), q.args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.s.CreateAPIToken(ctx, &domain.APIToken{UserID: uid, Name: "Home Assistant", Scope: domain.TokenScope("read"),
		TokenHash: "secret-hash-never-exported", CreatedAt: now, ExpiresAt: now.AddDate(0, 1, 0)}, 10, now); err != nil {
		t.Fatal(err)
	}
	forum := app.NewForum(r.s, r.s, sanitize.NewUserContent(), nil, fixedClock{now}, app.ForumConfig{}, quiet)
	name := "General"
	cat, err := forum.CreateCategoryAsOperator(ctx, app.CategoryInput{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	topic, err := forum.CreateTopic(ctx, r.user, domain.NewTopic{CategoryID: cat.ID, Title: "My basil is flowering", Content: "<p>Should I pinch the flowers off now or wait?</p>"})
	if err != nil {
		t.Fatal(err)
	}
	other := forumMember(t, r.s, "bramble")
	if _, err := forum.Reply(ctx, other, topic.ID, "<p>Yes, pinch the flowers off as soon as they show.</p>"); err != nil {
		t.Fatal(err)
	}
	if _, err := forum.Reply(ctx, r.user, topic.ID, "<p>Thank you, I will pinch them this evening.</p>"); err != nil {
		t.Fatal(err)
	}
	photos := map[string][]byte{strings.TrimPrefix(key, app.ImageKeyPrefix): harvestPhoto}
	if err := r.blobs.List(ctx, app.ImageKeyPrefix, func(k string, _ ports.BlobInfo) error {
		if !strings.HasPrefix(k, "images/thumbs/") {
			rc, _, err := r.blobs.Get(ctx, k)
			if err != nil {
				return err
			}
			defer rc.Close()
			b, _ := io.ReadAll(rc)
			photos[strings.TrimPrefix(k, app.ImageKeyPrefix)] = b
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return photos
}

// TestUserData_Export: "Download my data" holds a JSON and a CSV file of every kind, the rows
// of the kinds the user has, no password or token hash, and every photo byte for byte. On
// both databases.
func TestUserData_Export(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := newImportRig(t, open(t), hortusfox.Reader{})
			photos := seedEveryKind(t, r)
			var buf bytes.Buffer
			if err := app.NewUserData(r.s, r.blobs, fixedClock{now}, quiet).Export(context.Background(), r.user, &buf); err != nil {
				t.Fatal(err)
			}
			zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for _, f := range zr.File {
				rc, _ := f.Open()
				files[f.Name], _ = io.ReadAll(rc)
				rc.Close()
			}
			rows := func(kind string) []map[string]any {
				var out []map[string]any
				if err := json.Unmarshal(files["json/"+kind+".json"], &out); err != nil {
					t.Fatalf("%s.json: %v", kind, err)
				}
				return out
			}
			for _, kind := range domain.UserDataKinds {
				if _, ok := files["csv/"+kind+".csv"]; !ok {
					t.Errorf("no csv/%s.csv", kind)
				}
				rows(kind)
			}
			for kind, want := range map[string]int{"profile": 1, "plants": 3, "journal_entries": 2, "care_tasks": 2, "harvests": 1,
				"api_tokens": 1, "notifications": 1, "forum_topics": 1, "forum_posts": 1} {
				if got := len(rows(kind)); got != want {
					t.Errorf("%s: %d rows, want %d", kind, got, want)
				}
			}
			if len(rows("care_events")) == 0 {
				t.Error("no care events")
			}
			if p := rows("profile")[0]; p["username"] != "fern" || p["password_hash"] != nil {
				t.Errorf("profile %v", p)
			}
			if bytes.Contains(buf.Bytes(), []byte("secret-hash-never-exported")) {
				t.Error("a token hash was exported")
			}
			if recs, err := csv.NewReader(bytes.NewReader(files["csv/plants.csv"])).ReadAll(); err != nil || len(recs) != 4 || recs[0][2] != "name" {
				t.Errorf("plants.csv: %v %v", recs, err)
			}
			if len(photos) != 5 {
				t.Fatalf("seeded %d photos", len(photos))
			}
			for key, want := range photos {
				if !bytes.Equal(files["photos/"+key], want) {
					t.Errorf("photo %s missing or changed", key)
				}
			}
		})
	}
}

// sinkCounter is an io.Writer that counts what reached it.
type sinkCounter struct{ n int64 }

func (c *sinkCounter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// spyUserData records, at each row it hands on, how many bytes had reached the sink.
type spyUserData struct {
	*sqlstore.Store
	sink *sinkCounter
	seen []int64
}

func (s *spyUserData) UserData(ctx context.Context, userID int64, kind string, fn func([]string, []any) error) error {
	return s.Store.UserData(ctx, userID, kind, func(c []string, v []any) error {
		if kind == "plants" {
			s.seen = append(s.seen, s.sink.n)
		}
		return fn(c, v)
	})
}

// TestUserData_ExportStreams: the export writes rows out while it reads them: by the time the
// store hands over the last of 400 plants (about 2.4 MB of JSON), most of the plants before
// it have already reached the writer, so memory does not grow with the data.
func TestUserData_ExportStreams(t *testing.T) {
	t.Parallel()
	s := dbtest.SQLite(t)
	r := newImportRig(t, s, hortusfox.Reader{})
	ctx := context.Background()
	for i := range 400 {
		b := make([]byte, 3000)
		rand.Read(b)
		p := &domain.Plant{UserID: r.user.User.ID, Name: "Plant " + hex.EncodeToString([]byte{byte(i >> 8), byte(i)}), Type: domain.Herbs,
			Notes: hex.EncodeToString(b), CreatedAt: now, AcquiredDate: now}
		if err := s.CreatePlant(ctx, p, 0); err != nil {
			t.Fatal(err)
		}
	}
	sink := &sinkCounter{}
	spy := &spyUserData{Store: s, sink: sink}
	if err := app.NewUserData(spy, r.blobs, fixedClock{now}, quiet).Export(ctx, r.user, sink); err != nil {
		t.Fatal(err)
	}
	if len(spy.seen) != 800 { // the JSON pass and the CSV pass
		t.Fatalf("%d plant rows read", len(spy.seen))
	}
	firstPass := spy.seen[:400]
	if first, last := firstPass[0], firstPass[399]; last-first < 1<<20 {
		t.Fatalf("only %d bytes reached the writer while 400 plants were read: the export buffers", last-first)
	}
}

// rebind writes a query's ? placeholders as the store's database wants them.
func rebind(s *sqlstore.Store, q string) string {
	if s.Dialect() != sqlstore.Postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, c := range q {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
