package mqtt_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/adapters/mqtt"
	"github.com/gardenctl/garden/adapters/mqtt/mqtttest"
	"github.com/gardenctl/garden/core/domain"
)

func TestParseReading(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		topic, payload string
		ok             bool
		want           float64
	}{
		{"garden/sensors/pot-1/moisture", "18.5", true, 18.5},
		{"garden/sensors/pot-1/moisture", " 42 ", true, 42},
		{"garden/sensors/pot-1/temperature", `{"value": -3.5}`, true, -3.5},
		{"garden/sensors/pot-1/light", `{"light": 1200}`, true, 1200},
		{"garden/sensors/pot-1/battery", `{"battery": 101}`, false, 0},
		{"garden/sensors/pot-1/moisture", `-1`, false, 0},
		{"garden/sensors/pot-1/humidity", `50`, false, 0},
		{"garden/sensors/pot-1/moisture", `{"other": 5}`, false, 0},
		{"garden/sensors/pot-1/moisture", `wet`, false, 0},
		{"garden/sensors/pot-1/moisture", `NaN`, false, 0},
		{"moisture", `5`, false, 0},
	} {
		r, ok := mqtt.ParseReading(c.topic, []byte(c.payload), at)
		if ok != c.ok || (ok && (r.Value != c.want || r.SensorID != "pot-1" || !r.At.Equal(at))) {
			t.Errorf("%s %q: %+v %v", c.topic, c.payload, r, ok)
		}
	}
}

// publish sends one retained-less message with QoS 1 from a client of its own.
func publish(t *testing.T, b *mqtttest.Broker, topic, payload string) {
	t.Helper()
	c := b.Client(t)
	if tok := c.Publish(topic, 1, false, payload); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("publish: %v", tok.Error())
	}
}

// TestSubscriber_ReadingsAndReconnect: against a real mosquitto on 127.0.0.1, the subscriber
// hands on valid readings (a bare number and JSON), ignores the rest, and after the broker is
// restarted reconnects and subscribes again by itself.
func TestSubscriber_ReadingsAndReconnect(t *testing.T) {
	t.Parallel()
	b := mqtttest.Start(t)
	var mu sync.Mutex
	var got []domain.SensorReading
	arrived := make(chan struct{}, 16)
	s, err := mqtt.New(mqtt.Config{URL: b.URL(), RetryEvery: 200 * time.Millisecond, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- s.Run(ctx, func(_ context.Context, r domain.SensorReading) {
			mu.Lock()
			got = append(got, r)
			mu.Unlock()
			arrived <- struct{}{}
		})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	// Publish until the subscription is in place (the first messages may precede it).
	waitFor := func(topic, payload string) {
		t.Helper()
		deadline := time.After(30 * time.Second)
		for {
			publish(t, b, topic, payload)
			select {
			case <-arrived:
				return
			case <-time.After(300 * time.Millisecond):
			case <-deadline:
				t.Fatalf("no reading for %s", topic)
			}
		}
	}
	waitFor("garden/sensors/pot-1/moisture", "18")
	publish(t, b, "garden/sensors/pot-1/moisture", "soaked") // ignored
	waitFor("garden/sensors/pot-1/temperature", `{"value": 21.5}`)

	b.Stop()
	b.Restart()
	waitFor("garden/sensors/pot-2/moisture", `{"moisture": 64}`)

	mu.Lock()
	defer mu.Unlock()
	first, last := got[0], got[len(got)-1]
	if first.SensorID != "pot-1" || first.Metric != domain.MetricMoisture || first.Value != 18 ||
		last.SensorID != "pot-2" || last.Value != 64 {
		t.Fatalf("readings %+v", got)
	}
	for _, r := range got {
		if !domain.ValidSensorReading(r) {
			t.Fatalf("an invalid reading was handed on: %+v", r)
		}
	}
}
