package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// SharingConfig tunes plant sharing.
type SharingConfig struct {
	// Lifetime is how long a listing stays up (GARDEN_LISTING_LIFETIME; default 30 days).
	Lifetime time.Duration
}

// SharingStore is what Sharing keeps: listings and their messages, the plants given away and
// their owners, and its write slots.
type SharingStore interface {
	ports.ListingStore
	ports.WriteSlotStore
	// ports.PlantStore's:
	DeletePlant(ctx context.Context, ownerID, id int64) error
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
	// ports.UserStore's:
	UserByID(ctx context.Context, id int64) (*domain.User, error)
}

// Sharing is plant sharing: listings, their conversations, completion, expiry and renewal.
type Sharing struct {
	store  SharingStore
	plants *Plants
	images *Images
	clock  ports.Clock
	limits writeLimits
	cfg    SharingConfig
	log    *slog.Logger
	notes  *Notifier
	hooks  *Webhooks
	tr     ports.Translator
}

// WithTranslator writes the note of a plant taken from a listing in the taker's language
// (without one, English).
func (s *Sharing) WithTranslator(tr ports.Translator) *Sharing {
	s.tr = tr
	return s
}

// WithWebhooks makes messages emit listing.message to the recipient's webhooks.
func (s *Sharing) WithWebhooks(w *Webhooks) *Sharing {
	s.hooks = w
	return s
}

// NewSharing builds the plant sharing service; its notifications go through notifications
// (nil: none are sent).
func NewSharing(store SharingStore, notifications *Notifications, plants *Plants, images *Images,
	clock ports.Clock, cfg SharingConfig, log *slog.Logger) *Sharing {
	if cfg.Lifetime <= 0 {
		cfg.Lifetime = domain.DefaultListingLifetime
	}
	if log == nil {
		log = slog.Default()
	}
	return &Sharing{store: store, plants: plants, images: images, clock: clock, cfg: cfg, log: log,
		notes: notifications.Notifier()}
}

// Lifetime is how long a new or renewed listing lives.
func (s *Sharing) Lifetime() time.Duration { return s.cfg.Lifetime }

func listingNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgListingNotFound)
	}
	return err
}

// ListingView is a listing as one viewer sees it at one moment.
type ListingView struct {
	*domain.Listing
	Expired bool
	// Renewable says the owner may renew it now.
	Renewable bool
	// CanAddToPlants says the viewer is the person it went to and has not added it yet.
	CanAddToPlants bool
	// IsOwner says the viewer owns it.
	IsOwner bool
	// CanDelete says the viewer may delete it (set by Get only: it reads the owner's site).
	CanDelete bool
}

func (s *Sharing) view(p *domain.Principal, l *domain.Listing, now time.Time) *ListingView {
	v := &ListingView{Listing: l, Expired: l.Expired(now)}
	if p != nil && p.User != nil {
		v.IsOwner = p.User.ID == l.UserID
		v.Renewable = v.IsOwner && l.CanRenew(now) == nil
		v.CanAddToPlants = l.CompletedWithID != nil && *l.CompletedWithID == p.User.ID && l.AddedToPlantID == nil
	}
	if !v.IsOwner {
		l.MessageCount = 0 // how many people wrote is the owner's business
	}
	return v
}

// ListingQuery is what the list page asks for.
type ListingQuery struct {
	Search      string
	PlantType   string
	ListingType string
	// Status is "" (open and unexpired: the default list), Open, Closed, Expired or All.
	Status string
	// Mine keeps the caller's own listings (signed in only); their default status is All.
	Mine bool
}

// MsgListingStatusFilter is the message of an unknown status filter.
const MsgListingStatusFilter = "Status must be Open, Closed, Expired or All"

// List returns one page of listings, newest first. Visitors may read it.
func (s *Sharing) List(ctx context.Context, p *domain.Principal, q ListingQuery, page domain.PageRequest) (domain.Page[*ListingView], error) {
	now := s.clock.Now()
	f := ports.ListingFilter{Search: q.Search, PlantType: strings.TrimSpace(q.PlantType)}
	if strings.TrimSpace(q.ListingType) != "" {
		lt, err := domain.ParseListingType(q.ListingType)
		if err != nil {
			return domain.Page[*ListingView]{}, err
		}
		f.ListingType = lt
	}
	if q.Mine {
		if err := signedIn(p); err != nil {
			return domain.Page[*ListingView]{}, err
		}
		f.OwnerID = p.User.ID
	}
	status := strings.ToLower(strings.TrimSpace(q.Status))
	if status == "" && q.Mine {
		status = "all"
	}
	switch status {
	case "":
		f.AvailableAt = &now
	case "open":
		f.AvailableAt = &now
	case "closed", "completed":
		f.Status = domain.ListingClosed
	case "expired":
		f.ExpiredAt = &now
	case "all":
	default:
		return domain.Page[*ListingView]{}, &domain.Error{Code: domain.EInvalid, Message: MsgListingStatusFilter,
			Fields: map[string]string{"status": MsgListingStatusFilter}}
	}
	res, err := s.store.ListListings(ctx, f, page)
	if err != nil {
		return domain.Page[*ListingView]{}, err
	}
	out := domain.Page[*ListingView]{Items: make([]*ListingView, len(res.Items)), NextCursor: res.NextCursor}
	for i, l := range res.Items {
		out.Items[i] = s.view(p, l, now)
	}
	return out, nil
}

// PlantTypes returns the plant types for the filter: the fixed ones (spec 02 §3's four and the
// four of issue 27), then any other found in listings, sorted.
func (s *Sharing) PlantTypes(ctx context.Context) ([]string, error) {
	found, err := s.store.ListingPlantTypes(ctx)
	if err != nil {
		return nil, err
	}
	out := []string{}
	seen := map[string]bool{}
	for _, t := range domain.PlantTypes {
		out, seen[string(t)] = append(out, string(t)), true
	}
	for _, t := range found {
		if !seen[t] {
			out, seen[t] = append(out, t), true
		}
	}
	return out, nil
}

// Get returns one listing. Visitors may read it.
func (s *Sharing) Get(ctx context.Context, p *domain.Principal, id int64) (*ListingView, error) {
	l, err := s.store.ListingByID(ctx, id)
	if err != nil {
		return nil, listingNotFound(err)
	}
	v := s.view(p, l, s.clock.Now())
	if p != nil && p.User != nil {
		if err := s.mayDelete(ctx, p, l); err == nil {
			v.CanDelete = true
		} else if domain.ErrorCode(err) != domain.EForbidden {
			return nil, err
		}
	}
	return v, nil
}

// mayDelete answers nil when p may delete l: its owner, admins of the owner's site,
// superadmins; forbidden otherwise.
func (s *Sharing) mayDelete(ctx context.Context, p *domain.Principal, l *domain.Listing) error {
	if l.UserID == p.User.ID || p.User.Role == domain.RoleSuperadmin {
		return nil
	}
	if p.User.Role != domain.RoleAdmin && !p.User.IsSiteAdmin {
		return domain.Errorf(domain.EForbidden, domain.MsgListingNotOwner)
	}
	owner, err := s.store.UserByID(ctx, l.UserID)
	if err != nil {
		return err
	}
	if owner.SiteID == nil || !domain.ManagesSite(p.User, *owner.SiteID) {
		return domain.Errorf(domain.EForbidden, domain.MsgListingNotOwner)
	}
	return nil
}

// Create lists a plant for the caller, whoever the body names as owner. fromPlant, when set,
// is one of the caller's plants whose name, type, species and photo fill the fields left empty
// ("List from my plant").
func (s *Sharing) Create(ctx context.Context, p *domain.Principal, l *domain.Listing, fromPlant int64) (*ListingView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if fromPlant > 0 {
		plant, err := s.store.PlantByID(ctx, p.User.ID, fromPlant)
		if err != nil {
			if domain.ErrorCode(err) == domain.ENotFound {
				return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgPlantNotFound, Fields: map[string]string{"plantId": domain.MsgPlantNotFound}}
			}
			return nil, err
		}
		fill := func(dst *string, v string) {
			if strings.TrimSpace(*dst) == "" {
				*dst = v
			}
		}
		fill(&l.PlantName, plant.Name)
		fill(&l.PlantType, string(plant.Type))
		fill(&l.Species, plant.Species)
		fill(&l.ImageURL, plant.ImageURL)
		id := plant.ID
		l.SourcePlantID = &id
	}
	now := s.clock.Now()
	if err := domain.NewListing(l, p.User.ID, now, s.cfg.Lifetime); err != nil {
		return nil, err
	}
	undo, err := s.limits.reserve(ctx, s.store, s.clock, domain.WriteListing, p.User.ID)
	if err != nil {
		return nil, err
	}
	if err := s.store.CreateListing(ctx, l); err != nil {
		undo()
		return nil, err
	}
	l.Username = p.User.Username
	s.log.Info("listing created", "listing", l.ID, "user", p.User.ID)
	return s.view(p, l, now), nil
}

// owned loads listing id for a change by its owner only: anyone else is forbidden.
func (s *Sharing) ownedUpdate(ctx context.Context, p *domain.Principal, id int64, fn func(*domain.Listing) error) (*ListingView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	l, err := s.store.UpdateListing(ctx, id, func(l *domain.Listing) error {
		if l.UserID != p.User.ID {
			return domain.Errorf(domain.EForbidden, domain.MsgListingNotOwner)
		}
		return fn(l)
	})
	if err != nil {
		return nil, listingNotFound(err)
	}
	return s.view(p, l, s.clock.Now()), nil
}

// SetStatus is PATCH status: the owner marks the listing completed (Closed), optionally naming
// the person who wrote about it that it went to, who is then told and may add it to their
// plants. Closed cannot be reopened.
func (s *Sharing) SetStatus(ctx context.Context, p *domain.Principal, id int64, status string, completedWith *int64) (*ListingView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	if completedWith != nil {
		ok, err := s.store.HasConversation(ctx, id, *completedWith)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgListingCompletedWith,
				Fields: map[string]string{"completedWithUserId": domain.MsgListingCompletedWith}}
		}
	}
	now := s.clock.Now()
	var v *ListingView
	err := s.notes.Tx(ctx, func(ctx context.Context) error {
		wasOpen := false
		var err error
		v, err = s.ownedUpdate(ctx, p, id, func(l *domain.Listing) error {
			wasOpen = l.Status == domain.ListingOpen
			return l.SetStatus(status, now, completedWith)
		})
		if err != nil || !wasOpen || v.Status != domain.ListingClosed || v.CompletedWithID == nil {
			return err
		}
		_, err = s.notes.Send(ctx, []Note{{Notification: domain.ListingCompletedNotification(v.Listing, *v.CompletedWithID)}})
		return err
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Edit changes the caller's open listing's fields (domain.Listing.Edit): only its owner may,
// site admins and superadmins included (they may delete a listing, not put words in its
// owner's mouth); a completed listing is a conflict.
func (s *Sharing) Edit(ctx context.Context, p *domain.Principal, id int64, patch domain.ListingPatch) (*ListingView, error) {
	now := s.clock.Now()
	return s.ownedUpdate(ctx, p, id, func(l *domain.Listing) error { return l.Edit(patch, now) })
}

// Renew extends the caller's open listing by another lifetime, once within its last week.
func (s *Sharing) Renew(ctx context.Context, p *domain.Principal, id int64) (*ListingView, error) {
	now := s.clock.Now()
	return s.ownedUpdate(ctx, p, id, func(l *domain.Listing) error { return l.Renew(now, s.cfg.Lifetime) })
}

// SetImage stores an uploaded photo (sniffed JPEG, PNG, GIF or WebP, 5 MB at most) and makes
// it the caller's listing's image. Codes: as Images.Upload, forbidden, not_found.
func (s *Sharing) SetImage(ctx context.Context, p *domain.Principal, id int64, r io.Reader) (*ListingView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	// Ownership first, so nobody stores blobs against someone else's listing.
	l, err := s.store.ListingByID(ctx, id)
	if err != nil {
		return nil, listingNotFound(err)
	}
	if l.UserID != p.User.ID {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgListingNotOwner)
	}
	key, err := s.images.Upload(ctx, p, r)
	if err != nil {
		return nil, err
	}
	url := "/api/images/" + strings.TrimPrefix(key, ImageKeyPrefix)
	now := s.clock.Now()
	return s.ownedUpdate(ctx, p, id, func(l *domain.Listing) error {
		l.ImageURL, l.UpdatedAt = url, now
		return nil
	})
}

// Delete removes a listing with its conversations: its owner, admins of the owner's site, and
// superadmins may.
func (s *Sharing) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	l, err := s.store.ListingByID(ctx, id)
	if err != nil {
		return listingNotFound(err)
	}
	if err := s.mayDelete(ctx, p, l); err != nil {
		return err
	}
	if err := s.store.DeleteListing(ctx, id); err != nil {
		return listingNotFound(err)
	}
	s.log.Info("listing deleted", "listing", id, "by", p.User.ID, "owner", l.UserID)
	return nil
}

// Messages returns one page of a listing's messages, oldest first: the owner reads every
// conversation (with, when not zero, keeps one), anyone else only their own with the owner.
// Visitors read none.
func (s *Sharing) Messages(ctx context.Context, p *domain.Principal, id, with int64, page domain.PageRequest) (domain.Page[*domain.ListingMessage], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.ListingMessage]{}, err
	}
	l, err := s.store.ListingByID(ctx, id)
	if err != nil {
		return domain.Page[*domain.ListingMessage]{}, listingNotFound(err)
	}
	partner := with
	if l.UserID != p.User.ID {
		if with != 0 && with != p.User.ID {
			return domain.Page[*domain.ListingMessage]{}, domain.Errorf(domain.EForbidden, "You can only read your own conversation with the owner")
		}
		partner = p.User.ID
	}
	return s.store.ListingMessages(ctx, id, partner, page)
}

// SendMessage adds a message to a conversation and notifies its recipient
// (plant_listing_interest). Someone who is not the owner writes to the owner, on an open,
// unexpired listing; the owner answers one person who has written (recipientID), whatever
// the listing's state, so that a hand-over can still be arranged.
func (s *Sharing) SendMessage(ctx context.Context, p *domain.Principal, id int64, text string, recipientID int64) (*domain.ListingMessage, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	l, err := s.store.ListingByID(ctx, id)
	if err != nil {
		return nil, listingNotFound(err)
	}
	now := s.clock.Now()
	m := &domain.ListingMessage{ListingID: id, SenderID: p.User.ID, Message: text, CreatedAt: now, Username: p.User.Username}
	if err := domain.ValidateListingMessage(m); err != nil {
		return nil, err
	}
	recipient := l.UserID
	if p.User.ID == l.UserID {
		if recipientID == 0 {
			return nil, domain.Errorf(domain.EConflict, domain.MsgListingOwnMessage)
		}
		ok, err := s.store.HasConversation(ctx, id, recipientID)
		if err != nil {
			return nil, err
		}
		if !ok || recipientID == l.UserID {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgListingRecipient, Fields: map[string]string{"recipientId": domain.MsgListingRecipient}}
		}
		m.PartnerID, recipient = recipientID, recipientID
	} else {
		if err := domain.CheckCanContact(l, p.User.ID, now); err != nil {
			return nil, err
		}
		m.PartnerID = p.User.ID
	}
	undo, err := s.limits.reserve(ctx, s.store, s.clock, domain.WriteListingMessage, p.User.ID)
	if err != nil {
		return nil, err
	}
	if partner, err := s.store.UserByID(ctx, m.PartnerID); err == nil {
		m.PartnerName = partner.Username
	}
	// The message and its notification commit together; the notification is coalesced per
	// conversation: at most one an hour to the recipient, however many messages arrive.
	err = s.notes.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.AddListingMessage(ctx, m); err != nil {
			return listingNotFound(err)
		}
		if _, err := s.notes.Send(ctx, []Note{{Notification: domain.ListingInterestNotification(l, m, p.User.Username, recipient),
			Coalesce: fmt.Sprintf("listing:%d:%d", l.ID, m.PartnerID)}}); err != nil {
			return err
		}
		return s.hooks.EmitEvent(ctx, domain.EventListingMessage, []int64{recipient}, map[string]any{"listingId": l.ID,
			"listingTitle": l.Title, "messageId": m.ID, "from": p.User.Username, "message": m.Message, "recipientId": recipient})
	})
	if err == nil {
		s.hooks.nudge()
	}
	if err != nil {
		undo()
		return nil, err
	}
	return m, nil
}

// AddToMyPlants copies the plant of a completed listing into the plants of the person it went
// to, with where it came from, once.
func (s *Sharing) AddToMyPlants(ctx context.Context, p *domain.Principal, id int64) (*domain.Plant, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	l, err := s.store.ListingByID(ctx, id)
	if err != nil {
		return nil, listingNotFound(err)
	}
	if l.CompletedWithID == nil || *l.CompletedWithID != p.User.ID {
		return nil, domain.Errorf(domain.EForbidden, domain.MsgListingNotCompletedWith)
	}
	if l.AddedToPlantID != nil {
		return nil, domain.Errorf(domain.EConflict, domain.MsgListingAlreadyAdded)
	}
	plant, err := s.plants.Create(ctx, p, domain.PlantFromListingIn(l, p.User.ID, l.Username, s.clock.Now(), wordsFor(s.tr, p.User)), 0)
	if err != nil {
		return nil, err
	}
	_, err = s.store.UpdateListing(ctx, id, func(l *domain.Listing) error {
		if l.AddedToPlantID != nil {
			return domain.Errorf(domain.EConflict, domain.MsgListingAlreadyAdded)
		}
		l.AddedToPlantID = &plant.ID
		return nil
	})
	if err != nil {
		// A second click won the race: keep one plant.
		if derr := s.store.DeletePlant(ctx, p.User.ID, plant.ID); derr != nil {
			s.log.Error("removing a duplicate plant from a listing failed", "plant", plant.ID, "err", derr)
		}
		return nil, listingNotFound(err)
	}
	return plant, nil
}

// ExpiryRun sums up one run of the expiry reminders.
type ExpiryRun struct {
	// Reminded owners were told in this run; Failed were claimed but could not be stored.
	// AlreadyReminded stays 0 since reminders are claimed in batches: a listing another run
	// claimed first is not seen (the count stays for the job's message and counts).
	Reminded, AlreadyReminded, Failed int
}

// Message is the run's one-line summary.
func (r ExpiryRun) Message() string {
	return fmt.Sprintf("%d owners reminded, %d already reminded, %d failed", r.Reminded, r.AlreadyReminded, r.Failed)
}

// RemindExpiring tells the owner of each open listing that expires within three days, once,
// that it can be renewed. The reminders are claimed on their listings a batch at a time (one
// statement marks them and returns them) before they are sent, so two runs (replicas,
// re-runs) never send one twice, and sent together: the run's statements do not grow with the
// listings, only with the batches of expiryBatch.
func (s *Sharing) RemindExpiring(ctx context.Context) (ExpiryRun, error) {
	now := s.clock.Now()
	var out ExpiryRun
	for {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		// The claim and the reminders commit together: a failed batch is claimed again later.
		var claimed []*domain.Listing
		var sent []Note
		err := s.notes.Tx(ctx, func(ctx context.Context) error {
			var err error
			claimed, err = s.store.ClaimExpiryReminders(ctx, now, now.Add(domain.ListingExpiryReminder), now, expiryBatch)
			if err != nil || len(claimed) == 0 {
				return err
			}
			notes := make([]Note, len(claimed))
			for i, l := range claimed {
				notes[i] = Note{Notification: domain.ListingExpiryNotification(l)}
			}
			sent, err = s.notes.Send(ctx, notes)
			return err
		})
		if err != nil {
			s.log.Error("listing expiry: claiming or storing the reminders failed", "err", err)
			return out, err
		}
		// Until a claim finds nothing: a shorter batch may only mean another run took some.
		if len(claimed) == 0 {
			return out, nil
		}
		out.Reminded += len(sent)
		out.Failed += len(claimed) - len(sent)
	}
}

// expiryBatch is how many listing reminders are claimed and sent together.
const expiryBatch = 500
