package mailer

import (
	"os"
	"path/filepath"
	"sync"
)

// groupSync makes the entries of one directory durable with one fsync for
// all who ask at about the same time (a group commit). The intake handles
// several mails at once, and each renames files into the same journal and
// outbox directories: where each would fsync the directory in turn, the
// first fsyncs it and those who asked meanwhile share the next one.
//
// sync keeps the promise of an fsync of its own: it returns once an fsync
// that began after it was called has ended, with that fsync's error (or a
// later one's, which covers it too).
type groupSync struct {
	dir   string
	fsync func(dir string) error

	mu       sync.Mutex
	cond     sync.Cond
	running  bool
	started  uint64 // fsyncs begun
	finished uint64 // the last fsync ended
	err      error  // its error
}

func newGroupSync(dir string, fsync func(string) error) *groupSync {
	g := &groupSync{dir: dir, fsync: fsync}
	g.cond.L = &g.mu
	return g
}

func (g *groupSync) sync() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	// An fsync running now may have begun before the caller's rename: it
	// needs the next one.
	want := g.started + 1
	for g.finished < want {
		if g.running {
			g.cond.Wait()
			continue
		}
		g.running = true
		g.started++
		n := g.started
		g.mu.Unlock()
		err := g.fsync(g.dir)
		g.mu.Lock()
		g.running, g.finished, g.err = false, n, err
		g.cond.Broadcast()
	}
	return g.err
}

// dirGroups is the groupSync of each directory the process fsyncs, by its
// cleaned path: a handful (the journal's and the outbox's).
var dirGroups struct {
	sync.Mutex
	m map[string]*groupSync
}

// syncDir fsyncs a directory so that entries created, renamed or removed in
// it are durable, sharing the fsync with others who ask at the same time
// (groupSync).
func syncDir(dir string) error {
	dir = filepath.Clean(dir)
	dirGroups.Lock()
	g := dirGroups.m[dir]
	if g == nil {
		if dirGroups.m == nil {
			dirGroups.m = map[string]*groupSync{}
		}
		g = newGroupSync(dir, fsyncDir)
		dirGroups.m[dir] = g
	}
	dirGroups.Unlock()
	return g.sync()
}

// fsyncDir fsyncs a directory, alone.
func fsyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
