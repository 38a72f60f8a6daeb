package catalogue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// Accept headers for the two kinds of page the client reads.
const (
	acceptJSON = "application/json"
	acceptHTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"
)

// maxRedirects bounds same-host redirects of one request.
const maxRedirects = 5

var errTooManyRedirects = fmt.Errorf(MsgTooManyRedirects, maxRedirects)

// errKind classifies a failed request; it decides retries and the domain error code.
type errKind int

const (
	kindUnreachable errKind = iota // network error: connection refused, reset, DNS
	kindTimeout                    // an attempt exceeded RequestTimeout
	kindStatus                     // a non-2xx status
	kindTooLarge                   // the response exceeded MaxResponseBytes
	kindOtherHost                  // a redirect or link to another host
	kindBadContent                 // the store answered, but not in the expected shape
)

// fetchError is a request that failed, with a message an admin can act on.
type fetchError struct {
	kind   errKind
	status int
	msg    string
	retry  bool          // worth another attempt
	wait   time.Duration // the store's Retry-After, when it gave one
}

func (e *fetchError) Error() string { return e.msg }

// otherHostError refuses a redirect that leaves the store's host.
type otherHostError struct{ to string }

func (e *otherHostError) Error() string { return fmt.Sprintf(MsgRedirectOtherHost, e.to) }

// page is a successful response.
type page struct {
	url    *url.URL // after same-host redirects
	header http.Header
	body   []byte
}

// fetcher does every HTTP request of a Client: one host, bounded concurrency and rate, a
// timeout per attempt, retries with backoff, a size cap.
type fetcher struct {
	cfg  Config
	base *url.URL
	hc   *http.Client
	// imageHC reads product images, which live on a CDN rather than the store's host: it
	// follows redirects between http(s) hosts, sharing the store client's pace and slots.
	imageHC *http.Client
	limiter *rate.Limiter
	slots   chan struct{}
	log     *slog.Logger
}

func newFetcher(cfg Config, base *url.URL) *fetcher {
	f := &fetcher{
		cfg:  cfg,
		base: base,
		// A burst of one spaces requests evenly instead of letting a fresh limiter fire a
		// volley at the store.
		limiter: rate.NewLimiter(rate.Limit(cfg.RatePerSecond), 1),
		slots:   make(chan struct{}, cfg.Concurrency),
		log:     cfg.Logger.With("component", "catalogue", "store", base.Host),
	}
	transport := cfg.Transport
	if transport == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = cfg.Concurrency
		transport = t
	}
	f.hc = &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return errTooManyRedirects
			}
			if !f.sameHost(req.URL) {
				return &otherHostError{to: req.URL.String()}
			}
			// A redirect is one more request to the store: it waits its turn like the others.
			return f.limiter.Wait(req.Context())
		},
	}
	f.imageHC = &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return errTooManyRedirects
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return &otherHostError{to: req.URL.String()}
			}
			return f.limiter.Wait(req.Context())
		},
	}
	return f
}

// sameHost reports whether u is on the store's host: same host name (ignoring case) and same
// port, where a scheme's default port counts as no port so that http→https upgrades pass.
func (f *fetcher) sameHost(u *url.URL) bool {
	if u == nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return strings.EqualFold(u.Hostname(), f.base.Hostname()) && explicitPort(u) == explicitPort(f.base)
}

func explicitPort(u *url.URL) string {
	p := u.Port()
	if (u.Scheme == "http" && p == "80") || (u.Scheme == "https" && p == "443") {
		return ""
	}
	return p
}

// get reads u, retrying transient failures. It returns ctx's error when ctx ends and a
// *fetchError for everything else.
func (f *fetcher) get(ctx context.Context, u *url.URL, accept string) (*page, error) {
	if !f.sameHost(u) {
		return nil, &fetchError{kind: kindOtherHost, msg: fmt.Sprintf(MsgNotFollowedOtherHost, u, f.base.Host)}
	}
	return f.getWith(ctx, f.hc, u, accept, f.cfg.MaxResponseBytes, true)
}

// getImage reads an image at u on any http(s) host (product images live on CDNs), at most
// maxBytes, with the same pace, slots, timeout and retries as the store's pages.
func (f *fetcher) getImage(ctx context.Context, u *url.URL, maxBytes int64) (*page, error) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &fetchError{kind: kindBadContent, msg: fmt.Sprintf(MsgNotImageAddress, u)}
	}
	// A CDN that cannot be reached at all will not be back in seconds: no retry then, so an
	// offline import is not slowed down image by image.
	return f.getWith(ctx, f.imageHC, u, "image/*", maxBytes, false)
}

func (f *fetcher) getWith(ctx context.Context, hc *http.Client, u *url.URL, accept string, maxBytes int64, retryUnreachable bool) (*page, error) {
	for attempt := 0; ; attempt++ {
		p, err := f.attempt(ctx, hc, u, accept, maxBytes)
		if err == nil {
			return p, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var fe *fetchError
		if !errors.As(err, &fe) {
			return nil, err
		}
		if fe.kind == kindUnreachable && !retryUnreachable {
			return nil, fe
		}
		if !fe.retry || attempt >= f.cfg.MaxRetries {
			if fe.retry && attempt > 0 {
				fe.msg = fmt.Sprintf(plural(attempt, MsgAfterRetry, MsgAfterRetries), fe.msg, attempt)
			}
			return nil, fe
		}
		wait := fe.wait
		if wait == 0 {
			wait = f.backoff(attempt)
		}
		f.log.Debug("retrying", "url", u.String(), "attempt", attempt+1, "wait", wait, "reason", fe.msg)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// backoff is RetryBackoff doubled per attempt, plus up to 20% jitter so that several clients do
// not retry in step, capped at MaxRetryWait.
func (f *fetcher) backoff(attempt int) time.Duration {
	d := f.cfg.RetryBackoff << min(attempt, 20)
	if d > 0 {
		d += time.Duration(rand.Int64N(int64(d)/5 + 1))
	}
	return min(d, f.cfg.MaxRetryWait)
}

// attempt makes one request: it takes a concurrency slot and a rate token first, and holds the
// slot until the body is read, so that Concurrency bounds what the store is serving for us.
func (f *fetcher) attempt(ctx context.Context, hc *http.Client, u *url.URL, accept string, maxBytes int64) (*page, error) {
	select {
	case f.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-f.slots }()
	if err := f.limiter.Wait(ctx); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// The limiter refuses to wait past ctx's deadline; that is the deadline's doing.
		return nil, context.DeadlineExceeded
	}
	actx, cancel := context.WithTimeout(ctx, f.cfg.RequestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &fetchError{kind: kindBadContent, msg: fmt.Sprintf(MsgBadURL, u, err)}
	}
	req.Header.Set("User-Agent", f.cfg.UserAgent)
	req.Header.Set("Accept", accept)
	start := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		return nil, f.transportError(ctx, actx, err)
	}
	defer resp.Body.Close()
	f.log.Debug("request", "url", u.String(), "status", resp.StatusCode, "duration", time.Since(start))

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Read a little so the connection can be reused; the rest is not wanted.
		_, _ = io.CopyN(io.Discard, resp.Body, 4096)
		return nil, f.statusError(resp)
	}
	if resp.ContentLength > maxBytes {
		return nil, f.tooLarge(maxBytes)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, f.transportError(ctx, actx, err)
	}
	if int64(len(body)) > maxBytes {
		return nil, f.tooLarge(maxBytes)
	}
	return &page{url: resp.Request.URL, header: resp.Header, body: body}, nil
}

func (f *fetcher) tooLarge(maxBytes int64) *fetchError {
	return &fetchError{kind: kindTooLarge, msg: fmt.Sprintf(MsgTooLargeAnswer, maxBytes)}
}

// transportError classifies an error from sending a request or reading its body.
func (f *fetcher) transportError(ctx, actx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var other *otherHostError
	if errors.As(err, &other) {
		return &fetchError{kind: kindOtherHost, msg: other.Error()}
	}
	if actx.Err() != nil {
		// A page slower than the timeout is likely to be slow again; retrying would only
		// add load to a struggling store, so the failure is recorded and the next run retries.
		return &fetchError{kind: kindTimeout, msg: fmt.Sprintf(MsgTimedOut, f.cfg.RequestTimeout)}
	}
	if errors.Is(err, errTooManyRedirects) {
		return &fetchError{kind: kindStatus, msg: errTooManyRedirects.Error()}
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		err = op.Err
	}
	return &fetchError{kind: kindUnreachable, retry: true, msg: fmt.Sprintf(MsgCannotReach, err)}
}

// statusError classifies a non-2xx answer: 429 and 5xx are retried (after the store's
// Retry-After when it gives one), everything else is final.
func (f *fetcher) statusError(resp *http.Response) *fetchError {
	e := &fetchError{kind: kindStatus, status: resp.StatusCode, msg: fmt.Sprintf(MsgHTTPStatus, resp.Status)}
	if resp.StatusCode != http.StatusTooManyRequests && (resp.StatusCode < 500 || resp.StatusCode == http.StatusNotImplemented) {
		return e
	}
	e.retry = true
	if wait, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
		if wait > f.cfg.MaxRetryWait {
			e.retry = false
			e.msg = fmt.Sprintf(MsgWaitTooLong, e.msg, wait.Round(time.Second), f.cfg.MaxRetryWait)
			return e
		}
		// A zero Retry-After still deserves a pause; the backoff gives one.
		e.wait = wait
	}
	return e
}

// retryAfter parses a Retry-After header: delay seconds or an HTTP date.
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(h); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
