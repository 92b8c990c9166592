//go:build unix

package daemon

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// LockFile is the file under the data directory that the running pbem
// serve holds locked (LockData).
const LockFile = "serve.lock"

// LockData takes the data directory for this process: an exclusive
// advisory lock (flock) on Data/serve.lock, which holds the process id.
// A second pbem serve on the same directory gets an *InUseError naming
// the process that holds it. The lock lives as long as the open file, so
// it dies with the process, however it ends (a kill -9 too): a new start
// is never blocked by a stale lock. release ends it.
func LockData(dir string) (release func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("the lock of the data directory: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, inUse(dir, path)
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(fmt.Sprintf("%d\n", os.Getpid())), 0)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// inUse reads the holder's process id from the lock file for the error.
func inUse(dir, path string) error {
	pid := ""
	if b, err := os.ReadFile(path); err == nil {
		pid = strings.TrimSpace(string(b))
	}
	return &InUseError{Dir: dir, Lock: path, PID: pid}
}
