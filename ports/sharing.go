package ports

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// ListingFilter narrows ListListings. Zero values do not filter.
type ListingFilter struct {
	// Search is full-text over title, plant name, species and description (domain.SearchTerms
	// of it; every term must match, the last one as a prefix).
	Search      string
	PlantType   string
	ListingType domain.ListingType
	Status      domain.ListingStatus
	OwnerID     int64
	// AvailableAt keeps only listings open and unexpired at that moment (the default list).
	AvailableAt *time.Time
	// ExpiredAt keeps only open listings already expired at that moment.
	ExpiredAt *time.Time
}

// ListingStore keeps plant listings and their conversations.
type ListingStore interface {
	// CreateListing inserts l and sets its ID. Codes: not_found (no such owner).
	CreateListing(ctx context.Context, l *domain.Listing) error
	// ListingByID returns one listing with its owner's username and message count. Codes:
	// not_found.
	ListingByID(ctx context.Context, id int64) (*domain.Listing, error)
	// ListListings returns one page of listings, newest first (created_at, id descending).
	// Codes: invalid (a cursor that is not this list's).
	ListListings(ctx context.Context, f ListingFilter, page domain.PageRequest) (domain.Page[*domain.Listing], error)
	// ListingPlantTypes returns the distinct plant types of listings, sorted, for the filter.
	ListingPlantTypes(ctx context.Context) ([]string, error)
	// UpdateListing loads a listing in a transaction, lets fn change it and saves it (owner,
	// id and creation time cannot change). Codes: not_found, fn's error (nothing saved).
	UpdateListing(ctx context.Context, id int64, fn func(*domain.Listing) error) (*domain.Listing, error)
	// DeleteListing removes a listing with its messages. Codes: not_found.
	DeleteListing(ctx context.Context, id int64) error
	// AddListingMessage inserts m and sets its ID. Codes: not_found (no such listing or user).
	AddListingMessage(ctx context.Context, m *domain.ListingMessage) error
	// ListingMessages returns one page of a listing's messages, oldest first (created_at, id),
	// with sender and partner usernames; partnerID non-zero keeps one conversation.
	ListingMessages(ctx context.Context, listingID, partnerID int64, page domain.PageRequest) (domain.Page[*domain.ListingMessage], error)
	// HasConversation reports whether partnerID has written about the listing.
	HasConversation(ctx context.Context, listingID, partnerID int64) (bool, error)
	// ListingsDueForExpiryReminder returns up to limit open listings not yet reminded whose
	// expiry falls in (from, to], soonest first.
	ListingsDueForExpiryReminder(ctx context.Context, from, to time.Time, limit int) ([]*domain.Listing, error)
	// ClaimExpiryReminder marks a listing reminded at at unless it was already: claimed is
	// false when another run got there first, so each reminder goes out once across replicas.
	ClaimExpiryReminder(ctx context.Context, id int64, at time.Time) (claimed bool, err error)
	// ClaimExpiryReminders is ClaimExpiryReminder for up to limit of the listings
	// ListingsDueForExpiryReminder would return, in one statement: it marks them reminded at at
	// and returns those it marked, soonest first, with ID, UserID, Title, ExpiresAt and
	// ExpiryRemindedAt only. A listing another run marked first is not returned.
	ClaimExpiryReminders(ctx context.Context, from, to, at time.Time, limit int) ([]*domain.Listing, error)
}

// QuestionFilter narrows ListQuestions. Zero values do not filter.
type QuestionFilter struct {
	// Search is full-text over title and content text (see ListingFilter.Search).
	Search   string
	Status   domain.QuestionStatus
	AuthorID int64
	Tag      string
}

// TagCount is a tag with the number of questions carrying it.
type TagCount struct {
	Tag   string
	Count int
}

// QuestionStore keeps expert questions, their answers and tags.
type QuestionStore interface {
	// CreateQuestion inserts q with its tags and sets its ID. Codes: not_found (no such user).
	CreateQuestion(ctx context.Context, q *domain.Question) error
	// QuestionByID returns one question with its tags and asker's username. Codes: not_found.
	QuestionByID(ctx context.Context, id int64) (*domain.Question, error)
	// ListQuestions returns one page of questions, newest first (created_at, id descending).
	ListQuestions(ctx context.Context, f QuestionFilter, page domain.PageRequest) (domain.Page[*domain.Question], error)
	// SimilarQuestions returns up to limit questions matching any of the search's terms (the
	// last as a prefix), answered ones first, then the best matches, then the newest.
	SimilarQuestions(ctx context.Context, search string, limit int) ([]*domain.Question, error)
	// QuestionTags returns the most used tags, most used first, then by name.
	QuestionTags(ctx context.Context, limit int) ([]TagCount, error)
	// UpdateQuestion loads a question with its tags in a transaction (locked against a
	// concurrent answer), lets fn change it and saves its title, content, photo, tags and
	// times. Codes: not_found, fn's error (nothing saved).
	UpdateQuestion(ctx context.Context, id int64, fn func(*domain.Question) error) (*domain.Question, error)
	// AddAnswer loads the question in a transaction, lets fn record a on it, inserts a (setting
	// its ID) and saves the question. Codes: not_found, fn's error (nothing saved).
	AddAnswer(ctx context.Context, a *domain.Answer, fn func(*domain.Question) error) (*domain.Question, error)
	// AnswerByID returns one answer of a question. Codes: not_found.
	AnswerByID(ctx context.Context, questionID, answerID int64) (*domain.Answer, error)
	// ListAnswers returns one page of a question's answers: experts' first, then oldest first.
	ListAnswers(ctx context.Context, questionID int64, page domain.PageRequest) (domain.Page[*domain.Answer], error)
	// AcceptAnswer loads the question and the answer in a transaction, lets fn decide, then
	// saves the question and moves the accepted mark to that answer. Codes: not_found, fn's
	// error (nothing saved).
	AcceptAnswer(ctx context.Context, questionID, answerID int64, fn func(*domain.Question, *domain.Answer) error) (*domain.Question, error)
	// UserCategoryExperts reports whether a user's category is marked Experts (false without
	// a category).
	UserCategoryExperts(ctx context.Context, userID int64) (bool, error)
}

// SharingStore is everything plant sharing and expert Q&A keep. The SQL store implements it
// beside Store.
type SharingStore interface {
	ListingStore
	QuestionStore
}
