//go:build !unix

package sqlstore

import "context"

// fileLocker falls back to one process's lock table where flock(2) does not exist.
type fileLocker struct{ base string }

var fallbackLocks = &memoryLocker{held: map[string]bool{}}

// TryLock implements ports.JobLocker.
func (l *fileLocker) TryLock(ctx context.Context, key string) (func(), bool, error) {
	return fallbackLocks.TryLock(ctx, l.base+"|"+key)
}
