//go:build unix

package archive

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// openUmask clears the process umask for the test, so that a mode the
// archive does not ask for shows: with umask 0, a file created 0644 stays
// 0644. The tests that use it are not parallel.
func openUmask(t *testing.T) {
	old := syscall.Umask(0)
	t.Cleanup(func() { syscall.Umask(old) })
}

// modes lists each file and directory under root with its mode.
func modes(t *testing.T, root string) map[string]fs.FileMode {
	t.Helper()
	out := map[string]fs.FileMode{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = info.Mode()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSecretsModes: every file the archive writes into the private
// directory is created 0600 and every directory 0700, whatever the umask
// (issue 10 item 2): the dice chain secret, the tokens (new and rotated),
// pending orders, standing orders and the lock. The public archive stays
// readable by all.
func TestSecretsModes(t *testing.T) {
	openUmask(t)
	f := newGame(t)
	if _, err := f.g.SetStanding("Picts", "game: ashdown\nnation: Picts\nkind: standing\n\ndefend *: hold\n", testTime); err != nil {
		t.Fatal(err)
	}
	f.nmr()
	if _, err := f.g.Submit("", f.welshOrders("move 1 Powys > March"), testTime); err != nil {
		t.Fatal(err)
	}
	if _, err := f.g.ChangePlayer("Alice", PlayerChange{RotateToken: true, Why: "leaked"}, testRand("rotate")); err != nil {
		t.Fatal(err)
	}
	got := modes(t, f.g.SecretsDir())
	for _, want := range []string{"chain.txt", "tokens.yaml", "lock", "pending/r01-welsh.json", "standing/picts.txt"} {
		if _, ok := got[filepath.Join(f.g.SecretsDir(), want)]; !ok {
			t.Errorf("%s was not written", want)
		}
	}
	for p, m := range got {
		want := privateFile
		if m.IsDir() {
			want = privateDir
		}
		if m.Perm() != want {
			t.Errorf("%s is %v, want %04o", p, m, want)
		}
	}
	for p, m := range modes(t, f.dir) {
		if want := map[bool]fs.FileMode{true: publicDir, false: publicFile}[m.IsDir()]; m.Perm() != want {
			t.Errorf("public %s is %v, want %04o", p, m, want)
		}
	}
}

// TestSecretsOpenRefused: a game whose private directory, or a file in it,
// other users may read is not written to, with an error naming the file,
// its mode and the command that fixes it; reading the public archive still
// works, and after the fix the game plays on (issue 10 item 2).
func TestSecretsOpenRefused(t *testing.T) {
	for _, tc := range []struct {
		name, path string
		mode       fs.FileMode
		want       string
	}{
		{"directory", "", 0o755, "ashdown.secrets is drwxr-xr-x (0755)"},
		{"chain", "chain.txt", 0o644, "ashdown.secrets/chain.txt is -rw-r--r-- (0644)"},
		{"tokens writable", "tokens.yaml", 0o620, "tokens.yaml is -rw--w---- (0620)"},
		{"pending", "pending", 0o711, "pending is drwx--x--x (0711)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newGame(t)
			p := filepath.Join(f.g.SecretsDir(), tc.path)
			if err := os.Chmod(p, tc.mode); err != nil {
				t.Fatal(err)
			}
			_, err := f.g.Advance(true)
			var oe *OpenModeError
			if !errors.As(err, &oe) || !strings.Contains(err.Error(), tc.want) ||
				!strings.HasSuffix(err.Error(), "fix it with: chmod -R go= "+f.g.SecretsDir()) {
				t.Fatalf("Advance = %v", err)
			}
			if len(f.g.Steps()) != 0 {
				t.Error("a step was written")
			}
			for _, op := range []func() error{
				func() error {
					_, err := f.g.SetStanding("Picts", "game: ashdown\nnation: Picts\nkind: standing\n\ndefend *: hold\n", testTime)
					return err
				},
				func() error { _, err := f.g.Rollback("start", "x"); return err },
				func() error {
					_, err := f.g.ChangePlayer("Alice", PlayerChange{RotateToken: true, Why: "x"}, testRand("x"))
					return err
				},
			} {
				if err := op(); !errors.As(err, &oe) {
					t.Errorf("a write with an open private directory: %v", err)
				}
			}
			if _, err := f.g.Report(""); err != nil {
				t.Error(err)
			}
			if err := Verify(f.dir); err != nil {
				t.Error(err)
			}
			fix := privateFile
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				fix = privateDir
			}
			if err := os.Chmod(p, fix); err != nil {
				t.Fatal(err)
			}
			f.nmr()
		})
	}
}

// TestWriteOverLeftover: a private file written where a crash left a
// temporary file of another mode gets its own mode, not the leftover's.
func TestWriteOverLeftover(t *testing.T) {
	openUmask(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "tokens.yaml")
	writeFile(t, filepath.Join(dir, ".tmp-tokens.yaml"), "left by a crash")
	if err := os.Chmod(filepath.Join(dir, ".tmp-tokens.yaml"), 0o666); err != nil {
		t.Fatal(err)
	}
	var w writer
	if err := w.writePrivate(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != privateFile {
		t.Errorf("tokens.yaml written over a leftover: %v %v", st.Mode(), err)
	}
}

// TestCheckPrivate: a single file, and a link below the checked directory
// that is not followed.
func TestCheckPrivate(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "pass word")
	writeFile(t, file, "x")
	if err := os.Chmod(file, 0o640); err != nil {
		t.Fatal(err)
	}
	err := CheckPrivate(file, "the IMAP password")
	if err == nil || err.Error() != file+" is -rw-r----- (0640), open to users other than its owner, and it holds the IMAP password; fix it with: chmod go= '"+file+"'" {
		t.Errorf("CheckPrivate(file) = %v", err)
	}
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckPrivate(file, "x"); err != nil {
		t.Error(err)
	}
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := CheckPrivate(dir, "x"); err != nil {
		t.Errorf("CheckPrivate(dir with a link) = %v", err)
	}
	if err := CheckPrivate(filepath.Join(dir, "missing"), "x"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("CheckPrivate(missing) = %v", err)
	}
}
