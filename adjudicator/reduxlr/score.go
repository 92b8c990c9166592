package reduxlr

import (
	"slices"
	"sort"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// Scoring in Leaders and Raiders (reduX L&R 10, 11.1, 11.2).

// occupyArea scores nation m for occupying area a now, if the round is one
// of its occupying rounds and it is the sole occupant (10.2). In its own
// extra nation turn a nation scores no new areas (11.6.1).
func occupyArea(t *family.Turn, m adjudicator.NationID, a games.AreaID) {
	l := X(t.S)
	if !t.B.IsLand(a) || !t.S.Holds(a, m) || l.occupied(m, a) {
		return
	}
	if x, ok := t.X.(*turnX); ok && x.extra && m == t.N {
		return
	}
	name := t.E.NationName(m)
	if !t.G.Tables.Round(t.S.Round).HasMark(games.MarkOccupy, name) {
		return
	}
	for _, o := range t.G.Tables.LR.Occupying {
		if o.NationIdx != m {
			continue
		}
		if vp := o.VP[a]; vp > 0 {
			l.markOccupied(m, a)
			t.Award(m, vp, adjudicator.Event{What: "lr-occupy-vp", Args: adjudicator.Args(t.Name(a))})
			return
		}
	}
}

// occupyAll scores every occupation that has come about (10.2: "as soon as
// the nation is the sole occupant").
func occupyAll(t *family.Turn) {
	r := t.G.Tables.Round(t.S.Round)
	for _, o := range t.G.Tables.LR.Occupying {
		if !r.HasMark(games.MarkOccupy, t.E.NationName(o.NationIdx)) {
			continue
		}
		for a := 0; a < t.B.NumLand; a++ {
			if o.VP[games.AreaID(a)] > 0 {
				occupyArea(t, o.NationIdx, games.AreaID(a))
			}
		}
	}
}

// endOfTurn is the scoring at the end of a nation turn (11.1): in a
// Bretwalda round the nation becomes Bretwalda by holding more areas of
// England and its bordering Scottish and Welsh areas than any other nation
// (10.5). The extra turns it played are marked done (11.6.1).
func endOfTurn(t *family.Turn) {
	occupyAll(t)
	bretwalda(t)
	if tx(t).extraTurn != nil {
		for i := range X(t.S).Extra {
			if X(t.S).Extra[i].Nation <= t.N {
				X(t.S).Extra[i].Done = true
			}
		}
	}
}

func bretwalda(t *family.Turn) {
	if !t.G.Tables.Round(t.S.Round).HasMark(games.MarkBretwalda, "") {
		return
	}
	bw := t.G.Tables.LR.Bretwalda
	counts := heldIn(t.S, t.E.NumNations(), t.G.Tables.AwardAreas(t.B, bw))
	mine := counts[t.N]
	for m, c := range counts {
		if m != t.N && c >= mine {
			return
		}
	}
	if mine == 0 || bw.VP == 0 {
		return
	}
	t.Award(t.N, bw.VP, adjudicator.Event{What: "lr-bretwalda-vp", Args: adjudicator.Args(mine)})
}

// heldIn counts the areas of a set each nation holds.
func heldIn(s *adjudicator.State, nations int, set []games.AreaID) []int {
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

// scoreKills awards the Other Scoring table's points for eliminating armies
// (10.4): only units of a nation another player controls.
func scoreKills(t *family.Turn, _ *family.Battle, killer, victim adjudicator.NationID, kills []int) {
	inf, cav := kills[0], kills[1]
	if inf+cav == 0 || t.E.Controller(t.S, killer) == t.E.Controller(t.S, victim) {
		return
	}
	vp := 0
	for _, e := range t.G.Tables.LR.Eliminating {
		if !killEntry(t, e, killer, victim) {
			continue
		}
		switch e.Unit {
		case "army":
			vp += e.VP * (inf + cav)
		case "cavalry":
			vp += e.VP * cav
		}
	}
	if vp > 0 {
		t.Award(killer, vp, adjudicator.Event{What: "lr-kill-vp", Kills: killCounts(inf, cav), Args: adjudicator.Args(t.E.NationName(victim))})
	}
}

// killCounts are the units eliminated by kind, for a score's facts.
func killCounts(inf, cav int) []adjudicator.Count {
	var out []adjudicator.Count
	for _, c := range []adjudicator.Count{{Kind: "infantry", N: inf}, {Kind: "cavalry", N: cav}} {
		if c.N > 0 {
			out = append(out, c)
		}
	}
	return out
}

func killEntry(t *family.Turn, e games.Elimination, killer, victim adjudicator.NationID) bool {
	if e.NationIdx >= 0 && e.NationIdx != killer {
		return false
	}
	if len(e.Rounds) > 0 && !slices.Contains(e.Rounds, t.S.Round) {
		return false
	}
	if e.OwnTurn && killer != t.N {
		return false
	}
	if e.Unit != "leader" && len(e.VictimIdxs) > 0 && !slices.Contains(e.VictimIdxs, victim) {
		return false
	}
	return true
}

// scoreLeaderKill awards the points for eliminating a leader (10.4); no
// British nation scores for Arthur (9.3).
func scoreLeaderKill(t *family.Turn, killer, victim adjudicator.NationID, name string) {
	if t.E.Controller(t.S, killer) == t.E.Controller(t.S, victim) {
		return
	}
	if name == arthur && t.G.Tables.Nations[killer].British {
		return
	}
	vp := 0
	for _, e := range t.G.Tables.LR.Eliminating {
		if e.Unit != "leader" || !killEntry(t, e, killer, victim) {
			continue
		}
		for _, v := range e.Victims {
			if games.Fold(v) == games.Fold(name) {
				vp += e.VP
			}
		}
	}
	if vp > 0 {
		t.Award(killer, vp, adjudicator.Event{What: "lr-leader-kill-vp", Leader: name})
	}
}

// rexNation is the nation that qualifies as Rex Anglorum (10.6): more areas
// of England than any other nation, and at least as many as the next two
// combined; -1 if none.
func rexNation(e *adjudicator.Engine, s *adjudicator.State) adjudicator.NationID {
	counts := heldIn(s, e.NumNations(), e.G.Tables.AwardAreas(e.G.Board, e.G.Tables.LR.RexAnglorum))
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

// rexAnglorum scores Rex Anglorum (10.6) and, with army, places its extra
// infantry army at once by the rules for reinforcements (the default of
// docs/orders.md: a vacant scoring centre, else the held area with the most
// armies).
func rexAnglorum(t *family.Turn, army bool) {
	rx := t.G.Tables.LR.RexAnglorum
	m := rexNation(t.E, t.S)
	if m < 0 {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvRex, What: "lr-no-rex"})
		return
	}
	t.As(m, func() {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvRex, What: "lr-rex"})
		if rx.VP > 0 {
			t.Award(m, rx.VP, adjudicator.Event{What: "lr-rex-vp"})
		}
		if !army || rx.Armies == 0 {
			return
		}
		k := min(rx.Armies, t.Available(family.Infantry))
		if dest := t.DefaultReinforce(len(t.S.Held(t.B, m)) == 0); k > 0 && dest != games.NoArea {
			t.S.Add(dest, m, family.Infantry, k)
			t.Emit(adjudicator.Event{Kind: adjudicator.EvReinforce, What: "lr-rex-army", Area: t.Name(dest), N: k})
		}
	})
}

// holding is reduX L&R 10.1: each nation scores its Holding Areas row for
// its scoring centres, the areas adjacent to them (straits included) and
// other areas, but no more other areas than centres and adjacent areas
// together.
func holding(t *family.Turn) {
	s, b := t.S, t.B
	for n, nat := range t.G.Tables.Nations {
		var centres, adj, other []string
		for _, a := range s.Held(b, n) {
			switch {
			case slices.Contains(nat.CentreIDs, a):
				centres = append(centres, b.AreaName(a))
			case slices.ContainsFunc(nat.CentreIDs, func(c games.AreaID) bool { return family.Adjacent(b, a, c) }):
				adj = append(adj, b.AreaName(a))
			default:
				other = append(other, b.AreaName(a))
			}
		}
		counted := min(len(other), len(centres)+len(adj))
		vp := len(centres)*nat.Holding.Centre + len(adj)*nat.Holding.Adjacent + counted*nat.Holding.Other
		if vp == 0 {
			continue
		}
		s.AddVP(n, vp)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "lr-holding", Nation: nat.Name, N: vp, VP: adjudicator.VP(vp),
			Areas: slices.Concat(centres, adj, other), Args: adjudicator.Args(len(centres), len(adj))})
	}
}
