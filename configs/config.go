// Package configs holds gardenctl's default configuration file and the typed configuration it
// is read into.
package configs

import (
	_ "embed"
	"fmt"
	"net"
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
	Addr                string        `mapstructure:"addr"`
	BaseURL             string        `mapstructure:"base_url"`
	DataDir             string        `mapstructure:"data_dir"`
	DatabaseURL         string        `mapstructure:"database_url"`
	BlobURL             string        `mapstructure:"blob_url"`
	CatalogueURL        string        `mapstructure:"catalogue_url"`
	CatalogueShape      string        `mapstructure:"catalogue_shape"`
	AdminUsername       string        `mapstructure:"admin_username"`
	AdminPassword       string        `mapstructure:"admin_password"`
	SessionTTL          time.Duration `mapstructure:"session_ttl"`
	LoginMaxFailures    int           `mapstructure:"login_max_failures"`
	LoginThrottleWindow time.Duration `mapstructure:"login_throttle_window"`
	ShutdownTimeout     time.Duration `mapstructure:"shutdown_timeout"`
	LogLevel            string        `mapstructure:"log_level"`
	LogFormat           string        `mapstructure:"log_format"`
}

// Validate checks the configuration and fills derived values (BaseURL from Addr).
func (c *Config) Validate() error {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("addr %q: want host:port", c.Addr)
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
	if c.LoginMaxFailures < 1 || c.LoginThrottleWindow <= 0 {
		return fmt.Errorf("login_max_failures and login_throttle_window must be positive")
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
		"addr":                  c.Addr,
		"base_url":              c.BaseURL,
		"data_dir":              c.DataDir,
		"database_url":          maskURL(c.DatabaseURL),
		"blob_url":              maskURL(c.BlobURL),
		"catalogue_url":         c.CatalogueURL,
		"catalogue_shape":       c.CatalogueShape,
		"admin_username":        c.AdminUsername,
		"admin_password":        mask(c.AdminPassword),
		"session_ttl":           c.SessionTTL.String(),
		"login_max_failures":    fmt.Sprint(c.LoginMaxFailures),
		"login_throttle_window": c.LoginThrottleWindow.String(),
		"shutdown_timeout":      c.ShutdownTimeout.String(),
		"log_level":             c.LogLevel,
		"log_format":            c.LogFormat,
	}
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
