// Package mqtt subscribes to soil-sensor readings on an MQTT broker (issue #29 item 2) with
// Eclipse Paho (github.com/eclipse/paho.mqtt.golang): mqtt:// or mqtts:// with a user and
// password, reconnecting and subscribing again on its own after the broker goes away.
package mqtt

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/gardenctl/garden/core/domain"
)

// Config configures a subscriber.
type Config struct {
	// URL is mqtt://user:password@host:1883 or mqtts://…:8883.
	URL string
	// Topic is the subscription's pattern (default domain.DefaultSensorTopic): its two last
	// levels are the sensor id and the metric.
	Topic string
	// ClientID names this connection on the broker (default "garden-<unix nanos>").
	ClientID string
	// Now stamps readings (default time.Now).
	Now func() time.Time
	// RetryEvery is the wait between reconnection attempts (default 2s).
	RetryEvery time.Duration
	Log        *slog.Logger
	// Subscriptions are further topics this connection subscribes to (Home Assistant's
	// retained discovery configs, the plants' command topics), again after each reconnection.
	Subscriptions []Subscription
	// OnConnect, when set, runs after each connection and its subscriptions (in a goroutine of
	// its own: it may publish).
	OnConnect func()
}

// Subscription is a further topic pattern and its handler.
type Subscription struct {
	Topic  string
	Handle func(ctx context.Context, topic string, payload []byte, retained bool)
}

// Subscriber hands each valid reading to its handler.
type Subscriber struct {
	cfg    Config
	mu     sync.Mutex
	client paho.Client
}

// ErrNotConnected answers a Publish while the connection is down.
var ErrNotConnected = errors.New("mqtt: not connected")

// Publish sends one message with QoS 1 on the running connection (Run) and waits up to 10 s
// for the broker to take it.
func (s *Subscriber) Publish(ctx context.Context, topic string, retained bool, payload []byte) error {
	s.mu.Lock()
	c := s.client
	s.mu.Unlock()
	if c == nil || !c.IsConnectionOpen() {
		return ErrNotConnected
	}
	t := c.Publish(topic, 1, retained, payload)
	select {
	case <-t.Done():
		return t.Error()
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(10 * time.Second):
		return fmt.Errorf("mqtt: publishing %s timed out", topic)
	}
}

// New checks cfg and builds a subscriber; Run connects it.
func New(cfg Config) (*Subscriber, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "mqtt" && u.Scheme != "mqtts") || u.Host == "" {
		return nil, fmt.Errorf("mqtt url: want mqtt://user:password@host:1883 or mqtts://…")
	}
	if cfg.Topic == "" {
		cfg.Topic = domain.DefaultSensorTopic
	}
	if cfg.ClientID == "" {
		cfg.ClientID = fmt.Sprintf("garden-%d", time.Now().UnixNano())
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RetryEvery <= 0 {
		cfg.RetryEvery = 2 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Subscriber{cfg: cfg}, nil
}

// ParseReading reads a message on topic: the topic's last two levels name the sensor and the
// metric; the payload is a bare number, a JSON number, {"value": n}, or an object keyed by
// the metric ({"moisture": 18.5}). ok is false for anything else or an invalid reading.
func ParseReading(topic string, payload []byte, at time.Time) (domain.SensorReading, bool) {
	levels := strings.Split(topic, "/")
	if len(levels) < 2 {
		return domain.SensorReading{}, false
	}
	r := domain.SensorReading{SensorID: levels[len(levels)-2], Metric: levels[len(levels)-1], At: at.UTC()}
	text := strings.TrimSpace(string(payload))
	if v, err := strconv.ParseFloat(text, 64); err == nil {
		r.Value = v
		return r, domain.ValidSensorReading(r)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &obj); err != nil {
		return r, false
	}
	raw, ok := obj["value"]
	if !ok {
		raw, ok = obj[r.Metric]
	}
	if !ok || json.Unmarshal(raw, &r.Value) != nil {
		return r, false
	}
	return r, domain.ValidSensorReading(r)
}

// Run connects and hands every valid reading to handle until ctx ends; the client reconnects
// and subscribes again by itself after the broker goes away. It returns when ctx ends, or an
// error when the first connection is refused for good (bad credentials).
func (s *Subscriber) Run(ctx context.Context, handle func(context.Context, domain.SensorReading)) error {
	u, _ := url.Parse(s.cfg.URL)
	broker := "tcp://" + u.Host
	if u.Scheme == "mqtts" {
		broker = "ssl://" + u.Host
	}
	opts := paho.NewClientOptions().AddBroker(broker).SetClientID(s.cfg.ClientID).
		SetAutoReconnect(true).SetConnectRetry(true).SetConnectRetryInterval(s.cfg.RetryEvery).
		SetMaxReconnectInterval(s.cfg.RetryEvery * 15).SetCleanSession(true).SetOrderMatters(false)
	if u.User != nil {
		opts.SetUsername(u.User.Username())
		if pw, ok := u.User.Password(); ok {
			opts.SetPassword(pw)
		}
	}
	if u.Scheme == "mqtts" {
		opts.SetTLSConfig(&tls.Config{MinVersion: tls.VersionTLS12, ServerName: u.Hostname()})
	}
	onMessage := func(_ paho.Client, m paho.Message) {
		r, ok := ParseReading(m.Topic(), m.Payload(), s.cfg.Now())
		if !ok {
			s.cfg.Log.Debug("mqtt: message ignored", "topic", m.Topic())
			return
		}
		handle(ctx, r)
	}
	// Subscribing in the connect handler subscribes again after every reconnection.
	opts.SetOnConnectHandler(func(c paho.Client) {
		if t := c.Subscribe(s.cfg.Topic, 1, onMessage); t.WaitTimeout(10*time.Second) && t.Error() != nil {
			s.cfg.Log.Error("mqtt: subscribing failed", "topic", s.cfg.Topic, "err", t.Error())
		} else {
			s.cfg.Log.Info("mqtt: subscribed", "topic", s.cfg.Topic)
		}
		for _, sub := range s.cfg.Subscriptions {
			handle := sub.Handle
			if t := c.Subscribe(sub.Topic, 1, func(_ paho.Client, m paho.Message) { handle(ctx, m.Topic(), m.Payload(), m.Retained()) }); t.WaitTimeout(10*time.Second) && t.Error() != nil {
				s.cfg.Log.Error("mqtt: subscribing failed", "topic", sub.Topic, "err", t.Error())
			}
		}
		if s.cfg.OnConnect != nil {
			go s.cfg.OnConnect()
		}
	})
	opts.SetConnectionLostHandler(func(_ paho.Client, err error) {
		s.cfg.Log.Warn("mqtt: connection lost; reconnecting", "err", err)
	})
	client := paho.NewClient(opts)
	s.mu.Lock()
	s.client = client
	s.mu.Unlock()
	t := client.Connect()
	select {
	case <-t.Done():
		if err := t.Error(); err != nil {
			return fmt.Errorf("mqtt: %w", err)
		}
	case <-ctx.Done():
	}
	<-ctx.Done()
	client.Disconnect(250)
	if errors.Is(ctx.Err(), context.Canceled) {
		return nil
	}
	return ctx.Err()
}
