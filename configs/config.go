// Package configs holds gardenctl's default configuration file and the typed configuration it
// is read into.
package configs

import (
	_ "embed"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"sort"
	"strings"
	"time"
)

// DefaultYAML is configs/gardenctl.yaml, the lowest layer of the configuration.
//
//go:embed gardenctl.yaml
var DefaultYAML []byte

// Config is the effective configuration of one gardenctl process.
type Config struct {
	Addr             string        `mapstructure:"addr"`
	BaseURL          string        `mapstructure:"base_url"`
	DataDir          string        `mapstructure:"data_dir"`
	DatabaseURL      string        `mapstructure:"database_url"`
	BlobURL          string        `mapstructure:"blob_url"`
	CatalogueURL     string        `mapstructure:"catalogue_url"`
	CatalogueShape   string        `mapstructure:"catalogue_shape"`
	AdminUsername    string        `mapstructure:"admin_username"`
	AdminPassword    string        `mapstructure:"admin_password"`
	SessionTTL       time.Duration `mapstructure:"session_ttl"`
	LoginMaxFailures int           `mapstructure:"login_max_failures"`
	// LoginMaxAddressFailures bounds failed sign-ins from one address, any usernames.
	LoginMaxAddressFailures int `mapstructure:"login_max_address_failures"`
	// TrustedProxies lists the proxies whose X-Forwarded-For is believed (CIDR or addresses).
	TrustedProxies      string        `mapstructure:"trusted_proxies"`
	LoginThrottleWindow time.Duration `mapstructure:"login_throttle_window"`
	// ListingLifetime is how long a plant sharing listing stays up before it expires.
	ListingLifetime time.Duration `mapstructure:"listing_lifetime"`
	ShutdownTimeout time.Duration `mapstructure:"shutdown_timeout"`
	// ShutdownDrain is how long serve keeps serving after SIGTERM while GET /readyz already
	// answers 503, so a load balancer stops sending it requests before it stops listening.
	ShutdownDrain time.Duration `mapstructure:"shutdown_drain"`
	// MetricsAddr is where GET /metrics is served; empty turns metrics off.
	MetricsAddr string `mapstructure:"metrics_addr"`
	// BackupFolder and BackupBlobPrefix say where the backup job keeps its archives (at most
	// one; neither: <data_dir>/backups); BackupKeep is how many it keeps.
	BackupFolder     string       `mapstructure:"backup_folder"`
	BackupBlobPrefix string       `mapstructure:"backup_blob_prefix"`
	BackupKeep       int          `mapstructure:"backup_keep"`
	LogLevel         string       `mapstructure:"log_level"`
	LogFormat        string       `mapstructure:"log_format"`
	Notify           NotifyConfig `mapstructure:",squash"`
	// Weather is on or off (GARDEN_WEATHER); WeatherURL the Open-Meteo compatible API
	// (GARDEN_WEATHER_URL) the weather job and the place search call.
	Weather    string     `mapstructure:"weather"`
	WeatherURL string     `mapstructure:"weather_url"`
	OIDC       OIDCConfig `mapstructure:",squash"`
	// PasswordLogin off (GARDEN_PASSWORD_LOGIN=false) leaves password sign-in to the protected
	// superadmin only.
	PasswordLogin bool `mapstructure:"password_login"`
	// MQTTURL is the broker soil sensors report to (GARDEN_MQTT_URL, mqtt:// or mqtts://,
	// user:password in it; empty: no sensors); MQTTTopic the subscription's pattern, whose two
	// last levels are the sensor id and the metric; MQTTDiscovery publishes the plants to Home
	// Assistant through MQTT discovery.
	MQTTURL       string `mapstructure:"mqtt_url"`
	MQTTTopic     string `mapstructure:"mqtt_topic"`
	MQTTDiscovery bool   `mapstructure:"mqtt_discovery"`
}

// WeatherOn reports whether the weather job and the place search run.
func (c Config) WeatherOn() bool { return c.Weather != "off" }

// Validate checks the configuration and fills derived values (BaseURL from Addr).
func (c *Config) Validate() error {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("addr %q: want host:port", c.Addr)
	}
	if c.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			return fmt.Errorf("metrics_addr %q: want host:port", c.MetricsAddr)
		}
		if c.MetricsAddr == c.Addr {
			return fmt.Errorf("metrics_addr must differ from addr: metrics are never served on the public address")
		}
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("base_url %q: want an absolute http(s) URL", c.BaseURL)
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.DatabaseURL == "" && c.DataDir == "" {
		return fmt.Errorf("data_dir must be set when database_url is empty")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") && !strings.HasPrefix(c.DatabaseURL, "sqlite:") {
		return fmt.Errorf("database_url: want empty, sqlite:PATH or postgres://…")
	}
	if c.BlobURL != "" && !strings.HasPrefix(c.BlobURL, "s3://") && !strings.HasPrefix(c.BlobURL, "file:") {
		return fmt.Errorf("blob_url: want empty, file:PATH or s3://KEY:SECRET@host:port/bucket")
	}
	switch c.CatalogueShape {
	case "auto", "shopify", "woocommerce", "html":
	default:
		return fmt.Errorf("catalogue_shape %q: want auto, shopify, woocommerce or html", c.CatalogueShape)
	}
	if c.CatalogueURL != "" {
		if u, err := url.Parse(c.CatalogueURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("catalogue_url %q: want the store's http(s) address", c.CatalogueURL)
		}
	}
	if c.SessionTTL < time.Minute {
		return fmt.Errorf("session_ttl %s: want at least 1m", c.SessionTTL)
	}
	if c.ListingLifetime < time.Hour {
		return fmt.Errorf("listing_lifetime %s: want at least 1h", c.ListingLifetime)
	}
	if c.LoginMaxFailures < 1 || c.LoginThrottleWindow <= 0 {
		return fmt.Errorf("login_max_failures and login_throttle_window must be positive")
	}
	if c.LoginMaxAddressFailures < c.LoginMaxFailures {
		return fmt.Errorf("login_max_address_failures must be at least login_max_failures")
	}
	for _, p := range strings.Split(c.TrustedProxies, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if _, err := netip.ParsePrefix(p); err != nil {
			if _, err := netip.ParseAddr(p); err != nil {
				return fmt.Errorf("trusted_proxies: %q is neither an address nor a CIDR prefix", p)
			}
		}
	}
	if c.BackupFolder != "" && c.BackupBlobPrefix != "" {
		return fmt.Errorf("backup_folder and backup_blob_prefix: set at most one")
	}
	if p := c.BackupBlobPrefix; p != "" && (!strings.HasSuffix(p, "/") || strings.HasPrefix(p, "/") || strings.Contains(p, "..") || strings.Contains(p, "//")) {
		return fmt.Errorf("backup_blob_prefix %q: want a folder-like prefix such as backups/", p)
	}
	if c.BackupKeep < 1 {
		return fmt.Errorf("backup_keep %d: want at least 1", c.BackupKeep)
	}
	switch c.Weather {
	case "", "on":
		c.Weather = "on"
	case "off":
	default:
		return fmt.Errorf("weather %q: want on or off", c.Weather)
	}
	if u, err := url.Parse(c.WeatherURL); c.Weather == "on" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return fmt.Errorf("weather_url %q: want the weather service's http(s) address", c.WeatherURL)
	}
	if c.MQTTURL != "" {
		if u, err := url.Parse(c.MQTTURL); err != nil || (u.Scheme != "mqtt" && u.Scheme != "mqtts") || u.Host == "" {
			return fmt.Errorf("mqtt_url: want mqtt://user:password@host:1883 or mqtts://user:password@host:8883")
		}
	}
	if t := c.MQTTTopic; t != "" && (!strings.HasSuffix(t, "+/+") || strings.Contains(t, "#")) {
		return fmt.Errorf("mqtt_topic %q: want a pattern ending in /+/+ (sensor id, then metric), such as garden/sensors/+/+", t)
	}
	if c.MQTTDiscovery && c.MQTTURL == "" {
		return fmt.Errorf("mqtt_discovery: set mqtt_url too")
	}
	if err := c.Notify.validate(c.BaseURL); err != nil {
		return err
	}
	if err := c.OIDC.validate(); err != nil {
		return err
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("log_level %q: want debug, info, warn or error", c.LogLevel)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("log_format %q: want text or json", c.LogFormat)
	}
	return nil
}

// Dump returns the configuration as "key: value" lines in key order, with secrets masked: the
// admin password and the password inside the database URL.
func (c Config) Dump() string {
	values := map[string]string{
		"addr":                       c.Addr,
		"base_url":                   c.BaseURL,
		"data_dir":                   c.DataDir,
		"database_url":               maskURL(c.DatabaseURL),
		"blob_url":                   maskURL(c.BlobURL),
		"catalogue_url":              c.CatalogueURL,
		"catalogue_shape":            c.CatalogueShape,
		"admin_username":             c.AdminUsername,
		"admin_password":             mask(c.AdminPassword),
		"session_ttl":                c.SessionTTL.String(),
		"login_max_failures":         fmt.Sprint(c.LoginMaxFailures),
		"login_max_address_failures": fmt.Sprint(c.LoginMaxAddressFailures),
		"trusted_proxies":            c.TrustedProxies,
		"login_throttle_window":      c.LoginThrottleWindow.String(),
		"shutdown_timeout":           c.ShutdownTimeout.String(),
		"shutdown_drain":             c.ShutdownDrain.String(),
		"listing_lifetime":           c.ListingLifetime.String(),
		"metrics_addr":               c.MetricsAddr,
		"backup_folder":              c.BackupFolder,
		"backup_blob_prefix":         c.BackupBlobPrefix,
		"backup_keep":                fmt.Sprint(c.BackupKeep),
		"log_level":                  c.LogLevel,
		"log_format":                 c.LogFormat,
		"weather":                    c.Weather,
		"weather_url":                c.WeatherURL,
		"mqtt_url":                   maskURL(c.MQTTURL),
		"mqtt_topic":                 c.MQTTTopic,
		"mqtt_discovery":             fmt.Sprint(c.MQTTDiscovery),
	}
	c.Notify.dump(values)
	c.OIDC.dump(values)
	values["password_login"] = fmt.Sprint(c.PasswordLogin)
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %q\n", k, values[k])
	}
	return b.String()
}

func mask(secret string) string {
	if secret == "" {
		return ""
	}
	return "********"
}

func maskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
		return strings.Replace(u.String(), "xxxxx", "********", 1)
	}
	return raw
}

// NotifyConfig is the notification part of the configuration: push, e-mail, ntfy, reminders.
type NotifyConfig struct {
	// PushSender is auto (Web Push when VAPID keys are configured, else log), webpush or log.
	PushSender      string `mapstructure:"push_sender"`
	VAPIDPublicKey  string `mapstructure:"vapid_public_key"`
	VAPIDPrivateKey string `mapstructure:"vapid_private_key"`
	// VAPIDSubject is the contact push services see; filled from base_url when empty.
	VAPIDSubject          string `mapstructure:"vapid_subject"`
	SMTPURL               string `mapstructure:"smtp_url"`
	NtfyAllowPrivateHosts bool   `mapstructure:"ntfy_allow_private_hosts"`
	// WebhookAllowPrivateHosts lets webhooks call loopback and private addresses.
	WebhookAllowPrivateHosts bool          `mapstructure:"webhook_allow_private_hosts"`
	CareReminderTime         string        `mapstructure:"care_reminder_time"`
	NotificationRetention    time.Duration `mapstructure:"notification_retention"`
}

// WebPush reports whether pushes are delivered (true) or only logged.
func (n NotifyConfig) WebPush() bool {
	return n.PushSender == "webpush" || n.PushSender == "auto" && n.VAPIDPublicKey != ""
}

// validate checks the notification keys and fills the VAPID subject from baseURL.
func (n *NotifyConfig) validate(baseURL string) error {
	switch n.PushSender {
	case "auto", "webpush", "log":
	default:
		return fmt.Errorf("push_sender %q: want auto, webpush or log", n.PushSender)
	}
	if (n.VAPIDPublicKey == "") != (n.VAPIDPrivateKey == "") {
		return fmt.Errorf("vapid_public_key and vapid_private_key: set both or neither")
	}
	if n.VAPIDSubject == "" {
		if strings.HasPrefix(baseURL, "https://") {
			n.VAPIDSubject = baseURL
		} else if u, err := url.Parse(baseURL); err == nil {
			n.VAPIDSubject = "mailto:webpush@" + u.Hostname()
		}
	}
	if !strings.HasPrefix(n.VAPIDSubject, "https://") && !(strings.HasPrefix(n.VAPIDSubject, "mailto:") && strings.Contains(n.VAPIDSubject, "@")) {
		return fmt.Errorf("vapid_subject %q: want mailto:address or an https:// URL", n.VAPIDSubject)
	}
	if n.SMTPURL != "" {
		if u, err := url.Parse(n.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			return fmt.Errorf("smtp_url: want smtp://user:pass@host:587?from=ADDRESS or smtps://…")
		}
	}
	if t := n.CareReminderTime; len(t) != 5 || t[2] != ':' || t[:2] < "00" || t[:2] > "23" || t[3:] < "00" || t[3:] > "59" {
		return fmt.Errorf("care_reminder_time %q: want HH:MM", n.CareReminderTime)
	}
	if n.NotificationRetention < 0 {
		return fmt.Errorf("notification_retention must not be negative")
	}
	return nil
}

// dump adds the notification keys to a Dump, secrets masked: the VAPID private key and the
// password inside the SMTP URL.
func (n NotifyConfig) dump(values map[string]string) {
	values["push_sender"] = n.PushSender
	values["vapid_public_key"] = n.VAPIDPublicKey
	values["vapid_private_key"] = mask(n.VAPIDPrivateKey)
	values["vapid_subject"] = n.VAPIDSubject
	values["smtp_url"] = maskURL(n.SMTPURL)
	values["ntfy_allow_private_hosts"] = fmt.Sprint(n.NtfyAllowPrivateHosts)
	values["webhook_allow_private_hosts"] = fmt.Sprint(n.WebhookAllowPrivateHosts)
	values["care_reminder_time"] = n.CareReminderTime
	values["notification_retention"] = n.NotificationRetention.String()
}
