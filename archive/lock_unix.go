//go:build unix

package archive

import (
	"os"
	"path/filepath"
	"syscall"
)

// flock takes the exclusive write lock of a game: an advisory lock on the
// file "lock" in its private directory, so that a mail daemon and a GM's
// command line never write one game at once. The lock goes with the
// process: a crash releases it.
func flock(secrets string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(secrets, "lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// links is how many names a file has (hard links).
func links(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
