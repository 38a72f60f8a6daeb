package domain_test

import (
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func validQuestion() *domain.Question {
	return &domain.Question{Title: "Why are my basil leaves yellow?", Content: "<p>The lower leaves turn <b>yellow</b> after a week.</p>",
		Tags: []string{" Basil ", "herbs", "basil"}}
}

func TestValidateQuestion(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		q := validQuestion()
		if err := domain.ValidateQuestion(q); err != nil {
			t.Fatal(err)
		}
		if strings.Join(q.Tags, ",") != "basil,herbs" || q.ContentText != "The lower leaves turn yellow after a week." {
			t.Fatalf("%q %q", q.Tags, q.ContentText)
		}
	})
	cases := []struct {
		name, field, msg string
		change           func(*domain.Question)
	}{
		{"TitleTooShort", "title", "Title must be at least 5 characters", func(q *domain.Question) { q.Title = "Why?" }},
		{"TitleTooLong", "title", "Title cannot exceed 150 characters", func(q *domain.Question) { q.Title = strings.Repeat("w", 151) }},
		// Markup does not count towards the length.
		{"ContentTooShort", "content", "Content must be at least 20 characters", func(q *domain.Question) { q.Content = "<p><b>short text here</b></p>" }},
		{"ContentTooLong", "content", "Content cannot exceed 5000 characters", func(q *domain.Question) { q.Content = strings.Repeat("a", 5001) }},
		{"TooManyTags", "tags", "A question can have at most 5 tags", func(q *domain.Question) { q.Tags = []string{"a", "b", "c", "d", "e", "f"} }},
		{"BadTag", "tags", domain.MsgQuestionTagFormat, func(q *domain.Question) { q.Tags = []string{"<script>"} }},
		{"LongTag", "tags", domain.MsgQuestionTagFormat, func(q *domain.Question) { q.Tags = []string{strings.Repeat("t", 31)} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := validQuestion()
			c.change(q)
			if got := fieldOf(t, domain.ValidateQuestion(q), c.field); got != c.msg {
				t.Fatalf("%q, want %q", got, c.msg)
			}
		})
	}
	t.Run("FiveTagsOK", func(t *testing.T) {
		q := validQuestion()
		q.Tags = []string{"a", "b", "c", "d", "soil ph"}
		if err := domain.ValidateQuestion(q); err != nil {
			t.Fatal(err)
		}
	})
}

func TestValidateAnswer(t *testing.T) {
	if err := domain.ValidateAnswer(&domain.Answer{Content: "<p> </p>"}); err == nil || err.Error() != domain.MsgAnswerEmpty {
		t.Fatal(err)
	}
	if err := domain.ValidateAnswer(&domain.Answer{Content: strings.Repeat("a", 5001)}); err == nil || err.Error() != domain.MsgAnswerTooLong {
		t.Fatal(err)
	}
	if err := domain.ValidateAnswer(&domain.Answer{Content: "Water less."}); err != nil {
		t.Fatal(err)
	}
}

func TestIsExpert(t *testing.T) {
	if !domain.IsExpert(&domain.User{Role: domain.RoleAdmin}, false) || !domain.IsExpert(&domain.User{Role: domain.RoleSuperadmin}, false) {
		t.Fatal("admins and superadmins are experts")
	}
	if !domain.IsExpert(&domain.User{Role: domain.RoleUser}, true) {
		t.Fatal("members of an experts category are experts")
	}
	if domain.IsExpert(&domain.User{Role: domain.RoleUser}, false) || domain.IsExpert(nil, true) {
		t.Fatal("others are not")
	}
}

func TestQuestion_Status(t *testing.T) {
	q := &domain.Question{ID: 1, UserID: 5}
	q.Refresh()
	if q.Status != domain.QuestionOpen {
		t.Fatal(q.Status)
	}
	q.RecordAnswer(&domain.Answer{ID: 10, QuestionID: 1}, lnow)
	if q.Status != domain.QuestionOpen || q.AnswerCount != 1 {
		t.Fatal("a non-expert answer leaves it open")
	}
	q.RecordAnswer(&domain.Answer{ID: 11, QuestionID: 1, ByExpert: true}, lnow)
	if q.Status != domain.QuestionAnswered || q.AnswerCount != 2 {
		t.Fatal("an expert answer answers it")
	}

	p := &domain.Question{ID: 2, UserID: 5}
	a := &domain.Answer{ID: 20, QuestionID: 2}
	if err := p.Accept(&domain.User{ID: 6, Role: domain.RoleAdmin}, a, lnow); domain.ErrorCode(err) != domain.EForbidden || err.Error() != domain.MsgAcceptOnlyAsker {
		t.Fatalf("an admin who did not ask: %v", err)
	}
	if err := p.Accept(&domain.User{ID: 5}, &domain.Answer{ID: 30, QuestionID: 3}, lnow); domain.ErrorCode(err) != domain.ENotFound {
		t.Fatalf("answer of another question: %v", err)
	}
	if err := p.Accept(&domain.User{ID: 5}, a, lnow); err != nil || p.Status != domain.QuestionAnswered || *p.AcceptedAnswerID != 20 {
		t.Fatalf("%+v %v", p, err)
	}
	if err := p.Accept(&domain.User{ID: 9, Role: domain.RoleSuperadmin}, a, lnow); err != nil {
		t.Fatalf("a superadmin may accept: %v", err)
	}
}

func TestParseQuestionStatus(t *testing.T) {
	for in, want := range map[string]domain.QuestionStatus{"": "", "open": domain.QuestionOpen, "Unanswered": domain.QuestionOpen, "ANSWERED": domain.QuestionAnswered} {
		if got, err := domain.ParseQuestionStatus(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	if _, err := domain.ParseQuestionStatus("closed"); err == nil {
		t.Fatal("closed accepted")
	}
}

func TestPlainText(t *testing.T) {
	if got := domain.PlainText("<p>Hi&nbsp;<b>there</b></p><p>x &amp; y</p>"); got != "Hi there x & y" {
		t.Fatalf("%q", got)
	}
}

func TestExpertAnswerNotification(t *testing.T) {
	q := &domain.Question{ID: 4, UserID: 5, Title: "Yellow basil?"}
	n := domain.ExpertAnswerNotification(q, &domain.Answer{ID: 9, ByExpert: true}, "sage")
	if n.Kind != "expert_answer" || *n.TargetID != 5 || domain.NotificationURL(n) != "/community/expert-qa/4" || !strings.Contains(n.Content, "(Expert)") {
		t.Fatalf("%+v", n)
	}
}
