package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// expertQARoutes are expert Q&A: reads are open to visitors; every write is signed in and gated
// by the expert_qa function. Served when Services.ExpertQA is set.
func (s *Server) expertQARoutes() []route {
	return []route{
		{method: "GET", path: "/api/expert-qa", access: visitors, handler: s.handleListQuestions,
			op: apiOp{summary: "Questions", out: []questionJSON{}, page: true, query: []string{"search", "status", "tag", "mine: true for the caller's own"}}},
		{method: "GET", path: "/api/expert-qa/similar", access: visitors, handler: s.handleSimilarQuestions,
			op: apiOp{summary: "Questions similar to a draft title", out: []questionJSON{}, query: []string{"q"}}},
		{method: "GET", path: "/api/expert-qa/tags", access: visitors, handler: s.handleQuestionTags,
			op: apiOp{summary: "The question tags and their counts", out: []questionTagJSON{}}},
		{method: "POST", path: "/api/expert-qa", access: writes(domain.FunctionExpertQA), handler: s.handleCreateQuestion,
			op: apiOp{summary: "Ask a question", in: questionInput{}, out: questionJSON{}, status: 201}},
		{method: "GET", path: "/api/expert-qa/{id}", access: visitors, handler: s.handleGetQuestion,
			op: apiOp{summary: "A question with its first answers", out: questionDetailJSON{}}},
		{method: "PATCH", path: "/api/expert-qa/{id}", access: writes(domain.FunctionExpertQA), handler: s.handleEditQuestion,
			op: apiOp{summary: "The asker edits their question before it has an answer (absent fields stay; 409 after)", in: questionPatchInput{}, out: questionJSON{}}},
		{method: "GET", path: "/api/expert-qa/{id}/answers", access: visitors, handler: s.handleListAnswers,
			op: apiOp{summary: "A question's answers", out: []answerJSON{}, page: true}},
		{method: "POST", path: "/api/expert-qa/{id}/answers", access: writes(domain.FunctionExpertQA), handler: s.handleCreateAnswer,
			op: apiOp{summary: "Answer a question", in: createAnswerInput{}, out: answerJSON{}, status: 201}},
		{method: "POST", path: "/api/expert-qa/{id}/answers/{answerId}/accept", access: writes(domain.FunctionExpertQA), handler: s.handleAcceptAnswer,
			op: apiOp{summary: "Accept an answer", out: questionJSON{}}},
	}
}

// questionJSON is an expert question on the wire (spec 02 §3 Expert question).
type questionJSON struct {
	ID               int64     `json:"id"`
	UserID           int64     `json:"userId"`
	Title            string    `json:"title"`
	Content          string    `json:"content"`
	Excerpt          string    `json:"excerpt"`
	Tags             []string  `json:"tags"`
	ImageURL         string    `json:"imageUrl"`
	Status           string    `json:"status"`
	AnswerCount      int       `json:"answerCount"`
	AcceptedAnswerID *int64    `json:"acceptedAnswerId"`
	Username         string    `json:"username"`
	UserAvatar       *string   `json:"userAvatar"`
	CreatedAt        time.Time `json:"createdAt"`
	UpdatedAt        time.Time `json:"updatedAt"`
	IsMine           bool      `json:"isMine"`
	// EditedAt is when the asker last changed the question (null until then); CanEdit says
	// the caller may still (the asker, before any answer).
	EditedAt *time.Time `json:"editedAt"`
	Edited   bool       `json:"edited"`
	CanEdit  bool       `json:"canEdit"`
}

// excerptLength bounds the list's excerpt: the card clamps to two lines anyway.
const excerptLength = 300

func toQuestionJSON(q *domain.Question, p *domain.Principal) questionJSON {
	excerpt := []rune(q.ContentText)
	if len(excerpt) > excerptLength {
		excerpt = append(excerpt[:excerptLength-1], '…')
	}
	mine := p != nil && p.User != nil && p.User.ID == q.UserID
	tags := q.Tags
	if tags == nil {
		tags = []string{}
	}
	return questionJSON{ID: q.ID, UserID: q.UserID, Title: q.Title, Content: q.Content, Excerpt: string(excerpt), Tags: tags,
		ImageURL: q.ImageURL, Status: string(q.Status), AnswerCount: q.AnswerCount, AcceptedAnswerID: q.AcceptedAnswerID,
		Username: q.Username, CreatedAt: q.CreatedAt, UpdatedAt: q.UpdatedAt, IsMine: mine, EditedAt: q.EditedAt, Edited: q.EditedAt != nil,
		CanEdit: mine && q.AnswerCount == 0}
}

// answerJSON is an answer on the wire; isExpert carries the Expert badge.
type answerJSON struct {
	ID         int64     `json:"id"`
	QuestionID int64     `json:"questionId"`
	UserID     int64     `json:"userId"`
	Content    string    `json:"content"`
	IsExpert   bool      `json:"isExpert"`
	IsAccepted bool      `json:"isAccepted"`
	Username   string    `json:"username"`
	UserAvatar *string   `json:"userAvatar"`
	CreatedAt  time.Time `json:"createdAt"`
}

func toAnswerJSON(a *domain.Answer) answerJSON {
	return answerJSON{ID: a.ID, QuestionID: a.QuestionID, UserID: a.UserID, Content: a.Content, IsExpert: a.ByExpert, IsAccepted: a.Accepted,
		Username: a.Username, CreatedAt: a.CreatedAt}
}

func (s *Server) handleListQuestions(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.Question], error) {
		q := r.URL.Query()
		return s.svc.ExpertQA.List(r.Context(), p, app.QuestionQuery{Search: q.Get("search"), Status: q.Get("status"), Tag: q.Get("tag"),
			Mine: q.Get("mine") == "true" || q.Get("mine") == "1"}, page)
	}, func(x *domain.Question) questionJSON { return toQuestionJSON(x, p) })
}

func (s *Server) handleSimilarQuestions(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	list, err := s.svc.ExpertQA.Similar(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]questionJSON, len(list))
	for i, x := range list {
		out[i] = toQuestionJSON(x, p)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleQuestionTags(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]ports.TagCount, error) {
		return s.svc.ExpertQA.Tags(r.Context())
	}, each(func(t ports.TagCount) questionTagJSON { return questionTagJSON{t.Tag, t.Count} }))
}

// questionInput is the body of POST /api/expert-qa. userId is ignored: the asker is the caller.
type questionInput struct {
	Title    string   `json:"title"`
	Content  string   `json:"content"`
	Tags     []string `json:"tags"`
	ImageURL string   `json:"imageUrl"`
	UserID   any      `json:"userId"`
}

func (s *Server) handleCreateQuestion(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[questionInput]) (*domain.Question, error) {
		in := q.in
		return s.svc.ExpertQA.Create(r.Context(), p, &domain.Question{Title: in.Title, Content: in.Content, Tags: in.Tags, ImageURL: in.ImageURL})
	}, func(x *domain.Question) questionJSON { return toQuestionJSON(x, p) })
}

// questionPatchInput is the body of PATCH /api/expert-qa/{id}: any of the create fields; those
// left out stay as they are.
type questionPatchInput struct {
	Title    optional[string]   `json:"title"`
	Content  optional[string]   `json:"content"`
	Tags     optional[[]string] `json:"tags"`
	ImageURL optional[string]   `json:"imageUrl"`
	UserID   any                `json:"userId"`
}

func (s *Server) handleEditQuestion(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgQuestionNotFound}, func(q request[questionPatchInput]) (*domain.Question, error) {
		var patch domain.QuestionPatch
		for _, f := range []struct {
			in  optional[string]
			dst **string
		}{{q.in.Title, &patch.Title}, {q.in.Content, &patch.Content}, {q.in.ImageURL, &patch.ImageURL}} {
			if f.in.Set {
				v := f.in.Value // null is empty, refused where a value is required
				*f.dst = &v
			}
		}
		if q.in.Tags.Set {
			tags := q.in.Tags.Value
			patch.Tags = &tags
		}
		return s.svc.ExpertQA.Edit(r.Context(), p, q.id, patch)
	}, func(x *domain.Question) questionJSON { return toQuestionJSON(x, p) })
}

// questionDetailJSON is GET /api/expert-qa/{id}: the question with the first page of its
// answers (experts' first); answersNextCursor continues at /api/expert-qa/{id}/answers.
type questionDetailJSON struct {
	questionJSON
	Answers           []answerJSON `json:"answers"`
	AnswersNextCursor string       `json:"answersNextCursor,omitempty"`
	CanAccept         bool         `json:"canAccept"`
}

func (s *Server) handleGetQuestion(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgQuestionNotFound}, func(rq request[noBody]) (questionDetailJSON, error) {
		q, err := s.svc.ExpertQA.Get(r.Context(), rq.id)
		if err != nil {
			return questionDetailJSON{}, err
		}
		answers, err := s.svc.ExpertQA.Answers(r.Context(), rq.id, domain.FirstPage())
		if err != nil {
			return questionDetailJSON{}, err
		}
		return questionDetailJSON{questionJSON: toQuestionJSON(q, p), Answers: each(toAnswerJSON)(answers.Items), AnswersNextCursor: answers.NextCursor,
			CanAccept: p != nil && p.User != nil && (p.User.ID == q.UserID || p.User.Role == domain.RoleSuperadmin)}, nil
	}, asIs[questionDetailJSON])
}

func (s *Server) handleListAnswers(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{id: true}, func(q request[noBody], page domain.PageRequest) (domain.Page[*domain.Answer], error) {
		return s.svc.ExpertQA.Answers(r.Context(), q.id, page)
	}, toAnswerJSON)
}

// createAnswerInput is the body of handleCreateAnswer.
type createAnswerInput struct {
	Content string `json:"content"`
}

func (s *Server) handleCreateAnswer(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, status: http.StatusCreated}, func(q request[createAnswerInput]) (*domain.Answer, error) {
		a, _, err := s.svc.ExpertQA.Answer(r.Context(), p, q.id, q.in.Content)
		return a, err
	}, toAnswerJSON)
}

func (s *Server) handleAcceptAnswer(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	answerID, err := pathID(r, "answerId")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q, err := s.svc.ExpertQA.Accept(r.Context(), p, id, answerID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toQuestionJSON(q, p))
}
