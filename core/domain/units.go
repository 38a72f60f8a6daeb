package domain

import "strings"

// Units is a gardener's measurement system (issue #25 item 4): how the web app shows harvest
// weights and volumes, layout and bed sizes and temperatures, and which unit its fields take.
// What is stored does not change: layouts and beds in feet (the spec), harvests in the unit
// the gardener entered, temperatures in °C. "" means "not chosen": follow the locale
// (DefaultUnits).
type Units string

// The measurement systems.
const (
	UnitsMetric   Units = "metric"
	UnitsImperial Units = "imperial"
)

// MsgUnits answers a measurement system that is neither of the two.
const MsgUnits = "Units must be metric or imperial"

// ValidateUnits checks a chosen measurement system.
func ValidateUnits(u Units) error {
	if u == UnitsMetric || u == UnitsImperial {
		return nil
	}
	return &Error{Code: EInvalid, Message: MsgUnits, Fields: map[string]string{"units": MsgUnits}}
}

// imperialRegions are the countries that still measure in feet, pounds and °F day to day.
var imperialRegions = map[string]bool{"US": true, "LR": true, "MM": true}

// DefaultUnits is the measurement system of a BCP 47 locale ("en-US", "de", "my-MM"): imperial
// for the United States, Liberia and Myanmar, metric everywhere else. A tag without a region
// takes its language's most likely one: "en" is the United States' English, "my" Myanmar's.
func DefaultUnits(locale string) Units {
	parts := strings.FieldsFunc(locale, func(r rune) bool { return r == '-' || r == '_' })
	if len(parts) == 0 {
		return UnitsMetric
	}
	for _, p := range parts[1:] {
		if len(p) == 2 { // the region subtag (a script has four letters, a UN M.49 area three digits)
			if imperialRegions[strings.ToUpper(p)] {
				return UnitsImperial
			}
			return UnitsMetric
		}
	}
	switch strings.ToLower(parts[0]) {
	case "en", "my":
		return UnitsImperial
	}
	return UnitsMetric
}

// UnitsOf is u's measurement system: the chosen one, or else the one of their language.
func UnitsOf(u *User) Units {
	if u != nil && u.Units != "" {
		return u.Units
	}
	return DefaultUnits(LanguageOf(u))
}
