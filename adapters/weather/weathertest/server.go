// Package weathertest serves Open-Meteo shaped answers from a real local HTTP server, for the
// weather adapter's and the weather job's tests.
package weathertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// Place is one place the search answers.
type Place struct {
	Name, Admin1, Country string
	Latitude, Longitude   float64
}

// Server is a local Open-Meteo compatible server. Its zero answers are a dry, mild forecast.
type Server struct {
	*httptest.Server
	mu     sync.Mutex
	days   []domain.DailyWeather
	status int
	delay  time.Duration
	places []Place
	// Forecasts counts the forecast requests; Queries holds their query strings.
	Forecasts atomic.Int64
	queries   []string
}

// New starts a server; Close stops it.
func New() *Server {
	s := &Server{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/forecast", s.forecast)
	mux.HandleFunc("GET /v1/search", s.search)
	s.Server = httptest.NewServer(mux)
	return s
}

// SetDays sets the daily forecast every location gets.
func (s *Server) SetDays(days ...domain.DailyWeather) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.days = days
}

// Fail makes the forecast answer status (0: answer normally).
func (s *Server) Fail(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status = status
}

// Delay makes every answer wait d first.
func (s *Server) Delay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// SetPlaces sets what the place search answers.
func (s *Server) SetPlaces(places ...Place) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.places = places
}

// Queries returns the query strings of the forecast requests so far.
func (s *Server) Queries() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.queries...)
}

func (s *Server) wait(r *http.Request) {
	s.mu.Lock()
	d := s.delay
	s.mu.Unlock()
	if d > 0 {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
		}
	}
}

func (s *Server) forecast(w http.ResponseWriter, r *http.Request) {
	s.Forecasts.Add(1)
	s.mu.Lock()
	s.queries = append(s.queries, r.URL.RawQuery)
	days, status := s.days, s.status
	s.mu.Unlock()
	s.wait(r)
	w.Header().Set("Content-Type", "application/json")
	if status != 0 {
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]any{"error": true, "reason": "Cannot initialize WeatherVariable from invalid String value"})
		return
	}
	daily := map[string][]any{}
	for _, d := range days {
		daily["time"] = append(daily["time"], d.Day.Format(domain.DateLayout))
		daily["precipitation_sum"] = append(daily["precipitation_sum"], d.PrecipitationMM)
		daily["temperature_2m_min"] = append(daily["temperature_2m_min"], d.MinC)
		daily["temperature_2m_max"] = append(daily["temperature_2m_max"], d.MaxC)
		daily["weather_code"] = append(daily["weather_code"], d.Code)
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"latitude": r.URL.Query().Get("latitude"), "longitude": r.URL.Query().Get("longitude"), "timezone": "GMT",
		"daily_units": map[string]string{"precipitation_sum": "mm", "temperature_2m_min": "°C", "temperature_2m_max": "°C"},
		"daily":       daily,
	})
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	places := s.places
	s.mu.Unlock()
	s.wait(r)
	out := map[string]any{"generationtime_ms": 0.5}
	var results []map[string]any
	for i, p := range places {
		results = append(results, map[string]any{"id": i + 1, "name": p.Name, "latitude": p.Latitude, "longitude": p.Longitude,
			"country": p.Country, "admin1": p.Admin1})
	}
	if len(results) > 0 {
		out["results"] = results
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}
