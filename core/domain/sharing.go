package domain

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// ListingType says what the owner asks in return for a listed plant (spec 02 §3).
type ListingType string

// The listing types of spec 02 §9; Free is the form's default.
const (
	ListingFree ListingType = "Free"
	ListingSwap ListingType = "Swap"
	ListingSell ListingType = "Sell"
)

// ListingTypes lists the listing types in the order of the filter.
var ListingTypes = []ListingType{ListingFree, ListingSwap, ListingSell}

// Valid reports whether t is one of the three listing types.
func (t ListingType) Valid() bool { return t == ListingFree || t == ListingSwap || t == ListingSell }

// ListingStatus is a listing's stored state. Expiry is not a stored state: a listing is expired
// when its ExpiresAt has passed (see Listing.Expired), so no job has to flip it on time.
type ListingStatus string

// The listing statuses: Open until the owner marks it completed (Closed, spec 02 §4).
const (
	ListingOpen   ListingStatus = "Open"
	ListingClosed ListingStatus = "Closed"
)

// Listing limits (spec 02 §5 and §9; the text limits beyond the spec's are ours, see
// docs/decisions.md).
const (
	MinListingTitle          = 3
	MaxListingTitle          = 100
	MaxListingText           = 100
	MaxListingDescription    = 5000
	MaxListingMessage        = 2000
	DefaultListingLifetime   = 30 * 24 * time.Hour
	ListingRenewWindow       = 7 * 24 * time.Hour
	ListingExpiryReminder    = 3 * 24 * time.Hour
	KindListingInterest      = "plant_listing_interest"
	KindListingExpiry        = "plant_listing_expiry"
	KindListingCompletedWith = "plant_listing_completed"
)

// Listing messages (spec 02 §5 and §8; those the spec leaves unsaid are ours).
const (
	MsgListingTitleTooShort    = "Title must be at least 3 characters"
	MsgListingTitleTooLong     = "Title cannot exceed 100 characters"
	MsgPlantNameRequired       = "Plant name is required"
	MsgPlantTypeRequired       = "Plant type is required"
	MsgListingTypeRequired     = "Listing type is required"
	MsgListingTypeInvalid      = "Listing type must be Free, Swap or Sell"
	MsgQuantityMin             = "Quantity must be a whole number of at least 1"
	MsgPriceMin                = "Price must be 0 or greater"
	MsgPriceDecimals           = "Price can have at most two decimals"
	MsgPriceOnlyForSell        = "Only Sell listings have a price"
	MsgListingTextTooLong      = "Text is too long (at most 100 characters)"
	MsgListingDescriptionLong  = "Description cannot exceed 5000 characters"
	MsgEmptyMessage            = "Please enter a message"
	MsgMessageTooLong          = "Message cannot exceed 2000 characters"
	MsgListingNotFound         = "Listing not found"
	MsgListingNotOwner         = "Only the listing's owner can do this"
	MsgListingClosedNoContact  = "This listing is no longer available"
	MsgListingExpiredNoContact = "This listing has expired and cannot be contacted"
	MsgListingOwnMessage       = "You cannot message your own listing"
	MsgListingReopen           = "A completed listing cannot be reopened"
	MsgListingStatus           = "Status must be Closed"
	MsgListingRecipient        = "Choose the person to answer: recipientId must be someone who wrote about this listing"
	MsgListingCompletedWith    = "completedWithUserId must be someone who wrote about this listing"
	MsgListingRenewTooEarly    = "A listing can be renewed only in the last week before it expires"
	MsgListingRenewClosed      = "A completed listing cannot be renewed"
	MsgListingNotCompletedWith = "Only the person this listing went to can add it to their plants"
	MsgListingAlreadyAdded     = "This plant is already in your plants"
	MsgListingEditClosed       = "A completed listing cannot be edited"
)

// Listing is a plant offered to give away, swap or sell (spec 02 §3).
type Listing struct {
	ID          int64
	UserID      int64
	Title       string
	PlantName   string
	PlantType   string
	Species     string
	Description string
	ListingType ListingType
	// PriceCents is the price in pence (Sell only); nil without a price.
	PriceCents *int64
	Quantity   int
	Location   string
	ImageURL   string
	Status     ListingStatus
	// SourcePlantID is the owner's plant the listing was made from ("List from my plant").
	SourcePlantID *int64
	// CompletedWithID is the person the listing went to, named when it was marked completed.
	CompletedWithID *int64
	// AddedToPlantID is the plant that person made from it with "Add to My Plants".
	AddedToPlantID *int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
	ExpiresAt      time.Time
	ClosedAt       *time.Time
	// ExpiryRemindedAt is when the owner was told the listing expires soon; nil until then.
	ExpiryRemindedAt *time.Time
	// EditedAt is when the owner last changed the listing's text; nil until then (status
	// changes and renewals are not edits).
	EditedAt *time.Time

	// Username is the owner's username (read only).
	Username string
	// MessageCount is how many messages the listing has (read only; owner's view).
	MessageCount int
}

// Expired reports whether an open listing has passed its expiry at now. A closed listing is
// completed, not expired.
func (l *Listing) Expired(now time.Time) bool {
	return l.Status == ListingOpen && !now.Before(l.ExpiresAt)
}

// Available reports whether the listing can still be contacted at now.
func (l *Listing) Available(now time.Time) bool {
	return l.Status == ListingOpen && !l.Expired(now)
}

// ParseListingType returns the listing type named s (case-insensitive); empty is an invalid error
// with the spec's "Listing type is required".
func ParseListingType(s string) (ListingType, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", fieldErr("listingType", MsgListingTypeRequired)
	}
	for _, t := range ListingTypes {
		if strings.EqualFold(s, string(t)) {
			return t, nil
		}
	}
	return "", fieldErr("listingType", MsgListingTypeInvalid)
}

func fieldErr(field, msg string) error {
	return &Error{Code: EInvalid, Message: msg, Fields: map[string]string{field: msg}}
}

// ParsePrice reads a price in pounds as the JSON number's text ("4", "4.5", "4.50") into pence:
// at least 0 and at most two decimals (spec 02 §5, step 0.01). Exponents are refused.
func ParsePrice(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "-") {
		return 0, fieldErr("price", MsgPriceMin)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || strings.ContainsAny(s, "eE+") {
		return 0, fieldErr("price", MsgPriceDecimals)
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 2 {
		return 0, fieldErr("price", MsgPriceDecimals)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	if len(whole) > 9 {
		return 0, fieldErr("price", "Price is too large")
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fieldErr("price", MsgPriceDecimals)
	}
	return w*100 + f, nil
}

// FormatPrice writes pence as pounds with two decimals ("4.50").
func FormatPrice(cents int64) string {
	return strconv.FormatInt(cents/100, 10) + "." + strconv.FormatInt(100+cents%100, 10)[1:]
}

// ValidateListing normalises l (trimmed text, default quantity) and checks it against spec 02
// §5. Status, owner and times are the service's.
func ValidateListing(l *Listing) error {
	var v Validation
	l.Title = strings.Join(strings.Fields(l.Title), " ")
	switch n := utf8.RuneCountInString(l.Title); {
	case n < MinListingTitle:
		v.Add("title", MsgListingTitleTooShort)
	case n > MaxListingTitle:
		v.Add("title", MsgListingTitleTooLong)
	}
	l.PlantName = strings.TrimSpace(l.PlantName)
	if l.PlantName == "" {
		v.Add("plantName", MsgPlantNameRequired)
	}
	l.PlantType = strings.TrimSpace(l.PlantType)
	if l.PlantType == "" {
		v.Add("plantType", MsgPlantTypeRequired)
	}
	switch {
	case l.ListingType == "":
		v.Add("listingType", MsgListingTypeRequired)
	case !l.ListingType.Valid():
		v.Add("listingType", MsgListingTypeInvalid)
	}
	if l.Quantity < 1 {
		v.Add("quantity", MsgQuantityMin)
	}
	if l.PriceCents != nil {
		switch {
		case l.ListingType.Valid() && l.ListingType != ListingSell:
			v.Add("price", MsgPriceOnlyForSell)
		case *l.PriceCents < 0:
			v.Add("price", MsgPriceMin)
		}
	}
	for field, text := range map[string]*string{"plantName": &l.PlantName, "plantType": &l.PlantType, "species": &l.Species, "location": &l.Location} {
		*text = strings.TrimSpace(*text)
		if utf8.RuneCountInString(*text) > MaxListingText {
			v.Add(field, MsgListingTextTooLong)
		}
	}
	l.Description = strings.TrimSpace(l.Description)
	if utf8.RuneCountInString(l.Description) > MaxListingDescription {
		v.Add("description", MsgListingDescriptionLong)
	}
	l.ImageURL = strings.TrimSpace(l.ImageURL)
	if !ValidImageURL(l.ImageURL) {
		v.Add("imageUrl", MsgInvalidURL)
	}
	return v.Err()
}

// NewListing prepares a validated listing of owner made at now, living lifetime.
func NewListing(l *Listing, owner int64, now time.Time, lifetime time.Duration) error {
	if lifetime <= 0 {
		lifetime = DefaultListingLifetime
	}
	l.ID, l.UserID, l.Status = 0, owner, ListingOpen
	l.CreatedAt, l.UpdatedAt, l.ExpiresAt = now, now, now.Add(lifetime)
	l.ClosedAt, l.CompletedWithID, l.ExpiryRemindedAt, l.AddedToPlantID = nil, nil, nil, nil
	return ValidateListing(l)
}

// ListingPatch is the owner's change to a listing's fields: nil fields stay as they are.
// ClearPrice drops the price (PriceCents nil); a listing that stops being Sell loses its price
// unless a new one is given (which the validation then refuses).
type ListingPatch struct {
	Title, PlantName, PlantType, Species, Description, Location, ImageURL *string
	ListingType                                                           *ListingType
	PriceCents                                                            *int64
	ClearPrice                                                            bool
	Quantity                                                              *int
}

// Edit applies the owner's change at now: only an open listing (expired ones included, so the
// owner can correct one before renewing it) may be edited, and the result is checked by the
// create form's rules. Owner, status and times other than EditedAt and UpdatedAt stay.
func (l *Listing) Edit(p ListingPatch, now time.Time) error {
	if l.Status != ListingOpen {
		return Errorf(EConflict, MsgListingEditClosed)
	}
	for dst, v := range map[*string]*string{&l.Title: p.Title, &l.PlantName: p.PlantName, &l.PlantType: p.PlantType,
		&l.Species: p.Species, &l.Description: p.Description, &l.Location: p.Location, &l.ImageURL: p.ImageURL} {
		set(dst, v)
	}
	set(&l.Quantity, p.Quantity)
	if p.ListingType != nil {
		l.ListingType = *p.ListingType
		if l.ListingType != ListingSell && p.PriceCents == nil {
			l.PriceCents = nil
		}
	}
	switch {
	case p.ClearPrice:
		l.PriceCents = nil
	case p.PriceCents != nil:
		cents := *p.PriceCents
		l.PriceCents = &cents
	}
	if err := ValidateListing(l); err != nil {
		return err
	}
	l.EditedAt, l.UpdatedAt = &now, now
	return nil
}

// Close marks the listing completed at now, optionally naming the person it went to (whose
// having written about the listing is the caller's check). A closed listing stays closed.
func (l *Listing) Close(now time.Time, with *int64) error {
	if l.Status == ListingClosed {
		return Errorf(EConflict, "This listing is already completed")
	}
	if with != nil && *with == l.UserID {
		return fieldErr("completedWithUserId", MsgListingCompletedWith)
	}
	l.Status, l.ClosedAt, l.CompletedWithID, l.UpdatedAt = ListingClosed, &now, with, now
	return nil
}

// SetStatus applies a status change asked for through PATCH: only Closed exists as a target,
// and Closed cannot be reopened (spec 02 §4).
func (l *Listing) SetStatus(status string, now time.Time, with *int64) error {
	switch ListingStatus(strings.TrimSpace(status)) {
	case ListingClosed:
		return l.Close(now, with)
	case ListingOpen:
		if l.Status == ListingClosed {
			return Errorf(EConflict, MsgListingReopen)
		}
		return nil
	}
	return fieldErr("status", MsgListingStatus)
}

// CanRenew reports why the owner cannot renew the listing at now, or nil: it must be open and
// within the last week before expiry (or already past it).
func (l *Listing) CanRenew(now time.Time) error {
	if l.Status == ListingClosed {
		return Errorf(EConflict, MsgListingRenewClosed)
	}
	if now.Before(l.ExpiresAt.Add(-ListingRenewWindow)) {
		return Errorf(EConflict, MsgListingRenewTooEarly)
	}
	return nil
}

// Renew extends the listing by another lifetime: from its expiry while it is still running,
// from now once it has expired. The expiry reminder is due again for the new date.
func (l *Listing) Renew(now time.Time, lifetime time.Duration) error {
	if err := l.CanRenew(now); err != nil {
		return err
	}
	if lifetime <= 0 {
		lifetime = DefaultListingLifetime
	}
	from := l.ExpiresAt
	if now.After(from) {
		from = now
	}
	l.ExpiresAt, l.ExpiryRemindedAt, l.UpdatedAt = from.Add(lifetime), nil, now
	return nil
}

// RenewableAt is when the owner may first renew the listing.
func (l *Listing) RenewableAt() time.Time { return l.ExpiresAt.Add(-ListingRenewWindow) }

// ExpiryReminderDue reports whether the owner should be told now that the listing expires soon:
// open, not yet expired, at most three days left, and not told yet.
func (l *Listing) ExpiryReminderDue(now time.Time) bool {
	return l.Status == ListingOpen && l.ExpiryRemindedAt == nil && now.Before(l.ExpiresAt) &&
		!now.Before(l.ExpiresAt.Add(-ListingExpiryReminder))
}

// ListingMessage is one message in a conversation about a listing between its owner and one
// other person (spec 02 §3 Listing message).
type ListingMessage struct {
	ID        int64
	ListingID int64
	// PartnerID is the person who is not the owner: the conversation's key within a listing.
	PartnerID int64
	SenderID  int64
	Message   string
	CreatedAt time.Time

	// Username is the sender's username (read only).
	Username string
	// PartnerName is the partner's username (read only).
	PartnerName string
}

// ValidateListingMessage trims the text and checks it (spec 02 §5: trimmed non-empty).
func ValidateListingMessage(m *ListingMessage) error {
	m.Message = strings.TrimSpace(m.Message)
	switch {
	case m.Message == "":
		return fieldErr("message", MsgEmptyMessage)
	case utf8.RuneCountInString(m.Message) > MaxListingMessage:
		return fieldErr("message", MsgMessageTooLong)
	}
	return nil
}

// CheckCanContact decides whether sender may write to the listing's owner at now: a signed-in
// person who is not the owner, on an open listing that has not expired. Each refusal is a
// conflict with its own sentence.
func CheckCanContact(l *Listing, sender int64, now time.Time) error {
	switch {
	case sender == l.UserID:
		return Errorf(EConflict, MsgListingOwnMessage)
	case l.Status == ListingClosed:
		return Errorf(EConflict, MsgListingClosedNoContact)
	case l.Expired(now):
		return Errorf(EConflict, MsgListingExpiredNoContact)
	}
	return nil
}

// ListingInterestNotification tells recipient that sender wrote about listing l.
func ListingInterestNotification(l *Listing, m *ListingMessage, senderName string, recipient int64) *Notification {
	title := "Someone is interested in your listing"
	content := senderName + " sent a message about your listing \"" + l.Title + "\"."
	if recipient != l.UserID {
		title = "A reply about a plant listing"
		content = senderName + " answered your message about \"" + l.Title + "\"."
	}
	id := recipient
	return &Notification{Kind: KindListingInterest, Title: title, Content: clip(content, MaxNotificationContentLength),
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": KindListingInterest, "listingId": l.ID, "messageId": m.ID, "fromUserId": m.SenderID,
			"url": "/community/plant-sharing/" + strconv.FormatInt(l.ID, 10)}}
}

// ListingExpiryNotification reminds the owner that l expires soon and can be renewed.
func ListingExpiryNotification(l *Listing) *Notification {
	id := l.UserID
	return &Notification{Kind: KindListingExpiry, Title: "Your listing expires soon",
		Content:    clip("Your listing \""+l.Title+"\" expires on "+l.ExpiresAt.UTC().Format("Jan 2, 2006")+". Renew it to keep it listed.", MaxNotificationContentLength),
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": KindListingExpiry, "listingId": l.ID, "expiresAt": l.ExpiresAt.UTC().Format(time.RFC3339),
			"url": "/community/plant-sharing/" + strconv.FormatInt(l.ID, 10)}}
}

// ListingCompletedNotification tells the person a listing went to that they can add it to
// their plants.
func ListingCompletedNotification(l *Listing, to int64) *Notification {
	id := to
	return &Notification{Kind: KindListingCompletedWith, Title: "A plant listing is yours",
		Content:    clip("The owner of \""+l.Title+"\" marked it as completed with you. Add it to My Plants with one click.", MaxNotificationContentLength),
		TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": KindListingInterest, "listingId": l.ID, "url": "/community/plant-sharing/" + strconv.FormatInt(l.ID, 10)}}
}

// PlantFromListing is the plant the person a listing went to adds to My Plants: the listing's
// plant with where it came from in its notes.
func PlantFromListing(l *Listing, owner int64, ownerName string, now time.Time) *Plant {
	return PlantFromListingIn(l, owner, ownerName, now, func(text string) string { return text })
}

// MsgPlantFromListing is the note of a plant taken from a listing: the listing's title, its
// owner, its address and the day.
const MsgPlantFromListing = "From the plant sharing listing \"%s\" by %s (%s), %s."

// PlantFromListingIn is PlantFromListing with its note written by say (the taker's language):
// the note is then the gardener's own, never translated again.
func PlantFromListingIn(l *Listing, owner int64, ownerName string, now time.Time, say func(string) string) *Plant {
	t := PlantType(l.PlantType)
	if !t.Valid() {
		t = DefaultPlantType
	}
	notes := fmt.Sprintf(say(MsgPlantFromListing), l.Title, ownerName, "/community/plant-sharing/"+strconv.FormatInt(l.ID, 10),
		say(now.UTC().Format("Jan 2, 2006")))
	return &Plant{UserID: owner, Name: clip(l.PlantName, 100), Species: l.Species, Type: t, ImageURL: l.ImageURL,
		Notes: notes, Status: StatusHealthy, AcquiredDate: now, CreatedAt: now}
}

// SearchTerms splits a search box's text into at most eight lowercase words of letters and
// digits, which both storage dialects can put in a full-text query without escaping.
func SearchTerms(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && (unicode.IsLetter(r) || unicode.IsDigit(r)))
	}) {
		if utf8.RuneCountInString(w) > 40 || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == 8 {
			break
		}
	}
	return out
}
