// Package scratch gives a test binary a temporary directory in memory.
//
// The tests of archive, bot, daemon and cmd/pbem write thousands of small
// files: games, their steps, untarred fixture archives. On a virtual
// machine's disk, creating and removing them took more system time than the
// tests took to run (issue 20: the archive package's tests spent 78 s of
// their 101 s of CPU in the kernel). What the tests prove does not depend
// on the file system, so their temporary files go to memory where the
// system has some (Linux's /dev/shm with a gigabyte free), and to the
// system's temporary directory elsewhere, with PBEM_TEST_DISK=1, and in the
// long runs (PBEM_PROPERTY_GAMES set: bot's full run writes gigabytes of
// archives).
package scratch

import (
	"os"
	"path/filepath"
	"testing"
)

// envScratch names the directory of the test binary that made it, for the
// processes it starts.
const envScratch = "PBEM_TEST_SCRATCH"

// minFree is the room a memory file system must have left for the tests.
const minFree = 1 << 30

// Run runs the tests of m with their temporary directory (TMPDIR, which
// t.TempDir and os.MkdirTemp use) in memory where it can (see the package
// comment), removes it after, and returns m.Run's exit code.
func Run(m *testing.M) int {
	done := Setup()
	defer done()
	return m.Run()
}

// Setup points TMPDIR at a new directory in memory where it can (see the
// package comment), and returns what removes it and puts TMPDIR back. A
// test binary killed by its timeout leaves the directory behind, as it
// leaves its t.TempDir ones.
//
// A process that a test starts (a test binary run again as a child, a
// command) inherits TMPDIR and the variable PBEM_TEST_SCRATCH: its own
// Setup then leaves TMPDIR as it is, in the parent's directory, which the
// parent removes even when it killed the child.
func Setup() (done func()) {
	if os.Getenv(envScratch) != "" {
		return func() {}
	}
	base := os.TempDir()
	if os.Getenv("PBEM_TEST_DISK") == "" && os.Getenv("PBEM_PROPERTY_GAMES") == "" && freeBytes(memDir) >= minFree {
		base = memDir
	}
	dir, err := os.MkdirTemp(base, "pbem-test-")
	if err != nil {
		return func() {}
	}
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	os.Setenv(envScratch, dir)
	return func() {
		os.Unsetenv(envScratch)
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
		os.RemoveAll(filepath.Clean(dir))
	}
}
