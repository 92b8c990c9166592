package archive

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// writer performs every write of the archive. hook, when set (tests only),
// is called before each primitive operation and may fail it, so a test can
// stop the archive at every single write and check what a crash there would
// leave behind. A failed "write" writes half the data first, like a torn
// write.
type writer struct {
	hook   func(op, path string) error
	noSync bool // skip fsync: for archives made in one go (simulate)
	// dryFsync calls the hook for each fsync but skips the system call:
	// crash tests need the crash points, not the durability.
	dryFsync bool
}

func (w *writer) step(op, path string) error {
	if w.hook == nil {
		return nil
	}
	return w.hook(op, path)
}

// createFile writes a new file (create, write, fsync, close). Used directly
// inside a temporary step folder, which becomes visible only by a rename.
func (w *writer) createFile(path string, data []byte) error {
	if err := w.step("create", path); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if err := w.step("write", path); err != nil {
		f.Write(data[:len(data)/2])
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if !w.noSync {
		if err := w.step("sync", path); err != nil {
			f.Close()
			return err
		}
		if err := w.fsync(f); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.step("close", path); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeFile replaces path atomically: a temporary file beside it, fsync,
// rename over path, fsync of the directory. Readers see the old or the new
// content, never a mixture.
func (w *writer) writeFile(path string, data []byte) error {
	tmp := filepath.Join(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err := w.createFile(tmp, data); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := w.rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// rename renames old to new and fsyncs new's directory.
func (w *writer) rename(old, new string) error {
	if err := w.step("rename", new); err != nil {
		return err
	}
	if err := os.Rename(old, new); err != nil {
		return err
	}
	return w.syncDir(filepath.Dir(new))
}

// syncDir fsyncs a directory so that a rename or a new entry in it survives
// a power cut.
func (w *writer) syncDir(dir string) error {
	if w.noSync {
		return nil
	}
	if err := w.step("syncdir", dir); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = w.fsync(d)
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// mkdir creates a directory (and its parents) and fsyncs its parent.
func (w *writer) mkdir(dir string) error {
	if err := w.step("mkdir", dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return w.syncDir(filepath.Dir(dir))
}

// removeAll removes a leftover temporary file or folder; a missing path is
// not an error.
func (w *writer) removeAll(path string) error {
	if err := w.step("remove", path); err != nil {
		return err
	}
	if err := os.RemoveAll(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func (w *writer) fsync(f *os.File) error {
	if w.dryFsync {
		return nil
	}
	return f.Sync()
}
