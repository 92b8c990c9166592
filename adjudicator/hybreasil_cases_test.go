package adjudicator_test

// The Hy Breasil part of a case's position (testdata/README.md, "A
// ruleset's own part"): the keys of hybreasil.Ext and the nations' owners
// in the state: and expect: blocks of testdata/hy-breasil.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/casetest"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/games"
)

func init() { casetest.Register("hy-breasil", hbPart{}) }

// hbPart reads and checks the nations in play and hybreasil.Ext.
type hbPart struct{}

// Set reads owners: "Star Red, Moon Blue" (the nations in play and their
// seats by colour, Hy Breasil 5), invaded: yes (the turn's invasion phase
// is over and the cup drawn, 5, 6), civ: "Star 2" (civilization tokens,
// 6.1), home: "Star in Southern Reach" (the sea a nation entered from),
// event: "Star plague" (the event rolled when its turn became due),
// entered: "Star 3" (the turn it entered, 6.1), seatvp: "Red 3" (7) and
// race: "Star troll" (option races, 9.1) and lord: "Moon Star" (the Moon
// nation has submitted to the Star nation, option submission, 9.2),
// abilities: "Star: taxation, capital", capital: "Star in Goldmead" and
// saved: "Star 4" (option abilities, 9.3).
func (hbPart) Set(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := hybreasil.X(s)
	switch key {
	case "owners":
		for _, p := range pairs(a, val) {
			nat, v := p[0], p[1]
			s.Nations[a.Nation(nat)] = adjudicator.Nation{Owner: seat(a, v)}
		}
	case "invaded":
		x.Invaded = a.YesNo(val)
	case "civ", "entered":
		for _, p := range pairs(a, val) {
			nat, v := p[0], p[1]
			if key == "civ" {
				x.Civ[a.Nation(nat)] = a.Atoi(v)
			} else {
				x.Entered[a.Nation(nat)] = a.Atoi(v)
			}
		}
	case "home":
		for _, part := range a.Names(val) {
			nat, sea, ok := strings.Cut(part, " in ")
			if !ok {
				a.Fatalf("want \"home: Nation in Sea\"")
			}
			x.Home[a.Nation(nat)] = a.Area(sea)
		}
	case "event":
		for _, part := range a.Names(val) {
			nat, ev, _ := strings.Cut(part, " ")
			x.Event[a.Nation(nat)] = ev
		}
	case "seatvp":
		for _, p := range pairs(a, val) {
			nat, v := p[0], p[1]
			x.VP[seat(a, nat)] = a.Atoi(v)
		}
	case "seats": // "Red in 2, Blue out 3": continuous play's seats and turn markers (10.1, 10.2)
		for _, st := range seatsOf(a, val) {
			for len(x.VP) <= st.seat {
				x.VP, x.In, x.Turns = append(x.VP, 0), append(x.In, false), append(x.Turns, 0)
			}
			x.In[st.seat], x.Turns[st.seat] = st.in, st.turns
		}
	case "race":
		for _, p := range pairs(a, val) {
			x.Race[a.Nation(p[0])] = p[1]
		}
	case "lord":
		for _, p := range pairs(a, val) {
			x.Lord[a.Nation(p[0])] = a.Nation(p[1])
		}
	case "abilities":
		nat, list := abilities(a, val)
		x.Abilities[nat] = list
	case "capital":
		for _, p := range a.Names(val) {
			nat, area, _ := strings.Cut(p, " in ")
			x.Capital[a.Nation(nat)] = a.Area(area)
		}
	case "saved":
		for _, p := range pairs(a, val) {
			x.Saved[a.Nation(p[0])] = a.Atoi(p[1])
		}
	case "city": // "Goldmead Moon": a city of the Moon nation (9.3.1)
		for _, p := range pairs(a, val) {
			x.City[a.Area(p[0])] = a.Nation(p[1])
		}
	case "atlimit": // "Star smallest, Moon never, Sun Crown": Relinquish (5.3)
		for _, p := range pairs(a, val) {
			x.Relinquish[a.Nation(p[0])] = "relinquish " + p[1]
		}
	default:
		return false
	}
	return true
}

// abilities reads "Star: taxation, food preservation" (9.3).
func abilities(a *casetest.At, val string) (adjudicator.NationID, []string) {
	nat, list, ok := strings.Cut(val, ":")
	if !ok {
		a.Fatalf("want \"abilities: Nation: ability, ability\"")
	}
	return a.Nation(strings.TrimSpace(nat)), a.Names(list)
}

// Expect checks owners: (each listed nation's seat, or "none" for a set
// not in play), civ:, event: ("Star none" for no event rolled), seatvp:,
// invaded:, race:, lord: ("Moon none"), abilities:, capital: and saved:.
func (hbPart) Expect(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := hybreasil.X(s)
	check := func(what string, got, want any) {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			a.Errorf("%s: got %v, want %v", what, got, want)
		}
	}
	switch key {
	case "owners":
		for _, p := range pairs(a, val) {
			nat, v := p[0], p[1]
			n := a.Nation(nat)
			got := "none"
			if hybreasil.InPlay(s, n) {
				got = colour(a, s.Nations[n].Owner)
			}
			check(nat+"'s owner", got, v)
		}
	case "civ":
		for _, p := range pairs(a, val) {
			nat, v := p[0], p[1]
			check(nat+"'s civilization tokens", x.Civ[a.Nation(nat)], a.Atoi(v))
		}
	case "event":
		for _, part := range a.Names(val) {
			nat, ev, _ := strings.Cut(part, " ")
			got := x.Event[a.Nation(nat)]
			if got == "" {
				got = "none"
			}
			check(nat+"'s event", got, ev)
		}
	case "seatvp":
		for _, p := range pairs(a, val) {
			nat, v := p[0], p[1]
			check(nat+"'s VP", x.VP[seat(a, nat)], a.Atoi(v))
		}
	case "seats":
		for _, st := range seatsOf(a, val) {
			if st.seat >= len(x.In) {
				a.Errorf("seat %d has not been in the game", st.seat+1)
				continue
			}
			check(fmt.Sprintf("seat %d in the game", st.seat+1), x.In[st.seat], st.in)
			check(fmt.Sprintf("seat %d's turns", st.seat+1), x.Turns[st.seat], st.turns)
		}
	case "invaded":
		check("invaded", x.Invaded, a.YesNo(val))
	case "race":
		for _, p := range pairs(a, val) {
			check(p[0]+"'s race", x.Race[a.Nation(p[0])], p[1])
		}
	case "abilities":
		nat, list := abilities(a, val)
		check(a.NationName(nat)+"'s abilities", x.Abilities[nat], list)
	case "saved":
		for _, p := range pairs(a, val) {
			check(p[0]+"'s saved PIPs", x.Saved[a.Nation(p[0])], a.Atoi(p[1]))
		}
	case "capital":
		for _, p := range a.Names(val) {
			nat, area, _ := strings.Cut(p, " in ")
			got := "none"
			if c := x.Capital[a.Nation(nat)]; c != games.NoArea {
				got = a.G.Board.AreaName(c)
			}
			check(nat+"'s capital", got, area)
		}
	case "city": // "Goldmead Star", "Goldmead none"
		for _, p := range pairs(a, val) {
			got := "none"
			if c := x.City[a.Area(p[0])]; c >= 0 {
				got = a.NationName(c)
			}
			check("the city in "+p[0], got, p[1])
		}
	case "atlimit":
		for _, p := range pairs(a, val) {
			check(p[0]+"'s answer at the nation limit", x.Relinquish[a.Nation(p[0])], "relinquish "+p[1])
		}
	case "lord":
		for _, p := range pairs(a, val) {
			got := "none"
			if l := x.Lord[a.Nation(p[0])]; l >= 0 {
				got = a.NationName(l)
			}
			check(p[0]+"'s lord", got, p[1])
		}
	default:
		return false
	}
	return true
}

// pairs reads "Name value, Name value": the value is the last word.
func pairs(a *casetest.At, val string) [][2]string {
	var out [][2]string
	for _, part := range a.Names(val) {
		j := strings.LastIndex(part, " ")
		if j < 0 {
			a.Fatalf("want \"Name value\", got %q", part)
		}
		out = append(out, [2]string{strings.TrimSpace(part[:j]), part[j+1:]})
	}
	return out
}

// seat is a seat by its colour in the split of the case's player count.
func seat(a *casetest.At, colour string) int {
	sp := a.G.Tables.Split(seatCount(a))
	for i, p := range sp.Players {
		if games.Fold(p.Colour) == games.Fold(colour) {
			return i
		}
	}
	a.Fatalf("no seat is %q in a %d-player game", colour, a.E.PlayerCount())
	return -1
}

func colour(a *casetest.At, seat int) string {
	sp := a.G.Tables.Split(seatCount(a))
	if seat < 0 || seat >= len(sp.Players) {
		return "none"
	}
	return sp.Players[seat].Colour
}

// caseSeat is a seat of a seats: line.
type caseSeat struct {
	seat, turns int
	in          bool
}

// seatsOf reads "Red in 2, Blue out 3": each seat by its colour in the
// tables' largest split (Hy Breasil 10), in or out of the game, and its
// turn marker (10.2).
func seatsOf(a *casetest.At, val string) []caseSeat {
	colours := a.E.SeatColours()
	var out []caseSeat
	for _, f := range strings.Split(val, ",") {
		w := strings.Fields(f)
		if len(w) != 3 || (w[1] != "in" && w[1] != "out") {
			a.Fatalf("seats: want \"COLOUR in|out TURNS\", not %q", f)
		}
		st := caseSeat{seat: slices.IndexFunc(colours, func(c string) bool { return games.Fold(c) == games.Fold(w[0]) }), in: w[1] == "in", turns: a.Atoi(w[2])}
		if st.seat < 0 {
			a.Fatalf("seats: no seat is %q", w[0])
		}
		out = append(out, st)
	}
	return out
}

// seatCount is the seats whose colours a case names: the players, or under
// continuous play every seat of the tables (Hy Breasil 10).
func seatCount(a *casetest.At) int {
	if a.G.HasOption("continuous") {
		return a.E.MostSeats()
	}
	return a.E.PlayerCount()
}
