// Package weather implements ports.WeatherSource over an Open-Meteo compatible API
// (https://open-meteo.com, no key needed): the daily forecast (/v1/forecast) and the place
// search (/v1/search, Open-Meteo's geocoding API).
package weather

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.WeatherSource = (*Client)(nil)

// DefaultURL is Open-Meteo's forecast API; DefaultGeocodingURL its geocoding API, used for
// place searches when the base URL is the default one (Open-Meteo serves the two on two hosts;
// a self-hosted or fake server serves both paths on one).
const (
	DefaultURL          = "https://api.open-meteo.com"
	DefaultGeocodingURL = "https://geocoding-api.open-meteo.com"
	// DefaultTimeout bounds one request, answer included.
	DefaultTimeout = 10 * time.Second
)

// MsgUnavailable answers a forecast or search the weather service did not give.
const MsgUnavailable = "The weather service did not answer"

// Config configures the client.
type Config struct {
	// BaseURL is GARDEN_WEATHER_URL (default DefaultURL).
	BaseURL string
	// Timeout bounds each request (default DefaultTimeout).
	Timeout time.Duration
	// HTTPClient sends the requests (default: one with Timeout).
	HTTPClient *http.Client
	// UserAgent names the caller (default "Garden").
	UserAgent string
}

// Client reads forecasts and places.
type Client struct {
	base, geo string
	http      *http.Client
	userAgent string
}

// New builds a client.
func New(cfg Config) *Client {
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if base == "" {
		base = DefaultURL
	}
	geo := base
	if base == DefaultURL {
		geo = DefaultGeocodingURL
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	c := &Client{base: base, geo: geo, http: cfg.HTTPClient, userAgent: cfg.UserAgent}
	if c.http == nil {
		c.http = &http.Client{Timeout: cfg.Timeout}
	}
	if c.userAgent == "" {
		c.userAgent = "Garden"
	}
	return c
}

// maxAnswer bounds an answer read (a three-day daily forecast is well under a kilobyte).
const maxAnswer = 1 << 20

func unavailable(cause error) error {
	return &domain.Error{Code: domain.EUnavailable, Message: MsgUnavailable, Cause: cause}
}

// get reads url's JSON answer into out; a non-2xx answer, a bad body or a timeout is
// unavailable.
func (c *Client) get(ctx context.Context, u string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return unavailable(err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	resp, err := c.http.Do(req)
	if err != nil {
		return unavailable(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return unavailable(err)
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Reason string `json:"reason"`
		}
		_ = json.Unmarshal(body, &e)
		return unavailable(fmt.Errorf("status %d: %s", resp.StatusCode, e.Reason))
	}
	if err := json.Unmarshal(body, out); err != nil {
		return unavailable(err)
	}
	return nil
}

// dailyAnswer is /v1/forecast's answer with daily variables (values may be null).
type dailyAnswer struct {
	Daily struct {
		Time          []string   `json:"time"`
		Precipitation []*float64 `json:"precipitation_sum"`
		MinC          []*float64 `json:"temperature_2m_min"`
		MaxC          []*float64 `json:"temperature_2m_max"`
		Code          []*float64 `json:"weather_code"`
	} `json:"daily"`
}

// Daily implements ports.WeatherSource: yesterday, today and the next two days in the
// garden's own time zone (timezone=auto), so "today" is the garden's date.
func (c *Client) Daily(ctx context.Context, latitude, longitude float64) (*domain.Forecast, error) {
	q := url.Values{}
	q.Set("latitude", strconv.FormatFloat(latitude, 'f', 2, 64))
	q.Set("longitude", strconv.FormatFloat(longitude, 'f', 2, 64))
	q.Set("daily", "precipitation_sum,temperature_2m_min,temperature_2m_max,weather_code")
	q.Set("timezone", "auto")
	q.Set("past_days", "1")
	q.Set("forecast_days", "3")
	var a dailyAnswer
	if err := c.get(ctx, c.base+"/v1/forecast?"+q.Encode(), &a); err != nil {
		return nil, err
	}
	d := a.Daily
	n := len(d.Time)
	if n == 0 || len(d.Precipitation) != n || len(d.MinC) != n || len(d.MaxC) != n {
		return nil, unavailable(errors.New("the daily series are missing or of different lengths"))
	}
	f := &domain.Forecast{Latitude: latitude, Longitude: longitude}
	for i, s := range d.Time {
		day, err := time.Parse(domain.DateLayout, s)
		if err != nil {
			return nil, unavailable(err)
		}
		if d.Precipitation[i] == nil || d.MinC[i] == nil || d.MaxC[i] == nil {
			continue // a day the model has no values for yet
		}
		w := domain.DailyWeather{Day: day, PrecipitationMM: *d.Precipitation[i], MinC: *d.MinC[i], MaxC: *d.MaxC[i]}
		if i < len(d.Code) && d.Code[i] != nil {
			w.Code = int(*d.Code[i])
		}
		f.Days = append(f.Days, w)
	}
	return f, nil
}

// searchAnswer is /v1/search's answer ("results" is absent when nothing matches).
type searchAnswer struct {
	Results []struct {
		Name      string  `json:"name"`
		Latitude  float64 `json:"latitude"`
		Longitude float64 `json:"longitude"`
		Country   string  `json:"country"`
		Admin1    string  `json:"admin1"`
	} `json:"results"`
}

// SearchPlaces implements ports.WeatherSource.
func (c *Client) SearchPlaces(ctx context.Context, name string, limit int) ([]ports.Place, error) {
	q := url.Values{}
	q.Set("name", name)
	q.Set("count", strconv.Itoa(limit))
	q.Set("language", "en")
	q.Set("format", "json")
	var a searchAnswer
	if err := c.get(ctx, c.geo+"/v1/search?"+q.Encode(), &a); err != nil {
		return nil, err
	}
	out := make([]ports.Place, 0, len(a.Results))
	for _, r := range a.Results {
		if len(out) == limit {
			break
		}
		out = append(out, ports.Place{Name: r.Name, Region: r.Admin1, Country: r.Country, Latitude: r.Latitude, Longitude: r.Longitude})
	}
	return out, nil
}
