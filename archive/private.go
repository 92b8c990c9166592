package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// OpenModeError is a file or directory holding secrets that users other
// than its owner may read, write or enter.
type OpenModeError struct {
	Path  string      // the file or directory at fault
	Mode  fs.FileMode // its mode
	Root  string      // what to fix: Path or the directory it is in
	Holds string      // what it holds, for the message
}

func (e *OpenModeError) Error() string {
	fix := "chmod go= " + shellQuote(e.Root)
	if e.Root != e.Path || e.Mode.IsDir() {
		fix = "chmod -R go= " + shellQuote(e.Root)
	}
	return fmt.Sprintf("%s is %s (%04o), open to users other than its owner, and it holds %s; fix it with: %s",
		e.Path, e.Mode, e.Mode.Perm(), e.Holds, fix)
}

// shellQuote quotes a path for a shell command line when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+-=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// CheckPrivate checks that path, and everything under it when it is a
// directory, can be used by its owner only: no permission bit for group or
// others. holds says what it holds ("the dice chain secret and the
// players' tokens") for the error, an *OpenModeError naming the first file
// at fault, its mode and the chmod that fixes it. Symbolic links are not
// followed below path. On Windows, where modes do not describe who may
// read a file, it checks nothing.
func CheckPrivate(path, holds string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	root, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !root.IsDir() {
		if root.Mode().Perm()&0o077 != 0 {
			return &OpenModeError{Path: path, Mode: root.Mode(), Root: path, Holds: holds}
		}
		return nil
	}
	stop := errors.New("stop")
	var bad *OpenModeError
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		info, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed meanwhile: a temporary file
		}
		if err != nil {
			return err
		}
		if info.Mode().Perm()&0o077 != 0 {
			bad = &OpenModeError{Path: p, Mode: info.Mode(), Root: path, Holds: holds}
			return stop
		}
		return nil
	})
	if bad != nil {
		return bad
	}
	return err
}

// secretsHold is what a game's private directory holds, for errors.
const secretsHold = "the game's dice chain secret and the players' tokens"

// CheckSecrets checks that the game's private directory and its files are
// the owner's only (CheckPrivate). Every write of the game checks it first.
func (g *Game) CheckSecrets() error {
	return CheckPrivate(g.secrets, secretsHold)
}
