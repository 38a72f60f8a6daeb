package httpapi

import (
	"net/http"
	"sync"
)

// warnUntrustedForwarding logs one warning, the first time a request carries X-Forwarded-For
// while no proxy is trusted: the server then sits behind a reverse proxy it was not told about,
// so every client counts as the proxy's address (one sign-in limit and one visitor for all of
// them). The header is still ignored, as it must be: anyone can send it.
func (s *Server) warnUntrustedForwarding(next http.Handler) http.Handler {
	if len(s.proxies) > 0 {
		return next
	}
	var once sync.Once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Forwarded-For") != "" {
			once.Do(func() {
				s.log.Warn("requests arrive with X-Forwarded-For but GARDEN_TRUSTED_PROXIES is unset: the header is ignored and "+
					"every client behind the proxy shares its address (sign-in limits, view counts); set GARDEN_TRUSTED_PROXIES "+
					"to the proxy's address", "peer", parseAddr(r.RemoteAddr).String())
			})
		}
		next.ServeHTTP(w, r)
	})
}
