package httpapi_test

import (
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
