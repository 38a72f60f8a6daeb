package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// ForumTopicSort names the orders topic lists come in.
type ForumTopicSort string

// The topic orders of the forum pages (spec 02 §2).
const (
	// ForumSortLatest is newest activity first (the Latest tab), keyset-paginated.
	ForumSortLatest ForumTopicSort = "latest"
	// ForumSortPopular is most viewed first, then most replied, then newest (the Popular tab).
	ForumSortPopular ForumTopicSort = "popular"
	// ForumSortCategory is pinned first, then latest activity, newest first (the category page).
	ForumSortCategory ForumTopicSort = "category"
)

// ForumTopicQuery selects a topic list.
type ForumTopicQuery struct {
	// CategoryID limits the list to one category; 0 lists every category.
	CategoryID int64
	Sort       ForumTopicSort
	// Viewer decides which topics under review are listed (domain.ForumViewer.CanSee).
	Viewer domain.ForumViewer
}

// ForumStore keeps the community forum. Counters (a category's TopicsCount, a topic's
// PostCount and LastActivityAt, a post's Likes) are changed in the same transaction as the row
// that changes them, so they stay right under concurrent writers. Content under review is
// returned only to viewers who may see it.
type ForumStore interface {
	// CreateForumCategory inserts c and sets ID and CreatedAt. Codes: conflict (slug taken).
	CreateForumCategory(ctx context.Context, c *domain.ForumCategory) error
	// ForumCategoryByID returns one category. Codes: not_found.
	ForumCategoryByID(ctx context.Context, id int64) (*domain.ForumCategory, error)
	// ForumCategoryBySlug returns one category. Codes: not_found.
	ForumCategoryBySlug(ctx context.Context, slug string) (*domain.ForumCategory, error)
	// ListForumCategories returns one page of categories by sort order, name, id, each with its
	// LastActivityAt (one statement whatever the page's length).
	ListForumCategories(ctx context.Context, req domain.PageRequest) (domain.Page[*domain.ForumCategory], error)
	// SeedForumCategories is the forum's one-time start-up step: in one transaction it records
	// the step in install_steps and, when no category exists, creates cats (setting their ID
	// and CreatedAt to at). A step recorded before makes it do nothing. It reports whether it
	// created the categories.
	SeedForumCategories(ctx context.Context, cats []*domain.ForumCategory, at time.Time) (bool, error)
	// CountForumCategories returns how many categories exist.
	CountForumCategories(ctx context.Context) (int, error)
	// UpdateForumCategory loads a category in a transaction, lets fn change its name, slug,
	// description and sort order, and saves them. Codes: not_found, conflict (slug taken),
	// fn's error.
	UpdateForumCategory(ctx context.Context, id int64, fn func(*domain.ForumCategory) error) (*domain.ForumCategory, error)
	// ReorderForumCategories loads every category in one transaction, lets fn reorder them
	// and saves the sort order of those fn returns. Codes: fn's error.
	ReorderForumCategories(ctx context.Context, fn func(all []*domain.ForumCategory) ([]*domain.ForumCategory, error)) error
	// DeleteForumCategory removes a category, letting check veto it in the same transaction
	// (with a TopicsCount no topic insert can change meanwhile). Codes: not_found, check's
	// error.
	DeleteForumCategory(ctx context.Context, id int64, check func(*domain.ForumCategory) error) error

	// CreateForumTopic inserts t (ID, CreatedAt and LastActivityAt set; category name and slug
	// filled) and counts it in its category. Codes: not_found (no such category).
	CreateForumTopic(ctx context.Context, t *domain.ForumTopic) error
	// ForumTopicByID returns one topic whatever its review state, with viewer's watch level.
	// Codes: not_found.
	ForumTopicByID(ctx context.Context, id int64, viewer domain.ForumViewer) (*domain.ForumTopic, error)
	// ListForumTopics returns one page of topics in q's order.
	ListForumTopics(ctx context.Context, q ForumTopicQuery, req domain.PageRequest) (domain.Page[*domain.ForumTopic], error)
	// UpdateForumTopic loads a topic in a transaction, lets fn change its title, content,
	// pinned, locked and in-review flags, and saves them. Codes: not_found, fn's error.
	UpdateForumTopic(ctx context.Context, id int64, fn func(*domain.ForumTopic) error) (*domain.ForumTopic, error)
	// DeleteForumTopic removes a topic with its replies, likes and reports, uncounts it from its
	// category, and returns it as it was. Codes: not_found.
	DeleteForumTopic(ctx context.Context, id int64) (*domain.ForumTopic, error)
	// RecordForumView counts a view of a topic by viewerKey once: the first call for a
	// (topic, key) adds one to ViewCount, later calls change nothing. Codes: not_found.
	RecordForumView(ctx context.Context, topicID int64, viewerKey string, at time.Time) (counted bool, err error)

	// CreateForumPost locks the topic, lets check veto the reply (a locked topic), inserts p
	// (ID, CreatedAt = UpdatedAt set) and updates the topic's PostCount and LastActivityAt,
	// all in one transaction. It returns the topic after the reply. Codes: not_found (no such
	// topic), check's error.
	CreateForumPost(ctx context.Context, p *domain.ForumPost, check func(*domain.ForumTopic) error) (*domain.ForumTopic, error)
	// ForumPostByID returns one post whatever its review state, with viewer's like and report.
	// Codes: not_found.
	ForumPostByID(ctx context.Context, id int64, viewer domain.ForumViewer) (*domain.ForumPost, error)
	// ListForumPosts returns one page of a topic's replies, oldest first, that viewer may see.
	ListForumPosts(ctx context.Context, topicID int64, viewer domain.ForumViewer, req domain.PageRequest) (domain.Page[*domain.ForumPost], error)
	// UpdateForumPost loads a post in a transaction, lets fn change its content, UpdatedAt and
	// in-review flag, and saves them; placing it under review takes it out of its topic's
	// PostCount, clearing the review puts it back. Codes: not_found, fn's error.
	UpdateForumPost(ctx context.Context, id int64, fn func(*domain.ForumPost) error) (*domain.ForumPost, error)
	// DeleteForumPost removes a post with its likes and reports, updates its topic's
	// PostCount (unless the post was under review) and LastActivityAt, and returns the post as
	// it was. Codes: not_found.
	DeleteForumPost(ctx context.Context, id int64) (*domain.ForumPost, error)

	// ToggleForumLike adds userID's like of a post, or removes it when present, and returns
	// the new state and count. Codes: not_found (no such post).
	ToggleForumLike(ctx context.Context, postID, userID int64, at time.Time) (liked bool, likes int, err error)
	// CreateForumReport inserts r and sets ID. Codes: not_found (no such post), conflict (this
	// user already reported this post, whether or not that report was cleared).
	CreateForumReport(ctx context.Context, r *domain.ForumReport) error
	// ListReportedPosts returns one page of posts with open reports, most recently reported
	// first, each with its open reports oldest first.
	ListReportedPosts(ctx context.Context, req domain.PageRequest) (domain.Page[*domain.ReportedPost], error)
	// ClearForumReports closes a post's open reports at at and returns how many it closed.
	ClearForumReports(ctx context.Context, postID int64, at time.Time) (int, error)

	// ForumParticipants returns the ids of a topic's author and of everyone who replied to it.
	ForumParticipants(ctx context.Context, topicID int64) ([]int64, error)
	// ForumWatches returns the users who set a watch level on a topic, with their level.
	ForumWatches(ctx context.Context, topicID int64) (map[int64]domain.WatchLevel, error)
	// SetForumWatch saves a user's watch level of a topic. Codes: not_found (no such topic).
	SetForumWatch(ctx context.Context, userID, topicID int64, level domain.WatchLevel) error
	// ClaimForumNotification records that userID is sent a notification of kind about a topic
	// at at, unless one was claimed within window before at: then it returns false and records
	// nothing. Concurrent claims for one (user, topic, kind) let at most one through.
	ClaimForumNotification(ctx context.Context, userID, topicID int64, kind string, at time.Time, window time.Duration) (bool, error)

	// DeleteForumNotifications removes the reply and mention notifications, with their read
	// marks, that come from post postID, or, when postID is nil, from topic topicID and any of
	// its posts, and says how many it removed: a post or topic hidden or deleted takes them with
	// it, so no bell keeps quoting it.
	DeleteForumNotifications(ctx context.Context, topicID int64, postID *int64) (int, error)

	// PruneForumRecords deletes visitor view keys (which only guard one day) and notification
	// claims older than before, and says how many of each it deleted. Signed-in readers' view
	// keys are kept: they count a view once for ever.
	PruneForumRecords(ctx context.Context, before time.Time) (views, claims int, err error)

	// SearchForum returns one page of topics and replies matching every term as a word prefix,
	// best match first, that viewer may see, each with a marked snippet.
	SearchForum(ctx context.Context, terms []string, viewer domain.ForumViewer, req domain.PageRequest) (domain.Page[*domain.ForumSearchHit], error)
}
