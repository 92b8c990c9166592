package family

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Infantry is the kind population increase brings (reduX Core 5.1; L&R
// 9.1: cavalry come only as reinforcements): the ruleset's first kind.
const Infantry KindID = 0

// Pool is how many units of kind k nation n has in all (reduX Core 1.3.2:
// the Play Order list). Where a ruleset has no cavalry kind, a nation's
// cavalry count as infantry (Core 1.2: one unit type). Ruleset.Pool
// replaces this where a ruleset has kinds of its own.
func Pool(e *Engine, n NationID, k KindID) int {
	if Of(e).Pool != nil {
		return Of(e).Pool(e, n, k)
	}
	nat := e.G.Tables.Nations[n]
	switch {
	case e.R.Kinds[k].Name == "cavalry":
		return nat.Cavalry
	case k == Infantry && e.Kind("cavalry") < 0:
		return nat.Armies + nat.Cavalry
	case k == Infantry:
		return nat.Armies
	}
	return 0
}

// Available is how many of the acting nation's units of kind k are not on
// the board.
func (t *Turn) Available(k KindID) int { return max(0, Pool(t.E, t.N, k)-t.S.InPlay(t.N, k)) }

// Armies is how many of nation n's units in area a count as armies.
func (t *Turn) Armies(a games.AreaID, n NationID) int { return t.E.Armies(t.S, a, n) }

// StackLimit returns the normal and overstack limits of an area (reduX
// Core 4.2.1).
func (t *Turn) StackLimit(a games.AreaID) (normal, over int) {
	st := t.G.Tables.Stacking
	if t.B.Difficult(a) {
		return st.Difficult, st.OverstackDifficult
	}
	return st.Clear, st.OverstackClear
}

// StackingOK reports whether nation m meets the stacking limit everywhere
// (reduX Core 4.2.1): at most one area over its normal limit, and that one
// within the overstack maximum; where is the first area that breaks it.
func (t *Turn) StackingOK(m NationID) (ok bool, where games.AreaID) {
	over := 0
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		c := t.Armies(id, m)
		if c == 0 { // no limit is below zero
			continue
		}
		norm, os := t.StackLimit(id)
		if c > os {
			return false, id
		}
		if c > norm {
			over++
			if over > 1 {
				return false, id
			}
		}
	}
	return true, games.NoArea
}

// PopulationLimit is nation m's population limit (reduX Core 4.2.2): twice
// the land areas containing its armies, plus one if any of those areas
// (which it holds) is clear terrain. Armies at sea do not count; skip
// counts units to leave out per area (L&R 11.4: raiders), nil for none.
func (t *Turn) PopulationLimit(m NationID, skip func(games.AreaID) int) (limit, onLand int) {
	return PopulationLimit(t.E, t.S, m, skip)
}

// PopulationLimit is PopulationLimit of Turn for a position.
func PopulationLimit(e *Engine, s *State, m NationID, skip func(games.AreaID) int) (limit, onLand int) {
	p := popLimitIn(e, s, m, skip, false)
	return p.limit(), p.onLand
}

// popLimitIn counts nation m's armies on land in position s and the areas
// holding them, less skip(a) armies of area a (nil: none), and whether it
// holds one of clear terrain (reduX Core 4.2.2); with why, also the clear
// areas with its armies that it does not hold, which explain a missing +1.
func popLimitIn(e *Engine, s *State, m NationID, skip func(games.AreaID) int, why bool) popLimit {
	b := e.G.Board
	p := popLimit{free: Of(e).NoPopulationLimit}
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		k := e.Armies(s, id, m)
		if skip != nil {
			k -= skip(id)
		}
		if k <= 0 {
			continue
		}
		p.onLand += k
		p.areas++
		switch {
		case b.Difficult(id):
		case s.Holds(id, m):
			p.clear = true
		case why:
			p.contested = append(p.contested, id)
		}
	}
	return p
}

// Excess is nation m's excess armies (reduX Core 4.2.2), or 0.
func (t *Turn) Excess(m NationID) int { return Excess(t.E, t.S, m) }

// Excess is nation m's excess armies in position s, or 0.
func Excess(e *Engine, s *State, m NationID) int {
	lim, on := PopulationLimit(e, s, m, nil)
	return max(0, on-lim)
}

// PopulationIncrease is reduX Core 5.1 and 5.1.1: points for the areas
// held and the marker, an army for every PointsPerArmy, less the excess;
// over the limit by more than the gain, half the difference is removed.
func PopulationIncrease(t *Turn) {
	s, n, p := t.S, t.N, t.G.Tables.Population
	held := s.Held(t.B, n)
	excess := t.Excess(n)
	if len(held) == 0 {
		if s.Nations[n].Pop != 0 {
			t.Emit(Event{Kind: adjudicator.EvPopulation, What: "no-land"})
		}
		s.Nations[n].Pop = 0
		t.noPlaceStatements("no-place-landless")
		return
	}
	points := s.Nations[n].Pop
	for _, a := range held {
		if t.B.Difficult(a) {
			points += p.Difficult
		} else {
			points += p.Clear
		}
	}
	gain, rest := points/p.PointsPerArmy, points%p.PointsPerArmy
	if excess > gain {
		remove := (excess - gain) / 2
		s.Nations[n].Pop = 0
		t.Emit(Event{Kind: adjudicator.EvPopulation, What: "over-excess", N: 0, Args: adjudicator.Args(excess, points, remove)})
		t.removeExcess(remove, "remove")
		t.noPlaceStatements("no-place-over-limit")
		return
	}
	t.noRemoveStatements()
	gain -= excess
	s.Nations[n].Pop = rest
	if avail := t.Available(Infantry); gain > avail {
		t.Emit(Event{Kind: adjudicator.EvShortage, What: "population-shortage", N: gain - avail, Args: adjudicator.Args(avail, gain, p.TrackMax)})
		gain = avail
		s.Nations[n].Pop = p.TrackMax
	}
	t.Emit(Event{Kind: adjudicator.EvPopulation, What: "population", N: gain, Args: adjudicator.Args(points, excess, s.Nations[n].Pop)})
	t.placeArmies(gain, held)
}

// noPlaceStatements refuses the file's place lines in a turn with nothing
// to place, for the reason what (a fact of the library's Words).
func (t *Turn) noPlaceStatements(what string) {
	for _, pl := range adjudicator.Statements[orders.Place](t.Turn) {
		t.Problem(pl.Line, what)
	}
}

func (t *Turn) noRemoveStatements() {
	for _, r := range adjudicator.Statements[orders.Remove](t.Turn) {
		t.Problem(r.Line, "no-remove")
	}
}

// canPlace reports whether one more army may go into area a by reduX Core
// 5.1.1: a held area, within the stacking limit.
func (t *Turn) canPlace(a games.AreaID) bool {
	if !t.S.Holds(a, t.N) {
		return false
	}
	t.S.Add(a, t.N, Infantry, 1)
	ok, _ := t.StackingOK(t.N)
	t.S.Add(a, t.N, Infantry, -1)
	return ok
}

// placeArmies places gain new armies in held areas (reduX Core 5.1.1): the
// player's place statements first, then the default; no more than one per
// area unless there is no alternative; an army with nowhere to go is not
// placed and the marker goes to its maximum.
func (t *Turn) placeArmies(gain int, held []games.AreaID) {
	placed := make([]int, t.B.NumLand)
	left := gain
	otherRoom := func(a games.AreaID) bool {
		for _, h := range held {
			if h != a && placed[h] == 0 && t.canPlace(h) {
				return true
			}
		}
		return false
	}
	for _, pl := range adjudicator.Statements[orders.Place](t.Turn) {
		for i := 0; i < max(pl.N, 1); i++ {
			switch {
			case left == 0:
				t.Problem(pl.Line, "place-only", gain)
			case !t.B.IsLand(pl.Area) || !t.S.Holds(pl.Area, t.N):
				t.Problem(pl.Line, "place-held", t.Name(pl.Area))
			case placed[pl.Area] > 0 && otherRoom(pl.Area):
				t.Problem(pl.Line, "place-one", t.Name(pl.Area))
			case !t.canPlace(pl.Area):
				t.Problem(pl.Line, "place-stacking", t.Name(pl.Area))
			default:
				t.S.Add(pl.Area, t.N, Infantry, 1)
				placed[pl.Area]++
				left--
				continue
			}
			break
		}
	}
	if left > 0 && len(adjudicator.Statements[orders.Place](t.Turn)) > 0 {
		t.Emit(Event{Kind: adjudicator.EvDefault, What: "place-default", Decision: "place", N: left})
	}
	t.placeByDefault(left, placed, held)
	for a, c := range placed {
		if c > 0 {
			t.Emit(Event{Kind: adjudicator.EvPlace, What: "place", Area: t.Name(games.AreaID(a)), N: c})
		}
	}
}

// placeByDefault places the new armies the orders left (docs/orders.md §1):
// one at a time in the preferred area with the fewest new armies.
func (t *Turn) placeByDefault(left int, placed []int, held []games.AreaID) {
	byDefault := make([]int, len(placed))
	defer func() {
		t.defaultedAreas(byDefault, "reduX Core 5.1.1", "%s placed by default, scoring centres first, then areas next to another nation's: %s", "new army", "new armies")
	}()
	order := t.placementOrder(held)
	for left > 0 {
		best := games.NoArea
		for _, a := range order {
			if !t.canPlace(a) {
				continue
			}
			if best == games.NoArea || placed[a] < placed[best] {
				best = a
			}
		}
		if best == games.NoArea {
			t.Emit(Event{Kind: adjudicator.EvShortage, What: "place-nowhere", N: left, Args: adjudicator.Args(t.G.Tables.Population.TrackMax)})
			t.S.Nations[t.N].Pop = t.G.Tables.Population.TrackMax
			return
		}
		t.S.Add(best, t.N, Infantry, 1)
		placed[best]++
		byDefault[best]++
		left--
	}
}

// placementOrder is the default preference of docs/orders.md §1: scoring
// centres, then areas bordering another nation's units, then board order.
func (t *Turn) placementOrder(held []games.AreaID) []games.AreaID {
	var centres, front, rest []games.AreaID
	for _, a := range held {
		switch {
		case t.IsCentre(a):
			centres = append(centres, a)
		case t.bordersEnemy(a):
			front = append(front, a)
		default:
			rest = append(rest, a)
		}
	}
	return append(append(centres, front...), rest...)
}

// IsCentre reports whether area a is one of the acting nation's scoring
// centres (reduX Core 3.1).
func (t *Turn) IsCentre(a games.AreaID) bool {
	for _, c := range t.G.Tables.Nations[t.N].CentreIDs {
		if c == a {
			return true
		}
	}
	return false
}

func (t *Turn) bordersEnemy(a games.AreaID) bool {
	for _, e := range t.B.Edges(a) {
		if t.B.IsLand(e.To) && t.S.Foreign(e.To, t.N) > 0 {
			return true
		}
	}
	return false
}

// removeExcess removes k armies for overpopulation (reduX Core 5.1): the
// player's remove statements, then the largest stacks; never the last army
// in an area. Infantry go before cavalry. Each area's removal is a fact
// named what, with args (what removes them: "remove" is 5.1).
func (t *Turn) removeExcess(k int, what string, args ...any) {
	removed := make([]int, t.B.NumLand)
	for _, r := range adjudicator.Statements[orders.Remove](t.Turn) {
		for i := 0; i < max(r.N, 1); i++ {
			switch {
			case k == 0:
				t.Problem(r.Line, "remove-enough")
			case t.Armies(r.Area, t.N) <= 1:
				t.Problem(r.Line, "remove-last", t.Name(r.Area))
			case !t.B.IsLand(r.Area): // (engines before 5 stopped here, out of range)
				t.Problem(r.Line, "remove-at-sea", t.Name(r.Area))
			default:
				t.removeArmy(r.Area)
				removed[r.Area]++
				k--
				continue
			}
			break
		}
	}
	byDefault := make([]int, t.B.NumLand)
	for k > 0 {
		best := games.NoArea
		for a := 0; a < t.B.NumLand; a++ {
			c := t.Armies(games.AreaID(a), t.N)
			if c > 1 && (best == games.NoArea || c > t.Armies(best, t.N)) {
				best = games.AreaID(a)
			}
		}
		if best == games.NoArea {
			break // every area has one army: nothing more may go
		}
		t.removeArmy(best)
		removed[best]++
		byDefault[best]++
		k--
	}
	t.defaultedAreas(byDefault, "reduX Core 5.1", "%s removed by default, from the largest stacks: %s", "army", "armies")
	for a, c := range removed {
		if c > 0 {
			t.Emit(Event{Kind: adjudicator.EvRemove, What: what, Area: t.Name(games.AreaID(a)), N: c, Args: adjudicator.Args(args...)})
		}
	}
}

// removeArmy removes one of the acting nation's armies from area a, the
// first army kind it has there.
func (t *Turn) removeArmy(a games.AreaID) {
	for k, kd := range t.E.R.Kinds {
		if kd.Army && t.S.Count(a, t.N, k) > 0 {
			t.S.Add(a, t.N, k, -1)
			return
		}
	}
}

// PlaceArmies places gain new infantry of the acting nation in the held
// areas (reduX Core 5.1.1, the rule classic Britannia shares, seed 004
// Population Increase: one a held area unless there are more armies than
// areas, within the stacking limit): the file's place statements, then the
// default of docs/orders.md §1.
func (t *Turn) PlaceArmies(gain int, held []games.AreaID) { t.placeArmies(gain, held) }

// RemoveExcess removes k of the acting nation's armies (reduX Core 5.1;
// classic Britannia's overpopulation, seed 002 §5: "no area may be
// emptied"): the file's remove statements, then the largest stacks.
func (t *Turn) RemoveExcess(k int, what string, args ...any) { t.removeExcess(k, what, args...) }
