package mailer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/pbem-org/pbem/internal/par"
)

// writeFileAtomic writes data to dir/name so that after a crash the file
// either holds all of data or does not exist: a temporary file in the same
// directory is written and fsynced, renamed over name, and the directory is
// fsynced so the rename itself survives.
func writeFileAtomic(dir, name string, data []byte) error {
	return writeFile(dir, name, data, false)
}

// writeFile is writeFileAtomic; with later it leaves the directory's fsync
// to the caller, who makes several names durable with one.
func writeFile(dir, name string, data []byte, later bool) error {
	return writeFiles(dir, []named{{name, data}}, later)
}

// named is a file's name and content, for writeFiles.
type named struct {
	name string
	data []byte
}

// writeFiles writes each file as writeFileAtomic does, with their fsyncs
// at once (they overlap, and the file system commits them together) and
// before the first rename, then renames them in the order given: when a
// later one is there, the earlier ones are there whole. With later the
// directory's fsync is left to the caller.
func writeFiles(dir string, files []named, later bool) error {
	tmps := make([]*os.File, 0, len(files))
	defer func() {
		for _, f := range tmps {
			if f != nil {
				f.Close()
				os.Remove(f.Name())
			}
		}
	}()
	for _, nf := range files {
		f, err := os.CreateTemp(dir, ".tmp-*")
		if err != nil {
			return err
		}
		tmps = append(tmps, f)
		if _, err := f.Write(nf.data); err != nil {
			return err
		}
	}
	if err := syncFiles(tmps); err != nil {
		return err
	}
	for i, f := range tmps {
		if err := f.Close(); err != nil {
			return err
		}
		if err := os.Rename(f.Name(), filepath.Join(dir, files[i].name)); err != nil {
			return err
		}
		tmps[i] = nil
	}
	if later {
		return nil
	}
	return syncDir(dir)
}

// syncFiles fsyncs the files, at once when there are several.
func syncFiles(files []*os.File) error {
	if len(files) == 1 {
		return files[0].Sync()
	}
	return par.All(len(files), func(i int) error { return files[i].Sync() })
}

// writeFileNoSync replaces dir/name with data through a temporary file and a
// rename, without fsync: for a record a crash may lose without harm.
func writeFileNoSync(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), filepath.Join(dir, name)); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// removeTemps deletes the temporary files a crash in writeFileAtomic may
// have left in dir. Only the owner of dir may call it, at start-up.
func removeTemps(dir string) error {
	names, err := filepath.Glob(filepath.Join(dir, ".tmp-*"))
	if err != nil {
		return err
	}
	for _, n := range names {
		if err := os.Remove(n); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// exists reports whether path exists; errors other than "not found" are
// returned.
func exists(path string) (bool, error) {
	_, err := os.Stat(path)
	if err == nil {
		return true, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return false, err
}

// mkdirs creates each directory with mode 0700 (journals and queues hold
// players' mail and tokens; the files in them are created 0600 by
// os.CreateTemp) and clears temporary files left by a crash. A directory
// that exists open to group or others is refused, naming it, its mode and
// the chmod that fixes it: its mail may have been read already.
func mkdirs(dirs ...string) error {
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
		st, err := os.Stat(d)
		if err != nil {
			return err
		}
		if m := st.Mode(); m.Perm()&0o077 != 0 && runtime.GOOS != "windows" {
			return fmt.Errorf("%s is %s (%04o), open to users other than its owner, and it holds players' mail and tokens; fix it with: chmod -R go= %s", d, m, m.Perm(), d)
		}
		if err := removeTemps(d); err != nil {
			return err
		}
	}
	return nil
}
