package adjudicator_test

import (
	"reflect"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// TestAhead: a later nation turn of the round is reached by passing the
// turn on in the Play Order (reduX Core 4.1), the position otherwise
// today's; the turn due now, a nation without a turn this round and the
// end of the round are not ahead.
func TestAhead(t *testing.T) {
	g := games.MustLoad("redux")
	e := rulesets.New(g)
	s := e.NewState() // round 1: the Romano-British are due
	before := s.Clone()
	id := func(want string) func(adjudicator.Step) bool {
		return func(st adjudicator.Step) bool { return st.ID == want }
	}
	ahead, st, ok := e.Ahead(s, id("r01-brigantes"))
	if !ok || st.ID != "r01-brigantes" || e.NationName(st.Nation) != "Brigantes" {
		t.Fatalf("Ahead to r01-brigantes = %v, %v", st, ok)
	}
	if got := e.TurnID(ahead); got != "r01-brigantes" {
		t.Errorf("the position ahead has %s due, want r01-brigantes", got)
	}
	if !reflect.DeepEqual(s, before) {
		t.Error("Ahead changed the state it was given")
	}
	for a := range g.Board.Areas {
		for n := range g.Tables.Nations {
			if ahead.Units(games.AreaID(a), n) != s.Units(games.AreaID(a), n) {
				t.Fatalf("the position ahead moved the %s in %s", g.Tables.Nations[n].Name, g.Board.AreaName(games.AreaID(a)))
			}
		}
	}
	for _, want := range []string{"r01-romanobritish", "r01-end", "r02-welsh", "r01-narnians"} {
		if _, st, ok := e.Ahead(s, id(want)); ok {
			t.Errorf("Ahead to %s = %s, want none: not a later nation turn of this round", want, st.ID)
		}
	}
	// A nation that has no units and no reinforcements in round 1 has no
	// turn in it (reduX Core 4.1).
	saxons, err := g.Tables.NationIndex("Saxons")
	if err != nil {
		t.Fatal(err)
	}
	if _, st, ok := e.Ahead(s, func(st adjudicator.Step) bool { return st.Nation == saxons }); ok {
		t.Errorf("the Saxons have a turn ahead in round 1: %s", st.ID)
	}
	s.Over = true
	if _, _, ok := e.Ahead(s, id("r01-brigantes")); ok {
		t.Error("a turn ahead in a game that is over")
	}
}
