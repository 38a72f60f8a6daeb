package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/adapters/mqtt"
	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/configs"
	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/jobs"
)

// MQTTConsumerName names the lock of the installation's one MQTT consumer.
const MQTTConsumerName = "mqtt-consumer"

// mqttTuning are the leader's and the discovery pass's intervals (tests shorten them).
type mqttTuning struct {
	Retry, Renew, Discovery time.Duration
	OnLead                  func(bool)
}

// mqttWorker is the one MQTT connection of the installation (GARDEN_MQTT_URL): the process that
// holds the mqtt-consumer lock subscribes to the sensors' readings and, with
// GARDEN_MQTT_DISCOVERY, publishes the plants to Home Assistant and takes their water buttons.
// Another replica takes over within Retry when the holder dies or loses its lease.
func mqttWorker(cfg configs.Config, store *sqlstore.Store, sensors *app.Sensors, ha *app.HomeAssistant, tune mqttTuning, log *slog.Logger) jobs.LeaderWorker {
	return jobs.LeaderWorker{Key: MQTTConsumerName, Locker: store.JobLeaseLocker(), Retry: tune.Retry, Renew: tune.Renew, Log: log, OnLead: tune.OnLead,
		Lead: func(ctx context.Context) error {
			mc := mqtt.Config{URL: cfg.MQTTURL, Topic: cfg.MQTTTopic, Log: log}
			var sub *mqtt.Subscriber
			if ha != nil {
				mc.Subscriptions = []mqtt.Subscription{{Topic: ha.ConfigTopics(), Handle: ha.SeenConfig}, {Topic: ha.CommandTopics(), Handle: ha.Command}}
				mc.OnConnect = ha.Reconnected
			}
			sub, err := mqtt.New(mc)
			if err != nil {
				return err
			}
			if ha != nil {
				every := tune.Discovery
				if every <= 0 {
					every = time.Minute
				}
				go ha.Run(ctx, sub, every)
			}
			return sub.Run(ctx, func(ctx context.Context, r domain.SensorReading) {
				if err := sensors.HandleReading(ctx, r); err != nil && ctx.Err() == nil {
					log.Error("mqtt: a reading was not stored", "sensor", r.SensorID, "metric", r.Metric, "err", err)
				}
			})
		}}
}
