package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

func (h *harness) listing(token string, body map[string]any) int64 {
	h.t.Helper()
	in := map[string]any{"title": "Spare mint cuttings", "plantName": "Mint", "plantType": "Herbs", "listingType": "Swap", "quantity": 3}
	for k, v := range body {
		in[k] = v
	}
	r := h.do("POST", "/api/plant-sharing", token, in)
	if r.status != 201 {
		h.t.Fatalf("create listing: %d %s", r.status, r.raw)
	}
	return int64(r.body["id"].(float64))
}

func (h *harness) items(r response) []map[string]any {
	h.t.Helper()
	if r.status != 200 {
		h.t.Fatalf("list: %d %s", r.status, r.raw)
	}
	var out []map[string]any
	if err := jsonUnmarshal([]byte(r.raw), &out); err != nil {
		h.t.Fatal(err)
	}
	return out
}

func (h *harness) kinds(token string) []string {
	h.t.Helper()
	var out []string
	for _, n := range h.list(token) {
		out = append(out, n["data"].(map[string]any)["type"].(string))
	}
	return out
}

func TestSharing_VisitorsRead(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann := h.gardener("ann")
	id := h.listing(ann, map[string]any{"description": "Rooted in water", "location": "Leeds"})
	list := h.items(h.do("GET", "/api/plant-sharing", "", nil))
	if len(list) != 1 || list[0]["title"] != "Spare mint cuttings" || list[0]["username"] != "ann" || list[0]["isOwner"] != false {
		t.Fatalf("visitor list %v", list)
	}
	if _, ok := list[0]["messageCount"]; ok {
		t.Fatal("visitors see the message count")
	}
	one := h.do("GET", fmt.Sprintf("/api/plant-sharing/%d", id), "", nil)
	expect(t, one, 200, "")
	if one.body["location"] != "Leeds" || one.body["status"] != "Open" || one.body["isExpired"] != false || one.body["expiresAt"] == nil {
		t.Fatalf("%s", one.raw)
	}
	expect(t, h.do("GET", fmt.Sprintf("/api/plant-sharing/%d/messages", id), "", nil), 401, "")
	expect(t, h.do("POST", fmt.Sprintf("/api/plant-sharing/%d/messages", id), "", map[string]any{"message": "hi"}), 401, "")
	expect(t, h.do("POST", "/api/plant-sharing", "", map[string]any{"title": "x"}), 401, "")
	expect(t, h.do("GET", "/api/plant-sharing?mine=true", "", nil), 401, "")
	expect(t, h.do("GET", "/api/plant-sharing/999", "", nil), 404, "Listing not found")
	expect(t, h.do("GET", "/api/plant-sharing", "not-a-token", nil), 401, "")
	types := h.do("GET", "/api/plant-sharing/plant-types", "", nil)
	if !strings.Contains(types.raw, `"Herbs","Vegetables","Fruits","Flowers"`) {
		t.Fatalf("types %s", types.raw)
	}
}

func TestSharing_CreateRulesAndForgedOwner(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea := h.gardener("ann"), h.gardener("bea")
	beaUser, _ := h.store.UserByUsername(context.Background(), "bea")
	r := h.do("POST", "/api/plant-sharing", ann, map[string]any{"title": "Kale plants", "plantName": "Kale", "plantType": "Vegetables",
		"listingType": "Sell", "price": 4.5, "quantity": 2, "userId": beaUser.ID})
	expect(t, r, 201, "")
	if r.body["username"] != "ann" || r.body["userId"].(float64) == float64(beaUser.ID) || r.raw == "" || !strings.Contains(r.raw, `"price":4.50`) {
		t.Fatalf("forged owner or price: %s", r.raw)
	}
	mine := h.items(h.do("GET", "/api/plant-sharing?mine=true", bea, nil))
	if len(mine) != 0 {
		t.Fatal("the forged userId made bea the owner")
	}
	base := map[string]any{"title": "Kale plants", "plantName": "Kale", "plantType": "Vegetables", "listingType": "Free"}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for a, b := range base {
			out[a] = b
		}
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
		return out
	}
	for name, c := range map[string]struct {
		body map[string]any
		msg  string
	}{
		"TitleTooShort":     {with("title", "ab"), "Title must be at least 3 characters"},
		"PlantNameRequired": {with("plantName", " "), "Plant name is required"},
		"PlantTypeRequired": {with("plantType", ""), "Plant type is required"},
		"ListingTypeEmpty":  {with("listingType", ""), "Listing type is required"},
		"QuantityZero":      {with("quantity", 0), domain.MsgQuantityMin},
		"QuantityFraction":  {with("quantity", 1.5), domain.MsgQuantityMin},
		"PriceOnFree":       {with("price", 3), domain.MsgPriceOnlyForSell},
		"PriceThreeDecimal": {map[string]any{"title": "Kale plants", "plantName": "Kale", "plantType": "Vegetables", "listingType": "Sell", "price": 4.555}, domain.MsgPriceDecimals},
		"PriceNegative":     {map[string]any{"title": "Kale plants", "plantName": "Kale", "plantType": "Vegetables", "listingType": "Sell", "price": -1}, domain.MsgPriceMin},
	} {
		t.Run(name, func(t *testing.T) {
			expect(t, h.do("POST", "/api/plant-sharing", ann, c.body), 400, c.msg)
		})
	}
	// Listing type defaults to Free and quantity to 1.
	r = h.do("POST", "/api/plant-sharing", ann, with("listingType", nil))
	if r.status != 201 || r.body["listingType"] != "Free" || r.body["quantity"].(float64) != 1 || r.body["price"] != nil {
		t.Fatalf("defaults %s", r.raw)
	}
}

func TestSharing_ListFromMyPlant(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea := h.gardener("ann"), h.gardener("bea")
	plant := h.do("POST", "/api/plants", ann, map[string]any{"name": "Lemon balm", "plantType": "Herbs", "species": "Melissa officinalis",
		"imageUrl": "/api/images/abc.png"})
	expect(t, plant, 201, "")
	pid := plant.body["id"].(float64)
	r := h.do("POST", "/api/plant-sharing", ann, map[string]any{"title": "Lemon balm division", "plantId": pid})
	expect(t, r, 201, "")
	if r.body["plantName"] != "Lemon balm" || r.body["plantType"] != "Herbs" || r.body["species"] != "Melissa officinalis" ||
		r.body["imageUrl"] != "/api/images/abc.png" || r.body["sourcePlantId"].(float64) != pid {
		t.Fatalf("%s", r.raw)
	}
	// Someone else's plant is not a source.
	expect(t, h.do("POST", "/api/plant-sharing", bea, map[string]any{"title": "Not mine", "plantId": pid}), 400, domain.MsgPlantNotFound)
}

func TestSharing_OnlyTheOwnerChanges(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	site, other := h.newSite("North"), h.newSite("South")
	_, ann := h.member("ann", domain.RoleUser, &site)
	_, bea := h.member("bea", domain.RoleUser, &site)
	_, southAdmin := h.member("southadmin", domain.RoleAdmin, &other)
	_, northAdmin := h.member("northadmin", domain.RoleAdmin, &site)
	h.user("root", domain.RoleSuperadmin)
	root := h.login("root", "password-root")
	id := h.listing(ann, nil)
	path := fmt.Sprintf("/api/plant-sharing/%d", id)

	expect(t, h.do("PATCH", path, bea, map[string]any{"status": "Closed"}), 403, domain.MsgListingNotOwner)
	expect(t, h.do("PATCH", path, northAdmin, map[string]any{"status": "Closed"}), 403, domain.MsgListingNotOwner)
	expect(t, h.do("DELETE", path, bea, nil), 403, domain.MsgListingNotOwner)
	expect(t, h.do("DELETE", path, southAdmin, nil), 403, domain.MsgListingNotOwner)
	expect(t, h.do("POST", path+"/renew", bea, nil), 403, domain.MsgListingNotOwner)
	expect(t, h.do("PATCH", path, ann, map[string]any{"status": "Sold"}), 400, domain.MsgListingStatus)
	closed := h.do("PATCH", path, ann, map[string]any{"status": "Closed"})
	expect(t, closed, 200, "")
	if closed.body["status"] != "Closed" || closed.body["closedAt"] == nil {
		t.Fatalf("%s", closed.raw)
	}
	expect(t, h.do("PATCH", path, ann, map[string]any{"status": "Open"}), 409, "A completed listing cannot be reopened")
	// Admins of the owner's site and superadmins may delete; the detail says who may.
	for tok, want := range map[string]bool{ann: true, northAdmin: true, root: true, southAdmin: false, bea: false} {
		if got := h.do("GET", path, tok, nil).body["canDelete"]; got != want {
			t.Errorf("canDelete %v, want %v", got, want)
		}
	}
	expect(t, h.do("DELETE", path, northAdmin, nil), 204, "")
	expect(t, h.do("GET", path, ann, nil), 404, "Listing not found")
	id2 := h.listing(ann, nil)
	expect(t, h.do("DELETE", fmt.Sprintf("/api/plant-sharing/%d", id2), root, nil), 204, "")
	id3 := h.listing(ann, nil)
	expect(t, h.do("DELETE", fmt.Sprintf("/api/plant-sharing/%d", id3), ann, nil), 204, "")
}

func TestSharing_Conversations(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea, cy, dee := h.gardener("ann"), h.gardener("bea"), h.gardener("cyd"), h.gardener("dee")
	beaUser, _ := h.store.UserByUsername(context.Background(), "bea")
	deeUser, _ := h.store.UserByUsername(context.Background(), "dee")
	id := h.listing(ann, nil)
	msgs := fmt.Sprintf("/api/plant-sharing/%d/messages", id)

	expect(t, h.do("POST", msgs, bea, map[string]any{"message": "   "}), 400, "Please enter a message")
	expect(t, h.do("POST", msgs, bea, map[string]any{"message": " Is it still there? "}), 201, "")
	expect(t, h.do("POST", msgs, cy, map[string]any{"message": "I'd swap for chives"}), 201, "")
	expect(t, h.do("POST", msgs, ann, map[string]any{"message": "Talking to myself"}), 409, domain.MsgListingOwnMessage)
	expect(t, h.do("POST", msgs, ann, map[string]any{"message": "Hello dee", "recipientId": deeUser.ID}), 400, domain.MsgListingRecipient)
	answer := h.do("POST", msgs, ann, map[string]any{"message": "Yes, come by Saturday", "recipientId": beaUser.ID})
	expect(t, answer, 201, "")
	if answer.body["conversationWith"].(float64) != float64(beaUser.ID) || answer.body["username"] != "ann" {
		t.Fatalf("%s", answer.raw)
	}

	all := h.items(h.do("GET", msgs, ann, nil))
	if len(all) != 3 || all[0]["message"] != "Is it still there?" || all[1]["conversationUsername"] != "cyd" || all[2]["conversationUsername"] != "bea" {
		t.Fatalf("owner sees %v", all)
	}
	beas := h.items(h.do("GET", msgs, bea, nil))
	if len(beas) != 2 || beas[0]["username"] != "bea" || beas[1]["username"] != "ann" {
		t.Fatalf("bea sees %v", beas)
	}
	if strings.Contains(fmt.Sprint(beas), "chives") {
		t.Fatal("bea reads cy's conversation")
	}
	cyUser, _ := h.store.UserByUsername(context.Background(), "cyd")
	expect(t, h.do("GET", fmt.Sprintf("%s?with=%d", msgs, cyUser.ID), bea, nil), 403, "")
	if got := h.items(h.do("GET", msgs, dee, nil)); len(got) != 0 {
		t.Fatalf("a stranger reads %v", got)
	}
	if one := h.items(h.do("GET", fmt.Sprintf("%s?with=%d", msgs, cyUser.ID), ann, nil)); len(one) != 1 {
		t.Fatalf("owner's one conversation %v", one)
	}
	page := h.do("GET", msgs+"?limit=2", ann, nil)
	if len(h.items(page)) != 2 || page.header.Get("X-Next-Cursor") == "" {
		t.Fatalf("paginated %s %v", page.raw, page.header)
	}
	// Every message notified its recipient.
	if k := h.kinds(ann); len(k) != 2 || k[0] != "plant_listing_interest" {
		t.Fatalf("ann's notifications %v", k)
	}
	if k := h.kinds(bea); len(k) != 1 || k[0] != "plant_listing_interest" {
		t.Fatalf("bea's notifications %v", k)
	}
	if k := h.kinds(cy); len(k) != 0 {
		t.Fatalf("cy got %v", k)
	}
	own := h.do("GET", fmt.Sprintf("/api/plant-sharing/%d", id), ann, nil)
	if own.body["messageCount"].(float64) != 3 {
		t.Fatalf("%s", own.raw)
	}
}

func TestSharing_ClosedAndExpiredRefuseMessages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea := h.gardener("ann"), h.gardener("bea")
	closed := h.listing(ann, map[string]any{"title": "Closed one"})
	expect(t, h.do("PATCH", fmt.Sprintf("/api/plant-sharing/%d", closed), ann, map[string]any{"status": "Closed"}), 200, "")
	expect(t, h.do("POST", fmt.Sprintf("/api/plant-sharing/%d/messages", closed), bea, map[string]any{"message": "Still there?"}), 409, domain.MsgListingClosedNoContact)

	old := h.listing(ann, map[string]any{"title": "Old one"})
	h.clock.Advance(20 * 24 * time.Hour)
	ann = h.login("ann", "password-ann") // sessions last a day in the harness
	fresh := h.listing(ann, map[string]any{"title": "Fresh one"})
	h.clock.Advance(11 * 24 * time.Hour) // old is 31 days old
	ann, bea = h.login("ann", "password-ann"), h.login("bea", "password-bea")
	expect(t, h.do("POST", fmt.Sprintf("/api/plant-sharing/%d/messages", old), bea, map[string]any{"message": "Still there?"}), 409, domain.MsgListingExpiredNoContact)
	expect(t, h.do("POST", fmt.Sprintf("/api/plant-sharing/%d/messages", fresh), bea, map[string]any{"message": "Still there?"}), 201, "")
	one := h.do("GET", fmt.Sprintf("/api/plant-sharing/%d", old), "", nil)
	if one.body["isExpired"] != true || one.body["status"] != "Open" {
		t.Fatalf("%s", one.raw)
	}
	titles := func(q string) string {
		var out []string
		for _, l := range h.items(h.do("GET", "/api/plant-sharing"+q, ann, nil)) {
			out = append(out, l["title"].(string))
		}
		return strings.Join(out, ",")
	}
	for q, want := range map[string]string{"": "Fresh one", "?status=expired": "Old one", "?status=closed": "Closed one",
		"?mine=true": "Fresh one,Old one,Closed one", "?status=all&search=fresh": "Fresh one"} {
		if got := titles(q); got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
	expect(t, h.do("GET", "/api/plant-sharing?status=bogus", "", nil), 400, "")
	expect(t, h.do("GET", "/api/plant-sharing?listingType=Rent", "", nil), 400, domain.MsgListingTypeInvalid)
}

func TestSharing_RenewInTheLastWeek(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann := h.gardener("ann")
	id := h.listing(ann, nil)
	path := fmt.Sprintf("/api/plant-sharing/%d/renew", id)
	expect(t, h.do("POST", path, ann, nil), 409, domain.MsgListingRenewTooEarly)
	h.clock.Advance(24 * 24 * time.Hour)
	ann = h.login("ann", "password-ann")
	before := h.do("GET", fmt.Sprintf("/api/plant-sharing/%d", id), ann, nil)
	if before.body["canRenew"] != true {
		t.Fatalf("%s", before.raw)
	}
	r := h.do("POST", path, ann, nil)
	expect(t, r, 200, "")
	want := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC).Add(60 * 24 * time.Hour).Format(time.RFC3339)
	if r.body["expiresAt"] != want || r.body["canRenew"] != false {
		t.Fatalf("renewed to %v, want %s", r.body["expiresAt"], want)
	}
}

func TestSharing_Image(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea := h.gardener("ann"), h.gardener("bea")
	id := h.listing(ann, nil)
	path := fmt.Sprintf("/api/plant-sharing/%d/image", id)
	post := func(token, field string, data []byte) response {
		return h.multipart(path, token, field, data)
	}
	expect(t, post(bea, "image", pngBytes(t)), 403, domain.MsgListingNotOwner)
	expect(t, post(ann, "image", []byte("<svg onload=alert(1)>")), 400, domain.ErrImageWrongType().Error())
	big := append(pngBytes(t), bytes.Repeat([]byte{0}, domain.MaxImageBytes)...)
	expect(t, post(ann, "image", big), 413, "")
	expect(t, post(ann, "file", pngBytes(t)), 400, `Choose an image to upload (form field "image")`)
	r := post(ann, "image", pngBytes(t))
	expect(t, r, 200, "")
	url, _ := r.body["imageUrl"].(string)
	if !strings.HasPrefix(url, "/api/images/") || !strings.HasSuffix(url, ".png") {
		t.Fatalf("%s", r.raw)
	}
	img := h.do("GET", url, "", nil)
	if img.status != 200 || img.header.Get("Content-Type") != "image/png" {
		t.Fatalf("image %d %v", img.status, img.header)
	}
}

func TestSharing_CompletedWithAddsToMyPlants(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	ann, bea, cy := h.gardener("ann"), h.gardener("bea"), h.gardener("cyd")
	beaUser, _ := h.store.UserByUsername(context.Background(), "bea")
	cyUser, _ := h.store.UserByUsername(context.Background(), "cyd")
	id := h.listing(ann, map[string]any{"species": "Mentha spicata"})
	path := fmt.Sprintf("/api/plant-sharing/%d", id)
	expect(t, h.do("POST", path+"/messages", bea, map[string]any{"message": "I'd love some"}), 201, "")
	expect(t, h.do("PATCH", path, ann, map[string]any{"status": "Closed", "completedWithUserId": cyUser.ID}), 400, domain.MsgListingCompletedWith)
	expect(t, h.do("PATCH", path, ann, map[string]any{"status": "Closed", "completedWithUserId": beaUser.ID}), 200, "")
	if k := h.kinds(bea); len(k) != 1 {
		t.Fatalf("bea was not told: %v", k)
	}
	view := h.do("GET", path, bea, nil)
	if view.body["canAddToPlants"] != true {
		t.Fatalf("%s", view.raw)
	}
	expect(t, h.do("POST", path+"/add-to-my-plants", cy, nil), 403, domain.MsgListingNotCompletedWith)
	added := h.do("POST", path+"/add-to-my-plants", bea, nil)
	expect(t, added, 201, "")
	if added.body["name"] != "Mint" || added.body["species"] != "Mentha spicata" || !strings.Contains(added.body["notes"].(string), "by ann") {
		t.Fatalf("%s", added.raw)
	}
	expect(t, h.do("POST", path+"/add-to-my-plants", bea, nil), 409, domain.MsgListingAlreadyAdded)
	if plants := h.items(h.do("GET", "/api/plants", bea, nil)); len(plants) != 1 {
		t.Fatalf("bea has %d plants", len(plants))
	}
	if again := h.do("GET", path, bea, nil); again.body["canAddToPlants"] != false || again.body["addedToPlantId"] == nil {
		t.Fatalf("%s", again.raw)
	}
}

func TestSharingAndQA_MaintenanceGatesWrites(t *testing.T) {
	t.Parallel()
	f := newAdminFixture(t)
	h := f.h
	super, user := f.tokens["superadmin"], f.tokens["user"]
	id := h.listing(user, nil)
	fnID := map[string]int64{}
	for _, fn := range h.do("GET", "/api/maintenance/functions", super, nil).body2() {
		fnID[fn["name"].(string)] = int64(fn["id"].(float64))
	}
	for _, name := range []string{"plant_sharing", "expert_qa"} {
		expect(t, h.do("PATCH", fmt.Sprintf("/api/maintenance/functions/%d", fnID[name]), super, map[string]any{"maintenanceMode": true, "message": "Pruning " + name}), 200, "")
	}
	expect(t, h.do("POST", "/api/plant-sharing", user, map[string]any{"title": "Mint"}), 503, "Pruning plant_sharing")
	expect(t, h.do("PATCH", fmt.Sprintf("/api/plant-sharing/%d", id), user, map[string]any{"status": "Closed"}), 503, "Pruning plant_sharing")
	expect(t, h.do("POST", fmt.Sprintf("/api/plant-sharing/%d/messages", id), user, map[string]any{"message": "x"}), 503, "Pruning plant_sharing")
	expect(t, h.do("POST", "/api/expert-qa", user, map[string]any{"title": "Why"}), 503, "Pruning expert_qa")
	expect(t, h.do("GET", "/api/plant-sharing", user, nil), 200, "")
	expect(t, h.do("GET", "/api/expert-qa", user, nil), 200, "")
}

// multipart posts data as one multipart field (a PNG file name and type) to path.
func (h *harness) multipart(path, token, field string, data []byte) response {
	h.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreatePart(map[string][]string{
		"Content-Disposition": {`form-data; name="` + field + `"; filename="photo.png"`},
		"Content-Type":        {"image/png"},
	})
	part.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", h.srv.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	validateAnswer(h.t, req, res, raw)
	out := response{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = jsonUnmarshal(raw, &out.body)
	return out
}

// TestSharing_NotificationsCoalesced: however many messages one person sends about a listing,
// its owner gets one notification (and one of each delivery) an hour per conversation, and
// answers to one question notify its asker once an hour: a flood fills no inbox.
func TestSharing_NotificationsCoalesced(t *testing.T) {
	t.Parallel()
	for name, pg := range map[string]bool{"SQLite": false, "Postgres": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: pg})
			ann, bea, cyd := h.gardener("ann"), h.gardener("bea"), h.gardener("cyd")
			msgs := fmt.Sprintf("/api/plant-sharing/%d/messages", h.listing(ann, nil))
			for i := range 20 {
				expect(t, h.do("POST", msgs, bea, map[string]any{"message": fmt.Sprintf("Still there? (%d)", i)}), 201, "")
			}
			expect(t, h.do("POST", msgs, cyd, map[string]any{"message": "I'd swap for chives"}), 201, "")
			if k := h.kinds(ann); len(k) != 2 {
				t.Fatalf("after 20 messages from bea and 1 from cyd, ann has %d notifications: %v", len(k), k)
			}
			depth, err := h.store.(ports.OutboxStore).OutboxDepth(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range depth {
				if d.Channel == "email" && d.Pending != 2 {
					t.Fatalf("%d e-mails wait for ann, want 2", d.Pending)
				}
			}
			h.clock.Advance(61 * time.Minute)
			expect(t, h.do("POST", msgs, bea, map[string]any{"message": "An hour later"}), 201, "")
			if k := h.kinds(ann); len(k) != 3 {
				t.Fatalf("an hour later ann has %d notifications, want 3", len(k))
			}

			question := fmt.Sprintf("/api/expert-qa/%d/answers", h.question(ann, "Why are my basil leaves yellow?", "basil"))
			for i := range 5 {
				expect(t, h.do("POST", question, bea, map[string]any{"content": fmt.Sprintf("<p>Less water, I think (%d).</p>", i)}), 201, "")
			}
			answers := 0
			for _, k := range h.kinds(ann) {
				if k == "expert_answer" {
					answers++
				}
			}
			if answers != 1 {
				t.Fatalf("5 answers gave the asker %d notifications, want 1", answers)
			}
		})
	}
}
