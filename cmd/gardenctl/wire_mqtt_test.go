package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/gardenctl/garden/adapters/mqtt/mqtttest"
	"github.com/gardenctl/garden/cli"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

func call(t *testing.T, h http.Handler, method, path, token string, body any) (int, map[string]any, []any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var obj map[string]any
	var arr []any
	raw := rec.Body.Bytes()
	if len(raw) > 0 && raw[0] == '[' {
		_ = json.Unmarshal(raw, &arr)
	} else {
		_ = json.Unmarshal(raw, &obj)
	}
	return rec.Code, obj, arr
}

func eventually(t *testing.T, what string, within time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// retained collects the messages a test client hears, by topic (the last one wins).
type retained struct {
	mu   sync.Mutex
	msgs map[string]string
}

func (r *retained) get(topic string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.msgs[topic]
	return v, ok
}

// TestMQTT_TwoReplicas runs two replicas of the real wiring on one database with
// GARDEN_MQTT_URL and GARDEN_MQTT_DISCOVERY against a real mosquitto: exactly one consumes;
// a linked sensor's readings are stored once each and a reading below the threshold turns the
// plant to needs_water; the plant is announced to Home Assistant with its status; its water
// button waters it; when the leader stops, the other replica takes over and consumes; a deleted
// plant's discovery configs are cleared.
func TestMQTT_TwoReplicas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	broker := mqtttest.Start(t)
	cfg := testConfig(t, "")
	cfg.MQTTURL, cfg.MQTTDiscovery = broker.URL(), true
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	var mu sync.Mutex
	leading := map[string]bool{}
	leads := map[string]int{}
	start := func(name string) *cli.Runtime {
		rt, err := wireTuned(ctx, cfg, log, mqttTuning{Retry: 300 * time.Millisecond, Renew: 200 * time.Millisecond, Discovery: 300 * time.Millisecond,
			OnLead: func(on bool) {
				mu.Lock()
				defer mu.Unlock()
				leading[name] = on
				if on {
					leads[name]++
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rt.Close() })
		if _, err := rt.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if err := rt.PrepareJobs(ctx); err != nil {
			t.Fatal(err)
		}
		if err := rt.StartJobs(ctx); err != nil {
			t.Fatal(err)
		}
		return rt
	}
	a := start("a")
	b := start("b")
	stopped := map[string]bool{}
	t.Cleanup(func() {
		if !stopped["a"] {
			_ = a.StopJobs()
		}
		if !stopped["b"] {
			_ = b.StopJobs()
		}
	})
	leader := func() string {
		mu.Lock()
		defer mu.Unlock()
		var names []string
		for n, on := range leading {
			if on {
				names = append(names, n)
			}
		}
		if len(names) > 1 {
			t.Fatalf("two consumers at once: %v", names)
		}
		if len(names) == 0 {
			return ""
		}
		return names[0]
	}
	eventually(t, "one replica leads", 10*time.Second, func() bool { return leader() != "" })

	// A gardener, a plant and a sensor linked with a threshold of 30 %.
	if _, err := a.Accounts.CreateUser(ctx, app.NewUser{Username: "hana", Password: "long-password-1", Role: domain.RoleUser}); err != nil {
		t.Fatal(err)
	}
	code, login, _ := call(t, a.Handler, "POST", "/api/login", "", map[string]any{"username": "hana", "password": "long-password-1"})
	token, _ := login["token"].(string)
	if code != 200 || token == "" {
		t.Fatalf("login: %d %v", code, login)
	}
	code, plant, _ := call(t, a.Handler, "POST", "/api/plants", token, map[string]any{"name": "Basil", "waterFrequency": 7})
	if code != 201 {
		t.Fatalf("create plant: %d %v", code, plant)
	}
	pid := int64(plant["id"].(float64))
	sensors := fmt.Sprintf("/api/plants/%d/sensors", pid)
	code, link, _ := call(t, b.Handler, "POST", sensors, token, map[string]any{"sensorId": "pot-1", "moistureBelow": 30})
	if code != 201 {
		t.Fatalf("link: %d %v", code, link)
	}

	// The test's own client hears the discovery messages.
	heard := &retained{msgs: map[string]string{}}
	client := broker.Client(t)
	for _, topic := range []string{"homeassistant/#", "garden/plants/#"} {
		if tok := client.Subscribe(topic, 1, func(_ paho.Client, m paho.Message) {
			heard.mu.Lock()
			heard.msgs[m.Topic()] = string(m.Payload())
			heard.mu.Unlock()
		}); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			t.Fatal(tok.Error())
		}
	}
	latest := func(h http.Handler) map[string]float64 {
		_, _, arr := call(t, h, "GET", sensors, token, nil)
		out := map[string]float64{}
		if len(arr) == 1 {
			for _, r := range arr[0].(map[string]any)["latest"].([]any) {
				m := r.(map[string]any)
				out[m["metric"].(string)] = m["value"].(float64)
			}
		}
		return out
	}
	// Publish until the consumer has subscribed (the first messages may precede it).
	eventually(t, "a moist reading stored", 20*time.Second, func() bool {
		mqtttest.Publish(t, client, "garden/sensors/pot-1/moisture", false, "55")
		time.Sleep(200 * time.Millisecond)
		return latest(a.Handler)["moisture"] == 55
	})
	status := func() string {
		_, p, _ := call(t, a.Handler, "GET", fmt.Sprintf("/api/plants/%d", pid), token, nil)
		s, _ := p["status"].(string)
		return s
	}
	if s := status(); s != "healthy" {
		t.Fatalf("status with a moist pot: %s", s)
	}
	mqtttest.Publish(t, client, "garden/sensors/pot-1/moisture", false, `{"value": 18}`)
	mqtttest.Publish(t, client, "garden/sensors/pot-1/temperature", false, "21.5")
	eventually(t, "the dry pot needs water", 10*time.Second, func() bool { return status() == "needs_water" })
	eventually(t, "the temperature stored", 10*time.Second, func() bool { return latest(b.Handler)["temperature"] == 21.5 })
	// Each reading was stored once: one consumer.
	_, _, series := call(t, a.Handler, "GET", sensors+"/"+fmt.Sprint(link["id"])+"/readings?metric=moisture&hours=1", token, nil)
	dry := 0
	for _, r := range series {
		if r.(map[string]any)["value"].(float64) == 18 {
			dry++
		}
	}
	if dry != 1 {
		t.Fatalf("the reading of 18 %% stored %d times: %v", dry, series)
	}

	// Home Assistant: the plant is a device with its status; its button waters it.
	obj := fmt.Sprintf("garden_plant_%d", pid)
	stateTopic := fmt.Sprintf("garden/plants/%d/state", pid)
	eventually(t, "the discovery configs and the needs_water state", 10*time.Second, func() bool {
		st, ok := heard.get(stateTopic)
		_, okBtn := heard.get("homeassistant/button/" + obj + "/water/config")
		_, okNext := heard.get("homeassistant/sensor/" + obj + "/next_watering/config")
		return ok && okBtn && okNext && strings.Contains(st, `"status":"needs_water"`)
	})
	cfgStatus, _ := heard.get("homeassistant/sensor/" + obj + "/status/config")
	var disc map[string]any
	if err := json.Unmarshal([]byte(cfgStatus), &disc); err != nil || disc["state_topic"] != stateTopic ||
		disc["device"].(map[string]any)["name"] != "Basil" || disc["unique_id"] != obj+"_status" {
		t.Fatalf("status config %s", cfgStatus)
	}
	btn, _ := heard.get("homeassistant/button/" + obj + "/water/config")
	if !strings.Contains(btn, fmt.Sprintf(`"command_topic":"garden/plants/%d/water"`, pid)) {
		t.Fatalf("button config %s", btn)
	}
	mqtttest.Publish(t, client, "garden/plants/999999/water", false, "PRESS") // no such plant: ignored
	mqtttest.Publish(t, client, fmt.Sprintf("garden/plants/%d/water", pid), false, "PRESS")
	eventually(t, "the water button waters the plant", 10*time.Second, func() bool { return status() == "healthy" })
	eventually(t, "the state says healthy", 10*time.Second, func() bool {
		st, _ := heard.get(stateTopic)
		return strings.Contains(st, `"status":"healthy"`)
	})

	// The leader stops; the other takes over and consumes.
	first := leader()
	other := map[string]string{"a": "b", "b": "a"}[first]
	if first == "a" {
		_ = a.StopJobs()
	} else {
		_ = b.StopJobs()
	}
	stopped[first] = true
	eventually(t, "the other replica leads", 10*time.Second, func() bool { return leader() == other })
	eventually(t, "a reading consumed by the new leader", 20*time.Second, func() bool {
		mqtttest.Publish(t, client, "garden/sensors/pot-1/moisture", false, "47")
		time.Sleep(200 * time.Millisecond)
		return latest(a.Handler)["moisture"] == 47
	})

	// A deleted plant leaves Home Assistant.
	live := map[string]*cli.Runtime{"a": a, "b": b}[other]
	if code, _, _ := call(t, live.Handler, "DELETE", fmt.Sprintf("/api/plants/%d", pid), token, nil); code != 204 && code != 200 {
		t.Fatalf("delete plant: %d", code)
	}
	eventually(t, "the deleted plant's configs cleared", 10*time.Second, func() bool {
		v, ok := heard.get("homeassistant/button/" + obj + "/water/config")
		return ok && v == ""
	})
}
