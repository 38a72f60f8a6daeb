package app_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/hortusfox"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestImports_CSV: a spreadsheet of plants comes in with its headers guessed (or mapped by
// hand), dates in the gardener's locale (US and German), all or nothing: one bad row lists
// each row's errors and imports none; journal rows find the plants by name; the same file
// again adds nothing. On both databases.
func TestImports_CSV(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := newImportRig(t, open(t), hortusfox.Reader{})
			run := func(csv string, in app.CSVImport) *app.CSVResult {
				t.Helper()
				res, err := r.imp.CSV(ctx, r.user, strings.NewReader(csv), in)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}

			bad := "Plant Name,Room,Last watered,Water every (days)\nRosemary,Kitchen,13/28/2026,7\nX,Hall,3/1/2026,often\n"
			res := run(bad, app.CSVImport{Kind: domain.CSVPlants, Locale: "en-US"})
			if res.Imported != 0 || len(res.Errors) != 3 {
				t.Fatalf("errors %+v", res.Errors)
			}
			want := map[string]bool{"2/lastWatered": false, "3/waterFrequency": false, "3/plant": false}
			for _, e := range res.Errors {
				want[strconv.Itoa(e.Row)+"/"+e.Field] = true
			}
			for k, seen := range want {
				if !seen {
					t.Errorf("no error for %s: %+v", k, res.Errors)
				}
			}
			if plants, _ := r.s.ListPlants(ctx, r.user.User.ID); len(plants) != 0 {
				t.Fatalf("a file with errors imported %d plants", len(plants))
			}

			us := "Plant Name,Room,Last watered,Water every (days)\nRosemary,Kitchen,3/28/2026,7\nThyme,Kitchen,3/30/2026,\n"
			preview := run(us, app.CSVImport{Kind: domain.CSVPlants, Locale: "en-US", DryRun: true})
			if preview.Imported != 2 || len(preview.Errors) != 0 || preview.Mapping["location"] != "Room" || len(preview.Preview) != 2 {
				t.Fatalf("preview %+v", preview)
			}
			if res := run(us, app.CSVImport{Kind: domain.CSVPlants, Locale: "en-US"}); res.Imported != 2 {
				t.Fatalf("import %+v", res)
			}
			if res := run(us, app.CSVImport{Kind: domain.CSVPlants, Locale: "en-US"}); res.Imported != 0 || len(res.Errors) != 0 {
				t.Fatalf("re-import %+v", res)
			}
			de := "Pflanze;Ort;Zuletzt gegossen\nSalbei;Balkon;28.03.2026\n"
			res = run(de, app.CSVImport{Kind: domain.CSVPlants, Locale: "de-DE", Mapping: map[string]string{"name": "Pflanze", "location": "Ort", "lastWatered": "Zuletzt gegossen"}})
			if res.Imported != 1 {
				t.Fatalf("german %+v", res)
			}
			plants, _ := r.s.ListPlants(ctx, r.user.User.ID)
			byName := map[string]*domain.Plant{}
			for _, p := range plants {
				byName[p.Name] = p
			}
			if p := byName["Rosemary"]; p == nil || p.Location != "Kitchen" || p.LastWatered.Format("2006-01-02") != "2026-03-28" || *p.WaterFrequency != 7 {
				t.Fatalf("rosemary %+v", p)
			}
			if p := byName["Salbei"]; p == nil || p.LastWatered.Format("2006-01-02") != "2026-03-28" || p.Location != "Balkon" {
				t.Fatalf("salbei %+v", p)
			}

			journal := "plant,date,title,text\nrosemary,2026-03-29,First flowers,Tiny and blue\nBasil,2026-03-29,Sown,\n"
			res = run(journal, app.CSVImport{Kind: domain.CSVJournal})
			if res.Imported != 0 || len(res.Errors) != 1 || res.Errors[0].Row != 3 || res.Errors[0].Field != "plant" {
				t.Fatalf("journal errors %+v", res.Errors)
			}
			res = run(journal[:strings.LastIndex(strings.TrimSuffix(journal, "\n"), "\n")+1], app.CSVImport{Kind: domain.CSVJournal})
			if res.Imported != 1 {
				t.Fatalf("journal %+v", res)
			}
			entries, _ := r.s.ListJournalEntries(ctx, r.user.User.ID, byName["Rosemary"].ID)
			if len(entries) != 1 || entries[0].Title != "First flowers" || entries[0].Content != "Tiny and blue" {
				t.Fatalf("entries %+v", entries)
			}
			if missing := run("title\nHello\n", app.CSVImport{Kind: domain.CSVJournal}); len(missing.Errors) != 2 || missing.Errors[0].Row != 0 {
				t.Fatalf("unmapped required columns %+v", missing.Errors)
			}
		})
	}
}

// TestImports_CSVCareAndHarvests: care events come into the plants' care logs as POST
// /api/plants/{id}/care logs them (source import; the last dates move forward), harvests into
// the harvest records; a bad row (an unknown kind or plant, a future date, a bad quantity or
// unit) imports nothing; the same file again adds nothing. On both databases.
func TestImports_CSVCareAndHarvests(t *testing.T) {
	t.Parallel()
	for name, open := range dbtest.Dialects() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := newImportRig(t, open(t), hortusfox.Reader{})
			run := func(csv string, in app.CSVImport) *app.CSVResult {
				t.Helper()
				res, err := r.imp.CSV(ctx, r.user, strings.NewReader(csv), in)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			if res := run("name,lastWatered,lastFertilized\nRosemary,2026-03-20,2026-03-01\nBasil,2026-03-20,\n", app.CSVImport{Kind: domain.CSVPlants}); res.Imported != 2 {
				t.Fatalf("plants %+v", res)
			}
			ids := map[string]int64{}
			plants, _ := r.s.ListPlants(ctx, r.user.User.ID)
			for _, p := range plants {
				ids[p.Name] = p.ID
			}
			logOf := func(name string) []*domain.CareEvent {
				t.Helper()
				page, err := r.s.PageCareEvents(ctx, r.user.User.ID, ids[name], "", domain.PageRequest{Limit: 50})
				if err != nil {
					t.Fatal(err)
				}
				return page.Items
			}
			before := len(logOf("Rosemary")) + len(logOf("Basil"))

			bad := "Plant,Kind,Date,Note\nRosemary,dance,28/03/2026,\nTomato,water,28/03/2026,\nBasil,water,01/05/2026,\nBasil,water,,\n"
			res := run(bad, app.CSVImport{Kind: domain.CSVCare, Locale: "en-GB"})
			want := map[string]bool{"2/kind": false, "3/plant": false, "4/at": false, "5/date": false}
			for _, e := range res.Errors {
				want[strconv.Itoa(e.Row)+"/"+e.Field] = true
			}
			for k, seen := range want {
				if !seen {
					t.Errorf("no error for %s: %+v", k, res.Errors)
				}
			}
			if res.Imported != 0 || len(logOf("Rosemary"))+len(logOf("Basil")) != before {
				t.Fatalf("a file with errors imported care: %+v", res)
			}

			good := "Plant,Kind,Date,Note\nrosemary,Water,28/03/2026,deep soak\nRosemary,fertilize,29/03/2026,\nBasil,prune,02/04/2026,pinched\n"
			if res := run(good, app.CSVImport{Kind: domain.CSVCare, Locale: "en-GB", DryRun: true}); res.Imported != 3 || len(res.Errors) != 0 {
				t.Fatalf("dry run %+v", res)
			}
			if len(logOf("Rosemary"))+len(logOf("Basil")) != before {
				t.Fatal("a dry run logged care")
			}
			if res := run(good, app.CSVImport{Kind: domain.CSVCare, Locale: "en-GB"}); res.Imported != 3 || len(res.Errors) != 0 {
				t.Fatalf("care import %+v", res)
			}
			rosemary, err := r.s.PlantByID(ctx, r.user.User.ID, ids["Rosemary"])
			if err != nil {
				t.Fatal(err)
			}
			if rosemary.LastWatered.Format("2006-01-02") != "2026-03-28" || rosemary.LastFertilized.Format("2006-01-02") != "2026-03-29" {
				t.Fatalf("rosemary's last dates %v %v", rosemary.LastWatered, rosemary.LastFertilized)
			}
			basilLog := logOf("Basil")
			if e := basilLog[0]; e.Kind != domain.CarePrune || e.Source != domain.CareImported || e.Note != "pinched" || !e.At.Equal(now) {
				t.Fatalf("basil's newest event %+v (today's is logged at now)", e)
			}
			if res := run(good, app.CSVImport{Kind: domain.CSVCare, Locale: "en-GB"}); res.Imported != 0 || len(res.Errors) != 0 {
				t.Fatalf("re-import %+v", res)
			}
			if n := len(logOf("Rosemary")) + len(logOf("Basil")); n != before+3 {
				t.Fatalf("%d events after a re-import, want %d", n, before+3)
			}

			badHarvests := "Plant,Harvest date,Quantity,Unit\nBasil,2026-03-30,lots,g\nBasil,2026-03-30,2,stone\n"
			if res := run(badHarvests, app.CSVImport{Kind: domain.CSVHarvests}); res.Imported != 0 || len(res.Errors) != 2 {
				t.Fatalf("harvest errors %+v", res.Errors)
			}
			harvests := "Plant;Harvest date;Quantity;Unit;Notes\nBasil;30.03.2026;1,5;kg;first cut\nRosemary;31.03.2026;;;\n"
			if res := run(harvests, app.CSVImport{Kind: domain.CSVHarvests, Locale: "de-DE"}); res.Imported != 2 || len(res.Errors) != 0 {
				t.Fatalf("harvests %+v", res)
			}
			if res := run(harvests, app.CSVImport{Kind: domain.CSVHarvests, Locale: "de-DE"}); res.Imported != 0 {
				t.Fatalf("harvest re-import %+v", res)
			}
			page, err := r.s.ListHarvests(ctx, r.user.User.ID, ports.HarvestFilter{}, domain.PageRequest{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Items) != 2 {
				t.Fatalf("%d harvests", len(page.Items))
			}
			for _, h := range page.Items {
				if h.PlantID != nil && *h.PlantID == ids["Basil"] && (h.Quantity == nil || *h.Quantity != 1.5 || h.Unit != domain.UnitKilogram || h.Notes != "first cut" || h.HarvestDate.Format("2006-01-02") != "2026-03-30") {
					t.Fatalf("basil's harvest %+v", h)
				}
			}
		})
	}
}
