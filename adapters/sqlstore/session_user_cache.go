package sqlstore

import (
	"sync"

	"github.com/gardenctl/garden/core/domain"
)

// sessionUserCacheSize bounds the users a replica keeps for the session read: one entry per
// session token in use, a few hundred bytes each (4,096 entries: about 2 MB).
const sessionUserCacheSize = 4096

// sessionUserCache keeps, by session token hash, the user that session belongs to as last
// read, with the row_version it was read at (issue #30 item 2). Every request still reads
// its session row (revocation and expiry take effect at once) and its user's row_version and
// id, which every write to the user's row changes (migration 0047): an entry is used only
// while both match, so a demoted, deactivated or renamed user is read again on their next
// request, on every replica. The zero value is ready to use.
type sessionUserCache struct {
	mu      sync.RWMutex
	entries map[string]sessionUserEntry
}

type sessionUserEntry struct {
	version int64
	user    domain.User
}

// lookup returns a copy of what is kept for hash: the caller may change its user's fields,
// not the kept one's. The user's pointer fields are shared, and nothing writes through them
// (they are replaced, never assigned into).
func (c *sessionUserCache) lookup(hash string) (sessionUserEntry, bool) {
	c.mu.RLock()
	e, ok := c.entries[hash]
	c.mu.RUnlock()
	return e, ok
}

// put keeps a copy of u, read at version, for hash; when full, an arbitrary entry makes room
// (an evicted session costs one full read on its next request).
func (c *sessionUserCache) put(hash string, version int64, u *domain.User) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[string]sessionUserEntry)
	}
	if _, ok := c.entries[hash]; !ok && len(c.entries) >= sessionUserCacheSize {
		for k := range c.entries {
			delete(c.entries, k)
			break
		}
	}
	c.entries[hash] = sessionUserEntry{version: version, user: *u}
}
