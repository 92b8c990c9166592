package family

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// No is why the rules refuse a move, a landing or a retreat, as a fact:
// its What (the ruleset's Words word it) and its values, as Turn.Problem
// takes them. The zero No refuses nothing.
type No struct {
	What string
	Args []any
}

// Refuse is a No: what refuses, with its values.
func Refuse(what string, args ...any) No { return No{What: what, Args: args} }

// Refuses reports whether n refuses.
func (n No) Refuses() bool { return n.What != "" }

// MoveRules are what a ruleset changes in the move step (reduX Core 6).
// Nil fields take the kernel's defaults.
type MoveRules struct {
	// LeaderMoves is how far a leader and the armies with it move (L&R
	// 9.2.1); armies with a leader may overrun difficult terrain.
	LeaderMoves int
	// Select picks the units a move statement moves from area from:
	// per kind, and whether the nation's leader goes with them. It reports
	// its own problem and returns ok false when the statement cannot be
	// carried out. Nil: MoveUnits.
	Select func(t *Turn, mv orders.Move, from games.AreaID, boat bool) (units []int, withLeader, ok bool)
	// Boat checks a LAND > SEA > LAND move (L&R 12); nil: no boats.
	Boat func(t *Turn, mv orders.Move, count int) bool
	// MayEnter says why the mover may not enter area a, which holds another
	// nation's units (the zero No if it may; L&R 9.3, 11.6.1).
	MayEnter func(t *Turn, a games.AreaID, withLeader bool) No
	// Entering is told of each land area holding another nation's units
	// that a move enters (L&R 9.3: an attack on the Romano-British).
	Entering func(t *Turn, a games.AreaID)
	// Passable says whether the mover may pass through area a, which
	// holds other nations' units, as if it were empty: no overrun, no
	// stop in difficult terrain for them (classic Britannia: the overlord
	// moves through its subjects' areas, seed 002 §5 Submission). It does
	// not let a move end there (MayEnter decides that). Nil: never.
	Passable func(t *Turn, a games.AreaID) bool
	// SeaStep says why units at sea may not move from sea x into the
	// adjacent sea y on their way to land (the zero No if they may): a move SEA >
	// SEA > LAND (classic Britannia: invaders may move to an adjacent sea
	// and land from it, seed 004 Invasions, with the nation cards' limits).
	// Nil: units at sea only land (reduX Core 6.1).
	SeaStep func(t *Turn, x, y games.AreaID) No
	// StayAtSea says whether the mover's units in sea may stay there at the
	// end of a Movement Phase, which reduX Core 6.1 forbids invaders
	// (classic Britannia: units at sea may land, move to another sea and
	// land, or stay at sea, seed 004 Invasions and Raiding). Nil: only as
	// the family's rules allow (raiders, L&R 11.4; a Major Invasion's first
	// phase, 11.3).
	StayAtSea func(t *Turn, sea games.AreaID) bool
	// OverrunAll says whether the armies that pass through an area count
	// with those that stop there against twice its defenders (classic
	// Britannia's first edition: armies that outnumber the defenders 2:1
	// may all move through, seed 002 §5 Movement); nil or false: only those
	// that stop count (reduX Core 6.3).
	OverrunAll func(t *Turn) bool
	// KeepNoAreas lifts reduX Core 6.4's duty to hold as many areas at the
	// end of movement as at its start; classic Britannia has none (seed 004
	// Movement).
	KeepNoAreas bool
	// Check says why the chosen units may not make a move (the zero No if
	// they may; L&R 9.3: Arthur and his cavalry stay together).
	Check func(t *Turn, mv orders.Move, from games.AreaID, units []int, withLeader bool) No
}

// Move carries out one move statement; false when it is not possible
// (reduX Core 6, 6.2, 6.3; L&R 9.1.1, 9.2.1, 12).
func (t *Turn) Move(mv orders.Move) bool {
	b := t.B
	if len(mv.Path) < 2 {
		t.Problem(mv.Line, "path-short")
		return false
	}
	from := t.seaHome(mv.Path[0])
	steps := len(mv.Path) - 1
	boat := t.R.Move.Boat != nil && steps == 2 && b.IsLand(from) && !b.IsLand(mv.Path[1]) && b.IsLand(mv.Path[2])
	sel := t.R.Move.Select
	if sel == nil {
		sel = MoveUnits
	}
	units, withLeader, ok := sel(t, mv, from, boat)
	if !ok {
		return false
	}
	if withLeader && !t.leaderFresh {
		t.Problem(mv.Line, "leader-moved")
		return false
	}
	if f := t.R.Move.Check; f != nil {
		if no := f(t, mv, from, units, withLeader); no.Refuses() {
			t.Problem(mv.Line, no.What, no.Args...)
			return false
		}
	}
	count := 0
	for _, c := range units {
		count += c
	}
	if !t.pathOK(mv, from, units, count, withLeader, boat) {
		return false
	}
	t.carryOut(mv, from, units, count, withLeader, boat)
	return true
}

// pathOK checks a move's path: its length for the units that move, and
// each step (reduX Core 6, 6.2, 6.3).
func (t *Turn) pathOK(mv orders.Move, from games.AreaID, units []int, count int, withLeader, boat bool) bool {
	b := t.B
	if boat {
		return t.R.Move.Boat(t, mv, count)
	}
	steps := len(mv.Path) - 1
	if limit := t.moveLimit(units, withLeader); steps > limit {
		t.Problem(mv.Line, "range", yesNo(withLeader), units[Infantry], limit, steps)
		return false
	}
	if !b.IsLand(from) && t.Fresh(from) == 0 {
		t.Problem(mv.Line, "none-at-sea", t.Name(from))
		return false
	}
	for i := 1; i < len(mv.Path); i++ {
		if !t.stepOK(mv, i, count, withLeader) {
			return false
		}
	}
	return true
}

// moveLimit is how far the units move: a leader's range with a leader,
// else the shortest range of the kinds that move.
func (t *Turn) moveLimit(units []int, withLeader bool) int {
	if withLeader {
		return t.R.Move.LeaderMoves
	}
	limit := 0
	for k, c := range units {
		if c > 0 && (limit == 0 || t.E.R.Kinds[k].Moves < limit) {
			limit = t.E.R.Kinds[k].Moves
		}
	}
	return limit
}

// stepOK checks step i of a move's path.
func (t *Turn) stepOK(mv orders.Move, i, count int, withLeader bool) bool {
	b := t.B
	x, y := mv.Path[i-1], mv.Path[i]
	if !b.IsLand(y) && i == 1 && !b.IsLand(x) && len(mv.Path) == 3 && t.R.Move.SeaStep != nil {
		return t.seaStep(mv, x, y)
	}
	if !b.IsLand(y) {
		if Boats(t.E) && i == 1 {
			t.Problem(mv.Line, "boat-shape")
		} else {
			t.Problem(mv.Line, "into-sea", t.Name(y))
		}
		return false
	}
	linked, strait := b.Adjacent(x, y)
	if !linked && i == 1 && !b.IsLand(x) {
		if other, ok := t.seaPartner(x); ok {
			linked = Adjacent(b, other, y)
		}
	}
	if !linked {
		t.Problem(mv.Line, "not-adjacent", t.Name(y), t.Name(x))
		return false
	}
	if strait && len(mv.Path) != 2 {
		t.Problem(mv.Line, "strait", t.Name(x), t.Name(y))
		return false
	}
	foreign := t.S.Foreign(y, t.N) > 0
	if i < len(mv.Path)-1 && foreign && t.passable(y) {
		return true
	}
	if count == 0 && (!t.S.Has(y, t.N) || foreign) {
		t.Problem(mv.Line, "leader-alone-enters", t.Name(y))
		return false
	}
	if foreign {
		if no := t.mayEnter(y, withLeader); no.Refuses() {
			t.Problem(mv.Line, no.What, no.Args...)
			return false
		}
	}
	if i < len(mv.Path)-1 && foreign && b.Difficult(y) && !withLeader {
		t.Problem(mv.Line, "no-overrun", append([]any{t.Name(y)}, t.occupants(y)...)...)
		return false
	}
	return true
}

// seaStep checks the first step of a SEA > SEA > LAND move (MoveRules.SeaStep).
func (t *Turn) seaStep(mv orders.Move, x, y games.AreaID) bool {
	if !Adjacent(t.B, x, y) {
		t.Problem(mv.Line, "not-adjacent", t.Name(y), t.Name(x))
		return false
	}
	if no := t.R.Move.SeaStep(t, x, y); no.Refuses() {
		t.Problem(mv.Line, no.What, no.Args...)
		return false
	}
	return true
}

// passable is MoveRules.Passable, false without one.
func (t *Turn) passable(a games.AreaID) bool {
	f := t.R.Move.Passable
	return f != nil && f(t, a)
}

// mayEnter is MoveRules.MayEnter for an area with other nations' units:
// why the mover may not enter it (the zero No if it may).
func (t *Turn) mayEnter(a games.AreaID, withLeader bool) No {
	if f := t.R.Move.MayEnter; f != nil && t.S.Foreign(a, t.N) > 0 {
		return f(t, a, withLeader)
	}
	return No{}
}

// carryOut makes a checked move: the units go, overruns and passages are
// recorded, the move's battle is noted (reduX Core 6, 6.3, 7).
func (t *Turn) carryOut(mv orders.Move, from games.AreaID, units []int, count int, withLeader, boat bool) {
	s, n, b := t.S, t.N, t.B
	dest := mv.Path[len(mv.Path)-1]
	prev := mv.Path[len(mv.Path)-2]
	if boat {
		prev = mv.Path[1]
	}
	if f := t.R.Move.Entering; f != nil {
		for _, y := range mv.Path[1:] {
			if b.IsLand(y) && s.Foreign(y, n) > 0 {
				f(t, y)
			}
		}
	}
	t.Shift(from, dest, units)
	for k, c := range units {
		t.fresh[int(from)*len(units)+k] -= c
	}
	leader := ""
	if withLeader {
		li := s.LeaderOf(n)
		s.Leaders[li].Area = dest
		leader = s.Leaders[li].Name
		t.leaderFresh = false
		for _, a := range mv.Path[:len(mv.Path)-1] {
			if b.IsLand(a) {
				t.leaderLeft[a] = true
			}
		}
	}
	if !boat {
		t.passThrough(mv, units, count)
	}
	if s.Foreign(dest, n) > 0 && count > 0 {
		if len(t.entries[dest]) == 0 {
			t.order = append(t.order, dest)
		}
		t.entries[dest] = append(t.entries[dest], entry{From: prev, N: count, Line: mv.Line, Boat: boat})
	}
	var names []string
	for _, a := range mv.Path {
		names = append(names, t.Name(a))
	}
	t.Emit(Event{Kind: adjudicator.EvMove, What: "move", Area: t.Name(dest), Path: names, N: count, Line: mv.Line, Units: t.kindCounts(units), Leader: leader})
	t.leaderFollows(from, dest, mv.Line)
	t.settle()
}

// passThrough records the areas a move passes through: an overrun where
// other nations' units are (reduX Core 6.3), else a passage that may score
// (L&R 10.2: the mover is there for a moment).
func (t *Turn) passThrough(mv orders.Move, units []int, count int) {
	s, n := t.S, t.N
	for i := 1; i < len(mv.Path)-1; i++ {
		y := mv.Path[i]
		if s.Foreign(y, n) > 0 && t.passable(y) {
			continue
		}
		if s.Foreign(y, n) > 0 {
			t.passed[y] = append(t.passed[y], passage{From: mv.Path[i-1], N: count, Line: mv.Line})
			t.Emit(Event{Kind: adjudicator.EvOverrun, What: "overrun", Area: t.Name(y), N: count, Line: mv.Line})
			continue
		}
		if t.R.Occupy == nil {
			continue
		}
		for k, c := range units {
			s.Add(y, n, k, c)
		}
		t.occupy(n, y)
		for k, c := range units {
			s.Add(y, n, k, -c)
		}
	}
}

// MoveUnits is the default MoveRules.Select (reduX Core 6, L&R 9.1, 9.2):
// "move N" takes N units, infantry first; "move N infantry|cavalry" one
// kind; "move N leader" the nation's leader with N units (0: every unmoved
// one), cavalry first; "leader alone" the leader only. With no unit word
// and a path longer than infantry go, it takes cavalry only.
func MoveUnits(t *Turn, mv orders.Move, from games.AreaID, boat bool) ([]int, bool, bool) {
	cav := t.E.Kind("cavalry")
	units := make([]int, len(t.E.R.Kinds))
	freshInf := t.FreshOf(from, Infantry)
	freshCav := 0
	if cav >= 0 {
		freshCav = t.FreshOf(from, cav)
	}
	steps := len(mv.Path) - 1
	switch mv.Unit {
	case "leader alone", "leader":
		if t.S.LeaderIn(from, t.N) < 0 {
			t.Problem(mv.Line, "no-leader", t.Name(from))
			return nil, false, false
		}
		if mv.Unit == "leader alone" {
			return units, true, true
		}
		k := mv.N
		if k == 0 {
			k = freshInf + freshCav
		}
		if k > freshInf+freshCav {
			t.Problem(mv.Line, "leader-armies-fresh", freshInf+freshCav, t.Name(from))
			return nil, false, false
		}
		c := min(k, freshCav) // armies with a leader: cavalry first
		units[Infantry] = k - c
		if cav >= 0 {
			units[cav] = c
		}
		return units, true, true
	case "cavalry":
		k := mv.N
		if k == 0 {
			k = freshCav
		}
		if k == 0 || k > freshCav {
			t.Problem(mv.Line, "cavalry-fresh", freshCav, t.Name(from), max(k, 1))
			return nil, false, false
		}
		units[cav] = k
		return units, false, true
	case "infantry", "":
		return armiesMoving(t, mv, from, units, freshInf, freshCav, steps, boat)
	}
	t.Problem(mv.Line, "unknown-unit", mv.Unit)
	return nil, false, false
}

// armiesMoving picks the armies of "move N [infantry]" (reduX Core 6, L&R
// 9.1.1).
func armiesMoving(t *Turn, mv orders.Move, from games.AreaID, units []int, freshInf, freshCav, steps int, boat bool) ([]int, bool, bool) {
	cav := t.E.Kind("cavalry")
	k := mv.N
	onlyCav := mv.Unit == "" && cav >= 0 && steps == t.E.R.Kinds[cav].Moves && steps > t.E.R.Kinds[Infantry].Moves && !boat
	switch {
	case onlyCav && k == 0:
		k = freshCav
	case k == 0 && mv.Unit == "infantry":
		k = freshInf
	case k == 0:
		k = freshInf + freshCav
	}
	if k == 0 {
		t.Problem(mv.Line, "none-fresh", t.Name(from))
		return nil, false, false
	}
	switch {
	case onlyCav:
		if k > freshCav {
			t.Problem(mv.Line, "cavalry-three", freshCav, t.Name(from), k)
			return nil, false, false
		}
		units[cav] = k
	case mv.Unit == "infantry":
		if k > freshInf {
			t.Problem(mv.Line, "infantry-fresh", freshInf, t.Name(from), k)
			return nil, false, false
		}
		units[Infantry] = k
	default:
		if k > freshInf+freshCav {
			t.countProblem(mv, from, k)
			return nil, false, false
		}
		units[Infantry] = min(k, freshInf) // infantry first
		if cav >= 0 {
			units[cav] = k - units[Infantry]
		}
	}
	return units, false, true
}

// countProblem reports a move of more units than may move.
func (t *Turn) countProblem(mv orders.Move, from games.AreaID, k int) {
	if has := t.S.Units(from, t.N); has >= k {
		t.Problem(mv.Line, "moved-once", t.Fresh(from), t.Name(from))
	} else {
		t.Problem(mv.Line, "too-few", has, t.Name(from), k)
	}
}

// OneKind is MoveRules.Select for rulesets with one unit type and no
// leaders (reduX Core 1.2, 6): "move N" or "move all".
func OneKind(t *Turn, mv orders.Move, from games.AreaID, _ bool) ([]int, bool, bool) {
	count := mv.N
	if count == 0 {
		count = t.Fresh(from)
		if count == 0 {
			t.Problem(mv.Line, "none-fresh", t.Name(from))
			return nil, false, false
		}
	}
	if t.Fresh(from) < count {
		t.countProblem(mv, from, count)
		return nil, false, false
	}
	if mv.Unit != "" {
		t.Problem(mv.Line, "one-kind", mv.Unit)
		return nil, false, false
	}
	units := make([]int, len(t.E.R.Kinds))
	units[Infantry] = count
	return units, false, true
}

// Shift moves the mover's units (per kind) from one area to another, its
// raiders first (they stay raiders, L&R 11.4.1).
func (t *Turn) Shift(from, to games.AreaID, units []int) {
	k := 0
	for kind, c := range units {
		t.S.Add(from, t.N, kind, -c)
		t.S.Add(to, t.N, kind, c)
		k += c
	}
	if t.raiders == nil { // not a Raiding turn
		return
	}
	r := min(k, len(t.raiders[from]))
	moved := t.raiders[from][:r]
	t.raiders[to] = append(t.raiders[to], moved...)
	t.raiders[from] = slices.Clone(t.raiders[from][r:])
}

// leaderFollows moves the mover's leader out of an area its units have all
// left (L&R 9.2.1: "the leader must move out with these armies").
func (t *Turn) leaderFollows(from, to games.AreaID, line int) {
	li := t.S.LeaderIn(from, t.N)
	if li < 0 || t.S.Has(from, t.N) {
		return
	}
	ld := &t.S.Leaders[li]
	ld.Area = to
	if t.B.IsLand(from) {
		t.leaderLeft[from] = true
	}
	t.leaderFresh = false
	t.Emit(Event{Kind: adjudicator.EvLeader, What: "leader-follows", Area: t.Name(to), Line: line, Leader: ld.Name, Args: []string{t.Name(from)}})
}

// occupy tells the ruleset that nation m may have come to occupy area a
// (L&R 10.2).
func (t *Turn) occupy(m NationID, a games.AreaID) {
	if f := t.R.Occupy; f != nil {
		f(t, m, a)
	}
}

// settle tells the ruleset that the position has settled after a move, a
// battle or a phase (L&R 10.2: "as soon as" a nation is the sole occupant).
func (t *Turn) settle() {
	if f := t.R.Settle; f != nil {
		f(t)
	}
}

// BoatOK checks a boat move LAND > SEA > LAND by the kernel's boat rule
// (L&R 12): once per Movement Phase, from a coastal area through a sea it
// borders to an area on that sea not adjacent to the start; extra checks
// by the ruleset come in why (a No that refuses refuses the move).
func (t *Turn) BoatOK(mv orders.Move, count int, why func() No) bool {
	b := t.B
	from, sea, to := mv.Path[0], mv.Path[1], mv.Path[2]
	fail := func(what string, args ...any) bool {
		t.Problem(mv.Line, what, args...)
		return false
	}
	if no := why(); no.Refuses() {
		return fail(no.What, no.Args...)
	}
	switch {
	case count == 0:
		return fail("boat-leader-alone")
	case !Adjacent(b, from, sea):
		return fail("boat-not-border", t.Name(from), t.Name(sea))
	case !Adjacent(b, sea, to):
		return fail("boat-not-border", t.Name(to), t.Name(sea))
	case to == from || Adjacent(b, from, to):
		return fail("boat-adjacent", t.Name(to), t.Name(from))
	case t.boatFrom != games.NoArea && (t.boatFrom != from || t.boatSea != sea || t.boatTo != to):
		return fail("boat-once", t.Name(t.boatFrom), t.Name(t.boatSea), t.Name(t.boatTo))
	}
	if t.S.Foreign(to, t.N) > 0 {
		withLeader := mv.Unit == "leader" || mv.Unit == "leader alone"
		if no := t.mayEnter(to, withLeader && t.S.LeaderIn(from, t.N) >= 0); no.Refuses() {
			return fail(no.What, no.Args...)
		}
	}
	t.boatFrom, t.boatSea, t.boatTo = from, sea, to
	return true
}

// kindCounts are units counted by kind id as facts (Event.Units), the
// kinds with any.
func (t *Turn) kindCounts(units []int) []adjudicator.Count {
	var out []adjudicator.Count
	for k, c := range units {
		if c > 0 {
			out = append(out, adjudicator.Count{Kind: t.E.R.Kinds[k].Name, N: c})
		}
	}
	return out
}

// occupants are the other nations with units in area a, by name.
func (t *Turn) occupants(a games.AreaID) []any {
	var xs []any
	for _, m := range t.S.Occupants(a) {
		if m != t.N {
			xs = append(xs, t.E.NationName(m))
		}
	}
	return xs
}

// yesNo is a yes-or-no fact as an Arg.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
