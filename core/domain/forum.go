package domain

import (
	"fmt"
	"html"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// ForumSearchRanked bounds the forum search's ranking: the newest this many matches are ranked
// best first, older ones follow newest first (docs/api.md, forum search).
const ForumSearchRanked = 200

// Forum limits (spec 02 §5 and §9; the edit window, report and search bounds are ours, see
// docs/decisions.md "Community forum").
const (
	MinTopicTitleLength    = 5
	MaxTopicTitleLength    = 100
	MinTopicContentLength  = 20
	MaxForumContentLength  = 5000
	MaxForumCategoryName   = 100
	MaxForumCategoryDesc   = 500
	MaxForumSlugLength     = 100
	MaxForumReportReason   = 500
	MaxForumSearchLength   = 100
	MaxForumSearchTerms    = 8
	ForumEditWindow        = 24 * time.Hour
	ForumReplyNotifyWindow = time.Hour
	// maxForumHTMLFactor bounds the stored HTML relative to its visible text, so markup cannot
	// be used to store far more than the content limit allows.
	maxForumHTMLFactor = 4
)

// Forum messages. The first group is the spec's (§5, §8); the rest are ours for rules the spec
// leaves open.
const (
	MsgTopicTitleTooShort       = "Title must be at least 5 characters"
	MsgTopicTitleTooLong        = "Title cannot exceed 100 characters"
	MsgTopicContentTooShort     = "Content must be at least 20 characters"
	MsgTopicContentTooLong      = "Content cannot exceed 5000 characters"
	MsgTopicCategoryRequired    = "Please select a category"
	MsgReplyEmptyTitle          = "Empty Reply"
	MsgReplyEmpty               = "Please enter some content for your reply"
	MsgForumCategoryNameMissing = "Category name is required"
	MsgForumCategoryIDRequired  = "Category ID is required"
	MsgTopicLocked              = "This topic is locked and no longer accepting new replies."

	MsgForumSlugRequired        = "Slug is required"
	MsgForumSlugFormat          = "Slug may contain only lowercase letters, digits and hyphens"
	MsgForumSlugTaken           = "A category with this slug already exists"
	MsgForumSortOrder           = "Sort order must be 0 or greater"
	MsgForumCategoryNameTooLong = "Category name cannot exceed 100 characters"
	MsgForumCategoryDescTooLong = "Description cannot exceed 500 characters"
	MsgForumCategoryNotFound    = "Category not found"
	MsgForumTopicNotFound       = "Topic not found"
	MsgForumPostNotFound        = "Post not found"
	MsgForumReportNotFound      = "No open reports for this post"
	MsgForumMoveDirection       = "Direction must be up or down"
	MsgForumEditOwnOnly         = "You can only edit your own posts"
	MsgForumEditWindow          = "Posts can only be edited within 24 hours of posting"
	MsgForumLikeOwn             = "You cannot like your own post"
	MsgForumReportOwn           = "You cannot report your own post"
	MsgForumReportTwice         = "You have already reported this post"
	MsgForumReportReason        = "Please give a reason for your report"
	MsgForumReportReasonTooLong = "Reason cannot exceed 500 characters"
	MsgForumWatchLevel          = "Level must be watching, normal or muted"
	MsgForumSearchEmpty         = "Please enter a search term"
	MsgForumSearchTooLong       = "Search cannot exceed 100 characters"
	MsgForumPostingTooFast      = "You are posting too quickly. Please wait a moment before posting again."
	MsgForumNotAllowed          = "Only superadmins can do this"
)

// ForumCategoryHasTopics is the admin page's sentence for a category that cannot be deleted
// (spec 02 §2).
func ForumCategoryHasTopics(n int) string {
	if n == 1 {
		return "This category has 1 topic and cannot be deleted"
	}
	return fmt.Sprintf("This category has %d topics and cannot be deleted", n)
}

// ForumCategory groups topics (spec 02 §3).
type ForumCategory struct {
	ID          int64
	Name        string
	Slug        string
	Description string
	// TopicsCount counts every topic of the category, under review or not, so that the delete
	// guard sees them all; the store keeps it in the same transaction as each topic write.
	TopicsCount int
	// ReviewTopicsCount counts the topics under review among them, kept the same way: readers
	// who may not see those are shown TopicsCount minus it (VisibleTopics).
	ReviewTopicsCount int
	SortOrder         int
	CreatedAt         time.Time
	// LastActivityAt is the newest last activity of the category's visible topics (nil when it
	// has none); the category lists fill it in, other reads leave it nil.
	LastActivityAt *time.Time
}

// VisibleTopics is the topic count v is shown: every topic for a superadmin, the topics not
// under review for everyone else (a count of 1 over an empty list told visitors a topic was
// under review). An author does not count their own topic under review: they see it listed,
// but the count stays what every other reader sees.
func (c *ForumCategory) VisibleTopics(v ForumViewer) int {
	if v.Superadmin {
		return c.TopicsCount
	}
	return max(0, c.TopicsCount-c.ReviewTopicsCount)
}

// DefaultForumCategories are the categories a fresh install's forum starts with (issue 27), so
// that the first gardener has somewhere to post. They are ordinary categories: editable and
// deletable, and seeded once (a deleted one does not come back).
var DefaultForumCategories = []ForumCategory{
	{Name: "General", Slug: "general", Description: "Anything about the garden and this community.", SortOrder: 0},
	{Name: "Help & Advice", Slug: "help-advice", Description: "Ask for help with a plant, a pest or a bed; share what worked.", SortOrder: 1},
	{Name: "Show & Tell", Slug: "show-tell", Description: "Show your harvests, beds and blooms.", SortOrder: 2},
}

// ForumTopic is a conversation: a title, an opening body and replies (spec 02 §3).
type ForumTopic struct {
	ID           int64
	CategoryID   int64
	CategorySlug string
	CategoryName string
	Title        string
	// Content is sanitized HTML; ContentText its visible text, for limits and search.
	Content     string
	ContentText string
	// AuthorID is nil once the author's account is deleted (the page shows Unknown).
	AuthorID  *int64
	Username  string
	CreatedAt time.Time
	// PostCount counts the topic's replies that are not under review (what every reader sees);
	// LastActivityAt is the newest reply's time, or the topic's own when it has none. The store
	// keeps both in the same transaction as each reply write, review change and delete.
	PostCount      int
	ViewCount      int
	Pinned         bool
	Locked         bool
	InReview       bool
	LastActivityAt time.Time
	// EditedAt is when the author last changed the title or first post; nil until then.
	EditedAt *time.Time
	// Watch is the viewer's watch level for this topic (zero for visitors and lists).
	Watch WatchLevel
}

// ForumPost is a reply to a topic (spec 02 §3).
type ForumPost struct {
	ID          int64
	TopicID     int64
	AuthorID    *int64
	Username    string
	Content     string
	ContentText string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	Likes       int
	InReview    bool
	// Liked and Reported say whether the viewer liked and reported this post.
	Liked    bool
	Reported bool
}

// Edited reports whether the post was changed after it was written: the page's "(edited)".
func (p *ForumPost) Edited() bool { return !p.UpdatedAt.Equal(p.CreatedAt) }

// ForumViewer is who reads the forum: a visitor (zero value), a user, or a superadmin. Storage
// filters with it so that content under review reaches only its author and superadmins; the rule
// has one home, CanSee.
type ForumViewer struct {
	UserID     int64
	Superadmin bool
}

// ForumViewerOf returns p's viewer; nil is a visitor.
func ForumViewerOf(p *Principal) ForumViewer {
	if p == nil || p.User == nil {
		return ForumViewer{}
	}
	return ForumViewer{UserID: p.User.ID, Superadmin: p.User.Role == RoleSuperadmin}
}

// CanSee reports whether the viewer may see content by author that may be under review.
func (v ForumViewer) CanSee(authorID *int64, inReview bool) bool {
	if !inReview || v.Superadmin {
		return true
	}
	return v.UserID != 0 && authorID != nil && *authorID == v.UserID
}

// IsForumModerator reports whether p may delete, review, pin, lock and manage categories
// (spec 02 §6: superadmins only).
func IsForumModerator(p *Principal) bool {
	return p != nil && p.User != nil && p.User.Role == RoleSuperadmin
}

// RequireForumModerator returns nil for superadmins, else unauthorized or forbidden.
func RequireForumModerator(p *Principal) error {
	if p == nil || p.User == nil {
		return Errorf(EUnauthorized, MsgNotSignedIn)
	}
	if !IsForumModerator(p) {
		return Errorf(EForbidden, MsgForumNotAllowed)
	}
	return nil
}

// WatchLevel is how much a reader hears about one topic (Discourse's levels, simplified).
type WatchLevel string

// The watch levels. Normal: replies reach the topic's author and repliers, mentions reach the
// mentioned. Watching: every reply reaches the watcher. Muted: nothing from the topic.
const (
	WatchNormal   WatchLevel = "normal"
	WatchWatching WatchLevel = "watching"
	WatchMuted    WatchLevel = "muted"
)

// ParseWatchLevel returns the level named s, or an invalid error.
func ParseWatchLevel(s string) (WatchLevel, error) {
	switch l := WatchLevel(strings.ToLower(strings.TrimSpace(s))); l {
	case WatchNormal, WatchWatching, WatchMuted:
		return l, nil
	}
	return "", &Error{Code: EInvalid, Message: MsgForumWatchLevel, Fields: map[string]string{"level": MsgForumWatchLevel}}
}

// NewTopic is what a signed-in user submits on the new topic page.
type NewTopic struct {
	CategoryID int64
	Title      string
	// Content is the sanitized HTML of the editor.
	Content string
}

// ValidateNewTopic normalises t's title and checks the new topic form (spec 02 §5). Content is
// measured by its visible text, so markup neither helps reach the minimum nor counts against
// the maximum; it returns that text.
func ValidateNewTopic(t *NewTopic) (text string, err error) {
	var v Validation
	t.Title = strings.Join(strings.Fields(t.Title), " ")
	switch n := utf8.RuneCountInString(t.Title); {
	case n < MinTopicTitleLength:
		v.Add("title", MsgTopicTitleTooShort)
	case n > MaxTopicTitleLength:
		v.Add("title", MsgTopicTitleTooLong)
	}
	t.Content = strings.TrimSpace(t.Content)
	text = HTMLText(t.Content)
	switch n := utf8.RuneCountInString(text); {
	case n < MinTopicContentLength:
		v.Add("content", MsgTopicContentTooShort)
	case n > MaxForumContentLength, len(t.Content) > maxForumHTMLFactor*MaxForumContentLength+200:
		v.Add("content", MsgTopicContentTooLong)
	}
	if t.CategoryID < 1 {
		v.Add("categoryId", MsgTopicCategoryRequired)
	}
	return text, v.Err()
}

// ValidateReply checks a reply or an edit of one (spec 02 §5: trimmed content non-empty) and
// returns its visible text. A reply that is only markup (an empty paragraph) is empty.
func ValidateReply(content *string) (text string, err error) {
	*content = strings.TrimSpace(*content)
	text = HTMLText(*content)
	if text == "" && !strings.Contains(*content, "<img") {
		return "", &Error{Code: EInvalid, Message: MsgReplyEmpty, Fields: map[string]string{"content": MsgReplyEmpty}}
	}
	if utf8.RuneCountInString(text) > MaxForumContentLength || len(*content) > maxForumHTMLFactor*MaxForumContentLength+200 {
		return "", &Error{Code: EInvalid, Message: MsgTopicContentTooLong, Fields: map[string]string{"content": MsgTopicContentTooLong}}
	}
	return text, nil
}

// CheckCanReply refuses a reply to a locked topic.
func CheckCanReply(t *ForumTopic) error {
	if t.Locked {
		return Errorf(EConflict, MsgTopicLocked)
	}
	return nil
}

// CheckCanEditPost allows the author of a post to edit it within ForumEditWindow of posting.
func CheckCanEditPost(p *ForumPost, by *User, now time.Time) error {
	if by == nil || p.AuthorID == nil || *p.AuthorID != by.ID {
		return Errorf(EForbidden, MsgForumEditOwnOnly)
	}
	if now.Sub(p.CreatedAt) > ForumEditWindow {
		return Errorf(EForbidden, MsgForumEditWindow)
	}
	return nil
}

// CheckCanEditTopic allows the author of a topic to change its title and first post within
// ForumEditWindow of posting: the rule of replies (CheckCanEditPost), with the same messages.
func CheckCanEditTopic(t *ForumTopic, by *User, now time.Time) error {
	if by == nil || t.AuthorID == nil || *t.AuthorID != by.ID {
		return Errorf(EForbidden, MsgForumEditOwnOnly)
	}
	if now.Sub(t.CreatedAt) > ForumEditWindow {
		return Errorf(EForbidden, MsgForumEditWindow)
	}
	return nil
}

// TopicEdit is the author's change to a topic: nil fields stay as they are. Content is
// sanitized HTML (the service sanitizes it first).
type TopicEdit struct {
	Title, Content *string
}

// Edit applies the author's change at now, checked by the new topic form's rules
// (ValidateNewTopic), and marks the topic edited.
func (t *ForumTopic) Edit(by *User, e TopicEdit, now time.Time) error {
	if err := CheckCanEditTopic(t, by, now); err != nil {
		return err
	}
	nt := NewTopic{Title: t.Title, Content: t.Content, CategoryID: t.CategoryID}
	set(&nt.Title, e.Title)
	set(&nt.Content, e.Content)
	text, err := ValidateNewTopic(&nt)
	if err != nil {
		return err
	}
	t.Title, t.Content, t.ContentText, t.EditedAt = nt.Title, nt.Content, text, &now
	return nil
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// latinFold maps common accented Latin letters to ASCII, so "Café Plants" becomes
// "cafe-plants" rather than "caf-plants".
var latinFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae", 'ç': "c",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i", 'î': "i", 'ï': "i",
	'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'œ': "oe",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y", 'ß': "ss",
}

// ForumSlug derives a category's slug from its name: lowercase ASCII letters and digits
// (common accented letters folded, apostrophes dropped), every other run of characters one
// hyphen, no hyphen at either end ("Fruit & Veg" → "fruit-veg"). The category form derives the
// same slug in the browser (web/src/features/forum/api/categories.ts).
func ForumSlug(name string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(name) {
		if r == '\'' || r == '‘' || r == '’' {
			continue // "Aunt Molly's" → "aunt-mollys", as the web app's slugs
		}
		if s, ok := latinFold[r]; ok {
			b.WriteString(s)
			hyphen = false
			continue
		}
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
			hyphen = false
			continue
		}
		if !hyphen && b.Len() > 0 {
			b.WriteByte('-')
			hyphen = true
		}
	}
	out := strings.TrimRight(b.String(), "-")
	if len(out) > MaxForumSlugLength {
		out = strings.TrimRight(out[:MaxForumSlugLength], "-")
	}
	return out
}

// SlugFollowsName is the category form's rule (spec 02 §5): while creating, or while editing
// with the slug unchanged from the original or equal to the slug derived from the name before
// this keystroke, a change of name changes the slug too.
func SlugFollowsName(creating bool, originalSlug, currentSlug, previousName string) bool {
	return creating || currentSlug == originalSlug || currentSlug == ForumSlug(previousName)
}

// DefaultForumSortOrder is a new category's sort order: the number of categories plus one.
func DefaultForumSortOrder(count int) int { return count + 1 }

// ValidateForumCategory normalises c and checks the category form (spec 02 §5). An empty slug
// is derived from the name, as the form does.
func ValidateForumCategory(c *ForumCategory) error {
	var v Validation
	c.Name = strings.Join(strings.Fields(c.Name), " ")
	c.Description = strings.TrimSpace(c.Description)
	c.Slug = strings.TrimSpace(c.Slug)
	switch {
	case c.Name == "":
		v.Add("name", MsgForumCategoryNameMissing)
	case utf8.RuneCountInString(c.Name) > MaxForumCategoryName:
		v.Add("name", MsgForumCategoryNameTooLong)
	}
	if c.Slug == "" {
		c.Slug = ForumSlug(c.Name)
	}
	switch {
	case c.Slug == "":
		v.Add("slug", MsgForumSlugRequired)
	case len(c.Slug) > MaxForumSlugLength || !slugPattern.MatchString(c.Slug):
		v.Add("slug", MsgForumSlugFormat)
	}
	if c.SortOrder < 0 {
		v.Add("sortOrder", MsgForumSortOrder)
	}
	if utf8.RuneCountInString(c.Description) > MaxForumCategoryDesc {
		v.Add("description", MsgForumCategoryDescTooLong)
	}
	return v.Err()
}

// CheckCanDeleteCategory refuses to delete a category that still has topics (spec 02 §2).
func CheckCanDeleteCategory(c *ForumCategory) error {
	if c.TopicsCount > 0 {
		return Errorf(EConflict, "%s", ForumCategoryHasTopics(c.TopicsCount))
	}
	return nil
}

// SortForumCategories orders categories as every list shows them: sort order, then name, then
// id.
func SortForumCategories(cs []*ForumCategory) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.SortOrder != b.SortOrder {
			return a.SortOrder < b.SortOrder
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.ID < b.ID
	})
}

// MoveForumCategory moves category id one place up or down in the order of all (changing the
// slice's order) and numbers every category 1, 2, 3… so that ties and gaps left by earlier
// edits cannot make a move do nothing. It returns the categories whose sort order changed;
// none when the category is already first (up) or last (down).
func MoveForumCategory(all []*ForumCategory, id int64, direction string) ([]*ForumCategory, error) {
	step := 0
	switch strings.ToLower(strings.TrimSpace(direction)) {
	case "up":
		step = -1
	case "down":
		step = 1
	default:
		return nil, &Error{Code: EInvalid, Message: MsgForumMoveDirection, Fields: map[string]string{"direction": MsgForumMoveDirection}}
	}
	SortForumCategories(all)
	at := -1
	for i, c := range all {
		if c.ID == id {
			at = i
		}
	}
	if at < 0 {
		return nil, Errorf(ENotFound, MsgForumCategoryNotFound)
	}
	if to := at + step; to >= 0 && to < len(all) {
		all[at], all[to] = all[to], all[at]
	}
	var changed []*ForumCategory
	for i, c := range all {
		if c.SortOrder != i+1 {
			c.SortOrder = i + 1
			changed = append(changed, c)
		}
	}
	return changed, nil
}

// NewForumReport checks a report's reason and that its author is not the post's.
func NewForumReport(p *ForumPost, by *User, reason string) (string, error) {
	if p.AuthorID != nil && by != nil && *p.AuthorID == by.ID {
		return "", Errorf(EForbidden, MsgForumReportOwn)
	}
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return "", &Error{Code: EInvalid, Message: MsgForumReportReason, Fields: map[string]string{"reason": MsgForumReportReason}}
	case utf8.RuneCountInString(reason) > MaxForumReportReason:
		return "", &Error{Code: EInvalid, Message: MsgForumReportReasonTooLong, Fields: map[string]string{"reason": MsgForumReportReasonTooLong}}
	}
	return reason, nil
}

// ForumReport is one user's report of one post.
type ForumReport struct {
	ID         int64
	PostID     int64
	ReporterID int64
	Reporter   string
	Reason     string
	CreatedAt  time.Time
}

// ReportedPost is an entry of the superadmins' review queue: a post with its open reports.
type ReportedPost struct {
	Post       ForumPost
	TopicTitle string
	Reports    []ForumReport
	// LastReportedAt orders the queue, newest first.
	LastReportedAt time.Time
}

// ForumSearchHit is one search result: a topic, or a reply within one.
type ForumSearchHit struct {
	TopicID int64
	// PostID is set when the hit is a reply.
	PostID     *int64
	Title      string
	Username   string
	CreatedAt  time.Time
	CategoryID int64
	// Snippet is plain text in which the stores mark matches with SnippetOpen and
	// SnippetClose; HighlightSnippet turns it into safe HTML.
	Snippet string
}

// Snippet markers: control characters, which HTMLText removes from every stored text, so they
// can only come from the store's highlighter.
const (
	SnippetOpen  = "\x01"
	SnippetClose = "\x02"
)

// HighlightSnippet escapes a marked snippet and wraps its matches in <mark>.
func HighlightSnippet(s string) string {
	s = html.EscapeString(s)
	s = strings.ReplaceAll(s, SnippetOpen, "<mark>")
	return strings.ReplaceAll(s, SnippetClose, "</mark>")
}

var searchWord = regexp.MustCompile(`[\p{L}\p{N}]+`)

// ForumSearchTerms checks a search query and returns its words, lowercased, each to be matched
// as a prefix so that short terms ("ph", "n") find longer words. Punctuation separates words
// and never reaches the query language of either database.
func ForumSearchTerms(q string) ([]string, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > MaxForumSearchLength {
		return nil, &Error{Code: EInvalid, Message: MsgForumSearchTooLong, Fields: map[string]string{"q": MsgForumSearchTooLong}}
	}
	words := searchWord.FindAllString(strings.ToLower(q), -1)
	if len(words) == 0 {
		return nil, &Error{Code: EInvalid, Message: MsgForumSearchEmpty, Fields: map[string]string{"q": MsgForumSearchEmpty}}
	}
	seen := map[string]bool{}
	var out []string
	for _, w := range words {
		if !seen[w] && len(out) < MaxForumSearchTerms {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out, nil
}

var (
	tagPattern      = regexp.MustCompile(`(?s)<[^>]*>`)
	blockTagPattern = regexp.MustCompile(`(?i)</?(p|div|br|li|ul|ol|blockquote|h[1-6]|pre|tr|td|th)\b[^>]*>`)
)

// HTMLText returns the visible text of sanitized HTML: tags removed (block tags leave a space),
// entities decoded, control characters dropped, whitespace collapsed.
func HTMLText(s string) string {
	s = blockTagPattern.ReplaceAllString(s, " ")
	s = tagPattern.ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

var mentionPattern = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_.@/-])@([A-Za-z0-9][A-Za-z0-9._\-]{1,63})`)

// ForumMentions returns the usernames mentioned with @name in a post's visible text, lowercased,
// each once, at most max.
func ForumMentions(text string, max int) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range mentionPattern.FindAllStringSubmatch(text, -1) {
		name := strings.ToLower(strings.TrimRight(m[1], ".-_"))
		if len(name) < MinUsernameLength || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
		if len(out) == max {
			break
		}
	}
	return out
}

// Forum notification kinds.
const (
	KindForumReply      = "forum_reply"
	KindForumMention    = "forum_mention"
	KindForumModeration = "forum_moderation"
)

// ForumTopicURL is the page of a topic, for notification links.
func ForumTopicURL(topicID int64) string { return fmt.Sprintf("/community/forum/topic/%d", topicID) }

// ForumReplyNotification tells one user that someone replied in a topic they follow.
func ForumReplyNotification(to int64, t *ForumTopic, p *ForumPost, by string) *Notification {
	id := to
	return &Notification{Kind: KindForumReply, Title: "New reply in \"" + ellipsis(t.Title, 80) + "\"",
		Content:    by + " replied: " + ellipsis(p.ContentText, 300),
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": KindForumReply, "url": ForumTopicURL(t.ID), "topicId": t.ID, "postId": p.ID}}
}

// ForumMentionNotification tells one user that a post mentions them.
func ForumMentionNotification(to int64, t *ForumTopic, postID *int64, text, by string) *Notification {
	id := to
	data := map[string]any{"type": KindForumMention, "url": ForumTopicURL(t.ID), "topicId": t.ID}
	if postID != nil {
		data["postId"] = *postID
	}
	return &Notification{Kind: KindForumMention, Title: by + " mentioned you in \"" + ellipsis(t.Title, 80) + "\"",
		Content: ellipsis(text, 300), TargetType: TargetUser, TargetID: &id, Data: data}
}

// Moderation actions the author hears about.
const (
	ModerationReview  = "review"
	ModerationRemoved = "removed"
	ModerationCleared = "cleared"
)

// ForumModerationNotification tells an author what a moderator did to their topic or post, and
// why when the moderator said.
func ForumModerationNotification(to int64, what, title string, topicID int64, action, reason string) *Notification {
	id := to
	var head, body string
	switch action {
	case ModerationReview:
		head = "Your " + what + " is awaiting review"
		body = "A moderator placed your " + what + " in \"" + ellipsis(title, 80) + "\" under review. Only you and moderators can see it until the review is cleared."
	case ModerationCleared:
		head = "Your " + what + " is visible again"
		body = "A moderator cleared the review of your " + what + " in \"" + ellipsis(title, 80) + "\"."
	default:
		head = "Your " + what + " was removed"
		body = "A moderator removed your " + what + " in \"" + ellipsis(title, 80) + "\"."
	}
	if r := strings.TrimSpace(reason); r != "" {
		body += " Reason: " + ellipsis(r, 300)
	}
	data := map[string]any{"type": KindForumModeration, "action": action, "topicId": topicID}
	if action != ModerationRemoved || what == "post" {
		data["url"] = ForumTopicURL(topicID)
	} else {
		data["url"] = "/community/forum"
	}
	return &Notification{Kind: KindForumModeration, Title: head, Content: body, TargetType: TargetUser, TargetID: &id, Data: data}
}

// ellipsis shortens s to at most n runes, ending with an ellipsis when cut.
func ellipsis(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
