package s3_test

import (
	"strings"
	"testing"

	"github.com/gardenctl/garden/adapters/blob/s3"
)

func TestParseURL(t *testing.T) {
	t.Parallel()
	ok := []struct {
		raw  string
		want s3.Config
	}{
		{"s3://key:secret@127.0.0.1:9000/garden",
			s3.Config{Endpoint: "127.0.0.1:9000", AccessKey: "key", SecretKey: "secret", Bucket: "garden", Secure: false}},
		{"s3://key:secret@localhost:9000/garden",
			s3.Config{Endpoint: "localhost:9000", AccessKey: "key", SecretKey: "secret", Bucket: "garden", Secure: false}},
		{"s3://key:secret@[::1]:9000/garden",
			s3.Config{Endpoint: "[::1]:9000", AccessKey: "key", SecretKey: "secret", Bucket: "garden", Secure: false}},
		{"s3://key:secret@minio.internal:9000/garden",
			s3.Config{Endpoint: "minio.internal:9000", AccessKey: "key", SecretKey: "secret", Bucket: "garden", Secure: true}},
		{"s3://key:secret@minio.internal:9000/garden?secure=false&region=eu-west-2",
			s3.Config{Endpoint: "minio.internal:9000", AccessKey: "key", SecretKey: "secret", Bucket: "garden", Region: "eu-west-2", Secure: false}},
		{"s3://key:secret@127.0.0.1:9000/garden?secure=true",
			s3.Config{Endpoint: "127.0.0.1:9000", AccessKey: "key", SecretKey: "secret", Bucket: "garden", Secure: true}},
		{"s3://key:secret@s3.amazonaws.com/garden-images.v2",
			s3.Config{Endpoint: "s3.amazonaws.com", AccessKey: "key", SecretKey: "secret", Bucket: "garden-images.v2", Secure: true}},
		// Reserved characters in keys are URL-escaped.
		{"s3://AK%2Fx:s%40c%3Ar%2Fet@127.0.0.1:9000/garden",
			s3.Config{Endpoint: "127.0.0.1:9000", AccessKey: "AK/x", SecretKey: "s@c:r/et", Bucket: "garden"}},
	}
	for _, tc := range ok {
		got, err := s3.ParseURL(tc.raw)
		if err != nil {
			t.Errorf("ParseURL(%q): %v", tc.raw, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseURL(%q) = %+v, want %+v", tc.raw, got, tc.want)
		}
	}

	bad := []struct{ raw, mention string }{
		{"http://key:s3cr3t@host/garden", `scheme is "http"`},
		{"s3:key:s3cr3t@host/garden", "the // is missing"},
		{"s3://host:9000/garden", "no access key"},
		{"s3://key@host:9000/garden", "no secret key"},
		{"s3://key:@host:9000/garden", "no secret key"},
		{"s3://key:s3cr3t@/garden", "no host"},
		{"s3://key:s3cr3t@host:9000", "no bucket"},
		{"s3://key:s3cr3t@host:9000/", "no bucket"},
		{"s3://key:s3cr3t@host:9000/garden/images", "more than a bucket name"},
		{"s3://key:s3cr3t@host:9000/Garden_Bucket", "bucket"},
		{"s3://key:s3cr3t@host:9000/ab", "bucket"},
		{"s3://key:s3cr3t@host:0/garden", "port"},
		{"s3://key:s3cr3t@host:9000/garden?secure=maybe", "secure"},
		{"s3://key:s3cr3t@host:9000/garden?ssl=true", `unknown parameter "ssl"`},
		{"s3://key:s3cr3t@host:port/garden", "cannot parse"},
		{"s3://key:sec%zzret@host:9000/garden", "cannot parse"},
	}
	for _, tc := range bad {
		_, err := s3.ParseURL(tc.raw)
		if err == nil {
			t.Errorf("ParseURL(%q) succeeded", tc.raw)
			continue
		}
		if !strings.Contains(err.Error(), tc.mention) {
			t.Errorf("ParseURL(%q) = %q, want it to mention %q", tc.raw, err, tc.mention)
		}
		if strings.Contains(err.Error(), "s3cr3t") || strings.Contains(err.Error(), "sec%zzret") {
			t.Errorf("ParseURL(%q) error leaks the secret: %q", tc.raw, err)
		}
	}
}

func TestConfig_StringHidesSecret(t *testing.T) {
	t.Parallel()
	c := s3.Config{Endpoint: "127.0.0.1:9000", AccessKey: "key", SecretKey: "hunter2", Bucket: "garden"}
	if s := c.String(); strings.Contains(s, "hunter2") || !strings.Contains(s, "garden") {
		t.Fatalf("String() = %q", s)
	}
}
