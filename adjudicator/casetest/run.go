package casetest

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// RunAll runs the cases of every ruleset: each directory under root is
// named after the ruleset its cases play (testdata/redux-lr/*.txt).
func RunAll(t *testing.T, root string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range entries { // ReadDir sorts by name
		if d.IsDir() {
			n++
			dir := filepath.Join(root, d.Name())
			t.Run(d.Name(), func(t *testing.T) { Run(t, dir) })
		}
	}
	if n == 0 {
		t.Fatalf("no ruleset directories in %s", root)
	}
}

// Run runs every case (*.txt) of one directory, each as a parallel
// subtest named after its file; the directory's name is the ruleset.
func Run(t *testing.T, dir string) {
	if _, err := rulesets.Lookup(filepath.Base(dir)); err != nil {
		t.Fatalf("%s: the directory of a ruleset's cases is named after the ruleset: %v", dir, err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no cases (*.txt) in %s", dir)
	}
	for _, path := range files { // Glob sorts
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			c, err := Read(path)
			if err != nil {
				t.Fatal(err)
			}
			Play(t, c)
		})
	}
}

// Play runs one case under the ruleset its directory names.
func Play(t testing.TB, c *Case) {
	t.Helper()
	a := prepare(t, c)
	s := a.state()
	before := a.state() // built apart: a Clone that shares memory would hide a change
	standing := a.standing()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: the engine panicked: %v", c.Path, r)
		}
	}()
	var (
		ns  *adjudicator.State
		evs []adjudicator.Event
	)
	switch c.Kind() {
	case EndRound:
		ns, evs = a.roundEvent(s)
	case Ask:
		ns, evs = a.asked(s)
	case Check:
		_, rv := a.check(s, before, standing)
		a.matchLines("errors", "Illegal error", errorLines(rv.Errors))
		return
	case Turn:
		ns, evs = a.turn(s, before, standing)
	}
	if !reflect.DeepEqual(s, before) {
		t.Fatalf("%s: the engine changed its input state", c.Path)
	}
	a.matchState(ns)
	a.matchEvents(evs)
	if a.failed {
		t.Logf("%s: the events:\n%s", c.Path, eventText(a.E.Render(evs)))
	}
}

// prepare loads the case's game with its options, changes its tables and
// makes its engine with the case's player count.
func prepare(t testing.TB, c *Case) *At {
	t.Helper()
	name := filepath.Base(filepath.Dir(c.Path))
	r, err := rulesets.Lookup(name)
	if err != nil {
		t.Fatalf("%s: %v", c.Path, err)
	}
	a := &At{T: t, C: c, R: r}
	var opts []string
	if l, ok := c.Header["options"]; ok && l.Text != "none" {
		a.L = l
		opts = a.Names(l.Text)
	}
	if a.G, err = r.Ruleset.Load(opts, "", nil); err != nil {
		a.Fatalf("%v", err)
	}
	a.tables() // before the engine, which resolves the Timeline's arrivals
	if a.E, err = rulesets.Engine(a.G); err != nil {
		t.Fatalf("%s: %v", c.Path, err)
	}
	if l, ok := c.Header["players"]; ok {
		a.L = l
		a.E.Players = a.Atoi(l.Text)
	}
	if l, ok := c.Header["engine"]; ok {
		a.L = l
		if a.E.Compat, err = adjudicator.CompatOf(l.Text); err != nil {
			a.Fatalf("%v", err)
		}
	}
	return a
}

// due checks that the case's nation has the turn that is due, and returns
// its order file.
func (a *At) due(s *adjudicator.State) *orders.File {
	a.T.Helper()
	a.L = a.C.Header["nation"]
	want := a.Nation(a.L.Text)
	st := a.E.Due(s)
	if st.Kind != adjudicator.NationTurn || st.Nation != want {
		a.Fatalf("due is %s, not the %s' turn", st.ID, a.NationName(want))
	}
	return a.orderFile(want, st.ID, a.C.Blocks["orders"])
}

// check runs Engine.Review on the case's orders, which must not change s,
// and returns the orders and the review. The errors must come in line
// order (one answer a player reads top to bottom), and the warnings and
// defaults must be those of the warnings: and defaults: blocks, if given.
func (a *At) check(s, before *adjudicator.State, standing []*orders.File) (*orders.File, *adjudicator.Review) {
	a.T.Helper()
	f := a.due(s)
	rv := a.E.Review(s, f, standing)
	if !reflect.DeepEqual(s, before) {
		a.T.Fatalf("%s: Check changed its input state", a.C.Path)
	}
	for i := 1; i < len(rv.Errors); i++ {
		if rv.Errors[i].Line < rv.Errors[i-1].Line {
			a.T.Errorf("%s: errors out of line order:\n%v", a.C.Path, rv.Errors)
			break
		}
	}
	a.matchLines("warnings", "warning", noteLines(rv.Warnings))
	a.matchLines("defaults", "default", noteLines(rv.Defaults))
	return f, rv
}

// turn checks the orders, as legal: says, and plays the nation turn with
// the scripted dice, every one of which must be rolled.
func (a *At) turn(s, before *adjudicator.State, standing []*orders.File) (*adjudicator.State, []adjudicator.Event) {
	a.T.Helper()
	f, rv := a.check(s, before, standing)
	errs := rv.Errors
	legal := true
	if l, ok := a.C.Header["legal"]; ok {
		a.L = l
		legal = a.YesNo(l.Text)
	}
	switch {
	case legal && len(errs) > 0:
		a.T.Fatalf("%s: the orders should pass the check (or say legal: no), but:\n%v", a.C.Path, errs)
	case !legal && len(errs) == 0:
		a.T.Fatalf("%s: legal: no, but the orders pass the check", a.C.Path)
	}
	d := dice.NewScript(a.dice()...)
	ns, evs, err := a.E.Play(s, adjudicator.Input{Orders: f, Standing: standing}, d)
	if err != nil {
		a.T.Fatalf("%s: NationTurn: %v", a.C.Path, err)
	}
	if d.Err() != nil {
		a.T.Errorf("%s: %v\nthe events:\n%s", a.C.Path, d.Err(), eventText(evs))
	}
	if d.Remaining() > 0 {
		a.T.Errorf("%s: %d scripted dice were not rolled\nthe events:\n%s", a.C.Path, d.Remaining(), eventText(evs))
	}
	return ns, evs
}

// roundEvent plays the round event due with the scripted dice (Hy
// Breasil's invasion phase rolls; the Britannia rulesets' round events
// roll none), every one of which must be rolled.
func (a *At) roundEvent(s *adjudicator.State) (*adjudicator.State, []adjudicator.Event) {
	a.T.Helper()
	d := dice.NewScript(a.dice()...)
	ns, evs, err := a.E.Play(s, adjudicator.Input{Seats: a.seats()}, d)
	if err != nil {
		a.T.Fatalf("%s: RoundEvent: %v", a.C.Path, err)
	}
	if d.Err() != nil {
		a.T.Errorf("%s: %v\nthe events:\n%s", a.C.Path, d.Err(), eventText(evs))
	}
	if d.Remaining() > 0 {
		a.T.Errorf("%s: %d scripted dice were not rolled\nthe events:\n%s", a.C.Path, d.Remaining(), eventText(evs))
	}
	return ns, evs
}

// dice reads the scripted dice: numbers separated by spaces, commas or
// "|", in order.
func (a *At) dice() []int {
	a.T.Helper()
	var out []int
	for _, l := range a.C.Blocks["dice"] {
		a.L = l
		for _, f := range strings.FieldsFunc(l.Text, func(r rune) bool { return r == ' ' || r == ',' || r == '|' || r == '\t' }) {
			out = append(out, a.Atoi(f))
		}
	}
	return out
}

func eventText(evs []adjudicator.Event) string {
	var sb strings.Builder
	for _, e := range evs {
		sb.WriteString("  " + e.Text + "\n")
	}
	return sb.String()
}

// seats reads the seats: header of an end-round case, "leave Blue, enter
// Green": the players leaving and entering at the step (Hy Breasil 10.1),
// each seat named by its colour in the tables' largest player split.
func (a *At) seats() []adjudicator.SeatChange {
	l, ok := a.C.Header["seats"]
	if !ok {
		return nil
	}
	a.L = l
	var out []adjudicator.SeatChange
	for _, f := range strings.Split(l.Text, ",") {
		c, err := a.E.ParseSeatChange(f)
		if err != nil {
			a.Fatalf("seats: %v", err)
		}
		out = append(out, c)
	}
	return out
}

// asked plays a step the player of the nation due may ask for
// (Ruleset.Asked) with the scripted dice, every one of which must be
// rolled: the one asked for with the word of the case's ask: line (the
// end of its id, "r05-foxes-pray"), else the first.
func (a *At) asked(s *adjudicator.State) (*adjudicator.State, []adjudicator.Event) {
	a.T.Helper()
	steps := a.E.Asked(s)
	if l, ok := a.C.Header["ask"]; ok {
		a.L = l
		steps = slices.DeleteFunc(steps, func(st adjudicator.Step) bool { return !strings.HasSuffix(st.ID, "-"+l.Text) })
	}
	if len(steps) == 0 {
		a.T.Fatalf("%s: the %s may ask for nothing now (ask: %s)", a.C.Path, a.C.Header["nation"].Text, a.C.Header["ask"].Text)
	}
	d := dice.NewScript(a.dice()...)
	ns, evs, err := a.E.Play(s, adjudicator.Input{Asked: steps[0].ID}, d)
	if err != nil {
		a.T.Fatalf("%s: PlayAsked: %v", a.C.Path, err)
	}
	if d.Remaining() > 0 || d.Err() != nil {
		a.T.Errorf("%s: dice: %v, %d not rolled\nthe events:\n%s", a.C.Path, d.Err(), d.Remaining(), eventText(evs))
	}
	return ns, evs
}
