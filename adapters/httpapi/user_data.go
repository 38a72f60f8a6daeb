package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// userDataRoutes are "Download my data" and account deletion.
func (s *Server) userDataRoutes() []route {
	return []route{
		{method: "GET", path: "/api/user/export", handler: s.handleUserExport,
			op: apiOp{summary: "Download my data: a zip of a JSON and a CSV file per kind and every photo (streamed)", media: "application/zip"}},
		{method: "DELETE", path: "/api/user", access: writes(""), handler: s.handleDeleteOwnAccount,
			op: apiOp{summary: "Delete my account with everything it owns; forum posts, answers and messages others rely on stay as by \"Deleted user\" (not superadmins, not the protected account)", in: deleteAccountInput{}}},
	}
}

// handleUserExport streams the caller's own data as a zip: GET /api/user/export
// ("Download my data").
func (s *Server) handleUserExport(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if s.svc.UserData == nil {
		s.fail(w, r, domain.Errorf(domain.ENotFound, "Not found"))
		return
	}
	// A garden with thousands of photos takes longer than the server's write timeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", `attachment; filename="`+s.svc.UserData.ExportName(p)+`"`)
	h.Set("Cache-Control", "no-store")
	cw := &countingWriter{w: w}
	if err := s.svc.UserData.Export(r.Context(), p, cw); err != nil {
		if cw.n == 0 {
			h.Del("Content-Disposition")
			s.fail(w, r, err)
			return
		}
		// Part of the archive is out: cut the connection so the download fails instead of
		// leaving a file that looks complete.
		s.log.Error("data export failed", "user", p.User.ID, "err", err)
		panic(http.ErrAbortHandler)
	}
	s.log.Info("data exported", "user", p.User.ID, "bytes", cw.n)
}

// deleteAccountInput is DELETE /api/user's body: the account's password, asked again.
type deleteAccountInput struct {
	Password string `json:"password"`
}

// handleDeleteOwnAccount deletes the caller's account: DELETE /api/user {password}.
func (s *Server) handleDeleteOwnAccount(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{}, func(q request[deleteAccountInput]) error {
		if s.svc.UserData == nil {
			return domain.Errorf(domain.ENotFound, "Not found")
		}
		return s.svc.UserData.DeleteOwnAccount(r.Context(), p, q.in.Password)
	})
}
