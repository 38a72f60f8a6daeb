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

// forumRoutes adds the forum calls of spec 02 §7 and ours for pinning, locking, likes, reports,
// edits, watch levels and search (docs/api.md, "Community forum"). Reading needs no sign-in
// (spec 02 §6); every write is signed in and gated by the community_forum function.
func (s *Server) forumRoutes(mux *router) {
	const fn = domain.FunctionForum
	mux.HandleFunc("GET /api/forum/categories", s.reader(s.handleForumCategories))
	mux.HandleFunc("POST /api/forum/categories", s.write(fn, s.handleCreateForumCategory))
	// by-slug/{slug} and {slug}/topics overlap for the mux ("by-slug/topics"), so one pattern
	// serves both.
	mux.HandleFunc("GET /api/forum/categories/{first}/{second}", s.reader(s.handleForumCategoryPair))
	mux.HandleFunc("PATCH /api/forum/categories/{id}", s.write(fn, s.handleUpdateForumCategory))
	mux.HandleFunc("DELETE /api/forum/categories/{id}", s.write(fn, s.handleDeleteForumCategory))
	mux.HandleFunc("PATCH /api/forum/categories/{id}/move", s.write(fn, s.handleMoveForumCategory))

	mux.HandleFunc("GET /api/forum/topics/latest", s.reader(s.handleForumTopics(ports.ForumSortLatest)))
	mux.HandleFunc("GET /api/forum/topics/popular", s.reader(s.handleForumTopics(ports.ForumSortPopular)))
	mux.HandleFunc("GET /api/forum/topics/{id}", s.reader(s.handleForumTopic))
	mux.HandleFunc("GET /api/forum/topics/{id}/posts", s.reader(s.handleForumPosts))
	mux.HandleFunc("POST /api/forum/topics", s.write(fn, s.handleCreateForumTopic))
	mux.HandleFunc("POST /api/forum/topics/{id}/posts", s.write(fn, s.handleForumReply))
	mux.HandleFunc("PATCH /api/forum/topics/{id}", s.write(fn, s.handleUpdateForumTopic))
	mux.HandleFunc("DELETE /api/forum/topics/{id}", s.write(fn, s.handleDeleteForumTopic))
	mux.HandleFunc("PATCH /api/forum/topics/{id}/review", s.write(fn, s.handleForumTopicReview))
	mux.HandleFunc("PUT /api/forum/topics/{id}/watch", s.write(fn, s.handleForumWatch))
	mux.HandleFunc("POST /api/forum/direct/toggle-topic-review", s.write(fn, s.handleForumDirectTopicReview))

	mux.HandleFunc("PATCH /api/forum/posts/{id}", s.write(fn, s.handleEditForumPost))
	mux.HandleFunc("DELETE /api/forum/posts/{id}", s.write(fn, s.handleDeleteForumPost))
	mux.HandleFunc("PATCH /api/forum/posts/{id}/review", s.write(fn, s.handleForumPostReview))
	mux.HandleFunc("POST /api/forum/posts/{id}/like", s.write(fn, s.handleForumLike))
	mux.HandleFunc("POST /api/forum/posts/{id}/report", s.write(fn, s.handleForumReport))
	mux.HandleFunc("POST /api/forum/direct/toggle-post-review", s.write(fn, s.handleForumDirectPostReview))

	mux.HandleFunc("GET /api/forum/reports", s.authed(s.handleForumReports))
	mux.HandleFunc("POST /api/forum/reports/{id}/clear", s.write(fn, s.handleClearForumReports))
	mux.HandleFunc("GET /api/forum/search", s.reader(s.handleForumSearch))
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
}

func toForumCategoryJSON(c *domain.ForumCategory) forumCategoryJSON {
	return forumCategoryJSON{ID: c.ID, Name: c.Name, Slug: c.Slug, Description: c.Description, TopicsCount: c.TopicsCount,
		SortOrder: c.SortOrder, CreatedAt: c.CreatedAt.UTC()}
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
}

func toForumTopicJSON(t *domain.ForumTopic, full bool) forumTopicJSON {
	out := forumTopicJSON{ID: t.ID, Title: t.Title, Excerpt: excerpt(t.ContentText, 200), UserID: t.AuthorID, CreatedAt: t.CreatedAt.UTC(),
		CategoryID: t.CategoryID, CategorySlug: t.CategorySlug, CategoryName: t.CategoryName, PostCount: t.PostCount,
		ViewCount: t.ViewCount, IsPinned: t.Pinned, IsLocked: t.Locked, Pinned: t.Pinned, Locked: t.Locked, InReview: t.InReview,
		LastActivityAt: t.LastActivityAt.UTC(), WatchLevel: string(t.Watch)}
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

func (s *Server) handleForumCategories(w http.ResponseWriter, r *http.Request, _ *domain.Principal) {
	req, err := pageRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := s.svc.Forum.Categories(r.Context(), req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]forumCategoryJSON, len(page.Items))
	for i, c := range page.Items {
		out[i] = toForumCategoryJSON(c)
	}
	writePage(w, r, out, page.NextCursor)
}

func (s *Server) handleForumCategoryPair(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	first, second := r.PathValue("first"), r.PathValue("second")
	switch {
	case first == "by-slug":
		c, err := s.svc.Forum.CategoryBySlug(r.Context(), second)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, toForumCategoryJSON(c))
	case second == "topics":
		req, err := pageRequest(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		page, err := s.svc.Forum.CategoryTopics(r.Context(), p, first, req)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeTopics(w, r, page)
	default:
		s.fail(w, r, domain.Errorf(domain.ENotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
	}
}

func writeTopics(w http.ResponseWriter, r *http.Request, page domain.Page[*domain.ForumTopic]) {
	out := make([]forumTopicJSON, len(page.Items))
	for i, t := range page.Items {
		out[i] = toForumTopicJSON(t, false)
	}
	writePage(w, r, out, page.NextCursor)
}

func (s *Server) handleForumTopics(sort ports.ForumTopicSort) func(http.ResponseWriter, *http.Request, *domain.Principal) {
	return func(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
		req, err := pageRequest(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		page, err := s.svc.Forum.Topics(r.Context(), p, sort, req)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeTopics(w, r, page)
	}
}

func (s *Server) topicID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, domain.Errorf(domain.ENotFound, domain.MsgForumTopicNotFound))
		return 0, false
	}
	return id, true
}

func (s *Server) postID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, domain.Errorf(domain.ENotFound, domain.MsgForumPostNotFound))
		return 0, false
	}
	return id, true
}

func (s *Server) handleForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.topicID(w, r)
	if !ok {
		return
	}
	// The same client address as the sign-in limits: the peer, or X-Forwarded-For only from a
	// trusted proxy, so a visitor cannot inflate views by setting the header.
	t, err := s.svc.Forum.Topic(r.Context(), p, id, clientAddr(r, s.proxies))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toForumTopicJSON(t, true))
}

func (s *Server) handleForumPosts(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.topicID(w, r)
	if !ok {
		return
	}
	req, err := pageRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := s.svc.Forum.Posts(r.Context(), p, id, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]forumPostJSON, len(page.Items))
	for i, x := range page.Items {
		out[i] = toForumPostJSON(x)
	}
	writePage(w, r, out, page.NextCursor)
}

func (s *Server) handleForumSearch(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	req, err := pageRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := s.svc.Forum.Search(r.Context(), p, r.URL.Query().Get("q"), req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]forumSearchHitJSON, len(page.Items))
	for i, h := range page.Items {
		url := domain.ForumTopicURL(h.TopicID)
		if h.PostID != nil {
			url += "#post-" + strconv.FormatInt(*h.PostID, 10)
		}
		out[i] = forumSearchHitJSON{TopicID: h.TopicID, PostID: h.PostID, Title: h.Title, Snippet: domain.HighlightSnippet(h.Snippet),
			CreatedAt: h.CreatedAt.UTC(), CategoryID: h.CategoryID, URL: url}
		if h.Username != "" {
			u := h.Username
			out[i].Username = &u
		}
	}
	writePage(w, r, out, page.NextCursor)
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
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return
	}
	var in forumCategoryRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.svc.Forum.CreateCategory(r.Context(), p, in.input())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toForumCategoryJSON(c))
}

func (s *Server) categoryID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, domain.Errorf(domain.EInvalid, domain.MsgForumCategoryIDRequired))
		return 0, false
	}
	return id, true
}

func (s *Server) handleUpdateForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return
	}
	id, ok := s.categoryID(w, r)
	if !ok {
		return
	}
	var in forumCategoryRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.svc.Forum.UpdateCategory(r.Context(), p, id, in.input())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toForumCategoryJSON(c))
}

func (s *Server) handleDeleteForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return
	}
	id, ok := s.categoryID(w, r)
	if !ok {
		return
	}
	if err := s.svc.Forum.DeleteCategory(r.Context(), p, id); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// moveForumCategoryInput is the body of handleMoveForumCategory.
type moveForumCategoryInput struct {
	Direction string `json:"direction"`
}

func (s *Server) handleMoveForumCategory(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return
	}
	id, ok := s.categoryID(w, r)
	if !ok {
		return
	}
	var in moveForumCategoryInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.svc.Forum.MoveCategory(r.Context(), p, id, in.Direction)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toForumCategoryJSON(c))
}

// ---- topics and replies

type createTopicRequest struct {
	Title      string `json:"title"`
	Content    string `json:"content"`
	CategoryID flexID `json:"categoryId"`
}

func (s *Server) handleCreateForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in createTopicRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	nt := domain.NewTopic{Title: in.Title, Content: in.Content}
	if in.CategoryID.Value != nil && !in.CategoryID.Bad {
		nt.CategoryID = *in.CategoryID.Value
	}
	t, err := s.svc.Forum.CreateTopic(r.Context(), p, nt)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toForumTopicJSON(t, true))
}

type contentRequest struct {
	Content string `json:"content"`
}

func (s *Server) handleForumReply(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.topicID(w, r)
	if !ok {
		return
	}
	var in contentRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	post, err := s.svc.Forum.Reply(r.Context(), p, id, in.Content)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toForumPostJSON(post))
}

func (s *Server) handleEditForumPost(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.postID(w, r)
	if !ok {
		return
	}
	var in contentRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	post, err := s.svc.Forum.EditPost(r.Context(), p, id, in.Content)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toForumPostJSON(post))
}

type topicFlagsRequest struct {
	Pinned   optional[bool] `json:"pinned"`
	Locked   optional[bool] `json:"locked"`
	IsPinned optional[bool] `json:"isPinned"`
	IsLocked optional[bool] `json:"isLocked"`
	InReview optional[bool] `json:"inReview"`
	Reason   string         `json:"reason"`
}

func firstPtr(a, b optional[bool]) *bool {
	if a.has() {
		return a.ptr()
	}
	return b.ptr()
}

func (s *Server) handleUpdateForumTopic(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return
	}
	id, ok := s.topicID(w, r)
	if !ok {
		return
	}
	var in topicFlagsRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := s.svc.Forum.UpdateTopic(r.Context(), p, id, app.TopicFlags{Pinned: firstPtr(in.Pinned, in.IsPinned),
		Locked: firstPtr(in.Locked, in.IsLocked), InReview: in.InReview.ptr(), Reason: in.Reason})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toForumTopicJSON(t, true))
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

func (s *Server) readReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) (reviewRequest, bool) {
	var in reviewRequest
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return in, false
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return in, false
	}
	if !in.InReview.has() {
		s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: msgInReviewRequired, Fields: map[string]string{"inReview": msgInReviewRequired}})
		return in, false
	}
	return in, true
}

func (s *Server) topicReview(w http.ResponseWriter, r *http.Request, p *domain.Principal, id int64, in reviewRequest) {
	t, err := s.svc.Forum.UpdateTopic(r.Context(), p, id, app.TopicFlags{InReview: in.InReview.ptr(), Reason: in.Reason})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": t.ID, "inReview": t.InReview})
}

func (s *Server) postReview(w http.ResponseWriter, r *http.Request, p *domain.Principal, id int64, in reviewRequest) {
	post, err := s.svc.Forum.SetPostReview(r.Context(), p, id, in.InReview.Value, in.Reason)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": post.ID, "inReview": post.InReview})
}

func (s *Server) handleForumTopicReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.topicID(w, r)
	if !ok {
		return
	}
	if in, ok := s.readReview(w, r, p); ok {
		s.topicReview(w, r, p, id, in)
	}
}

func (s *Server) handleForumDirectTopicReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	in, ok := s.readReview(w, r, p)
	if !ok {
		return
	}
	if in.TopicID.Value == nil || in.TopicID.Bad {
		s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: "topicId is required", Fields: map[string]string{"topicId": "topicId is required"}})
		return
	}
	s.topicReview(w, r, p, *in.TopicID.Value, in)
}

func (s *Server) handleForumPostReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.postID(w, r)
	if !ok {
		return
	}
	if in, ok := s.readReview(w, r, p); ok {
		s.postReview(w, r, p, id, in)
	}
}

func (s *Server) handleForumDirectPostReview(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	in, ok := s.readReview(w, r, p)
	if !ok {
		return
	}
	if in.PostID.Value == nil || in.PostID.Bad {
		s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: "postId is required", Fields: map[string]string{"postId": "postId is required"}})
		return
	}
	s.postReview(w, r, p, *in.PostID.Value, in)
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
	s.deleteForumItem(w, r, p, s.topicID, s.svc.Forum.DeleteTopic)
}

func (s *Server) handleDeleteForumPost(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	s.deleteForumItem(w, r, p, s.postID, s.svc.Forum.DeletePost)
}

// deleteForumItem is the moderator's delete of a topic or a post, with an optional reason
// that reaches the author.
func (s *Server) deleteForumItem(w http.ResponseWriter, r *http.Request, p *domain.Principal,
	idOf func(http.ResponseWriter, *http.Request) (int64, bool),
	del func(ctx context.Context, p *domain.Principal, id int64, reason string) error) {
	if err := domain.RequireForumModerator(p); err != nil {
		s.fail(w, r, err)
		return
	}
	id, ok := idOf(w, r)
	if !ok {
		return
	}
	reason, err := deleteReason(w, r)
	if err == nil {
		err = del(r.Context(), p, id, reason)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

func (s *Server) handleForumLike(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.postID(w, r)
	if !ok {
		return
	}
	liked, likes, err := s.svc.Forum.ToggleLike(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "liked": liked, "likes": likes})
}

// forumReportInput is the body of handleForumReport.
type forumReportInput struct {
	Reason string `json:"reason"`
}

func (s *Server) handleForumReport(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.postID(w, r)
	if !ok {
		return
	}
	var in forumReportInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	rep, err := s.svc.Forum.Report(r.Context(), p, id, in.Reason)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": rep.ID, "postId": rep.PostID, "reason": rep.Reason, "createdAt": rep.CreatedAt.UTC()})
}

func (s *Server) handleForumReports(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	req, err := pageRequest(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := s.svc.Forum.Reports(r.Context(), p, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]reportedPostJSON, len(page.Items))
	for i, rp := range page.Items {
		reports := make([]forumReportJSON, len(rp.Reports))
		for j, x := range rp.Reports {
			reports[j] = forumReportJSON{ID: x.ID, Reason: x.Reason, Reporter: x.Reporter, CreatedAt: x.CreatedAt.UTC()}
		}
		out[i] = reportedPostJSON{Post: toForumPostJSON(&rp.Post), TopicID: rp.Post.TopicID, TopicTitle: rp.TopicTitle, Reports: reports,
			LastReportedAt: rp.LastReportedAt.UTC()}
	}
	writePage(w, r, out, page.NextCursor)
}

func (s *Server) handleClearForumReports(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.postID(w, r)
	if !ok {
		return
	}
	n, err := s.svc.Forum.ClearReports(r.Context(), p, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "cleared": n})
}

// forumWatchInput is the body of handleForumWatch.
type forumWatchInput struct {
	Level string `json:"level"`
}

func (s *Server) handleForumWatch(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, ok := s.topicID(w, r)
	if !ok {
		return
	}
	var in forumWatchInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	level, err := s.svc.Forum.SetWatch(r.Context(), p, id, in.Level)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"topicId": id, "level": level})
}
