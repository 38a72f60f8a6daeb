package domain_test

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

var nday = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

func i64(v int64) *int64 { return &v }

func TestNotification_Reaches(t *testing.T) {
	north, south := int64(1), int64(2)
	at := nday.Add(10 * time.Hour)
	early := &domain.User{ID: 10, SiteID: &north, CreatedAt: nday}
	other := &domain.User{ID: 11, SiteID: &south, CreatedAt: nday}
	noSite := &domain.User{ID: 12, CreatedAt: nday}
	late := &domain.User{ID: 13, SiteID: &north, CreatedAt: at.Add(time.Second)}
	cases := []struct {
		name string
		n    domain.Notification
		u    *domain.User
		want bool
	}{
		{"GlobalReachesEveryone", domain.Notification{TargetType: domain.TargetGlobal, CreatedAt: at}, noSite, true},
		{"GlobalNotBeforeTheAccount", domain.Notification{TargetType: domain.TargetGlobal, CreatedAt: at}, late, false},
		{"GlobalSameInstant", domain.Notification{TargetType: domain.TargetGlobal, CreatedAt: at}, &domain.User{ID: 14, CreatedAt: at}, true},
		{"SiteReachesItsUsers", domain.Notification{TargetType: domain.TargetSite, TargetID: &north, CreatedAt: at}, early, true},
		{"SiteNotAnotherSite", domain.Notification{TargetType: domain.TargetSite, TargetID: &north, CreatedAt: at}, other, false},
		{"SiteNotWithoutSite", domain.Notification{TargetType: domain.TargetSite, TargetID: &north, CreatedAt: at}, noSite, false},
		{"SiteNotBeforeTheAccount", domain.Notification{TargetType: domain.TargetSite, TargetID: &north, CreatedAt: at}, late, false},
		{"UserReachesItsUser", domain.Notification{TargetType: domain.TargetUser, TargetID: i64(13), CreatedAt: nday}, late, true},
		{"UserNotSomeoneElse", domain.Notification{TargetType: domain.TargetUser, TargetID: i64(13), CreatedAt: at}, early, false},
		{"UnknownTarget", domain.Notification{TargetType: "planet", CreatedAt: at}, early, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.n.Reaches(c.u); got != c.want {
				t.Fatalf("Reaches = %v, want %v", got, c.want)
			}
		})
	}
	a := domain.AudienceOf(late)
	if a.UserID != 13 || a.SiteID != &north || !a.Since.Equal(late.CreatedAt) {
		t.Fatalf("AudienceOf = %+v", a)
	}
}

func TestValidateNotification(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		n := &domain.Notification{Title: "  Frost\n tonight ", Content: " Cover the dahlias. ", TargetType: domain.TargetGlobal, TargetID: i64(4)}
		if err := domain.ValidateNotification(n); err != nil {
			t.Fatal(err)
		}
		if n.Title != "Frost tonight" || n.Content != "Cover the dahlias." || n.TargetID != nil || n.Data == nil || n.Kind != domain.KindAdmin {
			t.Fatalf("normalised to %+v", n)
		}
	})
	cases := map[string]struct {
		n            domain.Notification
		field, msg   string
		firstMessage string
	}{
		"ErrTitleRequired":   {domain.Notification{Content: "x", TargetType: domain.TargetGlobal}, "title", "Title is required", "Title is required"},
		"ErrContentRequired": {domain.Notification{Title: "x", Content: "  ", TargetType: domain.TargetGlobal}, "content", "Content is required", "Content is required"},
		"ErrTitleTooLong":    {domain.Notification{Title: strings.Repeat("a", 201), Content: "x", TargetType: domain.TargetGlobal}, "title", domain.MsgNotificationTitleTooLong, ""},
		"ErrContentTooLong":  {domain.Notification{Title: "x", Content: strings.Repeat("é", 2001), TargetType: domain.TargetGlobal}, "content", domain.MsgNotificationContentTooLong, ""},
		"ErrTargetType":      {domain.Notification{Title: "x", Content: "x", TargetType: "everyone"}, "targetType", "Target type must be global, site or user", ""},
		"ErrSiteMissing":     {domain.Notification{Title: "x", Content: "x", TargetType: domain.TargetSite}, "targetId", "Please select a site", ""},
		"ErrUserMissing":     {domain.Notification{Title: "x", Content: "x", TargetType: domain.TargetUser, TargetID: i64(0)}, "targetId", "Please select a user", ""},
		"ErrBothFirstTitle":  {domain.Notification{TargetType: domain.TargetGlobal}, "content", "Content is required", "Title is required"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := domain.ValidateNotification(&c.n)
			var de *domain.Error
			if err == nil || domain.ErrorCode(err) != domain.EInvalid {
				t.Fatalf("err %v", err)
			}
			de = err.(*domain.Error)
			if de.Fields[c.field] != c.msg {
				t.Fatalf("fields %v", de.Fields)
			}
			if c.firstMessage != "" && de.Message != c.firstMessage {
				t.Fatalf("message %q", de.Message)
			}
		})
	}
	if _, err := domain.ParseTargetType("SITE"); err != nil {
		t.Fatal(err)
	}
	if _, err := domain.ParseTargetType("all"); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatal("bad target type accepted")
	}
}

func TestTestNotification(t *testing.T) {
	u := &domain.User{ID: 5}
	for _, kind := range domain.TestNotificationTypes {
		n, err := domain.TestNotification(kind, u)
		if err != nil {
			t.Fatal(err)
		}
		if n.Kind != domain.KindTest || n.TargetType != domain.TargetUser || *n.TargetID != 5 || n.Data["type"] != kind || n.Data["test"] != true {
			t.Fatalf("%s: %+v", kind, n)
		}
		if err := domain.ValidateNotification(n); err != nil {
			t.Fatalf("%s: sample does not validate: %v", kind, err)
		}
		if url := domain.NotificationURL(n); !strings.HasPrefix(url, "/") || url == "/" {
			t.Fatalf("%s: url %q", kind, url)
		}
	}
	if _, err := domain.TestNotification("weather", u); err == nil || err.(*domain.Error).Fields["type"] != domain.MsgNotificationTestType {
		t.Fatalf("unknown type: %v", err)
	}
}

func TestNotificationURL(t *testing.T) {
	for url, want := range map[any]string{"/schedule": "/schedule", "//evil.example": "/", "https://evil.example": "/", 5: "/", "/a\nb": "/"} {
		n := &domain.Notification{Data: map[string]any{"url": url}}
		if got := domain.NotificationURL(n); got != want {
			t.Errorf("url %v gave %q, want %q", url, got, want)
		}
	}
}

func TestCareReminderNotification(t *testing.T) {
	u := &domain.User{ID: 3}
	t.Run("NothingDue", func(t *testing.T) {
		if n := domain.CareReminderNotification(u, nday, nil, nil, nil, nil); n != nil {
			t.Fatalf("got %+v", n)
		}
	})
	t.Run("PlantsAndTasks", func(t *testing.T) {
		water := []domain.Reminder{{PlantID: 1, Name: "Basil"}, {PlantID: 2, Name: "Mint"}}
		feed := []domain.Reminder{{PlantID: 2, Name: "Mint"}}
		tasks := []*domain.CareTask{{ID: 9, Type: domain.TaskPrune, PlantName: "Rose"}}
		n := domain.CareReminderNotification(u, nday.Add(5*time.Hour), water, feed, tasks, nil)
		if n.Title != "Today's plant care: 2 plants, 1 task" || n.Content != "Water: Basil, Mint. Fertilize: Mint. Tasks: prune Rose." {
			t.Fatalf("%q / %q", n.Title, n.Content)
		}
		if n.Kind != domain.KindCareReminder || *n.TargetID != 3 || n.Data["date"] != "2026-06-01" || n.Data["url"] != "/schedule" {
			t.Fatalf("%+v", n)
		}
		if ids := n.Data["tasks"].([]int64); len(ids) != 1 || ids[0] != 9 {
			t.Fatalf("tasks %v", n.Data["tasks"])
		}
		if err := domain.ValidateNotification(n); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("OverdueCountedAndNotRepeated", func(t *testing.T) {
		recurring := &domain.CareTask{ID: 4, Type: domain.TaskMist, PlantName: "Fern", ScheduledDate: domain.AddDays(nday, -3)}
		late := &domain.CareTask{ID: 5, Type: domain.TaskRepot, PlantName: "Aloe", ScheduledDate: domain.AddDays(nday, -1)}
		today := &domain.CareTask{ID: 6, Type: domain.TaskPrune, PlantName: "Rose", ScheduledDate: nday}
		n := domain.CareReminderNotification(u, nday, nil, nil, []*domain.CareTask{today, recurring}, []*domain.CareTask{recurring, late})
		if n == nil || n.Title != "Today's plant care: 1 task, 2 overdue" ||
			n.Content != "Tasks: prune Rose. Overdue: mist Fern (since May 29), repot Aloe (since May 31)." {
			t.Fatalf("%+v", n)
		}
		if ids := n.Data["overdue"].([]int64); len(ids) != 2 {
			t.Fatalf("overdue ids %v", n.Data["overdue"])
		}
		onlyLate := domain.CareReminderNotification(u, nday, nil, nil, nil, []*domain.CareTask{late})
		if onlyLate == nil || onlyLate.Title != "Today's plant care: 1 overdue" {
			t.Fatalf("an overdue task alone must remind: %+v", onlyLate)
		}
	})
	t.Run("LongListsShortened", func(t *testing.T) {
		var water []domain.Reminder
		for i := 0; i < 8; i++ {
			water = append(water, domain.Reminder{PlantID: int64(i + 1), Name: string(rune('A' + i))})
		}
		n := domain.CareReminderNotification(u, nday, water, nil, nil, nil)
		if n.Content != "Water: A, B, C, D, E and 3 more." || n.Title != "Today's plant care: 8 plants" {
			t.Fatalf("%q / %q", n.Title, n.Content)
		}
	})
}

func TestTasksDueOn(t *testing.T) {
	every := func(d int) *int { return &d }
	tasks := []*domain.CareTask{
		{ID: 1, ScheduledDate: nday},                                                                 // today
		{ID: 2, ScheduledDate: nday, Completed: true},                                                // done
		{ID: 3, ScheduledDate: domain.AddDays(nday, -1)},                                             // yesterday, one-off
		{ID: 4, ScheduledDate: domain.AddDays(nday, -3), IsRecurring: true, RecurringDays: every(3)}, // recurs today
		{ID: 5, ScheduledDate: domain.AddDays(nday, -3), IsRecurring: true, RecurringDays: every(2)}, // not today
		{ID: 6, ScheduledDate: domain.AddDays(nday, 1)},                                              // tomorrow
	}
	got := domain.TasksDueOn(tasks, nday.Add(9*time.Hour))
	if len(got) != 2 || got[0].ID != 1 || got[1].ID != 4 {
		ids := []int64{}
		for _, t := range got {
			ids = append(ids, t.ID)
		}
		t.Fatalf("due %v, want [1 4]", ids)
	}
}

func key(n int, first byte) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i + 1)
	}
	b[0] = first
	return base64.RawURLEncoding.EncodeToString(b)
}

func TestValidateDevice(t *testing.T) {
	p256, auth := key(65, 4), key(16, 9)
	t.Run("SubscriptionGivesPlayerID", func(t *testing.T) {
		d := &domain.Device{Name: "  Firefox   on Linux ", Subscription: domain.PushSubscription{Endpoint: "https://push.example/abc",
			P256dh: base64.StdEncoding.EncodeToString(mustDecode(p256)), Auth: auth}}
		if err := domain.ValidateDevice(d); err != nil {
			t.Fatal(err)
		}
		if d.PlayerID != "https://push.example/abc" || d.Name != "Firefox on Linux" || d.Subscription.P256dh != p256 || !d.Subscription.CanPush() {
			t.Fatalf("normalised to %+v", d)
		}
	})
	t.Run("PlayerIDOnly", func(t *testing.T) {
		d := &domain.Device{PlayerID: "8c5b-onesignal", Info: domain.DeviceInfo{UserAgent: strings.Repeat("u", 900)}}
		if err := domain.ValidateDevice(d); err != nil {
			t.Fatal(err)
		}
		if d.Subscription.CanPush() || len(d.Info.UserAgent) != 500 {
			t.Fatalf("%+v", d)
		}
	})
	cases := map[string]struct {
		d     domain.Device
		field string
		msg   string
	}{
		"ErrNoPlayerID":     {domain.Device{}, "playerId", domain.MsgDevicePlayerIDRequired},
		"ErrMismatch":       {domain.Device{PlayerID: "other", Subscription: domain.PushSubscription{Endpoint: "https://push.example/a", P256dh: p256, Auth: auth}}, "playerId", domain.MsgDevicePlayerIDMismatch},
		"ErrHTTPEndpoint":   {domain.Device{Subscription: domain.PushSubscription{Endpoint: "http://push.example/a", P256dh: p256, Auth: auth}}, "subscription", domain.MsgDeviceEndpoint},
		"ErrShortKey":       {domain.Device{Subscription: domain.PushSubscription{Endpoint: "https://push.example/a", P256dh: key(33, 2), Auth: auth}}, "subscription", domain.MsgDeviceKeys},
		"ErrShortAuth":      {domain.Device{Subscription: domain.PushSubscription{Endpoint: "https://push.example/a", P256dh: p256, Auth: key(8, 1)}}, "subscription", domain.MsgDeviceKeys},
		"ErrKeysNoEndpoint": {domain.Device{PlayerID: "x", Subscription: domain.PushSubscription{P256dh: p256, Auth: auth}}, "subscription", domain.MsgDeviceEndpoint},
		"ErrControlChars":   {domain.Device{PlayerID: "a\nb"}, "playerId", domain.MsgDevicePlayerIDRequired},
		"ErrTooLong":        {domain.Device{PlayerID: strings.Repeat("p", 2049)}, "playerId", domain.MsgDevicePlayerIDTooLong},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := domain.ValidateDevice(&c.d)
			if err == nil || err.(*domain.Error).Fields[c.field] != c.msg {
				t.Fatalf("err %v", err)
			}
		})
	}
}

func mustDecode(s string) []byte {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func TestValidateVAPIDKeys(t *testing.T) {
	k, err := domain.ValidateVAPIDKeys(domain.VAPIDKeys{PublicKey: base64.URLEncoding.EncodeToString(mustDecode(key(65, 4))), PrivateKey: key(32, 7)})
	if err != nil || k.PublicKey != key(65, 4) {
		t.Fatalf("%+v %v", k, err)
	}
	if _, err := domain.ValidateVAPIDKeys(domain.VAPIDKeys{PublicKey: key(64, 4), PrivateKey: key(32, 7)}); err == nil {
		t.Fatal("short public key accepted")
	}
	if _, err := domain.ValidateVAPIDKeys(domain.VAPIDKeys{PublicKey: key(65, 4), PrivateKey: "not base64!"}); err == nil {
		t.Fatal("bad private key accepted")
	}
}

func TestValidateNotificationChannels(t *testing.T) {
	c := &domain.NotificationChannels{NtfyServer: " https://ntfy.example/sub/ ", NtfyTopic: " garden_beds-2 "}
	if err := domain.ValidateNotificationChannels(c); err != nil {
		t.Fatal(err)
	}
	if c.NtfyServer != "https://ntfy.example/sub" || c.NtfyTopic != "garden_beds-2" {
		t.Fatalf("%+v", c)
	}
	if target, ok := c.NtfyTarget(); !ok || target.Server != "https://ntfy.example/sub" {
		t.Fatalf("%+v %v", target, ok)
	}
	if target, ok := (domain.NotificationChannels{NtfyTopic: "x"}).NtfyTarget(); !ok || target.Server != domain.DefaultNtfyServer {
		t.Fatalf("default server: %+v", target)
	}
	if _, ok := (domain.NotificationChannels{NtfyServer: "https://ntfy.example"}).NtfyTarget(); ok {
		t.Fatal("ntfy on without a topic")
	}
	if err := domain.ValidateNotificationChannels(&domain.NotificationChannels{}); err != nil {
		t.Fatal("empty settings refused")
	}
	for name, c := range map[string]domain.NotificationChannels{
		"ftp":         {NtfyServer: "ftp://ntfy.example"},
		"relative":    {NtfyServer: "ntfy.example"},
		"credentials": {NtfyServer: "https://u:p@ntfy.example"},
		"query":       {NtfyServer: "https://ntfy.example/?x=1"},
		"fragment":    {NtfyServer: "https://ntfy.example/#x"},
	} {
		if err := domain.ValidateNotificationChannels(&c); err == nil || err.(*domain.Error).Fields["ntfyServer"] != "Please enter a valid URL" {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, topic := range []string{"with space", "slash/topic", strings.Repeat("t", 65), "ünïcode"} {
		c := domain.NotificationChannels{NtfyTopic: topic}
		if err := domain.ValidateNotificationChannels(&c); err == nil || err.(*domain.Error).Fields["ntfyTopic"] != domain.MsgNtfyTopic {
			t.Errorf("topic %q: %v", topic, err)
		}
	}
}

func TestPlanDelivery(t *testing.T) {
	no, yes := false, true
	base := func() *domain.User {
		return &domain.User{IsActive: true, NotificationsEnabled: true, Email: "rosa@example.org", NotificationPrefs: domain.DefaultNotificationPreferences()}
	}
	ntfy := domain.NotificationChannels{NtfyTopic: "beds"}
	cases := map[string]struct {
		change func(*domain.User)
		c      domain.NotificationChannels
		want   domain.DeliveryPlan
	}{
		"Defaults":         {func(*domain.User) {}, ntfy, domain.DeliveryPlan{Push: true, Email: true, Ntfy: true}},
		"PushOff":          {func(u *domain.User) { u.NotificationPrefs.Push = &no }, domain.NotificationChannels{}, domain.DeliveryPlan{Email: true}},
		"PushOn":           {func(u *domain.User) { u.NotificationPrefs.Push = &yes }, domain.NotificationChannels{}, domain.DeliveryPlan{Push: true, Email: true}},
		"EmailOff":         {func(u *domain.User) { u.NotificationPrefs.Email = false }, domain.NotificationChannels{}, domain.DeliveryPlan{Push: true}},
		"NoAddress":        {func(u *domain.User) { u.Email = "" }, domain.NotificationChannels{}, domain.DeliveryPlan{Push: true}},
		"MasterSwitchOff":  {func(u *domain.User) { u.NotificationsEnabled = false }, ntfy, domain.DeliveryPlan{}},
		"Deactivated":      {func(u *domain.User) { u.IsActive = false }, ntfy, domain.DeliveryPlan{}},
		"CareRemindersOff": {func(u *domain.User) { u.NotificationPrefs.CareReminders = false }, domain.NotificationChannels{}, domain.DeliveryPlan{Push: true, Email: true}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			u := base()
			c.change(u)
			if got := domain.PlanDelivery(u, c.c); got != c.want {
				t.Fatalf("plan %+v, want %+v", got, c.want)
			}
		})
	}
}
