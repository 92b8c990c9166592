package archive

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

var errCrash = errors.New("injected crash")

// snapshot is what an operation changes, as a fresh process sees it.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	g, err := Open(dir)
	if err != nil {
		t.Fatalf("open after a crash: %v", err)
	}
	var b strings.Builder
	b.WriteString(stateBytes(g))
	fmt.Fprintf(&b, "due %s\nsteps %d\nrollbacks %d\n", g.Due().ID, len(g.Steps()), len(g.Rollbacks()))
	if rc, err := g.Pending(); err != nil {
		t.Fatalf("pending after a crash: %v", err)
	} else if rc != nil {
		fmt.Fprintf(&b, "pending %s\n", rc.Digest)
	}
	texts, err := g.standingTexts()
	if err != nil {
		t.Fatalf("standing after a crash: %v", err)
	}
	fmt.Fprintf(&b, "standing %q\n", texts)
	return b.String()
}

// TestCrashAtEveryWrite stops each operation that writes at every single
// write it makes (create, write, fsync, close, rename, directory fsync,
// mkdir, remove), as a crash there would, and checks that a new process
// finds the game either as before the operation or as after it, never in
// between, that the archive verifies, and that doing the operation again
// gives the same result as doing it without a crash.
func TestCrashAtEveryWrite(t *testing.T) {
	base := newGame(t)
	base.nmr() // the Welsh are due
	welsh := base.welshOrders("move 1 Powys > March")
	withOrders := copyTree(t, base.dir)
	if g, err := Open(withOrders); err != nil {
		t.Fatal(err)
	} else if _, err := g.Submit("", welsh, testTime); err != nil {
		t.Fatal(err)
	}
	standing := "game: ashdown\nnation: Picts\nkind: standing\n\ndefend *: hold\n"
	ops := []struct {
		name string
		base string
		op   func(g *Game) error
	}{
		{"submit", base.dir, func(g *Game) error { _, err := g.Submit("", welsh, testTime); return err }},
		{"standing", base.dir, func(g *Game) error { _, err := g.SetStanding("Picts", standing, testTime); return err }},
		{"advance", withOrders, func(g *Game) error { _, err := g.Advance(false); return err }},
		{"nmr", base.dir, func(g *Game) error { _, err := g.Advance(true); return err }},
		{"rollback", withOrders, func(g *Game) error { _, err := g.Rollback("start", "crash test"); return err }},
	}
	var total atomic.Int64
	for _, o := range ops {
		t.Run(o.name, func(t *testing.T) {
			t.Parallel()
			// A run without a crash counts the writes and gives the result.
			ref := copyTree(t, o.base)
			before := snapshot(t, ref)
			g, err := Open(ref)
			if err != nil {
				t.Fatal(err)
			}
			var calls []string
			g.w = writer{dryFsync: true, hook: func(op, path string) error {
				calls = append(calls, op+" "+strings.TrimPrefix(path, filepath.Dir(ref)))
				return nil
			}}
			if err := o.op(g); err != nil {
				t.Fatal(err)
			}
			after := snapshot(t, ref)
			if after == before {
				t.Fatal("the operation changes nothing")
			}
			total.Add(int64(len(calls)))
			for k := range calls {
				dir := copyTree(t, o.base)
				g, err := Open(dir)
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				g.w = writer{dryFsync: true, hook: func(op, path string) error {
					if n++; n == k+1 {
						return errCrash
					}
					return nil
				}}
				opErr := o.op(g)
				if opErr != nil && !errors.Is(opErr, errCrash) {
					t.Fatalf("crash at %s: %v", calls[k], opErr)
				}
				if opErr == nil {
					// Only a tidying write may fail without failing the
					// operation.
					if !strings.HasPrefix(calls[k], "remove ") || !strings.Contains(calls[k], "pending") {
						t.Errorf("crash at %s: the operation did not fail", calls[k])
					}
				} else if err := o.op(g); err == nil || !strings.Contains(err.Error(), "open the game again") {
					t.Errorf("crash at %s: the game was used again after a failed write: %v", calls[k], err)
				}
				got := snapshot(t, dir)
				if got != before && got != after {
					t.Fatalf("crash at %s leaves the game between before and after:\n%s", calls[k], got)
				}
				if err := Verify(dir); err != nil {
					t.Fatalf("crash at %s: %v", calls[k], err)
				}
				if got == before {
					g, _ := Open(dir)
					g.w.dryFsync = true
					if err := o.op(g); err != nil {
						t.Fatalf("crash at %s, then again: %v", calls[k], err)
					}
					if snapshot(t, dir) != after {
						t.Fatalf("crash at %s, then again: a different result", calls[k])
					}
					if err := Verify(dir); err != nil {
						t.Fatalf("crash at %s, then again: %v", calls[k], err)
					}
				}
			}
			t.Logf("%d writes, each crashed: %s", len(calls), strings.Join(calls, ", "))
		})
	}
	t.Cleanup(func() { t.Logf("%d crash points in all", total.Load()) })
}

// TestCrashDuringCreate stops Create at every write: the game directory is
// either absent or complete.
func TestCrashDuringCreate(t *testing.T) {
	spec := NewGame{Ruleset: "redux", Players: testPlayers, Created: testTime}
	var calls []string
	ref := filepath.Join(t.TempDir(), "ashdown")
	if _, _, err := create(ref, spec, testRand("c"), writer{dryFsync: true, hook: func(op, path string) error {
		calls = append(calls, op+" "+filepath.Base(path))
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	for k := range calls {
		dir := filepath.Join(t.TempDir(), "ashdown")
		n := 0
		_, _, err := create(dir, spec, testRand("c"), writer{dryFsync: true, hook: func(op, path string) error {
			if n++; n == k+1 {
				return errCrash
			}
			return nil
		}})
		if !errors.Is(err, errCrash) {
			t.Fatalf("crash at %s: %v", calls[k], err)
		}
		if _, err := os.Stat(dir); err == nil {
			if err := Verify(dir); err != nil {
				t.Errorf("crash at %s: a game directory that does not verify: %v", calls[k], err)
			}
			if _, err := Open(dir); err != nil {
				t.Errorf("crash at %s: %v", calls[k], err)
			}
			continue
		}
		// No game: Create again works, unless the private directory was
		// already renamed into place, and then it says so.
		_, serr := os.Stat(DefaultSecrets(dir))
		_, _, err = create(dir, spec, testRand("c"), writer{dryFsync: true})
		switch {
		case serr == nil && (err == nil || !strings.Contains(err.Error(), "already exists")):
			t.Errorf("crash at %s, then create again with the private directory left: %v", calls[k], err)
		case serr != nil && err != nil:
			t.Errorf("crash at %s, then create again: %v", calls[k], err)
		}
	}
	t.Logf("%d writes, each crashed", len(calls))
}

// TestCrashLeftovers checks that unfinished writes left by a crash are
// ignored by Open and Verify and cleaned up by the next write.
func TestCrashLeftovers(t *testing.T) {
	f := newGame(t)
	f.nmr()
	tmp := filepath.Join(f.dir, turnsDir, ".tmp-002-r01-welsh")
	os.MkdirAll(tmp, 0o755)
	writeFile(t, filepath.Join(tmp, fileState), "half a sta")
	writeFile(t, filepath.Join(f.dir, ".tmp-submissions.log"), "garbage")
	f.reopen()
	if err := Verify(f.dir); err != nil {
		t.Fatal(err)
	}
	f.play(f.welshOrders("move 1 Powys > March"))
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the unfinished step folder is still there: %v", err)
	}
	if err := Verify(f.dir); err != nil {
		t.Fatal(err)
	}
}
