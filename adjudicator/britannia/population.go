package britannia

import (
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// increaseSkipped says why the acting nation has no population increase
// this turn, as the facts noIncreaseWhy words (none if it has one): seed
// 002 §5 (Romans, Norwegians, Normans "never"), ref §2.4 (the
// Romano-British in VI: "round").
func increaseSkipped(t *family.Turn) []any {
	d, name := D(t.E), t.Nation()
	if slices.ContainsFunc(d.Population.NoIncrease, func(s string) bool { return strings.EqualFold(s, name) }) {
		return []any{"never", name}
	}
	for _, x := range d.Population.NoIncreaseIn {
		if strings.EqualFold(x.Nation, name) && x.Round == t.S.Round {
			return []any{"round", name, x.Round}
		}
	}
	return nil
}

// populationIncrease is seed 004 phase 1 (and 002 §5): 2 points for each
// clear area held and 1 for each difficult one, plus the marker; an
// infantry for every 6 points, the rest on the track (0-5); a nation
// that submitted gets half the points of its areas, rounded down (seed
// 002 §5 Submission); new armies one to a held area unless there are more
// armies than areas, within the stacking limit; when the pool runs out the
// marker goes to 5 (ref §2.4).
func populationIncrease(t *family.Turn) {
	s, n, p := t.S, t.N, t.G.Tables.Population
	if why := increaseSkipped(t); why != nil {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-no-increase", Args: adjudicator.Args(why...)})
		noPlace(t, why)
		return
	}
	held := s.Held(t.B, n)
	if len(held) == 0 {
		s.Nations[n].Pop = 0
		noPlace(t, []any{"no-land"})
		return
	}
	area := 0
	for _, a := range held {
		if t.B.Difficult(a) {
			area += p.Difficult
		} else {
			area += p.Clear
		}
	}
	var overlord []any // a subject nation's overlord
	if o := X(s).overlord(n); o >= 0 {
		area /= 2
		overlord = append(overlord, t.E.NationName(o))
	}
	points := s.Nations[n].Pop + area
	gain, rest := points/p.PointsPerArmy, min(points%p.PointsPerArmy, p.TrackMax)
	s.Nations[n].Pop = rest
	if avail := t.Available(Infantry); gain > avail {
		gain = avail
		s.Nations[n].Pop = p.TrackMax
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-population", N: gain, Args: adjudicator.Args(append([]any{points, s.Nations[n].Pop}, overlord...)...)})
	t.PlaceArmies(gain, held)
}

// noPlace refuses the file's place statements when no army is gained,
// saying why (increaseSkipped).
func noPlace(t *family.Turn, why []any) {
	for _, pl := range adjudicator.Statements[orders.Place](t.Turn) {
		t.Problem(pl.Line, "cb-nothing-to-place", why...)
	}
}

// overpopulationExempt says whether the acting nation is exempt from
// overpopulation this round (seed 004 5: not the Romans; seed 002 §5:
// Jutes, Angles, Saxons in IV and V).
func overpopulationExempt(t *family.Turn) bool {
	return exemptIn(t.E, t.Nation(), t.S.Round)
}

// overpopulation is seed 004 phase 5: a nation with more armies on land
// than twice the land areas it occupies removes the excess (armies at sea
// do not count); no area may be emptied (seed 002 §5): the file's remove
// statements, then the largest stacks.
func overpopulation(t *family.Turn) {
	if overpopulationExempt(t) {
		return
	}
	limit, on := overpopulationLimit(t.E, t.S, t.N)
	if on <= limit {
		return
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-overpopulation", N: on - limit, Args: adjudicator.Args(on, limit/2)})
	t.RemoveExcess(on-limit, "cb-overpopulation-remove")
}

// overpopulationLimit is twice the land areas holding nation n's armies,
// and its armies on land (seed 004 5).
func overpopulationLimit(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) (limit, onLand int) {
	for a := 0; a < e.G.Board.NumLand; a++ {
		if k := e.Armies(s, games.AreaID(a), n); k > 0 {
			onLand += k
			limit += 2
		}
	}
	return limit, onLand
}

// checkOverpopulation refuses (switch check-knowable) a remove line that
// would empty an area in the Overpopulation phase (seed 002 §5: "no area
// may be emptied"; docs/orders.md C4): the line's armies, with those the
// lines before it take from the area, are all the nation can have there
// then (its armies after its moves, in an area where none may come later:
// family's MayGain, nor the Picts' way home by sea: mayComeHome). The phase may ask for no removal at all; the line is
// then never carried out either. The Danes' removal of XIV (lateRemovals)
// reads the same lines again after the phase, and skips such a line too.
// Not for a nation exempt from the phase and with no such removal.
func checkOverpopulation(t *family.Turn) {
	if overpopulationExempt(t) && !lateRemoval(t) {
		return
	}
	taken := make([]int, len(t.B.Areas))
	for _, r := range adjudicator.Statements[orders.Remove](t.Turn) {
		k := max(r.N, 1)
		if !t.B.IsLand(r.Area) {
			t.Problem(r.Line, "remove-at-sea", t.Name(r.Area))
		} else if !t.MayGain(r.Area) && !mayComeHome(t, r.Area) && taken[r.Area]+k >= t.Armies(r.Area, t.N) {
			t.Problem(r.Line, "remove-last", t.Name(r.Area))
		}
		taken[r.Area] += k
	}
}

// mayComeHome reports whether the Picts' way home by sea (pictsHome, in
// the Raider withdrawal before the Overpopulation phase) may bring armies
// to area a: a Scottish area, in a round of it, with a withdraw line.
func mayComeHome(t *family.Turn, a games.AreaID) bool {
	ph := D(t.E).PictsHome
	return mustNation(t.E, ph.Nation) == t.N && slices.Contains(ph.Rounds, t.S.Round) &&
		t.B.InRegion(a, "Scotland") && len(adjudicator.Statements[orders.Withdraw](t.Turn)) > 0
}

// lateRemoval reports whether the acting nation has a removal of the
// tables' late rules this round (ref §3 XIV: the Danes), which reads the
// turn's remove lines.
func lateRemoval(t *family.Turn) bool {
	for _, x := range D(t.E).Late.Removals {
		if x.Round == t.S.Round && mustNation(t.E, x.Nation) == t.N {
			return true
		}
	}
	return false
}
