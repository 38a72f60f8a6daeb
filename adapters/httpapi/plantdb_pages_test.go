package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// The plant database list is paginated on the server with the search and the type tab there
// too (issue 17 item 6), on both databases: pages by name, X-Next-Cursor and Link, q in both
// names, type in any case, and the refusals of the list convention.
func TestPlantDatabase_PagedSearchedFiltered(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *harness) {
		h.user("boss", domain.RoleSuperadmin)
		admin := h.login("boss", "password-boss")
		tok := h.gardener("gina")
		for i := 0; i < 7; i++ {
			typ := []string{"Herbs", "Vegetables", "Flowers"}[i%3]
			expect(t, h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": fmt.Sprintf("Item %d", 7-i),
				"scientificName": fmt.Sprintf("Genus %c", 'a'+i), "plantType": typ}), 201, "")
		}
		expect(t, h.do("POST", "/api/plant-database", admin, map[string]any{"commonName": "sweet basil", "scientificName": "Ocimum basilicum",
			"plantType": "Herbs"}), 201, "")

		// Every item once, by name, three at a time.
		var got []string
		path := "/api/plant-database?limit=3"
		for pages := 0; ; pages++ {
			if pages > 5 {
				t.Fatal("the cursor never ends")
			}
			r := h.do("GET", path, tok, nil)
			expect(t, r, 200, "")
			for _, it := range r.body2() {
				got = append(got, it["commonName"].(string))
			}
			next := r.header.Get("X-Next-Cursor")
			if next == "" {
				if r.header.Get("Link") != "" {
					t.Fatalf("a Link on the last page: %s", r.header.Get("Link"))
				}
				break
			}
			if !strings.Contains(r.header.Get("Link"), `rel="next"`) || len(r.body2()) != 3 {
				t.Fatalf("page %d: Link %q, %d items", pages, r.header.Get("Link"), len(r.body2()))
			}
			path = "/api/plant-database?limit=3&cursor=" + url.QueryEscape(next)
		}
		want := "Item 1,Item 2,Item 3,Item 4,Item 5,Item 6,Item 7,sweet basil"
		if strings.Join(got, ",") != want {
			t.Fatalf("pages: %v", got)
		}
		// The default page holds them all (50); the body is still the plain array.
		if all := h.do("GET", "/api/plant-database", tok, nil); len(all.body2()) != 8 || all.header.Get("X-Next-Cursor") != "" {
			t.Fatalf("default page: %s", all.raw)
		}
		names := func(q string) []string {
			r := h.do("GET", "/api/plant-database?"+q, tok, nil)
			expect(t, r, 200, "")
			var out []string
			for _, it := range r.body2() {
				out = append(out, it["commonName"].(string))
			}
			return out
		}
		if got := names("q=OCIMUM"); strings.Join(got, ",") != "sweet basil" {
			t.Errorf("search in the scientific name: %v", got)
		}
		if got := names("q=item+3"); strings.Join(got, ",") != "Item 3" {
			t.Errorf("search in the common name: %v", got)
		}
		if got := names("type=herbs"); strings.Join(got, ",") != "Item 1,Item 4,Item 7,sweet basil" {
			t.Errorf("type filter: %v", got)
		}
		if got := names("type=Vegetables&q=item"); strings.Join(got, ",") != "Item 3,Item 6" {
			t.Errorf("type and search: %v", got)
		}
		if got := names("type=all&q=basil"); len(got) != 1 {
			t.Errorf("type=all: %v", got)
		}
		if got := names("q=nothing+like+it"); len(got) != 0 {
			t.Errorf("no match: %v", got)
		}
		expect(t, h.do("GET", "/api/plant-database?type=Trees", tok, nil), 400, app.MsgPlantDBType)
		expect(t, h.do("GET", "/api/plant-database?limit=500", tok, nil), 400, domain.MsgPageLimit)
		expect(t, h.do("GET", "/api/plant-database?cursor=%21%21", tok, nil), 400, domain.MsgPageCursor)
		expect(t, h.do("GET", "/api/plant-database", "", nil), 401, "")
	})
}
