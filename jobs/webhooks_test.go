package jobs_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/adapters/webhook"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// TestCareReminders_EmitWebhookEvents: the daily reminder run emits plant.needs_water for each
// plant due and task.due for each task due that day to the gardener's webhook, in the
// reminder's transaction and once a day; on both databases.
func TestCareReminders_EmitWebhookEvents(t *testing.T) {
	t.Parallel()
	forDialects(t, func(t *testing.T, s *sqlstore.Store) {
		var mu sync.Mutex
		var got []map[string]any
		rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			var m map[string]any
			_ = json.Unmarshal(body, &m)
			mu.Lock()
			got = append(got, m)
			mu.Unlock()
			w.WriteHeader(http.StatusOK)
		}))
		defer rc.Close()
		e := newReminderEnv(t, s)
		hooks := app.NewWebhooks(s, e.svc, webhook.New(webhook.Config{AllowPrivateHosts: true}), e.clock, app.WebhooksConfig{}, quiet)
		e.reminders.WithWebhooks(hooks)
		ctx := context.Background()
		rosa := e.gardener(t, "rosa", 8, nil) // watered 8 days ago every 7: due
		e.gardener(t, "olive", 8, nil)        // due too, but without a webhook
		plants, err := s.ListPlants(ctx, rosa.ID)
		if err != nil {
			t.Fatal(err)
		}
		task := &domain.CareTask{UserID: rosa.ID, PlantID: plants[0].ID, Type: domain.TaskPrune, ScheduledDate: domain.DateOf(morning), CreatedAt: morning}
		if err := s.CreateTask(ctx, task); err != nil {
			t.Fatal(err)
		}
		hook := &domain.Webhook{OwnerID: rosa.ID, URL: rc.URL, Events: []string{domain.EventPlantNeedsWater, domain.EventTaskDue}, Secret: "0123456789abcdef",
			Active: true, CreatedAt: morning, UpdatedAt: morning}
		if err := s.CreateWebhook(ctx, hook); err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second run of the day emits nothing more
			if _, err := e.reminders.Run(ctx, nil); err != nil {
				t.Fatal(err)
			}
			wait, cancel := context.WithTimeout(ctx, time.Minute)
			if err := e.svc.Wait(wait); err != nil {
				t.Fatal(err)
			}
			cancel()
		}
		mu.Lock()
		defer mu.Unlock()
		var types []string
		for _, m := range got {
			types = append(types, m["type"].(string))
			p := m["payload"].(map[string]any)
			if p["plantId"] != float64(plants[0].ID) || p["userId"] != float64(rosa.ID) {
				t.Errorf("payload %v", p)
			}
		}
		slices.Sort(types)
		if !slices.Equal(types, []string{domain.EventPlantNeedsWater, domain.EventTaskDue}) {
			t.Fatalf("events %v", types)
		}
	})
}
