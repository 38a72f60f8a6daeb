package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// calendarRoutes are the private iCalendar feed.
func (s *Server) calendarRoutes() []route {
	return []route{
		{method: "GET", path: "/api/calendar/feed", handler: s.handleCalendarFeedURL,
			op: apiOp{summary: "The caller's private iCalendar feed URL", out: feedURLJSON{}}},
		{method: "POST", path: "/api/calendar/feed/reset", access: writes(domain.FunctionSchedule), handler: s.handleCalendarFeedReset,
			op: apiOp{summary: "Replace the feed URL (the old one stops working)", out: feedURLJSON{}}},
		{method: "GET", path: "/api/calendar/{file}", open: s.handleCalendarFeed,
			op: apiOp{summary: "The iCalendar feed ({token}.ics; the token is the credential)", media: "text/calendar"}},
	}
}

func (s *Server) handleCalendarFeedURL(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	url, err := s.svc.Calendar.FeedURL(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": url})
}

func (s *Server) handleCalendarFeedReset(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	url, err := s.svc.Calendar.ResetFeed(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": url})
}

// handleCalendarFeed serves GET /api/calendar/{token}.ics without a bearer token: calendar apps
// cannot send one, so the unguessable URL is the credential.
func (s *Server) handleCalendarFeed(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok || token == "" {
		s.fail(w, r, domain.Errorf(domain.ENotFound, "Calendar feed not found"))
		return
	}
	events, err := s.svc.Calendar.Events(r.Context(), token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Header().Set("Content-Disposition", `inline; filename="garden.ics"`)
	_, _ = w.Write([]byte(writeICS(events, time.Now().UTC())))
}

// writeICS renders events as an RFC 5545 calendar of all-day events.
func writeICS(events []app.CalendarEvent, stamp time.Time) string {
	var b strings.Builder
	line := func(s string) { b.WriteString(foldICS(s)); b.WriteString("\r\n") }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//Garden//Care schedule//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	line("X-WR-CALNAME:Garden care")
	line("X-PUBLISHED-TTL:PT1H")
	for _, e := range events {
		line("BEGIN:VEVENT")
		line("UID:" + escapeICS(e.UID) + "@garden")
		line("DTSTAMP:" + stamp.Format("20060102T150405Z"))
		line("DTSTART;VALUE=DATE:" + e.Date.Format("20060102"))
		line("DTEND;VALUE=DATE:" + e.Date.AddDate(0, 0, 1).Format("20060102"))
		line("SUMMARY:" + escapeICS(e.Summary))
		if e.Detail != "" {
			line("DESCRIPTION:" + escapeICS(e.Detail))
		}
		line("TRANSP:TRANSPARENT")
		line("END:VEVENT")
	}
	line("END:VCALENDAR")
	return b.String()
}

func escapeICS(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`).Replace(s)
}

// foldICS folds a content line at 75 octets without splitting a UTF-8 character.
func foldICS(s string) string {
	if len(s) <= 75 {
		return s
	}
	var b strings.Builder
	width := 0
	for _, r := range s {
		n := len(string(r))
		if width+n > 75 {
			b.WriteString("\r\n ")
			width = 1
		}
		b.WriteRune(r)
		width += n
	}
	return b.String()
}
