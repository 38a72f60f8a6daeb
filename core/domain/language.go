package domain

// The gardener's language (issue #25 item 3): the server's messages, notifications, e-mails,
// Web Push and ntfy texts are written in it. English is the source every other language is
// translated from; the CLI stays English.

// Language is one of the languages Garden speaks, as a BCP 47 tag ("pt-BR").
type Language struct {
	Tag string
	// Name is the language's name in itself ("Deutsch"), as the language picker shows it.
	Name string
}

// DefaultLanguage is the source language and the fallback for everyone else.
const DefaultLanguage = "en"

// Languages are the twelve languages a gardener may choose, English first.
var Languages = []Language{
	{"en", "English"}, {"de", "Deutsch"}, {"fr", "Français"}, {"es", "Español"}, {"it", "Italiano"},
	{"nl", "Nederlands"}, {"pt-BR", "Português (Brasil)"}, {"pl", "Polski"}, {"da", "Dansk"},
	{"nb", "Norsk bokmål"}, {"hu", "Magyar"}, {"ru", "Русский"},
}

// MsgLanguage answers a language Garden does not speak.
const MsgLanguage = "Language must be one of: en, de, fr, es, it, nl, pt-BR, pl, da, nb, hu, ru"

// IsLanguage reports whether tag is one of Languages, spelled exactly as there.
func IsLanguage(tag string) bool {
	for _, l := range Languages {
		if l.Tag == tag {
			return true
		}
	}
	return false
}

// ValidateLanguage checks a gardener's language setting.
func ValidateLanguage(tag string) error {
	if !IsLanguage(tag) {
		return &Error{Code: EInvalid, Message: MsgLanguage, Fields: map[string]string{"language": MsgLanguage}}
	}
	return nil
}

// LanguageOf is u's language, English for nil or for a user who has not chosen one.
func LanguageOf(u *User) string {
	if u == nil || u.Language == "" {
		return DefaultLanguage
	}
	return u.Language
}

// OwnContent reports whether the content of a notification of kind is a gardener's own words
// (a mention quotes the post), which no translation touches; its title is still the server's.
func OwnContent(kind string) bool { return kind == KindForumMention }
