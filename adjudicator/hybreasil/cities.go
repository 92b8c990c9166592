package hybreasil

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// CityBuilding is the seventh civilization ability (Hy Breasil 9.3.1).
const CityBuilding = "city building"

// cityCost is how many armies a city costs (9.3.1: "exchange 3 armies").
const cityCost = 3

// City is "city AREA": the acting nation, with City building, exchanges 3
// of its armies in the area for a city just before its support phase
// (Hy Breasil 9.3.1).
type City struct {
	orders.At
	Area games.AreaID
}

// Encode implements orders.Statement.
func (c City) Encode(g *games.Game) string { return "city " + g.Board.AreaName(c.Area) }

func decodeCity(r *orders.Reader, rest string) []orders.Statement {
	a, ok := r.Area(rest, "")
	if !ok {
		return nil
	}
	return []orders.Statement{City{At: r.At(), Area: a}}
}

// citySet is the token set set aside as city tokens under option
// abilities (9.3: "set one set of nation tokens aside ... so there will be
// one less nation for use in play"): the last; -1 without the option or
// without switch hb-cities.
func citySet(t *adjudicator.Turn) adjudicator.NationID {
	if !t.G.HasOption("abilities") || !t.E.Plays(adjudicator.HBCities) {
		return -1
	}
	return t.E.NumNations() - 1
}

// Cities is how many cities stand in s (at most a token set, 9.3.1).
func Cities(s *adjudicator.State) int {
	k := 0
	for _, c := range X(s).City {
		if c >= 0 {
			k++
		}
	}
	return k
}

// buildCities plays the turn's city lines (9.3.1 City building): in a land
// area the nation occupies with at least 4 armies (3 are exchanged, and a
// city left alone would be removed at once), with no city yet, while city
// tokens last.
func buildCities(t *adjudicator.Turn) {
	x := X(t.S)
	for _, c := range adjudicator.Statements[City](t) {
		var why problem
		switch {
		case !has(t.S, t.N, CityBuilding):
			why = problem{"city-no-ability", []any{t.Nation()}}
		case !t.B.IsLand(c.Area) || t.S.Units(c.Area, t.N) < cityCost+1:
			why = problem{"city-armies", []any{t.S.Units(c.Area, t.N), t.Name(c.Area)}}
		case x.City[c.Area] >= 0:
			why = problem{"city-exists", []any{t.Name(c.Area)}}
		case Cities(t.S) >= D(t.E).Tokens:
			why = problem{What: "city-tokens"}
		}
		if why.What != "" {
			t.Problem(c.Line, why.What, why.Args...)
			continue
		}
		t.S.Add(c.Area, t.N, Army, -cityCost)
		x.City[c.Area] = t.N
		happen(t, EvEvent, "city-built", t.Name(c.Area))
	}
}

// cityDice is how many of the attacker's dice hit the defender's city in
// a round (9.3.1): none while the defender has armies after the round; then
// the dice left over once the armies' hits are counted, best first, that
// show the plain hit number (a city has no terrain or race benefit).
func cityDice(t *adjudicator.Turn, ad []int, need, killAll int) int {
	ds := slices.Clone(ad)
	slices.Sort(ds)
	slices.Reverse(ds)
	k := 0
	for _, d := range ds {
		switch {
		case killAll > 0 && d >= need:
			killAll--
		case killAll == 0 && d >= D(t.E).Hit:
			k++
		}
	}
	return k
}

// cityFalls settles the defender's city in area a when its armies are gone
// from it (9.3.1): destroyed by two hits, else taken over by the attacker
// still there (who gains no ability), else alone and removed.
func cityFalls(t *adjudicator.Turn, a games.AreaID, def adjudicator.NationID, hits int) {
	x := X(t.S)
	if x.City[a] != def || t.S.Has(a, def) {
		return
	}
	switch {
	case hits >= 2:
		x.City[a] = -1
		happen(t, EvEvent, "city-destroyed", t.E.NationName(def), t.Name(a))
	case t.S.Has(a, t.N):
		x.City[a] = t.N
		happen(t, EvEvent, "city-taken", t.E.NationName(def), t.Name(a))
	default:
		x.City[a] = -1
		happen(t, EvEvent, "city-alone", t.E.NationName(def), t.Name(a))
	}
}

// lonelyCities removes every city whose nation has no unit left in its area
// (9.3.1: "if, for any reason, a city is alone in an area at any time, it is
// immediately removed").
func lonelyCities(t *adjudicator.Turn) {
	x := X(t.S)
	for a, n := range x.City {
		if n >= 0 && !t.S.Has(games.AreaID(a), n) {
			x.City[a] = -1
			happen(t, EvEvent, "city-alone", t.E.NationName(n), t.Name(games.AreaID(a)))
		}
	}
}
