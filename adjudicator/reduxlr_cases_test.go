package adjudicator_test

// The Leaders and Raiders part of a case's position (testdata/README.md,
// "A ruleset's own part"): the keys of reduxlr.Ext in the state: and
// expect: blocks of testdata/redux-lr.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/casetest"
	"github.com/pbem-org/pbem/adjudicator/reduxlr"
)

func init() { casetest.Register("redux-lr", lrPart{}) }

// lrPart reads and checks reduxlr.Ext.
type lrPart struct{}

// Set reads gone: and fallen: (leaders that left play or were eliminated,
// L&R 9.2), provoked: (nations that attacked the Romano-British, 9.3),
// cnutrex: yes (9.4), extra: "Saxons 4, Normans 1 done" (the final round's
// extra nation turns, 11.6.1) and occupied: "Danes in York, Kent" (10.2).
func (lrPart) Set(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := reduxlr.X(s)
	switch key {
	case "gone":
		x.Gone = a.Names(val)
	case "fallen":
		x.Fallen = a.Names(val)
	case "provoked":
		x.Provoked = make([]bool, s.NumNations())
		for _, n := range a.Names(val) {
			x.Provoked[a.Nation(n)] = true
		}
	case "cnutrex":
		x.CnutRex = a.YesNo(val)
	case "extra":
		x.Extra = []reduxlr.ExtraTurn{}
		for _, part := range a.Names(val) {
			x.Extra = append(x.Extra, lrExtra(a, part))
		}
	case "occupied":
		nat, areas, ok := strings.Cut(val, " in ")
		if !ok {
			a.Fatalf("want \"occupied: Nation in Area, Area\"")
		}
		n := a.Nation(nat)
		for len(x.Occupied) <= n {
			x.Occupied = append(x.Occupied, nil)
		}
		for _, ar := range a.Names(areas) {
			x.Occupied[n] = append(x.Occupied[n], a.Area(ar))
		}
	default:
		return false
	}
	return true
}

// lrExtra reads one extra nation turn, "Saxons 4" or "Normans 1 done",
// with the leader the tables give it (11.6.1).
func lrExtra(a *casetest.At, part string) reduxlr.ExtraTurn {
	fs := strings.Fields(part)
	done := fs[len(fs)-1] == "done"
	if done {
		fs = fs[:len(fs)-1]
	}
	if len(fs) < 2 {
		a.Fatalf("want \"Nation N [done]\", got %q", part)
	}
	x := reduxlr.ExtraTurn{Nation: a.Nation(strings.Join(fs[:len(fs)-1], " ")), Armies: a.Atoi(fs[len(fs)-1]), Done: done}
	for _, xt := range a.G.Tables.LR.ExtraTurns {
		if xt.NationIdx == x.Nation {
			x.Leader = xt.Leader
		}
	}
	return x
}

// Expect checks gone: and fallen: (the names must be listed), cnutrex:,
// provoked: (each nation given has attacked the Romano-British) and extra:
// (the extra nation turns and their armies, in order, or none).
func (lrPart) Expect(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := reduxlr.X(s)
	switch key {
	case "gone", "fallen":
		got := x.Gone
		if key == "fallen" {
			got = x.Fallen
		}
		for _, name := range a.Names(val) {
			if !slices.Contains(got, name) {
				a.Errorf("%s: %s missing from %v", key, name, got)
			}
		}
	case "cnutrex":
		if want := a.YesNo(val); x.CnutRex != want {
			a.Errorf("cnutrex: got %v, want %v", x.CnutRex, want)
		}
	case "provoked":
		for _, name := range a.Names(val) {
			if n := a.Nation(name); n >= len(x.Provoked) || !x.Provoked[n] {
				a.Errorf("provoked: the %s have not attacked the Romano-British", a.NationName(n))
			}
		}
	case "extra":
		var got []string
		for _, et := range x.Extra {
			got = append(got, fmt.Sprintf("%s %d", a.NationName(et.Nation), et.Armies))
		}
		if want := a.Names(val); !slices.Equal(got, want) {
			a.Errorf("extra: got %v, want %v", got, want)
		}
	default:
		return false
	}
	return true
}
