package britannia

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// selectUnits is MoveRules.Select: the Romans move Roman armies ("move N
// A > B"; seed 004 Movement: Roman infantry move three areas), every other
// nation as the kernel picks (infantry, cavalry, a leader). Forts and
// burhs never move (seed 002 §5).
func selectUnits(t *family.Turn, mv orders.Move, from games.AreaID, boat bool) ([]int, bool, bool) {
	if t.N != D(t.E).roman {
		return family.MoveUnits(t, mv, from, boat)
	}
	if mv.Unit != "" && mv.Unit != "infantry" {
		t.Problem(mv.Line, "cb-roman-unit", mv.Unit)
		return nil, false, false
	}
	fresh := t.FreshOf(from, Roman)
	k := mv.N
	if k == 0 {
		k = fresh
	}
	if k == 0 || k > fresh {
		t.Problem(mv.Line, "cb-roman-count", fresh, t.Name(from), max(k, 1))
		return nil, false, false
	}
	units := make([]int, len(t.E.R.Kinds))
	units[Roman] = k
	return units, false, true
}

// pathRules is MoveRules.Check: the classic limits of a path that the
// kernel's move step does not know (difficultStops, romanPath).
func pathRules(t *family.Turn, mv orders.Move, from games.AreaID, units []int, withLeader bool) family.No {
	if no := difficultStops(t, mv, withLeader); no.Refuses() {
		return no
	}
	if no := landing(t, mv, from); no.Refuses() {
		return no
	}
	return romanPath(t, mv, units)
}

// romanPath holds Roman armies to three areas, a step along a Roman road
// free: from an area with a Roman fort to an adjacent one with a fort, both
// standing before this movement phase (seed 004 Movement: "the Romans can
// build roads"; Roman forts: "if a Roman unit moves from an area with a fort
// to an adjacent area with a fort, the move does not count"; seed 002 §5).
func romanPath(t *family.Turn, mv orders.Move, units []int) family.No {
	if units[Roman] == 0 {
		return family.No{}
	}
	cost := 0
	for i := 1; i < len(mv.Path); i++ {
		if !road(t, mv.Path[i-1], mv.Path[i]) {
			cost++
		}
	}
	if limit := D(t.E).Romans.Moves; cost > limit {
		return family.Refuse("cb-roman-range", limit, cost)
	}
	return family.No{}
}

// road reports whether a step from x to y is on a Roman road: both land
// areas with a Roman fort that stood before this phase, linked by land.
func road(t *family.Turn, x, y games.AreaID) bool {
	r := D(t.E).roman
	ok := func(a games.AreaID) bool {
		if !t.B.IsLand(a) || t.S.Count(a, r, Fort) == 0 {
			return false
		}
		bx, _ := t.X.(*turnX)
		return bx == nil || bx.builtIn[a] != t.Phase
	}
	e, linked := t.B.Link(x, y)
	return linked && e.Kind == games.LandLink && ok(x) && ok(y)
}

// difficultStops: entering difficult terrain ends a move, unless a leader
// goes with the armies (seed 004 Movement: "when you move into difficult
// terrain you must stop"; armies with a leader need not stop).
func difficultStops(t *family.Turn, mv orders.Move, withLeader bool) family.No {
	if withLeader {
		return family.No{}
	}
	for i := 1; i < len(mv.Path)-1; i++ {
		if a := mv.Path[i]; t.B.IsLand(a) && t.B.Difficult(a) {
			return family.Refuse("cb-difficult-stops", t.Name(a))
		}
	}
	return family.No{}
}

// mayEnter is MoveRules.MayEnter: a subject nation may not attack its
// overlord or another subject of the same overlord, and the overlord
// passes through its subjects' areas but does not attack them (seed 002
// §5 Submission).
func mayEnter(t *family.Turn, a games.AreaID, _ bool) family.No {
	x := X(t.S)
	for _, m := range t.S.Occupants(a) {
		if m == t.N {
			continue
		}
		if t.N == D(t.E).successor && t.S.Round < protectUntil && x.protected(m) {
			return family.Refuse("cb-rome-protects", t.E.NationName(m))
		}
		if no := x.mayAttack(t.E, t.N, m); no.Refuses() {
			return no
		}
	}
	return family.No{}
}

// boat is MoveRules.Boat: a move LAND > SEA > LAND by boat, for the nations
// and rounds of the Timeline's B marks (ref §3; seed 004 Movement: "in
// certain rounds certain nations may move their units through a sea area;
// they may not end their turn there"). The kernel's boat step (Turn.BoatOK)
// checks the path: once a Movement Phase, through one sea, to an area on
// that sea not adjacent to the start (a reading the seeds leave open,
// shared with reduX L&R 12).
func boat(t *family.Turn, mv orders.Move, count int) bool {
	return t.BoatOK(mv, count, func() family.No {
		if !hasBoats(t.E, t.N, t.S.Round) {
			return family.Refuse("cb-no-boats", t.S.Round)
		}
		return family.No{}
	})
}

// hasBoats reports whether nation n may move by boat in a round (ref §3).
func hasBoats(e *adjudicator.Engine, n adjudicator.NationID, round int) bool {
	for _, b := range D(e).Boats {
		if mustNation(e, b.Nation) == n && slices.Contains(b.Rounds, round) {
			return true
		}
	}
	return false
}

// passable is MoveRules.Passable: an overlord moves through the areas of
// the nations that submitted to it, but may not end its move there (seed
// 002 §5 Submission: "Romans may move through but not end turn in subject
// areas"; mayEnter refuses the end).
func passable(t *family.Turn, a games.AreaID) bool {
	x := X(t.S)
	occ := t.S.Occupants(a)
	for _, m := range occ {
		if m != t.N && x.overlord(m) != t.N {
			return false
		}
	}
	return len(occ) > 0
}

// seaStep is MoveRules.SeaStep: invaders may move to an adjacent sea and
// land from it (seed 004 Invasions and Raiding: "move to an adjacent sea
// and from there to an adjacent land area; not for every nation"), within
// the limits of the nation cards (ref §1.3: the Romans and Normans may not
// leave the English Channel, the Norwegians the North Sea; the Jutes and
// Saxons may not enter the Atlantic Ocean, the Angles and Dubliners the
// Icelandic Sea).
func seaStep(t *family.Turn, x, y games.AreaID) family.No {
	for _, m := range D(t.E).SeaMoves {
		if mustNation(t.E, m.Nation) != t.N {
			continue
		}
		if slices.Contains(m.NotFrom, t.Name(x)) {
			return family.Refuse("cb-sea-from", t.Name(x))
		}
		if slices.Contains(m.NotInto, t.Name(y)) {
			return family.Refuse("cb-sea-into", t.Name(y))
		}
	}
	return family.No{}
}

// stayAtSea is MoveRules.StayAtSea (switch stay-at-sea): units that begin
// a turn at sea, invaders and the Romans' arrivals and reinforcements
// alike, may land, move to an adjacent sea and land from it, or stay at
// sea (seed 004 Invasions and Raiding: "De begynder deres ture på havet
// ... har de følgende muligheder: ... Blive på havet"); no unit lands by
// default. Seed 004 Movement's "they may not end their turn at sea" is of
// boat moves, which go LAND > SEA > LAND. Games before the switch forced
// invaders ashore as reduX Core 6.1 does.
func stayAtSea(t *family.Turn, _ games.AreaID) bool { return t.E.Plays(adjudicator.StayAtSea) }

// overrunAll is MoveRules.OverrunAll: with option first-edition-overrun,
// armies that outnumber an area's defenders 2:1 or more may move through
// it without stopping, the armies that pass counting with those that stop
// (seed 002 §5 Movement: "If moving armies outnumber defenders 2:1 or
// more, they may move through the area without stopping (non-attacking
// units only)"), so none need stay to fight; by default only the excess
// over twice the defenders goes on, the rest stopping to fight (seed 004
// Movement: "more than twice as many attackers as defenders ... the
// surplus armies may move on").
func overrunAll(t *family.Turn) bool { return t.G.HasOption("first-edition-overrun") }

// protectUntil is the round from which the Romano-British may attack
// Rome's former subjects (ref §4: "until round VIII").
const protectUntil = 8

// provoke is MoveRules.Entering: a former subject of Rome that attacks the
// Romano-British loses its protection (ref §4: "unless attacked first").
func provoke(t *family.Turn, a games.AreaID) {
	if x := X(t.S); x.protected(t.N) && t.S.Has(a, D(t.E).successor) {
		x.protect(t.N, t.E.NumNations(), false)
	}
}

// landing holds invaders to the coasts their nation card allows (ref
// §1.3: the Irish land south of Galloway, the Scots north of Cumbria but
// not in Moray or Mar, the Danes south of Lothian, the Dubliners north of
// Devon): the first land area of a move from the sea.
func landing(t *family.Turn, mv orders.Move, from games.AreaID) family.No {
	if t.B.IsLand(from) {
		return family.No{}
	}
	land := games.NoArea
	for _, a := range mv.Path[1:] {
		if t.B.IsLand(a) {
			land = a
			break
		}
	}
	if land == games.NoArea {
		return family.No{}
	}
	if why := landingLimit(t.E, t.N, land); why != "" {
		return family.Refuse("cb-landing", t.Name(land), why) // why: the tables' words of the card
	}
	return family.No{}
}

// landingLimit is why nation n's invaders may not land in area a (the
// card's words), or "".
func landingLimit(e *adjudicator.Engine, n adjudicator.NationID, a games.AreaID) string {
	name := e.G.Board.AreaName(a)
	for _, l := range D(e).Landing {
		if mustNation(e, l.Nation) == n && ((len(l.Only) > 0 && !slices.Contains(l.Only, name)) || slices.Contains(l.Not, name)) {
			return l.Why
		}
	}
	return ""
}
