package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// ForumConfig tunes the forum service.
type ForumConfig struct {
	// MaxMentions is how many @names of one post are notified (default 10).
	MaxMentions int
}

// ForumStore is what the forum keeps: its categories, topics and posts, the users it mentions,
// and its write slots.
type ForumStore interface {
	ports.ForumStore
	ports.WriteSlotStore
	// ports.UserStore's:
	UserByUsername(ctx context.Context, username string) (*domain.User, error)
}

// Forum is the community forum: visitors read, signed-in users write, superadmins moderate
// (spec 02 §6). Every rule is checked here or in the domain, never only in the page.
type Forum struct {
	store     ForumStore
	sanitizer ports.HTMLSanitizer
	notes     *Notifier
	clock     ports.Clock
	limits    writeLimits
	cfg       ForumConfig
	log       *slog.Logger
	hooks     *Webhooks
}

// WithWebhooks makes replies emit forum.reply to the webhooks of the topic's followers.
func (s *Forum) WithWebhooks(w *Webhooks) *Forum {
	s.hooks = w
	return s
}

// NewForum builds the forum service. notifications may be nil (no reply notifications).
func NewForum(store ForumStore, sanitizer ports.HTMLSanitizer, notifications *Notifications, clock ports.Clock, cfg ForumConfig, log *slog.Logger) *Forum {
	if cfg.MaxMentions <= 0 {
		cfg.MaxMentions = 10
	}
	if log == nil {
		log = slog.Default()
	}
	return &Forum{store: store, sanitizer: sanitizer, notes: notifications.Notifier(), clock: clock, cfg: cfg, log: log}
}

func forumNotFound(err error, msg string) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, "%s", msg)
	}
	return err
}

// ---- categories

// Categories returns one page of categories in their sort order, each counting the topics the
// caller may see.
func (s *Forum) Categories(ctx context.Context, p *domain.Principal, req domain.PageRequest) (domain.Page[*domain.ForumCategory], error) {
	page, err := s.store.ListForumCategories(ctx, req)
	for _, c := range page.Items {
		c.TopicsCount = c.VisibleTopics(domain.ForumViewerOf(p))
	}
	return page, err
}

// SeedDefaultCategories is the forum's start-up step (issue 27): a fresh install's forum gets
// domain.DefaultForumCategories once, recorded so that deleting them does not bring them back;
// a forum that has categories already keeps its own. It reports whether it created them.
func (s *Forum) SeedDefaultCategories(ctx context.Context) (bool, error) {
	cats := make([]*domain.ForumCategory, len(domain.DefaultForumCategories))
	for i := range domain.DefaultForumCategories {
		c := domain.DefaultForumCategories[i]
		cats[i] = &c
	}
	return s.store.SeedForumCategories(ctx, cats, s.clock.Now())
}

// CategoryBySlug returns one category, counting the topics the caller may see.
func (s *Forum) CategoryBySlug(ctx context.Context, p *domain.Principal, slug string) (*domain.ForumCategory, error) {
	c, err := s.store.ForumCategoryBySlug(ctx, slug)
	if err != nil {
		return nil, forumNotFound(err, domain.MsgForumCategoryNotFound)
	}
	c.TopicsCount = c.VisibleTopics(domain.ForumViewerOf(p))
	return c, nil
}

// CategoryInput is the category form (spec 02 §7). Nil fields are left as they are on update;
// a nil SortOrder on create means the number of categories plus one.
type CategoryInput struct {
	Name, Slug, Description *string
	SortOrder               *int
}

func (in CategoryInput) apply(c *domain.ForumCategory) {
	if in.Name != nil {
		c.Name = *in.Name
	}
	if in.Slug != nil {
		c.Slug = *in.Slug
	}
	if in.Description != nil {
		c.Description = *in.Description
	}
	if in.SortOrder != nil {
		c.SortOrder = *in.SortOrder
	}
}

func slugTaken(err error) error {
	if domain.ErrorCode(err) == domain.EConflict {
		return &domain.Error{Code: domain.EConflict, Message: domain.MsgForumSlugTaken, Fields: map[string]string{"slug": domain.MsgForumSlugTaken}}
	}
	return err
}

// CreateCategory adds a category (superadmins only).
func (s *Forum) CreateCategory(ctx context.Context, p *domain.Principal, in CategoryInput) (*domain.ForumCategory, error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return nil, err
	}
	c := &domain.ForumCategory{CreatedAt: s.clock.Now()}
	in.apply(c)
	if in.SortOrder == nil {
		n, err := s.store.CountForumCategories(ctx)
		if err != nil {
			return nil, err
		}
		c.SortOrder = domain.DefaultForumSortOrder(n)
	}
	if err := domain.ValidateForumCategory(c); err != nil {
		return nil, err
	}
	if err := s.store.CreateForumCategory(ctx, c); err != nil {
		return nil, slugTaken(err)
	}
	s.log.Info("forum category created", "category", c.ID, "slug", c.Slug, "by", p.User.Username)
	return c, nil
}

// UpdateCategory changes a category (superadmins only).
func (s *Forum) UpdateCategory(ctx context.Context, p *domain.Principal, id int64, in CategoryInput) (*domain.ForumCategory, error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return nil, err
	}
	c, err := s.store.UpdateForumCategory(ctx, id, func(c *domain.ForumCategory) error {
		in.apply(c)
		return domain.ValidateForumCategory(c)
	})
	if err != nil {
		return nil, slugTaken(forumNotFound(err, domain.MsgForumCategoryNotFound))
	}
	return c, nil
}

// DeleteCategory removes a category without topics (superadmins only).
func (s *Forum) DeleteCategory(ctx context.Context, p *domain.Principal, id int64) error {
	if err := domain.RequireForumModerator(p); err != nil {
		return err
	}
	if err := s.store.DeleteForumCategory(ctx, id, domain.CheckCanDeleteCategory); err != nil {
		return forumNotFound(err, domain.MsgForumCategoryNotFound)
	}
	s.log.Info("forum category deleted", "category", id, "by", p.User.Username)
	return nil
}

// MoveCategory moves a category one place up or down (superadmins only) and returns it.
func (s *Forum) MoveCategory(ctx context.Context, p *domain.Principal, id int64, direction string) (*domain.ForumCategory, error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return nil, err
	}
	if err := s.store.ReorderForumCategories(ctx, func(all []*domain.ForumCategory) ([]*domain.ForumCategory, error) {
		return domain.MoveForumCategory(all, id, direction)
	}); err != nil {
		return nil, err
	}
	return s.store.ForumCategoryByID(ctx, id)
}

// ---- reading

// Topics returns one page of topics in order (latest or popular), without content under review
// that the caller may not see.
func (s *Forum) Topics(ctx context.Context, p *domain.Principal, sort ports.ForumTopicSort, req domain.PageRequest) (domain.Page[*domain.ForumTopic], error) {
	return s.store.ListForumTopics(ctx, ports.ForumTopicQuery{Sort: sort, Viewer: domain.ForumViewerOf(p)}, req)
}

// CategoryTopics returns one page of a category's topics: pinned first, then latest activity.
func (s *Forum) CategoryTopics(ctx context.Context, p *domain.Principal, slug string, req domain.PageRequest) (domain.Page[*domain.ForumTopic], error) {
	c, err := s.CategoryBySlug(ctx, p, slug)
	if err != nil {
		return domain.Page[*domain.ForumTopic]{}, err
	}
	return s.store.ListForumTopics(ctx, ports.ForumTopicQuery{CategoryID: c.ID, Sort: ports.ForumSortCategory, Viewer: domain.ForumViewerOf(p)}, req)
}

// visibleTopic returns a topic the caller may see; one under review is not found for others.
func (s *Forum) visibleTopic(ctx context.Context, p *domain.Principal, id int64) (*domain.ForumTopic, error) {
	t, err := s.store.ForumTopicByID(ctx, id, domain.ForumViewerOf(p))
	if err != nil {
		return nil, forumNotFound(err, domain.MsgForumTopicNotFound)
	}
	if !domain.ForumViewerOf(p).CanSee(t.AuthorID, t.InReview) {
		return nil, domain.Errorf(domain.ENotFound, domain.MsgForumTopicNotFound)
	}
	return t, nil
}

// Topic returns one topic and counts the view: once per signed-in user, and once per day per
// visitor address (address is hashed before it is stored), so reloading never inflates it.
func (s *Forum) Topic(ctx context.Context, p *domain.Principal, id int64, address string) (*domain.ForumTopic, error) {
	t, err := s.visibleTopic(ctx, p, id)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	var key string
	if p != nil && p.User != nil {
		key = "u:" + strconv.FormatInt(p.User.ID, 10)
	} else {
		sum := sha256.Sum256([]byte("garden-forum-view|" + address))
		key = "a:" + hex.EncodeToString(sum[:12]) + ":" + now.UTC().Format("2006-01-02")
	}
	counted, err := s.store.RecordForumView(ctx, id, key, now)
	if err != nil {
		s.log.Warn("forum view not recorded", "topic", id, "err", err)
	} else if counted {
		t.ViewCount++
	}
	return t, nil
}

// Posts returns one page of a topic's replies the caller may see, oldest first.
func (s *Forum) Posts(ctx context.Context, p *domain.Principal, topicID int64, req domain.PageRequest) (domain.Page[*domain.ForumPost], error) {
	if _, err := s.visibleTopic(ctx, p, topicID); err != nil {
		return domain.Page[*domain.ForumPost]{}, err
	}
	return s.store.ListForumPosts(ctx, topicID, domain.ForumViewerOf(p), req)
}

// visiblePost returns a post the caller may see, in a topic they may see.
func (s *Forum) visiblePost(ctx context.Context, p *domain.Principal, id int64) (*domain.ForumPost, *domain.ForumTopic, error) {
	post, err := s.store.ForumPostByID(ctx, id, domain.ForumViewerOf(p))
	if err != nil {
		return nil, nil, forumNotFound(err, domain.MsgForumPostNotFound)
	}
	if !domain.ForumViewerOf(p).CanSee(post.AuthorID, post.InReview) {
		return nil, nil, domain.Errorf(domain.ENotFound, domain.MsgForumPostNotFound)
	}
	t, err := s.visibleTopic(ctx, p, post.TopicID)
	if err != nil {
		return nil, nil, domain.Errorf(domain.ENotFound, domain.MsgForumPostNotFound)
	}
	return post, t, nil
}

// Search finds topics and replies whose words start with every term of q.
func (s *Forum) Search(ctx context.Context, p *domain.Principal, q string, req domain.PageRequest) (domain.Page[*domain.ForumSearchHit], error) {
	terms, err := domain.ForumSearchTerms(q)
	if err != nil {
		return domain.Page[*domain.ForumSearchHit]{}, err
	}
	return s.store.SearchForum(ctx, terms, domain.ForumViewerOf(p), req)
}

// ---- writing

// CreateTopic starts a topic for the signed-in caller. The content is sanitized before it is
// checked and stored.
func (s *Forum) CreateTopic(ctx context.Context, p *domain.Principal, in domain.NewTopic) (*domain.ForumTopic, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	in.Content = s.sanitizer.Sanitize(in.Content)
	text, err := domain.ValidateNewTopic(&in)
	if err != nil {
		return nil, err
	}
	// The slot is taken before the topic is stored: a topic and a reply share the limit.
	undo, err := s.limits.reserve(ctx, s.store, s.clock, domain.WriteForumPost, p.User.ID)
	if err != nil {
		return nil, err
	}
	t := &domain.ForumTopic{CategoryID: in.CategoryID, Title: in.Title, Content: in.Content, ContentText: text,
		AuthorID: &p.User.ID, CreatedAt: s.clock.Now()}
	mentioned, err := s.mentioned(ctx, p.User, text, nil)
	if err != nil {
		undo()
		return nil, err
	}
	err = s.notes.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateForumTopic(ctx, t); err != nil {
			if domain.ErrorCode(err) == domain.ENotFound {
				return &domain.Error{Code: domain.EInvalid, Message: domain.MsgTopicCategoryRequired,
					Fields: map[string]string{"categoryId": domain.MsgTopicCategoryRequired}}
			}
			return err
		}
		_, err := s.notes.Send(ctx, s.mentionNotes(p.User, t, nil, text, mentioned))
		return err
	})
	if err != nil {
		undo()
		return nil, err
	}
	t.Watch = domain.WatchNormal
	return t, nil
}

// Reply adds the caller's reply to a topic they can see that is not locked, and tells the
// topic's followers.
func (s *Forum) Reply(ctx context.Context, p *domain.Principal, topicID int64, content string) (*domain.ForumPost, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if _, err := s.visibleTopic(ctx, p, topicID); err != nil {
		return nil, err
	}
	content = s.sanitizer.Sanitize(content)
	text, err := domain.ValidateReply(&content)
	if err != nil {
		return nil, err
	}
	undo, err := s.limits.reserve(ctx, s.store, s.clock, domain.WriteForumPost, p.User.ID)
	if err != nil {
		return nil, err
	}
	post := &domain.ForumPost{TopicID: topicID, AuthorID: &p.User.ID, Content: content, ContentText: text, CreatedAt: s.clock.Now()}
	followers, watches, err := s.followers(ctx, topicID)
	if err != nil {
		undo()
		return nil, err
	}
	mentioned, err := s.mentioned(ctx, p.User, text, watches)
	if err != nil {
		undo()
		return nil, err
	}
	// The reply and its notifications commit together, in a few statements whatever the
	// number of followers.
	err = s.notes.Tx(ctx, func(ctx context.Context) error {
		t, err := s.store.CreateForumPost(ctx, post, domain.CheckCanReply)
		if err != nil {
			return forumNotFound(err, domain.MsgForumTopicNotFound)
		}
		if err := s.notifyReply(ctx, p.User, t, post, followers, watches, mentioned); err != nil {
			return err
		}
		var to []int64
		for _, id := range followers {
			if id != p.User.ID && watches[id] != domain.WatchMuted {
				to = append(to, id)
			}
		}
		return s.hooks.EmitEvent(ctx, domain.EventForumReply, to, map[string]any{"topicId": t.ID, "topicTitle": t.Title, "postId": post.ID,
			"author": p.User.Username, "text": excerpt(text, 500)})
	})
	if err == nil {
		s.hooks.nudge()
	}
	if err != nil {
		undo()
		return nil, err
	}
	return post, nil
}

// EditPost changes the caller's own reply within 24 hours of posting; UpdatedAt marks it
// edited.
func (s *Forum) EditPost(ctx context.Context, p *domain.Principal, id int64, content string) (*domain.ForumPost, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if _, _, err := s.visiblePost(ctx, p, id); err != nil {
		return nil, err
	}
	content = s.sanitizer.Sanitize(content)
	text, err := domain.ValidateReply(&content)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	post, err := s.store.UpdateForumPost(ctx, id, func(x *domain.ForumPost) error {
		if err := domain.CheckCanEditPost(x, p.User, now); err != nil {
			return err
		}
		x.Content, x.ContentText, x.UpdatedAt = content, text, now
		return nil
	})
	if err != nil {
		return nil, forumNotFound(err, domain.MsgForumPostNotFound)
	}
	return s.store.ForumPostByID(ctx, post.ID, domain.ForumViewerOf(p))
}

// EditTopic changes the caller's own topic's title and first post within 24 hours of posting,
// as EditPost does for replies: the author only (superadmins moderate, they do not rewrite),
// a topic under review included (its author still sees it), the content sanitized before it is
// checked, the search index kept in the same transaction. EditedAt marks it edited.
func (s *Forum) EditTopic(ctx context.Context, p *domain.Principal, id int64, e domain.TopicEdit) (*domain.ForumTopic, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if _, err := s.visibleTopic(ctx, p, id); err != nil {
		return nil, err
	}
	if e.Content != nil {
		clean := s.sanitizer.Sanitize(*e.Content)
		e.Content = &clean
	}
	now := s.clock.Now()
	if _, err := s.store.UpdateForumTopic(ctx, id, func(t *domain.ForumTopic) error { return t.Edit(p.User, e, now) }); err != nil {
		return nil, forumNotFound(err, domain.MsgForumTopicNotFound)
	}
	return s.store.ForumTopicByID(ctx, id, domain.ForumViewerOf(p))
}

// TopicFlags are the superadmin's topic controls; nil leaves a flag as it is.
type TopicFlags struct {
	Pinned, Locked, InReview *bool
	// Reason is told to the author when the topic goes under review.
	Reason string
}

// UpdateTopic pins, locks or reviews a topic (superadmins only). Placing it under review or
// clearing the review tells its author, with the reason.
func (s *Forum) UpdateTopic(ctx context.Context, p *domain.Principal, id int64, f TopicFlags) (*domain.ForumTopic, error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return nil, err
	}
	var reviewChanged bool
	var t *domain.ForumTopic
	err := s.notes.Tx(ctx, func(ctx context.Context) error {
		var err error
		t, err = s.store.UpdateForumTopic(ctx, id, func(t *domain.ForumTopic) error {
			if f.Pinned != nil {
				t.Pinned = *f.Pinned
			}
			if f.Locked != nil {
				t.Locked = *f.Locked
			}
			if f.InReview != nil && *f.InReview != t.InReview {
				t.InReview, reviewChanged = *f.InReview, true
			}
			return nil
		})
		if err != nil {
			return forumNotFound(err, domain.MsgForumTopicNotFound)
		}
		if !reviewChanged {
			return nil
		}
		action := domain.ModerationCleared
		if t.InReview {
			action = domain.ModerationReview
		}
		return s.tellAuthor(ctx, p, t.AuthorID, "topic", t.Title, t.ID, action, f.Reason)
	})
	if err != nil {
		return nil, err
	}
	if reviewChanged {
		if t.InReview {
			s.forgetNotifications(ctx, t.ID, nil)
		}
		s.log.Info("forum topic review changed", "topic", id, "inReview", t.InReview, "by", p.User.Username)
	}
	return s.store.ForumTopicByID(ctx, id, domain.ForumViewerOf(p))
}

// SetPostReview places a reply under review or clears it (superadmins only), telling its author.
func (s *Forum) SetPostReview(ctx context.Context, p *domain.Principal, id int64, inReview bool, reason string) (*domain.ForumPost, error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return nil, err
	}
	changed := false
	var post *domain.ForumPost
	err := s.notes.Tx(ctx, func(ctx context.Context) error {
		var err error
		post, err = s.store.UpdateForumPost(ctx, id, func(x *domain.ForumPost) error {
			changed = x.InReview != inReview
			x.InReview = inReview
			return nil
		})
		if err != nil {
			return forumNotFound(err, domain.MsgForumPostNotFound)
		}
		if !changed {
			return nil
		}
		t, err := s.store.ForumTopicByID(ctx, post.TopicID, domain.ForumViewer{Superadmin: true})
		if err != nil {
			return nil // the topic went meanwhile: nobody to tell about it
		}
		action := domain.ModerationCleared
		if inReview {
			action = domain.ModerationReview
		}
		return s.tellAuthor(ctx, p, post.AuthorID, "post", t.Title, t.ID, action, reason)
	})
	if err != nil {
		return nil, err
	}
	if changed {
		if inReview {
			s.forgetNotifications(ctx, post.TopicID, &post.ID)
		}
		s.log.Info("forum post review changed", "post", id, "inReview", inReview, "by", p.User.Username)
	}
	return post, nil
}

// DeleteTopic removes a topic with its replies (superadmins only), telling its author why.
func (s *Forum) DeleteTopic(ctx context.Context, p *domain.Principal, id int64, reason string) error {
	if err := domain.RequireForumModerator(p); err != nil {
		return err
	}
	err := s.notes.Tx(ctx, func(ctx context.Context) error {
		t, err := s.store.DeleteForumTopic(ctx, id)
		if err != nil {
			return forumNotFound(err, domain.MsgForumTopicNotFound)
		}
		return s.tellAuthor(ctx, p, t.AuthorID, "topic", t.Title, t.ID, domain.ModerationRemoved, reason)
	})
	if err != nil {
		return err
	}
	s.log.Info("forum topic deleted", "topic", id, "by", p.User.Username)
	s.forgetNotifications(ctx, id, nil)
	return nil
}

// DeletePost removes a reply (superadmins only), telling its author why.
func (s *Forum) DeletePost(ctx context.Context, p *domain.Principal, id int64, reason string) error {
	if err := domain.RequireForumModerator(p); err != nil {
		return err
	}
	var topicID int64
	err := s.notes.Tx(ctx, func(ctx context.Context) error {
		post, err := s.store.DeleteForumPost(ctx, id)
		if err != nil {
			return forumNotFound(err, domain.MsgForumPostNotFound)
		}
		topicID = post.TopicID
		t, err := s.store.ForumTopicByID(ctx, post.TopicID, domain.ForumViewer{Superadmin: true})
		if err != nil {
			return nil // the topic went meanwhile: nobody to tell about it
		}
		return s.tellAuthor(ctx, p, post.AuthorID, "post", t.Title, t.ID, domain.ModerationRemoved, reason)
	})
	if err != nil {
		return err
	}
	s.log.Info("forum post deleted", "post", id, "by", p.User.Username)
	s.forgetNotifications(ctx, topicID, &id)
	return nil
}

// ToggleLike likes a reply the caller can see, or takes the like back.
func (s *Forum) ToggleLike(ctx context.Context, p *domain.Principal, postID int64) (liked bool, likes int, err error) {
	if err := signedIn(p); err != nil {
		return false, 0, err
	}
	post, _, err := s.visiblePost(ctx, p, postID)
	if err != nil {
		return false, 0, err
	}
	if post.AuthorID != nil && *post.AuthorID == p.User.ID {
		return false, 0, domain.Errorf(domain.EForbidden, domain.MsgForumLikeOwn)
	}
	liked, likes, err = s.store.ToggleForumLike(ctx, postID, p.User.ID, s.clock.Now())
	return liked, likes, forumNotFound(err, domain.MsgForumPostNotFound)
}

// Report records the caller's report of a reply, once, with a reason.
func (s *Forum) Report(ctx context.Context, p *domain.Principal, postID int64, reason string) (*domain.ForumReport, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	post, _, err := s.visiblePost(ctx, p, postID)
	if err != nil {
		return nil, err
	}
	reason, err = domain.NewForumReport(post, p.User, reason)
	if err != nil {
		return nil, err
	}
	r := &domain.ForumReport{PostID: postID, ReporterID: p.User.ID, Reporter: p.User.Username, Reason: reason, CreatedAt: s.clock.Now()}
	if err := s.store.CreateForumReport(ctx, r); err != nil {
		return nil, forumNotFound(err, domain.MsgForumPostNotFound)
	}
	s.log.Info("forum post reported", "post", postID, "by", p.User.Username)
	return r, nil
}

// Reports returns one page of the review queue (superadmins only).
func (s *Forum) Reports(ctx context.Context, p *domain.Principal, req domain.PageRequest) (domain.Page[*domain.ReportedPost], error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return domain.Page[*domain.ReportedPost]{}, err
	}
	return s.store.ListReportedPosts(ctx, req)
}

// ClearReports closes a reply's open reports, keeping the reply (superadmins only).
func (s *Forum) ClearReports(ctx context.Context, p *domain.Principal, postID int64) (int, error) {
	if err := domain.RequireForumModerator(p); err != nil {
		return 0, err
	}
	n, err := s.store.ClearForumReports(ctx, postID, s.clock.Now())
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, domain.Errorf(domain.ENotFound, domain.MsgForumReportNotFound)
	}
	return n, nil
}

// SetWatch saves the caller's watch level for a topic they can see.
func (s *Forum) SetWatch(ctx context.Context, p *domain.Principal, topicID int64, level string) (domain.WatchLevel, error) {
	if err := signedIn(p); err != nil {
		return "", err
	}
	l, err := domain.ParseWatchLevel(level)
	if err != nil {
		return "", err
	}
	if _, err := s.visibleTopic(ctx, p, topicID); err != nil {
		return "", err
	}
	return l, forumNotFound(s.store.SetForumWatch(ctx, p.User.ID, topicID, l), domain.MsgForumTopicNotFound)
}

// ---- notifications

// followers reads who follows a topic: its author and repliers and everyone watching it, and
// every watch level set on it (before the reply's transaction: reads only).
func (s *Forum) followers(ctx context.Context, topicID int64) ([]int64, map[int64]domain.WatchLevel, error) {
	if s.notes == nil {
		return nil, nil, nil
	}
	participants, err := s.store.ForumParticipants(ctx, topicID)
	if err != nil {
		return nil, nil, err
	}
	watches, err := s.store.ForumWatches(ctx, topicID)
	if err != nil {
		return nil, nil, err
	}
	seen := map[int64]bool{}
	var out []int64
	for _, id := range participants {
		if !seen[id] {
			seen[id], out = true, append(out, id)
		}
	}
	for id, level := range watches {
		if level == domain.WatchWatching && !seen[id] {
			seen[id], out = true, append(out, id)
		}
	}
	return out, watches, nil
}

// mentioned returns the ids of the users a post's text @names (at most MaxMentions), less the
// author and those who muted the topic.
func (s *Forum) mentioned(ctx context.Context, by *domain.User, text string, watches map[int64]domain.WatchLevel) ([]int64, error) {
	if s.notes == nil {
		return nil, nil
	}
	var out []int64
	for _, name := range domain.ForumMentions(text, s.cfg.MaxMentions) {
		u, err := s.store.UserByUsername(ctx, name)
		if domain.ErrorCode(err) == domain.ENotFound {
			continue
		} else if err != nil {
			return nil, err
		}
		if u.ID != by.ID && watches[u.ID] != domain.WatchMuted {
			out = append(out, u.ID)
		}
	}
	return out, nil
}

// mayReadTopic vetoes a recipient who may not see the topic (under review: its author and
// superadmins only).
func mayReadTopic(t *domain.ForumTopic) func(*domain.User) bool {
	return func(u *domain.User) bool {
		return domain.ForumViewer{UserID: u.ID, Superadmin: u.Role == domain.RoleSuperadmin}.CanSee(t.AuthorID, t.InReview)
	}
}

// mentionNotes are the mention notifications of a post, at most one an hour per user and topic.
func (s *Forum) mentionNotes(by *domain.User, t *domain.ForumTopic, postID *int64, text string, mentioned []int64) []Note {
	notes := make([]Note, len(mentioned))
	for i, id := range mentioned {
		notes[i] = Note{Notification: domain.ForumMentionNotification(id, t, postID, text, by.Username),
			Coalesce: fmt.Sprintf("topic:%d", t.ID), Keep: mayReadTopic(t)}
	}
	return notes
}

// notifyReply tells a topic's followers about a reply: its author and repliers (unless they
// muted it), everyone watching it, and anyone the reply mentions; never the replier, never
// anyone who may not see the topic, and a reply notification at most once per topic per hour
// per user. A user told of a mention is not told of the reply too. Two sends of a few
// statements each, whatever the number of followers.
func (s *Forum) notifyReply(ctx context.Context, by *domain.User, t *domain.ForumTopic, post *domain.ForumPost,
	followers []int64, watches map[int64]domain.WatchLevel, mentioned []int64) error {
	if s.notes == nil {
		return nil
	}
	told, err := s.notes.Send(ctx, s.mentionNotes(by, t, &post.ID, post.ContentText, mentioned))
	if err != nil {
		return err
	}
	skip := map[int64]bool{by.ID: true}
	for _, n := range told {
		skip[idOrZero(n.Notification.TargetID)] = true
	}
	var notes []Note
	for _, id := range followers {
		if skip[id] || watches[id] == domain.WatchMuted {
			continue
		}
		notes = append(notes, Note{Notification: domain.ForumReplyNotification(id, t, post, by.Username),
			Coalesce: fmt.Sprintf("topic:%d", t.ID), Keep: mayReadTopic(t)})
	}
	_, err = s.notes.Send(ctx, notes)
	return err
}

// forgetNotifications removes the reply and mention notifications of a post (or, with postID
// nil, of a topic and its posts) that was just hidden or deleted, so no bell keeps quoting it
// (as Discourse removes a deleted post's notifications). Clearing the review later does not
// bring them back. A failure is logged: the moderation itself is done.
func (s *Forum) forgetNotifications(ctx context.Context, topicID int64, postID *int64) {
	var post any
	if postID != nil {
		post = *postID
	}
	n, err := s.store.DeleteForumNotifications(ctx, topicID, postID)
	if err != nil {
		s.log.Error("forum notifications: removing a moderated post's notifications failed", "topic", topicID, "post", post, "err", err)
		return
	}
	if n > 0 {
		s.log.Info("forum notifications removed with moderated content", "topic", topicID, "post", post, "count", n)
	}
}

// tellAuthor notifies the author of moderated content, unless the moderator is the author, in
// ctx's transaction (the moderation's).
func (s *Forum) tellAuthor(ctx context.Context, p *domain.Principal, authorID *int64, what, title string, topicID int64, action, reason string) error {
	if s.notes == nil || authorID == nil || *authorID == p.User.ID {
		return nil
	}
	_, err := s.notes.Send(ctx, []Note{{Notification: domain.ForumModerationNotification(*authorID, what, title, topicID, action, reason)}})
	return err
}

// CategoriesAsOperator returns every category in order, for `gardenctl forum categories list`.
func (s *Forum) CategoriesAsOperator(ctx context.Context) ([]*domain.ForumCategory, error) {
	var out []*domain.ForumCategory
	req := domain.PageRequest{Limit: domain.MaxPageLimit}
	for {
		page, err := s.store.ListForumCategories(ctx, req)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Items...)
		if page.NextCursor == "" {
			return out, nil
		}
		req.Cursor = page.NextCursor
	}
}

// CreateCategoryAsOperator is CreateCategory for the command line.
func (s *Forum) CreateCategoryAsOperator(ctx context.Context, in CategoryInput) (*domain.ForumCategory, error) {
	return s.CreateCategory(ctx, operator(), in)
}

// DeleteCategoryAsOperator deletes the category with id or slug ref, for the command line.
func (s *Forum) DeleteCategoryAsOperator(ctx context.Context, ref string) (*domain.ForumCategory, error) {
	c, err := s.store.ForumCategoryBySlug(ctx, ref)
	if domain.ErrorCode(err) == domain.ENotFound {
		if id, perr := strconv.ParseInt(ref, 10, 64); perr == nil {
			c, err = s.store.ForumCategoryByID(ctx, id)
		}
	}
	if err != nil {
		return nil, forumNotFound(err, domain.MsgForumCategoryNotFound)
	}
	return c, s.DeleteCategory(ctx, operator(), c.ID)
}

// forumRecordRetention is how long visitor view keys and notification claims are kept: both
// only matter for a day or an hour, the margin covers clock differences between replicas.
const forumRecordRetention = 48 * time.Hour

// Prune deletes visitor view keys and notification claims older than two days, for the
// nightly forum-cleanup job; it returns how many of each.
func (s *Forum) Prune(ctx context.Context) (views, claims int, err error) {
	return s.store.PruneForumRecords(ctx, s.clock.Now().Add(-forumRecordRetention))
}

// excerpt cuts text to at most n runes.
func excerpt(text string, n int) string {
	if r := []rune(text); len(r) > n {
		return string(r[:n]) + "…"
	}
	return text
}
