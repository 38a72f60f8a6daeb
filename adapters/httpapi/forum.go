package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// forumRoutes are the forum calls of spec 02 §7 and ours for pinning, locking, likes, reports,
// edits, watch levels and search (docs/api.md, "Community forum"). Reading needs no sign-in
// (spec 02 §6); every write is signed in and gated by the community_forum function.
func (s *Server) forumRoutes() []route {
	return []route{
		{method: "GET", path: "/api/forum/categories", access: readers, handler: s.handleForumCategories,
			op: apiOp{summary: "Forum categories", out: []forumCategoryJSON{}, page: true}},
		{method: "POST", path: "/api/forum/categories", access: writes(domain.FunctionForum), handler: s.handleCreateForumCategory,
			op: apiOp{summary: "Create a forum category", in: forumCategoryRequest{}, out: forumCategoryJSON{}, status: 201}},
		// by-slug/{slug} and {slug}/topics overlap for the mux ("by-slug/topics"), so one pattern
		// serves both.
		{method: "GET", path: "/api/forum/categories/{first}/{second}", access: readers, handler: s.handleForumCategoryPair, docs: []documented{
			{"/api/forum/categories/by-slug/{slug}", apiOp{summary: "A forum category by its slug", out: forumCategoryJSON{}}},
			{"/api/forum/categories/{slug}/topics", apiOp{summary: "A forum category's topics", out: []forumTopicJSON{}, page: true}},
		}},
		{method: "PATCH", path: "/api/forum/categories/{id}", access: writes(domain.FunctionForum), handler: s.handleUpdateForumCategory,
			op: apiOp{summary: "Change a forum category", in: forumCategoryRequest{}, out: forumCategoryJSON{}}},
		{method: "DELETE", path: "/api/forum/categories/{id}", access: writes(domain.FunctionForum), handler: s.handleDeleteForumCategory,
			op: apiOp{summary: "Delete a forum category", out: successJSON{}}},
		{method: "PATCH", path: "/api/forum/categories/{id}/move", access: writes(domain.FunctionForum), handler: s.handleMoveForumCategory,
			op: apiOp{summary: "Move a forum category up or down", in: moveForumCategoryInput{}, out: forumCategoryJSON{}}},
		{method: "GET", path: "/api/forum/topics/latest", access: readers, handler: s.handleForumTopics(ports.ForumSortLatest),
			op: apiOp{summary: "The latest topics", out: []forumTopicJSON{}, page: true}},
		{method: "GET", path: "/api/forum/topics/popular", access: readers, handler: s.handleForumTopics(ports.ForumSortPopular),
			op: apiOp{summary: "The most active topics", out: []forumTopicJSON{}, page: true}},
		{method: "GET", path: "/api/forum/topics/{id}", access: readers, handler: s.handleForumTopic,
			op: apiOp{summary: "One topic", out: forumTopicJSON{}}},
		{method: "GET", path: "/api/forum/topics/{id}/posts", access: readers, handler: s.handleForumPosts,
			op: apiOp{summary: "A topic's posts", out: []forumPostJSON{}, page: true}},
		{method: "POST", path: "/api/forum/topics", access: writes(domain.FunctionForum), handler: s.handleCreateForumTopic,
			op: apiOp{summary: "Start a topic", in: createTopicRequest{}, out: forumTopicJSON{}, status: 201}},
		{method: "POST", path: "/api/forum/topics/{id}/posts", access: writes(domain.FunctionForum), handler: s.handleForumReply,
			op: apiOp{summary: "Reply to a topic", in: contentRequest{}, out: forumPostJSON{}, status: 201}},
		{method: "PATCH", path: "/api/forum/topics/{id}", access: writes(domain.FunctionForum), handler: s.handleUpdateForumTopic,
			op: apiOp{summary: "The author edits the title and first post within 24 hours; superadmins pin, lock or review", in: topicPatchRequest{}, out: forumTopicJSON{}}},
		{method: "DELETE", path: "/api/forum/topics/{id}", access: writes(domain.FunctionForum), handler: s.handleDeleteForumTopic,
			op: apiOp{summary: "Delete a topic (?reason= or a body tells the author why)", in: deleteReasonInput{}, out: successJSON{}, query: []string{"reason"}}},
		{method: "PATCH", path: "/api/forum/topics/{id}/review", access: writes(domain.FunctionForum), handler: s.handleForumTopicReview,
			op: apiOp{summary: "Put a topic in review or release it", in: reviewRequest{}, out: reviewStateJSON{}}},
		{method: "PUT", path: "/api/forum/topics/{id}/watch", access: writes(domain.FunctionForum), handler: s.handleForumWatch,
			op: apiOp{summary: "Watch a topic", in: forumWatchInput{}, out: watchJSON{}}},
		{method: "POST", path: "/api/forum/direct/toggle-topic-review", access: writes(domain.FunctionForum), handler: s.handleForumDirectTopicReview,
			op: apiOp{summary: "Put a topic in review or release it (topicId in the body)", in: reviewRequest{}, out: reviewStateJSON{}}},
		{method: "PATCH", path: "/api/forum/posts/{id}", access: writes(domain.FunctionForum), handler: s.handleEditForumPost,
			op: apiOp{summary: "Edit a post", in: contentRequest{}, out: forumPostJSON{}}},
		{method: "DELETE", path: "/api/forum/posts/{id}", access: writes(domain.FunctionForum), handler: s.handleDeleteForumPost,
			op: apiOp{summary: "Delete a post (?reason= or a body tells the author why)", in: deleteReasonInput{}, out: successJSON{}, query: []string{"reason"}}},
		{method: "PATCH", path: "/api/forum/posts/{id}/review", access: writes(domain.FunctionForum), handler: s.handleForumPostReview,
			op: apiOp{summary: "Put a post in review or release it", in: reviewRequest{}, out: reviewStateJSON{}}},
		{method: "POST", path: "/api/forum/posts/{id}/like", access: writes(domain.FunctionForum), handler: s.handleForumLike,
			op: apiOp{summary: "Like a post or take the like back", out: likeJSON{}}},
		{method: "POST", path: "/api/forum/posts/{id}/report", access: writes(domain.FunctionForum), handler: s.handleForumReport,
			op: apiOp{summary: "Report a post", in: forumReportInput{}, out: reportCreatedJSON{}, status: 201}},
		{method: "POST", path: "/api/forum/direct/toggle-post-review", access: writes(domain.FunctionForum), handler: s.handleForumDirectPostReview,
			op: apiOp{summary: "Put a post in review or release it (postId in the body)", in: reviewRequest{}, out: reviewStateJSON{}}},
		{method: "GET", path: "/api/forum/reports", handler: s.handleForumReports,
			op: apiOp{summary: "Reported posts (moderators)", out: []reportedPostJSON{}, page: true}},
		{method: "POST", path: "/api/forum/reports/{id}/clear", access: writes(domain.FunctionForum), handler: s.handleClearForumReports,
			op: apiOp{summary: "Clear a post's reports", out: clearedReportsJSON{}}},
		{method: "GET", path: "/api/forum/search", access: readers, handler: s.handleForumSearch,
			op: apiOp{summary: "Search topics and posts", out: []forumSearchHitJSON{}, page: true, query: []string{"q"}}},
	}
}

// reader wraps a handler that anyone may call: a valid bearer token makes the caller that user,
// anything else (no token, an expired one) a visitor.
func (s *Server) reader(h func(w http.ResponseWriter, r *http.Request, p *domain.Principal)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var p *domain.Principal
		if token := bearerToken(r); token != "" {
			got, err := s.accounts.Authenticate(r.Context(), token)
			switch {
			case err == nil:
				p = got
				r = r.WithContext(context.WithValue(r.Context(), principalKey{}, p))
			case domain.ErrorCode(err) != domain.EUnauthorized:
				s.fail(w, r, err)
				return
			}
		}
		h(w, r, p)
	}
}

// ---- wire types

type forumCategoryJSON struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Slug        string    `json:"slug"`
	Description string    `json:"description"`
	TopicsCount int       `json:"topicsCount"`
	SortOrder   int       `json:"sortOrder"`
	CreatedAt   time.Time `json:"createdAt"`
	// LastActivityAt is the newest activity of the category's visible topics; null without
	// topics, and on the single-category reads (only the list fills it in).
	LastActivityAt *time.Time `json:"lastActivityAt"`
}

func toForumCategoryJSON(c *domain.ForumCategory) forumCategoryJSON {
	out := forumCategoryJSON{ID: c.ID, Name: c.Name, Slug: c.Slug, Description: c.Description, TopicsCount: c.TopicsCount,
		SortOrder: c.SortOrder, CreatedAt: c.CreatedAt.UTC()}
	if c.LastActivityAt != nil {
		at := c.LastActivityAt.UTC()
		out.LastActivityAt = &at
	}
	return out
}

// forumTopicJSON is a topic (spec 02 §3), with both spellings of the flags the spec shows
// (isPinned/isLocked in lists, pinned/locked on the detail). Lists carry an excerpt instead of
// the content.
type forumTopicJSON struct {
	ID             int64     `json:"id"`
	Title          string    `json:"title"`
	Content        *string   `json:"content,omitempty"`
	Excerpt        string    `json:"excerpt"`
	UserID         *int64    `json:"userId"`
	Username       *string   `json:"username"`
	CreatedAt      time.Time `json:"createdAt"`
	CategoryID     int64     `json:"categoryId"`
	CategorySlug   string    `json:"categorySlug"`
	CategoryName   string    `json:"categoryName"`
	PostCount      int       `json:"postCount"`
	ViewCount      int       `json:"viewCount"`
	IsPinned       bool      `json:"isPinned"`
	IsLocked       bool      `json:"isLocked"`
	Pinned         bool      `json:"pinned"`
	Locked         bool      `json:"locked"`
	InReview       bool      `json:"inReview"`
	LastActivityAt time.Time `json:"lastActivityAt"`
	WatchLevel     string    `json:"watchLevel,omitempty"`
	// EditedAt is when the author last changed the title or first post (null until then).
	EditedAt *time.Time `json:"editedAt"`
	Edited   bool       `json:"edited"`
}

func toForumTopicJSON(t *domain.ForumTopic, full bool) forumTopicJSON {
	out := forumTopicJSON{ID: t.ID, Title: t.Title, Excerpt: excerpt(t.ContentText, 200), UserID: t.AuthorID, CreatedAt: t.CreatedAt.UTC(),
		CategoryID: t.CategoryID, CategorySlug: t.CategorySlug, CategoryName: t.CategoryName, PostCount: t.PostCount,
		ViewCount: t.ViewCount, IsPinned: t.Pinned, IsLocked: t.Locked, Pinned: t.Pinned, Locked: t.Locked, InReview: t.InReview,
		LastActivityAt: t.LastActivityAt.UTC(), WatchLevel: string(t.Watch), Edited: t.EditedAt != nil}
	if t.EditedAt != nil {
		at := t.EditedAt.UTC()
		out.EditedAt = &at
	}
	if t.Username != "" {
		u := t.Username
		out.Username = &u
	}
	if full {
		c := t.Content
		out.Content = &c
	}
	return out
}

func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n-1])) + "…"
}

// forumPostJSON is a reply (spec 02 §3). userAvatar is always null: accounts have no avatar yet,
// and the page shows initials.
type forumPostJSON struct {
	ID         int64     `json:"id"`
	TopicID    int64     `json:"topicId"`
	Content    string    `json:"content"`
	UserID     *int64    `json:"userId"`
	Username   *string   `json:"username"`
	UserAvatar *string   `json:"userAvatar"`
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
	Likes      int       `json:"likes"`
	Liked      bool      `json:"liked"`
	Reported   bool      `json:"reported"`
	InReview   bool      `json:"inReview"`
	Edited     bool      `json:"edited"`
}

func toForumPostJSON(p *domain.ForumPost) forumPostJSON {
	out := forumPostJSON{ID: p.ID, TopicID: p.TopicID, Content: p.Content, UserID: p.AuthorID, CreatedAt: p.CreatedAt.UTC(),
		UpdatedAt: p.UpdatedAt.UTC(), Likes: p.Likes, Liked: p.Liked, Reported: p.Reported, InReview: p.InReview, Edited: p.Edited()}
	if p.Username != "" {
		u := p.Username
		out.Username = &u
	}
	return out
}

type forumReportJSON struct {
	ID        int64     `json:"id"`
	Reason    string    `json:"reason"`
	Reporter  string    `json:"reporter"`
	CreatedAt time.Time `json:"createdAt"`
}

type reportedPostJSON struct {
	Post           forumPostJSON     `json:"post"`
	TopicID        int64             `json:"topicId"`
	TopicTitle     string            `json:"topicTitle"`
	Reports        []forumReportJSON `json:"reports"`
	LastReportedAt time.Time         `json:"lastReportedAt"`
}

type forumSearchHitJSON struct {
	TopicID    int64     `json:"topicId"`
	PostID     *int64    `json:"postId"`
	Title      string    `json:"title"`
	Snippet    string    `json:"snippet"`
	Username   *string   `json:"username"`
	CreatedAt  time.Time `json:"createdAt"`
	CategoryID int64     `json:"categoryId"`
	URL        string    `json:"url"`
}

// ---- reading

// The {id} of the forum's paths: a topic, a post, or (moderators only) a category.
var (
	topicEndpoint    = endpoint{id: true, idNotFound: domain.MsgForumTopicNotFound}
	postEndpoint     = endpoint{id: true, idNotFound: domain.MsgForumPostNotFound}
	categoryEndpoint = moderated(endpoint{id: true, idInvalid: domain.MsgForumCategoryIDRequired})
)

// moderated is e for the forum's moderators only, checked before anything else is read.
func moderated(e endpoint) endpoint {
	e.guard = domain.RequireForumModerator
	return e
}

func toTopicSummaryJSON(t *domain.ForumTopic) forumTopicJSON { return toForumTopicJSON(t, false) }
func toTopicDetailJSON(t *domain.ForumTopic) forumTopicJSON  { return toForumTopicJSON(t, true) }

func (s *Server) handleForumCategories(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.ForumCategory], error) {
		return s.svc.Forum.Categories(r.Context(), p, page)
	}, toForumCategoryJSON)
}

func (s *Server) handleForumCategoryPair(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	first, second := r.PathValue("first"), r.PathValue("second")
	switch {
	case first == "by-slug":
		handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (*domain.ForumCategory, error) {
			return s.svc.Forum.CategoryBySlug(r.Context(), p, second)
		}, toForumCategoryJSON)
	case second == "topics":
		handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.ForumTopic], error) {
			return s.svc.Forum.CategoryTopics(r.Context(), p, first, page)
		}, toTopicSummaryJSON)
	default:
		s.fail(w, r, domain.Errorf(domain.ENotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
	}
}

func (s *Server) handleForumTopics(sort ports.ForumTopicSort) func(http.ResponseWriter, *http.Request, *domain.Principal) {
	return func(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
		handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.ForumTopic], error) {
			return s.svc.Forum.Topics(r.Context(), p, sort, page)
		}, toTopicSummaryJSON)
	}
}

func (s *Server) handleForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, topicEndpoint, func(q request[noBody]) (*domain.ForumTopic, error) {
		// The same client address as the sign-in limits: the peer, or X-Forwarded-For only from
		// a trusted proxy, so a visitor cannot inflate views by setting the header.
		return s.svc.Forum.Topic(r.Context(), p, q.id, clientAddr(r, s.proxies))
	}, toTopicDetailJSON)
}

func (s *Server) handleForumPosts(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, topicEndpoint, func(q request[noBody], page domain.PageRequest) (domain.Page[*domain.ForumPost], error) {
		return s.svc.Forum.Posts(r.Context(), p, q.id, page)
	}, toForumPostJSON)
}

func toForumSearchHitJSON(h *domain.ForumSearchHit) forumSearchHitJSON {
	url := domain.ForumTopicURL(h.TopicID)
	if h.PostID != nil {
		url += "#post-" + strconv.FormatInt(*h.PostID, 10)
	}
	out := forumSearchHitJSON{TopicID: h.TopicID, PostID: h.PostID, Title: h.Title, Snippet: domain.HighlightSnippet(h.Snippet),
		CreatedAt: h.CreatedAt.UTC(), CategoryID: h.CategoryID, URL: url}
	if h.Username != "" {
		u := h.Username
		out.Username = &u
	}
	return out
}

func (s *Server) handleForumSearch(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.ForumSearchHit], error) {
		return s.svc.Forum.Search(r.Context(), p, r.URL.Query().Get("q"), page)
	}, toForumSearchHitJSON)
}

// ---- categories

type forumCategoryRequest struct {
	Name        optional[string] `json:"name"`
	Slug        optional[string] `json:"slug"`
	Description optional[string] `json:"description"`
	SortOrder   optional[int]    `json:"sortOrder"`
}

func (in forumCategoryRequest) input() app.CategoryInput {
	return app.CategoryInput{Name: in.Name.ptr(), Slug: in.Slug.ptr(), Description: in.Description.ptr(), SortOrder: in.SortOrder.ptr()}
}

func (s *Server) handleCreateForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, moderated(created(endpoint{})), func(q request[forumCategoryRequest]) (*domain.ForumCategory, error) {
		return s.svc.Forum.CreateCategory(r.Context(), p, q.in.input())
	}, toForumCategoryJSON)
}

func (s *Server) handleUpdateForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, categoryEndpoint, func(q request[forumCategoryRequest]) (*domain.ForumCategory, error) {
		return s.svc.Forum.UpdateCategory(r.Context(), p, q.id, q.in.input())
	}, toForumCategoryJSON)
}

func (s *Server) handleDeleteForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, categoryEndpoint, func(q request[noBody]) (successJSON, error) {
		err := s.svc.Forum.DeleteCategory(r.Context(), p, q.id)
		return successJSON{Success: err == nil}, err
	}, asIs[successJSON])
}

// moveForumCategoryInput is the body of handleMoveForumCategory.
type moveForumCategoryInput struct {
	Direction string `json:"direction"`
}

func (s *Server) handleMoveForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, categoryEndpoint, func(q request[moveForumCategoryInput]) (*domain.ForumCategory, error) {
		return s.svc.Forum.MoveCategory(r.Context(), p, q.id, q.in.Direction)
	}, toForumCategoryJSON)
}

// ---- topics and replies

type createTopicRequest struct {
	Title      string `json:"title"`
	Content    string `json:"content"`
	CategoryID flexID `json:"categoryId"`
}

func (s *Server) handleCreateForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(endpoint{}), func(q request[createTopicRequest]) (*domain.ForumTopic, error) {
		nt := domain.NewTopic{Title: q.in.Title, Content: q.in.Content}
		if q.in.CategoryID.Value != nil && !q.in.CategoryID.Bad {
			nt.CategoryID = *q.in.CategoryID.Value
		}
		return s.svc.Forum.CreateTopic(r.Context(), p, nt)
	}, toTopicDetailJSON)
}

type contentRequest struct {
	Content string `json:"content"`
}

func (s *Server) handleForumReply(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(topicEndpoint), func(q request[contentRequest]) (*domain.ForumPost, error) {
		return s.svc.Forum.Reply(r.Context(), p, q.id, q.in.Content)
	}, toForumPostJSON)
}

func (s *Server) handleEditForumPost(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, postEndpoint, func(q request[contentRequest]) (*domain.ForumPost, error) {
		return s.svc.Forum.EditPost(r.Context(), p, q.id, q.in.Content)
	}, toForumPostJSON)
}

// topicPatchRequest is the body of PATCH /api/forum/topics/{id}: the author's new title and/or
// first post, and/or the superadmin's flags (pinned, locked, inReview with a reason). The
// edit is applied first; each part checks its own rule.
type topicPatchRequest struct {
	Title    optional[string] `json:"title"`
	Content  optional[string] `json:"content"`
	Pinned   optional[bool]   `json:"pinned"`
	Locked   optional[bool]   `json:"locked"`
	IsPinned optional[bool]   `json:"isPinned"`
	IsLocked optional[bool]   `json:"isLocked"`
	InReview optional[bool]   `json:"inReview"`
	Reason   string           `json:"reason"`
}

func firstPtr(a, b optional[bool]) *bool {
	if a.has() {
		return a.ptr()
	}
	return b.ptr()
}

func (s *Server) handleUpdateForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, topicEndpoint, func(q request[topicPatchRequest]) (*domain.ForumTopic, error) {
		in := q.in
		var edit domain.TopicEdit
		if in.Title.Set {
			title := in.Title.Value // null is empty, which the validation refuses
			edit.Title = &title
		}
		if in.Content.Set {
			content := in.Content.Value
			edit.Content = &content
		}
		flags := app.TopicFlags{Pinned: firstPtr(in.Pinned, in.IsPinned), Locked: firstPtr(in.Locked, in.IsLocked), InReview: in.InReview.ptr(),
			Reason: in.Reason}
		editing := edit.Title != nil || edit.Content != nil
		if !editing || flags.Pinned != nil || flags.Locked != nil || flags.InReview != nil {
			// Flags, or nothing at all: the moderator's call, which answers 403 to anyone else
			// before it looks at the topic (as before edits existed).
			if err := domain.RequireForumModerator(p); err != nil {
				return nil, err
			}
		}
		if editing {
			t, err := s.svc.Forum.EditTopic(r.Context(), p, q.id, edit)
			if err != nil || (flags.Pinned == nil && flags.Locked == nil && flags.InReview == nil) {
				return t, err
			}
		}
		return s.svc.Forum.UpdateTopic(r.Context(), p, q.id, flags)
	}, toTopicDetailJSON)
}

// reviewRequest is the body of both review toggles (spec 02 §7); the direct paths also carry
// topicId or postId and a userId, which is ignored: the caller is the bearer of the token.
type reviewRequest struct {
	TopicID  flexID         `json:"topicId"`
	PostID   flexID         `json:"postId"`
	InReview optional[bool] `json:"inReview"`
	Reason   string         `json:"reason"`
}

const msgInReviewRequired = "inReview must be true or false"

// check refuses a review toggle that does not say which way.
func (in reviewRequest) check() error {
	if !in.InReview.has() {
		return &domain.Error{Code: domain.EInvalid, Message: msgInReviewRequired, Fields: map[string]string{"inReview": msgInReviewRequired}}
	}
	return nil
}

// The direct review paths' refusals of a body without its id.
const (
	msgTopicIDRequired = "topicId is required"
	msgPostIDRequired  = "postId is required"
)

// requiredID reads the id a direct review path carries in its body; msg refuses a body
// without it.
func requiredID(v flexID, field, msg string) (int64, error) {
	if v.Value == nil || v.Bad {
		return 0, &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{field: msg}}
	}
	return *v.Value, nil
}

func (s *Server) topicReview(ctx context.Context, p *domain.Principal, id int64, in reviewRequest) (reviewStateJSON, error) {
	t, err := s.svc.Forum.UpdateTopic(ctx, p, id, app.TopicFlags{InReview: in.InReview.ptr(), Reason: in.Reason})
	if err != nil {
		return reviewStateJSON{}, err
	}
	return reviewStateJSON{ID: t.ID, InReview: t.InReview}, nil
}

func (s *Server) postReview(ctx context.Context, p *domain.Principal, id int64, in reviewRequest) (reviewStateJSON, error) {
	post, err := s.svc.Forum.SetPostReview(ctx, p, id, in.InReview.Value, in.Reason)
	if err != nil {
		return reviewStateJSON{}, err
	}
	return reviewStateJSON{ID: post.ID, InReview: post.InReview}, nil
}

// handleReview answers the four review toggles: e reads the path's id, or, for the direct
// paths, idField names the body's; review does the toggle.
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint, idField string,
	review func(ctx context.Context, p *domain.Principal, id int64, in reviewRequest) (reviewStateJSON, error)) {
	handleJSON(s, w, r, p, moderated(e), func(q request[reviewRequest]) (reviewStateJSON, error) {
		if err := q.in.check(); err != nil {
			return reviewStateJSON{}, err
		}
		id := q.id
		if idField != "" {
			var err error
			field, msg := q.in.TopicID, msgTopicIDRequired
			if idField == "postId" {
				field, msg = q.in.PostID, msgPostIDRequired
			}
			if id, err = requiredID(field, idField, msg); err != nil {
				return reviewStateJSON{}, err
			}
		}
		return review(r.Context(), p, id, q.in)
	}, asIs[reviewStateJSON])
}

func (s *Server) handleForumTopicReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleReview(w, r, p, topicEndpoint, "", s.topicReview)
}

func (s *Server) handleForumDirectTopicReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleReview(w, r, p, endpoint{}, "topicId", s.topicReview)
}

func (s *Server) handleForumPostReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleReview(w, r, p, postEndpoint, "", s.postReview)
}

func (s *Server) handleForumDirectPostReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.handleReview(w, r, p, endpoint{}, "postId", s.postReview)
}

// deleteReasonInput is the body of deleteReason.
type deleteReasonInput struct {
	Reason string `json:"reason"`
}

// deleteReason reads the optional reason told to the author: ?reason= or a JSON body.
func deleteReason(w http.ResponseWriter, r *http.Request) (string, error) {
	if v := r.URL.Query().Get("reason"); v != "" {
		return v, nil
	}
	if r.ContentLength == 0 {
		return "", nil
	}
	var in deleteReasonInput
	if err := decodeJSON(w, r, &in); err != nil {
		return "", err
	}
	return in.Reason, nil
}

func (s *Server) handleDeleteForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.deleteForumItem(w, r, p, topicEndpoint, s.svc.Forum.DeleteTopic)
}

func (s *Server) handleDeleteForumPost(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.deleteForumItem(w, r, p, postEndpoint, s.svc.Forum.DeletePost)
}

// deleteForumItem is the moderator's delete of a topic or a post, with an optional reason
// that reaches the author.
func (s *Server) deleteForumItem(w http.ResponseWriter, r *http.Request, p *domain.Principal, e endpoint,
	del func(ctx context.Context, p *domain.Principal, id int64, reason string) error) {
	handleJSON(s, w, r, p, moderated(e), func(q request[noBody]) (successJSON, error) {
		reason, err := deleteReason(w, r)
		if err == nil {
			err = del(r.Context(), p, q.id, reason)
		}
		return successJSON{Success: err == nil}, err
	}, asIs[successJSON])
}

func (s *Server) handleForumLike(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, postEndpoint, func(q request[noBody]) (likeJSON, error) {
		liked, likes, err := s.svc.Forum.ToggleLike(r.Context(), p, q.id)
		return likeJSON{ID: q.id, Liked: liked, Likes: likes}, err
	}, asIs[likeJSON])
}

// forumReportInput is the body of handleForumReport.
type forumReportInput struct {
	Reason string `json:"reason"`
}

func (s *Server) handleForumReport(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, created(postEndpoint), func(q request[forumReportInput]) (*domain.ForumReport, error) {
		return s.svc.Forum.Report(r.Context(), p, q.id, q.in.Reason)
	}, func(rep *domain.ForumReport) reportCreatedJSON {
		return reportCreatedJSON{ID: rep.ID, PostID: rep.PostID, Reason: rep.Reason, CreatedAt: rep.CreatedAt.UTC()}
	})
}

func toReportedPostJSON(rp *domain.ReportedPost) reportedPostJSON {
	reports := make([]forumReportJSON, len(rp.Reports))
	for j, x := range rp.Reports {
		reports[j] = forumReportJSON{ID: x.ID, Reason: x.Reason, Reporter: x.Reporter, CreatedAt: x.CreatedAt.UTC()}
	}
	return reportedPostJSON{Post: toForumPostJSON(&rp.Post), TopicID: rp.Post.TopicID, TopicTitle: rp.TopicTitle, Reports: reports,
		LastReportedAt: rp.LastReportedAt.UTC()}
}

func (s *Server) handleForumReports(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*domain.ReportedPost], error) {
		return s.svc.Forum.Reports(r.Context(), p, page)
	}, toReportedPostJSON)
}

func (s *Server) handleClearForumReports(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, postEndpoint, s.svc.Forum.ClearReports, func(n int) clearedReportsJSON { return clearedReportsJSON{Success: true, Cleared: n} })
}

// forumWatchInput is the body of handleForumWatch.
type forumWatchInput struct {
	Level string `json:"level"`
}

func (s *Server) handleForumWatch(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, topicEndpoint, func(q request[forumWatchInput]) (watchJSON, error) {
		level, err := s.svc.Forum.SetWatch(r.Context(), p, q.id, q.in.Level)
		return watchJSON{TopicID: q.id, Level: string(level)}, err
	}, asIs[watchJSON])
}
