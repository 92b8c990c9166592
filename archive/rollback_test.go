package archive

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestRollback(t *testing.T) {
	f := standardGame(t)
	after3 := readFile(t, stepPath(t, f.dir, 3, fileState))
	caledonians := readFile(t, stepPath(t, f.dir, 4, fileOrders))
	line, err := f.g.Rollback("r01-brigantes", "the GM misread\nBob's orders")
	if err != nil {
		t.Fatal(err)
	}
	want := "rollback 1: after 007 back to 003 (r01-brigantes) at 2026-11-22T10:00:00Z: the GM misread Bob's orders"
	if line != want {
		t.Errorf("rollback line\n %q\nwant %q", line, want)
	}
	if log := readFile(t, filepath.Join(f.dir, rollbacksLog)); !strings.HasSuffix(log, want+"\n") {
		t.Errorf("rollbacks.log:\n%s", log)
	}
	check := func(g *Game) {
		t.Helper()
		if stateBytes(g) != after3 {
			t.Error("the state is not the state after step 003")
		}
		if d := g.Due(); d.ID != "r01-caledonians" {
			t.Errorf("due %s after the rollback", d.ID)
		}
		for _, st := range g.Steps() {
			if sup := st.Number > 3; sup != st.Superseded() || (sup && st.SupersededBy != 1) {
				t.Errorf("step %s superseded by %d", st.Dir(), st.SupersededBy)
			}
		}
	}
	check(f.g)
	f.reopen()
	check(f.g)
	if err := Verify(f.dir); err != nil {
		t.Fatal(err)
	}

	// Replaying with the same inputs gives the same step: the same seed,
	// the same dice, the same state. A rollback cannot reroll dice.
	if _, err := f.g.SubmitGM("", strings.TrimPrefix(caledonians, behalfMarker), testTime); err != nil {
		t.Fatal(err)
	}
	st, err := f.g.Advance(false)
	if err != nil {
		t.Fatal(err)
	}
	if st.Number != 8 || st.Parent != 3 || st.Seed != 4 || st.ID != "r01-caledonians" {
		t.Errorf("step after the rollback: %+v", st.StepInfo)
	}
	for _, name := range []string{fileOrders, fileSeed, fileDice, fileState, fileEvents, fileInputs} {
		if readFile(t, stepPath(t, f.dir, 8, name)) != readFile(t, stepPath(t, f.dir, 4, name)) {
			t.Errorf("%s of the replayed turn differs from the superseded one", name)
		}
	}

	// Roll back again, to the start, then play on.
	if _, err := f.g.Rollback("start", "start over"); err != nil {
		t.Fatal(err)
	}
	if f.g.Due().ID != "r01-romanobritish" {
		t.Errorf("due %s after a rollback to the start", f.g.Due().ID)
	}
	f.nmr()
	if st := f.g.Steps()[8]; st.Number != 9 || st.Seed != 1 || st.Parent != 0 {
		t.Errorf("step 9 = %+v", st)
	}
	if err := Verify(f.dir); err != nil {
		t.Fatal(err)
	}
	if n := len(f.g.Rollbacks()); n != 2 {
		t.Errorf("%d rollbacks", n)
	}
}

func TestRollbackChangedInputsChangeDice(t *testing.T) {
	f := newGame(t)
	f.nmr()
	f.play(f.welshOrders("move 1 Powys > March"))
	if _, err := f.g.Rollback("1", "Alice's salt was lost"); err != nil {
		t.Fatal(err)
	}
	f.play(strings.Replace(f.welshOrders("move 1 Powys > March"), "rain over Powys", "sun over Gwynedd", 1))
	if readFile(t, stepPath(t, f.dir, 2, fileSeed)) != readFile(t, stepPath(t, f.dir, 3, fileSeed)) {
		t.Error("the replayed turn has another seed")
	}
	if readFile(t, stepPath(t, f.dir, 2, fileDice)) == readFile(t, stepPath(t, f.dir, 3, fileDice)) {
		t.Error("another salt gave the same dice")
	}
	if err := Verify(f.dir); err != nil {
		t.Fatal(err)
	}
}

func TestRollbackRefuses(t *testing.T) {
	f := standardGame(t)
	if _, err := f.g.Rollback("r01-welsh", "first"); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ to, why, want string }{
		{"r01-picts", "x", `no step in force is "r01-picts"`},
		{"5", "x", "superseded by rollback 1"},
		{"99", "x", "there is no step 99"},
		{"2", "x", "already stands at step 002-r01-welsh"},
		{"start", "  ", "needs a reason"},
	}
	for _, tc := range tests {
		if _, err := f.g.Rollback(tc.to, tc.why); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Rollback(%q, %q) = %v, want %q", tc.to, tc.why, err, tc.want)
		}
	}
	// Orders accepted before a rollback are not used after it.
	f2 := newGame(t)
	f2.nmr()
	if _, err := f2.g.Submit("", f2.welshOrders("move 1 Powys > March"), testTime); err != nil {
		t.Fatal(err)
	}
	if rc, _ := f2.g.Pending(); rc == nil {
		t.Fatal("the Welsh orders are not pending")
	}
	if _, err := f2.g.Rollback("start", "redo the Romano-British"); err != nil {
		t.Fatal(err)
	}
	f2.nmr()
	if rc, _ := f2.g.Pending(); rc != nil {
		t.Errorf("orders from before the rollback still pending: %+v", rc)
	}
	// Superseded steps keep their reports.
	if r, err := f.g.Report("005"); err != nil || !strings.Contains(r, "r01-picts") {
		t.Errorf("report of a superseded step: %v", err)
	}
}
