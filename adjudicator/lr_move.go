package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Movement in Leaders and Raiders: the Core Movement Phase (reduX Core 6)
// with cavalry moving three areas (L&R 9.1.1), leaders moving three areas
// with the armies accompanying them, which may overrun difficult terrain
// (9.2.1), raiders and Major Invasion forces that may stay at sea (11.3,
// 11.4), boats (12), the Romano-British restraint (9.3) and the extra
// turns' limits (11.6.1).

const (
	maxMoveCavalry = 3 // reduX L&R 9.1.1
	maxMoveLeader  = 3 // reduX L&R 9.2.1
)

// lrMovement is one Movement Phase of a Leaders and Raiders nation turn.
func (t *turn) lrMovement() {
	s, n, l := t.s, t.n, t.lr
	t.startMovement(t.lrExcess())
	if l.phase == 1 {
		l.excessStart = t.excess0
	}
	t.fresh = make([]int, len(t.b.Areas))
	l.freshCav = make([]int, len(t.b.Areas))
	l.leaderLeft = make([]bool, len(t.b.Areas))
	l.leaderFresh = s.LeaderOf(n) >= 0
	l.boatFrom, l.boatSea, l.boatTo = games.NoArea, games.NoArea, games.NoArea
	for a := range t.fresh {
		t.fresh[a] = s.Units[a][n]
		l.freshCav[a] = s.LR.Cav[a][n]
		if len(t.entries[a]) > 0 { // landless reinforcements in an occupied centre (5.2.2)
			opp := t.foreign(games.AreaID(a))
			t.fresh[a] = max(0, s.Units[a][n]-opp)
			l.freshCav[a] = min(l.freshCav[a], t.fresh[a])
		}
	}
	// Core 6: a nation over its population limit must expand, if it can.
	mustExpand := t.excess0 > 0 && t.canExpand() && !(l.major && l.phase == 1)
	l.expanded = false
	for _, mv := range statements[orders.Move](t) {
		into := t.expands(mv)
		if t.lrMove(mv) && into {
			l.expanded = true
		}
	}
	t.lrAtSea()
	t.checkOverruns()
	t.lrCheckEndOfMovement(mustExpand && !l.expanded)
}

// lrAtSea deals with units still at sea at the end of movement: invaders
// must land (Core 6.1) unless they are raiding units (L&R 11.4) or in the
// first phase of a Major Invasion (11.3); raiders with a leader must land
// (9.2.1, in a Major Invasion only after its second phase).
func (t *turn) lrAtSea() {
	l := t.lr
	for a := t.b.NumLand; a < len(t.b.Areas); a++ {
		sea := games.AreaID(a)
		if t.fresh[a] == 0 {
			continue
		}
		mayStay := false
		rule := "reduX Core 6.1"
		switch {
		case l.major && l.phase == 1:
			mayStay = true
		case l.raid && len(l.raiders[a]) >= t.s.Units[a][t.n]:
			// 9.2.1: raiders that include a leader must end on land.
			mayStay = !(l.leaderRaider && t.s.LeaderOf(t.n) >= 0)
			if !mayStay {
				rule = "reduX L&R 9.2.1"
			}
		}
		if mayStay {
			continue
		}
		// The second phase of a Major Invasion lands what is left at sea by
		// default, also when a file is checked (docs/orders.md Decision 17).
		if t.strict && !(l.major && l.phase == 2) {
			why := "must land this turn"
			if rule == "reduX L&R 9.2.1" {
				why = "are raiders with a leader and must end the Movement Phase on land"
			}
			t.problem(0, rule, "%d %s at sea in %s %s; add a move such as \"move %d %s > LAND\"", t.fresh[a], armies(t.fresh[a]), t.name(sea), why, t.fresh[a], t.name(sea))
			continue
		}
		t.lrLandByDefault(sea)
	}
}

// lrLandByDefault lands the units left at sea as the Core default does
// (reduX Core 6.1), the leader with them.
func (t *turn) lrLandByDefault(sea games.AreaID) {
	leader := t.s.LeaderIn(sea, t.n) >= 0
	best := t.defaultLanding(sea, func(a games.AreaID) bool { return t.mayEnter(a, true, leader) })
	if best == games.NoArea {
		t.emit(Event{Kind: EvLimit, Area: t.name(sea), Rule: "reduX Core 6.1", Text: fmt.Sprintf("the %s at sea in %s have nowhere they may land (reduX Core 6.1)", t.nation(), t.name(sea))})
		return
	}
	k := t.fresh[sea]
	t.emit(Event{Kind: EvDefault, Area: t.name(best), N: k, Rule: "reduX Core 6.1", Text: t.landedText(k, best)})
	t.defaulted(0, "reduX Core 6.1, L&R 11.3", "%s at sea in %s %s by default in %s", count(k, "army", "armies"), t.name(sea), verb(k, "lands", "land"), t.name(best))
	mv := orders.Move{N: k, Path: []games.AreaID{sea, best}}
	if t.s.LeaderIn(sea, t.n) >= 0 && t.lr.leaderFresh {
		mv.Unit = "leader"
	}
	into := t.expands(mv)
	if t.lrMove(mv) && into {
		t.lr.expanded = true
	}
}

// mayEnter reports whether the mover may move into area a that holds other
// nations' armies (an attack or an overrun): the Romano-British restraint
// (reduX L&R 9.3) and the extra turns' limits (11.6.1). attack is false for
// areas with no other armies, which are always allowed.
func (t *turn) mayEnter(a games.AreaID, attack, withArthur bool) bool {
	ok, _ := t.enterProblem(a, withArthur)
	return !attack || t.foreign(a) == 0 || ok
}

// enterProblem says why the mover may not attack area a, if it may not.
func (t *turn) enterProblem(a games.AreaID, withArthur bool) (bool, string) {
	if t.foreign(a) == 0 {
		return true, ""
	}
	nat := t.g.Tables.Nations
	if nat[t.n].Name == "Romano-British" {
		arthurGone := slices.Contains(t.s.LR.Gone, arthur)
		for m, c := range t.s.Units[a] {
			if m == t.n || c == 0 || !nat[m].British {
				continue
			}
			if withArthur {
				return false, fmt.Sprintf("Arthur and his cavalry may not attack a British nation, and the %s are one (reduX L&R 9.3)", nat[m].Name)
			}
			if !arthurGone && !t.s.LR.provoked(m) {
				return false, fmt.Sprintf("the Romano-British may not attack the %s, a British nation, until they have attacked the Romano-British or Arthur has left play (reduX L&R 9.3)", nat[m].Name)
			}
		}
	}
	if t.lr.extra {
		if !t.b.Difficult(a) && slices.Contains(t.g.Tables.SetIDs(t.b, t.g.Tables.LR.King.Set), a) {
			return true, ""
		}
		for m, c := range t.s.Units[a] {
			if m != t.n && c > 0 && t.e.eligibleLeader(t.s, m) {
				return true, ""
			}
		}
		return false, fmt.Sprintf("in an extra nation turn only clear English areas south of York and March, or areas of nations with a leader eligible to be King, may be attacked; %s is neither (reduX L&R 11.6.1)", t.name(a))
	}
	return true, ""
}

// lrMove carries out one move statement of a Leaders and Raiders turn.
func (t *turn) lrMove(mv orders.Move) bool {
	s, n, b, l := t.s, t.n, t.b, t.lr
	if len(mv.Path) < 2 {
		t.problem(mv.Line, "reduX Core 6", "a move needs at least two areas")
		return false
	}
	from := mv.Path[0]
	steps := len(mv.Path) - 1
	boat := steps == 2 && b.IsLand(from) && !b.IsLand(mv.Path[1]) && b.IsLand(mv.Path[2])
	freshInf := t.fresh[from] - l.freshCav[from]
	freshCav := l.freshCav[from]
	withLeader := false
	var inf, cav int
	switch mv.Unit {
	case "leader alone":
		if s.LeaderIn(from, n) < 0 {
			t.problem(mv.Line, "reduX L&R 9.2", "the %s have no leader in %s", t.nation(), t.name(from))
			return false
		}
		withLeader = true
	case "leader":
		if s.LeaderIn(from, n) < 0 {
			t.problem(mv.Line, "reduX L&R 9.2", "the %s have no leader in %s", t.nation(), t.name(from))
			return false
		}
		withLeader = true
		k := mv.N
		if k == 0 {
			k = freshInf + freshCav
		}
		if k > freshInf+freshCav {
			t.problem(mv.Line, "reduX Core 6", "only %d of the %s armies in %s can still move", freshInf+freshCav, possessive(t.nation()), t.name(from))
			return false
		}
		cav = min(k, freshCav) // armies with a leader: cavalry first
		inf = k - cav
	case "cavalry":
		k := mv.N
		if k == 0 {
			k = freshCav
		}
		if k == 0 || k > freshCav {
			t.problem(mv.Line, "reduX L&R 9.1", "the %s have %d cavalry in %s that can still move, not %d", t.nation(), freshCav, t.name(from), max(k, 1))
			return false
		}
		cav = k
	case "infantry", "":
		k := mv.N
		onlyCav := mv.Unit == "" && steps == maxMoveCavalry && !boat
		switch {
		case onlyCav && k == 0:
			k = freshCav
		case k == 0 && mv.Unit == "infantry":
			k = freshInf
		case k == 0:
			k = freshInf + freshCav
		}
		if k == 0 {
			t.problem(mv.Line, "reduX Core 6", "the %s have no armies in %s that can still move", t.nation(), t.name(from))
			return false
		}
		switch {
		case onlyCav:
			if k > freshCav {
				t.problem(mv.Line, "reduX L&R 9.1.1", "only cavalry move three areas, and the %s have %d cavalry in %s that can still move (armies with a leader move three: \"move %d leader ...\")", t.nation(), freshCav, t.name(from), k)
				return false
			}
			cav = k
		case mv.Unit == "infantry":
			if k > freshInf {
				t.problem(mv.Line, "reduX Core 6", "the %s have %d infantry in %s that can still move, not %d", t.nation(), freshInf, t.name(from), k)
				return false
			}
			inf = k
		default:
			if k > freshInf+freshCav {
				if s.Units[from][n] >= k {
					t.problem(mv.Line, "reduX Core 6", "only %d of the %s armies in %s can still move (an army moves once a turn)", t.fresh[from], possessive(t.nation()), t.name(from))
				} else {
					t.problem(mv.Line, "reduX Core 6", "the %s have %d %s in %s, not %d", t.nation(), s.Units[from][n], armies(s.Units[from][n]), t.name(from), k)
				}
				return false
			}
			inf = min(k, freshInf) // infantry first
			cav = k - inf
		}
	default:
		t.problem(mv.Line, "reduX L&R 9", "unknown unit %q (infantry, cavalry, leader or leader alone)", mv.Unit)
		return false
	}
	if withLeader && !l.leaderFresh {
		t.problem(mv.Line, "reduX L&R 9.2.1", "the %s leader has already moved this phase", possessive(t.nation()))
		return false
	}
	count := inf + cav
	withArthur := false
	if withLeader {
		withArthur = s.LR.Leaders[s.LeaderOf(n)].Name == arthur
	}
	// 9.3: Arthur and his cavalry stay together for the round they appear.
	if t.arthurOnBoard() && t.g.Tables.Nations[n].Name == "Romano-British" {
		here := s.LeaderIn(from, n) >= 0
		switch {
		case withArthur && cav < s.LR.Cav[from][n]:
			t.problem(mv.Line, "reduX L&R 9.3", "Arthur and his cavalry must stay together: move all %d cavalry in %s with him", s.LR.Cav[from][n], t.name(from))
			return false
		case !withLeader && cav > 0 && here:
			t.problem(mv.Line, "reduX L&R 9.3", "Arthur's cavalry must stay with him: move them with \"move N leader ...\"")
			return false
		}
	}
	// Range.
	limit := maxMove
	switch {
	case withLeader:
		limit = maxMoveLeader
	case count > 0 && inf == 0:
		limit = maxMoveCavalry
	}
	if boat {
		if !t.lrBoatOK(mv, count) {
			return false
		}
	} else {
		if steps > limit {
			what := "armies move"
			switch {
			case withLeader:
				what = "a leader and its armies move"
			case inf == 0:
				what = "cavalry move"
			}
			t.problem(mv.Line, "reduX Core 6, L&R 9.1.1, 9.2.1", "%s at most %d areas; this path has %d", what, limit, steps)
			return false
		}
		if !b.IsLand(from) && !(t.fresh[from] > 0) {
			t.problem(mv.Line, "reduX Core 6.1", "the %s have no armies at sea in %s", t.nation(), t.name(from))
			return false
		}
		for i := 1; i < len(mv.Path); i++ {
			x, y := mv.Path[i-1], mv.Path[i]
			if !b.IsLand(y) {
				if t.e.Boats && i == 1 {
					t.problem(mv.Line, "reduX L&R 12", "a boat move is LAND > SEA > LAND, from a coastal area to another area on that sea")
				} else {
					t.problem(mv.Line, "reduX Core 6", "armies may not move into a sea area (%s)", t.name(y))
				}
				return false
			}
			linked, strait := b.Adjacent(x, y)
			if !linked && i == 1 && !b.IsLand(x) {
				if other, ok := t.border[x]; ok {
					linked, _ = b.Adjacent(other, y)
				}
			}
			if !linked {
				t.problem(mv.Line, "reduX Core 6", "%s is not adjacent to %s", t.name(y), t.name(x))
				return false
			}
			if strait && steps != 1 {
				t.problem(mv.Line, "reduX Core 6.2, L&R 9.2.1", "crossing the strait from %s to %s takes all of a unit's movement", t.name(x), t.name(y))
				return false
			}
			if count == 0 && (s.Units[y][n] == 0 || t.foreign(y) > 0) {
				t.problem(mv.Line, "reduX L&R 9.2.1", "a leader alone may only enter areas that hold its nation's armies and no others; %s does not", t.name(y))
				return false
			}
			if t.foreign(y) > 0 {
				if ok, why := t.enterProblem(y, withArthur); !ok {
					t.problem(mv.Line, "reduX L&R 9.3, 11.6.1", "%s", why)
					return false
				}
			}
			if i < len(mv.Path)-1 && t.foreign(y) > 0 && b.Difficult(y) && !withLeader {
				t.problem(mv.Line, "reduX Core 6.3", "armies must stop in %s: it holds %s armies and overruns are not possible in difficult terrain (armies with a leader may, L&R 9.2.1)", t.name(y), t.occupantNames(y))
				return false
			}
		}
	}
	// Carry it out.
	dest := mv.Path[len(mv.Path)-1]
	prev := mv.Path[len(mv.Path)-2]
	if boat {
		prev = mv.Path[1]
	}
	for _, y := range mv.Path[1:] {
		if b.IsLand(y) && t.foreign(y) > 0 {
			t.provoke(y)
		}
	}
	t.shift(from, dest, inf, cav)
	t.fresh[from] -= count
	l.freshCav[from] -= cav
	if withLeader {
		li := s.LeaderOf(n)
		s.LR.Leaders[li].Area = dest
		l.leaderFresh = false
		for _, a := range mv.Path[:len(mv.Path)-1] {
			if b.IsLand(a) {
				l.leaderLeft[a] = true
			}
		}
	}
	if !boat {
		for i := 1; i < len(mv.Path)-1; i++ {
			y := mv.Path[i]
			if t.foreign(y) > 0 {
				t.passed[y] = append(t.passed[y], passage{From: mv.Path[i-1], N: count, Line: mv.Line})
				t.emit(Event{Kind: EvOverrun, Area: t.name(y), N: count, Line: mv.Line, Text: fmt.Sprintf("%d %s %s %s %s (reduX Core 6.3)", count, t.nation(), armies(count), verb(count, "overruns", "overrun"), t.name(y))})
			} else { // passing through counts (10.2): the mover is there for a moment
				s.Units[y][n] += count
				t.occupyArea(n, y)
				s.Units[y][n] -= count
			}
		}
	}
	if t.foreign(dest) > 0 && count > 0 {
		if len(t.entries[dest]) == 0 {
			t.order = append(t.order, dest)
		}
		t.entries[dest] = append(t.entries[dest], entry{From: prev, N: count, Line: mv.Line, Boat: boat})
	}
	var names []string
	for _, a := range mv.Path {
		names = append(names, t.name(a))
	}
	what := unitsText(inf, cav)
	if withLeader {
		ld := s.LR.Leaders[s.LeaderOf(n)].Name
		if count == 0 {
			what = ld
		} else {
			what = ld + " with " + what
		}
	}
	t.emit(Event{Kind: EvMove, Area: t.name(dest), Path: names, N: count, Line: mv.Line, Text: fmt.Sprintf("%s %s %s %s", t.nation(), what, verb(b2i(withLeader || count == 1), "moves", "move"), strings.Join(names, " > "))})
	t.leaderFollows(from, dest, mv.Line)
	t.lrOccupy()
	return true
}

// shift moves inf infantry and cav cavalry of the mover from one area to
// another, raiders first (they stay raiders, L&R 11.4.1).
func (t *turn) shift(from, to games.AreaID, inf, cav int) {
	k := inf + cav
	t.s.Units[from][t.n] -= k
	t.s.Units[to][t.n] += k
	t.s.LR.Cav[from][t.n] -= cav
	t.s.LR.Cav[to][t.n] += cav
	l := t.lr
	r := min(k, len(l.raiders[from]))
	moved := l.raiders[from][:r]
	l.raiders[to] = append(l.raiders[to], moved...)
	l.raiders[from] = append([]games.AreaID(nil), l.raiders[from][r:]...)
}

// leaderFollows moves the mover's leader out of an area its armies have
// all left (reduX L&R 9.2.1: "the leader must move out with these armies").
func (t *turn) leaderFollows(from, to games.AreaID, line int) {
	li := t.s.LeaderIn(from, t.n)
	if li < 0 || t.s.Units[from][t.n] > 0 {
		return
	}
	ld := &t.s.LR.Leaders[li]
	ld.Area = to
	if t.b.IsLand(from) {
		t.lr.leaderLeft[from] = true
	}
	t.lr.leaderFresh = false
	t.emit(Event{Kind: EvLeader, Area: t.name(to), Line: line, Rule: "reduX L&R 9.2.1", Text: fmt.Sprintf("%s goes with the last %s armies from %s to %s (reduX L&R 9.2.1)", ld.Name, t.nation(), t.name(from), t.name(to))})
}

// provoke records a British nation attacking the Romano-British (9.3).
func (t *turn) provoke(a games.AreaID) {
	nat := t.g.Tables.Nations
	if !nat[t.n].British {
		return
	}
	for m, c := range t.s.Units[a] {
		if c > 0 && nat[m].Name == "Romano-British" && !t.s.LR.provoked(t.n) {
			t.s.LR.provoke(t.n, len(nat))
			t.emit(Event{Kind: EvLeader, Area: t.name(a), Rule: "reduX L&R 9.3", Text: fmt.Sprintf("The %s attack the Romano-British, who may now attack them (reduX L&R 9.3)", nat[t.n].Name)})
		}
	}
}

func (t *turn) arthurOnBoard() bool {
	for _, ld := range t.s.LR.Leaders {
		if ld.Name == arthur {
			return true
		}
	}
	return false
}

// lrBoatOK checks a boat move LAND > SEA > LAND (reduX L&R 12).
func (t *turn) lrBoatOK(mv orders.Move, count int) bool {
	b, l := t.b, t.lr
	from, sea, to := mv.Path[0], mv.Path[1], mv.Path[2]
	switch {
	case !t.e.Boats:
		t.problem(mv.Line, "reduX Core 6", "armies may not move into a sea area (%s); boat movement is the optional rule \"boats\" (reduX L&R 12)", t.name(sea))
	case l.extra:
		t.problem(mv.Line, "reduX L&R 12", "boat movement may not be used in the extra nation turns of the final round")
	case l.landlessAtMajor:
		t.problem(mv.Line, "reduX L&R 12", "the %s held no land at the start of their Major Invasion and may not use boats", t.nation())
	case count == 0:
		t.problem(mv.Line, "reduX L&R 9.2.1", "a leader may not move by boat alone")
	case !adjacent(b, from, sea):
		t.problem(mv.Line, "reduX L&R 12", "%s does not border %s", t.name(from), t.name(sea))
	case !adjacent(b, sea, to):
		t.problem(mv.Line, "reduX L&R 12", "%s does not border %s", t.name(to), t.name(sea))
	case to == from || adjacent(b, from, to):
		t.problem(mv.Line, "reduX L&R 12", "a boat move goes to an area not adjacent to its start; %s is adjacent to %s", t.name(to), t.name(from))
	case l.boatFrom != games.NoArea && (l.boatFrom != from || l.boatSea != sea || l.boatTo != to):
		t.problem(mv.Line, "reduX L&R 12", "boat movement is used once per Movement Phase, from one area through one sea to one area (this phase: %s > %s > %s)", t.name(l.boatFrom), t.name(l.boatSea), t.name(l.boatTo))
	default:
		if t.foreign(to) > 0 {
			if ok, why := t.enterProblem(to, t.withArthurMove(mv)); !ok {
				t.problem(mv.Line, "reduX L&R 9.3", "%s", why)
				return false
			}
		}
		l.boatFrom, l.boatSea, l.boatTo = from, sea, to
		return true
	}
	return false
}

func (t *turn) withArthurMove(mv orders.Move) bool {
	if mv.Unit != "leader" && mv.Unit != "leader alone" {
		return false
	}
	li := t.s.LeaderIn(mv.Path[0], t.n)
	return li >= 0 && t.s.LR.Leaders[li].Name == arthur
}

func adjacent(b *games.Board, x, y games.AreaID) bool {
	ok, _ := b.Adjacent(x, y)
	return ok
}

// lrExcess is the mover's excess armies (reduX Core 4.2.2) leaving out its
// raiding units and the areas only they occupy (L&R 11.4).
func (t *turn) lrExcess() int { return t.lrPopLimit().excess() }

// lrPopLimit is the mover's population limit without its raiders (L&R
// 11.4).
func (t *turn) lrPopLimit() popLimit {
	return t.popLimitOf(t.n, func(a int) int {
		if t.lr == nil {
			return 0
		}
		return len(t.lr.raiders[a])
	})
}

// lrCheckEndOfMovement is reduX Core 6.4 with Leaders and Raiders: areas a
// leader left count as held (9.2.1); raiding units do not count for the
// population limit (11.4); the first phase of a Major Invasion ignores it
// (11.3), and the second is measured against the nation's excess at the
// start of the first (11.3 lifts the limit for the first phase only, so
// the excess that phase was allowed to build is not a licence to keep it).
func (t *turn) lrCheckEndOfMovement(owesExpansion bool) {
	s, n, l := t.s, t.n, t.lr
	t.checkStacking()
	t.checkHeld(func(a games.AreaID) bool { return s.Holds(a, n) || l.leaderLeft[a] })
	ignorePop := l.major && l.phase == 1
	base := t.excess0
	if l.major && l.phase == 2 && !t.e.legacy() {
		base = l.excessStart
	}
	if p := t.lrPopLimit(); p.excess() > 0 && base == 0 && !ignorePop {
		t.limit("reduX Core 4.2.2, 6.4", "%s", t.overPopulation(p))
	}
	if owesExpansion {
		t.limit("reduX Core 6", "the %s begin movement over their population limit and must move into empty areas or attack", t.nation())
	}
}
