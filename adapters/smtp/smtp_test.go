package smtp_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	gosmtp "github.com/emersion/go-smtp"

	"github.com/gardenctl/garden/adapters/smtp"
	"github.com/gardenctl/garden/core/domain"
)

// delivered is one message the in-process server accepted.
type delivered struct {
	from     string
	to       []string
	data     []byte
	user     string
	password string
	tls      bool
}

// server is an in-process SMTP server (emersion/go-smtp) that records what it is given.
type server struct {
	srv  *gosmtp.Server
	addr string
	cert *x509.Certificate

	mu       sync.Mutex
	got      []delivered
	rcptFail error // answer to RCPT when set
}

type session struct {
	s    *server
	conn *gosmtp.Conn
	cur  delivered
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (x *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != "garden" || password != "s3cret" {
			return gosmtp.ErrAuthFailed // 535, as real servers answer
		}
		x.cur.user, x.cur.password = username, password
		return nil
	}), nil
}
func (x *session) Mail(from string, _ *gosmtp.MailOptions) error {
	x.cur.from = from
	_, x.cur.tls = x.conn.TLSConnectionState()
	return nil
}
func (x *session) Rcpt(to string, _ *gosmtp.RcptOptions) error {
	x.s.mu.Lock()
	fail := x.s.rcptFail
	x.s.mu.Unlock()
	if fail != nil {
		return fail
	}
	x.cur.to = append(x.cur.to, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.cur.data = b
	x.s.mu.Lock()
	x.s.got = append(x.s.got, x.cur)
	x.s.mu.Unlock()
	return nil
}
func (x *session) Reset()        { x.cur = delivered{user: x.cur.user, password: x.cur.password} }
func (x *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1.
func selfSigned(t *testing.T) (tls.Certificate, *x509.Certificate) {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "mail.test"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, cert
}

type mode int

const (
	plain    mode = iota // no TLS offered
	startTLS             // STARTTLS offered
	implicit             // TLS from the first byte (smtps)
)

func newServer(t *testing.T, m mode) *server {
	t.Helper()
	s := &server{}
	s.srv = gosmtp.NewServer(gosmtp.BackendFunc(func(c *gosmtp.Conn) (gosmtp.Session, error) { return &session{s: s, conn: c}, nil }))
	s.srv.Domain = "mail.test"
	s.srv.AllowInsecureAuth = m == plain
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if m != plain {
		cert, parsed := selfSigned(t)
		s.cert = parsed
		s.srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
		if m == implicit {
			ln = tls.NewListener(ln, s.srv.TLSConfig)
		}
	}
	s.addr = ln.Addr().String()
	go func() { _ = s.srv.Serve(ln) }()
	t.Cleanup(func() { s.srv.Close() })
	return s
}

func (s *server) received() []delivered {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]delivered(nil), s.got...)
}

func (s *server) trust() *tls.Config {
	pool := x509.NewCertPool()
	if s.cert != nil {
		pool.AddCert(s.cert)
	}
	return &tls.Config{RootCAs: pool}
}

func mailer(t *testing.T, rawURL string, s *server) *smtp.Mailer {
	t.Helper()
	m, err := smtp.New(smtp.Config{URL: rawURL, TLSConfig: s.trust(), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

var from = url.QueryEscape("Garden <garden@example.org>")

var message = domain.EmailMessage{To: "rosa@example.org", ToName: "Rosa Gärtner", Subject: "Frost tonight ❄",
	Body: "Cover the dahlias.\nOpen Garden: https://garden.example.org/schedule\n\nA long line that quoted-printable has to wrap because it goes on and on well past seventy-six characters."}

// checkMessage parses what the server got and compares it with message.
func checkMessage(t *testing.T, d delivered) {
	t.Helper()
	if d.from != "garden@example.org" || len(d.to) != 1 || d.to[0] != "rosa@example.org" {
		t.Fatalf("envelope from %q to %v", d.from, d.to)
	}
	msg, err := mail.ReadMessage(bytes.NewReader(d.data))
	if err != nil {
		t.Fatal(err)
	}
	dec := new(mime.WordDecoder)
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	fromH, _ := mail.ParseAddress(msg.Header.Get("From"))
	toH, err := mail.ParseAddress(msg.Header.Get("To"))
	if err != nil {
		t.Fatalf("To %q: %v", msg.Header.Get("To"), err)
	}
	if subject != message.Subject || fromH.Name != "Garden" || fromH.Address != "garden@example.org" || toH.Name != "Rosa Gärtner" || toH.Address != "rosa@example.org" {
		t.Fatalf("headers: subject %q from %+v to %+v", subject, fromH, toH)
	}
	if msg.Header.Get("Content-Type") != "text/plain; charset=utf-8" || msg.Header.Get("Content-Transfer-Encoding") != "quoted-printable" ||
		msg.Header.Get("MIME-Version") != "1.0" || !strings.HasSuffix(msg.Header.Get("Message-ID"), "@example.org>") ||
		msg.Header.Get("Auto-Submitted") != "auto-generated" {
		t.Fatalf("headers %v", msg.Header)
	}
	if _, err := msg.Header.Date(); err != nil {
		t.Fatalf("Date: %v", err)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
	if err != nil {
		t.Fatal(err)
	}
	// DATA ends the message with a line break; the rest is the body as written.
	if got := strings.TrimSuffix(strings.ReplaceAll(string(body), "\r\n", "\n"), "\n"); got != message.Body {
		t.Fatalf("body %q, want %q", got, message.Body)
	}
	for _, line := range strings.Split(string(d.data), "\r\n") {
		if len(line) > 78 {
			t.Fatalf("line longer than 78 characters: %q", line)
		}
	}
}

func TestMailer_PlainWithAuthOnLoopback(t *testing.T) {
	t.Parallel()
	s := newServer(t, plain)
	m := mailer(t, "smtp://garden:s3cret@"+s.addr+"?from="+from, s)
	if err := m.Send(context.Background(), message); err != nil {
		t.Fatal(err)
	}
	got := s.received()
	if len(got) != 1 || got[0].user != "garden" || got[0].password != "s3cret" || got[0].tls {
		t.Fatalf("received %+v", got)
	}
	checkMessage(t, got[0])
}

func TestMailer_StartTLS(t *testing.T) {
	t.Parallel()
	s := newServer(t, startTLS)
	m := mailer(t, "smtp://garden:s3cret@"+s.addr+"?starttls=required&from="+from, s)
	if err := m.Send(context.Background(), message); err != nil {
		t.Fatal(err)
	}
	got := s.received()
	if len(got) != 1 || !got[0].tls || got[0].user != "garden" {
		t.Fatalf("received %+v, want one message over TLS", got)
	}
	checkMessage(t, got[0])
}

func TestMailer_ImplicitTLS(t *testing.T) {
	t.Parallel()
	s := newServer(t, implicit)
	m := mailer(t, "smtps://"+s.addr+"?from="+from, s)
	if err := m.Send(context.Background(), message); err != nil {
		t.Fatal(err)
	}
	got := s.received()
	if len(got) != 1 || !got[0].tls || got[0].user != "" {
		t.Fatalf("received %+v", got)
	}
	checkMessage(t, got[0])
}

func TestMailer_StartTLSRequiredButMissing(t *testing.T) {
	t.Parallel()
	s := newServer(t, plain)
	m := mailer(t, "smtp://"+s.addr+"?starttls=required&from="+from, s)
	err := m.Send(context.Background(), message)
	if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("got %v", err)
	}
	if len(s.received()) != 0 {
		t.Fatal("a message went out unencrypted")
	}
}

func TestMailer_UntrustedCertificate(t *testing.T) {
	t.Parallel()
	s := newServer(t, startTLS)
	m, err := smtp.New(smtp.Config{URL: "smtp://" + s.addr + "?from=" + from, Timeout: 5 * time.Second}) // system roots only
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Send(context.Background(), message); err == nil || len(s.received()) != 0 {
		t.Fatalf("a server with an untrusted certificate got the message: %v", err)
	}
}

func TestMailer_Refusals(t *testing.T) {
	t.Parallel()
	for status, code := range map[int]string{550: domain.EInvalid, 451: domain.EUnavailable} {
		s := newServer(t, plain)
		s.rcptFail = &gosmtp.SMTPError{Code: status, EnhancedCode: gosmtp.EnhancedCode{status / 100, 1, 1}, Message: "mailbox says no"}
		err := mailer(t, "smtp://"+s.addr+"?from="+from, s).Send(context.Background(), message)
		if domain.ErrorCode(err) != code || !strings.Contains(err.Error(), fmt.Sprint(status)) {
			t.Errorf("RCPT %d gave %v (%s), want %s", status, err, domain.ErrorCode(err), code)
		}
	}
	s := newServer(t, plain)
	err := mailer(t, "smtp://garden:wrong@"+s.addr+"?from="+from, s).Send(context.Background(), message)
	if domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("bad credentials gave %v", err)
	}
	bad := message
	bad.To = "not an address"
	if err := mailer(t, "smtp://"+s.addr+"?from="+from, s).Send(context.Background(), bad); domain.ErrorCode(err) != domain.EInvalid {
		t.Errorf("bad recipient gave %v", err)
	}
	if len(s.received()) != 0 {
		t.Fatal("a refused message was recorded")
	}
}

func TestMailer_Unreachable(t *testing.T) {
	t.Parallel()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	m, err := smtp.New(smtp.Config{URL: "smtp://" + addr + "?from=" + from, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Send(context.Background(), message); domain.ErrorCode(err) != domain.EUnavailable {
		t.Fatalf("got %v", err)
	}
	// A server that accepts the connection and never speaks: the context ends the wait.
	silent, _ := net.Listen("tcp", "127.0.0.1:0")
	defer silent.Close()
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	m, _ = smtp.New(smtp.Config{URL: "smtp://" + silent.Addr().String() + "?from=" + from, Timeout: 30 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := m.Send(ctx, message); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("silent server: %v after %v", err, time.Since(start))
	}
}

func TestNew_URLs(t *testing.T) {
	t.Parallel()
	for raw, ok := range map[string]bool{
		"smtp://mail.example.org?from=garden@example.org":                    true,
		"smtps://u:p@mail.example.org:2465?from=garden@example.org":          true,
		"smtp://garden%40example.org:pw@mail.example.org":                    true,  // from taken from the user
		"smtp://mail.example.org":                                            false, // no sender
		"smtp://mail.example.org?from=nonsense":                              false,
		"http://mail.example.org?from=garden@example.org":                    false,
		"smtp://mail.example.org?from=garden@example.org&starttls=sometimes": false,
		"smtp://?from=garden@example.org":                                    false,
	} {
		_, err := smtp.New(smtp.Config{URL: raw})
		if (err == nil) != ok {
			t.Errorf("%s: %v", raw, err)
		}
	}
}

func TestLog(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	l := smtp.Log{Logger: slog.New(slog.NewTextHandler(&buf, nil))}
	if err := l.Send(context.Background(), message); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "rosa@example.org") || !strings.Contains(buf.String(), "Frost tonight") {
		t.Fatalf("log %q", buf.String())
	}
	bad := message
	bad.To = "nope"
	if err := l.Send(context.Background(), bad); domain.ErrorCode(err) != domain.EInvalid {
		t.Fatalf("bad address: %v", err)
	}
}
