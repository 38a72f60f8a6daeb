package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// Issue 27 item 8: journal entries, listings, questions and forum topics can be edited by
// their author, with the create forms' rules, and read back as edited.

// fieldError fails unless r is a 400 whose errors name field with msg.
func fieldError(t *testing.T, r response, field, msg string) {
	t.Helper()
	expect(t, r, 400, "")
	if errs, _ := r.body["errors"].(map[string]any); errs[field] != msg {
		t.Fatalf("errors.%s: want %q: %s", field, msg, r.raw)
	}
}

func edited(t *testing.T, r response, want bool) {
	t.Helper()
	if r.body["edited"] != want || (r.body["editedAt"] != nil) != want {
		t.Fatalf("edited %v, want %v: %s", r.body["edited"], want, r.raw)
	}
}

func TestJournal_Edit(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			rosa, otto := h.gardener("rosa"), h.gardener("otto")
			basil, mint, ottos := h.plant(rosa, "Basil"), h.plant(rosa, "Mint"), h.plant(otto, "Fern")
			r := h.do("POST", "/api/journal-entries", rosa, map[string]any{"plantId": basil, "title": "First leaves", "entryDate": "2026-05-30"})
			expect(t, r, 201, "")
			edited(t, r, false)
			path := fmt.Sprintf("/api/journal-entries/%d", int64(r.body["id"].(float64)))

			t.Run("OK", func(t *testing.T) {
				h.clock.Advance(time.Hour)
				r := h.do("PATCH", path, rosa, map[string]any{"title": "  First true leaves ", "content": "Four of them", "growthStage": "Seedling", "userId": 999})
				expect(t, r, 200, "")
				edited(t, r, true)
				if r.body["title"] != "First true leaves" || r.body["content"] != "Four of them" || r.body["entryDate"] != "2026-05-30" ||
					r.body["plantName"] != "Basil" || r.body["growthStage"] != "Seedling" || r.body["editedAt"] != "2026-06-01T09:00:00Z" {
					t.Fatalf("%s", r.raw)
				}
				moved := h.do("PATCH", path, rosa, map[string]any{"plantId": mint, "growthStage": "", "entryDate": "2026-05-29"})
				expect(t, moved, 200, "")
				if moved.body["plantName"] != "Mint" || moved.body["growthStage"] != "" || moved.body["entryDate"] != "2026-05-29" {
					t.Fatalf("%s", moved.raw)
				}
				list := h.do("GET", fmt.Sprintf("/api/plants/%d/journal-entries", mint), rosa, nil).body2()
				if len(list) != 1 || list[0]["edited"] != true || list[0]["title"] != "First true leaves" {
					t.Fatalf("%v", list)
				}
			})
			t.Run("Validation", func(t *testing.T) {
				fieldError(t, h.do("PATCH", path, rosa, map[string]any{"title": "x"}), "title", domain.MsgTitleTooShort)
				fieldError(t, h.do("PATCH", path, rosa, map[string]any{"title": nil}), "title", domain.MsgTitleTooShort)
				fieldError(t, h.do("PATCH", path, rosa, map[string]any{"growthStage": "Blooming"}), "growthStage", domain.MsgSelectGrowthStage)
				fieldError(t, h.do("PATCH", path, rosa, map[string]any{"entryDate": "soon"}), "entryDate", "Please enter a valid date")
				fieldError(t, h.do("PATCH", path, rosa, map[string]any{"imageUrl": "javascript:alert(1)"}), "imageUrl", domain.MsgInvalidURL)
				// Another gardener's plant is no plant of hers: the create form's message.
				fieldError(t, h.do("PATCH", path, rosa, map[string]any{"plantId": ottos}), "plantId", domain.MsgSelectPlant)
				expect(t, h.do("PATCH", path, rosa, "{"), 400, "")
			})
			t.Run("Ownership", func(t *testing.T) {
				expect(t, h.do("PATCH", path, otto, map[string]any{"title": "Mine now"}), 404, domain.MsgJournalNotFound)
				expect(t, h.do("PATCH", path, "", map[string]any{"title": "Mine now"}), 401, "")
				expect(t, h.do("PATCH", "/api/journal-entries/99999", rosa, map[string]any{"title": "Nothing"}), 404, domain.MsgJournalNotFound)
				expect(t, h.do("PATCH", "/api/journal-entries/abc", rosa, map[string]any{"title": "Nothing"}), 404, domain.MsgJournalNotFound)
				if list := h.do("GET", "/api/journal-entries", rosa, nil).body2(); len(list) != 1 || list[0]["title"] != "First true leaves" {
					t.Fatalf("a refused edit changed the entry: %v", list)
				}
			})
		})
	}
}

func TestSharing_EditListing(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			site := h.newSite("Leeds")
			_, ann := h.member("ann", domain.RoleUser, &site)
			_, bea := h.member("bea", domain.RoleUser, &site)
			_, siteAdmin := h.member("sam", domain.RoleUser, &site)
			samUser, _ := h.store.UserByUsername(t.Context(), "sam")
			if _, err := h.accounts.ChangeUser(t.Context(), "sam", func(u *domain.User) error { u.IsSiteAdmin = true; return nil }); err != nil || samUser == nil {
				t.Fatal(err)
			}
			_, super := h.member("root", domain.RoleSuperadmin, nil)
			id := h.listing(ann, map[string]any{"description": "Rooted in water"})
			path := fmt.Sprintf("/api/plant-sharing/%d", id)

			t.Run("OK", func(t *testing.T) {
				r := h.do("PATCH", path, ann, map[string]any{"title": "Rooted mint cuttings", "listingType": "Sell", "price": "2.5", "quantity": 4})
				expect(t, r, 200, "")
				edited(t, r, true)
				if r.body["title"] != "Rooted mint cuttings" || r.body["description"] != "Rooted in water" || !strings.Contains(r.raw, `"price":2.50`) ||
					r.body["quantity"] != 4.0 || r.body["status"] != "Open" {
					t.Fatalf("%s", r.raw)
				}
				// Back to Free: the price goes with Sell.
				free := h.do("PATCH", path, ann, map[string]any{"listingType": "Free"})
				expect(t, free, 200, "")
				if free.body["price"] != nil {
					t.Fatalf("%s", free.raw)
				}
				// Visitors read it as edited.
				seen := h.do("GET", path, "", nil)
				edited(t, seen, true)
				if list := h.items(h.do("GET", "/api/plant-sharing", "", nil)); len(list) != 1 || list[0]["edited"] != true {
					t.Fatalf("%v", list)
				}
			})
			t.Run("Validation", func(t *testing.T) {
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"title": "ab"}), "title", domain.MsgListingTitleTooShort)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"plantName": " "}), "plantName", domain.MsgPlantNameRequired)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"quantity": 0}), "quantity", domain.MsgQuantityMin)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"listingType": "Lend"}), "listingType", domain.MsgListingTypeInvalid)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"price": 3}), "price", domain.MsgPriceOnlyForSell)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"description": strings.Repeat("x", 5001)}), "description", domain.MsgListingDescriptionLong)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{}), "status", domain.MsgListingStatus)
			})
			t.Run("Ownership", func(t *testing.T) {
				// Site admins and superadmins may delete a listing, not rewrite it.
				for _, tok := range []string{bea, siteAdmin, super} {
					expect(t, h.do("PATCH", path, tok, map[string]any{"title": "Not yours"}), 403, domain.MsgListingNotOwner)
				}
				expect(t, h.do("PATCH", path, "", map[string]any{"title": "Not yours"}), 401, "")
				expect(t, h.do("PATCH", "/api/plant-sharing/99999", ann, map[string]any{"title": "Nothing"}), 404, domain.MsgListingNotFound)
				if got := h.do("GET", path, "", nil); got.body["title"] != "Rooted mint cuttings" {
					t.Fatalf("%s", got.raw)
				}
			})
			t.Run("ClosedIsConflict", func(t *testing.T) {
				other := h.listing(ann, nil)
				otherPath := fmt.Sprintf("/api/plant-sharing/%d", other)
				closed := h.do("PATCH", otherPath, ann, map[string]any{"status": "Closed"})
				expect(t, closed, 200, "")
				edited(t, closed, false) // a status change is not an edit
				expect(t, h.do("PATCH", otherPath, ann, map[string]any{"title": "Too late"}), 409, domain.MsgListingEditClosed)
			})
		})
	}
}

func TestExpertQA_EditQuestion(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			bea, cal := h.gardener("bea"), h.gardener("cal")
			_, super := h.member("root", domain.RoleSuperadmin, nil)
			id := h.question(bea, "Why are my tomato leaves curling", "tomatoes", "leaves")
			path := fmt.Sprintf("/api/expert-qa/%d", id)
			if r := h.do("GET", path, bea, nil); r.body["canEdit"] != true {
				t.Fatalf("the asker cannot edit: %s", r.raw)
			}
			if r := h.do("GET", path, cal, nil); r.body["canEdit"] != false {
				t.Fatalf("someone else can edit: %s", r.raw)
			}

			t.Run("OK", func(t *testing.T) {
				r := h.do("PATCH", path, bea, map[string]any{"title": "Why are my courgette leaves curling",
					"content": `<p>Since the heatwave, <b>every</b> leaf curls.<script>alert(1)</script></p>`, "tags": []string{"Courgettes", "leaves"}})
				expect(t, r, 200, "")
				edited(t, r, true)
				if strings.Contains(r.raw, "script") || !strings.Contains(r.body["content"].(string), "<b>every</b>") ||
					fmt.Sprint(r.body["tags"]) != "[courgettes leaves]" || r.body["canEdit"] != true {
					t.Fatalf("%s", r.raw)
				}
				// The search and the tag counts follow the edit.
				if found := h.items(h.do("GET", "/api/expert-qa?search=courgette", "", nil)); len(found) != 1 {
					t.Fatalf("search for the new word: %v", found)
				}
				if found := h.items(h.do("GET", "/api/expert-qa?search=tomato", "", nil)); len(found) != 0 {
					t.Fatalf("search for the old word: %v", found)
				}
				tags := h.do("GET", "/api/expert-qa/tags", "", nil).raw
				if strings.Contains(tags, "tomatoes") || !strings.Contains(tags, `"courgettes"`) {
					t.Fatalf("tags %s", tags)
				}
				edited(t, h.do("GET", path, "", nil), true)
			})
			t.Run("Validation", func(t *testing.T) {
				fieldError(t, h.do("PATCH", path, bea, map[string]any{"title": "Why"}), "title", domain.MsgQuestionTitleTooShort)
				fieldError(t, h.do("PATCH", path, bea, map[string]any{"content": "<p>Too short</p>"}), "content", domain.MsgQuestionContentTooShort)
				fieldError(t, h.do("PATCH", path, bea, map[string]any{"tags": []string{"a", "b", "c", "d", "e", "f"}}), "tags", domain.MsgQuestionTooManyTags)
			})
			t.Run("Ownership", func(t *testing.T) {
				for _, tok := range []string{cal, super} {
					expect(t, h.do("PATCH", path, tok, map[string]any{"title": "Somebody else's words"}), 403, domain.MsgQuestionEditOwnOnly)
				}
				expect(t, h.do("PATCH", path, "", map[string]any{"title": "Somebody else's words"}), 401, "")
				expect(t, h.do("PATCH", "/api/expert-qa/99999", bea, map[string]any{"title": "Nothing at all"}), 404, domain.MsgQuestionNotFound)
			})
			t.Run("AnsweredIsConflict", func(t *testing.T) {
				expect(t, h.do("POST", path+"/answers", cal, map[string]any{"content": "<p>Water in the morning.</p>"}), 201, "")
				expect(t, h.do("PATCH", path, bea, map[string]any{"title": "A different question now"}), 409, domain.MsgQuestionEditAnswered)
				if r := h.do("GET", path, bea, nil); r.body["canEdit"] != false || r.body["title"] != "Why are my courgette leaves curling" {
					t.Fatalf("%s", r.raw)
				}
			})
		})
	}
}

func TestForum_EditTopic(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			_, super := h.member("root", domain.RoleSuperadmin, nil)
			_, ann := h.member("ann", domain.RoleUser, nil)
			_, bob := h.member("bob", domain.RoleUser, nil)
			cat := h.do("POST", "/api/forum/categories", super, map[string]any{"name": "Edits"})
			expect(t, cat, 201, "")
			r := h.do("POST", "/api/forum/topics", ann, map[string]any{"title": "Best tomatoes for a cold greenhouse?", "categoryId": cat.body["id"],
				"content": "<p>Which varieties ripen in a cold greenhouse up north?</p>"})
			expect(t, r, 201, "")
			edited(t, r, false)
			path := fmt.Sprintf("/api/forum/topics/%d", int64(r.body["id"].(float64)))

			t.Run("OK", func(t *testing.T) {
				r := h.do("PATCH", path, ann, map[string]any{"title": "Best cucumbers for a cold greenhouse?",
					"content": `<p>Which cucumbers crop in a cold greenhouse up north?<img src=x onerror=alert(1)></p>`})
				expect(t, r, 200, "")
				edited(t, r, true)
				if r.body["title"] != "Best cucumbers for a cold greenhouse?" || strings.Contains(r.raw, "onerror") {
					t.Fatalf("%s", r.raw)
				}
				if hits := h.items(h.do("GET", "/api/forum/search?q=cucumbers", "", nil)); len(hits) == 0 {
					t.Fatal("the search does not find the edited words")
				}
				if hits := h.items(h.do("GET", "/api/forum/search?q=tomatoes", "", nil)); len(hits) != 0 {
					t.Fatalf("the search still finds the old title: %v", hits)
				}
				edited(t, h.do("GET", path, "", nil), true)
				// The moderator's flags still work on the same route.
				pinned := h.do("PATCH", path, super, map[string]any{"pinned": true})
				expect(t, pinned, 200, "")
				if pinned.body["pinned"] != true || pinned.body["title"] != "Best cucumbers for a cold greenhouse?" {
					t.Fatalf("%s", pinned.raw)
				}
			})
			t.Run("Validation", func(t *testing.T) {
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"title": "Hi"}), "title", domain.MsgTopicTitleTooShort)
				fieldError(t, h.do("PATCH", path, ann, map[string]any{"content": "<p>short</p>"}), "content", domain.MsgTopicContentTooShort)
			})
			t.Run("Ownership", func(t *testing.T) {
				// Replies' rules: the author only, superadmins included.
				expect(t, h.do("PATCH", path, bob, map[string]any{"title": "Bob's topic now, thank you"}), 403, domain.MsgForumEditOwnOnly)
				expect(t, h.do("PATCH", path, super, map[string]any{"title": "The moderator's words here"}), 403, domain.MsgForumEditOwnOnly)
				expect(t, h.do("PATCH", path, bob, map[string]any{"pinned": false}), 403, "")
				expect(t, h.do("PATCH", path, "", map[string]any{"title": "A visitor's words in here"}), 401, "")
				expect(t, h.do("PATCH", "/api/forum/topics/99999", ann, map[string]any{"title": "No such topic anywhere"}), 404, domain.MsgForumTopicNotFound)
			})
			t.Run("Window", func(t *testing.T) {
				h.clock.Advance(25 * time.Hour)
				ann := h.login("ann", "password-ann") // the session lasts a day too
				expect(t, h.do("PATCH", path, ann, map[string]any{"title": "Too late to change this"}), 403, domain.MsgForumEditWindow)
			})
		})
	}
}

// Every edit is a write of its area: it stops while the area's function, or the author's site,
// is in maintenance.
func TestEdits_MaintenanceAndSiteGates(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			_, super := h.member("root", domain.RoleSuperadmin, nil)
			site := h.newSite("Leeds")
			_, ann := h.member("ann", domain.RoleUser, &site)
			plant := h.plant(ann, "Basil")
			j := h.do("POST", "/api/journal-entries", ann, map[string]any{"plantId": plant, "title": "First leaves"})
			expect(t, j, 201, "")
			cat := h.do("POST", "/api/forum/categories", super, map[string]any{"name": "Gates"})
			topic := h.do("POST", "/api/forum/topics", ann, map[string]any{"title": "A topic to edit later", "categoryId": cat.body["id"],
				"content": "<p>Enough words to make a topic.</p>"})
			expect(t, topic, 201, "")
			edits := map[string]string{
				domain.FunctionJournal:  fmt.Sprintf("/api/journal-entries/%v", j.body["id"]),
				domain.FunctionSharing:  fmt.Sprintf("/api/plant-sharing/%d", h.listing(ann, nil)),
				domain.FunctionExpertQA: fmt.Sprintf("/api/expert-qa/%d", h.question(ann, "Why is my basil wilting")),
				domain.FunctionForum:    fmt.Sprintf("/api/forum/topics/%v", topic.body["id"]),
			}
			body := map[string]any{"title": "A title long enough for all"}
			fnID := map[string]any{}
			for _, fn := range h.do("GET", "/api/maintenance/functions", super, nil).body2() {
				fnID[fn["name"].(string)] = fn["id"]
			}
			for fn, path := range edits {
				fnPath := fmt.Sprintf("/api/maintenance/functions/%v", fnID[fn])
				expect(t, h.do("PATCH", fnPath, super, map[string]any{"maintenanceMode": true, "message": "Pruning " + fn}), 200, "")
				expect(t, h.do("PATCH", path, ann, body), 503, "Pruning "+fn)
				expect(t, h.do("PATCH", fnPath, super, map[string]any{"maintenanceMode": false}), 200, "")
			}
			expect(t, h.do("POST", fmt.Sprintf("/api/maintenance/site/%d", site), super, map[string]any{"maintenanceMode": true, "message": "Leeds closed"}), 200, "")
			for _, path := range edits {
				expect(t, h.do("PATCH", path, ann, body), 503, "Leeds closed")
			}
			expect(t, h.do("POST", fmt.Sprintf("/api/maintenance/site/%d", site), super, map[string]any{"maintenanceMode": false}), 200, "")
			for _, path := range edits {
				expect(t, h.do("PATCH", path, ann, body), 200, "")
			}
		})
	}
}
