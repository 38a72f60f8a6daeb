package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// smallHortusFoxBackup is a HortusFox backup (as its BackupModule zips one) with one room and
// two plants, one with a photo.
func smallHortusFoxBackup(t *testing.T) []byte {
	t.Helper()
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 20, 10))); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name string, v any) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		switch b := v.(type) {
		case nil:
		case []byte:
			w.Write(b)
		default:
			j, _ := json.Marshal(b)
			w.Write(j)
		}
	}
	put("locations/", nil)
	put("locations/data.json", []map[string]any{{"id": "1", "name": "Hall", "icon": "", "active": "1", "created_at": "2024-01-01 10:00:00"}})
	put("plants/", nil)
	put("plants/img/", nil)
	put("plants/img/ivy.png", img.Bytes())
	put("plants/data.json", []map[string]any{
		{"id": "1", "name": "Ivy", "scientific_name": "Hedera helix", "location": "1", "photo": "ivy.png", "created_at": "2024-01-02 10:00:00"},
		{"id": "2", "name": "Fern", "scientific_name": "", "location": "1", "photo": "", "created_at": "2024-01-03 10:00:00"},
	})
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestImportHortusFox: POST /api/import/hortusfox previews a backup with ?dryRun=true and
// imports it without; the plants keep their photo; the same backup again adds nothing; a file
// that is not a zip is 400 with a message. On both databases.
func TestImportHortusFox(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{open: open})
			h.user("hazel", domain.RoleUser)
			tok := h.login("hazel", "password-hazel")
			backup := string(smallHortusFoxBackup(t))

			r := h.do("POST", "/api/import/hortusfox?dryRun=true", tok, backup)
			expect(t, r, 200, "")
			if r.body["plants"] != 2.0 || r.body["photos"] != 1.0 || r.body["dryRun"] != true || r.body["fitsAll"] != true {
				t.Fatalf("preview %s", r.raw)
			}
			if list := h.do("GET", "/api/plants", tok, nil); strings.Contains(list.raw, "Ivy") {
				t.Fatalf("a preview imported: %s", list.raw)
			}
			r = h.do("POST", "/api/import/hortusfox", tok, backup)
			expect(t, r, 200, "")
			if r.body["plants"] != 2.0 || r.body["dryRun"] != false {
				t.Fatalf("import %s", r.raw)
			}
			list := h.do("GET", "/api/plants", tok, nil)
			if !strings.Contains(list.raw, `"Ivy"`) || !strings.Contains(list.raw, `"Hall"`) || !strings.Contains(list.raw, "/api/images/") {
				t.Fatalf("plants %s", list.raw)
			}
			r = h.do("POST", "/api/import/hortusfox", tok, backup)
			if r.body["plants"] != 0.0 || r.body["alreadyImported"] != 2.0 {
				t.Fatalf("re-import %s", r.raw)
			}
			r = h.do("POST", "/api/import/hortusfox", tok, "these are not the bytes of a zip")
			expect(t, r, 400, "This file is not a zip archive, so it cannot be a HortusFox backup. Nothing was imported.")
			expect(t, h.do("POST", "/api/import/hortusfox", "", backup), 401, "")
		})
	}
}

// TestUserExport: GET /api/user/export answers a zip attachment holding the caller's own
// plants and photos, and only theirs; without a sign-in it is 401.
func TestUserExport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("hazel", domain.RoleUser)
	h.user("rowan", domain.RoleUser)
	tok, other := h.login("hazel", "password-hazel"), h.login("rowan", "password-rowan")
	expect(t, h.do("POST", "/api/import/hortusfox", tok, string(smallHortusFoxBackup(t))), 200, "")
	expect(t, h.do("POST", "/api/plants", other, map[string]any{"name": "Rowan's secret rose", "plantType": "Flowers"}), 201, "")

	r := h.do("GET", "/api/user/export", tok, nil)
	expect(t, r, 200, "")
	if r.header.Get("Content-Type") != "application/zip" || !strings.Contains(r.header.Get("Content-Disposition"), `filename="garden-data-hazel-`) {
		t.Fatalf("headers %v", r.header)
	}
	zr, err := zip.NewReader(strings.NewReader(r.raw), int64(len(r.raw)))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range zr.File {
		names[f.Name] = true
		if f.Name == "json/plants.json" {
			rc, _ := f.Open()
			var plants []map[string]any
			if err := json.NewDecoder(rc).Decode(&plants); err != nil || len(plants) != 2 {
				t.Fatalf("plants %v %v", plants, err)
			}
			rc.Close()
		}
	}
	photos := 0
	for n := range names {
		if strings.HasPrefix(n, "photos/") {
			photos++
		}
	}
	if !names["csv/plants.csv"] || !names["json/profile.json"] || photos != 1 || strings.Contains(r.raw, "secret rose") {
		t.Fatalf("archive holds %v", names)
	}
	expect(t, h.do("GET", "/api/user/export", "", nil), 401, "")
}

// TestDeleteOwnAccount: DELETE /api/user needs the password again, deletes the account (its
// sessions end with it) and refuses a superadmin.
func TestDeleteOwnAccount(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{open: open})
			h.user("hazel", domain.RoleUser)
			h.user("boss", domain.RoleSuperadmin)
			tok := h.login("hazel", "password-hazel")
			expect(t, h.do("POST", "/api/import/hortusfox", tok, string(smallHortusFoxBackup(t))), 200, "")
			expect(t, h.do("DELETE", "/api/user", tok, map[string]string{}), 400, domain.MsgDeletePasswordRequired)
			expect(t, h.do("DELETE", "/api/user", tok, map[string]string{"password": "nope"}), 400, domain.MsgDeletePasswordWrong)
			expect(t, h.do("DELETE", "/api/user", tok, map[string]string{"password": "password-hazel"}), 204, "")
			expect(t, h.do("GET", "/api/plants", tok, nil), 401, "")
			r := h.do("POST", "/api/login", "", map[string]string{"username": "hazel", "password": "password-hazel"})
			expect(t, r, 401, "")
			boss := h.login("boss", "password-boss")
			expect(t, h.do("DELETE", "/api/user", boss, map[string]string{"password": "password-boss"}), 403, domain.MsgSuperadminNoSelfDelete)
		})
	}
}

// TestImportCSV: POST /api/import/csv checks every row and imports all or nothing; the
// template names the kind's fields.
func TestImportCSV(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	h.user("hazel", domain.RoleUser)
	tok := h.login("hazel", "password-hazel")
	r := h.do("POST", "/api/import/csv?kind=plants&locale=en-GB", tok, "Name,Location,Last watered\nLavender,Border,28/03/2026\nY,Hall,03/28/2026\n")
	expect(t, r, 200, "")
	if r.body["imported"] != 0.0 || len(r.body["errors"].([]any)) != 2 {
		t.Fatalf("errors %s", r.raw)
	}
	r = h.do("POST", "/api/import/csv?kind=plants&locale=en-GB&map=location:Location", tok, "Name,Location,Last watered\nLavender,Border,28/03/2026\n")
	if r.body["imported"] != 1.0 {
		t.Fatalf("import %s", r.raw)
	}
	if list := h.do("GET", "/api/plants", tok, nil); !strings.Contains(list.raw, `"Lavender"`) || !strings.Contains(list.raw, `"Border"`) {
		t.Fatalf("plants %s", list.raw)
	}
	tpl := h.do("GET", "/api/import/csv-template?kind=journal", tok, nil)
	if tpl.status != 200 || strings.TrimSpace(tpl.raw) != "plant,title,entryDate,content,growthStage" {
		t.Fatalf("template %d %q", tpl.status, tpl.raw)
	}
	expect(t, h.do("POST", "/api/import/csv?kind=bulbs", tok, "a\n"), 400, domain.MsgCSVUnknownKind)
}

// TestAdminDeleteUser_Anonymises: a superadmin's DELETE /api/users/{id} takes the owner's own
// deletion path: the user's plants and sign-in go, while the topic another gardener answered
// stays, shown as by "Deleted user"; a superadmin cannot delete themselves and an admin not at
// all.
func TestAdminDeleteUser_Anonymises(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{open: open})
			boss, bossTok := h.member("boss", domain.RoleSuperadmin, nil)
			_, adminTok := h.member("adele", domain.RoleAdmin, nil)
			hazel, hazelTok := h.member("hazel", domain.RoleUser, nil)
			_, bobTok := h.member("bob", domain.RoleUser, nil)
			expect(t, h.do("POST", "/api/import/hortusfox", hazelTok, string(smallHortusFoxBackup(t))), 200, "")
			r := h.do("POST", "/api/forum/categories", bossTok, map[string]any{"name": "Herbs", "description": "Growing herbs"})
			expect(t, r, 201, "")
			h.clock.Advance(10 * time.Second)
			r = h.do("POST", "/api/forum/topics", hazelTok, map[string]any{"title": "Basil keeps wilting at noon", "categoryId": r.body["id"],
				"content": "<p>Why does my basil wilt every day at noon?</p>"})
			expect(t, r, 201, "")
			topic := fmt.Sprintf("/api/forum/topics/%v", r.body["id"])
			h.clock.Advance(10 * time.Second)
			expect(t, h.do("POST", topic+"/posts", bobTok, map[string]any{"content": "<p>Too much sun: move it.</p>"}), 201, "")

			target := fmt.Sprintf("/api/users/%d", hazel.ID)
			expect(t, h.do("DELETE", target, adminTok, nil), 403, "")
			expect(t, h.do("DELETE", fmt.Sprintf("/api/users/%d", boss.ID), bossTok, nil), 403, "")
			expect(t, h.do("DELETE", target, bossTok, nil), 204, "")
			expect(t, h.do("DELETE", target, bossTok, nil), 404, domain.MsgUserNotFound)

			expect(t, h.do("GET", "/api/plants", hazelTok, nil), 401, "")
			expect(t, h.do("POST", "/api/login", "", map[string]string{"username": "hazel", "password": "password-hazel"}), 401, "")
			page := h.do("GET", topic, bobTok, nil)
			expect(t, page, 200, "")
			if !strings.Contains(page.raw, `"username":"Deleted user"`) || strings.Contains(page.raw, `"hazel"`) {
				t.Fatalf("topic after deletion %s", page.raw)
			}
			if posts := h.do("GET", topic+"/posts", bobTok, nil); !strings.Contains(posts.raw, "Too much sun") {
				t.Fatalf("answers after deletion %s", posts.raw)
			}
			if n, err := h.store.CountPlants(context.Background(), hazel.ID); err != nil || n != 0 {
				t.Fatalf("plants left %d %v", n, err)
			}
		})
	}
}

// TestImportCSV_CareAndHarvests: POST /api/import/csv?kind=care logs care on the caller's
// plants (their care log shows it, source import), kind=harvests records harvests; their
// templates name their fields; a bad row imports nothing. On both databases.
func TestImportCSV_CareAndHarvests(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{open: open})
			h.user("hazel", domain.RoleUser)
			tok := h.login("hazel", "password-hazel")
			r := h.do("POST", "/api/import/csv?kind=plants", tok, "name,lastWatered\nLavender,2026-05-20\n")
			if r.body["imported"] != 1.0 {
				t.Fatalf("plants %s", r.raw)
			}
			for kind, want := range map[string]string{"care": "plant,kind,date,note", "harvests": "plant,harvestDate,quantity,unit,notes"} {
				if tpl := h.do("GET", "/api/import/csv-template?kind="+kind, tok, nil); tpl.status != 200 || strings.TrimSpace(tpl.raw) != want {
					t.Fatalf("%s template %d %q", kind, tpl.status, tpl.raw)
				}
			}
			r = h.do("POST", "/api/import/csv?kind=care", tok, "Plant,Kind,Date\nLavender,water,2026-05-28\nLavender,water,2026-07-01\n")
			if r.body["imported"] != 0.0 || len(r.body["errors"].([]any)) != 1 {
				t.Fatalf("future care %s", r.raw)
			}
			r = h.do("POST", "/api/import/csv?kind=care", tok, "Plant,Kind,Date,Note\nLavender,water,2026-05-28,soaked\nLavender,prune,2026-05-29,\n")
			if r.body["imported"] != 2.0 {
				t.Fatalf("care %s", r.raw)
			}
			plants := h.do("GET", "/api/plants", tok, nil).body2()
			id := fmt.Sprint(plants[0]["id"])
			log := h.do("GET", "/api/plants/"+id+"/care", tok, nil)
			if !strings.Contains(log.raw, `"source":"import"`) || !strings.Contains(log.raw, "soaked") {
				t.Fatalf("care log %s", log.raw)
			}
			if lw := h.do("GET", "/api/plants/"+id, tok, nil).body["lastWatered"]; !strings.HasPrefix(fmt.Sprint(lw), "2026-05-28") {
				t.Fatalf("lastWatered %v", lw)
			}
			r = h.do("POST", "/api/import/csv?kind=harvests", tok, "Plant,Date,Amount,Unit\nLavender,2026-05-30,3,bunches\n")
			if r.body["imported"] != 1.0 {
				t.Fatalf("harvests %s", r.raw)
			}
			if list := h.do("GET", "/api/harvests", tok, nil); !strings.Contains(list.raw, `"bunches"`) {
				t.Fatalf("harvest list %s", list.raw)
			}
		})
	}
}
