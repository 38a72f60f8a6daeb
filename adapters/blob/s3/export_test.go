package s3

import "context"

// RemoveBucketForTest deletes the store's (empty) bucket, to test how a vanished bucket is
// reported.
func (s *Store) RemoveBucketForTest(ctx context.Context) error {
	return s.client.RemoveBucket(ctx, s.bucket)
}
