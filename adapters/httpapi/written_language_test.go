package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// speaks sets the gardener's language (Settings).
func speaks(t *testing.T, h *harness, tok, lang string) {
	t.Helper()
	expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": lang}), 200, "")
}

// The iCalendar feed is written in its owner's language: a German gardener's calendar app
// shows German summaries and descriptions, an English one's English (issue #25 item 3).
func TestLanguage_CalendarFeedInTheOwnersLanguage(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		feed := func(name, lang string) string {
			tok := h.gardener(name)
			if lang != "" {
				speaks(t, h, tok, lang)
			}
			plant := h.plantWith(tok, map[string]any{"name": "Basilikum", "plantType": "Herbs", "waterFrequency": 7, "lastWatered": "2026-05-30T09:00:00Z"})
			h.do("POST", "/api/care-tasks", tok, map[string]any{"plantId": plant, "taskType": "repot", "scheduledDate": "2026-06-03",
				"isRecurring": true, "recurringDays": 10, "notes": "Use rain water"})
			url := h.do("GET", "/api/calendar/feed", tok, nil).body["url"].(string)
			r := h.do("GET", strings.TrimPrefix(url, "https://garden.example.org"), "", nil)
			if r.status != 200 {
				t.Fatalf("feed: %d %s", r.status, r.raw)
			}
			return r.raw
		}
		de := feed("greta", "de")
		for _, want := range []string{"SUMMARY:Basilikum umtopfen", "SUMMARY:Basilikum gießen", "DESCRIPTION:Wiederholt sich alle 10 Tage. Use rain water"} {
			if !strings.Contains(de, want) {
				t.Errorf("German feed lacks %q:\n%s", want, de)
			}
		}
		if strings.Contains(de, "Repeats every") || strings.Contains(de, "SUMMARY:Water") || strings.Contains(de, "SUMMARY:Repot") {
			t.Errorf("German feed has English:\n%s", de)
		}
		en := feed("ellis", "")
		for _, want := range []string{"SUMMARY:Repot Basilikum", "SUMMARY:Water Basilikum", "DESCRIPTION:Repeats every 10 days. Use rain water"} {
			if !strings.Contains(en, want) {
				t.Errorf("English feed lacks %q:\n%s", want, en)
			}
		}
	})
}

// A sowing reminder's task note is written in the gardener's language when it is made (it is
// then their note, never translated again).
func TestLanguage_SowingReminderNote(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ids := h.sowingItems(t)
	note := func(name, lang, step string, item int64) string {
		tok := h.gardener(name)
		if lang != "" {
			speaks(t, h, tok, lang)
		}
		expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"lastSpringFrost": "05-10"}), 200, "")
		r := h.do("POST", fmt.Sprintf("/api/sowing/%d/reminder", item), tok, map[string]any{"step": step})
		expect(t, r, 201, "")
		return r.body["task"].(map[string]any)["notes"].(string)
	}
	if got := note("greta", "de", "sowIndoors", ids["Tomato"]); got != "Vorziehen: Tomato" {
		t.Errorf("German indoor note %q", got)
	}
	if got := note("gunter", "de", "directSow", ids["Bean"]); got != "Direktsaat: Bean" {
		t.Errorf("German outdoor note %q", got)
	}
	if got := note("ellis", "", "sowIndoors", ids["Tomato"]); got != "Sow indoors: Tomato" {
		t.Errorf("English note %q", got)
	}
}

// A layout's copy is named in the language of the gardener who copies it.
func TestLanguage_LayoutCopyName(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		copyName := func(name, lang string) string {
			tok := h.gardener(name)
			if lang != "" {
				speaks(t, h, tok, lang)
			}
			l := h.do("POST", "/api/garden-layouts", tok, map[string]any{"name": "Back garden", "width": 10, "height": 10,
				"beds": []map[string]any{{"name": "Bed", "x": 0, "y": 0, "width": 2, "height": 2}}})
			expect(t, l, 201, "")
			c := h.do("POST", fmt.Sprintf("/api/garden-layouts/%d/copy", idOf(l)), tok, nil)
			expect(t, c, 201, "")
			return c.body["name"].(string)
		}
		if got := copyName("greta", "de"); got != "Kopie von Back garden" {
			t.Errorf("German copy %q", got)
		}
		if got := copyName("hanna", "hu"); got != "Back garden (másolat)" {
			t.Errorf("Hungarian copy %q", got)
		}
		if got := copyName("ellis", ""); got != "Copy of Back garden" {
			t.Errorf("English copy %q", got)
		}
	})
}

// The note of a plant taken from a listing is written in the taker's language, its date too.
func TestLanguage_PlantFromListingNote(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann := h.gardener("ann")
	take := func(name, lang string) string {
		tok := h.gardener(name)
		if lang != "" {
			speaks(t, h, tok, lang)
		}
		u, _ := h.store.UserByUsername(context.Background(), name)
		path := fmt.Sprintf("/api/plant-sharing/%d", h.listing(ann, nil))
		expect(t, h.do("POST", path+"/messages", tok, map[string]any{"message": "I'd love some"}), 201, "")
		expect(t, h.do("PATCH", path, ann, map[string]any{"status": "Closed", "completedWithUserId": u.ID}), 200, "")
		r := h.do("POST", path+"/add-to-my-plants", tok, nil)
		expect(t, r, 201, "")
		return r.body["notes"].(string)
	}
	de := take("bea", "de")
	if !strings.HasPrefix(de, "Aus dem Pflanzenangebot „Spare mint cuttings“ von ann (/community/plant-sharing/") || !strings.HasSuffix(de, "), 1. Juni 2026.") {
		t.Errorf("German note %q", de)
	}
	en := take("cyd", "")
	if !strings.HasPrefix(en, "From the plant sharing listing \"Spare mint cuttings\" by ann (/community/plant-sharing/") || !strings.HasSuffix(en, "), Jun 1, 2026.") {
		t.Errorf("English note %q", en)
	}
}

// What a HortusFox import writes into the gardener's content (the line with HortusFox's own
// fields in a plant's notes, an untitled gallery photo's title) is in the importer's language.
func TestLanguage_HortusFoxImportWritesInTheImportersLanguage(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		put := func(name string, b []byte) {
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(b)
		}
		j := func(v any) []byte { b, _ := json.Marshal(v); return b }
		put("plants/data.json", j([]map[string]any{{"id": "1", "name": "Basil", "notes": "On the sill", "humidity": "60", "created_at": "2024-01-02 10:00:00"}}))
		put("gallery/img/g1.png", pngBytes(t))
		put("gallery/data.json", j([]map[string]any{{"id": "1", "plant": "1", "label": "", "original": "g1.png", "created_at": "2024-02-01 10:00:00"}}))
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		imported := func(name, lang string) (notes, title string) {
			tok := h.gardener(name)
			if lang != "" {
				speaks(t, h, tok, lang)
			}
			expect(t, h.do("POST", "/api/import/hortusfox", tok, buf.String()), 200, "")
			plants := h.items(h.do("GET", "/api/plants", tok, nil))
			entries := h.items(h.do("GET", "/api/journal-entries", tok, nil))
			if len(plants) != 1 || len(entries) != 1 {
				t.Fatalf("%d plants, %d entries", len(plants), len(entries))
			}
			return plants[0]["notes"].(string), entries[0]["title"].(string)
		}
		notes, title := imported("greta", "de")
		if notes != "On the sill\n\nAus HortusFox: humidity: 60" || title != "Foto von Basil" {
			t.Errorf("German: notes %q, title %q", notes, title)
		}
		notes, title = imported("ellis", "")
		if notes != "On the sill\n\nFrom HortusFox: humidity: 60" || title != "Photo of Basil" {
			t.Errorf("English: notes %q, title %q", notes, title)
		}
	})
}
