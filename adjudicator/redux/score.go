package redux

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
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
		centres, others := 0, 0
		var names []string
		for _, a := range s.Held(b, n) {
			isC := false
			for _, c := range nat.CentreIDs {
				isC = isC || c == a
			}
			if isC {
				centres++
				names = append(names, b.AreaName(a)+"*")
			} else {
				others++
				names = append(names, b.AreaName(a))
			}
		}
		vp := centres*nat.Holding.Centre + others*nat.Holding.Other
		if vp == 0 {
			continue
		}
		s.AddVP(n, vp)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, Nation: nat.Name, N: vp, Rule: "reduX Core 3.1",
			Text: fmt.Sprintf("The %s score %d VP for holding %s and %s: %s", nat.Name, vp, games.Count(centres, "scoring centre", "scoring centres"), games.Count(others, "other area", "other areas"), strings.Join(names, ", "))})
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
		t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, Rule: "reduX Core 3.2", Text: "No nation holds an area of southern England: there is no King of England"})
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
		name := t.E.NationName(n)
		txt := fmt.Sprintf("The %s hold %s of England south of York and Cheshire and are King of England: %d VP", name, games.Count(best, "area", "areas"), share)
		if len(kings) > 1 {
			txt = fmt.Sprintf("The %s tie for King of England with %s: %d VP (%d shared by %d, remainder lost)", name, games.Count(best, "area", "areas"), share, k.VP, len(kings))
		}
		t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, Nation: name, N: share, Rule: "reduX Core 3.2", Text: txt})
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
	var parts []string
	for _, x := range xs {
		parts = append(parts, fmt.Sprintf("%s %s", x.name, x.vp))
	}
	return adjudicator.Event{Kind: adjudicator.EvGameOver, Text: "The game is over. Victory points by nation: " + strings.Join(parts, ", ")}
}
