package domain

import (
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// The garden's place, its seasons and the weather thresholds (issue #24 items 4 and 5;
// docs/decisions.md, "Seasons and the weather at the garden").

// Hemisphere says which months are the garden's winter: north (November to February), south
// (May to August) or none (the tropics, where the days barely shorten).
type Hemisphere string

// The hemispheres.
const (
	North        Hemisphere = "north"
	South        Hemisphere = "south"
	NoHemisphere Hemisphere = "none"
)

// TropicLatitude bounds the tropics: a garden closer to the equator has no winter stretch.
const TropicLatitude = 23.44

// Season and weather defaults and bounds.
const (
	DefaultWinterFactor = 1.5
	MinWinterFactor     = 1.0
	MaxWinterFactor     = 3.0
	DefaultRainMM       = 5.0
	DefaultFrostC       = 0.0
	DefaultHeatC        = 32.0
	// MaxLocationName bounds the free-text name of the garden's place.
	MaxLocationName = 200
)

// Garden settings messages.
const (
	MsgLatitude        = "Latitude must be between -90 and 90"
	MsgLongitude       = "Longitude must be between -180 and 180"
	MsgLocationName    = "Location name must be at most 200 characters"
	MsgWinterFactor    = "Winter factor must be between 1 and 3"
	MsgRainThreshold   = "Rain threshold must be between 0.1 and 500 mm"
	MsgFrostThreshold  = "Frost threshold must be between -30 and 10 °C"
	MsgHeatThreshold   = "Heat threshold must be between 20 and 50 °C"
	MsgLocationMissing = "Set the garden's location first"
)

// GardenLocation is where a gardener's garden is: a free-text name and coordinates rounded to
// 0.01° (about a kilometre: enough for a forecast, and gardeners of one town share a request).
type GardenLocation struct {
	Name      string
	Latitude  float64
	Longitude float64
}

// RoundCoordinate rounds a latitude or longitude to 0.01°.
func RoundCoordinate(x float64) float64 { return math.Round(x*100) / 100 }

// Normalize trims the name and rounds the coordinates.
func (l *GardenLocation) Normalize() {
	l.Name = strings.TrimSpace(l.Name)
	l.Latitude, l.Longitude = RoundCoordinate(l.Latitude), RoundCoordinate(l.Longitude)
}

// Validate adds the location's problems to v under field prefix.
func (l *GardenLocation) Validate(v *Validation, prefix string) {
	if math.IsNaN(l.Latitude) || l.Latitude < -90 || l.Latitude > 90 {
		v.Add(prefix+".latitude", MsgLatitude)
	}
	if math.IsNaN(l.Longitude) || l.Longitude < -180 || l.Longitude > 180 {
		v.Add(prefix+".longitude", MsgLongitude)
	}
	if utf8.RuneCountInString(l.Name) > MaxLocationName {
		v.Add(prefix+".name", MsgLocationName)
	}
}

// GardenSettings are a gardener's garden-wide choices: the place, the winter stretch and the
// weather thresholds.
type GardenSettings struct {
	// Location is nil until the gardener sets it.
	Location *GardenLocation
	// WinterFactor stretches adaptive watering intervals in winter (1 turns it off).
	WinterFactor float64
	// Hemisphere is derived: from the location's latitude, else from the site's country
	// (SeasonHemisphere); the store keeps it so that set-based reads need no join.
	Hemisphere Hemisphere
	// RainMM, FrostC and HeatC are the weather thresholds.
	RainMM, FrostC, HeatC float64
}

// DefaultGardenSettings are a new gardener's settings: no location, northern winters.
func DefaultGardenSettings() GardenSettings {
	return GardenSettings{WinterFactor: DefaultWinterFactor, Hemisphere: North, RainMM: DefaultRainMM, FrostC: DefaultFrostC, HeatC: DefaultHeatC}
}

// Validate checks the settings' bounds (the location's too), with the field names of the API.
func (g *GardenSettings) Validate() error {
	var v Validation
	if g.Location != nil {
		g.Location.Validate(&v, "gardenLocation")
	}
	if !(g.WinterFactor >= MinWinterFactor && g.WinterFactor <= MaxWinterFactor) {
		v.Add("winterFactor", MsgWinterFactor)
	}
	if !(g.RainMM >= 0.1 && g.RainMM <= 500) {
		v.Add("rainThresholdMm", MsgRainThreshold)
	}
	if !(g.FrostC >= -30 && g.FrostC <= 10) {
		v.Add("frostThresholdC", MsgFrostThreshold)
	}
	if !(g.HeatC >= 20 && g.HeatC <= 50) {
		v.Add("heatThresholdC", MsgHeatThreshold)
	}
	return v.Err()
}

// southernCountries are the countries whose people mostly live south of the tropic of
// Capricorn's latitude band or clearly in the southern hemisphere's seasons; a site's country
// picks the hemisphere only when the gardener has not set a location.
var southernCountries = map[string]bool{
	"argentina": true, "australia": true, "bolivia": true, "botswana": true, "brazil": true, "chile": true,
	"eswatini": true, "lesotho": true, "madagascar": true, "mozambique": true, "namibia": true,
	"new zealand": true, "paraguay": true, "south africa": true, "uruguay": true, "zambia": true, "zimbabwe": true,
	"falkland islands": true,
}

// SouthernCountries lists the southern countries, lower-cased (the store's SQL reads them too).
func SouthernCountries() []string {
	out := make([]string, 0, len(southernCountries))
	for c := range southernCountries {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// SeasonHemisphere is the hemisphere of a garden: from its location's latitude when set (the
// tropics have none), else from the site's country (north unless the country is southern).
func SeasonHemisphere(loc *GardenLocation, country string) Hemisphere {
	if loc != nil {
		switch {
		case loc.Latitude > TropicLatitude:
			return North
		case loc.Latitude < -TropicLatitude:
			return South
		}
		return NoHemisphere
	}
	if southernCountries[strings.ToLower(strings.TrimSpace(country))] {
		return South
	}
	return North
}

// WinterHemisphereOn is the hemisphere whose winter day falls in, or NoHemisphere: the dark
// months are November to February in the north and May to August in the south (the light
// indoor plants live by is lowest around the solstice, so winter starts a month before the
// meteorological one).
func WinterHemisphereOn(day time.Time) Hemisphere {
	switch day.Month() {
	case time.November, time.December, time.January, time.February:
		return North
	case time.May, time.June, time.July, time.August:
		return South
	}
	return NoHemisphere
}

// SeasonFactorOn is the stretch the settings put on adaptive intervals on day: the winter
// factor in the garden's winter, else 1.
func (g GardenSettings) SeasonFactorOn(day time.Time) float64 {
	if g.Hemisphere != NoHemisphere && g.Hemisphere == WinterHemisphereOn(day) && g.WinterFactor > 1 {
		return g.WinterFactor
	}
	return 1
}

// ApplySeason sets each plant's SeasonFactor for day from its owner's settings.
func ApplySeason(plants []*Plant, g GardenSettings, day time.Time) {
	f := g.SeasonFactorOn(day)
	for _, p := range plants {
		p.SeasonFactor = f
	}
}
