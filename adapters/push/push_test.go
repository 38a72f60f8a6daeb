package push_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/hkdf"

	"github.com/gardenctl/garden/adapters/push"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports/porttest"
)

// device is a browser's side of a subscription: the private half of its ECDH key and its auth
// secret, which only the browser knows.
type device struct {
	key  *ecdh.PrivateKey
	auth []byte
}

// received is one message a device got, with the request's headers.
type received struct {
	msg    domain.PushMessage
	header http.Header
}

// pushService is a local push service (RFC 8030) that checks every request the way a real one
// does: a VAPID JWT (RFC 8292) signed with ES256 by the key in the Authorization header, for
// this origin, not expired; then it decrypts the aes128gcm payload (RFC 8291) with the device's
// private key, as the browser would.
type pushService struct {
	t     *testing.T
	srv   *httptest.Server
	vapid string // the public key the server must present

	mu               sync.Mutex
	rejected         []string // with expectRejections, what was refused instead of failing the test
	expectRejections bool
	devices          map[string]*device // by endpoint path
	inbox            map[string][]received
	statuses         map[string]int // answer for an endpoint path instead of 201
}

func newPushService(t *testing.T, vapidPublic string) *pushService {
	ps := &pushService{t: t, vapid: vapidPublic, devices: map[string]*device{}, inbox: map[string][]received{}, statuses: map[string]int{}}
	ps.srv = httptest.NewTLSServer(http.HandlerFunc(ps.serve))
	t.Cleanup(ps.srv.Close)
	return ps
}

// subscribe makes a device and returns its subscription, as PushManager.subscribe would.
func (ps *pushService) subscribe(t *testing.T) domain.PushSubscription {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	ps.mu.Lock()
	path := fmt.Sprintf("/wpush/v2/device-%d", len(ps.devices)+1)
	ps.devices[path] = &device{key: key, auth: auth}
	ps.mu.Unlock()
	return domain.PushSubscription{Endpoint: ps.srv.URL + path, P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Auth: base64.RawURLEncoding.EncodeToString(auth)}
}

// answer makes the service answer status for sub from now on.
func (ps *pushService) answer(sub domain.PushSubscription, status int) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.statuses[strings.TrimPrefix(sub.Endpoint, ps.srv.URL)] = status
}

func (ps *pushService) received(sub domain.PushSubscription) []received {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return append([]received(nil), ps.inbox[strings.TrimPrefix(sub.Endpoint, ps.srv.URL)]...)
}

func (ps *pushService) serve(w http.ResponseWriter, r *http.Request) {
	fail := func(status int, format string, args ...any) {
		ps.mu.Lock()
		expected := ps.expectRejections
		ps.rejected = append(ps.rejected, fmt.Sprintf(format, args...))
		ps.mu.Unlock()
		if !expected {
			ps.t.Errorf("push service: "+format, args...)
		}
		http.Error(w, fmt.Sprintf(format, args...), status)
	}
	ps.mu.Lock()
	dev, status := ps.devices[r.URL.Path], ps.statuses[r.URL.Path]
	ps.mu.Unlock()
	if status != 0 {
		w.WriteHeader(status)
		return
	}
	if r.Method != http.MethodPost || dev == nil {
		fail(http.StatusNotFound, "unexpected %s %s", r.Method, r.URL.Path)
		return
	}
	if err := ps.checkVAPID(r); err != nil {
		fail(http.StatusUnauthorized, "VAPID: %v", err)
		return
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" {
		fail(http.StatusBadRequest, "Content-Encoding %q", r.Header.Get("Content-Encoding"))
		return
	}
	if _, err := strconv.Atoi(r.Header.Get("TTL")); err != nil {
		fail(http.StatusBadRequest, "TTL header %q", r.Header.Get("TTL"))
		return
	}
	body, _ := io.ReadAll(r.Body)
	plain, err := decrypt(body, dev)
	if err != nil {
		fail(http.StatusBadRequest, "decrypt: %v", err)
		return
	}
	var p struct {
		Title          string         `json:"title"`
		Body           string         `json:"body"`
		Content        string         `json:"content"`
		URL            string         `json:"url"`
		Tag            string         `json:"tag"`
		NotificationID int64          `json:"notificationId"`
		Data           map[string]any `json:"data"`
	}
	if err := json.Unmarshal(plain, &p); err != nil {
		fail(http.StatusBadRequest, "payload is not JSON: %v: %q", err, plain)
		return
	}
	if p.Content != p.Body {
		fail(http.StatusBadRequest, "content %q and body %q differ", p.Content, p.Body)
		return
	}
	ps.mu.Lock()
	ps.inbox[r.URL.Path] = append(ps.inbox[r.URL.Path], received{header: r.Header.Clone(), msg: domain.PushMessage{NotificationID: p.NotificationID,
		Title: p.Title, Body: p.Body, URL: p.URL, Tag: p.Tag, Data: p.Data}})
	ps.mu.Unlock()
	w.Header().Set("Location", ps.srv.URL+"/message/1")
	w.WriteHeader(http.StatusCreated)
}

// checkVAPID verifies "Authorization: vapid t=<JWT>, k=<public key>" (RFC 8292 §3).
func (ps *pushService) checkVAPID(r *http.Request) error {
	scheme, params, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || scheme != "vapid" {
		return fmt.Errorf("authorization scheme %q", scheme)
	}
	var token, k string
	for _, part := range strings.Split(params, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch name {
		case "t":
			token = value
		case "k":
			k = value
		}
	}
	if k != ps.vapid {
		return fmt.Errorf("k=%q is not the server's public key %q", k, ps.vapid)
	}
	raw, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return fmt.Errorf("JWT has %d parts", len(parts))
	}
	var header struct{ Typ, Alg string }
	if err := decodeJSONPart(parts[0], &header); err != nil || header.Alg != "ES256" {
		return fmt.Errorf("JWT header %+v, %v", header, err)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return fmt.Errorf("ES256 signature of %d bytes: %v", len(sig), err)
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("JWT signature does not verify with the public key")
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := decodeJSONPart(parts[1], &claims); err != nil {
		return err
	}
	if claims.Aud != ps.srv.URL { // the endpoint's origin: scheme://host:port
		return fmt.Errorf("aud %q, want %q", claims.Aud, ps.srv.URL)
	}
	now := time.Now().Unix()
	if claims.Exp <= now || claims.Exp > now+24*3600 {
		return fmt.Errorf("exp %d is not within 24 hours from now (%d)", claims.Exp, now)
	}
	if claims.Sub != "mailto:ops@garden.example.org" {
		return fmt.Errorf("sub %q", claims.Sub)
	}
	return nil
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func decodeJSONPart(part string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// decrypt undoes RFC 8291 with the device's private key and auth secret, for a message of one
// aes128gcm record (RFC 8188).
func decrypt(body []byte, dev *device) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than the aes128gcm header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || idlen != 65 {
		return nil, fmt.Errorf("keyid of %d bytes, want the 65-byte sender key", idlen)
	}
	senderPublic, record := body[21:21+idlen], body[21+idlen:]
	if uint32(len(record)) > rs {
		return nil, fmt.Errorf("record of %d bytes exceeds rs %d (more than one record)", len(record), rs)
	}
	asPublic, err := ecdh.P256().NewPublicKey(senderPublic)
	if err != nil {
		return nil, err
	}
	secret, err := dev.key.ECDH(asPublic)
	if err != nil {
		return nil, err
	}
	// IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
	info := append(append([]byte("WebPush: info\x00"), dev.key.PublicKey().Bytes()...), senderPublic...)
	ikm := make([]byte, 32)
	if _, err := io.ReadFull(hkdf.New(sha256.New, secret, dev.auth, info), ikm); err != nil {
		return nil, err
	}
	cek, nonce := make([]byte, 16), make([]byte, 12)
	if _, err := io.ReadFull(hkdf.New(sha256.New, ikm, salt, []byte("Content-Encoding: aes128gcm\x00")), cek); err != nil {
		return nil, err
	}
	if _, err := io.ReadFull(hkdf.New(sha256.New, ikm, salt, []byte("Content-Encoding: nonce\x00")), nonce); err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, record, nil)
	if err != nil {
		return nil, fmt.Errorf("AES-128-GCM: %w", err)
	}
	// The last record ends with the delimiter 0x02, then zero padding.
	end := bytes.LastIndexFunc(plain, func(r rune) bool { return r != 0 })
	if end < 0 || plain[end] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:end], nil
}

// fixture is a Web Push sender talking to a local push service.
type fixture struct {
	sender *push.WebPush
	ps     *pushService
	keys   domain.VAPIDKeys
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	keys, err := push.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	ps := newPushService(t, keys.PublicKey)
	sender, err := push.NewWebPush(push.Config{Keys: func(context.Context) (domain.VAPIDKeys, error) { return keys, nil },
		Subject: "mailto:ops@garden.example.org", HTTPClient: ps.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{sender: sender, ps: ps, keys: keys}
}

func TestWebPush_Contract(t *testing.T) {
	t.Parallel()
	porttest.RunPushSender(t, func(t *testing.T) porttest.PushSenderCase {
		f := newFixture(t)
		return porttest.PushSenderCase{
			Sender:    f.sender,
			Subscribe: f.ps.subscribe,
			Received: func(t *testing.T, sub domain.PushSubscription) []domain.PushMessage {
				var out []domain.PushMessage
				for _, r := range f.ps.received(sub) {
					out = append(out, r.msg)
				}
				return out
			},
			Gone: func(t *testing.T) domain.PushSubscription {
				sub := f.ps.subscribe(t)
				f.ps.answer(sub, http.StatusGone)
				return sub
			},
		}
	})
}

func TestLog_Contract(t *testing.T) {
	t.Parallel()
	porttest.RunPushSender(t, func(t *testing.T) porttest.PushSenderCase {
		keys := func(t *testing.T) domain.PushSubscription {
			key, _ := ecdh.P256().GenerateKey(rand.Reader)
			return domain.PushSubscription{Endpoint: "https://push.example/x", P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
				Auth: base64.RawURLEncoding.EncodeToString(make([]byte, 16))}
		}
		return porttest.PushSenderCase{Sender: push.Log{Logger: quiet()}, Subscribe: keys}
	})
}

func TestWebPush_Headers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sub := f.ps.subscribe(t)
	msg := domain.PushMessage{NotificationID: 3, Title: "Today's plant care: 2 plants", Body: "Water: Basil, Mint.", URL: "/schedule",
		Tag: "garden-care-reminder", TTL: 12 * time.Hour}
	if err := f.sender.Send(context.Background(), sub, msg); err != nil {
		t.Fatal(err)
	}
	got := f.ps.received(sub)
	if len(got) != 1 {
		t.Fatalf("received %d", len(got))
	}
	h := got[0].header
	if h.Get("TTL") != "43200" || h.Get("Topic") != "garden-care-reminder" || h.Get("Urgency") != "normal" || h.Get("Content-Type") != "application/octet-stream" {
		t.Fatalf("headers %v", h)
	}
	// A tag that cannot be a Topic header is left out rather than sent malformed.
	if err := f.sender.Send(context.Background(), sub, domain.PushMessage{Title: "x", Body: "y", Tag: "not a topic!"}); err != nil {
		t.Fatal(err)
	}
	if h := f.ps.received(sub)[1].header; h.Get("Topic") != "" {
		t.Fatalf("Topic %q", h.Get("Topic"))
	}
}

// TestPushService_RefusesWhatItShould proves the checks above can fail: a sender with another
// VAPID key, and a payload encrypted for another device, are refused.
func TestPushService_RefusesWhatItShould(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.ps.expectRejections = true
	other, _ := push.GenerateVAPIDKeys()
	impostor, err := push.NewWebPush(push.Config{Keys: func(context.Context) (domain.VAPIDKeys, error) { return other, nil },
		Subject: "mailto:ops@garden.example.org", HTTPClient: f.ps.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	sub := f.ps.subscribe(t)
	if err := impostor.Send(context.Background(), sub, domain.PushMessage{Title: "x", Body: "y"}); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("another key's message was accepted: %v", err)
	}
	// Keys of another device: the service cannot decrypt.
	stranger := f.ps.subscribe(t)
	crossed := sub
	crossed.P256dh, crossed.Auth = stranger.P256dh, stranger.Auth
	if err := f.sender.Send(context.Background(), crossed, domain.PushMessage{Title: "x", Body: "y"}); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("a payload for another device was accepted: %v", err)
	}
	// The right public key in k, but a token signed by another key.
	forger, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	enc := base64.RawURLEncoding.EncodeToString
	head := enc([]byte(`{"typ":"JWT","alg":"ES256"}`)) + "." +
		enc([]byte(fmt.Sprintf(`{"aud":%q,"exp":%d,"sub":"mailto:ops@garden.example.org"}`, f.ps.srv.URL, time.Now().Add(time.Hour).Unix())))
	digest := sha256.Sum256([]byte(head))
	r, sgn, _ := ecdsa.Sign(rand.Reader, forger, digest[:])
	sig := append(r.FillBytes(make([]byte, 32)), sgn.FillBytes(make([]byte, 32))...)
	req, _ := http.NewRequest("POST", sub.Endpoint, strings.NewReader("x"))
	req.Header.Set("Authorization", "vapid t="+head+"."+enc(sig)+", k="+f.keys.PublicKey)
	res, err := f.ps.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a forged token got %d", res.StatusCode)
	}
	f.ps.mu.Lock()
	defer f.ps.mu.Unlock()
	if len(f.ps.rejected) != 3 || !strings.Contains(f.ps.rejected[0], "VAPID") || !strings.Contains(f.ps.rejected[1], "decrypt") ||
		!strings.Contains(f.ps.rejected[2], "signature does not verify") {
		t.Fatalf("rejections %q", f.ps.rejected)
	}
}

func TestWebPush_Statuses(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for status, code := range map[int]string{
		http.StatusNotFound: domain.ENotFound, http.StatusGone: domain.ENotFound,
		http.StatusTooManyRequests: domain.EUnavailable, http.StatusBadGateway: domain.EUnavailable, http.StatusServiceUnavailable: domain.EUnavailable,
		http.StatusBadRequest: domain.EInvalid, http.StatusUnauthorized: domain.EInvalid, http.StatusForbidden: domain.EInvalid,
		http.StatusRequestEntityTooLarge: domain.EInvalid,
	} {
		sub := f.ps.subscribe(t)
		f.ps.answer(sub, status)
		err := f.sender.Send(context.Background(), sub, domain.PushMessage{Title: "x", Body: "y"})
		if domain.ErrorCode(err) != code {
			t.Errorf("HTTP %d gave %v (%s), want %s", status, err, domain.ErrorCode(err), code)
		}
	}
}

func TestWebPush_UnreachableService(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sub := f.ps.subscribe(t)
	f.ps.srv.Close()
	err := f.sender.Send(context.Background(), sub, domain.PushMessage{Title: "x", Body: "y"})
	if domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("closed service gave %v (%s), want unavailable", err, domain.ErrorCode(err))
	}
}

// TestWebPush_RefusesPrivateAddresses: the endpoint comes from a browser, so the default client
// will not call into the server's own network.
func TestWebPush_RefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sub := f.ps.subscribe(t) // https://127.0.0.1:port/…
	guarded, err := push.NewWebPush(push.Config{Keys: func(context.Context) (domain.VAPIDKeys, error) { return f.keys, nil }, Subject: "https://garden.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	err = guarded.Send(context.Background(), sub, domain.PushMessage{Title: "x", Body: "y"})
	if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "not a public address") {
		t.Fatalf("private endpoint gave %v", err)
	}
	if len(f.ps.received(sub)) != 0 {
		t.Fatal("the request reached the private address")
	}
}

func TestNewWebPush_Subject(t *testing.T) {
	t.Parallel()
	keys := func(context.Context) (domain.VAPIDKeys, error) { return domain.VAPIDKeys{}, nil }
	for subject, ok := range map[string]bool{"mailto:ops@example.org": true, "https://garden.example.org": true, "ops@example.org": false, "http://x": false, "": false} {
		_, err := push.NewWebPush(push.Config{Keys: keys, Subject: subject})
		if (err == nil) != ok {
			t.Errorf("subject %q: err %v", subject, err)
		}
	}
}

func TestVAPIDKeys(t *testing.T) {
	t.Parallel()
	a, err := push.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := push.GenerateVAPIDKeys()
	if a == b {
		t.Fatal("two generated pairs are equal")
	}
	if got, err := push.CheckVAPIDKeys(a); err != nil || got != a {
		t.Fatalf("a generated pair fails the check: %v", err)
	}
	if _, err := push.CheckVAPIDKeys(domain.VAPIDKeys{PublicKey: a.PublicKey, PrivateKey: b.PrivateKey}); err == nil {
		t.Fatal("mismatched halves accepted")
	}
}

func TestPayload_FitsOneRecord(t *testing.T) {
	t.Parallel()
	msg := domain.PushMessage{Title: "Big", Body: strings.Repeat("é", 5000), Data: map[string]any{"blob": strings.Repeat("x", 5000)}}
	b, err := push.Payload(msg)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil || len(b) > 3800 || p["data"] != nil || !strings.HasSuffix(p["body"].(string), "…") {
		t.Fatalf("payload of %d bytes: %v", len(b), err)
	}
	small, _ := push.Payload(domain.PushMessage{Title: "t", Body: "b", Data: map[string]any{"k": "v"}})
	if !strings.Contains(string(small), `"data":{"k":"v"}`) {
		t.Fatalf("small payload lost its data: %s", small)
	}
}
