package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// doLang is do with an Accept-Language header.
func (h *harness) doLang(method, path, token, lang string, body any) response {
	h.t.Helper()
	j, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, h.srv.URL+path, bytes.NewReader(j))
	req.Header.Set("Content-Type", "application/json")
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

// The same invalid request is answered in German to a German gardener, in French to a visitor
// whose browser asks for French, in English otherwise; the code never changes (issue #25 item 3).
func TestLanguage_ErrorsInTheCallersLanguage(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("greta")
		r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de"})
		expect(t, r, 200, "")
		if r.body["language"] != "de" {
			t.Fatalf("settings answer: %s", r.raw)
		}
		if got := h.do("GET", "/api/user", tok, nil); got.body["language"] != "de" {
			t.Fatalf("GET /api/user: %s", got.raw)
		}

		// A plant without a name: the gardener's language wins over the browser's.
		bad := map[string]any{"name": "", "plantType": "Herbs", "waterFrequency": 7}
		de := h.doLang("POST", "/api/plants", tok, "fr", bad)
		if de.status != 400 || de.body["code"] != domain.EInvalid || de.body["message"] != "Der Pflanzenname muss mindestens 2 Zeichen lang sein" {
			t.Fatalf("German gardener: %s", de.raw)
		}
		if f := de.body["errors"].(map[string]any); f["name"] != "Der Pflanzenname muss mindestens 2 Zeichen lang sein" {
			t.Fatalf("German field message: %s", de.raw)
		}
		en := h.do("POST", "/api/plants", h.gardener("ellis"), bad)
		if en.body["code"] != domain.EInvalid || en.body["message"] != domain.MsgPlantNameTooShort {
			t.Fatalf("English gardener: %s", en.raw)
		}

		// A visitor: the same invalid sign-in in French, and with the same code.
		body := map[string]any{"username": "x", "password": "short"}
		fr := h.doLang("POST", "/api/login", "", "fr-CH, fr;q=0.9, en;q=0.5", body)
		enV := h.doLang("POST", "/api/login", "", "", body)
		if fr.status != enV.status || fr.body["code"] != enV.body["code"] || fr.body["code"] == nil {
			t.Fatalf("visitor: fr %s, en %s", fr.raw, enV.raw)
		}
		if fr.body["message"] != "Le nom d’utilisateur doit comporter au moins 3 caractères" || enV.body["message"] != domain.MsgUsernameTooShort {
			t.Fatalf("visitor messages: fr %s, en %s", fr.raw, enV.raw)
		}
		// A language Garden does not speak: English.
		if zz := h.doLang("POST", "/api/login", "", "ja", body); zz.body["message"] != domain.MsgUsernameTooShort {
			t.Fatalf("ja visitor: %s", zz.raw)
		}
		// Signed out (no session): Accept-Language decides, with the code unchanged.
		if u := h.doLang("GET", "/api/plants", "", "de-AT", nil); u.status != 401 || u.body["code"] != domain.EUnauthorized || u.body["message"] != "Du musst angemeldet sein." {
			t.Fatalf("unauthorized visitor: %s", u.raw)
		}
	})
}

// The language setting is one of the twelve tags, validated like every other setting; an
// invalid one changes nothing.
func TestLanguage_SettingValidation(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		tok := h.gardener("lena")
		if got := h.do("GET", "/api/user", tok, nil); got.body["language"] != "" {
			t.Fatalf("default language: %s", got.raw)
		}
		for _, bad := range []any{"xx", "DE", "pt", "de-DE", "", 3} {
			r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": bad})
			if r.status != 400 || r.body["code"] != domain.EInvalid {
				t.Fatalf("language %v: %s", bad, r.raw)
			}
		}
		for _, l := range domain.Languages {
			r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": l.Tag})
			expect(t, r, 200, "")
			if r.body["language"] != l.Tag {
				t.Fatalf("language %s: %s", l.Tag, r.raw)
			}
		}
		r := h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "nb-NO"})
		if r.status != 400 || r.body["errors"].(map[string]any)["language"] == nil {
			t.Fatalf("nb-NO: %s", r.raw)
		}
		if got := h.do("GET", "/api/user", tok, nil); got.body["language"] != "ru" {
			t.Fatalf("after an invalid change: %s", got.raw)
		}
	})
}

// The server's own notifications are stored in English and read in the reader's language.
func TestLanguage_NotificationsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("gerda")
	expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "de"}), 200, "")
	r := h.do("POST", "/api/notifications/test", tok, map[string]any{"type": "expert_answer"})
	expect(t, r, 201, "")
	if n := r.body["notification"].(map[string]any); n["title"] != "Deine Frage wurde beantwortet" {
		t.Fatalf("test answer: %s", r.raw)
	}
	list := h.do("GET", "/api/notifications", tok, nil).body2()
	if len(list) != 1 || list[0]["title"] != "Deine Frage wurde beantwortet" ||
		list[0]["content"] != "Ein Experte hat „Why are my basil leaves turning yellow?“ beantwortet. (Dies ist eine Testbenachrichtigung.)" {
		t.Fatalf("list: %v", list)
	}
	// Back to English: the same stored notification reads in English again.
	expect(t, h.do("PATCH", "/api/user/settings", tok, map[string]any{"language": "en"}), 200, "")
	if list := h.do("GET", "/api/notifications", tok, nil).body2(); list[0]["title"] != "Your question has an answer" {
		t.Fatalf("English list: %v", list)
	}
}
