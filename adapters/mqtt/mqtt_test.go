package mqtt_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/gardenctl/garden/adapters/mqtt"
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

// broker is a mosquitto process on 127.0.0.1.
type broker struct {
	t    *testing.T
	conf string
	port int
	cmd  *exec.Cmd
}

func startBroker(t *testing.T) *broker {
	t.Helper()
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mosquitto is missing: .ci/run installs it (apt-get install mosquitto)")
		}
		t.Skip("NOTICE: mosquitto is not installed (apt-get install -y mosquitto); the MQTT tests did not run")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := filepath.Join(t.TempDir(), "mosquitto.conf")
	if err := os.WriteFile(conf, fmt.Appendf(nil, "listener %d 127.0.0.1\nallow_anonymous true\npersistence false\n", port), 0o600); err != nil {
		t.Fatal(err)
	}
	b := &broker{t: t, conf: conf, port: port}
	b.start(bin)
	t.Cleanup(b.stop)
	return b
}

func (b *broker) start(bin string) {
	b.t.Helper()
	b.cmd = exec.Command(bin, "-c", b.conf)
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	for range 100 {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", b.port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.t.Fatal("mosquitto did not start")
}

func (b *broker) stop() {
	if b.cmd != nil && b.cmd.Process != nil {
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
		b.cmd = nil
	}
}

func (b *broker) url() string { return fmt.Sprintf("mqtt://127.0.0.1:%d", b.port) }

// publish sends one retained-less message with QoS 1 from a client of its own.
func publish(t *testing.T, b *broker, topic, payload string) {
	t.Helper()
	c := paho.NewClient(paho.NewClientOptions().AddBroker(fmt.Sprintf("tcp://127.0.0.1:%d", b.port)).SetClientID(fmt.Sprintf("pub-%d", time.Now().UnixNano())))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("publisher: %v", tok.Error())
	}
	defer c.Disconnect(100)
	if tok := c.Publish(topic, 1, false, payload); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("publish: %v", tok.Error())
	}
}

// TestSubscriber_ReadingsAndReconnect: against a real mosquitto on 127.0.0.1, the subscriber
// hands on valid readings (a bare number and JSON), ignores the rest, and after the broker is
// restarted reconnects and subscribes again by itself.
func TestSubscriber_ReadingsAndReconnect(t *testing.T) {
	t.Parallel()
	b := startBroker(t)
	bin := b.cmd.Path
	var mu sync.Mutex
	var got []domain.SensorReading
	arrived := make(chan struct{}, 16)
	s, err := mqtt.New(mqtt.Config{URL: b.url(), RetryEvery: 200 * time.Millisecond, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
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

	b.stop()
	b.start(bin)
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
