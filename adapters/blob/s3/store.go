// Package s3 implements ports.BlobStore on MinIO or any S3-compatible server with
// minio-go. Several Garden replicas can share one bucket: objects are written whole, and
// bucket creation tolerates a replica that got there first.
package s3

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/s3utils"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.BlobStore = (*Store)(nil)

// Config says where the bucket is and how to sign in to its server.
type Config struct {
	// Endpoint is host or host:port, without a scheme.
	Endpoint  string
	AccessKey string
	SecretKey string
	Bucket    string
	// Region is sent when creating the bucket and signing requests; empty lets the client
	// ask the server (MinIO answers us-east-1 unless configured otherwise).
	Region string
	// Secure selects HTTPS.
	Secure bool
}

// String describes the configuration without the secret key, for logs and errors.
func (c Config) String() string {
	scheme := "http"
	if c.Secure {
		scheme = "https"
	}
	return fmt.Sprintf("s3 bucket %q at %s://%s (access key %q)", c.Bucket, scheme, c.Endpoint, c.AccessKey)
}

// ParseURL reads s3://ACCESS:SECRET@host[:port]/bucket[?secure=true|false&region=NAME].
// Access and secret keys are URL-escaped if they hold reserved characters. secure defaults to
// false for 127.0.0.1, ::1 and localhost (a MinIO beside the app) and to true for any other
// host. Errors never include the secret key.
func ParseURL(raw string) (Config, error) {
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse quotes the whole URL in its error, secret included: report only the cause.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return Config{}, fmt.Errorf("blob URL: cannot parse: %v", err)
	}
	if u.Scheme != "s3" {
		return Config{}, fmt.Errorf("blob URL: scheme is %q, want s3://ACCESS:SECRET@host:port/bucket", u.Scheme)
	}
	if u.Opaque != "" {
		return Config{}, errors.New("blob URL: want s3://ACCESS:SECRET@host:port/bucket (the // is missing)")
	}
	var c Config
	if u.User == nil || u.User.Username() == "" {
		return Config{}, errors.New("blob URL: no access key: want s3://ACCESS:SECRET@host:port/bucket")
	}
	c.AccessKey = u.User.Username()
	secret, ok := u.User.Password()
	if !ok || secret == "" {
		return Config{}, errors.New("blob URL: no secret key: want s3://ACCESS:SECRET@host:port/bucket")
	}
	c.SecretKey = secret
	if u.Hostname() == "" {
		return Config{}, errors.New("blob URL: no host: want s3://ACCESS:SECRET@host:port/bucket")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return Config{}, fmt.Errorf("blob URL: port %q is not a number from 1 to 65535", p)
		}
	}
	c.Endpoint = u.Host
	bucket := strings.TrimPrefix(u.Path, "/")
	if bucket == "" {
		return Config{}, errors.New("blob URL: no bucket: want s3://ACCESS:SECRET@host:port/bucket")
	}
	if strings.Contains(bucket, "/") {
		return Config{}, fmt.Errorf("blob URL: path %q has more than a bucket name: want s3://ACCESS:SECRET@host:port/bucket", u.Path)
	}
	if err := s3utils.CheckValidBucketNameStrict(bucket); err != nil {
		return Config{}, fmt.Errorf("blob URL: bucket %q: %v", bucket, err)
	}
	c.Bucket = bucket
	switch host := u.Hostname(); {
	case host == "localhost" || host == "127.0.0.1" || host == "::1":
		c.Secure = false
	default:
		c.Secure = true
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return Config{}, fmt.Errorf("blob URL: query: %v", err)
	}
	for name, values := range q {
		v := values[len(values)-1]
		switch name {
		case "secure":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return Config{}, fmt.Errorf("blob URL: secure=%q: want true or false", v)
			}
			c.Secure = b
		case "region":
			c.Region = v
		default:
			return Config{}, fmt.Errorf("blob URL: unknown parameter %q (known: secure, region)", name)
		}
	}
	return c, nil
}

// Store is a ports.BlobStore on one S3 bucket.
type Store struct {
	client *minio.Client
	bucket string
}

// Open parses rawURL (see ParseURL) and connects as New does.
func Open(ctx context.Context, rawURL string, log *slog.Logger) (*Store, error) {
	cfg, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	return New(ctx, cfg, log)
}

// New connects to the server and creates the bucket if it does not exist yet. log (nil: the
// default logger) hears about bucket creation.
func New(ctx context.Context, cfg Config, log *slog.Logger) (*Store, error) {
	if log == nil {
		log = slog.Default()
	}
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.Secure,
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg, err)
	}
	s := &Store{client: client, bucket: cfg.Bucket}
	var exists bool
	err = whileStarting(ctx, func() (err error) {
		exists, err = client.BucketExists(ctx, cfg.Bucket)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg, err)
	}
	if !exists {
		err := whileStarting(ctx, func() error {
			return client.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region})
		})
		// Replicas starting together race to create the bucket: losing that race is fine.
		if code := errorCode(err); err != nil && code != "BucketAlreadyOwnedByYou" && code != "BucketAlreadyExists" {
			return nil, fmt.Errorf("%s: create bucket: %w", cfg, err)
		}
		if err == nil {
			log.Info("blob bucket created", "bucket", cfg.Bucket, "endpoint", cfg.Endpoint)
		}
	}
	return s, nil
}

// Put uploads the object with its Content-Type in one request (multipart above 16 MiB).
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := ports.ValidateBlobKey(key); err != nil {
		return err
	}
	ct, err := ports.BlobContentType(contentType)
	if err != nil {
		return err
	}
	var exact *exactReader
	if size >= 0 {
		exact = &exactReader{r: r, left: size, size: size}
		r = exact
		if sk, ok := exact.r.(io.Seeker); ok {
			// A seekable body lets minio-go retry a failed request from the start.
			if start, err := sk.Seek(0, io.SeekCurrent); err == nil {
				r = &exactReadSeeker{exactReader: exact, seeker: sk, start: start}
			}
		}
	}
	_, err = s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{ContentType: ct})
	if err != nil && exact != nil && exact.short {
		return domain.Errorf(domain.EInvalid, "The upload ended before its declared size.")
	}
	return translate("put", key, err)
}

// Get downloads the object with one GET, whose response headers give the info: asking for
// the metadata first (as minio.Object does) would need a second request, and an overwrite
// between the two would fail the download on its If-Match precondition.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, ports.BlobInfo, error) {
	if err := ports.ValidateBlobKey(key); err != nil {
		return nil, ports.BlobInfo{}, err
	}
	body, oi, _, err := minio.Core{Client: s.client}.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, ports.BlobInfo{}, translate("get", key, err)
	}
	return body, info(oi), nil
}

// Stat asks for the object's metadata (a HEAD request).
func (s *Store) Stat(ctx context.Context, key string) (ports.BlobInfo, error) {
	if err := ports.ValidateBlobKey(key); err != nil {
		return ports.BlobInfo{}, err
	}
	oi, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return ports.BlobInfo{}, translate("stat", key, err)
	}
	return info(oi), nil
}

// Delete removes the object; S3 already answers success for a missing key.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := ports.ValidateBlobKey(key); err != nil {
		return err
	}
	return translate("delete", key, s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}))
}

// Ready checks that the server answers and the bucket exists.
func (s *Store) Ready(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return domain.Errorf(domain.EUnavailable, "The blob store does not answer: %v", err)
	}
	if !ok {
		return domain.Errorf(domain.EUnavailable, "The blob bucket %s does not exist.", s.bucket)
	}
	return nil
}

// List pages through the bucket's listing (ListObjectsV2, recursive), which S3 returns in
// ascending key order. Keys that are not valid Garden keys (put there by other tools) are
// skipped.
func (s *Store) List(ctx context.Context, prefix string, fn func(key string, info ports.BlobInfo) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing goroutine when fn fails
	for oi := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if oi.Err != nil {
			return translate("list", prefix, oi.Err)
		}
		if ports.ValidateBlobKey(oi.Key) != nil {
			continue
		}
		if err := fn(oi.Key, ports.BlobInfo{Size: oi.Size, ModTime: oi.LastModified.UTC()}); err != nil {
			return err
		}
	}
	return ctx.Err()
}

func info(oi minio.ObjectInfo) ports.BlobInfo {
	return ports.BlobInfo{Size: oi.Size, ContentType: oi.ContentType, ModTime: oi.LastModified.UTC()}
}

// startupGrace is how long New waits for a server that answers "not initialized yet".
const startupGrace = 30 * time.Second

// whileStarting runs call again while the server says it is still starting. MinIO answers
// its health check before its S3 API has loaded its configuration (XMinioServerNotInitialized),
// so replicas started together with it, and the test suite, would otherwise fail at once.
func whileStarting(ctx context.Context, call func() error) error {
	deadline := time.Now().Add(startupGrace)
	wait := 50 * time.Millisecond
	for {
		err := call()
		if errorCode(err) != "XMinioServerNotInitialized" || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(wait*2, time.Second)
	}
}

// errorCode returns the S3 error code carried by err, or "".
func errorCode(err error) string {
	var er minio.ErrorResponse
	if errors.As(err, &er) {
		return er.Code
	}
	return ""
}

// translate turns a minio-go error into a domain error by its S3 error code, never by its
// text: NoSuchKey is not_found, a vanished bucket is unavailable; anything else is internal
// and keeps its detail for the log.
func translate(op, key string, err error) error {
	if err == nil {
		return nil
	}
	switch errorCode(err) {
	case "NoSuchKey":
		return domain.Errorf(domain.ENotFound, "Object not found.")
	case "NoSuchBucket":
		return domain.Errorf(domain.EUnavailable, "The blob bucket does not exist.")
	}
	return fmt.Errorf("blob s3: %s %s: %w", op, key, err)
}

// errShortBody is what exactReader reports when its source ends early; minio-go gives up
// on the request and Put turns it into an invalid error.
var errShortBody = errors.New("body ended before its declared size")

// exactReader passes on exactly size bytes of r: it stops there (S3 would otherwise refuse a
// body longer than its Content-Length), and fails if r ends first, so that a short body is
// recognised by Put rather than guessed from an HTTP error.
type exactReader struct {
	r     io.Reader
	left  int64
	size  int64
	short bool
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.r.Read(p)
	e.left -= int64(n)
	if errors.Is(err, io.EOF) {
		if e.left > 0 {
			e.short = true
			return n, errShortBody
		}
		err = nil
	}
	return n, err
}

// exactReadSeeker is an exactReader over a seekable source; minio-go rewinds it to retry.
type exactReadSeeker struct {
	*exactReader
	seeker io.Seeker
	start  int64
}

// Seek supports only rewinding (offset 0 from the start), which is all the client asks for
// before a retry. Once the source was found short it refuses, so that minio-go gives up at
// once instead of retrying a body that can never be long enough.
func (e *exactReadSeeker) Seek(offset int64, whence int) (int64, error) {
	if offset != 0 || whence != io.SeekStart {
		return 0, errors.New("exactReadSeeker: only rewinding is supported")
	}
	if e.short {
		return 0, errShortBody
	}
	if _, err := e.seeker.Seek(e.start, io.SeekStart); err != nil {
		return 0, err
	}
	e.left = e.size
	return 0, nil
}
