package scratch

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestSetup: Setup points TMPDIR at a new directory, in memory on Linux
// where /dev/shm has room and PBEM_TEST_DISK is not set, and done removes
// it and puts TMPDIR back.
func TestSetup(t *testing.T) {
	before := os.Getenv("TMPDIR")
	t.Setenv("PBEM_TEST_DISK", "")
	t.Setenv("PBEM_PROPERTY_GAMES", "")
	t.Setenv(envScratch, "")
	os.Unsetenv(envScratch)
	done := Setup()
	dir := os.Getenv("TMPDIR")
	if dir == before || !strings.HasPrefix(filepath.Base(dir), "pbem-test-") {
		t.Fatalf("TMPDIR is %q after Setup, was %q", dir, before)
	}
	inMem := runtime.GOOS == "linux" && freeBytes("/dev/shm") >= minFree
	if got := strings.HasPrefix(dir, "/dev/shm/"); got != inMem {
		t.Errorf("TMPDIR %s: in memory %v, want %v", dir, got, inMem)
	}
	if err := os.WriteFile(filepath.Join(t.TempDir(), "x"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	done()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s is left after done: %v", dir, err)
	}
	if got := os.Getenv("TMPDIR"); got != before {
		t.Errorf("TMPDIR is %q after done, want %q", got, before)
	}
}

// TestChild: a process started by a test that ran Setup leaves TMPDIR in
// its parent's directory.
func TestChild(t *testing.T) {
	t.Setenv(envScratch, "")
	os.Unsetenv(envScratch)
	done := Setup()
	defer done()
	parent := os.Getenv("TMPDIR")
	child := Setup()
	if got := os.Getenv("TMPDIR"); got != parent {
		t.Errorf("a child's TMPDIR is %s, want its parent's %s", got, parent)
	}
	child()
	if _, err := os.Stat(parent); err != nil {
		t.Errorf("the child's done removed its parent's directory: %v", err)
	}
}

// TestDisk: PBEM_TEST_DISK=1, and the long runs (PBEM_PROPERTY_GAMES),
// keep the directory on disk.
func TestDisk(t *testing.T) {
	for _, env := range []string{"PBEM_TEST_DISK", "PBEM_PROPERTY_GAMES"} {
		t.Setenv("PBEM_TEST_DISK", "")
		t.Setenv("PBEM_PROPERTY_GAMES", "")
		t.Setenv(env, "1")
		t.Setenv(envScratch, "")
		os.Unsetenv(envScratch)
		done := Setup()
		if dir := os.Getenv("TMPDIR"); strings.HasPrefix(dir, "/dev/shm/") {
			t.Errorf("TMPDIR is %s with %s=1", dir, env)
		}
		done()
	}
}
