package sqlstore

// URLForTest returns the URL the store was opened with, so a test can open more replicas.
func (s *Store) URLForTest() string { return s.url }
