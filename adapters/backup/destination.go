package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gardenctl/garden/ports"
)

var (
	_ ports.BackupDestination = FolderDestination{}
	_ ports.BackupDestination = BlobDestination{}
)

// FolderDestination keeps archives in a folder of the server's file system.
type FolderDestination struct{ Dir string }

func (d FolderDestination) String() string { return d.Dir }

// BlobPrefix implements ports.BackupDestination: a folder is outside the blob store.
func (FolderDestination) BlobPrefix() string { return "" }

// Write writes to a temporary file in the folder and renames it once complete.
func (d FolderDestination) Write(ctx context.Context, name string, write func(io.Writer) error) error {
	if err := os.MkdirAll(d.Dir, 0o750); err != nil {
		return fmt.Errorf("backup folder: %w", err)
	}
	f, err := os.CreateTemp(d.Dir, ".garden-backup-*.tmp")
	if err != nil {
		return fmt.Errorf("backup folder: %w", err)
	}
	defer os.Remove(f.Name())
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(d.Dir, name))
}

// List returns the file names in the folder; a missing folder holds none.
func (d FolderDestination) List(context.Context) ([]string, error) {
	entries, err := os.ReadDir(d.Dir)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// Remove deletes one archive.
func (d FolderDestination) Remove(_ context.Context, name string) error {
	return os.Remove(filepath.Join(d.Dir, filepath.Base(name)))
}

// BlobDestination keeps archives in the blob store under Prefix (such as "backups/");
// backups leave that prefix out, so archives never hold older archives.
type BlobDestination struct {
	Blobs  ports.BlobStore
	Prefix string
}

func (d BlobDestination) String() string { return "the blob store under " + d.Prefix }

// BlobPrefix implements ports.BackupDestination.
func (d BlobDestination) BlobPrefix() string { return d.Prefix }

// Write streams the archive into the blob store (size unknown) through a pipe.
func (d BlobDestination) Write(ctx context.Context, name string, write func(io.Writer) error) error {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := write(pw)
		pw.CloseWithError(err)
		done <- err
	}()
	err := d.Blobs.Put(ctx, d.Prefix+name, pr, -1, "application/gzip")
	pr.CloseWithError(errors.New("upload ended"))
	werr := <-done
	if err != nil {
		return err
	}
	return werr
}

// List lists the archives under the prefix.
func (d BlobDestination) List(ctx context.Context) ([]string, error) {
	var names []string
	err := d.Blobs.List(ctx, d.Prefix, func(key string, _ ports.BlobInfo) error {
		if rest := strings.TrimPrefix(key, d.Prefix); !strings.Contains(rest, "/") {
			names = append(names, rest)
		}
		return nil
	})
	return names, err
}

// Remove deletes one archive.
func (d BlobDestination) Remove(ctx context.Context, name string) error {
	return d.Blobs.Delete(ctx, d.Prefix+name)
}
