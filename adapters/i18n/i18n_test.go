package i18n_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/i18n"
	"github.com/gardenctl/garden/core/domain"
)

func load(t *testing.T) *i18n.Catalogue {
	t.Helper()
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEveryDomainMessageIsAKey: a new domain.Msg… constant must be added to en.json (and so,
// by TestLocalesAreComplete, translated in every shipped locale).
func TestEveryDomainMessageIsAKey(t *testing.T) {
	c := load(t)
	keys := map[string]bool{}
	for _, k := range c.Keys() {
		keys[k] = true
	}
	var missing []string
	msgs := domainMessages(t)
	// The app's and the adapters' own messages that reach a gardener: channel and webhook
	// reports, the HortusFox import's refusals, a webhook receiver's failures, the plant
	// database import's run message and the store scraper's failures (its admins read them).
	for _, dir := range []string{"core/app", "adapters/hortusfox", "adapters/webhook", "adapters/catalogue", "jobs",
		"adapters/push", "adapters/ntfy", "adapters/smtp", "adapters/oidc", "adapters/weather", "adapters/backup", "adapters/httpapi"} {
		for name, v := range literalMessages(t, dir) {
			msgs[name] = v
		}
	}
	for name, v := range msgs {
		if !keys[v] {
			missing = append(missing, fmt.Sprintf("%s %q", name, v))
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("domain messages missing from locales/en.json:\n%s", strings.Join(missing, "\n"))
	}
}

// TestLocalesAreComplete: every shipped locale has every key, no key English no longer has,
// no empty text, and the same placeholders (argument and verb) as its English source.
func TestLocalesAreComplete(t *testing.T) {
	c := load(t)
	if len(c.Keys()) < 400 {
		t.Fatalf("en.json has %d keys", len(c.Keys()))
	}
	for _, l := range domain.Languages {
		if l.Tag != domain.DefaultLanguage && c.Locale(l.Tag) == nil {
			t.Logf("locale %s is not shipped: its gardeners read English", l.Tag)
		}
	}
	for _, tag := range c.Shipped() {
		if !domain.IsLanguage(tag) {
			t.Errorf("locales/%s.json is not one of the twelve languages", tag)
			continue
		}
		m := c.Locale(tag)
		for _, k := range c.Keys() {
			tr, ok := m[k]
			switch {
			case !ok:
				t.Errorf("%s lacks %q", tag, k)
			case strings.TrimSpace(tr) == "":
				t.Errorf("%s: %q is empty", tag, k)
			default:
				if want, got := placeholders(k), placeholders(tr); !slices.Equal(want, got) {
					t.Errorf("%s: %q has placeholders %v, English %q has %v", tag, tr, got, k, want)
				}
			}
		}
		for k := range m {
			if !slices.Contains(c.Keys(), k) {
				t.Errorf("%s has %q, which English no longer has", tag, k)
			}
		}
	}
}

// placeholders is the sorted list of "argument:verb" of s, so a translation may reorder them.
func placeholders(s string) []string {
	var out []string
	for _, p := range i18n.Placeholders(s) {
		out = append(out, fmt.Sprintf("%d:%s", p.Arg, p.Verb))
	}
	sort.Strings(out)
	return out
}

func TestEnglishIsTheSource(t *testing.T) {
	c := load(t)
	if c.Translate("en", domain.MsgNotSignedIn) != domain.MsgNotSignedIn || c.Translate("xx", domain.MsgNotSignedIn) != domain.MsgNotSignedIn {
		t.Error("English or an unknown language changed a message")
	}
	if got := c.Translate("de", "Some text nobody wrote"); got != "Some text nobody wrote" {
		t.Errorf("unknown text: %q", got)
	}
}

func TestMatch(t *testing.T) {
	c := load(t)
	for in, want := range map[string]string{
		"": "en", "de-AT,de;q=0.9,en;q=0.8": "de", "fr-CH, fr;q=0.9": "fr", "nl": "nl", "zz": "en", "en-GB": "en",
		"pt-BR": "pt-BR", "not a header;;": "en",
	} {
		if !slices.Contains(c.Shipped(), want) && want != "en" {
			continue // a locale not shipped falls back to English; tested by its own entry once shipped
		}
		if got := c.Match(in); got != want {
			t.Errorf("Match(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPlaceholdersTranslateWithTheirValues: a rendered message is found by its format, and its
// values land in the translation's placeholders, themselves translated where they are messages.
func TestPlaceholdersTranslateWithTheirValues(t *testing.T) {
	c := load(t)
	cases := []struct{ lang, in, want string }{
		{"de", "You have sent too many messages. Please try again in 5 minutes.", "Du hast zu viele Nachrichten gesendet. Bitte versuche es in 5 Minuten erneut."},
		{"de", "Too many failed login attempts. Please try again in 1 minute.", "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 1 Minute erneut."},
		{"fr", "Frost expected Thursday night: protect Basil, Tomato", "Gel annoncé dans la nuit de jeudi : protégez Basil, Tomato"},
		{"nl", "Today's plant care: 2 plants, 1 task", "Plantenzorg voor vandaag: 2 planten, 1 taak"},
		{"nl", "Water: Basil, Mint. Fertilize: Mint. Tasks: prune Rose.", "Water geven: Basil, Mint. Bemesten: Mint. Taken: Rose snoeien."},
		{"de", "Water: A, B, C, D, E and 3 more.", "Gießen: A, B, C, D, E und 3 weitere."},
		{"de", "No plant of yours is named \"Mint\"", "Keine deiner Pflanzen heißt \"Mint\""},
		{"de", "Tasks: prune Rose, water Mint (since Jun 2).", "Aufgaben: Rose zurückschneiden, Mint gießen (seit 2. Juni)."},
		{"hu", "Your listing \"Mint\" expires on Jun 3, 2027. Renew it to keep it listed.", "A(z) „Mint” hirdetésed lejár: 2027. június 3. Hosszabbítsd meg, hogy látható maradjon."},
		{"ru", "Your listing \"Mint\" expires on Jun 3, 2027. Renew it to keep it listed.", "Срок вашего объявления «Mint» истекает 3 июня 2027. Продлите его, чтобы оно оставалось на виду."},
		{"nl", "Heat expected Friday (34 °C): watering Basil, Tomato a day earlier", "Hitte verwacht op vrijdag (34 °C): Basil, Tomato krijgen een dag eerder water"},
		{"de", "A moderator removed your post in \"Thursday\". Reason: Courage is required", "Ein Moderator hat deinen Beitrag in „Thursday“ entfernt. Grund: Courage is required"},
		// A gardener's own words are never translated, even where they look like a message.
		{"de", "Gerda replied: Courage is required", "Gerda hat geantwortet: Courage is required"},
		{"de", "New reply in \"Harvest time\"", "Neue Antwort in „Harvest time“"},
		// Error bodies and a failed channel's reason: the HTTP adapter's and the channels' texts.
		{"de", "username must be a string", "username muss ein Text sein"},
		{"fr", "Could not reach the push service; The ntfy server refused the message (403 Forbidden)", "Impossible de joindre le service push; Le serveur ntfy a refusé le message (403 Forbidden)"},
		{"ru", "The mail server refused the message (550 mailbox unavailable)", "Почтовый сервер отклонил сообщение (550 mailbox unavailable)"},
		// The plant database import's run message and a store's failure, nested three deep.
		{"pl", "12 added, 3 updated, 40 unchanged, 1 skipped, 0 failed", "dodane: 12, zaktualizowane: 3, bez zmian: 40, pominięte: 1, nieudane: 0"},
		{"de", "listing page 3: HTTP 500 Internal Server Error after 2 retries; later pages were not read", "Listenseite 3: HTTP 500 Internal Server Error nach 2 Wiederholungen; spätere Seiten wurden nicht gelesen"},
		{"fr", "Rain watered 3 outdoor plants. My own note. 1 plant", "Rain watered 3 outdoor plants. My own note. 1 plant"},
	}
	for _, tc := range cases {
		if !slices.Contains(c.Shipped(), tc.lang) {
			t.Fatalf("locale %s is not shipped", tc.lang)
		}
		if got := c.Translate(tc.lang, tc.in); got != tc.want {
			t.Errorf("%s %q:\n got %q\nwant %q", tc.lang, tc.in, got, tc.want)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	got := i18n.Placeholders("%[2]s a %d %% %.0f %q %s")
	want := []i18n.Placeholder{{2, "s"}, {3, "d"}, {4, ".0f"}, {5, "q"}, {6, "s"}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v", got)
	}
}

// TestListsAndQuotedMessages: a list of messages joined by "; " is translated part by part, a
// message quoted without its full stop keeps none, and a list with a text that is not a message
// stays as it is.
func TestListsAndQuotedMessages(t *testing.T) {
	c := load(t)
	for _, tc := range []struct{ in, want string }{
		{domain.MsgPlantNameTooShort + "; " + domain.MsgPlantNameTooShort, "Der Pflanzenname muss mindestens 2 Zeichen lang sein; Der Pflanzenname muss mindestens 2 Zeichen lang sein"},
		{domain.MsgPlantNameTooShort + "; my own words", domain.MsgPlantNameTooShort + "; my own words"},
		{`The photo a.png of "Ivy" was left out: Image is too large: the limit is 5 MB.`, `Das Foto a.png von "Ivy" wurde nicht übernommen: Das Bild ist zu groß: höchstens 5 MB.`},
	} {
		if got := c.Translate("de", tc.in); got != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}
