// Package i18n is Garden's message catalogue (issue #25 item 3): the server's English texts,
// which stay the source and the keys, and their translations in the other eleven languages.
//
// The core writes its messages in English with their placeholders filled in ("Too many failed
// login attempts. Please try again in 5 minutes."). The catalogue keys are the English
// constants and format strings of the core (domain.Msg… and the fmt formats its messages are
// built from); a rendered text is found by its exact key or by the pattern of a format key,
// whose arguments are then put, translated themselves where the catalogue holds them, into
// the translation's placeholders. A text the catalogue does not know stays as it is.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"github.com/gardenctl/garden/core/domain"
)

//go:embed locales/*.json
var files embed.FS

// Catalogue holds every shipped locale's translations.
type Catalogue struct {
	keys     []string                     // en.json's keys: the source texts
	locales  map[string]map[string]string // tag → English → translation
	patterns []pattern                    // the keys with placeholders, most specific first
	matcher  language.Matcher
	tags     []string // the matcher's tags, in the matcher's order
}

type pattern struct {
	key    string
	re     *regexp.Regexp
	prefix string // the literal text before the first placeholder, a cheap first test
	// kinds says, per placeholder, what its value is: a number, a gardener's own text (a
	// quoted title, a %q), or text that may itself be a message.
	kinds []argKind
	// strict: the key matches only when its text values are messages themselves.
	strict bool
}

type argKind int

const (
	argText argKind = iota // may be a message ("5 minutes", "Thursday"), else kept
	argNumber
	argOwn // a gardener's own text: never translated
)

// strictKeys are the keys whose text placeholder says nothing about where the text comes
// from: they match only when the value is itself a message, so a gardener's sentence that
// happens to end the same way ("Courage is required") is left alone. Every other key's text
// values are translated when they are messages and kept as they are otherwise (plant names).
var strictKeys = map[string]bool{"%s is required": true, "%s (This is a test notification.)": true}

// ownArgs are the placeholders (0-based) that hold a gardener's own words (a username, a
// post, a reason): never translated, even when they look like a message.
var ownArgs = map[string][]int{
	"%s replied: %s": {0, 1}, "%s Reason: %s": {1}, "%s mentioned you in \"%s\"": {0},
	"%s sent a message about your listing \"%s\".": {0}, "%s answered your message about \"%s\".": {0},
	"%s answered \"%s\".": {0}, "%s (Expert) answered \"%s\".": {0},
}

// Load reads the embedded catalogue. It fails when a locale file is not valid JSON.
func Load() (*Catalogue, error) {
	c := &Catalogue{locales: map[string]map[string]string{}}
	entries, err := files.ReadDir("locales")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := files.ReadFile(path.Join("locales", e.Name()))
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", e.Name(), err)
		}
		tag := strings.TrimSuffix(e.Name(), ".json")
		if tag == domain.DefaultLanguage {
			for k := range m {
				c.keys = append(c.keys, k)
			}
			sort.Strings(c.keys)
			continue
		}
		c.locales[tag] = m
	}
	for _, k := range c.keys {
		if re, prefix, kinds, ok := compile(k); ok {
			for _, i := range ownArgs[k] {
				kinds[i] = argOwn
			}
			c.patterns = append(c.patterns, pattern{key: k, re: re, prefix: prefix, kinds: kinds, strict: strictKeys[k]})
		}
	}
	// The most specific pattern wins: the one with the most literal text.
	sort.SliceStable(c.patterns, func(i, j int) bool {
		return literalLen(c.patterns[i].key) > literalLen(c.patterns[j].key)
	})
	var tags []language.Tag
	for _, l := range domain.Languages {
		if l.Tag == domain.DefaultLanguage || c.locales[l.Tag] != nil {
			tags = append(tags, language.MustParse(l.Tag))
			c.tags = append(c.tags, l.Tag)
		}
	}
	c.matcher = language.NewMatcher(tags)
	return c, nil
}

// MustLoad is Load for the wiring: the catalogue is part of the binary, so a broken one is a
// build mistake.
func MustLoad() *Catalogue {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// Keys returns the source texts, sorted.
func (c *Catalogue) Keys() []string { return c.keys }

// Shipped returns the tags of the complete locales besides English, sorted.
func (c *Catalogue) Shipped() []string {
	var out []string
	for t := range c.locales {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Locale returns the translations of tag (nil for English or a locale not shipped).
func (c *Catalogue) Locale(tag string) map[string]string { return c.locales[tag] }

// Match picks the best shipped language for an Accept-Language header (or one tag).
func (c *Catalogue) Match(preferences string) string {
	prefs, _, err := language.ParseAcceptLanguage(preferences)
	if err != nil || len(prefs) == 0 {
		return domain.DefaultLanguage
	}
	_, i, conf := c.matcher.Match(prefs...)
	if conf == language.No {
		return domain.DefaultLanguage
	}
	return c.tags[i]
}

// Translate returns text in lang; English, an unknown language or an unknown text leave it as
// it is.
func (c *Catalogue) Translate(lang, text string) string {
	m := c.locales[lang]
	if m == nil || text == "" {
		return text
	}
	if t, ok := m[text]; ok {
		return t
	}
	// A text of several lines or sentences (a reminder's "Water: Basil. Tasks: prune Rose.")
	// is translated a line and a sentence at a time when each of them is a message.
	if strings.Contains(text, "\n") {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = c.Translate(lang, l)
		}
		return strings.Join(lines, "\n")
	}
	parts := splitSentences(text)
	if len(parts) > 1 {
		all := true
		out := make([]string, len(parts))
		for i, p := range parts {
			t, ok := c.translate(m, p, 0)
			out[i], all = t, all && ok
		}
		if all {
			return strings.Join(out, " ")
		}
	}
	if out, ok := c.translate(m, text, 0); ok {
		return out
	}
	// A list of messages joined by "; " (an import's "Name must …; Notes must …") is
	// translated when every part is a message.
	if strings.Contains(text, "; ") {
		parts := strings.Split(text, "; ")
		for i, p := range parts {
			t, ok := c.translate(m, p, 0)
			if !ok {
				return text
			}
			parts[i] = t
		}
		return strings.Join(parts, "; ")
	}
	return text
}

// maxDepth bounds the translation of arguments that are themselves messages.
const maxDepth = 3

func (c *Catalogue) translate(m map[string]string, text string, depth int) (string, bool) {
	out, ok, _ := c.translatePure(m, text, depth)
	return out, ok
}

// translatePure is translate that also says whether text was made of messages only (pure):
// no name, no gardener's words among its values.
func (c *Catalogue) translatePure(m map[string]string, text string, depth int) (string, bool, bool) {
	if t, ok := m[text]; ok {
		return t, true, true
	}
	if depth > maxDepth {
		return text, false, false
	}
next:
	for _, p := range c.patterns {
		if !strings.HasPrefix(text, p.prefix) {
			continue
		}
		args := p.re.FindStringSubmatch(text)
		if args == nil {
			continue
		}
		tr, ok := m[p.key]
		if !ok {
			continue
		}
		args = args[1:]
		pure := true
		for i, a := range args {
			switch p.kinds[i] {
			case argNumber:
				continue
			case argOwn:
				pure = false
				continue
			}
			out, _, argPure := c.translateArg(m, a, depth+1)
			if p.strict && !argPure {
				continue next
			}
			args[i], pure = out, pure && argPure
		}
		return fill(tr, args), true, pure
	}
	return text, false, false
}

// translateArg translates an argument that is itself a message ("Bed 3", "5 minutes"), or a
// list made only of messages ("2 plants, 1 task"); anything else (a plant's name) stays as it
// is, and ok is false.
func (c *Catalogue) translateArg(m map[string]string, a string, depth int) (string, bool, bool) {
	if strings.Contains(a, ", ") {
		parts := strings.Split(a, ", ")
		all, pure := true, true
		for i, p := range parts {
			out, ok, pp := c.translatePure(m, p, depth)
			parts[i], all, pure = out, all && ok, pure && pp
		}
		if all {
			return strings.Join(parts, ", "), true, pure
		}
	}
	if out, ok, pure := c.translatePure(m, a, depth); ok {
		return out, ok, pure
	}
	// A message quoted without its full stop ("left out: Image is too large: the limit is
	// 5 MB.") is its sentence's translation without the translation's full stop.
	if a != "" && !strings.HasSuffix(a, ".") {
		if out, ok, pure := c.translatePure(m, a+".", depth); ok {
			return strings.TrimSuffix(out, "."), true, pure
		}
	}
	return a, false, false
}

// splitSentences splits at ". " (keeping the full stop with its sentence).
func splitSentences(text string) []string {
	var out []string
	for {
		i := strings.Index(text, ". ")
		if i < 0 {
			break
		}
		out = append(out, text[:i+1])
		text = text[i+2:]
	}
	return append(out, text)
}

// verb matches a fmt placeholder: %s, %d, %q, %.0f, %[2]s, %02d, and %% (a literal per cent).
var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)

// Placeholder is one fmt verb of a message: the argument it shows (1-based) and its verb.
type Placeholder struct {
	Arg  int
	Verb string
}

// Placeholders lists the verbs of s with the argument each one shows, in order of the text.
func Placeholders(s string) []Placeholder {
	var out []Placeholder
	next := 1
	for _, m := range verb.FindAllStringSubmatch(s, -1) {
		if m[4] == "%" {
			continue
		}
		arg := next
		if m[2] != "" {
			arg, _ = strconv.Atoi(m[2])
		}
		next = arg + 1
		out = append(out, Placeholder{Arg: arg, Verb: strings.TrimPrefix(m[0], "%"+m[1])})
	}
	return out
}

// compile turns a key with placeholders into an anchored pattern of the text it renders to.
func compile(key string) (*regexp.Regexp, string, []argKind, bool) {
	locs := verb.FindAllStringSubmatchIndex(key, -1)
	var kinds []argKind
	var b strings.Builder
	b.WriteString("^")
	last, n := 0, 0
	prefix := ""
	for _, l := range locs {
		v := key[l[8]:l[9]]
		if v == "%" {
			continue
		}
		if n == 0 {
			prefix = key[:l[0]]
		}
		b.WriteString(regexp.QuoteMeta(key[last:l[0]]))
		switch v {
		case "d":
			b.WriteString(`(-?\d+)`)
			kinds = append(kinds, argNumber)
		case "f", "g":
			b.WriteString(`(-?[\d.]+)`)
			kinds = append(kinds, argNumber)
		case "q":
			b.WriteString(`("(?:[^"\\]|\\.)*")`)
			kinds = append(kinds, argOwn)
		default:
			b.WriteString(`(.+?)`)
			if strings.HasSuffix(key[:l[0]], `"`) {
				kinds = append(kinds, argOwn) // a quoted title: the gardener's own words
			} else {
				kinds = append(kinds, argText)
			}
		}
		last = l[1]
		n++
	}
	if n == 0 {
		return nil, "", nil, false
	}
	b.WriteString(regexp.QuoteMeta(key[last:]))
	b.WriteString("$")
	return regexp.MustCompile(strings.ReplaceAll(b.String(), "%%", "%")), strings.ReplaceAll(prefix, "%%", "%"), kinds, true
}

// fill puts args (already rendered text) into the placeholders of format, in order or by
// their explicit index ("%[2]s").
func fill(format string, args []string) string {
	next := 0
	return verb.ReplaceAllStringFunc(format, func(v string) string {
		m := verb.FindStringSubmatch(v)
		if m[4] == "%" {
			return "%"
		}
		i := next
		if m[2] != "" {
			i, _ = strconv.Atoi(m[2])
			i--
		}
		next = i + 1
		if i < 0 || i >= len(args) {
			return v
		}
		return args[i]
	})
}

func literalLen(key string) int { return len(verb.ReplaceAllString(key, "")) }
