package httpapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// awkwardHortusFoxBackup is a backup whose import leaves things out and warns: a photo that
// is not an image, one that is missing, one with an unusable name, a name too long, a column
// Garden has no field for, a gallery photo of a plant not in the backup, a done task, a task
// naming no plant and an inventory item.
func awkwardHortusFoxBackup(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name string, v any) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if b, ok := v.([]byte); ok {
			w.Write(b)
			return
		}
		j, _ := json.Marshal(v)
		w.Write(j)
	}
	put("plants/img/ivy.png", []byte("not an image at all"))
	put("plants/data.json", []map[string]any{
		{"id": "1", "name": "Ivy", "photo": "ivy.png", "humidity": "60", "created_at": "2024-01-02 10:00:00"},
		{"id": "2", "name": strings.Repeat("Monstera ", 15), "created_at": "2024-01-03 10:00:00"},
		{"id": "3", "name": "Fern", "photo": "../fern.png", "created_at": "2024-01-04 10:00:00"},
		{"id": "4", "name": "Mint", "photo": "mint.png", "created_at": "2024-01-05 10:00:00"},
	})
	put("gallery/data.json", []map[string]any{{"id": "1", "plant": "99", "label": "Old bed", "original": "x.png", "created_at": "2024-02-01 10:00:00"}})
	put("tasks/data.json", []map[string]any{
		{"id": "1", "title": "Repot Ivy", "description": "", "done": "1", "created_at": "2024-03-01 10:00:00"},
		{"id": "2", "title": "Clean the shed", "description": "", "done": "0", "created_at": "2024-03-02 10:00:00"},
	})
	put("inventory/data.json", []map[string]any{{"id": "1", "name": "Trowel", "created_at": "2024-04-01 10:00:00"}})
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// An import's warnings and the reasons of what it left out are in the gardener's language,
// with the same shape (counts, kinds, names) as the English answer (issue #25 item 3).
func TestLanguage_ImportResultInTheGardenersLanguage(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		backup := string(awkwardHortusFoxBackup(t))
		en := h.do("POST", "/api/import/hortusfox?dryRun=true", h.gardener("ellis"), backup)
		expect(t, en, 200, "")
		tok := h.gardener("greta")
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de"}), 200, "")
		de := h.do("POST", "/api/import/hortusfox?dryRun=true", tok, backup)
		expect(t, de, 200, "")

		strs := func(r response, key string) []string {
			var out []string
			for _, v := range r.body[key].([]any) {
				out = append(out, v.(string))
			}
			return out
		}
		long := strings.TrimSpace(strings.Repeat("Monstera ", 15))[:100]
		long = strings.TrimSpace(long)
		wantEN := []string{
			`The name of plant "` + long + `" was cut to 100 characters.`,
			`The photo of "Fern" has an unusable file name and was left out.`,
			`Garden has no fields for humidity: their values were kept in each plant's notes.`,
			`The photo plants/img/ivy.png of "Ivy" was left out: it is not a JPEG, PNG, GIF or WebP image.`,
			`The photo plants/img/mint.png of "Mint" was left out: photo not found in the backup.`,
		}
		wantDE := []string{
			`Der Name der Pflanze "` + long + `" wurde auf 100 Zeichen gekürzt.`,
			`Das Foto von "Fern" hat einen unbrauchbaren Dateinamen und wurde nicht übernommen.`,
			`Garden hat keine Felder für humidity: ihre Werte stehen jetzt in den Notizen der jeweiligen Pflanze.`,
			`Das Foto plants/img/ivy.png von "Ivy" wurde nicht übernommen: es ist kein JPEG-, PNG-, GIF- oder WebP-Bild.`,
			`Das Foto plants/img/mint.png von "Mint" wurde nicht übernommen: das Foto fehlt in der Sicherung.`,
		}
		if got := strs(en, "warnings"); !slices.Equal(got, wantEN) {
			t.Errorf("English warnings:\n%q", got)
		}
		if got := strs(de, "warnings"); !slices.Equal(got, wantDE) {
			t.Errorf("German warnings:\n%q\nwant\n%q", got, wantDE)
		}

		type item struct{ Kind, Name, Reason string }
		items := func(r response) []item {
			var out []item
			for _, v := range r.body["leftOut"].([]any) {
				m := v.(map[string]any)
				out = append(out, item{m["kind"].(string), m["name"].(string), m["reason"].(string)})
			}
			return out
		}
		if got, want := items(en), []item{
			{"gallery photo", "Old bed", "its plant is not in the backup"},
			{"task", "Repot Ivy", "already done"},
			{"task", "Clean the shed", "it names none of the backup's plants"},
			{"inventory item", "Trowel", "Garden has no inventory"},
		}; !slices.Equal(got, want) {
			t.Errorf("English left out: %v", got)
		}
		// Kinds are values and names the gardener's own: only the reasons change.
		if got, want := items(de), []item{
			{"gallery photo", "Old bed", "die zugehörige Pflanze ist nicht in der Sicherung"},
			{"task", "Repot Ivy", "bereits erledigt"},
			{"task", "Clean the shed", "sie nennt keine der Pflanzen aus der Sicherung"},
			{"inventory item", "Trowel", "Garden hat kein Inventar"},
		}; !slices.Equal(got, want) {
			t.Errorf("German left out: %v", got)
		}
		for _, k := range []string{"dryRun", "plants", "journalEntries", "tasks", "photos", "alreadyImported", "plantLimit", "currentPlants", "fits", "fitsAll"} {
			if _, ok := de.body[k]; !ok || de.body[k] != en.body[k] {
				t.Errorf("%s: German %v, English %v", k, de.body[k], en.body[k])
			}
		}

		// A refused archive: its error in German, with the same code.
		bad := h.do("POST", "/api/import/hortusfox", tok, "plain text, not a zip")
		if bad.status != 400 || bad.body["code"] != "invalid" ||
			bad.body["message"] != "Diese Datei ist kein Zip-Archiv und kann daher keine HortusFox-Sicherung sein. Es wurde nichts importiert." {
			t.Errorf("not a zip: %s", bad.raw)
		}
	})
}

// A CSV import's row messages are in the gardener's language; rows and fields stay as they are.
func TestLanguage_CSVRowMessagesInTheGardenersLanguage(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("greta")
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de"}), 200, "")
		type rowErr struct {
			Row            float64
			Field, Message string
		}
		errs := func(r response) []rowErr {
			var out []rowErr
			for _, v := range r.body["errors"].([]any) {
				m := v.(map[string]any)
				out = append(out, rowErr{m["row"].(float64), m["field"].(string), m["message"].(string)})
			}
			return out
		}
		r := h.do("POST", "/api/import/csv?kind=harvests&dryRun=true", tok, "plant,harvestDate,quantity,unit\nMint,,2,kg\n")
		expect(t, r, 200, "")
		if got, want := errs(r), []rowErr{
			{2, "plant", `Keine deiner Pflanzen heißt "Mint"`},
			{2, "harvestDate", "harvestDate ist erforderlich"},
		}; !slices.Equal(got, want) {
			t.Errorf("harvests: %v", got)
		}
		// A plant the rules refuse for two reasons: both in German, joined as in English.
		r = h.do("POST", "/api/import/csv?kind=plants&dryRun=true", tok, "name,waterFrequency\nY,0\n")
		expect(t, r, 200, "")
		if got, want := errs(r), []rowErr{
			{2, "plant", "Der Pflanzenname muss mindestens 2 Zeichen lang sein; Das Gießintervall muss mindestens 1 Tag betragen"},
		}; !slices.Equal(got, want) {
			t.Errorf("plants: %v", got)
		}
		expect(t, h.do("POST", "/api/import/csv?kind=bulbs", tok, "a\n"), 400, "")
	})
}
