package ports

// HTMLSanitizer makes HTML from outside (a store's description, an admin's care text) safe to
// render: it keeps formatting and links and drops scripts, styles, event handlers and anything
// else that could run or escape.
type HTMLSanitizer interface {
	// Sanitize returns the safe subset of html.
	Sanitize(html string) string
}
