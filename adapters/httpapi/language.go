package httpapi

import (
	"net/http"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// The server speaks the gardener's language (issue #25 item 3): a signed-in user's own
// language setting decides the language of the API's messages; without a session (or before
// one is known), the request's Accept-Language; English otherwise. Codes never change.

// requestLanguage is the language the answer to r is written in: the signed-in user's
// setting, else the best match of Accept-Language, else English.
func requestLanguage(r *http.Request, tr ports.Translator) string {
	if p, ok := r.Context().Value(principalKey{}).(*domain.Principal); ok && p != nil && p.User != nil && p.User.Language != "" {
		return p.User.Language
	}
	if h := r.Header.Get("Accept-Language"); h != "" {
		return tr.Match(h)
	}
	return domain.DefaultLanguage
}

// localize writes text (an English message) in the language of the answer to r.
func localize(r *http.Request, tr ports.Translator, text string) string {
	lang := requestLanguage(r, tr)
	if lang == domain.DefaultLanguage {
		return text
	}
	return tr.Translate(lang, text)
}

// localizeError returns body with its message and field messages in the language of r.
func localizeError(r *http.Request, tr ports.Translator, body errorJSON) errorJSON {
	if tr == nil {
		return body
	}
	lang := requestLanguage(r, tr)
	if lang == domain.DefaultLanguage {
		return body
	}
	body.Message = tr.Translate(lang, body.Message)
	if len(body.Errors) > 0 {
		fields := make(map[string]string, len(body.Errors))
		for k, v := range body.Errors {
			fields[k] = tr.Translate(lang, v)
		}
		body.Errors = fields
	}
	return body
}
