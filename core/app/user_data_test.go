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
	"time"

	"github.com/gardenctl/garden/adapters/blob/local"
	"github.com/gardenctl/garden/adapters/hortusfox"
	"github.com/gardenctl/garden/adapters/password"
	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/adapters/zipexport"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
	"github.com/gardenctl/garden/tests/miniotest"
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
	forum := app.NewForum(r.s, sanitize.NewUserContent(), nil, fixedClock{now}, app.ForumConfig{}, quiet)
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
			if err := app.NewUserData(r.s, r.blobs, zipexport.Format{}, password.Fast, fixedClock{now}, quiet).Export(context.Background(), r.user, &buf); err != nil {
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
	if err := app.NewUserData(spy, r.blobs, zipexport.Format{}, password.Fast, fixedClock{now}, quiet).Export(ctx, r.user, sink); err != nil {
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

// TestUserData_DeleteOwnAccount: with their password a gardener deletes their account: no row
// of theirs and none of their photos (nor thumbnails) is left, while the forum topic and posts,
// the answer and the message others rely on stay, as by "Deleted user"; a wrong password,
// a superadmin and the protected account are refused with nothing deleted. On both databases
// and both blob stores.
func TestUserData_DeleteOwnAccount(t *testing.T) {
	t.Parallel()
	blobStores := map[string]func(t *testing.T) ports.BlobStore{
		"Local": func(t *testing.T) ports.BlobStore {
			b, err := local.New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			return b
		},
		"MinIO": func(t *testing.T) ports.BlobStore { return miniotest.Store(t) },
	}
	for dbName, open := range dbtest.Dialects() {
		for blobName, blobs := range blobStores {
			t.Run(dbName+"/"+blobName, func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				r := newImportRigOn(t, open(t), blobs(t), hortusfox.Reader{})
				seedEveryKind(t, r)
				hash, _ := password.Fast.Hash("long-secret-1")
				uid := r.user.User.ID
				u, err := r.s.UpdateUser(ctx, uid, func(u *domain.User) error { u.PasswordHash = hash; return nil })
				if err != nil {
					t.Fatal(err)
				}
				r.user.User = u
				bramble, err := r.s.UserByUsername(ctx, "bramble")
				if err != nil {
					t.Fatal(err)
				}
				db := r.s.SQLDB()
				var questionID, listingID int64
				if err := db.QueryRow(rebind(r.s, `INSERT INTO expert_questions (user_id, title, content, content_text, created_at, updated_at)
					VALUES (?, 'Yellow tomato leaves', '<p>Why so yellow</p>', 'Why so yellow', ?, ?) RETURNING id`), bramble.ID, now, now).Scan(&questionID); err != nil {
					t.Fatal(err)
				}
				if err := db.QueryRow(rebind(r.s, `INSERT INTO plant_listings (user_id, title, plant_name, plant_type, listing_type, created_at, updated_at, expires_at)
					VALUES (?, 'Spare mint', 'Mint', 'Herbs', 'Free', ?, ?, ?) RETURNING id`), bramble.ID, now, now, now.AddDate(0, 1, 0)).Scan(&listingID); err != nil {
					t.Fatal(err)
				}
				for _, q := range []struct {
					sql  string
					args []any
				}{
					{`INSERT INTO expert_answers (question_id, user_id, content, created_at) VALUES (?, ?, 'Too much water.', ?)`, []any{questionID, uid, now}},
					{`INSERT INTO listing_messages (listing_id, partner_id, sender_id, message, created_at) VALUES (?, ?, ?, 'May I have some please', ?)`, []any{listingID, uid, uid, now}},
					{`INSERT INTO listing_messages (listing_id, partner_id, sender_id, message, created_at) VALUES (?, ?, ?, 'Of course!', ?)`, []any{listingID, uid, bramble.ID, now}},
				} {
					if _, err := db.Exec(rebind(r.s, q.sql), q.args...); err != nil {
						t.Fatal(err)
					}
				}
				svc := app.NewUserData(r.s, r.blobs, zipexport.Format{}, password.Fast, fixedClock{now}, quiet)
				blobsBefore := r.blobCount(t)

				err = svc.DeleteOwnAccount(ctx, r.user, "wrong-password")
				if domain.ErrorCode(err) != domain.EInvalid || err.Error() != domain.MsgDeletePasswordWrong {
					t.Fatalf("wrong password: %v", err)
				}
				if _, err := r.s.UserByID(ctx, uid); err != nil || r.blobCount(t) != blobsBefore {
					t.Fatalf("a refused deletion deleted: %v", err)
				}
				if err := svc.DeleteOwnAccount(ctx, r.user, "long-secret-1"); err != nil {
					t.Fatal(err)
				}
				if _, err := r.s.UserByID(ctx, uid); domain.ErrorCode(err) != domain.ENotFound {
					t.Fatalf("user still there: %v", err)
				}
				if n := r.blobCount(t); n != 0 {
					t.Fatalf("%d blobs left", n)
				}
				for _, q := range []string{
					`SELECT count(*) FROM plants WHERE user_id = ?`, `SELECT count(*) FROM care_tasks WHERE user_id = ?`,
					`SELECT count(*) FROM journal_entries WHERE user_id = ?`, `SELECT count(*) FROM care_events WHERE user_id = ?`,
					`SELECT count(*) FROM harvests WHERE user_id = ?`, `SELECT count(*) FROM api_tokens WHERE user_id = ?`,
					`SELECT count(*) FROM sessions WHERE user_id = ?`, `SELECT count(*) FROM import_sources WHERE user_id = ?`,
					`SELECT count(*) FROM notifications WHERE target_type = 'user' AND target_id = ?`,
					`SELECT count(*) FROM forum_posts WHERE author_id = ?`, `SELECT count(*) FROM forum_topics WHERE author_id = ?`,
					`SELECT count(*) FROM expert_answers WHERE user_id = ?`,
					`SELECT count(*) FROM listing_messages WHERE sender_id = ? OR partner_id = ?`,
				} {
					var n int
					args := []any{uid}
					if strings.Count(q, "?") == 2 {
						args = append(args, uid)
					}
					if err := db.QueryRow(rebind(r.s, q), args...).Scan(&n); err != nil || n != 0 {
						t.Errorf("%s: %d rows left (%v)", q, n, err)
					}
				}
				var kept struct{ topics, posts, answers, messages int }
				if err := db.QueryRow(rebind(r.s, `SELECT
					(SELECT count(*) FROM forum_topics t JOIN users u ON u.id = t.author_id WHERE u.username = 'Deleted user'),
					(SELECT count(*) FROM forum_posts p JOIN users u ON u.id = p.author_id WHERE u.username = 'Deleted user'),
					(SELECT count(*) FROM expert_answers a JOIN users u ON u.id = a.user_id WHERE u.username = 'Deleted user'),
					(SELECT count(*) FROM listing_messages m JOIN users u ON u.id = m.partner_id WHERE u.username = 'Deleted user')`)).Scan(
					&kept.topics, &kept.posts, &kept.answers, &kept.messages); err != nil {
					t.Fatal(err)
				}
				if kept != (struct{ topics, posts, answers, messages int }{1, 1, 1, 2}) {
					t.Fatalf("kept as Deleted user: %+v", kept)
				}

				boss := forumMember(t, r.s, "boss")
				boss.User, _ = r.s.UpdateUser(ctx, boss.User.ID, func(u *domain.User) error {
					u.Role, u.PasswordHash = domain.RoleSuperadmin, hash
					return nil
				})
				if err := svc.DeleteOwnAccount(ctx, boss, "long-secret-1"); domain.ErrorCode(err) != domain.EForbidden {
					t.Fatalf("superadmin: %v", err)
				}
			})
		}
	}
}

// TestUserData_DeleteSingleSignOnAccount: an account made by single sign-on has no password, so
// a sign-in of the last ten minutes stands in for it: an older session or an API token is
// refused with nothing deleted, a fresh session deletes, whatever password is sent.
func TestUserData_DeleteSingleSignOnAccount(t *testing.T) {
	t.Parallel()
	for dbName, open := range dbtest.Dialects() {
		t.Run(dbName, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s := open(t)
			dir, err := local.New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			member := forumMember(t, s, "willow")
			u, err := s.UpdateUser(ctx, member.User.ID, func(u *domain.User) error { u.PasswordHash = ""; return nil })
			if err != nil {
				t.Fatal(err)
			}
			svc := app.NewUserData(s, dir, zipexport.Format{}, password.Fast, fixedClock{now}, quiet)
			for name, p := range map[string]*domain.Principal{
				"a session of 11 minutes": {User: u, Session: &domain.Session{UserID: u.ID, CreatedAt: now.Add(-11 * time.Minute)}},
				"an API token":            {User: u, APIToken: &domain.APIToken{UserID: u.ID}},
			} {
				err := svc.DeleteOwnAccount(ctx, p, "any-password")
				if domain.ErrorCode(err) != domain.EForbidden || err.Error() != domain.MsgDeleteFreshSignIn {
					t.Fatalf("%s: %v", name, err)
				}
				if _, err := s.UserByID(ctx, u.ID); err != nil {
					t.Fatalf("%s deleted the account: %v", name, err)
				}
			}
			fresh := &domain.Principal{User: u, Session: &domain.Session{UserID: u.ID, CreatedAt: now.Add(-2 * time.Minute)}}
			if err := svc.DeleteOwnAccount(ctx, fresh, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := s.UserByID(ctx, u.ID); domain.ErrorCode(err) != domain.ENotFound {
				t.Fatalf("user still there: %v", err)
			}
		})
	}
}
