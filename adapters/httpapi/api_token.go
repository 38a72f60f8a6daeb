package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// apiTokenJSON is a personal API token on the wire; token is present only in the answer to
// its creation.
type apiTokenJSON struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Scope      string     `json:"scope"`
	CreatedAt  time.Time  `json:"createdAt"`
	ExpiresAt  time.Time  `json:"expiresAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	Token      string     `json:"token,omitempty"`
}

func toAPITokenJSON(t *domain.APIToken) apiTokenJSON {
	return apiTokenJSON{ID: t.ID, Name: t.Name, Scope: string(t.Scope), CreatedAt: t.CreatedAt, ExpiresAt: t.ExpiresAt, LastUsedAt: t.LastUsedAt}
}

type apiTokenInput struct {
	Name          string `json:"name"`
	Scope         string `json:"scope"`
	ExpiresInDays int    `json:"expiresInDays"`
	// Password is the account's password, asked again for every new token.
	Password string `json:"password"`
}

func (s *Server) apiTokenRoutes() []route {
	return []route{
		{method: "GET", path: "/api/user/tokens", handler: s.handleListAPITokens,
			op: apiOp{summary: "The signed-in user's personal API tokens", out: []apiTokenJSON{}}},
		{method: "POST", path: "/api/user/tokens", access: writes(""), handler: s.handleCreateAPIToken,
			op: apiOp{summary: "Create a personal API token (its secret is shown once, in token)", in: apiTokenInput{}, out: apiTokenJSON{}, status: 201}},
		{method: "DELETE", path: "/api/user/tokens/{id}", access: writes(""), handler: s.handleRevokeAPIToken,
			op: apiOp{summary: "Revoke a personal API token"}},
	}
}

func (s *Server) handleListAPITokens(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	tokens, err := s.accounts.ListAPITokens(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]apiTokenJSON, len(tokens))
	for i, t := range tokens {
		out[i] = toAPITokenJSON(t)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleCreateAPIToken(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in apiTokenInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	if in.ExpiresInDays == 0 {
		in.ExpiresInDays = domain.DefaultAPITokenDays
	}
	created, err := s.accounts.CreateAPIToken(r.Context(), p, in.Password, in.Name, domain.TokenScope(in.Scope), in.ExpiresInDays)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := toAPITokenJSON(created.APIToken)
	out.Token = created.Token
	writeJSON(w, http.StatusCreated, out)
}

func (s *Server) handleRevokeAPIToken(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.accounts.RevokeAPIToken(r.Context(), p, id)
	}
	if domain.ErrorCode(err) == domain.ENotFound {
		err = domain.Errorf(domain.ENotFound, domain.MsgTokenNotFound)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
