package domain_test

import (
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// waterings builds water events newest first from gaps in days between consecutive waterings
// (oldest gap first), ending at end.
func waterings(end time.Time, kind domain.CareKind, gaps ...float64) []domain.CareEvent {
	at := end
	out := []domain.CareEvent{{Kind: kind, At: at}}
	for i := len(gaps) - 1; i >= 0; i-- {
		at = at.Add(-time.Duration(gaps[i] * 24 * float64(time.Hour)))
		out = append(out, domain.CareEvent{Kind: kind, At: at})
	}
	return out
}

func TestLearnInterval(t *testing.T) {
	t.Parallel()
	end := ts("2026-06-10T08:00:00Z").UTC()
	fb := func(kind domain.CareKind, f domain.Feedback, daysAgo int) domain.CareEvent {
		return domain.CareEvent{Kind: kind, Feedback: f, At: end.AddDate(0, 0, -daysAgo)}
	}
	cases := []struct {
		name     string
		kind     domain.CareKind
		acts     []domain.CareEvent
		feedback []domain.CareEvent
		want     int // 0: no suggestion
		from     int
	}{
		{"regular intervals", domain.CareWater, waterings(end, domain.CareWater, 4, 4, 4, 4, 4), nil, 4, 6},
		{"a holiday outlier does not swing it", domain.CareWater, waterings(end, domain.CareWater, 4, 4, 21, 4, 4, 4), nil, 4, 7},
		{"slightly irregular rounds the median", domain.CareWater, waterings(end, domain.CareWater, 5, 6, 6, 7), nil, 6, 5},
		{"only the last eight intervals count", domain.CareWater, waterings(end, domain.CareWater, 30, 30, 30, 30, 30, 3, 3, 3, 3, 3, 3, 3, 3), nil, 3, 9},
		{"a watering logged twice is one", domain.CareWater, append(waterings(end, domain.CareWater, 5, 5), domain.CareEvent{Kind: domain.CareWater, At: end.Add(-10*24*time.Hour - time.Hour)}), nil, 5, 3},
		{"fewer than three waterings", domain.CareWater, waterings(end, domain.CareWater, 5), nil, 0, 2},
		{"no waterings", domain.CareWater, nil, nil, 0, 0},
		{"two dry feedbacks shorten", domain.CareWater, waterings(end, domain.CareWater, 10, 10, 10),
			[]domain.CareEvent{fb(domain.CareWater, domain.FeedbackDry, 0), fb(domain.CareCheck, domain.FeedbackDry, 3)}, 8, 4},
		{"moist feedback lengthens", domain.CareWater, waterings(end, domain.CareWater, 10, 10, 10),
			[]domain.CareEvent{fb(domain.CareCheck, domain.FeedbackMoist, 1), fb(domain.CareCheck, domain.FeedbackMoist, 2)}, 12, 4},
		{"ok feedback changes nothing", domain.CareWater, waterings(end, domain.CareWater, 10, 10, 10),
			[]domain.CareEvent{fb(domain.CareWater, domain.FeedbackOK, 0)}, 10, 4},
		{"feedback older than the waterings used is forgotten", domain.CareWater, waterings(end, domain.CareWater, 10, 10, 10),
			[]domain.CareEvent{fb(domain.CareCheck, domain.FeedbackDry, 40)}, 10, 4},
		{"the nudge is bounded", domain.CareWater, waterings(end, domain.CareWater, 10, 10, 10),
			[]domain.CareEvent{fb(domain.CareCheck, domain.FeedbackMoist, 1), fb(domain.CareCheck, domain.FeedbackMoist, 2), fb(domain.CareCheck, domain.FeedbackMoist, 3),
				fb(domain.CareCheck, domain.FeedbackMoist, 4), fb(domain.CareCheck, domain.FeedbackMoist, 5)}, 13, 4},
		{"a check's feedback does not move fertilizing", domain.CareFertilize, waterings(end, domain.CareFertilize, 30, 30),
			[]domain.CareEvent{fb(domain.CareCheck, domain.FeedbackMoist, 1)}, 30, 3},
		{"bounded below by one day", domain.CareWater, waterings(end, domain.CareWater, 0.6, 0.6, 0.6),
			[]domain.CareEvent{fb(domain.CareWater, domain.FeedbackDry, 0), fb(domain.CareWater, domain.FeedbackDry, 0)}, 1, 4},
		{"bounded above by 365 days", domain.CareWater, waterings(end, domain.CareWater, 400, 400), nil, 365, 3},
		{"other kinds are not waterings", domain.CareWater, waterings(end, domain.CareMist, 2, 2, 2), nil, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := domain.LearnInterval(c.kind, c.acts, c.feedback)
			if got.From != c.from {
				t.Errorf("From = %d, want %d", got.From, c.from)
			}
			switch {
			case c.want == 0 && got.Days != nil:
				t.Errorf("Days = %d, want none", *got.Days)
			case c.want != 0 && (got.Days == nil || *got.Days != c.want):
				t.Errorf("Days = %v, want %d", got.Days, c.want)
			}
		})
	}
}

func TestPlant_AdaptiveSchedule(t *testing.T) {
	t.Parallel()
	last := ts("2026-06-07T08:00:00Z")
	p := &domain.Plant{LastWatered: last, WaterFrequency: ip(7), SuggestedWaterFrequency: ip(4), WaterMode: domain.ModeFixed}
	if got := *p.NextWatering(); !got.Equal(last.AddDate(0, 0, 7)) {
		t.Fatalf("fixed mode: next = %v, want lastWatered + 7 days", got)
	}
	p.WaterMode = domain.ModeAdaptive
	if got := *p.NextWatering(); !got.Equal(last.AddDate(0, 0, 4)) {
		t.Fatalf("adaptive mode: next = %v, want lastWatered + 4 days", got)
	}
	if !p.NeedsWaterOn(day("2026-06-11")) || p.NeedsWaterOn(day("2026-06-10")) {
		t.Fatal("the status does not follow the learned interval")
	}
	p.SuggestedWaterFrequency = nil
	if got := *p.EffectiveWaterFrequency(); got != 7 {
		t.Fatalf("adaptive without a suggestion uses %d, want the fixed 7", got)
	}
}

func TestPlant_LogCare(t *testing.T) {
	t.Parallel()
	last := ts("2026-06-07T08:00:00Z")
	fresh := func() *domain.Plant {
		return &domain.Plant{ID: 3, UserID: 9, LastWatered: last, WaterFrequency: ip(7), FertilizerFrequency: ip(30)}
	}
	t.Run("a moist check postpones the due watering without watering", func(t *testing.T) {
		t.Parallel()
		p := fresh()
		due := last.AddDate(0, 0, 7)
		p.LogCare(&domain.CareEvent{Kind: domain.CareCheck, Feedback: domain.FeedbackMoist, PostponeDays: 2, At: due.Add(time.Hour)})
		if !p.LastWatered.Equal(*last) {
			t.Fatalf("lastWatered moved to %v", p.LastWatered)
		}
		if got := domain.DateOf(*p.NextWatering()); !got.Equal(domain.AddDays(domain.DateOf(due), 2)) {
			t.Fatalf("next = %v, want the due day + 2", got)
		}
		if len(p.NewCare) != 1 || p.NewCare[0].PlantID != 3 || p.NewCare[0].UserID != 9 {
			t.Fatalf("the event is not queued for the plant: %+v", p.NewCare)
		}
		p.LogCare(&domain.CareEvent{Kind: domain.CareWater, At: due.Add(2 * time.Hour)})
		if p.WaterDelayDays != 0 || !p.NextWatering().Equal(due.Add(2*time.Hour).AddDate(0, 0, 7)) {
			t.Fatalf("a watering does not end the postponement: delay %d", p.WaterDelayDays)
		}
	})
	t.Run("an overdue plant is postponed from the check's day", func(t *testing.T) {
		t.Parallel()
		p := fresh()
		checked := last.AddDate(0, 0, 12)
		p.LogCare(&domain.CareEvent{Kind: domain.CareCheck, Feedback: domain.FeedbackMoist, PostponeDays: 3, At: checked})
		if got := domain.DateOf(*p.NextWatering()); !got.Equal(domain.AddDays(domain.DateOf(checked), 3)) {
			t.Fatalf("next = %v, want the check's day + 3", got)
		}
	})
	t.Run("an older watering does not move lastWatered back", func(t *testing.T) {
		t.Parallel()
		p := fresh()
		p.LogCare(&domain.CareEvent{Kind: domain.CareWater, At: last.AddDate(0, 0, -3)})
		if !p.LastWatered.Equal(*last) || len(p.NewCare) != 1 {
			t.Fatalf("lastWatered = %v", p.LastWatered)
		}
	})
}

func TestValidateCareEvent(t *testing.T) {
	t.Parallel()
	now := ts("2026-06-10T08:00:00Z").UTC()
	cases := []struct {
		name  string
		e     domain.CareEvent
		field string
	}{
		{"ok", domain.CareEvent{Kind: domain.CareWater, At: now}, ""},
		{"unknown kind", domain.CareEvent{Kind: "sing", At: now}, "kind"},
		{"in the future", domain.CareEvent{Kind: domain.CareWater, At: now.Add(domain.CareDateSlack + time.Minute)}, "at"},
		{"unknown feedback", domain.CareEvent{Kind: domain.CareCheck, At: now, Feedback: "soggy"}, "feedback"},
		{"postpone on a watering", domain.CareEvent{Kind: domain.CareWater, At: now, Feedback: domain.FeedbackMoist, PostponeDays: 2}, "postponeDays"},
		{"postpone too long", domain.CareEvent{Kind: domain.CareCheck, At: now, Feedback: domain.FeedbackMoist, PostponeDays: 400}, "postponeDays"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := domain.ValidateCareEvent(&c.e, now)
			if c.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var de *domain.Error
			if !asError(err, &de) || de.Fields[c.field] == "" {
				t.Fatalf("err = %v, want a message for %s", err, c.field)
			}
		})
	}
}
