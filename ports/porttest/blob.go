package porttest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// BlobStoreFactory returns a fresh, empty blob store for one test, isolated from every other
// test's store.
type BlobStoreFactory func(t *testing.T) ports.BlobStore

// RunBlobStore runs the BlobStore contract against stores made by newStore. Every test is
// parallel and gets its own store.
func RunBlobStore(t *testing.T, newStore BlobStoreFactory) {
	tests := map[string]func(t *testing.T, s ports.BlobStore){
		"PutGetRoundTrip":          testBlobRoundTrip,
		"EmptyObject":              testBlobEmpty,
		"DefaultContentType":       testBlobDefaultContentType,
		"UnknownSize":              testBlobUnknownSize,
		"Overwrite":                testBlobOverwrite,
		"OverwriteIsAtomic":        testBlobOverwriteAtomic,
		"Stat":                     testBlobStat,
		"MissingIsNotFound":        testBlobMissing,
		"DeleteThenNotFound":       testBlobDelete,
		"DeleteMissingIsOK":        testBlobDeleteMissing,
		"BadKeysRefused":           testBlobBadKeys,
		"BadContentTypeRefused":    testBlobBadContentType,
		"ShortReaderStoresNothing": testBlobShortReader,
		"ExtraBytesNotStored":      testBlobExtraBytes,
		"NestedKeys":               testBlobNested,
		"LargeObject":              testBlobLarge,
		"ConcurrentPuts":           testBlobConcurrentPuts,
		"ModTimeSet":               testBlobModTime,
		"Ready":                    testBlobReady,
		"List":                     testBlobList,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newStore(t))
		})
	}
}

// binaryData returns n bytes covering every byte value (NUL, CR, LF, 0xFF …) in a pattern
// that differs per seed, so a store that mangles line endings or truncates at NUL shows it.
func binaryData(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i) ^ seed
	}
	return b
}

func putBytes(t *testing.T, s ports.BlobStore, key string, data []byte, ct string) {
	t.Helper()
	must(t, s.Put(context.Background(), key, bytes.NewReader(data), int64(len(data)), ct))
}

// readBlob gets key and returns its bytes and info, closing the reader.
func readBlob(t *testing.T, s ports.BlobStore, key string) ([]byte, ports.BlobInfo) {
	t.Helper()
	rc, info, err := s.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("Get %q: %v", key, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		t.Fatalf("read %q: %v", key, err)
	}
	return data, info
}

func wantBlob(t *testing.T, s ports.BlobStore, key string, want []byte, ct string) {
	t.Helper()
	got, info := readBlob(t, s, key)
	if !bytes.Equal(got, want) {
		t.Fatalf("Get %q returned %d bytes (sha256 %x), want %d bytes (sha256 %x)", key, len(got), sha256.Sum256(got), len(want), sha256.Sum256(want))
	}
	if info.Size != int64(len(want)) || info.ContentType != ct {
		t.Fatalf("Get %q info = size %d type %q, want size %d type %q", key, info.Size, info.ContentType, len(want), ct)
	}
}

func testBlobRoundTrip(t *testing.T, s ports.BlobStore) {
	data := binaryData(70_000, 0x5a)
	putBytes(t, s, "images/round-trip.png", data, "image/png")
	wantBlob(t, s, "images/round-trip.png", data, "image/png")

	// Parameters in the media type come back exactly as given.
	putBytes(t, s, "notes/readme.txt", []byte("line one\r\nline two\n"), "text/plain; charset=utf-8")
	wantBlob(t, s, "notes/readme.txt", []byte("line one\r\nline two\n"), "text/plain; charset=utf-8")
}

func testBlobEmpty(t *testing.T, s ports.BlobStore) {
	putBytes(t, s, "empty.bin", nil, "application/x-empty")
	wantBlob(t, s, "empty.bin", []byte{}, "application/x-empty")
}

func testBlobDefaultContentType(t *testing.T, s ports.BlobStore) {
	putBytes(t, s, "untyped", []byte{1, 2, 3}, "")
	wantBlob(t, s, "untyped", []byte{1, 2, 3}, ports.DefaultBlobContentType)
}

// onlyReader hides every method but Read, as a network body would.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func testBlobUnknownSize(t *testing.T, s ports.BlobStore) {
	data := binaryData(3000, 7)
	must(t, s.Put(context.Background(), "unknown-size.bin", onlyReader{bytes.NewReader(data)}, -1, "application/octet-stream"))
	wantBlob(t, s, "unknown-size.bin", data, "application/octet-stream")
}

func testBlobOverwrite(t *testing.T, s ports.BlobStore) {
	putBytes(t, s, "images/x.gif", binaryData(5000, 1), "image/gif")
	second := binaryData(1200, 2)
	putBytes(t, s, "images/x.gif", second, "image/webp")
	wantBlob(t, s, "images/x.gif", second, "image/webp")
}

// testBlobOverwriteAtomic overwrites one key with two alternating contents while readers
// read it: every read must be wholly one version with that version's size and type.
func testBlobOverwriteAtomic(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	const key = "atomic/object"
	versions := []struct {
		data []byte
		ct   string
	}{
		{bytes.Repeat([]byte{'a'}, 256<<10), "application/x-a"},
		{bytes.Repeat([]byte{'b'}, 128<<10), "application/x-b"},
	}
	putBytes(t, s, key, versions[0].data, versions[0].ct)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 8)
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				rc, info, err := s.Get(ctx, key)
				if err != nil {
					errs <- fmt.Errorf("s.Get during overwrite: %w", err)
					return
				}
				got, err := io.ReadAll(rc)
				rc.Close()
				if err != nil {
					errs <- fmt.Errorf("read during overwrite: %w", err)
					return
				}
				ok := false
				for _, v := range versions {
					if bytes.Equal(got, v.data) && info.Size == int64(len(v.data)) && info.ContentType == v.ct {
						ok = true
					}
				}
				if !ok {
					errs <- fmt.Errorf("read a mixed object: %d bytes, info %+v", len(got), info)
					return
				}
			}
		}()
	}
	for i := 0; i < 20; i++ {
		v := versions[(i+1)%2]
		if err := s.Put(ctx, key, bytes.NewReader(v.data), int64(len(v.data)), v.ct); err != nil {
			errs <- err
			break
		}
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func testBlobStat(t *testing.T, s ports.BlobStore) {
	data := binaryData(4321, 9)
	putBytes(t, s, "stat/me.jpg", data, "image/jpeg")
	info, err := s.Stat(context.Background(), "stat/me.jpg")
	must(t, err)
	if info.Size != 4321 || info.ContentType != "image/jpeg" || info.ModTime.IsZero() {
		t.Fatalf("Stat = %+v, want size 4321, image/jpeg and a time", info)
	}
}

func testBlobMissing(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	putBytes(t, s, "present/a", []byte("a"), "text/plain")
	for _, key := range []string{"missing", "present/b", "present", "present/a/deeper"} {
		rc, _, err := s.Get(ctx, key)
		if rc != nil {
			rc.Close()
		}
		mustCode(t, err, domain.ENotFound)
		_, err = s.Stat(ctx, key)
		mustCode(t, err, domain.ENotFound)
	}
}

func testBlobDelete(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	putBytes(t, s, "doomed/one.bin", []byte("one"), "")
	putBytes(t, s, "doomed/two.bin", []byte("two"), "")
	must(t, s.Delete(ctx, "doomed/one.bin"))
	_, err := s.Stat(ctx, "doomed/one.bin")
	mustCode(t, err, domain.ENotFound)
	_, _, err = s.Get(ctx, "doomed/one.bin")
	mustCode(t, err, domain.ENotFound)
	wantBlob(t, s, "doomed/two.bin", []byte("two"), ports.DefaultBlobContentType)
	// A deleted key can be written again.
	putBytes(t, s, "doomed/one.bin", []byte("again"), "text/plain")
	wantBlob(t, s, "doomed/one.bin", []byte("again"), "text/plain")
}

func testBlobDeleteMissing(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	must(t, s.Delete(ctx, "never/written"))
	putBytes(t, s, "twice", []byte("x"), "")
	must(t, s.Delete(ctx, "twice"))
	must(t, s.Delete(ctx, "twice"))
}

func testBlobBadKeys(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	bad := []string{
		"", "../x", "/abs", "a/../b", "a/..", "./a", "a/./b", "a//b", "a/", "/", "..", ".",
		".hidden", "a/.tmp-123", `a\b`, `..\x`, "a b", "a\x00b", "a\nb", "caf\u00e9", "a:b", "a?b", "a%2e%2e",
		strings.Repeat("k", ports.MaxBlobKeySegmentLen+1),
		strings.Repeat("k/", ports.MaxBlobKeyLen/2) + "k",
	}
	for _, key := range bad {
		err := s.Put(ctx, key, strings.NewReader("x"), 1, "text/plain")
		if domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("Put %q = %v, want invalid", key, err)
		}
		rc, _, err := s.Get(ctx, key)
		if rc != nil {
			rc.Close()
		}
		if domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("Get %q = %v, want invalid", key, err)
		}
		if _, err := s.Stat(ctx, key); domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("Stat %q = %v, want invalid", key, err)
		}
		if err := s.Delete(ctx, key); domain.ErrorCode(err) != domain.EInvalid {
			t.Errorf("Delete %q = %v, want invalid", key, err)
		}
	}
	// The longest allowed key, with the longest allowed segments, works.
	seg := strings.Repeat("k", ports.MaxBlobKeySegmentLen)
	long := seg + "/" + seg[1:] + "/k"
	if len(long) != ports.MaxBlobKeyLen {
		t.Fatalf("test key is %d bytes, want %d", len(long), ports.MaxBlobKeyLen)
	}
	putBytes(t, s, long, []byte("long"), "")
	wantBlob(t, s, long, []byte("long"), ports.DefaultBlobContentType)
}

func testBlobBadContentType(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	for _, ct := range []string{"text/plain\r\nX-Injected: 1", "image/png\x00", "t\u00e9xt/plain", strings.Repeat("a", 300)} {
		err := s.Put(ctx, "typed", strings.NewReader("x"), 1, ct)
		mustCode(t, err, domain.EInvalid)
	}
	_, err := s.Stat(ctx, "typed")
	mustCode(t, err, domain.ENotFound)
}

func testBlobShortReader(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	err := s.Put(ctx, "short/new", onlyReader{strings.NewReader("12345")}, 10, "text/plain")
	mustCode(t, err, domain.EInvalid)
	_, err = s.Stat(ctx, "short/new")
	mustCode(t, err, domain.ENotFound)

	// A failed overwrite keeps the old object, also when the reader can seek.
	putBytes(t, s, "short/old", []byte("old"), "text/plain")
	err = s.Put(ctx, "short/old", strings.NewReader("12345"), 10, "text/csv")
	mustCode(t, err, domain.EInvalid)
	wantBlob(t, s, "short/old", []byte("old"), "text/plain")

	// A reader that fails is an error too, and stores nothing.
	failing := io.MultiReader(strings.NewReader("abc"), errReader{errors.New("connection reset")})
	if err := s.Put(ctx, "short/failing", failing, 10, "text/plain"); err == nil {
		t.Fatal("Put from a failing reader succeeded")
	}
	_, err = s.Stat(ctx, "short/failing")
	mustCode(t, err, domain.ENotFound)
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func testBlobExtraBytes(t *testing.T, s ports.BlobStore) {
	putBytes(t, s, "extra", []byte("0123456789"), "")
	must(t, s.Put(context.Background(), "extra", onlyReader{strings.NewReader("abcdefgh")}, 4, "text/plain"))
	wantBlob(t, s, "extra", []byte("abcd"), "text/plain")
}

func testBlobNested(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	keys := []string{"a/b/c/d.bin", "a/b/e.bin", "a/f.bin", "g.bin", "A/B/C_1-2.3"}
	for i, k := range keys {
		putBytes(t, s, k, []byte(k), fmt.Sprintf("application/x-%d", i))
	}
	for i, k := range keys {
		wantBlob(t, s, k, []byte(k), fmt.Sprintf("application/x-%d", i))
	}
	must(t, s.Delete(ctx, "a/b/c/d.bin"))
	_, err := s.Stat(ctx, "a/b/c/d.bin")
	mustCode(t, err, domain.ENotFound)
	wantBlob(t, s, "a/b/e.bin", []byte("a/b/e.bin"), "application/x-1")
	// A folder left behind by a delete takes new objects.
	putBytes(t, s, "a/b/c/new.bin", []byte("new"), "")
	wantBlob(t, s, "a/b/c/new.bin", []byte("new"), ports.DefaultBlobContentType)
}

func testBlobLarge(t *testing.T, s ports.BlobStore) {
	data := make([]byte, 6<<20)
	if _, err := rand.Read(data); err != nil {
		t.Fatal(err)
	}
	putBytes(t, s, "large/six-megabytes.bin", data, "application/octet-stream")
	wantBlob(t, s, "large/six-megabytes.bin", data, "application/octet-stream")
}

func testBlobConcurrentPuts(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			data := binaryData(20_000+i, byte(i))
			// Half the keys share a folder, half get their own, so folder creation races too.
			key := fmt.Sprintf("concurrent/shared/%02d.bin", i)
			if i%2 == 1 {
				key = fmt.Sprintf("concurrent/own-%02d/deep/%02d.bin", i, i)
			}
			errs <- s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "application/x-concurrent")
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err)
	}
	for i := 0; i < n; i++ {
		key := fmt.Sprintf("concurrent/shared/%02d.bin", i)
		if i%2 == 1 {
			key = fmt.Sprintf("concurrent/own-%02d/deep/%02d.bin", i, i)
		}
		wantBlob(t, s, key, binaryData(20_000+i, byte(i)), "application/x-concurrent")
	}
}

func testBlobModTime(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	before := time.Now()
	putBytes(t, s, "timed", []byte("t"), "")
	after := time.Now()
	info, err := s.Stat(ctx, "timed")
	must(t, err)
	// Stores may round to the second and their clock is the server's: allow a little slack.
	if info.ModTime.Before(before.Add(-5*time.Second)) || info.ModTime.After(after.Add(5*time.Second)) {
		t.Fatalf("ModTime %v not within [%v, %v]", info.ModTime, before, after)
	}
	if info.ModTime.Location() != time.UTC {
		t.Fatalf("ModTime %v is not in UTC", info.ModTime)
	}
	rc, got, err := s.Get(ctx, "timed")
	must(t, err)
	rc.Close()
	if !got.ModTime.Equal(info.ModTime) {
		t.Fatalf("Get ModTime %v differs from Stat ModTime %v", got.ModTime, info.ModTime)
	}
}

func testBlobReady(t *testing.T, s ports.BlobStore) {
	must(t, s.Ready(context.Background()))
}

func testBlobList(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	list := func(prefix string) []string {
		t.Helper()
		var keys []string
		must(t, s.List(ctx, prefix, func(key string, info ports.BlobInfo) error {
			if info.ModTime.IsZero() {
				t.Errorf("List %q: %s has no ModTime", prefix, key)
			}
			keys = append(keys, fmt.Sprintf("%s:%d", key, info.Size))
			return nil
		}))
		return keys
	}
	if got := list(""); len(got) != 0 {
		t.Fatalf("List of an empty store = %v, want nothing", got)
	}
	// "a-b" sorts before "a/b" by bytes, though a folder walk would meet the folder "a" first.
	putBytes(t, s, "a/b", []byte("12"), "")
	putBytes(t, s, "a-b", []byte("1"), "")
	putBytes(t, s, "images/2.png", []byte("123"), "image/png")
	putBytes(t, s, "images/1.png", nil, "image/png")
	putBytes(t, s, "images/thumbs/1.png", []byte("1234"), "image/png")
	putBytes(t, s, "gone", []byte("x"), "")
	must(t, s.Delete(ctx, "gone"))
	want := "[a-b:1 a/b:2 images/1.png:0 images/2.png:3 images/thumbs/1.png:4]"
	if got := fmt.Sprint(list("")); got != want {
		t.Fatalf("List = %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(list("images/")), "[images/1.png:0 images/2.png:3 images/thumbs/1.png:4]"; got != want {
		t.Fatalf("List images/ = %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(list("images/t")), "[images/thumbs/1.png:4]"; got != want {
		t.Fatalf("List images/t = %s, want %s", got, want)
	}
	if got := list("nothing/"); len(got) != 0 {
		t.Fatalf("List nothing/ = %v, want nothing", got)
	}
	// An error from fn stops the listing and comes back as is.
	stop := errors.New("stop")
	calls := 0
	err := s.List(ctx, "", func(string, ports.BlobInfo) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Fatalf("List with a failing fn = %v after %d calls, want stop after 1", err, calls)
	}
}
