package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Expert Q&A list sizes.
const (
	similarQuestions = 5
	tagCloudSize     = 20
)

// QAStore is what the expert Q&A keeps: questions and answers, and its write slots.
type QAStore interface {
	ports.QuestionStore
	ports.WriteSlotStore
}

// ExpertQA is the expert Q&A: questions with tags and a photo, answers (experts' first, with
// a badge), accepting an answer, and suggestions of similar questions while a title is typed.
type ExpertQA struct {
	store     QAStore
	sanitizer ports.HTMLSanitizer
	clock     ports.Clock
	limits    writeLimits
	log       *slog.Logger
	notes     *Notifier
}

// NewExpertQA builds the expert Q&A service; its notifications go through notifications (nil:
// none are sent).
func NewExpertQA(store QAStore, notifications *Notifications, sanitizer ports.HTMLSanitizer,
	clock ports.Clock, log *slog.Logger) *ExpertQA {
	if log == nil {
		log = slog.Default()
	}
	return &ExpertQA{store: store, sanitizer: sanitizer, clock: clock, log: log,
		notes: notifications.Notifier()}
}

func questionNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgQuestionNotFound)
	}
	return err
}

// QuestionQuery is what the list page asks for.
type QuestionQuery struct {
	Search string
	Status string
	Tag    string
	// Mine keeps the caller's own questions (signed in only).
	Mine bool
}

// List returns one page of questions, newest first. Visitors may read it.
func (s *ExpertQA) List(ctx context.Context, p *domain.Principal, q QuestionQuery, page domain.PageRequest) (domain.Page[*domain.Question], error) {
	status, err := domain.ParseQuestionStatus(q.Status)
	if err != nil {
		return domain.Page[*domain.Question]{}, err
	}
	f := ports.QuestionFilter{Search: q.Search, Status: status, Tag: q.Tag}
	if q.Mine {
		if err := signedIn(p); err != nil {
			return domain.Page[*domain.Question]{}, err
		}
		f.AuthorID = p.User.ID
	}
	return s.store.ListQuestions(ctx, f, page)
}

// Similar suggests up to five questions like a title being typed, answered ones first.
func (s *ExpertQA) Similar(ctx context.Context, title string) ([]*domain.Question, error) {
	return s.store.SimilarQuestions(ctx, title, similarQuestions)
}

// Tags returns the most used tags.
func (s *ExpertQA) Tags(ctx context.Context) ([]ports.TagCount, error) {
	return s.store.QuestionTags(ctx, tagCloudSize)
}

// Get returns one question. Visitors may read it.
func (s *ExpertQA) Get(ctx context.Context, id int64) (*domain.Question, error) {
	q, err := s.store.QuestionByID(ctx, id)
	return q, questionNotFound(err)
}

// Answers returns one page of a question's answers, experts' first.
func (s *ExpertQA) Answers(ctx context.Context, id int64, page domain.PageRequest) (domain.Page[*domain.Answer], error) {
	if _, err := s.Get(ctx, id); err != nil {
		return domain.Page[*domain.Answer]{}, err
	}
	return s.store.ListAnswers(ctx, id, page)
}

// Create asks a question for the caller. The content is sanitized before it is checked, so
// its length is that of what will be shown.
func (s *ExpertQA) Create(ctx context.Context, p *domain.Principal, q *domain.Question) (*domain.Question, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	q.ID, q.UserID, q.CreatedAt, q.UpdatedAt = 0, p.User.ID, now, now
	q.AnswerCount, q.AcceptedAnswerID, q.ExpertAnswered = 0, nil, false
	q.Content = s.sanitizer.Sanitize(q.Content)
	if err := domain.ValidateQuestion(q); err != nil {
		return nil, err
	}
	q.Refresh()
	undo, err := s.limits.reserve(ctx, s.store, s.clock, domain.WriteQuestion, p.User.ID)
	if err != nil {
		return nil, err
	}
	if err := s.store.CreateQuestion(ctx, q); err != nil {
		undo()
		return nil, err
	}
	q.Username = p.User.Username
	s.log.Info("question asked", "question", q.ID, "user", p.User.ID)
	return q, nil
}

// Edit changes the caller's question while it has no answer (domain.Question.Edit). The content
// is sanitized before it is checked, as on create; the check runs with the question locked,
// so an answer that arrives meanwhile wins and the edit is a conflict.
func (s *ExpertQA) Edit(ctx context.Context, p *domain.Principal, id int64, patch domain.QuestionPatch) (*domain.Question, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if patch.Content != nil {
		clean := s.sanitizer.Sanitize(*patch.Content)
		patch.Content = &clean
	}
	now := s.clock.Now()
	q, err := s.store.UpdateQuestion(ctx, id, func(q *domain.Question) error { return q.Edit(p.User, patch, now) })
	if err != nil {
		return nil, questionNotFound(err)
	}
	return q, nil
}

// IsExpert reports whether u answers as an expert (domain.IsExpert with u's category).
func (s *ExpertQA) IsExpert(ctx context.Context, u *domain.User) (bool, error) {
	if u == nil {
		return false, nil
	}
	experts := false
	if u.CategoryID != nil && u.Role == domain.RoleUser {
		e, err := s.store.UserCategoryExperts(ctx, u.ID)
		if err != nil {
			return false, err
		}
		experts = e
	}
	return domain.IsExpert(u, experts), nil
}

// Answer adds the caller's answer to a question, with the Expert badge when the caller is an
// expert, and notifies the asker (expert_answer) unless they answered themselves.
func (s *ExpertQA) Answer(ctx context.Context, p *domain.Principal, questionID int64, content string) (*domain.Answer, *domain.Question, error) {
	if err := signedIn(p); err != nil {
		return nil, nil, err
	}
	expert, err := s.IsExpert(ctx, p.User)
	if err != nil {
		return nil, nil, err
	}
	now := s.clock.Now()
	a := &domain.Answer{QuestionID: questionID, UserID: p.User.ID, Content: s.sanitizer.Sanitize(strings.TrimSpace(content)), ByExpert: expert,
		CreatedAt: now, Username: p.User.Username}
	if err := domain.ValidateAnswer(a); err != nil {
		return nil, nil, err
	}
	undo, err := s.limits.reserve(ctx, s.store, s.clock, domain.WriteAnswer, p.User.ID)
	if err != nil {
		return nil, nil, err
	}
	var q *domain.Question
	// The answer and its notification commit together; answers to one question notify its
	// asker at most once an hour.
	err = s.notes.Tx(ctx, func(ctx context.Context) error {
		var err error
		q, err = s.store.AddAnswer(ctx, a, func(q *domain.Question) error {
			q.RecordAnswer(a, now)
			return nil
		})
		if err != nil {
			return questionNotFound(err)
		}
		if q.UserID == p.User.ID {
			return nil
		}
		_, err = s.notes.Send(ctx, []Note{{Notification: domain.ExpertAnswerNotification(q, a, p.User.Username),
			Coalesce: fmt.Sprintf("question:%d", q.ID)}})
		return err
	})
	if err != nil {
		undo()
		return nil, nil, err
	}
	return a, q, nil
}

// Accept marks an answer accepted: the asker or a superadmin may.
func (s *ExpertQA) Accept(ctx context.Context, p *domain.Principal, questionID, answerID int64) (*domain.Question, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	q, err := s.store.AcceptAnswer(ctx, questionID, answerID, func(q *domain.Question, a *domain.Answer) error {
		return q.Accept(p.User, a, now)
	})
	if domain.ErrorCode(err) == domain.ENotFound {
		if _, qerr := s.store.QuestionByID(ctx, questionID); qerr != nil {
			return nil, questionNotFound(qerr)
		}
		return nil, domain.Errorf(domain.ENotFound, domain.MsgAnswerNotFound)
	}
	return q, err
}
