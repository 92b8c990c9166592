package casetest_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/casetest"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/adjudicator/reduxlr"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// play runs a case text as file name in a directory named after the
// ruleset and returns what it reported.
func play(t *testing.T, ruleset, name, text string) []string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), ruleset)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := casetest.Read(path)
	if err != nil {
		return []string{err.Error()}
	}
	return casetest.Failures(c)
}

func readCase(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunnerFails changes one thing in a passing case and checks that the
// runner fails it, saying why. The unchanged case must pass.
func TestRunnerFails(t *testing.T) {
	tests := []struct {
		name, file, old, new, want string
	}{
		{"area count", "redux/6.3-01-overrun-clear.txt", "  Sussex: Saxons 2\n", "  Sussex: Saxons 3\n", "Sussex: got Saxons 2, want Saxons 3"},
		{"other nation", "redux/6.3-01-overrun-clear.txt", "  Wessex: empty\n  Downlands: Saxons 1\n", "  Wessex: empty\n  Downlands: Saxons 1, Jutes 1\n", "Downlands: got Jutes 0, want Jutes 1"},
		{"population", "redux/6.3-01-overrun-clear.txt", "pop: Saxons 3", "pop: Saxons 4", "pop Saxons: got 3, want 4"},
		{"a die short", "redux/6.3-01-overrun-clear.txt", "dice: 5 1 | 1", "dice: 5 1", "script exhausted"},
		{"a die left", "redux/6.3-01-overrun-clear.txt", "dice: 5 1 | 1", "dice: 5 1 | 1 4", "1 scripted dice were not rolled"},
		{"event text", "redux/6.3-01-overrun-clear.txt", "with 2 left", "with 3 left", `no event (in order) contains "The Saxons win Sussex with 3 left"`},
		{"event order", "redux/6.3-01-overrun-clear.txt", "  2 Saxon armies overrun Sussex\n  Battle 1 in Sussex: the Saxons (2) attack the Jutes (1)\n", "  Battle 1 in Sussex: the Saxons (2) attack the Jutes (1)\n  2 Saxon armies overrun Sussex\n", "no event (in order) contains"},
		{"absent event", "redux/6.3-01-overrun-clear.txt", "events:\n", "events:\n  !overrun\n", `no event should contain "overrun"`},
		{"legal no", "redux/6.3-01-overrun-clear.txt", "round: 10\n", "round: 10\nlegal: no\n", "legal: no, but the orders pass the check"},
		{"not due", "redux/6.3-01-overrun-clear.txt", "nation: Saxons", "nation: Saxons\nnext: Angles", "due is r10-end, not the Saxons' turn"},
		{"error line", "redux/5.1-06-last-army-not-removed.txt", "line 11:", "line 12:", "no Illegal error at line 12"},
		{"error missing", "redux/5.1-06-last-army-not-removed.txt", "  line 11: the last army in Kent may not be removed\n", "", "unexpected Illegal error: line 11"},
		{"error text", "redux/5.1-06-last-army-not-removed.txt", "may not be removed", "may not be moved", `no Illegal error at line 11 contains "the last army in Kent may not be moved"`},
		{"check passes", "redux/5.1-06-last-army-not-removed.txt", "  remove Kent\n", "  remove Wessex\n", "no Illegal error at line 11"},
		{"default text", "redux/7-01-defaults-listed.txt", "then Kent", "then Essex", `no default at line 0 contains "the battles are fought in the order the moves entered them: Sussex, then Essex"`},
		{"default missing", "redux/7-01-defaults-listed.txt", "  file: in Kent your armies fight on until one side is gone: no attack line\n", "", "unexpected default: in Kent your armies fight on"},
		{"warning line", "redux/7.2.2-06-warn-retreat-from-sea.txt", "  line 11: the armies", "  line 10: the armies", "no warning at line 10 contains"},
		{"no warning", "redux/7.2.2-06-warn-retreat-from-sea.txt", "  line 11: the armies that attack Kent land from the sea, so they may not retreat and this line can never apply\n", "  none\n", "unexpected warning: line 11: the armies that attack Kent land from the sea"},
		{"engine", "redux-lr/11.3-15-engine-1-phase-2.txt", "engine: pbem-engine-1\n", "", `no event should contain "population limit"`},
		{"half point", "redux/3.2-01-king-of-england.txt", "vp: Saxons 13,", "vp: Saxons 13.5,", "vp Saxons: got 13, want 13.5"},
		{"over", "redux/3.2-01-king-of-england.txt", "over: yes", "over: no", "over: got true, want false"},
		{"cavalry", "redux-lr/9.1-01-cavalry-move-three.txt", "Norfolk: Normans 2 cavalry", "Norfolk: Normans 1, 1 cavalry", "Norfolk: got Normans 0, 2 cavalry, want Normans 1, 1 cavalry"},
		{"leader", "redux-lr/9.2-01-leader-placed.txt", "Cumbria: Brigantes 3 with Urien", "Cumbria: Brigantes 3", "Cumbria: got Brigantes 3 with Urien, want Brigantes 3"},
		{"leaders", "redux-lr/9.2-01-leader-placed.txt", "with Urien\n  Strathclyde: Brigantes 1", "with Urien\n  Strathclyde: Brigantes 1\n  leaders: Urien@Strathclyde", "leaders: got [Urien@Cumbria], want [Urien@Strathclyde]"},
		{"arrival", "redux-lr/9.2-01-leader-placed.txt", "arrive: Brigantes with Urien", "arrive: none", "Cumbria: got Brigantes 3, want Brigantes 3 with Urien"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			text := readCase(t, tc.file)
			ruleset, name := filepath.Split(tc.file)
			ruleset = filepath.Clean(ruleset)
			if msgs := play(t, ruleset, name, text); len(msgs) > 0 {
				t.Fatalf("the case as it is fails:\n%s", strings.Join(msgs, "\n"))
			}
			changed := strings.Replace(text, tc.old, tc.new, 1)
			if changed == text {
				t.Fatalf("%q is not in %s", tc.old, tc.file)
			}
			msgs := play(t, ruleset, name, changed)
			if !strings.Contains(strings.Join(msgs, "\n"), tc.want) {
				t.Errorf("want a failure saying %q, got:\n%s", tc.want, strings.Join(msgs, "\n"))
			}
		})
	}
}

// TestBadCases checks that a case the runner cannot read fails with the
// file and line and what is wrong.
func TestBadCases(t *testing.T) {
	const head = "cite: reduX Core 6\nwhy: a test\nround: 10\nnation: Saxons\n"
	tests := []struct {
		name, ruleset, text, want string
	}{
		{"unknown key", "redux", head + "expected:\n  Wessex: empty\n", `x.txt:5: unknown key "expected"`},
		{"missing cite", "redux", "why: a test\nround: 10\nnation: Saxons\n", "x.txt: missing cite:"},
		{"header twice", "redux", head + "round: 11\n", "x.txt:5: round: given twice (first on line 3)"},
		{"block twice", "redux", head + "state:\n  Wessex: Saxons 1\nstate:\n", "x.txt:7: a second state: block"},
		{"outside a block", "redux", head + "  Wessex: Saxons 1\n", "x.txt:5: indented line outside a block"},
		{"less indented", "redux", head + "state:\n    Wessex: Saxons 1\n  Kent: Jutes 1\n", "x.txt:7: this line is indented less"},
		{"errors in a turn", "redux", head + "errors:\n  line 9: x\n", "x.txt:5: errors: does not apply to kind: turn"},
		{"end-round with nation", "redux", head + "kind: end-round\n", "x.txt:4: nation: does not apply to kind: end-round"},
		{"unknown kind", "redux", head + "kind: battle\n", `x.txt:5: kind: is turn, check, end-round or ask, not "battle"`},
		{"no such unit kind", "redux", head + "state:\n  Wessex: Saxons 2 cavalry\n", `x.txt:6: redux has no unit kind "cavalry" (its kinds: infantry)`},
		{"area twice", "redux", head + "state:\n  Wessex: Saxons 2\n  Wessex: Jutes 1\n", "x.txt:7: Wessex is given twice (first on line 6)"},
		{"nation twice", "redux", head + "state:\n  Wessex: Saxons 2, Saxons 1\n", "x.txt:6: Saxons given twice"},
		{"unknown area", "redux", head + "state:\n  Wesex: Saxons 2\n", `x.txt:6: `},
		{"count after comma", "redux", head + "state:\n  Wessex: Saxons 2, 3\n", `x.txt:6: want "Nation N [kind]" and after a comma "N kind"`},
		{"no count", "redux", head + "state:\n  Wessex: Saxons\n", `x.txt:6: want "Nation N [kind] [with LEADER]", got "Saxons"`},
		{"half population", "redux", head + "state:\n  pop: Saxons 2.5\n", `x.txt:6: "2.5" is not a whole number`},
		{"third of a point", "redux", head + "state:\n  vp: Saxons 2.25\n", `x.txt:6: "2.25" is not a whole number or a half`},
		{"orders do not decode", "redux", head + "state:\n  Wessex: Saxons 2\norders:\n  mvoe 2 Wessex > Kent\n", "x.txt:8: the orders do not decode (line numbers are the case file's):\nline 8:"},
		{"orders too early", "redux", "orders:\n  move 1 Wessex > Kent\ncite: x\nwhy: y\nround: 10\nnation: Saxons\nstate:\n  Wessex: Saxons 2\n", "x.txt:2: orders must start on line 5 or later"},
		{"ruleset part in Core", "redux", head + "state:\n  cnutrex: yes\n", `x.txt:6: unknown area "cnutrex"`},
		{"not a ruleset", "no-such-ruleset", head, `unknown ruleset "no-such-ruleset"`},
		{"yes or no", "redux", head + "legal: perhaps\nstate:\n  Wessex: Saxons 1\n", `x.txt:5: want yes or no, got "perhaps"`},
		{"two leaders", "redux-lr", head + "state:\n  Wessex: Saxons 1 with Aelle\n  Kent: Saxons 1 with Harold\n", "x.txt:7: the Saxons already have a leader, Aelle"},
		{"leader in the pool", "redux-lr", head + "state:\n  pool: Saxons 3 with Aelle\n", "x.txt:6: a leader has no place here"},
		{"arrival of two", "redux-lr", head + "arrive: Saxons 3, Jutes 1\n", "x.txt:5: want one nation's force"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			msgs := strings.Join(play(t, tc.ruleset, "x.txt", tc.text), "\n")
			if !strings.Contains(msgs, tc.want) {
				t.Errorf("want a failure saying %q, got:\n%s", tc.want, msgs)
			}
		})
	}
}

// TestPosition checks the parts of the state: and expect: blocks no
// converted case uses yet: a turn order (Hy Breasil 4: drawn from a cup)
// and half victory points (classic Britannia).
func TestPosition(t *testing.T) {
	const order = `cite: reduX Core 4.1
why: the turn order is part of the position: with the Jutes first, theirs is the turn due
round: 10
nation: Jutes
state:
  order: Jutes, Saxons
  Kent: Jutes 1
  Wessex: Saxons 1
  vp: Saxons 2.5
expect:
  order: Jutes, Saxons
  due: r10-saxons
  Kent: Jutes 1
  vp: Saxons 2.5
`
	if msgs := play(t, "redux", "order.txt", order); len(msgs) > 0 {
		t.Fatalf("%s", strings.Join(msgs, "\n"))
	}
	msgs := strings.Join(play(t, "redux", "order.txt", strings.Replace(order, "  order: Jutes, Saxons\n  due", "  order: Saxons, Jutes\n  due", 1)), "\n")
	if !strings.Contains(msgs, "order: got Jutes, Saxons, want Saxons, Jutes") {
		t.Errorf("a wrong order: passes:\n%s", msgs)
	}
	msgs = strings.Join(play(t, "redux", "order.txt", strings.Replace(order, "order: Jutes, Saxons\n  Kent", "order: Saxons, Jutes\n  Kent", 1)), "\n")
	if !strings.Contains(msgs, "due: got r10-end, want r10-saxons") {
		t.Errorf("the state's order is not used:\n%s", msgs)
	}
}

// mutant is reduX Core with a bug: its own part of the position is copied
// without its slice, and a stage writes to it, changing the input state.
type mutantExt struct{ Marks []int }

func (m *mutantExt) CloneExt() adjudicator.Ext { c := *m; return &c }

// register registers a test ruleset: r under name, with the data of the
// ruleset it derives from.
func register(name string, r adjudicator.Ruleset) {
	data := *r.Ruleset
	data.Name = name
	games.Register(&data)
	r.Ruleset = &data
	rulesets.Register(&r)
}

var registerMutant = sync.OnceFunc(func() {
	r := redux.Ruleset
	r.Adjudication.Setup = func(e *adjudicator.Engine) *adjudicator.State {
		s := redux.Setup(e)
		s.Ext = &mutantExt{Marks: []int{0}}
		return s
	}
	r.Adjudication.Stages = func(t *adjudicator.Turn) []adjudicator.Stage {
		mark := adjudicator.Stage{Name: "mark", Rule: "none", Part: adjudicator.Fighting, Run: func(t *adjudicator.Turn) { t.S.Ext.(*mutantExt).Marks[0]++ }}
		return append(redux.Stages(t), mark)
	}
	register("casetest-mutant", r)
})

// TestInputChanged checks that the runner fails an engine that changes its
// input state, even through a copy that shares memory.
func TestInputChanged(t *testing.T) {
	registerMutant()
	text := strings.Replace(readCase(t, "redux/6.3-01-overrun-clear.txt"), "cite: reduX Core 6.3", "cite: none", 1)
	msgs := strings.Join(play(t, "casetest-mutant", "x.txt", text), "\n")
	if !strings.Contains(msgs, "Check changed its input state") && !strings.Contains(msgs, "the engine changed its input state") {
		t.Errorf("want a failure for the changed input, got:\n%s", msgs)
	}
}

// normanCavalry is the Part of a test ruleset where a count of the
// Normans without a kind is cavalry.
type normanCavalry struct{}

func (normanCavalry) Set(*casetest.At, *adjudicator.State, string, string) bool    { return false }
func (normanCavalry) Expect(*casetest.At, *adjudicator.State, string, string) bool { return false }
func (normanCavalry) BareKind(a *casetest.At, n adjudicator.NationID) adjudicator.KindID {
	if a.NationName(n) == "Normans" {
		return a.Kind("cavalry")
	}
	return family.Infantry
}

var registerKinds = sync.OnceFunc(func() {
	register("casetest-kinds", reduxlr.Ruleset)
	casetest.Register("casetest-kinds", normanCavalry{})
})

// TestBareKind checks that a Part may say the kind of a count without one
// ("Romans 4": Roman armies in classic Britannia): here the Normans' is
// cavalry, which alone move three areas (reduX L&R 9.1.1).
func TestBareKind(t *testing.T) {
	registerKinds()
	const c = `cite: reduX L&R 9.1.1
why: a count of Normans without a kind is of cavalry here, so they may move three areas
round: 2
nation: Normans
arrive: none
state:
  Kent: Normans 2
orders:
  move 2 cavalry Kent > Essex > Suffolk > Norfolk
expect:
  Norfolk: Normans 2
  Kent: empty
`
	if msgs := play(t, "casetest-kinds", "x.txt", c); len(msgs) > 0 {
		t.Fatalf("%s", strings.Join(msgs, "\n"))
	}
	msgs := strings.Join(play(t, "casetest-kinds", "x.txt", strings.Replace(c, "Norfolk: Normans 2", "Norfolk: Normans 2 infantry", 1)), "\n")
	if !strings.Contains(msgs, "Norfolk: got Normans 2, want Normans 0, 2 infantry") {
		t.Errorf("want the infantry expected to fail, got:\n%s", msgs)
	}
}
