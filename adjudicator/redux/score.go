package redux

import (
	"slices"
	"sort"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
)

// EndRound is the end of a game round (reduX Core 4.3): every nation scores
// for the areas it holds (3.1); after the final round the King of England
// is determined (3.2) and the game is over.
func EndRound(t *family.Turn) {
	s := t.S
	Holding(t)
	if Final(t.E, s.Round) {
		King(t)
		s.Over = true
		t.Emit(Standings(t.E, s))
		return
	}
	s.Round++
	s.Next = 0
}

// Final reports whether round r is the last of the Timeline.
func Final(e *adjudicator.Engine, r int) bool {
	rd := e.G.Tables.Round(r)
	return rd == nil || rd.Final || r >= len(e.G.Tables.Rounds)
}

// Holding is reduX Core 3.1: each nation scores its Holding Areas table
// row for every land area it holds: its scoring centres at the centre
// value, any other area at the other value.
func Holding(t *family.Turn) {
	s, b := t.S, t.B
	for n, nat := range t.G.Tables.Nations {
		var names, centres []string
		for _, a := range s.Held(b, n) {
			names = append(names, b.AreaName(a))
			if slices.Contains(nat.CentreIDs, a) {
				centres = append(centres, b.AreaName(a))
			}
		}
		vp := len(centres)*nat.Holding.Centre + (len(names)-len(centres))*nat.Holding.Other
		if vp == 0 {
			continue
		}
		s.AddVP(n, vp)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "core-holding", Nation: nat.Name, N: vp, VP: adjudicator.VP(vp), Areas: names, Args: centres})
	}
}

// King is reduX Core 3.2: the nation holding the most areas in England
// south of and including York and Cheshire is King of England and scores 8;
// a tie splits the points evenly, the remainder lost.
func King(t *family.Turn) {
	s, k := t.S, t.G.Tables.King
	if k.VP == 0 {
		return
	}
	set := t.B.Set(k.Set)
	count := make([]int, len(t.G.Tables.Nations))
	best := 0
	for n := range count {
		for _, a := range set {
			if s.Holds(a, n) {
				count[n]++
			}
		}
		best = max(best, count[n])
	}
	if best == 0 {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "core-no-king"})
		return
	}
	var kings []int
	for n, c := range count {
		if c == best {
			kings = append(kings, n)
		}
	}
	share := k.VP / len(kings)
	for _, n := range kings {
		s.AddVP(n, share)
		ev := adjudicator.Event{Kind: adjudicator.EvKing, What: "core-king", Nation: t.E.NationName(n), N: share, VP: adjudicator.VP(share), Args: adjudicator.Args(best)}
		if len(kings) > 1 {
			ev.What, ev.Args = "core-king-tie", adjudicator.Args(best, k.VP, len(kings))
		}
		t.Emit(ev)
	}
}

// Standings is the game-over event: victory points by nation, best first.
func Standings(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Event {
	type nv struct {
		name string
		vp   adjudicator.Points
	}
	var xs []nv
	for n := range e.G.Tables.Nations {
		xs = append(xs, nv{e.NationName(n), s.Nations[n].VP})
	}
	sort.SliceStable(xs, func(i, j int) bool { return xs[i].vp > xs[j].vp })
	var args []string
	for _, x := range xs {
		args = append(args, x.name, x.vp.String())
	}
	return adjudicator.Event{Kind: adjudicator.EvGameOver, What: adjudicator.EvGameOver, Args: args}
}
