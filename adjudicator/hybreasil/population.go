package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// PIPs are the population increase points of nation n (Hy Breasil 6.2): 3
// for every plains area it occupies, 2 for every forest or hills area.
// Under option "races" (9.1) a nation's race counts some terrain anew.
func PIPs(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) int {
	return pipsOf(e, X(s).Race[n], landAreas(s, e.G.Board, n))
}

// pipsOf is the PIPs of land areas held by a nation of race race.
func pipsOf(e *adjudicator.Engine, race string, areas []games.AreaID) int {
	p := 0
	t := e.G.Tables.Population
	for _, a := range areas {
		if v, ok := racePIPs(e.G.Board, race, a); ok {
			p += v
		} else if e.G.Board.TerrainIs(a, "plains") {
			p += t.Clear
		} else {
			p += t.Difficult
		}
	}
	return p
}

// populationIncrease is Hy Breasil 6.2: a new unit for every 7 PIPs, no
// more than the unused tokens and one an occupied area, placed where the
// file's place lines say, then by default where the nation borders other
// nations' units most, then on its smallest stacks, the earliest area at a
// tie. Famine gives no PIPs (6.1).
func populationIncrease(t *adjudicator.Turn) {
	if !InPlay(t.S, t.N) {
		return
	}
	if tx(t).event == Famine {
		happen(t, adjudicator.EvPopulation, "famine")
		return
	}
	areas := landAreas(t.S, t.B, t.N)
	pips := PIPs(t.E, t.S, t.N) + X(t.S).Saved[t.N]
	k := min(pips/t.G.Tables.Population.PointsPerArmy, Pool(t.E, t.S, t.N), len(areas))
	defer preserve(t, pips-k*t.G.Tables.Population.PointsPerArmy)
	happen(t, adjudicator.EvPopulation, "pips", pips, k)
	placed := make([]bool, len(t.B.Areas))
	for _, p := range adjudicator.Statements[orders.Place](t) {
		if k == 0 {
			t.Problem(p.Line, "no-new-unit")
			continue
		}
		if p.N > 1 || !t.B.IsLand(p.Area) || !t.S.Has(p.Area, t.N) || placed[p.Area] {
			t.Problem(p.Line, "place-occupied", t.Nation())
			continue
		}
		placeOne(t, p.Area, placed)
		k--
	}
	for ; k > 0; k-- {
		a := placeDefault(t, areas, placed)
		placeOne(t, a, placed)
	}
}

func placeOne(t *adjudicator.Turn, a games.AreaID, placed []bool) {
	t.S.Add(a, t.N, Army, 1)
	placed[a] = true
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "place-unit", Area: t.Name(a), N: 1})
}

// placeDefault is the area of areas, not yet given a unit, that borders the
// most units of other nations, then has the fewest of the nation's own.
func placeDefault(t *adjudicator.Turn, areas []games.AreaID, placed []bool) games.AreaID {
	best, bf, bo := games.NoArea, -1, 0
	for _, a := range areas {
		if placed[a] {
			continue
		}
		f := 0
		for _, e := range t.B.Edges(a) {
			if t.B.IsLand(e.To) {
				f += t.S.Foreign(e.To, t.N)
			}
		}
		o := t.S.Units(a, t.N)
		if f > bf || (f == bf && o < bo) {
			best, bf, bo = a, f, o
		}
	}
	return best
}
