package domain

import (
	"math"
	"slices"
	"time"
)

// Sensor metrics (issue #29 item 2): what a soil sensor reports on garden/sensors/<id>/<metric>.
const (
	MetricMoisture    = "moisture"
	MetricTemperature = "temperature"
	MetricLight       = "light"
	MetricBattery     = "battery"
	// DefaultSensorTopic is the subscription's default pattern: sensor id, then metric.
	DefaultSensorTopic = "garden/sensors/+/+"
	// MaxSensorIDLength bounds a sensor id taken from a topic.
	MaxSensorIDLength = 100
	// SensorRawFor is how long readings stay as they arrived before they are kept hourly, and
	// SensorKeepFor how long any are kept (issue #29: 7 and 90 days by default).
	SensorRawFor  = 7 * 24 * time.Hour
	SensorKeepFor = 90 * 24 * time.Hour
)

// SensorMetrics are the metrics Garden keeps.
var SensorMetrics = []string{MetricMoisture, MetricTemperature, MetricLight, MetricBattery}

// SensorReading is one value a sensor reported.
type SensorReading struct {
	SensorID string
	Metric   string
	Value    float64
	At       time.Time
	// Samples is how many readings an hourly row stands for (1 for a raw one).
	Samples int
	Hourly  bool
}

// ValidSensorReading reports whether r can be kept: a known metric, a sensor id of printable
// characters, a finite value, and percentages (moisture, battery) within 0–100.
func ValidSensorReading(r SensorReading) bool {
	if r.SensorID == "" || len(r.SensorID) > MaxSensorIDLength || !slices.Contains(SensorMetrics, r.Metric) {
		return false
	}
	for _, c := range r.SensorID {
		if c < 0x21 || c == 0x7f || c == '+' || c == '#' || c == '/' {
			return false
		}
	}
	if math.IsNaN(r.Value) || math.IsInf(r.Value, 0) {
		return false
	}
	if (r.Metric == MetricMoisture || r.Metric == MetricBattery) && (r.Value < 0 || r.Value > 100) {
		return false
	}
	return true
}
