// Package mqtttest starts a real mosquitto on 127.0.0.1 for tests (issue #29: MQTT is tested
// against a real broker process). Without mosquitto a test is skipped with a notice on a
// developer's machine and fails in CI (CI=true), which installs it.
package mqtttest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// Broker is a mosquitto process listening on 127.0.0.1:Port.
type Broker struct {
	t    testing.TB
	bin  string
	conf string
	Port int
	cmd  *exec.Cmd
}

// Start starts a broker of the test's own (anonymous access, no persistence) and stops it at
// the test's end.
func Start(t testing.TB) *Broker {
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
	b := &Broker{t: t, bin: bin, conf: conf, Port: port}
	b.Restart()
	t.Cleanup(b.Stop)
	return b
}

// Restart starts the broker again after Stop (or for the first time).
func (b *Broker) Restart() {
	b.t.Helper()
	b.cmd = exec.Command(b.bin, "-c", b.conf)
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	for range 100 {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", b.Port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.t.Fatal("mosquitto did not start")
}

// Stop kills the broker.
func (b *Broker) Stop() {
	if b.cmd != nil && b.cmd.Process != nil {
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
		b.cmd = nil
	}
}

// URL is the broker's mqtt:// address.
func (b *Broker) URL() string { return fmt.Sprintf("mqtt://127.0.0.1:%d", b.Port) }

// Client connects a client of the test's own.
func (b *Broker) Client(t testing.TB) paho.Client {
	t.Helper()
	c := paho.NewClient(paho.NewClientOptions().AddBroker(fmt.Sprintf("tcp://127.0.0.1:%d", b.Port)).
		SetClientID(fmt.Sprintf("test-%d", time.Now().UnixNano())).SetOrderMatters(false))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("mqtt test client: %v", tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(100) })
	return c
}

// Publish sends one message with QoS 1 from c.
func Publish(t testing.TB, c paho.Client, topic string, retained bool, payload string) {
	t.Helper()
	if tok := c.Publish(topic, 1, retained, payload); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("publish %s: %v", topic, tok.Error())
	}
}
