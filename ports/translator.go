package ports

// Translator renders the server's English texts in a gardener's language (issue #25 item 3).
// English is the source and the key: a text the catalogue does not hold comes back unchanged.
type Translator interface {
	// Translate returns text, an English message as the core wrote it (placeholders already
	// filled in), in the language tagged lang.
	Translate(lang, text string) string
	// Match picks the best of Garden's languages for an Accept-Language header or a browser's
	// language ("de-AT" → "de"), English when none fits.
	Match(preferences string) string
}

// EnglishOnly is the Translator of a server without a catalogue: every text stays English.
type EnglishOnly struct{}

// Translate returns text unchanged.
func (EnglishOnly) Translate(_, text string) string { return text }

// Match always picks English.
func (EnglishOnly) Match(string) string { return "en" }
