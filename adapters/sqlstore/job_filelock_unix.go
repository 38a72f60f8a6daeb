//go:build unix

package sqlstore

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall"
)

// fileLocker takes job locks with flock(2) on files named after the database file. A lock is
// held by an open file, so two processes, or two lockers in one process, exclude each other,
// and a process that dies (kill -9 included) releases its locks.
type fileLocker struct{ base string }

// TryLock implements ports.JobLocker.
func (l *fileLocker) TryLock(_ context.Context, key string) (func(), bool, error) {
	name := l.base + ".lock-" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, key)
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, true, nil
}
