package sqlstore_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/tests/dbtest"
)

// TestSensorReadings_RetentionAndDownsampling: readings older than 7 days become one hourly row
// per sensor, metric and hour holding their mean (merged with an hourly row already there),
// readings older than 90 days go, the last 7 days stay raw, a second pass changes nothing,
// and the statements sent are the same for 2 and for 20 days of readings; on both databases.
func TestSensorReadings_RetentionAndDownsampling(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 8, 30, 0, 0, time.UTC)
	for name, open := range map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			counts := map[int]int64{}
			for _, days := range []int{10, 100} {
				var c sqlstore.StatementCounter
				s := open(t, &c)
				ctx := context.Background()
				// Every 10 minutes for `days` days, moisture falling from 80 by 0.01 a reading,
				// on two sensors.
				var rs []domain.SensorReading
				for i := range days * 24 * 6 {
					at := now.Add(-time.Duration(i) * 10 * time.Minute)
					for _, id := range []string{"pot-1", "pot-2"} {
						rs = append(rs, domain.SensorReading{SensorID: id, Metric: domain.MetricMoisture, At: at, Value: 80 - 0.01*float64(i)})
					}
				}
				if err := s.AddSensorReadings(ctx, rs); err != nil {
					t.Fatal(err)
				}
				before := c.Count()
				moved, err := s.DownsampleSensorReadings(ctx, now.Add(-domain.SensorRawFor))
				if err != nil {
					t.Fatal(err)
				}
				pruned, err := s.PruneSensorReadings(ctx, now.Add(-domain.SensorKeepFor))
				if err != nil {
					t.Fatal(err)
				}
				counts[days] = c.Count() - before
				wantMoved := 2 * (days*24*6 - 7*24*6 - 1) // the reading exactly 7 days old stays raw
				if moved != wantMoved {
					t.Fatalf("%d days: %d raw readings folded, want %d", days, moved, wantMoved)
				}
				if days == 100 && pruned == 0 {
					t.Fatal("nothing older than 90 days was pruned")
				}
				// A second pass: nothing left to fold or prune.
				if m, err := s.DownsampleSensorReadings(ctx, now.Add(-domain.SensorRawFor)); err != nil || m != 0 {
					t.Fatalf("second pass folded %d, %v", m, err)
				}
				series, err := s.SensorReadings(ctx, "pot-1", domain.MetricMoisture, now.Add(-200*24*time.Hour), now.Add(time.Minute), 100000)
				if err != nil {
					t.Fatal(err)
				}
				raw, hourly := 0, 0
				for _, r := range series {
					if r.At.Before(now.Add(-domain.SensorKeepFor)) {
						t.Fatalf("a reading older than 90 days stayed: %v", r.At)
					}
					if r.At.Before(now.Add(-domain.SensorRawFor)) != r.Hourly {
						t.Fatalf("reading at %v hourly=%v", r.At, r.Hourly)
					}
					if !r.Hourly {
						raw++
						continue
					}
					hourly++
					if r.At.Minute() != 0 || r.At.Second() != 0 || r.Samples < 1 || r.Samples > 6 {
						t.Fatalf("hourly row %+v", r)
					}
				}
				if raw != 7*24*6+1 {
					t.Fatalf("%d raw readings in the last 7 days, want %d", raw, 7*24*6+1)
				}
				// The 08:00 hour 8 days back: its mean, reckoned here from the readings made.
				hour := time.Date(2026, 5, 24, 8, 0, 0, 0, time.UTC)
				var sum float64
				n := 0
				for i := range days * 24 * 6 {
					at := now.Add(-time.Duration(i) * 10 * time.Minute)
					if !at.Before(hour) && at.Before(hour.Add(time.Hour)) {
						sum += 80 - 0.01*float64(i)
						n++
					}
				}
				var got *domain.SensorReading
				for i := range series {
					if series[i].Hourly && series[i].At.Equal(hour) {
						got = &series[i]
					}
				}
				if got == nil || got.Samples != n || math.Abs(got.Value-sum/float64(n)) > 1e-9 {
					t.Fatalf("the hour %v: %+v, want mean %v of %d", hour, got, sum/float64(n), n)
				}
				// A late raw reading for a folded hour merges into its hourly row.
				late := domain.SensorReading{SensorID: "pot-1", Metric: domain.MetricMoisture, At: hour.Add(5 * time.Minute), Value: 0}
				if err := s.AddSensorReadings(ctx, []domain.SensorReading{late}); err != nil {
					t.Fatal(err)
				}
				if _, err := s.DownsampleSensorReadings(ctx, now.Add(-domain.SensorRawFor)); err != nil {
					t.Fatal(err)
				}
				merged, err := s.SensorReadings(ctx, "pot-1", domain.MetricMoisture, hour, hour.Add(time.Hour), 10)
				if err != nil || len(merged) != 1 || merged[0].Samples != n+1 || math.Abs(merged[0].Value-sum/float64(n+1)) > 1e-9 {
					t.Fatalf("merged hour %+v, %v", merged, err)
				}
				if hourly == 0 {
					t.Fatal("no hourly rows")
				}
			}
			if counts[10] != counts[100] {
				t.Fatalf("statements with 10 days %d, with 100 days %d", counts[10], counts[100])
			}
			t.Logf("statements for one retention pass: %d", counts[100])
		})
	}
}

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// TestSensorReadings_Statements: a reading of a linked sensor is stored and applied to its dry
// spell, the sensor card's newest readings and a chart's series are read, each in the same
// number of statements with 10 readings kept as with 2,000; on both databases.
func TestSensorReadings_Statements(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 8, 30, 0, 0, time.UTC)
	for name, open := range map[string]func(testing.TB, *sqlstore.StatementCounter) *sqlstore.Store{
		"SQLite": dbtest.SQLiteCounted, "Postgres": dbtest.PostgresCounted} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			counts := map[int][3]int64{}
			for _, kept := range []int{10, 2000} {
				var c sqlstore.StatementCounter
				s := open(t, &c)
				ctx := context.Background()
				u := &domain.User{Username: "fern", Email: "fern@example.org", PasswordHash: "x", Role: domain.RoleUser, IsActive: true,
					NotificationPrefs: domain.DefaultNotificationPreferences(), CreatedAt: now}
				if err := s.CreateUser(ctx, u); err != nil {
					t.Fatal(err)
				}
				p := &domain.Plant{UserID: u.ID, Name: "Fern", Type: domain.Herbs, AcquiredDate: now, CreatedAt: now}
				if err := s.CreatePlant(ctx, p, 0); err != nil {
					t.Fatal(err)
				}
				sensors := app.NewSensors(s, nil, nil, fixedClock{now}, nil)
				thirty := 30.0
				l, err := sensors.Create(ctx, &domain.Principal{User: u}, p.ID, app.SensorInput{SensorID: "pot-1", MoistureBelow: &thirty})
				if err != nil {
					t.Fatal(err)
				}
				var rs []domain.SensorReading
				for i := range kept {
					rs = append(rs, domain.SensorReading{SensorID: "pot-1", Metric: domain.MetricMoisture, At: now.Add(-time.Duration(i+1) * time.Minute), Value: 50})
				}
				if err := s.AddSensorReadings(ctx, rs); err != nil {
					t.Fatal(err)
				}
				var got [3]int64
				before := c.Count()
				if err := sensors.HandleReading(ctx, domain.SensorReading{SensorID: "pot-1", Metric: domain.MetricMoisture, At: now, Value: 18}); err != nil {
					t.Fatal(err)
				}
				got[0] = c.Count() - before
				before = c.Count()
				views, err := sensors.List(ctx, &domain.Principal{User: u}, p.ID)
				if err != nil || len(views) != 1 || len(views[0].Latest) != 1 || views[0].Latest[0].Value != 18 || views[0].DrySince == nil {
					t.Fatalf("list %+v %v", views, err)
				}
				got[1] = c.Count() - before
				before = c.Count()
				series, err := sensors.Series(ctx, &domain.Principal{User: u}, p.ID, l.ID, "", 0)
				if err != nil || len(series) != min(kept, 7*24*60)+1 {
					t.Fatalf("series of %d: %v", len(series), err)
				}
				got[2] = c.Count() - before
				counts[kept] = got
			}
			if counts[10] != counts[2000] {
				t.Fatalf("statements (reading, card, chart) with 10 readings %v, with 2000 %v", counts[10], counts[2000])
			}
			if counts[10] != [3]int64{3, 2, 2} {
				t.Fatalf("statements (reading, card, chart) %v, want [3 2 2]", counts[10])
			}
		})
	}
}
