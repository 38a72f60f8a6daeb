package httpapi

import (
	"context"
	"net/http"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// The server speaks the gardener's language (issue #25 item 3): a signed-in user's own
// language setting decides the language of the API's messages; without a session (or before
// one is known), the request's Accept-Language; English otherwise. Codes never change.

type translatorKey struct{}

// withTranslator makes the server's catalogue reachable from writeError, which every handler
// reaches through s.fail.
func (s *Server) withTranslator(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), translatorKey{}, s.tr)))
	})
}

// translatorOf is the request's catalogue, English only when the server has none.
func translatorOf(ctx context.Context) ports.Translator {
	if t, ok := ctx.Value(translatorKey{}).(ports.Translator); ok && t != nil {
		return t
	}
	return ports.EnglishOnly{}
}

// requestLanguage is the language the answer to r is written in: the signed-in user's
// setting, else the best match of Accept-Language, else English.
func requestLanguage(r *http.Request) string {
	if p, ok := r.Context().Value(principalKey{}).(*domain.Principal); ok && p != nil && p.User != nil && p.User.Language != "" {
		return p.User.Language
	}
	if h := r.Header.Get("Accept-Language"); h != "" {
		return translatorOf(r.Context()).Match(h)
	}
	return domain.DefaultLanguage
}

// localize writes text (an English message) in the language of the answer to r.
func localize(r *http.Request, text string) string {
	lang := requestLanguage(r)
	if lang == domain.DefaultLanguage {
		return text
	}
	return translatorOf(r.Context()).Translate(lang, text)
}

// localizeError returns body with its message and field messages in the language of r.
func localizeError(r *http.Request, body errorJSON) errorJSON {
	lang := requestLanguage(r)
	if lang == domain.DefaultLanguage {
		return body
	}
	tr := translatorOf(r.Context())
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
