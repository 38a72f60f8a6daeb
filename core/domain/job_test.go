package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestDailyCron(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"01:30": "0 30 1 * * *", "00:00": "0 0 0 * * *", "23:59": "0 59 23 * * *"} {
		got, err := domain.DailyCron(in)
		if err != nil || got != want {
			t.Errorf("DailyCron(%q) = %q, %v", in, got, err)
		}
		if back, ok := domain.DailyTime(got); !ok || back != in {
			t.Errorf("DailyTime(%q) = %q, %v", got, back, ok)
		}
	}
	for _, bad := range []string{"", "1:30", "24:00", "12:60", "ab:cd", "01:30:00", "-1:30"} {
		if _, err := domain.DailyCron(bad); err == nil || err.Error() != domain.MsgBadDailyTime {
			t.Errorf("DailyCron(%q) accepted: %v", bad, err)
		}
	}
	for _, other := range []string{"*/5 * * * *", "0 30 1 * * 1", "0 61 1 * * *"} {
		if _, ok := domain.DailyTime(other); ok {
			t.Errorf("DailyTime(%q) read a daily time", other)
		}
	}
}
