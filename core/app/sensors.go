package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// SensorStore is what the sensors service needs of storage.
type SensorStore interface {
	ports.SensorReadingStore
	ports.SensorLinkStore
	// PlantByID reads one of the owner's plants (ports.PlantStore's).
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
	// InTx runs fn in one transaction (ports.OutboxStore's).
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// MaxSensorSeriesPoints bounds one chart's series.
const MaxSensorSeriesPoints = 2500

// Sensors links soil sensors to plants and turns their readings into the plant's status (issue
// #29 item 2): a moisture reading below a link's threshold starts a dry spell, which makes the
// plant's watering due (domain.Plant.SensorDryAt) and, once a spell, emits plant.needs_water
// and a care reminder ("Soil moisture 18 %"), in the transaction that stores the reading.
type Sensors struct {
	store    SensorStore
	hooks    *Webhooks
	notifier *Notifier
	clock    ports.Clock
	log      *slog.Logger
	// changed, when set, hears the plant a link change or a dry spell touched (Home Assistant).
	changed func(ctx context.Context, userID, plantID int64)
}

// NewSensors builds the sensors service; hooks and notifier may be nil.
func NewSensors(store SensorStore, hooks *Webhooks, notifier *Notifier, clock ports.Clock, log *slog.Logger) *Sensors {
	if log == nil {
		log = slog.Default()
	}
	return &Sensors{store: store, hooks: hooks, notifier: notifier, clock: clock, log: log}
}

// OnPlantChanged sets the hook told when a link or a dry spell changes a plant's status.
func (s *Sensors) OnPlantChanged(fn func(ctx context.Context, userID, plantID int64)) { s.changed = fn }

// SensorLinkView is a link with its sensor's newest reading of each metric.
type SensorLinkView struct {
	*domain.SensorLink
	Latest []domain.SensorReading
}

// List returns the sensors linked to the caller's plant, each with its newest readings.
func (s *Sensors) List(ctx context.Context, p *domain.Principal, plantID int64) ([]SensorLinkView, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	links, err := s.store.SensorLinks(ctx, p.User.ID, plantID)
	if err != nil {
		return nil, err
	}
	if len(links) == 0 {
		// None: another's plant (or none) is not found, as everywhere else.
		if _, err := s.store.PlantByID(ctx, p.User.ID, plantID); err != nil {
			return nil, plantNotFound(err)
		}
	}
	out := make([]SensorLinkView, len(links))
	for i, l := range links {
		latest, err := s.store.LatestSensorReadings(ctx, l.SensorID)
		if err != nil {
			return nil, err
		}
		out[i] = SensorLinkView{SensorLink: l, Latest: latest}
	}
	return out, nil
}

// SensorInput is a new link.
type SensorInput struct {
	SensorID      string
	MoistureBelow *float64
}

// Create links a sensor to the caller's plant.
func (s *Sensors) Create(ctx context.Context, p *domain.Principal, plantID int64, in SensorInput) (*domain.SensorLink, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	l := &domain.SensorLink{UserID: p.User.ID, PlantID: plantID, SensorID: in.SensorID, MoistureBelow: in.MoistureBelow, CreatedAt: now, UpdatedAt: now}
	if err := l.Validate(); err != nil {
		return nil, err
	}
	if err := s.store.CreateSensorLink(ctx, l, domain.MaxSensorsPerPlant); err != nil {
		return nil, err
	}
	s.notifyChanged(ctx, p.User.ID, plantID)
	return l, nil
}

// SensorPatch changes a link's threshold: ClearThreshold removes it.
type SensorPatch struct {
	MoistureBelow  *float64
	ClearThreshold bool
}

// Update changes the threshold of a link of the caller's plant. A new threshold is applied to
// the newest moisture reading at once: the status follows without waiting for the sensor.
func (s *Sensors) Update(ctx context.Context, p *domain.Principal, plantID, id int64, patch SensorPatch) (*domain.SensorLink, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	var out *domain.SensorLink
	err := s.tx(ctx, func(ctx context.Context) error {
		l, err := s.store.SensorLink(ctx, p.User.ID, plantID, id)
		if err != nil {
			return err
		}
		if patch.ClearThreshold {
			l.MoistureBelow = nil
		} else if patch.MoistureBelow != nil {
			l.MoistureBelow = patch.MoistureBelow
		}
		if err := l.Validate(); err != nil {
			return err
		}
		if l.LastMoisture != nil && l.LastAt != nil {
			_, plant, err := s.store.SensorLinkBySensor(ctx, l.SensorID)
			if err != nil {
				return err
			}
			last, at := *l.LastMoisture, *l.LastAt
			l.LastAt = nil // re-apply the newest reading under the new threshold
			if l.ApplyMoisture(last, at, plant.LastWatered) == domain.DryStarted {
				if err := s.tellDry(ctx, l, plant.Name, last); err != nil {
					return err
				}
			}
		}
		l.UpdatedAt = s.clock.Now()
		if err := s.store.UpdateSensorLink(ctx, l); err != nil {
			return err
		}
		out = l
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.notifyChanged(ctx, p.User.ID, plantID)
	return out, nil
}

// Delete unlinks a sensor from the caller's plant (its readings stay until retention ends them).
func (s *Sensors) Delete(ctx context.Context, p *domain.Principal, plantID, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	if err := s.store.DeleteSensorLink(ctx, p.User.ID, plantID, id); err != nil {
		return err
	}
	s.notifyChanged(ctx, p.User.ID, plantID)
	return nil
}

// Series returns a linked sensor's readings of one metric over the last hours (at most 90
// days), oldest first: raw for the last 7 days, hourly before.
func (s *Sensors) Series(ctx context.Context, p *domain.Principal, plantID, id int64, metric string, hours int) ([]domain.SensorReading, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	l, err := s.store.SensorLink(ctx, p.User.ID, plantID, id)
	if err != nil {
		return nil, err
	}
	if metric == "" {
		metric = domain.MetricMoisture
	}
	if !validMetric(metric) {
		var v domain.Validation
		v.Add("metric", domain.MsgSensorMetric)
		return nil, v.Err()
	}
	if hours <= 0 {
		hours = 7 * 24
	}
	hours = min(hours, int(domain.SensorKeepFor/time.Hour))
	now := s.clock.Now()
	return s.store.SensorReadings(ctx, l.SensorID, metric, now.Add(-time.Duration(hours)*time.Hour), now.Add(time.Minute), MaxSensorSeriesPoints)
}

func validMetric(m string) bool {
	for _, x := range domain.SensorMetrics {
		if x == m {
			return true
		}
	}
	return false
}

func (s *Sensors) tx(ctx context.Context, fn func(ctx context.Context) error) error {
	if err := s.store.InTx(ctx, fn); err != nil {
		return err
	}
	s.hooks.nudge()
	if s.notifier != nil {
		s.notifier.dispatcher.Nudge()
	}
	return nil
}

func (s *Sensors) notifyChanged(ctx context.Context, userID, plantID int64) {
	if s.changed != nil {
		s.changed(ctx, userID, plantID)
	}
}

// HandleReading stores one reading and, for a linked sensor's moisture, updates its dry spell
// in the same transaction: a spell that starts emits plant.needs_water and a care reminder
// once. Invalid readings are dropped.
func (s *Sensors) HandleReading(ctx context.Context, r domain.SensorReading) error {
	if !domain.ValidSensorReading(r) {
		return nil
	}
	var change domain.DryChange
	var link *domain.SensorLink
	err := s.tx(ctx, func(ctx context.Context) error {
		if err := s.store.AddSensorReadings(ctx, []domain.SensorReading{r}); err != nil {
			return err
		}
		if r.Metric != domain.MetricMoisture {
			return nil
		}
		l, plant, err := s.store.SensorLinkBySensor(ctx, r.SensorID)
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil
		}
		if err != nil {
			return err
		}
		change = l.ApplyMoisture(r.Value, r.At, plant.LastWatered)
		if change == domain.DryStarted {
			if err := s.tellDry(ctx, l, plant.Name, r.Value); err != nil {
				return err
			}
		}
		l.UpdatedAt = s.clock.Now()
		link = l
		return s.store.UpdateSensorLink(ctx, l)
	})
	if err != nil {
		return err
	}
	if link != nil && change != domain.DryUnchanged {
		s.notifyChanged(ctx, link.UserID, link.PlantID)
	}
	return nil
}

// tellDry emits plant.needs_water and a care reminder for a dry spell that began, in ctx's
// transaction.
func (s *Sensors) tellDry(ctx context.Context, l *domain.SensorLink, plantName string, value float64) error {
	text := domain.SoilMoistureText(value)
	if err := s.hooks.EmitEvent(ctx, domain.EventPlantNeedsWater, []int64{l.UserID}, map[string]any{
		"plantId": l.PlantID, "plantName": plantName, "reason": "sensor", "sensorId": l.SensorID, "moisture": value,
		"threshold": l.MoistureBelow, "message": text}); err != nil {
		return err
	}
	uid := l.UserID
	_, err := s.notifier.Send(ctx, []Note{{
		Notification: &domain.Notification{Kind: domain.KindCareReminder, Title: fmt.Sprintf("%s needs water", plantName), Content: text,
			TargetType: domain.TargetUser, TargetID: &uid, Data: map[string]any{"url": fmt.Sprintf("/plants/%d", l.PlantID), "plantId": l.PlantID}},
		Coalesce: fmt.Sprintf("sensor:%d", l.ID),
		Keep:     func(u *domain.User) bool { return u.NotificationPrefs.CareReminders },
	}})
	return err
}

// Retention folds raw readings older than domain.SensorRawFor into hourly rows and deletes
// readings older than domain.SensorKeepFor; it returns how many rows each pass touched.
func (s *Sensors) Retention(ctx context.Context) (folded, pruned int, err error) {
	now := s.clock.Now()
	if folded, err = s.store.DownsampleSensorReadings(ctx, now.Add(-domain.SensorRawFor)); err != nil {
		return 0, 0, err
	}
	pruned, err = s.store.PruneSensorReadings(ctx, now.Add(-domain.SensorKeepFor))
	return folded, pruned, err
}
