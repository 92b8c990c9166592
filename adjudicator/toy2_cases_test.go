package adjudicator_test

// The second toy's part of a case's position (testdata/README.md, "A
// ruleset's own part"): the keys of toy2Ext and the clans' owners in the
// state: and expect: blocks of testdata/toy2. Seats are named by their
// colour (Toy2 2).

import (
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/casetest"
	"github.com/pbem-org/pbem/games"
)

func init() { casetest.Register("toy2", toy2Part{}) }

// toy2Part reads and checks toy2Ext and the clans' owners.
type toy2Part struct{}

// Set reads seats: "Red in 2, Blue out 1" (each seat in or out of the
// game and the rounds it has been in it, Toy2 2.2), seatvp: "Red 3" (a
// seat's VP), owners: "Foxes Red, Owls Blue" (the clans' players, 2.1),
// dawned: yes (the round's dawn is played, 2.2) and asked: "Foxes 2" (the
// round a clan's player last asked for a step, 3.1).
func (toy2Part) Set(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := toy2X(s)
	switch key {
	case "seats":
		for _, st := range seatsOf(a, val) {
			for len(x.In) <= st.seat {
				x.In, x.VP, x.Turns = append(x.In, false), append(x.VP, 0), append(x.Turns, 0)
			}
			x.In[st.seat], x.Turns[st.seat] = st.in, st.turns
		}
	case "seatvp":
		for _, p := range pairs(a, val) {
			x.VP[toy2CaseSeat(a, x, p[0])] = a.Atoi(p[1])
		}
	case "owners":
		for _, p := range pairs(a, val) {
			s.Nations[a.Nation(p[0])].Owner = toy2CaseSeat(a, x, p[1])
		}
	case "dawned":
		x.Dawned = a.YesNo(val)
	case "asked":
		for _, p := range pairs(a, val) {
			x.Asked[a.Nation(p[0])] = a.Atoi(p[1])
		}
	default:
		return false
	}
	return true
}

// Expect checks seats:, seatvp:, owners:, dawned: and asked: as Set reads
// them.
func (toy2Part) Expect(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := toy2X(s)
	check := func(what string, got, want any) {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			a.Errorf("%s: got %v, want %v", what, got, want)
		}
	}
	switch key {
	case "seats":
		for _, st := range seatsOf(a, val) {
			if st.seat >= len(x.In) {
				a.Errorf("seat %d has not been in the game", st.seat+1)
				continue
			}
			check(fmt.Sprintf("seat %d in the game", st.seat+1), x.In[st.seat], st.in)
			check(fmt.Sprintf("seat %d's rounds", st.seat+1), x.Turns[st.seat], st.turns)
		}
	case "seatvp":
		for _, p := range pairs(a, val) {
			check(p[0]+"'s VP", x.VP[toy2CaseSeat(a, x, p[0])], a.Atoi(p[1]))
		}
	case "owners":
		for _, p := range pairs(a, val) {
			check("the "+p[0]+"' player", toy2Label(a.E, s.Nations[a.Nation(p[0])].Owner), p[1])
		}
	case "dawned":
		check("dawned", x.Dawned, a.YesNo(val))
	case "asked":
		for _, p := range pairs(a, val) {
			check("the round the "+p[0]+" asked in", x.Asked[a.Nation(p[0])], a.Atoi(p[1]))
		}
	default:
		return false
	}
	return true
}

// toy2CaseSeat is a seat by its colour, one that has been in the game.
func toy2CaseSeat(a *casetest.At, x *toy2Ext, colour string) int {
	p := slices.IndexFunc(a.E.SeatColours(), func(c string) bool { return games.Fold(c) == games.Fold(colour) })
	if p < 0 || p >= len(x.In) {
		a.Fatalf("no seat %q has been in the game (seats: give it first)", colour)
	}
	return p
}
