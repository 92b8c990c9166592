package family

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Reinforcements places the Timeline's reinforcements of the acting nation
// (reduX Core 5.2): invaders in their sea (5.2.1), others together in a
// held area or a vacant scoring centre (5.2.2), with the landless minimum;
// cavalry (L&R 9.1) and leaders (9.2) with them. Ruleset.Arrive may hold
// an arrival back.
func Reinforcements(t *Turn) {
	reinforceStmts := adjudicator.Statements[orders.Reinforce](t.Turn)
	used := false
	for _, a := range Arrivals(t.E, t.S.Round, t.N) {
		if f := t.R.Arrive; f != nil && !f(t, a) {
			continue
		}
		var r *orders.Reinforce
		if len(a.SeaIDs) == 0 && len(reinforceStmts) > 0 {
			r = &reinforceStmts[0]
			used = true
		}
		inf, cav := a.Armies, a.Cavalry
		if t.E.Kind("cavalry") < 0 {
			inf, cav = inf+cav, 0 // one unit type (reduX Core 1.2)
		}
		leader := a.Leader
		if !t.R.Leaders {
			leader = ""
		}
		t.PlaceArrival(inf, cav, leader, a.SeaIDs, r)
	}
	if used {
		return
	}
	for _, r := range reinforceStmts {
		if r.Cavalry > 0 {
			t.Problem(r.Line, "cavalry-extra")
			continue
		}
		t.Problem(r.Line, "no-reinforcements")
	}
}

// PlaceArrival places inf infantry, cav cavalry and a leader for the
// acting nation: invaders in their sea, on the border of two seas (reduX
// Core 5.2.1), others together on land where the reinforce statement r
// says, else by default (5.2.2).
func (t *Turn) PlaceArrival(inf, cav int, leader string, seas []games.AreaID, r *orders.Reinforce) {
	landless := len(t.S.Held(t.B, t.N)) == 0
	if len(seas) == 0 && landless && inf+cav < t.G.Tables.LandlessReinforcements {
		inf = t.G.Tables.LandlessReinforcements - cav
	}
	inf, cav = t.shortages(inf, cav)
	count := inf + cav
	if count == 0 && leader == "" {
		return
	}
	if len(seas) > 0 {
		t.placeAtSea(inf, cav, leader, seas)
		return
	}
	dest := t.landDest(count, leader, landless, r)
	if dest == games.NoArea {
		if count == 0 {
			t.Emit(Event{Kind: adjudicator.EvLimit, What: "leader-nowhere", Leader: leader})
		} else {
			t.Emit(Event{Kind: adjudicator.EvLimit, What: "nowhere", N: count, Units: t.arrival(inf, cav), Leader: leader})
		}
		return
	}
	opposed := t.S.Foreign(dest, t.N) > 0
	t.addUnits(dest, inf, cav, leader)
	if opposed && count > 0 {
		t.entries[dest] = append(t.entries[dest], entry{From: games.NoArea, N: count})
		t.order = append(t.order, dest)
	}
	t.Emit(Event{Kind: adjudicator.EvReinforce, What: "placed", Area: t.Name(dest), N: count, Units: t.arrival(inf, cav), Leader: leader})
}

// shortages cuts reinforcements to the units not on the board (reduX Core
// 5: the marker goes to the top of the track; L&R 9.1 for cavalry).
func (t *Turn) shortages(inf, cav int) (int, int) {
	if avail := t.Available(Infantry); inf > avail {
		t.Emit(Event{Kind: adjudicator.EvShortage, What: "reinforce-shortage", N: inf - avail, Args: adjudicator.Args("infantry", avail, inf, t.G.Tables.Population.TrackMax)})
		inf = avail
		t.S.Nations[t.N].Pop = t.G.Tables.Population.TrackMax
	}
	if k := t.E.Kind("cavalry"); k >= 0 {
		if avail := t.Available(k); cav > avail {
			t.Emit(Event{Kind: adjudicator.EvShortage, What: "reinforce-shortage", N: cav - avail, Args: adjudicator.Args("cavalry", avail, cav, t.G.Tables.Population.TrackMax)})
			cav = avail
		}
	}
	return inf, cav
}

func (t *Turn) addUnits(dest games.AreaID, inf, cav int, leader string) {
	t.S.Add(dest, t.N, Infantry, inf)
	if k := t.E.Kind("cavalry"); k >= 0 {
		t.S.Add(dest, t.N, k, cav)
	}
	if leader != "" {
		t.S.Leaders = append(t.S.Leaders, Leader{Nation: t.N, Name: leader, Area: dest})
	}
}

func (t *Turn) placeAtSea(inf, cav int, leader string, seas []games.AreaID) {
	sea := seas[0]
	if len(seas) == 2 {
		t.border[sea] = seas[1]
	}
	if inf+cav == 0 {
		t.Emit(Event{Kind: adjudicator.EvLimit, What: "leader-at-sea", Leader: leader})
		return
	}
	t.addUnits(sea, inf, cav, leader)
	ev := Event{Kind: adjudicator.EvReinforce, What: "invaders", Area: t.Name(sea), N: inf + cav, Units: t.arrival(inf, cav), Leader: leader}
	if len(seas) == 2 { // on the border of two seas (5.2.1)
		ev.Args = []string{t.Name(seas[1])}
	}
	t.Emit(ev)
}

// landDest is where reinforcements go on land: the reinforce statement's
// area if allowed (5.2.2; a leader alone to an area its nation holds,
// L&R 9.2.1), else the default.
func (t *Turn) landDest(count int, leader string, landless bool, r *orders.Reinforce) games.AreaID {
	if count == 0 { // a leader alone goes to armies of its nation (9.2.1)
		if r != nil {
			if t.S.Holds(r.Area, t.N) {
				return r.Area
			}
			t.Problem(r.Line, "leader-placed", leader, t.Name(r.Area))
		}
		dest := t.mostArmies()
		if dest != games.NoArea {
			t.Defaulted(0, "reduX L&R 9.2", "%s is placed by default in %s, the held area with the most armies", leader, t.Name(dest))
		}
		return dest
	}
	if r != nil {
		switch {
		case r.Cavalry > 0:
			t.Problem(r.Line, "cavalry-extra")
		case t.reinforceOK(r.Area, landless):
			return r.Area
		case landless:
			t.Problem(r.Line, "reinforce-landless", t.Name(r.Area))
		default:
			t.Problem(r.Line, "reinforce-where", t.Name(r.Area))
		}
	}
	dest := t.DefaultReinforce(landless)
	if dest != games.NoArea {
		t.Defaulted(0, "reduX Core 5.2.2", "the reinforcements are placed by default in %s: a vacant scoring centre, else the held area with the most armies", t.Name(dest))
	}
	return dest
}

func (t *Turn) reinforceOK(a games.AreaID, landless bool) bool {
	if !t.B.IsLand(a) {
		return false
	}
	if landless {
		if !t.IsCentre(a) {
			return false
		}
		if t.S.Vacant(a) {
			return true
		}
		for _, c := range t.G.Tables.Nations[t.N].CentreIDs {
			if t.S.Vacant(c) {
				return false // a vacant centre exists and must be used
			}
		}
		return true
	}
	return t.S.Holds(a, t.N) || (t.IsCentre(a) && t.S.Vacant(a))
}

// DefaultReinforce is where reinforcements go by default (docs/orders.md
// §3): a vacant scoring centre, else (landless) the first centre, else the
// held area with the most armies.
func (t *Turn) DefaultReinforce(landless bool) games.AreaID {
	centres := t.G.Tables.Nations[t.N].CentreIDs
	for _, c := range centres {
		if t.S.Vacant(c) {
			return c
		}
	}
	if landless {
		if len(centres) > 0 {
			return centres[0]
		}
		return games.NoArea
	}
	return t.mostArmies()
}

// mostArmies is the held area with the most of the acting nation's units,
// board order on ties.
func (t *Turn) mostArmies() games.AreaID {
	best := games.NoArea
	for _, a := range t.S.Held(t.B, t.N) {
		if best == games.NoArea || t.S.Units(a, t.N) > t.S.Units(best, t.N) {
			best = a
		}
	}
	return best
}

// RemoveLeader takes the acting nation's leader off the board when its
// reinforcements would be placed (L&R 9.2).
func RemoveLeader(t *Turn) {
	li := t.S.LeaderOf(t.N)
	if li < 0 {
		return
	}
	ld := t.S.Leaders[li]
	t.S.Leaders = slices.Delete(t.S.Leaders, li, li+1)
	t.Emit(Event{Kind: adjudicator.EvLeader, What: "leader-leaves", Area: t.Name(ld.Area), Leader: ld.Name})
	if f := t.R.LeaderGone; f != nil {
		f(t, ld, false)
	}
}

// arrival is an arrival's units as facts (Event.Units): inf of the first
// kind, cav cavalry.
func (t *Turn) arrival(inf, cav int) []adjudicator.Count {
	units := make([]int, len(t.E.R.Kinds))
	units[Infantry] = inf
	if k := t.E.Kind("cavalry"); k >= 0 {
		units[k] = cav
	}
	return t.kindCounts(units)
}
