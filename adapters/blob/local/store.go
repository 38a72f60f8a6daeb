// Package local implements ports.BlobStore on a folder of the local file system: Garden's
// embedded default, <data dir>/blobs, for a single server without MinIO.
//
// Each object is one file at <folder>/<key>: a short header line naming the format, a line
// with the content type, then the object's bytes. Keeping the type inside the same file means
// one rename replaces bytes and type together; a sidecar file would need two renames, and a
// reader or a crash between them could pair new bytes with the old type.
package local

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"syscall"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// MsgKeyCollides refuses a key that is a folder of other keys (an API answer: a catalogue key).
const MsgKeyCollides = "The storage key %s collides with a folder of other keys."

var _ ports.BlobStore = (*Store)(nil)

// magic opens every object file; the version lets a later format coexist with this one.
const magic = "garden-blob 1\n"

// maxHeader is the longest header: magic, a content type (at most 255 bytes) and a newline.
const maxHeader = len(magic) + 256

// Temporary and probe files start with a dot, which no key segment may, so they can never
// be mistaken for, or collide with, an object.
const (
	tempPrefix  = ".tmp-"
	probePrefix = ".ready-"
)

// Store is a ports.BlobStore on a local folder.
type Store struct {
	dir string
	// root confines every file operation to dir: even a symbolic link planted inside the
	// folder cannot lead a key outside it. Key validation is the first guard, this the second.
	root *os.Root
}

// New opens (creating if needed) the folder dir as a blob store.
func New(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("blob folder: no path given")
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("blob folder: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("blob folder: %w", err)
	}
	return &Store{dir: dir, root: root}, nil
}

// Dir returns the folder the store keeps its objects in.
func (s *Store) Dir() string { return s.dir }

// Close releases the folder handle.
func (s *Store) Close() error { return s.root.Close() }

// Put writes the object to a temporary file in the key's folder, syncs it and renames it over
// the key, so readers see the old object or the new one and a crash leaves no half object.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (err error) {
	if err := ports.ValidateBlobKey(key); err != nil {
		return err
	}
	ct, err := ports.BlobContentType(contentType)
	if err != nil {
		return err
	}
	dir := path.Dir(key)
	if dir != "." {
		if err := s.root.MkdirAll(dir, 0o750); err != nil {
			return translate("put", key, err)
		}
	}
	tmp := path.Join(dir, tempPrefix+randomHex())
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return translate("put", key, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			_ = s.root.Remove(tmp)
		}
	}()
	if _, err := io.WriteString(f, magic+ct+"\n"); err != nil {
		return translate("put", key, err)
	}
	src := ctxReader{ctx: ctx, r: r}
	if size >= 0 {
		if _, err := io.CopyN(f, src, size); errors.Is(err, io.EOF) {
			return domain.Errorf(domain.EInvalid, "The upload ended before its declared size.")
		} else if err != nil {
			return translate("put", key, err)
		}
	} else if _, err := io.Copy(f, src); err != nil {
		return translate("put", key, err)
	}
	if err := f.Sync(); err != nil {
		return translate("put", key, err)
	}
	if err := f.Close(); err != nil {
		return translate("put", key, err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.root.Rename(tmp, key); err != nil {
		return translate("put", key, err)
	}
	// The rename is durable only once the folder's entry is on disk too.
	if d, err := s.root.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// Get opens the object. The reader also seeks and reads at offsets (an *io.SectionReader
// underneath), so an HTTP handler can serve ranges.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, ports.BlobInfo, error) {
	f, info, hdr, err := s.open(key)
	if err != nil {
		return nil, ports.BlobInfo{}, err
	}
	return &object{SectionReader: io.NewSectionReader(f, hdr, info.Size), f: f}, info, nil
}

// Stat reads the object's header.
func (s *Store) Stat(ctx context.Context, key string) (ports.BlobInfo, error) {
	f, info, _, err := s.open(key)
	if err != nil {
		return ports.BlobInfo{}, err
	}
	f.Close()
	return info, nil
}

// Delete removes the object file. The key's folder stays: removing it could race with a Put
// that has just created it.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := ports.ValidateBlobKey(key); err != nil {
		return err
	}
	fi, err := s.root.Lstat(key)
	if err != nil {
		if isMissing(err) {
			return nil
		}
		return translate("delete", key, err)
	}
	if fi.IsDir() {
		return nil // a folder of other keys, not an object
	}
	if err := s.root.Remove(key); err != nil && !isMissing(err) {
		return translate("delete", key, err)
	}
	return nil
}

// Ready writes and removes a probe file, so a read-only or vanished folder is reported.
func (s *Store) Ready(ctx context.Context) error {
	probe := probePrefix + randomHex()
	f, err := s.root.OpenFile(probe, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return domain.Errorf(domain.EUnavailable, "The blob folder cannot be written: %v", err)
	}
	f.Close()
	if err := s.root.Remove(probe); err != nil {
		return domain.Errorf(domain.EUnavailable, "The blob folder cannot be written: %v", err)
	}
	return nil
}

// List walks the folder, skipping temporary and probe files (they start with a dot, which no
// key may), and reports the objects sorted by key: a walk goes folder by folder, which is not
// the byte order of whole keys ("a-b" sorts before "a/b").
func (s *Store) List(ctx context.Context, prefix string, fn func(key string, info ports.BlobInfo) error) error {
	type entry struct {
		key  string
		info ports.BlobInfo
	}
	var found []entry
	err := fs.WalkDir(s.root.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			if isMissing(err) {
				return nil // removed while walking
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if name == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			// Only descend where a key with the prefix can be.
			if !strings.HasPrefix(name+"/", prefix) && !strings.HasPrefix(prefix, name+"/") {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasPrefix(name, prefix) || ports.ValidateBlobKey(name) != nil {
			return nil
		}
		info, err := s.Stat(ctx, name)
		if domain.ErrorCode(err) == domain.ENotFound {
			return nil // deleted since the folder was read
		} else if err != nil {
			return err
		}
		info.ContentType = ""
		found = append(found, entry{name, info})
		return nil
	})
	if err != nil {
		return translate("list", prefix, err)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].key < found[j].key })
	for _, e := range found {
		if err := fn(e.key, e.info); err != nil {
			return err
		}
	}
	return nil
}

// open opens key's file and parses its header; it returns the file, the object's info and
// where its bytes start.
func (s *Store) open(key string) (*os.File, ports.BlobInfo, int64, error) {
	if err := ports.ValidateBlobKey(key); err != nil {
		return nil, ports.BlobInfo{}, 0, err
	}
	f, err := s.root.Open(key)
	if err != nil {
		return nil, ports.BlobInfo{}, 0, translate("get", key, err)
	}
	info, hdr, err := readHeader(f)
	if err != nil {
		f.Close()
		return nil, ports.BlobInfo{}, 0, translate("get", key, err)
	}
	return f, info, hdr, nil
}

// errIsFolder marks a key that names a folder of other keys: there is no object there.
var errIsFolder = errors.New("key is a folder")

func readHeader(f *os.File) (ports.BlobInfo, int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return ports.BlobInfo{}, 0, err
	}
	if fi.IsDir() {
		return ports.BlobInfo{}, 0, errIsFolder
	}
	buf := make([]byte, min(int64(maxHeader), fi.Size()))
	if _, err := f.ReadAt(buf, 0); err != nil {
		return ports.BlobInfo{}, 0, err
	}
	rest, ok := strings.CutPrefix(string(buf), magic)
	end := strings.IndexByte(rest, '\n')
	if !ok || end < 0 {
		return ports.BlobInfo{}, 0, fmt.Errorf("%s: not a Garden blob file (no header)", fi.Name())
	}
	hdr := int64(len(magic) + end + 1)
	return ports.BlobInfo{Size: fi.Size() - hdr, ContentType: rest[:end], ModTime: fi.ModTime().UTC()}, hdr, nil
}

// object is an open object file positioned past its header.
type object struct {
	*io.SectionReader
	f *os.File
}

// Close closes the file.
func (o *object) Close() error { return o.f.Close() }

// ctxReader stops a long copy once the request is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

func isMissing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// translate turns a file-system error into a domain error: a missing file (or a path through
// a file) is not_found when reading; a key colliding with a folder, or a folder path through
// an object, is conflict when writing; anything else is internal and keeps its detail for
// the log.
func translate(op, key string, err error) error {
	var derr *domain.Error
	switch {
	case errors.As(err, &derr):
		return err
	case op == "get" && (isMissing(err) || errors.Is(err, errIsFolder)):
		return domain.Errorf(domain.ENotFound, "Object not found.")
	case op == "put" && (errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EISDIR) || errors.Is(err, fs.ErrExist)):
		return domain.Errorf(domain.EConflict, MsgKeyCollides, key)
	}
	return fmt.Errorf("blob folder: %s %s: %w", op, key, err)
}

func randomHex() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand never fails on supported platforms
	return hex.EncodeToString(b)
}
