// Package webhook implements ports.WebhookSender: a signed JSON POST to a URL a user gave,
// through netguard's client, so a private or loopback receiver is refused at connect time,
// after DNS, unless the installation allows private hosts.
package webhook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gardenctl/garden/adapters/internal/netguard"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.WebhookSender = (*Client)(nil)

// Config configures the client.
type Config struct {
	// AllowPrivateHosts lets webhooks reach loopback and private addresses
	// (GARDEN_WEBHOOK_ALLOW_PRIVATE_HOSTS): a Home Assistant on the same network. Off by
	// default, because the URL comes from a user.
	AllowPrivateHosts bool
	// UserAgent names the caller (default "Garden").
	UserAgent string
	// Resolver resolves hosts for CheckTarget (default net.DefaultResolver).
	Resolver *net.Resolver
}

// Client posts webhook deliveries.
type Client struct {
	http         *http.Client
	allowPrivate bool
	userAgent    string
	resolver     *net.Resolver
}

// Why a delivery failed (the webhook log's error).
const (
	MsgNoAnswer         = "No answer in time"
	MsgUnreachable      = "Could not reach the receiver"
	MsgReceiverAnswered = "The receiver answered %d"
)

// New builds a client.
func New(cfg Config) *Client {
	c := &Client{http: netguard.Client(cfg.AllowPrivateHosts), allowPrivate: cfg.AllowPrivateHosts, userAgent: cfg.UserAgent, resolver: cfg.Resolver}
	if c.userAgent == "" {
		c.userAgent = "Garden"
	}
	if c.resolver == nil {
		c.resolver = net.DefaultResolver
	}
	return c
}

// CheckTarget implements ports.WebhookSender: every address the host resolves to must be
// public. The check at connect time (netguard) still decides each delivery: DNS may change.
func (c *Client) CheckTarget(ctx context.Context, rawURL string) error {
	if c.allowPrivate {
		return nil
	}
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return domain.Errorf(domain.EInvalid, domain.MsgWebhookURLInvalid)
	}
	host := u.Hostname()
	refused := &domain.Error{Code: domain.EInvalid, Message: domain.MsgWebhookPrivateTarget, Fields: map[string]string{"url": domain.MsgWebhookPrivateTarget}}
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return refused
	}
	if ip := net.ParseIP(host); ip != nil {
		if !netguard.PublicIP(ip) {
			return refused
		}
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := c.resolver.LookupIPAddr(ctx, host)
	if err != nil {
		// An unknown host may exist later; the delivery decides then.
		return nil
	}
	for _, a := range addrs {
		if !netguard.PublicIP(a.IP) {
			return refused
		}
	}
	return nil
}

// Send implements ports.WebhookSender: POST the body with Content-Type application/json and
// the X-Garden-Event, X-Garden-Delivery and X-Garden-Signature headers; no redirect is followed.
func (c *Client) Send(ctx context.Context, r ports.WebhookRequest) (ports.WebhookResult, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, strings.NewReader(string(r.Body)))
	if err != nil {
		return ports.WebhookResult{}, domain.Errorf(domain.EInvalid, domain.MsgWebhookURLInvalid)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("X-Garden-Event", r.Event)
	req.Header.Set("X-Garden-Delivery", r.DeliveryID)
	req.Header.Set("X-Garden-Signature", r.Signature)
	start := time.Now()
	res, err := c.http.Do(req)
	latency := time.Since(start)
	if err != nil {
		var refused *netguard.RefusedAddressError
		switch {
		case errors.As(err, &refused):
			return ports.WebhookResult{Latency: latency}, &domain.Error{Code: domain.EInvalid, Message: domain.MsgWebhookPrivateTarget, Cause: err}
		case ctx.Err() != nil || isTimeout(err):
			return ports.WebhookResult{Latency: latency}, &domain.Error{Code: domain.EUnavailable, Message: MsgNoAnswer, Cause: err}
		}
		return ports.WebhookResult{Latency: latency}, &domain.Error{Code: domain.EUnavailable, Message: MsgUnreachable, Cause: err}
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	out := ports.WebhookResult{Status: res.StatusCode, Latency: latency}
	if code := res.StatusCode; code < 200 || code >= 300 {
		// Any other answer is retried: a receiver down or misconfigured for a while loses
		// nothing within the 24 hours (docs/decisions.md, "Webhooks").
		return out, domain.Errorf(domain.EUnavailable, MsgReceiverAnswered, code)
	}
	return out, nil
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// String names the client in logs.
func (c *Client) String() string {
	return fmt.Sprintf("webhook client (private hosts allowed: %t)", c.allowPrivate)
}
