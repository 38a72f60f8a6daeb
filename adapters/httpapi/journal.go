package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// journalRoutes are the caller's journal.
func (s *Server) journalRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plants/{id}/journal-entries", handler: s.handlePlantJournal,
			op: apiOp{summary: "A plant's journal entries", out: []journalJSON{}}},
		{method: "GET", path: "/api/journal-entries", handler: s.handleListJournal,
			op: apiOp{summary: "The caller's journal entries", out: []journalJSON{}}},
		{method: "POST", path: "/api/journal-entries", access: writes(domain.FunctionJournal), handler: s.handleCreateJournal,
			op: apiOp{summary: "Write a journal entry", in: journalInput{}, out: journalJSON{}, status: 201}},
		{method: "PATCH", path: "/api/journal-entries/{id}", access: writes(domain.FunctionJournal), handler: s.handleUpdateJournal,
			op: apiOp{summary: "Edit the caller's journal entry (absent fields stay; the create form's rules)", in: journalPatchInput{}, out: journalJSON{}}},
		{method: "DELETE", path: "/api/journal-entries/{id}", access: writes(domain.FunctionJournal), handler: s.handleDeleteJournal,
			op: apiOp{summary: "Delete a journal entry"}},
	}
}

type journalJSON struct {
	ID          int64     `json:"id"`
	PlantID     int64     `json:"plantId"`
	PlantName   string    `json:"plantName"`
	UserID      int64     `json:"userId"`
	Title       string    `json:"title"`
	Content     string    `json:"content"`
	ImageURL    string    `json:"imageUrl"`
	GrowthStage string    `json:"growthStage"`
	EntryDate   string    `json:"entryDate"`
	CreatedAt   time.Time `json:"createdAt"`
	// EditedAt is when the owner last changed the entry (null until then); Edited says it.
	EditedAt *time.Time `json:"editedAt"`
	Edited   bool       `json:"edited"`
}

func toJournalJSON(e *domain.JournalEntry) journalJSON {
	return journalJSON{ID: e.ID, PlantID: e.PlantID, PlantName: e.PlantName, UserID: e.UserID, Title: e.Title, Content: e.Content,
		ImageURL: e.ImageURL, GrowthStage: string(e.GrowthStage), EntryDate: e.EntryDate.Format(domain.DateLayout), CreatedAt: e.CreatedAt,
		EditedAt: e.EditedAt, Edited: e.EditedAt != nil}
}

func (s *Server) writeEntries(w http.ResponseWriter, r *http.Request, p *domain.Principal, plantID int64) {
	entries, err := s.svc.Journal.List(r.Context(), p, plantID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]journalJSON, len(entries))
	for i, e := range entries {
		out[i] = toJournalJSON(e)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleListJournal(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.writeEntries(w, r, p, 0)
}

func (s *Server) handlePlantJournal(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeEntries(w, r, p, id)
}

type journalInput struct {
	PlantID     int64  `json:"plantId"`
	UserID      any    `json:"userId"` // ignored: an entry is always the caller's
	Title       string `json:"title"`
	Content     string `json:"content"`
	ImageURL    string `json:"imageUrl"`
	GrowthStage string `json:"growthStage"`
	EntryDate   string `json:"entryDate"`
}

func (s *Server) handleCreateJournal(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in journalInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	e := &domain.JournalEntry{PlantID: in.PlantID, Title: in.Title, Content: in.Content, ImageURL: in.ImageURL, GrowthStage: domain.GrowthStage(in.GrowthStage)}
	if in.EntryDate != "" { // empty: the service takes today, the form's default
		var f fieldErrors
		if e.EntryDate = f.date("entryDate", in.EntryDate); f.err() != nil {
			s.fail(w, r, f.err())
			return
		}
	}
	created, err := s.svc.Journal.Create(r.Context(), p, e)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toJournalJSON(created))
}

// journalPatchInput is the body of PATCH /api/journal-entries/{id}: any of the create fields;
// those left out stay as they are. userId is ignored, as on create.
type journalPatchInput struct {
	PlantID     optional[int64]  `json:"plantId"`
	UserID      any              `json:"userId"`
	Title       optional[string] `json:"title"`
	Content     optional[string] `json:"content"`
	ImageURL    optional[string] `json:"imageUrl"`
	GrowthStage optional[string] `json:"growthStage"`
	EntryDate   optional[string] `json:"entryDate"`
}

func (in journalPatchInput) patch() (domain.JournalPatch, error) {
	var f fieldErrors
	p := domain.JournalPatch{PlantID: in.PlantID.ptr(), Title: in.Title.ptr(), Content: in.Content.ptr(), ImageURL: in.ImageURL.ptr()}
	// null clears the optional texts, as an empty string does; a null plant or title is refused
	// by the validation like an empty one.
	for _, o := range []struct {
		in  optional[string]
		dst **string
	}{{in.Content, &p.Content}, {in.ImageURL, &p.ImageURL}, {in.Title, &p.Title}} {
		if o.in.Set && o.in.Null {
			empty := ""
			*o.dst = &empty
		}
	}
	if in.PlantID.Set && in.PlantID.Null {
		var none int64
		p.PlantID = &none
	}
	if in.GrowthStage.Set {
		stage := domain.GrowthStage(in.GrowthStage.Value)
		p.GrowthStage = &stage
	}
	if in.EntryDate.Set {
		d := f.date("entryDate", in.EntryDate.Value)
		p.EntryDate = &d
	}
	return p, f.err()
}

func (s *Server) handleUpdateJournal(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgJournalNotFound}, func(q request[journalPatchInput]) (*domain.JournalEntry, error) {
		patch, err := q.in.patch()
		if err != nil {
			return nil, err
		}
		return s.svc.Journal.Update(r.Context(), p, q.id, patch)
	}, toJournalJSON)
}

func (s *Server) handleDeleteJournal(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error { return s.svc.Journal.Delete(r.Context(), p, q.id) })
}
