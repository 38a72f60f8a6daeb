// Package smtp implements ports.Mailer over SMTP (net/smtp), configured by one URL, and a
// log-only mailer, the embedded default, that writes what it would have sent to the server log.
package smtp

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	netsmtp "net/smtp"
	"net/textproto"
	"net/url"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Messages an API answer or a channel's reason can carry: catalogue keys (adapters/i18n).
const (
	MsgBadAddress        = "The e-mail address %q is not valid"
	MsgServerUnavailable = "The mail server is unavailable (%d %s)"
	MsgRefused           = "The mail server refused the message (%d %s)"
)

var (
	_ ports.Mailer = (*Mailer)(nil)
	_ ports.Mailer = Log{}
)

// Log is the embedded default mailer: it logs each message instead of sending it.
type Log struct{ Logger *slog.Logger }

// Send implements ports.Mailer.
func (l Log) Send(ctx context.Context, m domain.EmailMessage) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	to, err := recipient(m.To)
	if err != nil {
		return err
	}
	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	log.Info("e-mail (log only, not sent: set GARDEN_SMTP_URL to send)", "to", to.Address, "subject", m.Subject)
	return nil
}

// Config holds what the URL cannot say.
type Config struct {
	// URL is smtp://[user[:password]@]host[:port]?from=ADDRESS[&starttls=required|off] (port
	// 587 by default; STARTTLS whenever the server offers it, unless starttls=off) or
	// smtps://… (TLS from the first byte, port 465). from may carry a name:
	// from=Garden%20%3Cgarden%40example.org%3E.
	URL string
	// TLSConfig replaces the default TLS settings (tests trust their own certificate).
	TLSConfig *tls.Config
	// Timeout bounds one message's whole conversation (default 30s).
	Timeout time.Duration
}

type security int

const (
	startTLSOpportunistic security = iota
	startTLSRequired
	startTLSOff
	implicitTLS
)

// Mailer sends each message over its own connection to one server.
type Mailer struct {
	host, port     string
	user, password string
	hasAuth        bool
	from           mail.Address
	security       security
	tls            *tls.Config
	timeout        time.Duration
}

// New parses cfg.URL and builds the mailer. It does not connect.
func New(cfg Config) (*Mailer, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("smtp_url: %v", err)
	}
	m := &Mailer{host: u.Hostname(), port: u.Port(), timeout: cfg.Timeout}
	switch u.Scheme {
	case "smtp":
		if m.port == "" {
			m.port = "587"
		}
		switch v := u.Query().Get("starttls"); v {
		case "", "auto", "opportunistic":
			m.security = startTLSOpportunistic
		case "required":
			m.security = startTLSRequired
		case "off":
			m.security = startTLSOff
		default:
			return nil, fmt.Errorf("smtp_url: starttls=%q: want required or off", v)
		}
	case "smtps":
		m.security = implicitTLS
		if m.port == "" {
			m.port = "465"
		}
	default:
		return nil, fmt.Errorf("smtp_url: want smtp://… or smtps://…")
	}
	if m.host == "" {
		return nil, fmt.Errorf("smtp_url: no host")
	}
	if u.User != nil {
		m.user = u.User.Username()
		m.password, _ = u.User.Password()
		m.hasAuth = m.user != ""
	}
	from := u.Query().Get("from")
	if from == "" && strings.Contains(m.user, "@") {
		from = m.user
	}
	if from == "" {
		return nil, fmt.Errorf("smtp_url: add ?from=ADDRESS, the sender of Garden's e-mail")
	}
	addr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("smtp_url: from=%q is not an e-mail address", from)
	}
	m.from = *addr
	if cfg.TLSConfig != nil {
		m.tls = cfg.TLSConfig.Clone()
	} else {
		m.tls = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	if m.tls.ServerName == "" {
		m.tls.ServerName = m.host
	}
	if m.timeout <= 0 {
		m.timeout = 30 * time.Second
	}
	return m, nil
}

// From is the sender address.
func (m *Mailer) From() string { return m.from.String() }

func recipient(to string) (*mail.Address, error) {
	addr, err := mail.ParseAddress(to)
	if err != nil || strings.ContainsAny(addr.Address, "\r\n") {
		return nil, domain.Errorf(domain.EInvalid, MsgBadAddress, to)
	}
	return addr, nil
}

// Send implements ports.Mailer.
func (m *Mailer) Send(ctx context.Context, msg domain.EmailMessage) error {
	to, err := recipient(msg.To)
	if err != nil {
		return err
	}
	data, err := m.compose(msg, to.Address, time.Now())
	if err != nil {
		return err
	}
	if err := m.deliver(ctx, to.Address, data); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return classify(err)
	}
	return nil
}

// compose writes the message: UTF-8 plain text, quoted-printable, with encoded headers.
func (m *Mailer) compose(msg domain.EmailMessage, to string, now time.Time) ([]byte, error) {
	id := make([]byte, 12)
	if _, err := rand.Read(id); err != nil {
		return nil, err
	}
	domainPart := m.from.Address[strings.LastIndex(m.from.Address, "@")+1:]
	var b bytes.Buffer
	header := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	header("From", m.from.String())
	header("To", (&mail.Address{Name: oneLine(msg.ToName), Address: to}).String())
	header("Subject", mime.QEncoding.Encode("utf-8", oneLine(msg.Subject)))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", "<"+hex.EncodeToString(id)+"@"+domainPart+">")
	header("MIME-Version", "1.0")
	header("Content-Type", "text/plain; charset=utf-8")
	header("Content-Transfer-Encoding", "quoted-printable")
	header("Auto-Submitted", "auto-generated")
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	body := strings.ReplaceAll(strings.ReplaceAll(msg.Body, "\r\n", "\n"), "\n", "\r\n")
	if _, err := qp.Write([]byte(body)); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Refusals to go on without encryption.
var (
	errNoTLS     = errors.New("the mail server does not offer STARTTLS")
	errPlainAuth = errors.New("the mail server offers no TLS: the password is not sent in the clear")
)

// isLoopback reports whether host is this machine, where a password in the clear stays local
// (the one case net/smtp's PlainAuth allows too).
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (m *Mailer) deliver(ctx context.Context, to string, data []byte) error {
	ctx, cancel := context.WithTimeout(ctx, m.timeout)
	defer cancel()
	dialer := &net.Dialer{Timeout: m.timeout}
	conn, err := dialer.DialContext(ctx, "tcp", net.JoinHostPort(m.host, m.port))
	if err != nil {
		return err
	}
	// Closing the connection is how the context (the caller's, or the timeout) interrupts
	// net/smtp, which has no context of its own. It runs once ctx is done, so the caller sees
	// ctx's error rather than a bare network one.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if m.security == implicitTLS {
		tc := tls.Client(conn, m.tls)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return err
		}
		conn = tc
	}
	c, err := netsmtp.NewClient(conn, m.host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if err := c.Hello(helloName(m.from.Address)); err != nil {
		return err
	}
	if m.security == startTLSOpportunistic || m.security == startTLSRequired {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(m.tls); err != nil {
				return err
			}
		} else if m.security == startTLSRequired {
			return errNoTLS
		}
	}
	if m.hasAuth {
		if _, encrypted := c.TLSConnectionState(); !encrypted && !isLoopback(m.host) {
			return errPlainAuth
		}
		if err := c.Auth(netsmtp.PlainAuth("", m.user, m.password, m.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(m.from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// helloName is the name given in EHLO: the sender's domain, which a server can check.
func helloName(from string) string {
	if i := strings.LastIndex(from, "@"); i >= 0 && i < len(from)-1 {
		return from[i+1:]
	}
	return "localhost"
}

// classify maps SMTP replies and connection errors to domain codes: permanent refusals (5xx) are
// invalid, temporary ones (4xx) and network trouble unavailable.
func classify(err error) error {
	var tp *textproto.Error
	switch {
	case errors.As(err, &tp) && tp.Code >= 500:
		return domain.Errorf(domain.EInvalid, MsgRefused, tp.Code, tp.Msg)
	case errors.As(err, &tp):
		return domain.Errorf(domain.EUnavailable, MsgServerUnavailable, tp.Code, tp.Msg)
	case errors.Is(err, errNoTLS):
		return domain.Errorf(domain.EInvalid, "The mail server does not offer STARTTLS, which the configuration requires")
	case errors.Is(err, errPlainAuth):
		return domain.Errorf(domain.EInvalid, "The mail server offers no TLS, so the password is not sent")
	}
	return &domain.Error{Code: domain.EUnavailable, Message: "Could not reach the mail server", Cause: err}
}
