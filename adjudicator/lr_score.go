package adjudicator

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Scoring in Leaders and Raiders (reduX L&R 10, 11.1, 11.2, 11.6) and the
// final round's extra nation turns.

// Event kinds of Leaders and Raiders.
const (
	EvLeader   = "leader"   // a leader placed, moved with its armies, removed or eliminated (L&R 9.2)
	EvPhase    = "phase"    // a second movement phase or the Raider Withdrawal Phase (L&R 11.3, 11.5)
	EvWithdraw = "withdraw" // raiders withdraw to sea (L&R 11.5)
	EvRex      = "rex"      // Rex Anglorum (L&R 10.6, 9.4)
	EvExtra    = "extra"    // the final round's extra nation turns (L&R 11.6.1)
)

// occupyArea scores nation m for occupying area a now, if the round is one
// of its occupying rounds and it is the sole occupant (reduX L&R 10.2). In
// its own extra nation turn a nation scores no new areas (11.6.1).
func (t *turn) occupyArea(m int, a games.AreaID) {
	if !t.b.IsLand(a) || !t.s.Holds(a, m) || t.s.LR.occupied(m, a) {
		return
	}
	if t.lr != nil && t.lr.extra && m == t.n {
		return
	}
	name := t.g.Tables.Nations[m].Name
	if !t.g.Tables.Round(t.s.Round).HasMark(games.MarkOccupy, name) {
		return
	}
	for _, o := range t.g.Tables.LR.Occupying {
		if o.NationIdx != m {
			continue
		}
		if vp := o.VP[a]; vp > 0 {
			t.s.LR.markOccupied(m, a)
			t.award(m, vp, "reduX L&R 10.2", "for occupying "+t.name(a))
			return
		}
	}
}

// lrOccupy scores every occupation that has come about (reduX L&R 10.2:
// "as soon as the nation is the sole occupant").
func (t *turn) lrOccupy() {
	r := t.g.Tables.Round(t.s.Round)
	for _, o := range t.g.Tables.LR.Occupying {
		if !r.HasMark(games.MarkOccupy, t.g.Tables.Nations[o.NationIdx].Name) {
			continue
		}
		for a := 0; a < t.b.NumLand; a++ {
			if o.VP[games.AreaID(a)] > 0 {
				t.occupyArea(o.NationIdx, games.AreaID(a))
			}
		}
	}
}

// lrEndOfTurn is the scoring at the end of a nation turn (reduX L&R 11.1):
// in a Bretwalda round the nation becomes Bretwalda by holding more areas
// of England and its bordering Scottish and Welsh areas than any other
// nation (10.5).
func (t *turn) lrEndOfTurn() {
	t.lrOccupy()
	if !t.g.Tables.Round(t.s.Round).HasMark(games.MarkBretwalda, "") {
		return
	}
	bw := t.g.Tables.LR.Bretwalda
	set := t.g.Tables.AwardAreas(t.b, bw)
	counts := heldIn(t.s, len(t.g.Tables.Nations), set)
	mine := counts[t.n]
	for m, c := range counts {
		if m != t.n && c >= mine {
			return
		}
	}
	if mine == 0 || bw.VP == 0 {
		return
	}
	t.award(t.n, bw.VP, "reduX L&R 10.5", fmt.Sprintf("as Bretwalda, holding %s of England and its borders", count(mine, "area", "areas")))
}

// heldIn counts the areas of a set each nation holds.
func heldIn(s *State, nations int, set []games.AreaID) []int {
	counts := make([]int, nations)
	for _, a := range set {
		for m := range counts {
			if s.Holds(a, m) {
				counts[m]++
			}
		}
	}
	return counts
}

// rexNation is the nation that qualifies as Rex Anglorum (reduX L&R 10.6):
// more areas of England than any other nation, and at least as many as the
// next two combined; -1 if none.
func (e *Engine) rexNation(s *State) int {
	counts := heldIn(s, len(e.G.Tables.Nations), e.G.Tables.AwardAreas(e.G.Board, e.G.Tables.LR.RexAnglorum))
	order := make([]int, len(counts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return counts[order[i]] > counts[order[j]] })
	best := order[0]
	if counts[best] == 0 || (len(order) > 1 && counts[order[1]] == counts[best]) {
		return -1
	}
	next := 0
	for _, m := range order[1:min(3, len(order))] {
		next += counts[m]
	}
	if counts[best] < next {
		return -1
	}
	return best
}

// eligibleLeader reports whether nation m has a leader eligible to be King
// (reduX L&R 11.6): in clear terrain in England south of and including
// York and March.
func (e *Engine) eligibleLeader(s *State, m int) bool {
	li := s.LeaderOf(m)
	return li >= 0 && e.eligibleAt(s.LR.Leaders[li].Area)
}

func (e *Engine) eligibleAt(a games.AreaID) bool {
	b := e.G.Board
	return b.IsLand(a) && !b.Difficult(a) && slices.Contains(e.G.Tables.SetIDs(b, e.G.Tables.LR.King.Set), a)
}

// eligibleNames lists the leaders eligible to be King, in play order.
func (e *Engine) eligibleNames(s *State) (names []string, nations []int) {
	for _, ld := range s.LR.Leaders {
		if e.eligibleAt(ld.Area) {
			names = append(names, ld.Name)
			nations = append(nations, ld.Nation)
		}
	}
	return names, nations
}

// roundActor is a turn that acts on the end-of-round state in place, for
// the placements and scores of a round event.
func (e *Engine) roundActor(s *State, m int) *turn {
	t := &turn{e: e, g: e.G, b: e.G.Board, s: s, n: m,
		entries: make([][]entry, len(e.G.Board.Areas)), passed: make([][]passage, len(e.G.Board.Areas)),
		border: map[games.AreaID]games.AreaID{}}
	return t
}

// lrEndRound is the end of a Leaders and Raiders game round (reduX L&R
// 11.2): Rex Anglorum in its rounds (10.6), the King at the end of the
// final round (11.6) — or the extra nation turns that decide him (11.6.1) —
// then holding areas in the 🏰 rounds (10.1).
func (e *Engine) lrEndRound(s *State) (*State, []Event, error) {
	ns := s.Clone()
	var ev []Event
	r := e.G.Tables.Round(s.Round)
	final := r == nil || r.Final || s.Round >= len(e.G.Tables.Rounds)
	if ns.LR.Extra != nil { // the extra nation turns are over (11.6.1)
		ev = append(ev, e.lrKing(ns, true)...)
		ev = append(ev, e.lrHolding(ns)...)
		ns.Over = true
		ev = append(ev, e.standings(ns))
		return ns, ev, nil
	}
	if r.HasMark(games.MarkRex, "") {
		ev = append(ev, e.rexAnglorum(ns, true)...)
	}
	if final {
		names, _ := e.eligibleNames(ns)
		if len(names) > 1 {
			if extra := e.extraTurns(ns); len(extra) > 0 {
				ns.LR.Extra = extra
				ns.Next = 0
				var parts []string
				for _, x := range extra {
					p := fmt.Sprintf("%s (%d %s", e.G.Tables.Nations[x.Nation].Name, x.Armies, armies(x.Armies))
					if x.Leader != "" {
						p += ", " + x.Leader
					}
					parts = append(parts, p+")")
				}
				ev = append(ev, Event{Kind: EvExtra, Rule: "reduX L&R 11.6", Text: fmt.Sprintf("%s are eligible to be King: extra nation turns for %s (reduX L&R 11.6.1)", orJoin(names, "and"), strings.Join(parts, ", "))})
				return ns, ev, nil
			}
		}
		ev = append(ev, e.lrKing(ns, false)...)
		ev = append(ev, e.lrHolding(ns)...)
		ns.Over = true
		ev = append(ev, e.standings(ns))
		return ns, ev, nil
	}
	if r.Scoring {
		ev = append(ev, e.lrHolding(ns)...)
	}
	ns.Round++
	ns.Next = 0
	return ns, ev, nil
}

func orJoin(xs []string, word string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}

// rexAnglorum scores Rex Anglorum (reduX L&R 10.6) and, with army, places
// its extra infantry army at once by the rules for reinforcements (the
// default of docs/orders.md: a vacant scoring centre, else the held area
// with the most armies).
func (e *Engine) rexAnglorum(s *State, army bool) []Event {
	rx := e.G.Tables.LR.RexAnglorum
	m := e.rexNation(s)
	if m < 0 {
		return []Event{{Kind: EvRex, Rule: "reduX L&R 10.6", Text: "No nation qualifies as Rex Anglorum (reduX L&R 10.6)"}}
	}
	t := e.roundActor(s, m)
	t.emit(Event{Kind: EvRex, Rule: "reduX L&R 10.6", Text: fmt.Sprintf("The %s hold the most areas of England, at least as many as the next two together, and are Rex Anglorum (reduX L&R 10.6)", t.nation())})
	if rx.VP > 0 {
		t.award(m, rx.VP, "reduX L&R 10.6", "as Rex Anglorum")
	}
	if army && rx.Armies > 0 {
		k := min(rx.Armies, t.availableInfantry())
		if dest := t.defaultReinforce(len(s.Held(e.G.Board, m)) == 0); k > 0 && dest != games.NoArea {
			s.Units[dest][m] += k
			t.emit(Event{Kind: EvReinforce, Area: t.name(dest), N: k, Rule: "reduX L&R 10.6", Text: fmt.Sprintf("The Rex Anglorum's extra %s %s placed in %s (reduX L&R 10.6)", unitsText(k, 0), isAre(k), t.name(dest))})
		}
	}
	return t.ev
}

// lrKing is reduX L&R 11.6: one eligible leader is King; none, and a nation
// that qualifies as Rex Anglorum scores that instead; after the extra nation
// turns, with several still eligible, a nation with an eligible leader that
// qualifies as Rex Anglorum scores that instead.
func (e *Engine) lrKing(s *State, afterExtra bool) []Event {
	k := e.G.Tables.LR.King
	names, nations := e.eligibleNames(s)
	switch {
	case len(names) == 1:
		t := e.roundActor(s, nations[0])
		t.emit(Event{Kind: EvKing, Rule: "reduX L&R 11.6", Text: fmt.Sprintf("%s is the only leader eligible to be King: the %s give England its King (reduX L&R 11.6)", names[0], t.nation())})
		if k.VP > 0 {
			t.award(nations[0], k.VP, "reduX L&R 11.6", "as King of England")
		}
		return t.ev
	case len(names) == 0:
		ev := []Event{{Kind: EvKing, Rule: "reduX L&R 11.6", Text: "No leader is eligible to be King: there is no King of England (reduX L&R 11.6)"}}
		return append(ev, e.rexAnglorum(s, false)...)
	}
	ev := []Event{{Kind: EvKing, Rule: "reduX L&R 11.6.1", Text: fmt.Sprintf("%s are still eligible to be King: there is no King of England (reduX L&R 11.6.1)", orJoin(names, "and"))}}
	if m := e.rexNation(s); m >= 0 && slices.Contains(nations, m) {
		ev = append(ev, e.rexAnglorum(s, false)...)
	}
	return ev
}

// lrHolding is reduX L&R 10.1: each nation scores its Holding Areas row
// for its scoring centres, the areas adjacent to them (straits included)
// and other areas, but no more other areas than centres and adjacent areas
// together.
func (e *Engine) lrHolding(s *State) []Event {
	var ev []Event
	b := e.G.Board
	for n, nat := range e.G.Tables.Nations {
		var centres, adj, other []string
		for _, a := range s.Held(b, n) {
			switch {
			case slices.Contains(nat.CentreIDs, a):
				centres = append(centres, b.AreaName(a)+"*")
			case slices.ContainsFunc(nat.CentreIDs, func(c games.AreaID) bool { return adjacent(b, a, c) }):
				adj = append(adj, b.AreaName(a)+"+")
			default:
				other = append(other, b.AreaName(a))
			}
		}
		counted := min(len(other), len(centres)+len(adj))
		vp := len(centres)*nat.Holding.Centre + len(adj)*nat.Holding.Adjacent + counted*nat.Holding.Other
		if vp == 0 {
			continue
		}
		s.VP[n] += vp
		txt := fmt.Sprintf("The %s score %d VP for holding %s, %s and %s: %s", nat.Name, vp, count(len(centres), "scoring centre", "scoring centres"), count(len(adj), "adjacent area", "adjacent areas"), count(len(other), "other area", "other areas"), strings.Join(slices.Concat(centres, adj, other), ", "))
		if counted < len(other) {
			txt += fmt.Sprintf(" (only %s %s)", count(counted, "other area", "other areas"), verb(counted, "counts", "count"))
		}
		ev = append(ev, Event{Kind: EvScore, Nation: nat.Name, N: vp, Rule: "reduX L&R 10.1", Text: txt + " (reduX L&R 10.1)"})
	}
	return ev
}

// extraTable returns the extra-turn row of nation m for the game's player
// count, or nil.
func (e *Engine) extraTable(m int) *games.ExtraTurn {
	for i := range e.G.Tables.LR.ExtraTurns {
		x := &e.G.Tables.LR.ExtraTurns[i]
		if x.NationIdx == m && (len(x.Players) == 0 || slices.Contains(x.Players, e.players())) {
			return x
		}
	}
	return nil
}

// extraTurns fixes the extra nation turns of the final round and their
// reinforcements before the first is played (reduX L&R 11.6.1, 11.6.2).
func (e *Engine) extraTurns(s *State) []ExtraTurn {
	var out []ExtraTurn
	b := e.G.Board
	for m := range e.G.Tables.Nations {
		x := e.extraTable(m)
		requires := ""
		if x != nil {
			requires = x.Requires
		}
		switch requires {
		case "cnut-rex":
			if !s.LR.CnutRex {
				continue
			}
		case "always":
		default:
			if !e.eligibleLeader(s, m) {
				continue
			}
		}
		xt := ExtraTurn{Nation: m}
		if x != nil {
			xt.Leader = x.Leader
			xt.Armies = x.Armies
			if x.PerArea.Per > 0 {
				held := heldIn(s, len(e.G.Tables.Nations), e.G.Tables.PerAreaIDs(b, x.PerArea))[m]
				xt.Armies += held / x.PerArea.Per
			}
			var centres []games.AreaID // each area once: Essex is both a Norman and a Saxon centre
			for _, c := range x.CentreIdxs {
				for _, a := range e.G.Tables.Nations[c].CentreIDs {
					if s.Holds(a, m) && !slices.Contains(centres, a) {
						centres = append(centres, a)
					}
				}
			}
			xt.Armies += len(centres)
			if x.Bonus > 0 {
				for _, l := range x.BonusIf {
					if !e.leaderEligible(s, l) {
						xt.Armies += x.Bonus
						break
					}
				}
			}
		}
		out = append(out, xt)
	}
	return out
}

// leaderEligible reports whether the named leader is on the board and
// eligible to be King.
func (e *Engine) leaderEligible(s *State, name string) bool {
	for _, ld := range s.LR.Leaders {
		if games.Fold(ld.Name) == games.Fold(name) {
			return e.eligibleAt(ld.Area)
		}
	}
	return false
}

// dueExtra is Due during the extra nation turns: the next in play order not
// yet played whose leader is still eligible, or that plays regardless (the
// Danes with Svein, the five-player Angles; 11.6.1, 11.6.2).
func (e *Engine) dueExtra(s *State) int {
	for i := range s.LR.Extra {
		x := s.LR.Extra[i]
		if x.Done || x.Nation < s.Next {
			continue
		}
		req := ""
		if xt := e.extraTable(x.Nation); xt != nil {
			req = xt.Requires
		}
		if req != "" || e.eligibleLeader(s, x.Nation) {
			return x.Nation
		}
	}
	return -1
}

// extraReinforcements places an extra nation turn's reinforcements (11.6.1):
// invaders in the table's seas, others on land; the Normans may take one
// cavalry for two infantry ("reinforce cavalry N", default none).
func (t *turn) extraReinforcements() {
	x := t.lr.extraTurn
	xt := t.e.extraTable(t.n)
	inf, cav := x.Armies, 0
	var seas []games.AreaID
	if xt != nil {
		seas = xt.SeaIDs
	}
	var land *orders.Reinforce
	for _, r := range statements[orders.Reinforce](t) {
		if r.Cavalry > 0 {
			if xt == nil || xt.CavalryRate == 0 {
				t.problem(r.Line, "reduX L&R 11.6.1", "the %s may not take cavalry for infantry", t.nation())
				continue
			}
			k := min(r.Cavalry, inf/xt.CavalryRate, t.availableCavalry())
			if k < r.Cavalry {
				t.problem(r.Line, "reduX L&R 11.6.1", "only %d cavalry can replace infantry (one for %d infantry, from the cavalry not in play)", k, xt.CavalryRate)
			}
			cav += k
			inf -= k * xt.CavalryRate
			continue
		}
		if len(seas) > 0 {
			t.problem(r.Line, "reduX L&R 11.6.1", "the %s extra reinforcements are invaders placed at sea", possessive(t.nation()))
			continue
		}
		rr := r
		land = &rr
	}
	t.emit(Event{Kind: EvExtra, Rule: "reduX L&R 11.6.1", Text: fmt.Sprintf("The %s extra nation turn: no population increase, the leader stays (reduX L&R 11.6.1)", possessive(t.nation()))})
	t.placeArrival(inf, cav, x.Leader, seas, land)
}
