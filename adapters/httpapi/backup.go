package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// backupRoutes are the superadmin's backup download.
func (s *Server) backupRoutes() []route {
	return []route{
		{method: "GET", path: "/api/admin/backup", role: domain.RoleSuperadmin, handler: s.handleAdminBackup,
			op: apiOp{summary: "Download a backup archive of the installation (superadmin; as gardenctl backup create writes it)", media: "application/gzip"}},
	}
}

// handleAdminBackup streams a backup archive (as gardenctl backup create writes it) to a
// superadmin: GET /api/admin/backup.
func (s *Server) handleAdminBackup(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if s.svc.Backups == nil {
		s.fail(w, r, domain.Errorf(domain.ENotFound, "Not found"))
		return
	}
	// An archive of a large installation takes longer than the server's write timeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "application/gzip")
	h.Set("Content-Disposition", `attachment; filename="`+s.svc.Backups.Name()+`"`)
	h.Set("Cache-Control", "no-store")
	cw := &countingWriter{w: w}
	m, err := s.svc.Backups.Create(r.Context(), cw, app.BackupOptions{})
	if err != nil {
		if cw.n == 0 {
			s.fail(w, r, err)
			return
		}
		// Part of the archive is out: cut the connection so the download fails instead of
		// leaving a file that looks complete (a restore would refuse it anyway).
		s.log.Error("backup download failed", "user", p.User.Username, "err", err)
		panic(http.ErrAbortHandler)
	}
	s.log.Info("backup downloaded", "user", p.User.Username, "rows", m.Rows(), "blobs", len(m.Blobs), "bytes", cw.n)
}

type countingWriter struct {
	w http.ResponseWriter
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
