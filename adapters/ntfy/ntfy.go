// Package ntfy implements ports.NtfySender: it publishes messages to ntfy topics
// (https://ntfy.sh or a self-hosted server) with a plain HTTP POST, the title in a header.
package ntfy

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/gardenctl/garden/adapters/internal/netguard"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgServerUnavailable = "The ntfy server is unavailable (%s)"
	MsgRefused           = "The ntfy server refused the message (%s)"
	MsgAddressRefused    = "The ntfy server's address is not allowed: %v"
)

var _ ports.NtfySender = (*Client)(nil)

// Config configures the client.
type Config struct {
	// HTTPClient sends the requests; nil builds one with timeouts that refuses private
	// addresses unless AllowPrivateHosts is set.
	HTTPClient *http.Client
	// AllowPrivateHosts lets servers on loopback and private addresses be used: a self-hosted
	// ntfy on the same network. Off by default, because the server URL comes from a user.
	AllowPrivateHosts bool
	// UserAgent names the caller (default "Garden").
	UserAgent string
}

// MsgUnreachable answers a send whose ntfy server could not be reached.
const MsgUnreachable = "Could not reach the server"

// Client publishes to ntfy.
type Client struct {
	http      *http.Client
	userAgent string
}

// New builds a client.
func New(cfg Config) *Client {
	c := &Client{http: cfg.HTTPClient, userAgent: cfg.UserAgent}
	if c.http == nil {
		c.http = netguard.Client(cfg.AllowPrivateHosts)
	}
	if c.userAgent == "" {
		c.userAgent = "Garden"
	}
	return c
}

// maxBody bounds the message; ntfy keeps 4096 bytes before turning a message into an attachment.
const maxBody = 4000

// Send implements ports.NtfySender: POST {server}/{topic} with the body as the message and the
// headers Title, Click (where tapping the notification leads), Tags and Priority.
func (c *Client) Send(ctx context.Context, target domain.NtfyTarget, msg domain.PushMessage) error {
	base, err := url.Parse(strings.TrimRight(target.Server, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" || target.Topic == "" {
		return domain.Errorf(domain.EInvalid, "The ntfy server or topic is not valid")
	}
	endpoint := base.String() + "/" + url.PathEscape(target.Topic)
	body := msg.Body
	if len(body) > maxBody {
		cut := maxBody
		for cut > 0 && !utf8.RuneStart(body[cut]) {
			cut--
		}
		body = body[:cut] + "…"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		return domain.Errorf(domain.EInvalid, "The ntfy server or topic is not valid")
	}
	req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	req.Header.Set("User-Agent", c.userAgent)
	// ntfy decodes RFC 2047 encoded words, which keeps non-ASCII titles intact in a header.
	req.Header.Set("Title", mime.BEncoding.Encode("utf-8", oneLine(msg.Title)))
	req.Header.Set("Tags", "seedling")
	if msg.URL != "" && !strings.ContainsAny(msg.URL, "\r\n") {
		req.Header.Set("Click", msg.URL)
	}
	res, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var refused *netguard.RefusedAddressError
		if errors.As(err, &refused) {
			return domain.Errorf(domain.EInvalid, MsgAddressRefused, refused)
		}
		// The detail (resolver address, dial error) is for the log, not for the person.
		return &domain.Error{Code: domain.EUnavailable, Message: MsgUnreachable, Cause: err}
	}
	defer res.Body.Close()
	detail, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	status := res.Status
	if d := strings.TrimSpace(string(detail)); d != "" {
		status += ": " + d
	}
	switch code := res.StatusCode; {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusTooManyRequests || code >= 500:
		return domain.Errorf(domain.EUnavailable, MsgServerUnavailable, status)
	default:
		return domain.Errorf(domain.EInvalid, MsgRefused, status)
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
