package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/weather/weathertest"
	"github.com/gardenctl/garden/core/domain"
)

// What the weather changed (the dashboard's card) and the rain's line in a plant's care log
// are in the gardener's language; the gardener's own notes stay as written (issue #25 item 3).
func TestLanguage_WeatherCardAndRainNote(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			srv := weathertest.New()
			defer srv.Close()
			h := newHarness(t, options{postgres: db.postgres, weather: srv})
			tok := h.gardener("greta")
			expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de",
				"gardenLocation": map[string]any{"name": "Leeds", "latitude": 53.8, "longitude": -1.55}}), 200, "")
			r := h.do("POST", "/api/plants", tok, map[string]any{"name": "Tomato", "plantType": "Vegetables", "outdoor": true, "waterFrequency": 7,
				"lastWatered": h.clock.Now().AddDate(0, 0, -7).Format(time.RFC3339)})
			expect(t, r, 201, "")
			tomato := int64(r.body["id"].(float64))
			expect(t, h.do("POST", fmt.Sprintf("/api/plants/%d/care", tomato), tok, map[string]any{"kind": "mist", "note": "Rain at the garden"}), 201, "")
			today := domain.DateOf(h.clock.Now())
			srv.SetDays(domain.DailyWeather{Day: today, PrecipitationMM: 9.5, MinC: 4, MaxC: 11})
			if run, err := h.weather.Run(context.Background(), nil); err != nil || run.RainWatered != 1 {
				t.Fatalf("run %+v %v", run, err)
			}

			card := h.do("GET", "/api/weather", tok, nil)
			expect(t, card, 200, "")
			changes, _ := card.body["changes"].([]any)
			if len(changes) != 1 || changes[0].(map[string]any)["message"] != "Der Regen hat 1 Freilandpflanze gegossen" ||
				changes[0].(map[string]any)["kind"] != domain.KindWeatherRain {
				t.Fatalf("card %s", card.raw)
			}
			log := h.careLog(t, tok, tomato)
			if len(log) < 2 || log[0]["source"] != "rain" || log[0]["note"] != "Regen im Garten" {
				t.Fatalf("rain's note: %v", log)
			}
			// The gardener's own note, though it reads like Garden's, is theirs.
			if log[1]["source"] != "manual" || log[1]["note"] != "Rain at the garden" {
				t.Fatalf("own note: %v", log[1])
			}
		})
	}
}

// A test notification's report says in the gardener's language why a channel was skipped.
func TestLanguage_TestNotificationReport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("greta")
	en := h.do("POST", "/api/notifications/test", h.gardener("ellis"), map[string]any{"type": "care_task"})
	expect(t, en, 201, "")
	expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de"}), 200, "")
	de := h.do("POST", "/api/notifications/test", tok, map[string]any{"type": "care_task"})
	expect(t, de, 201, "")
	german := map[string]string{
		"no device is registered for push":    "kein Gerät ist für Push registriert",
		"push is turned off":                  "Push ist ausgeschaltet",
		"e-mail notifications are turned off": "E-Mail-Benachrichtigungen sind ausgeschaltet",
		"the account has no e-mail address":   "das Konto hat keine E-Mail-Adresse",
		"no ntfy topic is set":                "kein ntfy-Thema eingestellt",
	}
	enCh, deCh := en.body["channels"].(map[string]any), de.body["channels"].(map[string]any)
	for _, c := range []string{"push", "email", "ntfy"} {
		e, d := enCh[c].(map[string]any), deCh[c].(map[string]any)
		want, ok := german[e["reason"].(string)]
		if !ok || d["reason"] != want || d["status"] != e["status"] {
			t.Errorf("%s: English %v, German %v", c, e, d)
		}
	}
}

// A webhook's delivery log says in the owner's language why a delivery failed.
func TestLanguage_WebhookLog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{webhooks: &webhookOptions{allowPrivate: true, timeout: time.Second}})
	rc := newReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	tok := h.gardener("greta")
	expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de"}), 200, "")
	id, _ := h.createWebhook(t, tok, map[string]any{"url": rc.srv.URL, "events": []string{"plant.watered"}})
	h.water(t, tok, h.plant(tok, "Basil"))
	h.flushWebhooks(t)
	log := h.hookLog(t, tok, id)
	if len(log) != 1 || log[0]["error"] != "Der Empfänger antwortete mit 500" || log[0]["httpStatus"] != float64(500) {
		t.Fatalf("log %v", log)
	}
	r := h.do("POST", "/api/webhooks/"+id+"/test", tok, nil)
	if r.status != 200 || !strings.HasPrefix(r.body["error"].(string), "Der Empfänger") {
		t.Fatalf("test %s", r.raw)
	}
}
