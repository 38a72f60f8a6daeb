package app

import (
	"context"
	"sync"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

func deviceNotFound(err error) error {
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgDeviceNotFound)
	}
	return err
}

// RegisterDevice registers one of the caller's browsers for push notifications, or updates it
// when its player id (the subscription's endpoint) is known; a subscription registered by
// another account moves to the caller, since the browser now belongs to whoever signed in last.
// The device belongs to the caller's sign-in, session or API token, and ends with it (sign-out,
// expiry, a password change, deactivation, revocation); an in-process caller without either
// (operators' tools, tests) registers an unbound device. created reports whether it is new.
func (s *Notifications) RegisterDevice(ctx context.Context, p *domain.Principal, d *domain.Device) (dev *domain.Device, created bool, err error) {
	if err := signedIn(p); err != nil {
		return nil, false, err
	}
	d.ID, d.UserID, d.UpdatedAt = 0, p.User.ID, s.clock.Now()
	d.BindTo(p)
	if err := domain.ValidateDevice(d); err != nil {
		return nil, false, err
	}
	created, err = s.notify.SaveDevice(ctx, d, domain.MaxDevicesPerUser)
	if err != nil {
		return nil, false, err
	}
	return d, created, nil
}

// Devices returns the caller's devices, most recently registered first, leaving out those of
// expired sign-ins (the session cleanup deletes them): the web app then registers its browser
// again with the current session.
func (s *Notifications) Devices(ctx context.Context, p *domain.Principal) ([]*domain.Device, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	all, err := s.notify.ListDevices(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	out := all[:0]
	for _, d := range all {
		if d.ActiveAt(now) {
			out = append(out, d)
		}
	}
	return out, nil
}

// RemoveDevice unregisters one of the caller's devices by id; another user's device is not
// found.
func (s *Notifications) RemoveDevice(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return deviceNotFound(s.notify.DeleteDevice(ctx, p.User.ID, id))
}

// RemoveDeviceByPlayerID unregisters one of the caller's devices by its player id.
func (s *Notifications) RemoveDeviceByPlayerID(ctx context.Context, p *domain.Principal, playerID string) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return deviceNotFound(s.notify.DeleteDeviceByPlayerID(ctx, p.User.ID, playerID))
}

// Channels returns the caller's ntfy settings.
func (s *Notifications) Channels(ctx context.Context, p *domain.Principal) (domain.NotificationChannels, error) {
	if err := signedIn(p); err != nil {
		return domain.NotificationChannels{}, err
	}
	return s.notify.NotificationChannels(ctx, p.User.ID)
}

// SetChannels replaces the caller's ntfy settings; an empty topic turns ntfy off.
func (s *Notifications) SetChannels(ctx context.Context, p *domain.Principal, c domain.NotificationChannels) (domain.NotificationChannels, error) {
	if err := signedIn(p); err != nil {
		return domain.NotificationChannels{}, err
	}
	if err := domain.ValidateNotificationChannels(&c); err != nil {
		return domain.NotificationChannels{}, err
	}
	c.UpdatedAt = s.clock.Now()
	if err := s.notify.SaveNotificationChannels(ctx, p.User.ID, c); err != nil {
		return domain.NotificationChannels{}, err
	}
	return c, nil
}

// PushKey is what the web app needs to subscribe a browser.
type PushKey struct {
	// PublicKey is the VAPID public key, unpadded base64url: the applicationServerKey of
	// PushManager.subscribe.
	PublicKey string
	// Delivery names the push adapter: "webpush" delivers, "log" only writes to the server log.
	Delivery string
}

// VAPIDPublicKey returns the installation's VAPID public key to a signed-in caller.
func (s *Notifications) VAPIDPublicKey(ctx context.Context, p *domain.Principal) (PushKey, error) {
	if err := signedIn(p); err != nil {
		return PushKey{}, err
	}
	k, err := s.vapid.Keys(ctx)
	if err != nil {
		return PushKey{}, err
	}
	return PushKey{PublicKey: k.PublicKey, Delivery: s.cfg.PushDelivery}, nil
}

// VAPID provides the installation's Web Push key pair: the configured one, else the pair kept
// in storage, else a fresh pair generated and stored once for every replica. It reads storage
// on first use, not at start, because the schema may not be migrated yet when it is built.
type VAPID struct {
	store      ports.VAPIDKeyStore
	configured domain.VAPIDKeys
	generate   ports.VAPIDKeyGenerator

	mu   sync.Mutex
	keys domain.VAPIDKeys
}

// NewVAPID builds the key provider. configured may be zero; it must be a valid pair otherwise
// (see domain.ValidateVAPIDKeys).
func NewVAPID(store ports.VAPIDKeyStore, configured domain.VAPIDKeys, generate ports.VAPIDKeyGenerator) *VAPID {
	return &VAPID{store: store, configured: configured, generate: generate}
}

// Keys returns the key pair, generating and storing it the first time.
func (v *VAPID) Keys(ctx context.Context) (domain.VAPIDKeys, error) {
	if !v.configured.IsZero() {
		return v.configured, nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.keys.IsZero() {
		return v.keys, nil
	}
	k, err := v.store.VAPIDKeys(ctx)
	if domain.ErrorCode(err) == domain.ENotFound {
		fresh, gerr := v.generate()
		if gerr != nil {
			return domain.VAPIDKeys{}, gerr
		}
		// Another replica may have stored a pair meanwhile: whichever was first wins.
		k, err = v.store.SaveVAPIDKeysOnce(ctx, fresh)
	}
	if err != nil {
		return domain.VAPIDKeys{}, err
	}
	v.keys = k
	return k, nil
}

// PushKeyAsOperator is VAPIDPublicKey for the command line.
func (s *Notifications) PushKeyAsOperator(ctx context.Context) (PushKey, error) {
	k, err := s.vapid.Keys(ctx)
	if err != nil {
		return PushKey{}, err
	}
	return PushKey{PublicKey: k.PublicKey, Delivery: s.cfg.PushDelivery}, nil
}
