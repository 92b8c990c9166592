package adjudicator

import (
	"fmt"
	"sort"
	"strings"
)

// EndRound is the end of a game round (reduX Core 4.3): every nation scores
// for the areas it holds (3.1); after the final round the King of England is
// determined (3.2) and the game is over. s is not changed.
func (e *Engine) EndRound(s *State) (*State, []Event, error) {
	ns, ev, err := e.endRound(s)
	if e.legacy() {
		ev = e.wordingV1(ev)
	}
	return ns, ev, err
}

func (e *Engine) endRound(s *State) (*State, []Event, error) {
	if n := e.Due(s); n >= 0 {
		return nil, nil, fmt.Errorf("the round is not over: the %s turn is due", possessive(e.G.Tables.Nations[n].Name))
	}
	if e.LR && s.LR != nil { // Leaders and Raiders (lr_score.go)
		return e.lrEndRound(s)
	}
	ns := s.Clone()
	var ev []Event
	ev = append(ev, e.scoreHolding(ns)...)
	final := e.G.Tables.Round(s.Round) == nil || e.G.Tables.Round(s.Round).Final || s.Round >= len(e.G.Tables.Rounds)
	if final {
		ev = append(ev, e.king(ns)...)
		ns.Over = true
		ev = append(ev, e.standings(ns))
		return ns, ev, nil
	}
	ns.Round++
	ns.Next = 0
	return ns, ev, nil
}

// scoreHolding is reduX Core 3.1: each nation scores its Holding Areas
// table row for every land area it holds: its scoring centres at the centre
// value, any other area at the other value.
func (e *Engine) scoreHolding(s *State) []Event {
	var ev []Event
	b := e.G.Board
	for n, nat := range e.G.Tables.Nations {
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
		s.VP[n] += vp
		ev = append(ev, Event{Kind: EvScore, Nation: nat.Name, N: vp, Rule: "reduX Core 3.1",
			Text: fmt.Sprintf("The %s score %d VP for holding %s and %s: %s", nat.Name, vp, count(centres, "scoring centre", "scoring centres"), count(others, "other area", "other areas"), strings.Join(names, ", "))})
	}
	return ev
}

// king is reduX Core 3.2: the nation holding the most areas in England
// south of and including York and Cheshire is King of England and scores 8;
// a tie splits the points evenly, the remainder lost.
func (e *Engine) king(s *State) []Event {
	k := e.G.Tables.King
	if k.VP == 0 {
		return nil
	}
	set := e.G.Board.Set(k.Set)
	areas := make([]int, len(e.G.Tables.Nations))
	best := 0
	for n := range areas {
		for _, a := range set {
			if s.Holds(a, n) {
				areas[n]++
			}
		}
		best = max(best, areas[n])
	}
	if best == 0 {
		return []Event{{Kind: EvKing, Rule: "reduX Core 3.2", Text: "No nation holds an area of southern England: there is no King of England"}}
	}
	var kings []int
	for n, c := range areas {
		if c == best {
			kings = append(kings, n)
		}
	}
	share := k.VP / len(kings)
	var ev []Event
	for _, n := range kings {
		s.VP[n] += share
		name := e.G.Tables.Nations[n].Name
		txt := fmt.Sprintf("The %s hold %s of England south of York and Cheshire and are King of England: %d VP", name, count(best, "area", "areas"), share)
		if len(kings) > 1 {
			txt = fmt.Sprintf("The %s tie for King of England with %s: %d VP (%d shared by %d, remainder lost)", name, count(best, "area", "areas"), share, k.VP, len(kings))
		}
		ev = append(ev, Event{Kind: EvKing, Nation: name, N: share, Rule: "reduX Core 3.2", Text: txt})
	}
	return ev
}

// Standing is one player's final score.
type Standing struct {
	Player  int
	Colour  string
	VP      int
	Nations []string
}

// Standings totals victory points by player for a player count (reduX Core
// 3: the player with the most victory points wins), best first.
func (e *Engine) Standings(s *State, players int) []Standing {
	sp := e.G.Tables.Split(players)
	if sp == nil {
		return nil
	}
	var out []Standing
	for i, p := range sp.Players {
		st := Standing{Player: i + 1, Colour: p.Colour}
		for _, nn := range p.Nations {
			n, err := e.G.Tables.NationIndex(nn)
			if err != nil {
				continue
			}
			st.VP += s.VP[n]
			st.Nations = append(st.Nations, e.G.Tables.Nations[n].Name)
		}
		out = append(out, st)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].VP > out[j].VP })
	return out
}

func (e *Engine) standings(s *State) Event {
	type nv struct {
		name string
		vp   int
	}
	var xs []nv
	for n, nat := range e.G.Tables.Nations {
		xs = append(xs, nv{nat.Name, s.VP[n]})
	}
	sort.SliceStable(xs, func(i, j int) bool { return xs[i].vp > xs[j].vp })
	var parts []string
	for _, x := range xs {
		parts = append(parts, fmt.Sprintf("%s %d", x.name, x.vp))
	}
	return Event{Kind: EvGameOver, Text: "The game is over. Victory points by nation: " + strings.Join(parts, ", ")}
}
