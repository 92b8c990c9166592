//go:build !unix

package archive

import "os"

// flock does nothing where advisory file locks are not available: two
// processes must then not write one game at once.
func flock(secrets string) (unlock func(), err error) { return func() {}, nil }

// links is how many names a file has; 1 where it cannot be known.
func links(fi os.FileInfo) uint64 { return 1 }
