package domain

import (
	"fmt"
	"strings"
	"time"
)

// The weather at the garden and what it changes (issue #24 item 5): pure rules over a daily
// forecast; the weather job reads the forecast and applies them.

// Notification kinds of the weather job (their once-keys: one per user and day, and one per
// frost spell keyed by its first night).
const (
	KindWeatherRain  = "weather_rain"
	KindWeatherFrost = "weather_frost"
	KindWeatherHeat  = "weather_heat"
)

// MaxWeatherNames is how many plant names a frost or heat message lists before "…".
const MaxWeatherNames = 5

// DailyWeather is one day of a forecast at the garden (the day is the garden's local date).
type DailyWeather struct {
	Day             time.Time
	PrecipitationMM float64
	MinC, MaxC      float64
	// Code is the WMO weather code Open-Meteo answers (0 clear … 99 thunderstorm).
	Code int
}

// Forecast is the daily forecast at one rounded location, yesterday first when the source
// gave it (a frost spell that began yesterday is not announced twice).
type Forecast struct {
	Latitude, Longitude float64
	FetchedAt           time.Time
	Days                []DailyWeather
}

// On returns the forecast's entry for day.
func (f *Forecast) On(day time.Time) (DailyWeather, bool) {
	day = DateOf(day)
	for _, d := range f.Days {
		if DateOf(d.Day).Equal(day) {
			return d, true
		}
	}
	return DailyWeather{}, false
}

// RainToday reports whether today's precipitation reaches thresholdMM.
func (f *Forecast) RainToday(today time.Time, thresholdMM float64) (DailyWeather, bool) {
	d, ok := f.On(today)
	return d, ok && d.PrecipitationMM >= thresholdMM
}

// FrostSpell returns the first night of the frost spell the next 48 hours hold (today's or
// tomorrow's minimum at or below thresholdC), walking back over the days before it that were
// frosty too, so one spell has one first night whatever the day it is read on.
func (f *Forecast) FrostSpell(today time.Time, thresholdC float64) (time.Time, bool) {
	today = DateOf(today)
	for _, day := range []time.Time{today, AddDays(today, 1)} {
		if d, ok := f.On(day); ok && d.MinC <= thresholdC {
			start := day
			for {
				prev, ok := f.On(AddDays(start, -1))
				if !ok || prev.MinC > thresholdC {
					return start, true
				}
				start = AddDays(start, -1)
			}
		}
	}
	return time.Time{}, false
}

// HeatAhead returns today's or tomorrow's entry whose maximum reaches thresholdC.
func (f *Forecast) HeatAhead(today time.Time, thresholdC float64) (DailyWeather, bool) {
	for _, day := range []time.Time{DateOf(today), AddDays(DateOf(today), 1)} {
		if d, ok := f.On(day); ok && d.MaxC >= thresholdC {
			return d, true
		}
	}
	return DailyWeather{}, false
}

// RainPlants are the outdoor plants the rain waters today: those whose watering is due within
// a day (on or before tomorrow).
func RainPlants(plants []*Plant, today time.Time) []*Plant {
	tomorrow := AddDays(DateOf(today), 1)
	var out []*Plant
	for _, p := range plants {
		if p.Outdoor && dueOn(p.NextWatering(), tomorrow) {
			out = append(out, p)
		}
	}
	return out
}

// HeatPlants are the outdoor plants a hot day brings forward: due tomorrow (not yet today),
// and not brought forward already.
func HeatPlants(plants []*Plant, today time.Time) []*Plant {
	tomorrow := AddDays(DateOf(today), 1)
	var out []*Plant
	for _, p := range plants {
		if p.Outdoor && p.WaterAdvanceDays == 0 && dueOn(p.NextWatering(), tomorrow) && !dueOn(p.NextWatering(), today) {
			out = append(out, p)
		}
	}
	return out
}

// FrostPlants are the outdoor plants a frost warning names.
func FrostPlants(plants []*Plant) []*Plant {
	var out []*Plant
	for _, p := range plants {
		if p.Outdoor {
			out = append(out, p)
		}
	}
	return out
}

// plantNames lists up to MaxWeatherNames names, then "…".
func plantNames(plants []*Plant) string {
	names := make([]string, 0, MaxWeatherNames+1)
	for i, p := range plants {
		if i == MaxWeatherNames {
			names = append(names, "…")
			break
		}
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

func outdoorPlants(n int) string {
	if n == 1 {
		return "1 outdoor plant"
	}
	return fmt.Sprintf("%d outdoor plants", n)
}

// MsgRainCareNote is the note of a watering the rain made (the plant's care log).
const MsgRainCareNote = "Rain at the garden"

// RainMessage is "Rain watered 3 outdoor plants".
func RainMessage(n int) string { return "Rain watered " + outdoorPlants(n) }

// FrostMessage is "Frost expected Thursday night: protect Basil, Tomato, …" (night is the
// spell's first night: the night that ends that day's minimum).
func FrostMessage(night time.Time, plants []*Plant) string {
	msg := "Frost expected " + night.Weekday().String() + " night"
	if len(plants) == 0 {
		return msg
	}
	return msg + ": protect " + plantNames(plants)
}

// HeatMessage is "Heat expected Friday (34 °C): watering Basil, Tomato a day earlier", in
// the recipient's chosen measurement system: "(93 °F)" for a gardener who chose imperial, °C
// (the forecast's own unit) for one who has not chosen (docs/decisions.md). The temperature is
// written into the stored text (the notification is one gardener's), and each of the two
// sentences is a catalogue key of its own, so the reader's language keeps the unit.
func HeatMessage(d DailyWeather, plants []*Plant, units Units) string {
	if units == UnitsImperial {
		return fmt.Sprintf("Heat expected %s (%.0f °F): watering %s a day earlier", d.Day.Weekday(), Fahrenheit(d.MaxC), plantNames(plants))
	}
	return fmt.Sprintf("Heat expected %s (%.0f °C): watering %s a day earlier", d.Day.Weekday(), d.MaxC, plantNames(plants))
}

// Fahrenheit is a temperature of c °C in °F.
func Fahrenheit(c float64) float64 { return c*9/5 + 32 }

// WeatherNotification is a weather notice to user u.
func WeatherNotification(userID int64, kind, title, content string, now time.Time) *Notification {
	id := userID
	return &Notification{Kind: kind, Title: title, Content: content, TargetType: TargetUser, TargetID: &id,
		Data: map[string]any{"type": kind, "link": "/dashboard"}, CreatedAt: now}
}
