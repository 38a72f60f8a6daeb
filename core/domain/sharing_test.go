package domain_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

var lnow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

func validListing() *domain.Listing {
	return &domain.Listing{Title: "  Spare   mint cuttings ", PlantName: "Mint", PlantType: "Herbs", ListingType: domain.ListingFree, Quantity: 1}
}

func fieldOf(t *testing.T, err error, field string) string {
	t.Helper()
	e, ok := err.(*domain.Error)
	if !ok || e.Code != domain.EInvalid {
		t.Fatalf("got %v, want an invalid error", err)
	}
	return e.Fields[field]
}

func TestValidateListing(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		l := validListing()
		if err := domain.ValidateListing(l); err != nil {
			t.Fatal(err)
		}
		if l.Title != "Spare mint cuttings" {
			t.Fatalf("title %q", l.Title)
		}
	})
	cents := func(c int64) *int64 { return &c }
	cases := []struct {
		name, field, msg string
		change           func(*domain.Listing)
	}{
		{"TitleTooShort", "title", "Title must be at least 3 characters", func(l *domain.Listing) { l.Title = " ab " }},
		{"TitleTooLong", "title", "Title cannot exceed 100 characters", func(l *domain.Listing) { l.Title = strings.Repeat("é", 101) }},
		{"PlantNameRequired", "plantName", "Plant name is required", func(l *domain.Listing) { l.PlantName = "  " }},
		{"PlantTypeRequired", "plantType", "Plant type is required", func(l *domain.Listing) { l.PlantType = "" }},
		{"ListingTypeRequired", "listingType", "Listing type is required", func(l *domain.Listing) { l.ListingType = "" }},
		{"ListingTypeUnknown", "listingType", domain.MsgListingTypeInvalid, func(l *domain.Listing) { l.ListingType = "Rent" }},
		{"QuantityZero", "quantity", domain.MsgQuantityMin, func(l *domain.Listing) { l.Quantity = 0 }},
		{"PriceOnFree", "price", domain.MsgPriceOnlyForSell, func(l *domain.Listing) { l.PriceCents = cents(100) }},
		{"PriceNegative", "price", domain.MsgPriceMin, func(l *domain.Listing) { l.ListingType, l.PriceCents = domain.ListingSell, cents(-1) }},
		{"DescriptionTooLong", "description", domain.MsgListingDescriptionLong, func(l *domain.Listing) { l.Description = strings.Repeat("a", 5001) }},
		{"BadImage", "imageUrl", domain.MsgInvalidURL, func(l *domain.Listing) { l.ImageURL = "javascript:alert(1)" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := validListing()
			c.change(l)
			if got := fieldOf(t, domain.ValidateListing(l), c.field); got != c.msg {
				t.Fatalf("%s: %q, want %q", c.field, got, c.msg)
			}
		})
	}
	t.Run("SellWithPrice", func(t *testing.T) {
		l := validListing()
		l.ListingType, l.PriceCents = domain.ListingSell, cents(450)
		if err := domain.ValidateListing(l); err != nil {
			t.Fatal(err)
		}
	})
}

func TestParsePrice(t *testing.T) {
	ok := map[string]int64{"0": 0, "4": 400, "4.5": 450, "4.50": 450, "4.500": 450, "12.05": 1205}
	for in, want := range ok {
		if got, err := domain.ParsePrice(in); err != nil || got != want {
			t.Errorf("%s: %d %v, want %d", in, got, err, want)
		}
	}
	bad := map[string]string{"-1": domain.MsgPriceMin, "4.555": domain.MsgPriceDecimals, "1e3": domain.MsgPriceDecimals, ".5": domain.MsgPriceDecimals}
	for in, msg := range bad {
		if _, err := domain.ParsePrice(in); err == nil || err.Error() != msg {
			t.Errorf("%s: %v, want %q", in, err, msg)
		}
	}
	if domain.FormatPrice(450) != "4.50" || domain.FormatPrice(5) != "0.05" {
		t.Fatal("FormatPrice")
	}
}

func TestParseListingType(t *testing.T) {
	if lt, err := domain.ParseListingType("sell"); err != nil || lt != domain.ListingSell {
		t.Fatal(lt, err)
	}
	if _, err := domain.ParseListingType(""); err == nil || err.Error() != "Listing type is required" {
		t.Fatal(err)
	}
}

func TestListing_Expiry(t *testing.T) {
	l := validListing()
	if err := domain.NewListing(l, 7, lnow, 0); err != nil {
		t.Fatal(err)
	}
	if l.UserID != 7 || l.Status != domain.ListingOpen || !l.ExpiresAt.Equal(lnow.Add(30*24*time.Hour)) {
		t.Fatalf("%+v", l)
	}
	if l.Expired(l.ExpiresAt.Add(-time.Second)) || !l.Expired(l.ExpiresAt) || !l.Available(lnow) || l.Available(l.ExpiresAt) {
		t.Fatal("expiry boundary")
	}
	t.Run("Reminder", func(t *testing.T) {
		if l.ExpiryReminderDue(l.ExpiresAt.Add(-72*time.Hour - time.Second)) {
			t.Fatal("too early")
		}
		if !l.ExpiryReminderDue(l.ExpiresAt.Add(-72 * time.Hour)) {
			t.Fatal("three days before: due")
		}
		if l.ExpiryReminderDue(l.ExpiresAt) {
			t.Fatal("after expiry: not due")
		}
		at := lnow
		c := *l
		c.ExpiryRemindedAt = &at
		if c.ExpiryReminderDue(l.ExpiresAt.Add(-time.Hour)) {
			t.Fatal("reminded twice")
		}
	})
	t.Run("Renew", func(t *testing.T) {
		c := *l
		if err := c.Renew(l.ExpiresAt.Add(-8*24*time.Hour), time.Hour*24*30); domain.ErrorCode(err) != domain.EConflict || err.Error() != domain.MsgListingRenewTooEarly {
			t.Fatalf("early renew: %v", err)
		}
		at := lnow
		c.ExpiryRemindedAt = &at
		if err := c.Renew(l.ExpiresAt.Add(-2*24*time.Hour), 30*24*time.Hour); err != nil {
			t.Fatal(err)
		}
		if !c.ExpiresAt.Equal(l.ExpiresAt.Add(30*24*time.Hour)) || c.ExpiryRemindedAt != nil {
			t.Fatalf("renewed to %v, reminded %v", c.ExpiresAt, c.ExpiryRemindedAt)
		}
		// Past expiry the new lifetime starts now.
		d := *l
		later := l.ExpiresAt.Add(5 * 24 * time.Hour)
		if err := d.Renew(later, 24*time.Hour); err != nil || !d.ExpiresAt.Equal(later.Add(24*time.Hour)) || d.Expired(later) {
			t.Fatalf("%v %v", d.ExpiresAt, err)
		}
		e := *l
		_ = e.Close(lnow, nil)
		if err := e.Renew(l.ExpiresAt, time.Hour); err == nil || err.Error() != domain.MsgListingRenewClosed {
			t.Fatal(err)
		}
	})
}

func TestListing_SetStatus(t *testing.T) {
	l := validListing()
	_ = domain.NewListing(l, 7, lnow, 0)
	if err := l.SetStatus("Open", lnow, nil); err != nil {
		t.Fatal(err)
	}
	if err := l.SetStatus("Sold", lnow, nil); fieldOf(t, err, "status") != domain.MsgListingStatus {
		t.Fatal(err)
	}
	self := int64(7)
	if err := l.SetStatus("Closed", lnow, &self); fieldOf(t, err, "completedWithUserId") != domain.MsgListingCompletedWith {
		t.Fatal(err)
	}
	other := int64(9)
	if err := l.SetStatus("Closed", lnow, &other); err != nil || l.Status != domain.ListingClosed || *l.CompletedWithID != 9 || l.ClosedAt == nil {
		t.Fatalf("%+v %v", l, err)
	}
	if l.Expired(l.ExpiresAt.Add(time.Hour)) {
		t.Fatal("a closed listing is completed, not expired")
	}
	if err := l.SetStatus("Open", lnow, nil); domain.ErrorCode(err) != domain.EConflict || err.Error() != "A completed listing cannot be reopened" {
		t.Fatal(err)
	}
	if err := l.SetStatus("Closed", lnow, nil); domain.ErrorCode(err) != domain.EConflict {
		t.Fatal(err)
	}
}

func TestCheckCanContact(t *testing.T) {
	l := validListing()
	_ = domain.NewListing(l, 7, lnow, 0)
	if err := domain.CheckCanContact(l, 8, lnow); err != nil {
		t.Fatal(err)
	}
	if err := domain.CheckCanContact(l, 7, lnow); domain.ErrorCode(err) != domain.EConflict || err.Error() != domain.MsgListingOwnMessage {
		t.Fatal(err)
	}
	if err := domain.CheckCanContact(l, 8, l.ExpiresAt); err == nil || err.Error() != domain.MsgListingExpiredNoContact {
		t.Fatal(err)
	}
	_ = l.Close(lnow, nil)
	if err := domain.CheckCanContact(l, 8, lnow); err == nil || err.Error() != domain.MsgListingClosedNoContact {
		t.Fatal(err)
	}
}

func TestValidateListingMessage(t *testing.T) {
	m := &domain.ListingMessage{Message: "  Is it still there?  "}
	if err := domain.ValidateListingMessage(m); err != nil || m.Message != "Is it still there?" {
		t.Fatal(m.Message, err)
	}
	if err := domain.ValidateListingMessage(&domain.ListingMessage{Message: " \n "}); err == nil || err.Error() != "Please enter a message" {
		t.Fatal(err)
	}
	if err := domain.ValidateListingMessage(&domain.ListingMessage{Message: strings.Repeat("x", 2001)}); err == nil || err.Error() != domain.MsgMessageTooLong {
		t.Fatal(err)
	}
}

func TestListingNotifications(t *testing.T) {
	l := validListing()
	_ = domain.NewListing(l, 7, lnow, 0)
	l.ID = 42
	n := domain.ListingInterestNotification(l, &domain.ListingMessage{ID: 3, SenderID: 8}, "bea", 7)
	if n.Kind != "plant_listing_interest" || *n.TargetID != 7 || domain.NotificationURL(n) != "/community/plant-sharing/42" ||
		!strings.Contains(n.Content, "bea") {
		t.Fatalf("%+v", n)
	}
	if err := domain.ValidateNotification(n); err != nil {
		t.Fatal(err)
	}
	r := domain.ListingExpiryNotification(l)
	if *r.TargetID != 7 || !strings.Contains(r.Content, "Jul 1, 2026") {
		t.Fatalf("%+v", r)
	}
	p := domain.PlantFromListing(l, 8, "ann", lnow)
	if p.UserID != 8 || p.Name != "Mint" || p.Type != domain.Herbs || !strings.Contains(p.Notes, "/community/plant-sharing/42") {
		t.Fatalf("%+v", p)
	}
	if err := domain.ValidatePlant(p, lnow); err != nil {
		t.Fatal(err)
	}
}

func TestSearchTerms(t *testing.T) {
	got := domain.SearchTerms(`Yellow "leaves" on BASIL? basil; OR*-- drop'); été`)
	want := []string{"yellow", "leaves", "on", "basil", "or", "drop", "été"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("%q", got)
	}
	if len(domain.SearchTerms(strings.Repeat("a b c d e f g h i j ", 3))) != 8 {
		t.Fatal("at most eight terms")
	}
}
