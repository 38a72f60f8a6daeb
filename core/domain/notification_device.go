package domain

import (
	"encoding/base64"
	"strings"
	"time"
	"unicode/utf8"
)

// Device is a browser or phone registered for push notifications (spec 01 §3). PlayerID is the
// spec's name for the device's id at the push service: for Web Push, the subscription's
// endpoint URL.
type Device struct {
	ID       int64
	UserID   int64
	PlayerID string
	Name     string
	Info     DeviceInfo
	// Subscription holds what Web Push needs to encrypt for this device; its keys are empty when
	// the client registered only a player id.
	Subscription PushSubscription
	// SessionID or APITokenID is the sign-in that registered the device: the device belongs
	// to it and goes when it ends (sign-out, expiry, a password change, deactivation, the
	// token's revocation), so a shared browser stops receiving the previous user's messages.
	// Both are nil only for devices written by operators' tools and tests.
	SessionID  *int64
	APITokenID *int64
	// ExpiresAt is when that session or token expires (nil when unbound): a device of an
	// ended sign-in is not listed, and the session cleanup deletes it.
	ExpiresAt *time.Time
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ActiveAt reports whether the sign-in that registered d is still current at now (as far as
// its expiry tells: revocation deletes the device outright).
func (d *Device) ActiveAt(now time.Time) bool {
	return d.ExpiresAt == nil || now.Before(*d.ExpiresAt)
}

// BindTo ties d to the sign-in p came with: its session, or else its API token.
func (d *Device) BindTo(p *Principal) {
	d.SessionID, d.APITokenID, d.ExpiresAt = nil, nil, nil
	switch {
	case p == nil:
	case p.Session != nil:
		id, exp := p.Session.ID, p.Session.ExpiresAt
		d.SessionID, d.ExpiresAt = &id, &exp
	case p.APIToken != nil:
		id, exp := p.APIToken.ID, p.APIToken.ExpiresAt
		d.APITokenID, d.ExpiresAt = &id, &exp
	}
}

// DeviceInfo is what the browser says about itself.
type DeviceInfo struct {
	UserAgent string
	Platform  string
	Vendor    string
}

// PushSubscription is a Web Push subscription (the browser's PushSubscription): the push
// service endpoint, the device's P-256 public key and its 16-byte auth secret, both base64url.
type PushSubscription struct {
	Endpoint string
	P256dh   string
	Auth     string
}

// CanPush reports whether a payload can be encrypted for the subscription.
func (s PushSubscription) CanPush() bool { return s.Endpoint != "" && s.P256dh != "" && s.Auth != "" }

// Device limits and messages (ours: the spec shows none).
const (
	// MaxDevicesPerUser bounds each user's devices; registering one more forgets the least
	// recently registered, since browsers replace subscriptions without telling the old one.
	MaxDevicesPerUser   = 20
	MaxPlayerIDLength   = 2048
	maxDeviceNameLength = 100
	maxDeviceInfoLength = 500

	MsgDevicePlayerIDRequired = "playerId is required"
	MsgDevicePlayerIDTooLong  = "playerId is too long"
	MsgDevicePlayerIDMismatch = "playerId must be the push subscription's endpoint"
	MsgDeviceEndpoint         = "The push subscription's endpoint must be an https URL"
	MsgDeviceKeys             = "The push subscription's keys are not valid"
	MsgDeviceNotFound         = "Device not found"
)

// ValidateDevice normalises d and checks it: a player id, which is the subscription's endpoint
// when a subscription is given; an https endpoint; keys of the right sizes (a 65-byte
// uncompressed P-256 point and a 16-byte secret), stored as unpadded base64url. Over-long names
// and browser details are shortened rather than refused: the browser wrote them, not the user.
func ValidateDevice(d *Device) error {
	var v Validation
	d.PlayerID = strings.TrimSpace(d.PlayerID)
	sub := &d.Subscription
	sub.Endpoint = strings.TrimSpace(sub.Endpoint)
	if d.PlayerID == "" {
		d.PlayerID = sub.Endpoint
	}
	switch {
	case d.PlayerID == "":
		v.Add("playerId", MsgDevicePlayerIDRequired)
	case len(d.PlayerID) > MaxPlayerIDLength:
		v.Add("playerId", MsgDevicePlayerIDTooLong)
	case hasControl(d.PlayerID):
		v.Add("playerId", MsgDevicePlayerIDRequired)
	case sub.Endpoint != "" && sub.Endpoint != d.PlayerID:
		v.Add("playerId", MsgDevicePlayerIDMismatch)
	}
	if sub.Endpoint != "" || sub.P256dh != "" || sub.Auth != "" {
		if u, ok := ParseAbsoluteURL(sub.Endpoint); !ok || u.Scheme != "https" || u.HasUser {
			v.Add("subscription", MsgDeviceEndpoint)
		}
		p256, okP := decodeKey(sub.P256dh)
		auth, okA := decodeKey(sub.Auth)
		if !okP || len(p256) != 65 || p256[0] != 4 || !okA || len(auth) != 16 {
			v.Add("subscription", MsgDeviceKeys)
		} else {
			sub.P256dh, sub.Auth = base64.RawURLEncoding.EncodeToString(p256), base64.RawURLEncoding.EncodeToString(auth)
		}
	}
	d.Name = clip(strings.Join(strings.Fields(d.Name), " "), maxDeviceNameLength)
	d.Info.UserAgent = clip(strings.TrimSpace(d.Info.UserAgent), maxDeviceInfoLength)
	d.Info.Platform = clip(strings.TrimSpace(d.Info.Platform), maxDeviceInfoLength)
	d.Info.Vendor = clip(strings.TrimSpace(d.Info.Vendor), maxDeviceInfoLength)
	return v.Err()
}

// VAPIDKeys are the server's Web Push identity (RFC 8292): a P-256 key pair, both halves
// unpadded base64url (the public key a 65-byte uncompressed point, the private key 32 bytes).
type VAPIDKeys struct {
	PublicKey  string
	PrivateKey string
}

// IsZero reports whether no keys are set.
func (k VAPIDKeys) IsZero() bool { return k.PublicKey == "" && k.PrivateKey == "" }

// ValidateVAPIDKeys checks the sizes of a key pair and returns it in unpadded base64url. Whether
// the halves belong together is the push adapter's check, which knows the curve.
func ValidateVAPIDKeys(k VAPIDKeys) (VAPIDKeys, error) {
	pub, okPub := decodeKey(k.PublicKey)
	priv, okPriv := decodeKey(k.PrivateKey)
	if !okPub || len(pub) != 65 || pub[0] != 4 || !okPriv || len(priv) != 32 {
		return VAPIDKeys{}, Errorf(EInvalid, "VAPID keys must be a P-256 key pair in base64url: a 65-byte public key and a 32-byte private key")
	}
	return VAPIDKeys{PublicKey: base64.RawURLEncoding.EncodeToString(pub), PrivateKey: base64.RawURLEncoding.EncodeToString(priv)}, nil
}

// decodeKey reads base64 in any of its spellings: browsers send unpadded base64url, people
// paste padded standard base64.
func decodeKey(s string) ([]byte, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, false
	}
	for _, enc := range []*base64.Encoding{base64.RawURLEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.StdEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, true
		}
	}
	return nil, false
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}
