package app_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gardenctl/garden/adapters/sanitize"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// forumMember stores an active user with an e-mail address and returns them signed in.
func forumMember(t *testing.T, s *sqlstore.Store, name string) *domain.Principal {
	t.Helper()
	u := &domain.User{Username: name, Email: name + "@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
		NotificationsEnabled: true, NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return &domain.Principal{User: u}
}

// TestForum_ReplyStatementsDoNotGrowWithWatchers: a reply to a topic notifies its watchers and
// enqueues their deliveries in the request in as many statements for 10 watchers as for 100
// (batched reads and inserts), and every watcher has the notification and its deliveries.
func TestForum_ReplyStatementsDoNotGrowWithWatchers(t *testing.T) {
	t.Parallel()
	for name, open := range map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			got := map[int]int64{}
			for _, watchers := range []int{10, 100} {
				var c sqlstore.StatementCounter
				s := open(t, &c)
				clock := &settableClock{t: now}
				delivery := app.NewDelivery(s, &fakePush{fail: map[string]error{}}, &fakeMailer{}, &fakeNtfy{}, app.DeliveryConfig{}, quiet)
				notifications := app.NewNotifications(s, s, delivery, nil, clock, app.NotificationsConfig{}, quiet)
				forum := app.NewForum(s, sanitize.New(), notifications, clock, app.ForumConfig{}, quiet)
				catName := "Herbs"
				cat, err := forum.CreateCategoryAsOperator(ctx, app.CategoryInput{Name: &catName})
				if err != nil {
					t.Fatal(err)
				}
				author := forumMember(t, s, "author")
				topic, err := forum.CreateTopic(ctx, author, domain.NewTopic{CategoryID: cat.ID, Title: "Basil keeps wilting",
					Content: "<p>What am I doing wrong with my basil?</p>"})
				if err != nil {
					t.Fatal(err)
				}
				var watching []*domain.Principal
				for i := range watchers {
					w := forumMember(t, s, fmt.Sprintf("watcher%03d", i))
					if _, err := forum.SetWatch(ctx, w, topic.ID, string(domain.WatchWatching)); err != nil {
						t.Fatal(err)
					}
					watching = append(watching, w)
				}
				replier := forumMember(t, s, "replier")
				before := c.Count()
				if _, err := forum.Reply(ctx, replier, topic.ID, "<p>Water it less and give it sun.</p>"); err != nil {
					t.Fatal(err)
				}
				got[watchers] = c.Count() - before
				// The author and every watcher: a bell notification and an e-mail and push delivery each.
				for _, p := range []*domain.Principal{author, watching[0], watching[watchers-1]} {
					list, err := s.ListUserNotifications(ctx, domain.AudienceOf(p.User), 10)
					if err != nil || len(list) != 1 || list[0].Kind != domain.KindForumReply {
						t.Fatalf("%s: %+v %v", p.User.Username, list, err)
					}
				}
				depth, err := s.OutboxDepth(ctx)
				if err != nil {
					t.Fatal(err)
				}
				pending := map[string]int{}
				for _, d := range depth {
					pending[d.Channel] = d.Pending
				}
				if pending["email"] != watchers+1 || pending["push"] != watchers+1 {
					t.Fatalf("%d watchers: outbox %v", watchers, pending)
				}
			}
			if got[10] != got[100] {
				t.Fatalf("a reply ran %d statements with 10 watchers, %d with 100: it works per watcher", got[10], got[100])
			}
			t.Logf("statements per reply: %d", got[100])
		})
	}
}
