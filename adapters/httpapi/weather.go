package httpapi

import (
	"math"
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// weatherRoutes are the dashboard's weather card and the place search.
func (s *Server) weatherRoutes() []route {
	return []route{
		{method: "GET", path: "/api/weather", handler: s.handleWeather,
			op: apiOp{summary: "The weather at the caller's garden today and tomorrow, and what it changed", out: weatherCardJSON{}}},
		{method: "GET", path: "/api/weather/places", handler: s.handlePlaces,
			op: apiOp{summary: "Find a place for the garden's location (Open-Meteo's geocoding)", out: []placeJSON{}, query: []string{"q: the place's name (2 characters or more)"}}},
	}
}

// gardenLocationJSON is the garden's place on the wire.
type gardenLocationJSON struct {
	Name      string  `json:"name"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// gardenLocationInput is a location sent by the Settings page (both coordinates required).
type gardenLocationInput struct {
	Name      string   `json:"name"`
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

// gardenSettingsInput is the garden part of PATCH /api/user/settings (own settings only).
type gardenSettingsInput struct {
	GardenLocation  optional[gardenLocationInput] `json:"gardenLocation"`
	WinterFactor    optional[float64]             `json:"winterFactor"`
	RainThresholdMm optional[float64]             `json:"rainThresholdMm"`
	FrostThresholdC optional[float64]             `json:"frostThresholdC"`
	HeatThresholdC  optional[float64]             `json:"heatThresholdC"`
}

// ownSettingsInput is the body of PATCH /api/user/settings: the account and preferences of
// userInput and the garden settings.
type ownSettingsInput struct {
	userInput
	gardenSettingsInput
}

func (in *gardenSettingsInput) patch() app.GardenPatch {
	var g app.GardenPatch
	if in.GardenLocation.Set {
		var loc *domain.GardenLocation
		if l := in.GardenLocation.Value; in.GardenLocation.has() {
			loc = &domain.GardenLocation{Name: l.Name, Latitude: math.NaN(), Longitude: math.NaN()} // missing: invalid
			if l.Latitude != nil {
				loc.Latitude = *l.Latitude
			}
			if l.Longitude != nil {
				loc.Longitude = *l.Longitude
			}
		}
		g.Location = app.Of(loc)
	}
	set := func(dst *app.Field[float64], o optional[float64]) {
		if o.has() {
			*dst = app.Of(o.Value)
		}
	}
	set(&g.WinterFactor, in.WinterFactor)
	set(&g.RainMM, in.RainThresholdMm)
	set(&g.FrostC, in.FrostThresholdC)
	set(&g.HeatC, in.HeatThresholdC)
	return g
}

// ownUserJSON is the signed-in user as GET /api/user and PATCH /api/user/settings answer
// them: userJSON and the garden settings, which no other user's answer carries (a
// gardener's whereabouts are theirs).
type ownUserJSON struct {
	userJSON
	GardenLocation  *gardenLocationJSON `json:"gardenLocation"`
	WinterFactor    float64             `json:"winterFactor"`
	Hemisphere      string              `json:"hemisphere"`
	RainThresholdMm float64             `json:"rainThresholdMm"`
	FrostThresholdC float64             `json:"frostThresholdC"`
	HeatThresholdC  float64             `json:"heatThresholdC"`
}

func toOwnUserJSON(u *domain.User) ownUserJSON {
	g := u.Garden
	out := ownUserJSON{userJSON: toUserJSON(u), WinterFactor: g.WinterFactor, Hemisphere: string(g.Hemisphere),
		RainThresholdMm: g.RainMM, FrostThresholdC: g.FrostC, HeatThresholdC: g.HeatC}
	if l := g.Location; l != nil {
		out.GardenLocation = &gardenLocationJSON{Name: l.Name, Latitude: l.Latitude, Longitude: l.Longitude}
	}
	return out
}

// dailyWeatherJSON is one day of the forecast at the garden.
type dailyWeatherJSON struct {
	Date            string  `json:"date"`
	PrecipitationMm float64 `json:"precipitationMm"`
	MinC            float64 `json:"minC"`
	MaxC            float64 `json:"maxC"`
	WeatherCode     int     `json:"weatherCode"`
}

func toDailyWeatherJSON(d *domain.DailyWeather) *dailyWeatherJSON {
	if d == nil {
		return nil
	}
	return &dailyWeatherJSON{Date: d.Day.Format(domain.DateLayout), PrecipitationMm: d.PrecipitationMM, MinC: d.MinC, MaxC: d.MaxC, WeatherCode: d.Code}
}

// weatherNoticeJSON is one change the weather made.
type weatherNoticeJSON struct {
	Kind    string `json:"kind"`
	Date    string `json:"date"`
	Message string `json:"message"`
}

// weatherCardJSON is GET /api/weather: the dashboard's weather card.
type weatherCardJSON struct {
	Enabled   bool                `json:"enabled"`
	Location  *gardenLocationJSON `json:"location"`
	Today     *dailyWeatherJSON   `json:"today"`
	Tomorrow  *dailyWeatherJSON   `json:"tomorrow"`
	FetchedAt *time.Time          `json:"fetchedAt"`
	Changes   []weatherNoticeJSON `json:"changes"`
}

// toWeatherCardJSON encodes c with its changes' messages written by tr (the request's language).
func toWeatherCardJSON(c *app.WeatherCard, tr func(string) string) weatherCardJSON {
	out := weatherCardJSON{Enabled: c.Enabled, Today: toDailyWeatherJSON(c.Today), Tomorrow: toDailyWeatherJSON(c.Tomorrow),
		FetchedAt: c.FetchedAt, Changes: []weatherNoticeJSON{}}
	if l := c.Location; l != nil {
		out.Location = &gardenLocationJSON{Name: l.Name, Latitude: l.Latitude, Longitude: l.Longitude}
	}
	for _, n := range c.Notices {
		out.Changes = append(out.Changes, weatherNoticeJSON{Kind: n.Kind, Date: n.Day.Format(domain.DateLayout), Message: tr(n.Message)})
	}
	return out
}

// placeJSON is one answer of the place search.
type placeJSON struct {
	Name      string  `json:"name"`
	Region    string  `json:"region"`
	Country   string  `json:"country"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

func (s *Server) handleWeather(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	card, err := s.svc.Weather.Card(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toWeatherCardJSON(card, s.translateIn(r)))
}

func (s *Server) handlePlaces(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	places, err := s.svc.Weather.SearchPlaces(r.Context(), p, r.URL.Query().Get("q"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]placeJSON, 0, len(places))
	for _, pl := range places {
		out = append(out, toPlaceJSON(pl))
	}
	writeJSON(w, http.StatusOK, out)
}

func toPlaceJSON(p ports.Place) placeJSON {
	return placeJSON{Name: p.Name, Region: p.Region, Country: p.Country, Latitude: p.Latitude, Longitude: p.Longitude}
}
