package archive

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pbem-org/pbem/internal/par"
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

// File and directory modes: the public archive is readable by all; the
// private directory (the dice chain secret, the tokens, orders not yet
// public) by its owner only, from the moment each file is created.
const (
	publicFile  os.FileMode = 0o644
	publicDir   os.FileMode = 0o755
	privateFile os.FileMode = 0o600
	privateDir  os.FileMode = 0o700
)

// createFile writes a new public file (create, write, fsync, close). Used
// directly inside a temporary step folder, which becomes visible only by a
// rename.
func (w *writer) createFile(path string, data []byte) error {
	return w.createFileMode(path, data, publicFile)
}

// createFileMode is createFile with the file's mode. A file left by a crash
// is removed first: opening it would keep its old mode.
func (w *writer) createFileMode(path string, data []byte, perm os.FileMode) error {
	f, err := w.createUnsynced(path, data, perm)
	if err != nil {
		return err
	}
	if err := w.syncAll(f); err != nil {
		f.Close()
		return err
	}
	return w.close(f)
}

// createUnsynced creates path with data and leaves it open, not yet
// fsynced (syncAll, then close).
func (w *writer) createUnsynced(path string, data []byte, perm os.FileMode) (*os.File, error) {
	if err := w.step("create", path); err != nil {
		return nil, err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err
	}
	if err := w.step("write", path); err != nil {
		f.Write(data[:len(data)/2])
		f.Close()
		return nil, err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// syncAll fsyncs the files at once: their fsyncs overlap, and the file
// system commits them together, in about the time of one. The hook sees
// each, in the order given. A nil file is skipped.
func (w *writer) syncAll(files ...*os.File) error {
	if w.noSync {
		return nil
	}
	var live []*os.File
	for _, f := range files {
		if f == nil {
			continue
		}
		if err := w.step("sync", f.Name()); err != nil {
			return err
		}
		live = append(live, f)
	}
	if len(live) == 1 {
		return w.fsync(live[0])
	}
	return par.All(len(live), func(i int) error { return w.fsync(live[i]) })
}

// close closes a file written by createUnsynced, after its fsync.
func (w *writer) close(f *os.File) error {
	if err := w.step("close", f.Name()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeFile replaces a public file atomically: a temporary file beside it,
// fsync, rename over path, fsync of the directory. Readers see the old or
// the new content, never a mixture.
func (w *writer) writeFile(path string, data []byte) error {
	return w.writeFileMode(path, data, publicFile)
}

// writePrivate is writeFile for a file of the private directory, which
// only its owner may read (0600).
func (w *writer) writePrivate(path string, data []byte) error {
	return w.writeFileMode(path, data, privateFile)
}

func (w *writer) writeFileMode(path string, data []byte, perm os.FileMode) error {
	tmp := filepath.Join(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err := w.createFileMode(tmp, data, perm); err != nil {
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

// mkdir creates a public directory (and its parents) and fsyncs its
// parent.
func (w *writer) mkdir(dir string) error {
	if err := w.step("mkdir", dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, publicDir); err != nil {
		return err
	}
	return w.syncDir(filepath.Dir(dir))
}

// mkdirPrivate creates a directory that only its owner may enter (0700),
// its missing parents public, and fsyncs its parent. It must not exist.
func (w *writer) mkdirPrivate(dir string) error {
	if err := w.step("mkdir", dir); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), publicDir); err != nil {
		return err
	}
	if err := os.Mkdir(dir, privateDir); err != nil {
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

// appendLine appends line and a newline to the log at path: one write and
// one fsync, where replacing the file (writeFile) reads and writes all of
// it and fsyncs twice. A log that does not exist is created with header,
// atomically. A crash leaves the log as it was, or with the line whole, or
// with the line cut short and no newline after it: readers take the log up
// to its last newline (completeLines), and the next append cuts such a
// tail off first. A log with more than one link (a hard-linked copy of the
// archive, as cp -al or rsync --link-dest make) is replaced instead, so
// that the copy keeps what it had.
func (w *writer) appendLine(path, header, line string) error {
	f, err := w.appendUnsynced(path, header, line)
	if err != nil || f == nil {
		return err
	}
	defer f.Close()
	return w.syncAll(f)
}

// appendUnsynced is appendLine without the fsync: the log is left open
// for syncAll (and Close), or nil where the log was written anew, durably.
func (w *writer) appendUnsynced(path, header, line string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, w.writeFile(path, []byte(header+line+"\n"))
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && links(st) > 1 {
		f.Close()
		old, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return nil, w.writeFile(path, append(completeLines(old), line+"\n"...))
	}
	if err == nil {
		err = w.appendAt(f, st.Size(), line)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// appendAt writes line and a newline after the last complete line of f,
// whose size is size, cutting off a line a crash cut short.
func (w *writer) appendAt(f *os.File, size int64, line string) error {
	end, err := logEnd(f, size)
	if err != nil {
		return fmt.Errorf("appending to %s: %w", f.Name(), err)
	}
	if end < size {
		if err := f.Truncate(end); err != nil {
			return fmt.Errorf("appending to %s: %w", f.Name(), err)
		}
	}
	data := []byte(line + "\n")
	if err := w.step("write", f.Name()); err != nil {
		f.WriteAt(data[:len(data)/2], end)
		return err
	}
	if _, err := f.WriteAt(data, end); err != nil {
		return fmt.Errorf("appending to %s: %w", f.Name(), err)
	}
	return nil
}

// logAndReplace appends line to the log at logPath and replaces the
// private file path with data, with the two fsyncs at once (syncAll)
// before the rename that makes the file visible: once the file is there,
// the line is on disk too. An order file accepted is its line in
// submissions.log and the orders kept until its turn.
func (w *writer) logAndReplace(logPath, line, path string, data []byte) error {
	lf, err := w.appendUnsynced(logPath, "", line)
	if err != nil {
		return err
	}
	if lf != nil {
		defer lf.Close()
	}
	tmp := filepath.Join(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	tf, err := w.createUnsynced(tmp, data, privateFile)
	if err == nil {
		if err = w.syncAll(lf, tf); err != nil {
			tf.Close()
		} else {
			err = w.close(tf)
		}
	}
	if err == nil {
		err = w.rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// logEnd is the offset just after the last newline of a log of size
// bytes: size itself unless a crash cut the last line short.
func logEnd(f *os.File, size int64) (int64, error) {
	last := []byte{0}
	if size == 0 {
		return 0, nil
	}
	if _, err := f.ReadAt(last, size-1); err != nil {
		return 0, err
	}
	if last[0] == '\n' {
		return size, nil // the usual case: one byte read
	}
	buf := make([]byte, 4096)
	for end := size; end > 0; {
		start := max(0, end-int64(len(buf)))
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && n < int(end-start) {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil
}

// completeLines is a log up to its last newline: a line a crash cut short
// while it was appended (writer.appendLine) is not part of it.
func completeLines(data []byte) []byte {
	return data[:bytes.LastIndexByte(data, '\n')+1]
}

// readLog reads a log written by appendLine, up to its last newline.
func readLog(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	return completeLines(data), err
}
