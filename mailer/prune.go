package mailer

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Prune removes what the journal keeps of mail handled before the time
// before: raw messages, done markers and attempt counts whose file was last
// written before it. A message is found again only by its flags on the
// server (Intake: unseen and unflagged), never by a marker, so a marker
// pruned lets through at most a copy of an old mail sent again after that
// time, which is then handled again; and a raw message still on the
// server unhandled is stored again when it is fetched. It returns how many
// files it removed.
func (j *Journal) Prune(before time.Time) (int, error) {
	n := 0
	for _, d := range []string{"raw", "done", "attempts"} {
		k, err := pruneDir(j.path(d), before, "")
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Prune removes the sent records (sent/ID.json) written before the time
// before: an id sent earlier and enqueued again after that would be sent
// again. The queue and the failed messages, which wait for a person, are
// kept. It returns how many records it removed.
func (ob *Outbox) Prune(before time.Time) (int, error) {
	return pruneDir(ob.path("sent"), before, ".json")
}

// pruneDir removes the files of dir (those whose name ends in ext, if it
// is given) last modified before the time before, but never a temporary
// file of a write under way.
func pruneDir(dir string, before time.Time, ext string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".tmp-") || !strings.HasSuffix(name, ext) {
			continue
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return n, err
		}
		if !info.ModTime().Before(before) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return n, err
		}
		n++
	}
	return n, nil
}
