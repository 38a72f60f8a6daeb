package domain

import (
	"html"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// QuestionStatus is Open (listed as unanswered) or Answered (spec 02 §4).
type QuestionStatus string

// The question statuses.
const (
	QuestionOpen     QuestionStatus = "Open"
	QuestionAnswered QuestionStatus = "Answered"
)

// Expert Q&A limits (the title and content bounds follow the forum's of spec 02 §5, with the
// title's maximum raised to 150; see docs/decisions.md).
const (
	MinQuestionTitle   = 5
	MaxQuestionTitle   = 150
	MinQuestionContent = 20
	MaxQuestionContent = 5000
	MaxAnswerContent   = 5000
	MaxQuestionTags    = 5
	MaxTagLength       = 30
	// MaxStoredHTML bounds the markup around the text, so a short text cannot carry megabytes.
	MaxStoredHTML    = 50000
	KindExpertAnswer = "expert_answer"
)

// Expert Q&A messages.
const (
	MsgQuestionTitleTooShort   = "Title must be at least 5 characters"
	MsgQuestionTitleTooLong    = "Title cannot exceed 150 characters"
	MsgQuestionContentTooShort = "Content must be at least 20 characters"
	MsgQuestionContentTooLong  = "Content cannot exceed 5000 characters"
	MsgQuestionTooManyTags     = "A question can have at most 5 tags"
	MsgQuestionTagFormat       = "Tags may use letters, digits, spaces and hyphens, at most 30 characters each"
	MsgAnswerEmpty             = "Please enter an answer"
	MsgAnswerTooLong           = "Answer cannot exceed 5000 characters"
	MsgQuestionNotFound        = "Question not found"
	MsgAnswerNotFound          = "Answer not found"
	MsgAcceptOnlyAsker         = "Only the person who asked can accept an answer"
	MsgQuestionStatus          = "Status must be Open or Answered"
	MsgQuestionEditOwnOnly     = "Only the person who asked can edit this question"
	MsgQuestionEditAnswered    = "This question has answers and can no longer be edited"
)

// Question is a question put to the experts (spec 02 §3 Expert question).
type Question struct {
	ID     int64
	UserID int64
	Title  string
	// Content is sanitized HTML.
	Content string
	// ContentText is Content without markup, for search and the list's two-line excerpt.
	ContentText      string
	Tags             []string
	ImageURL         string
	Status           QuestionStatus
	AnswerCount      int
	AcceptedAnswerID *int64
	// ExpertAnswered is true once an expert has answered.
	ExpertAnswered bool
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// EditedAt is when the asker last changed the question; nil until then.
	EditedAt *time.Time

	// Username is the asker's username (read only).
	Username string
}

// Answer is one answer to a question.
type Answer struct {
	ID         int64
	QuestionID int64
	UserID     int64
	// Content is sanitized HTML.
	Content string
	// ByExpert records whether the author was an expert when answering: the question's status
	// was decided by it then, so it is kept rather than recomputed from today's roles.
	ByExpert  bool
	Accepted  bool
	CreatedAt time.Time

	// Username is the author's username (read only).
	Username string
}

// IsExpert reports whether u answers as an expert: admins, superadmins, and members of a user
// category a superadmin marked Experts (inExpertsCategory). A category's name decides nothing:
// any admin may rename a category, so "EXPERTS" made a site's users experts everywhere.
func IsExpert(u *User, inExpertsCategory bool) bool {
	if u == nil {
		return false
	}
	return u.Role == RoleAdmin || u.Role == RoleSuperadmin || inExpertsCategory
}

// ParseQuestionStatus reads a status filter: Open (or "unanswered") and Answered, any case.
func ParseQuestionStatus(s string) (QuestionStatus, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return "", nil
	case "open", "unanswered":
		return QuestionOpen, nil
	case "answered":
		return QuestionAnswered, nil
	}
	return "", fieldErr("status", MsgQuestionStatus)
}

// PlainText returns the text of sanitized HTML: tags dropped (block ends become spaces),
// entities decoded, white space collapsed. It is for lengths, search and excerpts, never for
// display as HTML.
func PlainText(s string) string {
	var b strings.Builder
	inTag := false
	for _, r := range s {
		switch {
		case r == '<':
			inTag = true
			b.WriteByte(' ')
		case r == '>' && inTag:
			inTag = false
		case !inTag:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// NormalizeTags trims, lowercases and de-duplicates tags and checks them: at most five, each
// of letters, digits, spaces and hyphens, up to 30 characters.
func NormalizeTags(tags []string) ([]string, error) {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range tags {
		t = strings.ToLower(strings.Join(strings.Fields(t), " "))
		if t == "" || seen[t] {
			continue
		}
		if utf8.RuneCountInString(t) > MaxTagLength || !tagChars(t) {
			return nil, fieldErr("tags", MsgQuestionTagFormat)
		}
		seen[t] = true
		out = append(out, t)
	}
	if len(out) > MaxQuestionTags {
		return nil, fieldErr("tags", MsgQuestionTooManyTags)
	}
	return out, nil
}

func tagChars(t string) bool {
	for _, r := range t {
		if !(r == ' ' || r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

// ValidateQuestion normalises q (title on one line, text of the already sanitized content,
// tags) and checks it.
func ValidateQuestion(q *Question) error {
	var v Validation
	q.Title = strings.Join(strings.Fields(q.Title), " ")
	switch n := utf8.RuneCountInString(q.Title); {
	case n < MinQuestionTitle:
		v.Add("title", MsgQuestionTitleTooShort)
	case n > MaxQuestionTitle:
		v.Add("title", MsgQuestionTitleTooLong)
	}
	q.Content = strings.TrimSpace(q.Content)
	q.ContentText = PlainText(q.Content)
	switch n := utf8.RuneCountInString(q.ContentText); {
	case n < MinQuestionContent:
		v.Add("content", MsgQuestionContentTooShort)
	case n > MaxQuestionContent || len(q.Content) > MaxStoredHTML:
		v.Add("content", MsgQuestionContentTooLong)
	}
	tags, err := NormalizeTags(q.Tags)
	if err != nil {
		v.Add("tags", err.(*Error).Message)
	} else {
		q.Tags = tags
	}
	q.ImageURL = strings.TrimSpace(q.ImageURL)
	if !ValidImageURL(q.ImageURL) {
		v.Add("imageUrl", MsgInvalidURL)
	}
	return v.Err()
}

// ValidateAnswer checks an answer's already sanitized content.
func ValidateAnswer(a *Answer) error {
	a.Content = strings.TrimSpace(a.Content)
	switch n := utf8.RuneCountInString(PlainText(a.Content)); {
	case n == 0:
		return fieldErr("content", MsgAnswerEmpty)
	case n > MaxAnswerContent || len(a.Content) > MaxStoredHTML:
		return fieldErr("content", MsgAnswerTooLong)
	}
	return nil
}

// QuestionPatch is the asker's change to a question: nil fields stay as they are. Content is
// sanitized HTML (the service sanitizes it first).
type QuestionPatch struct {
	Title, Content, ImageURL *string
	Tags                     *[]string
}

// Edit applies the asker's change at now: only the asker may, and only before the question has
// an answer (answers reply to what was asked); the result is checked by ValidateQuestion.
func (q *Question) Edit(by *User, p QuestionPatch, now time.Time) error {
	if by == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if by.ID != q.UserID {
		return Errorf(EForbidden, MsgQuestionEditOwnOnly)
	}
	if q.AnswerCount > 0 {
		return Errorf(EConflict, MsgQuestionEditAnswered)
	}
	set(&q.Title, p.Title)
	set(&q.Content, p.Content)
	set(&q.ImageURL, p.ImageURL)
	set(&q.Tags, p.Tags)
	if err := ValidateQuestion(q); err != nil {
		return err
	}
	q.EditedAt, q.UpdatedAt = &now, now
	return nil
}

// Refresh sets the question's status from its answers: Answered once an answer is accepted or
// an expert has answered, Open otherwise (spec 02 §4; docs/decisions.md).
func (q *Question) Refresh() {
	if q.AcceptedAnswerID != nil || q.ExpertAnswered {
		q.Status = QuestionAnswered
	} else {
		q.Status = QuestionOpen
	}
}

// RecordAnswer counts a new answer on the question at now.
func (q *Question) RecordAnswer(a *Answer, now time.Time) {
	q.AnswerCount++
	if a.ByExpert {
		q.ExpertAnswered = true
	}
	q.UpdatedAt = now
	q.Refresh()
}

// Accept marks a as the accepted answer, by the asker or a superadmin; accepting another answer
// later moves the mark.
func (q *Question) Accept(by *User, a *Answer, now time.Time) error {
	if by == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if by.ID != q.UserID && by.Role != RoleSuperadmin {
		return Errorf(EForbidden, MsgAcceptOnlyAsker)
	}
	if a.QuestionID != q.ID {
		return Errorf(ENotFound, MsgAnswerNotFound)
	}
	id := a.ID
	q.AcceptedAnswerID, q.UpdatedAt = &id, now
	q.Refresh()
	return nil
}

// ExpertAnswerNotification tells the asker of q that a new answer arrived.
func ExpertAnswerNotification(q *Question, a *Answer, authorName string) *Notification {
	title := "Your question has a new answer"
	content := authorName + " answered \"" + q.Title + "\"."
	if a.ByExpert {
		title = "An expert answered your question"
		content = authorName + " (Expert) answered \"" + q.Title + "\"."
	}
	id := q.UserID
	return &Notification{Kind: KindExpertAnswer, Title: title, Content: clip(content, MaxNotificationContentLength),
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": KindExpertAnswer, "questionId": q.ID, "answerId": a.ID, "expert": a.ByExpert,
			"url": "/community/expert-qa/" + strconv.FormatInt(q.ID, 10)}}
}
