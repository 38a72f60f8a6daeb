// Package push implements ports.PushSender: Web Push (RFC 8030) with VAPID (RFC 8292) and
// aes128gcm payload encryption (RFC 8291) through webpush-go, and a log-only sender, the
// embedded default, that writes what it would have sent to the server log.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/gardenctl/garden/adapters/internal/netguard"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgCannotEncode       = "The push message cannot be encoded: %v"
	MsgCannotSend         = "The push message cannot be sent: %v"
	MsgAddressRefused     = "The push service address is not allowed: %v"
	MsgServiceUnavailable = "The push service is unavailable (%s)"
	MsgRefused            = "The push service refused the message (%s)"
	MsgSubscriptionGone   = "The push subscription is gone (%s)"
)

var (
	_ ports.PushSender = (*WebPush)(nil)
	_ ports.PushSender = Log{}
)

// Log is the embedded default sender: it logs each message instead of delivering it, so a
// fresh installation shows in its log what would have been pushed.
type Log struct{ Logger *slog.Logger }

// Send implements ports.PushSender.
func (l Log) Send(ctx context.Context, sub domain.PushSubscription, msg domain.PushMessage) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !sub.CanPush() {
		return domain.Errorf(domain.EInvalid, "The push subscription has no endpoint or keys")
	}
	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	host := sub.Endpoint
	if u, err := url.Parse(sub.Endpoint); err == nil {
		host = u.Host
	}
	log.Info("push (log only, not delivered)", "pushService", host, "notification", msg.NotificationID, "title", msg.Title, "url", msg.URL)
	return nil
}

// Config configures the Web Push sender.
type Config struct {
	// Keys returns the VAPID key pair (app.VAPID.Keys); it is asked on every send, so keys
	// generated after start are picked up.
	Keys func(ctx context.Context) (domain.VAPIDKeys, error)
	// Subject identifies the sender to push services: "mailto:admin@example.org" or an https
	// URL (RFC 8292 §2.1).
	Subject string
	// HTTPClient sends the requests; nil builds one with timeouts that refuses private
	// addresses unless AllowPrivateHosts is set.
	HTTPClient *http.Client
	// AllowPrivateHosts lets endpoints resolve to loopback and private addresses. Push services
	// are public, so this is for tests and unusual networks only.
	AllowPrivateHosts bool
	Logger            *slog.Logger
}

// WebPush sends encrypted messages to browsers' push services.
type WebPush struct {
	keys    func(ctx context.Context) (domain.VAPIDKeys, error)
	subject string
	client  *http.Client
	log     *slog.Logger
}

// NewWebPush builds the Web Push sender.
func NewWebPush(cfg Config) (*WebPush, error) {
	if cfg.Keys == nil {
		return nil, errors.New("push: no VAPID key source")
	}
	subject := strings.TrimSpace(cfg.Subject)
	switch {
	case strings.HasPrefix(subject, "mailto:") && strings.Contains(subject, "@"):
		// webpush-go adds "mailto:" itself to anything that is not an https URL.
		subject = strings.TrimPrefix(subject, "mailto:")
	case strings.HasPrefix(subject, "https://"):
	default:
		return nil, fmt.Errorf("push: VAPID subject %q: want mailto:address or an https:// URL", cfg.Subject)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = netguard.Client(cfg.AllowPrivateHosts)
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &WebPush{keys: cfg.Keys, subject: subject, client: client, log: log}, nil
}

// maxPayload bounds the JSON a message carries. One aes128gcm record of webpush-go's 4096 bytes
// holds 3993 bytes of plaintext; the margin is for the padding delimiter and multi-byte text.
const maxPayload = 3800

// payload is the JSON the service worker receives (docs/api.md, "Push messages").
type payload struct {
	Title          string         `json:"title"`
	Body           string         `json:"body"`
	Content        string         `json:"content"`
	URL            string         `json:"url"`
	Tag            string         `json:"tag,omitempty"`
	NotificationID int64          `json:"notificationId"`
	Data           map[string]any `json:"data,omitempty"`
}

// Payload returns the JSON message for msg, shortened to fit one encrypted record: data goes
// first, then the body is cut (on a character boundary, with an ellipsis).
func Payload(msg domain.PushMessage) ([]byte, error) {
	p := payload{Title: msg.Title, Body: msg.Body, Content: msg.Body, URL: msg.URL, Tag: msg.Tag, NotificationID: msg.NotificationID, Data: msg.Data}
	for {
		b, err := json.Marshal(p)
		if err != nil {
			return nil, domain.Errorf(domain.EInvalid, MsgCannotEncode, err)
		}
		if len(b) <= maxPayload {
			return b, nil
		}
		switch {
		case p.Data != nil:
			p.Data = nil
		case utf8.RuneCountInString(p.Body) > 20:
			r := []rune(p.Body)
			p.Body = strings.TrimSpace(string(r[:len(r)*3/4])) + "…"
			p.Content = p.Body
		case utf8.RuneCountInString(p.Title) > 20:
			r := []rune(p.Title)
			p.Title = strings.TrimSpace(string(r[:len(r)*3/4])) + "…"
		default:
			return nil, domain.Errorf(domain.EInvalid, "The push message is too large")
		}
	}
}

// Send implements ports.PushSender.
func (w *WebPush) Send(ctx context.Context, sub domain.PushSubscription, msg domain.PushMessage) error {
	if !sub.CanPush() {
		return domain.Errorf(domain.EInvalid, "The push subscription has no endpoint or keys")
	}
	u, err := url.Parse(sub.Endpoint)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return domain.Errorf(domain.EInvalid, "The push subscription's endpoint is not a URL")
	}
	keys, err := w.keys(ctx)
	if err != nil {
		return err
	}
	body, err := Payload(msg)
	if err != nil {
		return err
	}
	ttl := int(msg.TTL / time.Second)
	if ttl < 0 {
		ttl = 0
	}
	opts := &webpush.Options{
		HTTPClient: w.client, Subscriber: w.subject, TTL: ttl, Urgency: webpush.UrgencyNormal,
		VAPIDPublicKey: keys.PublicKey, VAPIDPrivateKey: keys.PrivateKey,
	}
	if validTopic(msg.Tag) {
		// A pending message with the same topic is replaced at the push service, so a device
		// that was offline for a week gets one care reminder, not seven.
		opts.Topic = msg.Tag
	}
	res, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256dh}}, opts)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var guard *netguard.RefusedAddressError
		if errors.As(err, &guard) {
			return domain.Errorf(domain.EInvalid, MsgAddressRefused, guard)
		}
		if _, isURL := err.(*url.Error); isURL {
			return &domain.Error{Code: domain.EUnavailable, Message: "Could not reach the push service", Cause: err}
		}
		return domain.Errorf(domain.EInvalid, MsgCannotSend, err)
	}
	defer res.Body.Close()
	detail, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	return statusError(res.StatusCode, res.Status, strings.TrimSpace(string(detail)))
}

// statusError maps a push service's answer (RFC 8030 §5 and what services do in practice).
func statusError(code int, status, detail string) error {
	if detail != "" {
		status += ": " + detail
	}
	switch {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusNotFound || code == http.StatusGone:
		return domain.Errorf(domain.ENotFound, MsgSubscriptionGone, status)
	case code == http.StatusTooManyRequests || code >= 500:
		return domain.Errorf(domain.EUnavailable, MsgServiceUnavailable, status)
	default:
		return domain.Errorf(domain.EInvalid, MsgRefused, status)
	}
}

// validTopic reports whether s can be a Topic header: at most 32 characters of the URL-safe
// base64 alphabet (RFC 8030 §5.4).
func validTopic(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// GenerateVAPIDKeys makes a fresh P-256 key pair in the form domain.VAPIDKeys holds; it is the
// ports.VAPIDKeyGenerator of production.
func GenerateVAPIDKeys() (domain.VAPIDKeys, error) {
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return domain.VAPIDKeys{}, err
	}
	return domain.ValidateVAPIDKeys(domain.VAPIDKeys{PublicKey: public, PrivateKey: private})
}

// CheckVAPIDKeys returns k in canonical form when its halves are a valid P-256 pair that belong
// together, for configured keys: a mismatch would make every push service refuse us.
func CheckVAPIDKeys(k domain.VAPIDKeys) (domain.VAPIDKeys, error) {
	k, err := domain.ValidateVAPIDKeys(k)
	if err != nil {
		return k, err
	}
	priv, _ := base64.RawURLEncoding.DecodeString(k.PrivateKey)
	key, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return k, domain.Errorf(domain.EInvalid, "The VAPID private key is not a P-256 key: %v", err)
	}
	if base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()) != k.PublicKey {
		return k, domain.Errorf(domain.EInvalid, "The VAPID public key does not belong to the private key")
	}
	return k, nil
}
