package archive

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
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

// TestLoadStep reads every step back as Advance returned it, with the state
// it started from, in a new process: nation turns played, missed (nmr),
// entered by the GM, round events, steps superseded by a rollback and the
// steps played after it, whose parent is not the step before them. This is
// what the mail daemon needs to send a step's mail after a crash between
// Advance and the mail (issue 10 item 7: it built the parent's folder
// without its id, "turns/007-/state.json", and the game was wedged).
func TestLoadStep(t *testing.T) {
	f := newGame(t)
	type played struct {
		step   *Step
		before string
	}
	var steps []played
	advance := func(do func() *Step) {
		before := stateBytes(f.g)
		steps = append(steps, played{do(), before})
	}
	advance(f.nmr)                                                                 // 001 r01-romanobritish, missed
	advance(func() *Step { return f.play(f.welshOrders("move 1 Powys > March")) }) // 002 r01-welsh
	advance(func() *Step { return f.play(f.botText(7)) })                          // 003 r01-brigantes
	text := strings.Replace(f.botText(8), "token: "+f.token("Caledonians")+"\n", "", 1)
	advance(func() *Step { // 004 r01-caledonians, by the GM
		if _, err := f.g.SubmitGM("", text, testTime); err != nil {
			t.Fatal(err)
		}
		st, err := f.g.Advance(false)
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
	advance(f.nmr) // 005 r01-picts
	advance(f.nmr) // 006 r01-end, a round event
	advance(f.nmr) // 007 r02-romanobritish
	if _, err := f.g.Rollback("r01-picts", "crash test"); err != nil {
		t.Fatal(err)
	}
	advance(f.nmr) // 008 r01-end again, parent 005
	advance(f.nmr) // 009 r02-romanobritish, parent 008
	if steps[7].step.Parent != 5 || steps[8].step.Parent != 8 {
		t.Fatalf("steps 008 and 009 have parents %d and %d, want 5 and 8", steps[7].step.Parent, steps[8].step.Parent)
	}

	f.reopen()
	for _, p := range steps {
		n := p.step.Number
		got, before, err := f.g.LoadStep(n)
		if err != nil {
			t.Fatalf("LoadStep(%d): %v", n, err)
		}
		want := *p.step
		want.SupersededBy = f.g.Steps()[n-1].SupersededBy // set by the rollback after Advance
		if got.StepInfo != want.StepInfo || got.Nation != want.Nation || got.NMR != want.NMR || got.ByGM != want.ByGM || got.Report != want.Report {
			t.Errorf("LoadStep(%d) = %+v %q nmr %v gm %v\nwant %+v %q nmr %v gm %v", n,
				got.StepInfo, got.Nation, got.NMR, got.ByGM, want.StepInfo, want.Nation, want.NMR, want.ByGM)
		}
		if a, b := f.g.Engine().MarshalState(got.State), f.g.Engine().MarshalState(want.State); !bytes.Equal(a, b) {
			t.Errorf("LoadStep(%d): the state after differs from Advance's", n)
		}
		if a, b := adjudicator.MarshalEvents(got.Events), adjudicator.MarshalEvents(want.Events); !bytes.Equal(a, b) || len(got.Events) == 0 {
			t.Errorf("LoadStep(%d): %d events, Advance gave %d", n, len(got.Events), len(want.Events))
		}
		if string(f.g.Engine().MarshalState(before)) != p.before || before != got.Before {
			t.Errorf("LoadStep(%d): the state before is not the state Advance started from (parent %d)", n, p.step.Parent)
		}
	}
	if steps[0].step.Nation != "Romano-British" || !steps[0].step.NMR || !steps[3].step.ByGM || steps[5].step.Nation != "" {
		t.Errorf("the game does not have the steps it is meant to test: %+v", steps)
	}

	for _, n := range []int{0, -1, len(steps) + 1} {
		if _, _, err := f.g.LoadStep(n); err == nil || !strings.Contains(err.Error(), "there is no step") {
			t.Errorf("LoadStep(%d): %v", n, err)
		}
	}
	os.Remove(stepPath(t, f.dir, 8, fileEvents))
	if _, _, err := f.g.LoadStep(9); err != nil {
		t.Errorf("LoadStep(9) reads its parent's state only: %v", err)
	}
	if _, _, err := f.g.LoadStep(8); err == nil || !strings.Contains(err.Error(), filepath.Join(turnsDir, "008-r01-end")+": no "+fileEvents) {
		t.Errorf("LoadStep(8) without events.jsonl: %v", err)
	}
}

// TestAccepted finds a file accepted earlier by its text as received, with
// the receipt Submit gave, and nothing for a file refused or never sent:
// the mail daemon acknowledges a mail handled again after a crash by it.
func TestAccepted(t *testing.T) {
	f := newGame(t)
	f.nmr()
	welsh := f.welshOrders("move 1 Powys > March")
	if rc, err := f.g.Accepted(welsh); rc != nil || err != nil {
		t.Fatalf("before any submission: %+v, %v", rc, err)
	}
	bad := f.welshOrders("move 1 Powys > Narnia")
	if _, err := f.g.Submit("", bad, testTime); err == nil {
		t.Fatal("a bad file was accepted")
	}
	want, err := f.g.Submit("", welsh, testTime.Add(1500*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.g.Advance(false); err != nil { // the turn runs: the same file is refused now (frozen)
		t.Fatal(err)
	}
	if _, err := f.g.Submit("", welsh, testTime); err == nil || !strings.Contains(err.Error(), "frozen") {
		t.Fatalf("the file again after its turn ran: %v", err)
	}
	f.reopen()
	got, err := f.g.Accepted(welsh)
	if err != nil || got == nil {
		t.Fatalf("Accepted: %+v, %v", got, err)
	}
	want.Arrival = want.Arrival.UTC().Truncate(time.Second) // submissions.log keeps seconds
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Accepted = %+v\nSubmit gave %+v", got, want)
	}
	if rc, err := f.g.Accepted(bad); rc != nil || err != nil {
		t.Errorf("a refused file: %+v, %v", rc, err)
	}
	if rc, err := f.g.Accepted(welsh + "\n"); rc != nil || err != nil {
		t.Errorf("another text with the same orders: %+v, %v", rc, err)
	}
	gm := strings.Replace(f.botText(3), "token: "+f.token("Brigantes")+"\n", "", 1)
	if _, err := f.g.SubmitGM("", gm, testTime); err != nil {
		t.Fatal(err)
	}
	if rc, err := f.g.Accepted(gm); err != nil || rc == nil || !rc.ByGM || rc.Nation != "Brigantes" {
		t.Errorf("a file the GM entered: %+v, %v", rc, err)
	}
}
