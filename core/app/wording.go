package app

import (
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// wordsFor returns what renders a text Garden writes for u (an English message or fmt format,
// a domain.Msg… or app.Msg… constant) in u's language: the iCalendar feed's summaries, and
// the texts Garden writes once into a gardener's own content (a sowing reminder's note, a
// layout copy's name, an imported photo's title), which are theirs from then on and are not
// translated on read. English when tr is nil or u has no language (docs/decisions.md).
func wordsFor(tr ports.Translator, u *domain.User) func(string) string {
	if tr == nil || u == nil || u.Language == "" || u.Language == domain.DefaultLanguage {
		return english
	}
	lang := u.Language
	return func(text string) string { return tr.Translate(lang, text) }
}

func english(text string) string { return text }
