package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Home Assistant discovery (issue #29 item 3, docs/decisions.md "MQTT sensors and Home
// Assistant"): each plant is a device with two sensors (status, next watering) and a button
// (mark it watered), announced by retained config messages under the discovery prefix; its
// state is a retained JSON message. The leader (the one MQTT consumer) keeps them in step by
// a pass over every plant each minute, and at once after a change it hears of (Nudge);
// messages unchanged since the last pass are not sent again, and the retained configs of
// plants that are gone are cleared (an empty retained message removes an entity).
const (
	// HADiscoveryPrefix is Home Assistant's default discovery prefix.
	HADiscoveryPrefix = "homeassistant"
	// HABase is the root of Garden's own topics: garden/plants/<id>/state and …/water.
	HABase = "garden/plants"
	// HAPage bounds one read of the pass.
	HAPage = 500
	// HAPressPayload is what Home Assistant's MQTT button sends by default.
	HAPressPayload = "PRESS"
)

// HomeAssistantStore is what discovery needs of storage.
type HomeAssistantStore interface {
	ports.PlantScanStore
	UserByID(ctx context.Context, id int64) (*domain.User, error)
}

// HomeAssistant publishes the plants to Home Assistant and takes their water buttons' presses.
type HomeAssistant struct {
	store HomeAssistantStore
	care  *CareTasks
	clock ports.Clock
	log   *slog.Logger

	mu sync.Mutex
	// sent holds what each plant's messages were last published as (a hash); retained the
	// plant ids whose configs the broker holds (seen on subscribing, or sent).
	sent     map[int64]string
	retained map[int64]bool
	nudge    chan struct{}
}

// NewHomeAssistant builds the discovery service; care marks plants watered.
func NewHomeAssistant(store HomeAssistantStore, care *CareTasks, clock ports.Clock, log *slog.Logger) *HomeAssistant {
	if log == nil {
		log = slog.Default()
	}
	return &HomeAssistant{store: store, care: care, clock: clock, log: log, sent: map[int64]string{}, retained: map[int64]bool{},
		nudge: make(chan struct{}, 1)}
}

// ConfigTopics is the retained-config subscription that tells which plants the broker holds.
func (h *HomeAssistant) ConfigTopics() string { return HADiscoveryPrefix + "/+/+/+/config" }

// CommandTopics is the subscription of the plants' water buttons.
func (h *HomeAssistant) CommandTopics() string { return HABase + "/+/water" }

func haObject(id int64) string { return fmt.Sprintf("garden_plant_%d", id) }

// SeenConfig registers a retained config message (ConfigTopics) of a plant on the broker, so a
// plant deleted while no Garden process was publishing is cleared too.
func (h *HomeAssistant) SeenConfig(_ context.Context, topic string, payload []byte, _ bool) {
	levels := strings.Split(topic, "/")
	if len(levels) != 5 || len(payload) == 0 {
		return
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(levels[2], "garden_plant_"), 10, 64)
	if err != nil || !strings.HasPrefix(levels[2], "garden_plant_") {
		return
	}
	h.mu.Lock()
	h.retained[id] = true
	h.mu.Unlock()
}

// Reconnected forgets what was sent: a broker restarted without persistence lost its retained
// messages, so the next pass publishes everything again.
func (h *HomeAssistant) Reconnected() {
	h.mu.Lock()
	h.sent = map[int64]string{}
	h.mu.Unlock()
	h.Nudge()
}

// Nudge asks for a pass now (a plant changed).
func (h *HomeAssistant) Nudge() {
	select {
	case h.nudge <- struct{}{}:
	default:
	}
}

// Run passes every `every` and after each Nudge until ctx ends.
func (h *HomeAssistant) Run(ctx context.Context, pub ports.MQTTPublisher, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if _, _, err := h.Sync(ctx, pub); err != nil && ctx.Err() == nil {
			h.log.Warn("home assistant: publishing failed; trying again", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-h.nudge:
		}
	}
}

type haMessage struct {
	topic   string
	payload []byte
}

// haState is a plant's retained state message.
type haState struct {
	Name         string  `json:"name"`
	Status       string  `json:"status"`
	NextWatering *string `json:"nextWatering"`
	LastWatered  *string `json:"lastWatered"`
	SensorDry    bool    `json:"sensorDry"`
}

// PlantMessages are the retained messages that announce plant p and its state on the day today.
func PlantMessages(p *domain.Plant, today time.Time) []haMessage {
	obj := haObject(p.ID)
	state := fmt.Sprintf("%s/%d/state", HABase, p.ID)
	device := map[string]any{"identifiers": []string{obj}, "name": p.Name, "manufacturer": "Garden", "model": "Plant"}
	if p.Species != "" {
		device["model"] = p.Species
	}
	config := func(kind, key string, extra map[string]any) haMessage {
		c := map[string]any{"name": extra["name"], "unique_id": obj + "_" + key, "object_id": obj + "_" + key, "device": device,
			"availability_topic": HABase + "/availability"}
		for k, v := range extra {
			c[k] = v
		}
		b, _ := json.Marshal(c)
		return haMessage{topic: fmt.Sprintf("%s/%s/%s/%s/config", HADiscoveryPrefix, kind, obj, key), payload: b}
	}
	st := haState{Name: p.Name, Status: string(p.StatusOn(today, nil)), SensorDry: p.SensorDryAt != nil}
	if next := p.NextWatering(); next != nil {
		d := domain.DateOf(next.UTC()).Format(domain.DateLayout)
		st.NextWatering = &d
	}
	if p.LastWatered != nil {
		w := p.LastWatered.UTC().Format(time.RFC3339)
		st.LastWatered = &w
	}
	sb, _ := json.Marshal(st)
	return []haMessage{
		config("sensor", "status", map[string]any{"name": "Status", "state_topic": state, "value_template": "{{ value_json.status }}",
			"icon": "mdi:sprout", "json_attributes_topic": state}),
		config("sensor", "next_watering", map[string]any{"name": "Next watering", "state_topic": state, "device_class": "date",
			"value_template": "{{ value_json.nextWatering }}", "icon": "mdi:watering-can"}),
		config("button", "water", map[string]any{"name": "Mark watered", "command_topic": fmt.Sprintf("%s/%d/water", HABase, p.ID),
			"payload_press": HAPressPayload, "icon": "mdi:watering-can-outline"}),
		{topic: state, payload: sb},
	}
}

// clearMessages are the empty retained messages that remove plant id from Home Assistant.
func clearMessages(id int64) []haMessage {
	obj := haObject(id)
	return []haMessage{
		{topic: fmt.Sprintf("%s/sensor/%s/status/config", HADiscoveryPrefix, obj)},
		{topic: fmt.Sprintf("%s/sensor/%s/next_watering/config", HADiscoveryPrefix, obj)},
		{topic: fmt.Sprintf("%s/button/%s/water/config", HADiscoveryPrefix, obj)},
		{topic: fmt.Sprintf("%s/%d/state", HABase, id)},
	}
}

func hashMessages(ms []haMessage) string {
	h := sha256.New()
	for _, m := range ms {
		h.Write([]byte(m.topic))
		h.Write([]byte{0})
		h.Write(m.payload)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Sync is one pass: it publishes the messages of every plant whose messages changed since they
// were last sent, and clears the plants the broker holds that are gone. It reads every plant,
// HAPage a statement.
func (h *HomeAssistant) Sync(ctx context.Context, pub ports.MQTTPublisher) (published, cleared int, err error) {
	today := h.clock.Now()
	exists := map[int64]bool{}
	if err := pub.Publish(ctx, HABase+"/availability", true, []byte("online")); err != nil {
		return 0, 0, err
	}
	var after int64
	for {
		plants, err := h.store.PlantsAfter(ctx, after, HAPage)
		if err != nil {
			return published, cleared, err
		}
		for _, p := range plants {
			exists[p.ID] = true
			ms := PlantMessages(p, today)
			sum := hashMessages(ms)
			h.mu.Lock()
			same := h.sent[p.ID] == sum
			h.mu.Unlock()
			if same {
				continue
			}
			for _, m := range ms {
				if err := pub.Publish(ctx, m.topic, true, m.payload); err != nil {
					return published, cleared, err
				}
			}
			h.mu.Lock()
			h.sent[p.ID], h.retained[p.ID] = sum, true
			h.mu.Unlock()
			published++
		}
		if len(plants) < HAPage {
			break
		}
		after = plants[len(plants)-1].ID
	}
	h.mu.Lock()
	var gone []int64
	for id := range h.retained {
		if !exists[id] {
			gone = append(gone, id)
		}
	}
	h.mu.Unlock()
	for _, id := range gone {
		for _, m := range clearMessages(id) {
			if err := pub.Publish(ctx, m.topic, true, nil); err != nil {
				return published, cleared, err
			}
		}
		h.mu.Lock()
		delete(h.retained, id)
		delete(h.sent, id)
		h.mu.Unlock()
		cleared++
	}
	return published, cleared, nil
}

// Command takes a press of a plant's water button (garden/plants/<id>/water, payload PRESS or
// water): the plant is watered as its owner would water it (Water Now). The broker's topic ACL
// is what authenticates the sender; a command for a plant that does not exist, of an inactive
// owner, or with another payload is ignored.
func (h *HomeAssistant) Command(ctx context.Context, topic string, payload []byte, retained bool) {
	levels := strings.Split(topic, "/")
	if retained || len(levels) != 4 || levels[3] != "water" {
		return
	}
	if p := strings.TrimSpace(string(payload)); p != HAPressPayload && !strings.EqualFold(p, "water") {
		h.log.Debug("home assistant: command ignored", "topic", topic)
		return
	}
	id, err := strconv.ParseInt(levels[2], 10, 64)
	if err != nil || id <= 0 {
		return
	}
	if err := h.water(ctx, id); err != nil {
		h.log.Warn("home assistant: water button refused", "plant", id, "err", err)
		return
	}
	h.Nudge()
}

func (h *HomeAssistant) water(ctx context.Context, id int64) error {
	plants, err := h.store.PlantsAfter(ctx, id-1, 1)
	if err != nil {
		return err
	}
	if len(plants) == 0 || plants[0].ID != id {
		return domain.Errorf(domain.ENotFound, domain.MsgPlantNotFound)
	}
	u, err := h.store.UserByID(ctx, plants[0].UserID)
	if err != nil {
		return err
	}
	if !u.IsActive {
		return domain.Errorf(domain.EForbidden, "The plant's owner is not active")
	}
	_, err = h.care.CareNow(ctx, &domain.Principal{User: u}, domain.TaskWater, []int64{id}, time.Time{})
	return err
}
