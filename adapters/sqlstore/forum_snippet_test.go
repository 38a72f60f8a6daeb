package sqlstore

import (
	"strings"
	"testing"
)

// TestFTS5Snippet: the ranked SQLite search's snippet (24 words around the first match, "…"
// where the text goes on, markers kept in pairs) from a window of the highlighted body.
func TestFTS5Snippet(t *testing.T) {
	words := func(from, to int) string {
		var b []string
		for i := from; i < to; i++ {
			b = append(b, "w"+strings.Repeat("x", i%3)+string(rune('a'+i%26)))
		}
		return strings.Join(b, " ")
	}
	long := words(0, 30) + " \x01tomatoes\x02 " + words(31, 60)
	for _, c := range []struct {
		name, in           string
		cutStart, cutEnd   bool
		prefix, suffix     bool
		contains           string
		wantWords, notWant int
	}{
		{name: "short body, whole", in: "Seeded \x01tomato\x02 topic.", contains: "Seeded \x01tomato\x02 topic", wantWords: 3},
		{name: "long body, the match in the middle", in: long, prefix: true, suffix: true, contains: "\x01tomatoes\x02", wantWords: 24},
		{name: "no match: the opening", in: words(0, 40), suffix: true, contains: "wa", wantWords: 24},
		{name: "cut window drops partial words", in: "rtial " + words(0, 10) + " \x01tomatoes\x02 " + words(11, 20) + " par", cutStart: true, cutEnd: true,
			prefix: true, suffix: true, contains: "\x01tomatoes\x02", wantWords: 20},
		{name: "a match of two words cut by the window", in: words(0, 11) + " \x01yellow leaves\x02 " + words(13, 60), prefix: false, suffix: true,
			contains: "\x01yellow leaves\x02", wantWords: 24},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := fts5Snippet(c.in, c.cutStart, c.cutEnd)
			if strings.HasPrefix(got, "…") != c.prefix || strings.HasSuffix(got, "…") != c.suffix {
				t.Fatalf("%q: ellipses (start %v, end %v)", got, c.prefix, c.suffix)
			}
			if !strings.Contains(got, c.contains) {
				t.Fatalf("%q does not contain %q", got, c.contains)
			}
			if n := len(strings.Fields(strings.Trim(got, "…"))); n != c.wantWords {
				t.Fatalf("%q: %d words, want %d", got, n, c.wantWords)
			}
			if strings.Count(got, "\x01") != strings.Count(got, "\x02") {
				t.Fatalf("%q: unpaired markers", got)
			}
			if strings.Contains(got, "rtial") || strings.HasSuffix(strings.TrimSuffix(got, "…"), "par") {
				t.Fatalf("%q keeps a partial word", got)
			}
		})
	}
}
