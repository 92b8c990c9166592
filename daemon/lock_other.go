//go:build !unix

package daemon

// LockFile is the file under the data directory that the running pbem
// serve holds locked (LockData).
const LockFile = "serve.lock"

// LockData does nothing where advisory file locks are not available: two
// daemons must then not be started on one data directory.
func LockData(dir string) (release func(), err error) { return func() {}, nil }
