package domain

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Sensor links (issue #29 item 2, docs/decisions.md "MQTT sensors and Home Assistant"): a
// gardener links a sensor id to one of their plants with a moisture threshold; a reading below
// it starts a dry spell, which makes the plant's watering due (Plant.SensorDryAt, NextWatering)
// until the plant is watered or the soil reads moist again.
const (
	// MaxSensorsPerPlant bounds a plant's links (and so its list).
	MaxSensorsPerPlant = 4
	// SensorHysteresis is how many percentage points above the threshold a reading must be to
	// end a dry spell, so a pot hovering at the threshold does not start one a reading.
	SensorHysteresis = 3.0
	// SensorWaterGrace is how long after a watering made during a dry spell a dry reading is
	// read as the water still soaking in, not as a new dry spell.
	SensorWaterGrace = time.Hour

	MsgSensorNotFound      = "Sensor not found"
	MsgSensorIDRequired    = "Sensor ID is required"
	MsgSensorIDInvalid     = "Sensor ID must be 1 to 100 characters without spaces, '/', '+' or '#'"
	MsgSensorThreshold     = "Threshold must be between 0 and 100"
	MsgSensorLinked        = "This sensor is already linked to a plant"
	MsgSensorLimit         = "A plant can have at most 4 sensors"
	MsgSensorPlantNotFound = "Plant not found"
	MsgSensorMetric        = "Metric must be moisture, temperature, light or battery"
)

// SensorLink links a sensor to a plant.
type SensorLink struct {
	ID       int64
	UserID   int64
	PlantID  int64
	SensorID string
	// MoistureBelow is the threshold in percent: a moisture reading below it means the plant
	// needs water; nil: readings are shown, the status is left alone.
	MoistureBelow *float64
	// DrySince starts the current dry spell (nil: none).
	DrySince *time.Time
	// LastMoisture and LastAt are the newest moisture reading.
	LastMoisture *float64
	LastAt       *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// ValidSensorID reports whether id can name a sensor in a topic level.
func ValidSensorID(id string) bool {
	return ValidSensorReading(SensorReading{SensorID: id, Metric: MetricTemperature})
}

// Validate checks the sensor id and the threshold, trimming the id.
func (l *SensorLink) Validate() error {
	var v Validation
	l.SensorID = strings.TrimSpace(l.SensorID)
	switch {
	case l.SensorID == "":
		v.Add("sensorId", MsgSensorIDRequired)
	case !ValidSensorID(l.SensorID):
		v.Add("sensorId", MsgSensorIDInvalid)
	}
	if m := l.MoistureBelow; m != nil && (math.IsNaN(*m) || *m < 0 || *m > 100) {
		v.Add("moistureBelow", MsgSensorThreshold)
	}
	return v.Err()
}

// DryChange is what a moisture reading does to a link's dry spell.
type DryChange int

// The changes: none, a dry spell starts (the plant needs water: tell once), a dry spell ends.
const (
	DryUnchanged DryChange = iota
	DryStarted
	DryEnded
)

// ApplyMoisture records a moisture reading of value at at on the link of a plant last watered
// at lastWatered (nil: never) and says what it did to the dry spell. A reading below the
// threshold starts a spell when none is running, or when the running one began before the
// plant's last watering (it was watered and is still or again dry) and the watering is more
// than SensorWaterGrace old; a reading at or above the threshold plus SensorHysteresis ends it.
// Older readings than the newest one kept are ignored (a broker delivering late).
func (l *SensorLink) ApplyMoisture(value float64, at time.Time, lastWatered *time.Time) DryChange {
	if l.LastAt != nil && at.Before(*l.LastAt) {
		return DryUnchanged
	}
	v := value
	t := at.UTC()
	l.LastMoisture, l.LastAt = &v, &t
	if l.MoistureBelow == nil {
		if l.DrySince != nil {
			l.DrySince = nil
			return DryEnded
		}
		return DryUnchanged
	}
	if value < *l.MoistureBelow {
		stale := l.DrySince != nil && lastWatered != nil && !l.DrySince.After(*lastWatered)
		if stale && t.Before(lastWatered.Add(SensorWaterGrace)) {
			return DryUnchanged // watered during the spell: the water is still soaking in
		}
		if l.DrySince == nil || stale {
			l.DrySince = &t
			return DryStarted
		}
		return DryUnchanged
	}
	if l.DrySince != nil && value >= *l.MoistureBelow+SensorHysteresis {
		l.DrySince = nil
		return DryEnded
	}
	return DryUnchanged
}

// DryFor reports whether the link holds its plant dry: a dry spell begun after the plant's
// last watering.
func (l *SensorLink) DryFor(lastWatered *time.Time) bool {
	return l.DrySince != nil && (lastWatered == nil || l.DrySince.After(*lastWatered))
}

// SoilMoistureText is the reminder's words for a dry pot ("Soil moisture 18 %").
func SoilMoistureText(value float64) string {
	return fmt.Sprintf("Soil moisture %s %%", trimFloat(value))
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}
