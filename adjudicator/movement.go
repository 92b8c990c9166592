package adjudicator

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// maxMove is how many areas an army moves (reduX Core 6).
const maxMove = 2

// movement is the Movement Phase (reduX Core 6): the file's moves in order,
// invaders landing (6.1), straits (6.2), overruns (6.3) and the limits at
// the end of the phase (6.4).
func (t *turn) movement() {
	s, n := t.s, t.n
	t.startMovement(s.Excess(t.b, n))
	t.fresh = make([]int, len(t.b.Areas))
	for a := range t.fresh {
		t.fresh[a] = s.Units[a][n]
		if len(t.entries[a]) > 0 { // landless reinforcements in an occupied centre (5.2.2)
			opp := 0
			for m, c := range s.Units[a] {
				if m != n {
					opp += c
				}
			}
			t.fresh[a] = max(0, s.Units[a][n]-opp)
		}
	}
	// 6: a nation over its population limit must move into empty areas or
	// attack; the duty binds only if some army can do so.
	mustExpand := t.excess0 > 0 && t.canExpand()
	expanded := false
	do := func(mv orders.Move) {
		into := t.expands(mv)
		if t.move(mv) && into {
			expanded = true
		}
	}
	for _, mv := range statements[orders.Move](t) {
		do(mv)
	}
	// 6.1: invaders must land.
	for a := t.b.NumLand; a < len(t.b.Areas); a++ {
		if t.fresh[a] > 0 {
			sea := games.AreaID(a)
			if t.strict {
				t.problem(0, "reduX Core 6.1", "%d %s at sea in %s must land this turn; add a move such as \"move %d %s > LAND\"", t.fresh[a], armies(t.fresh[a]), t.name(sea), t.fresh[a], t.name(sea))
				continue
			}
			if mv, ok := t.landByDefault(sea); ok {
				do(mv)
			}
		}
	}
	t.checkOverruns()
	t.checkEndOfMovement(mustExpand && !expanded)
}

// expands reports whether a move, before it is made, enters an empty land
// area or one holding another nation's armies (reduX Core 6: what a nation
// over its population limit must do).
func (t *turn) expands(mv orders.Move) bool {
	for _, a := range mv.Path[min(1, len(mv.Path)):] {
		if t.b.IsLand(a) && (t.s.Vacant(a) || t.foreign(a) > 0) {
			return true
		}
	}
	return false
}

// canExpand reports whether some army of the nation that may still move
// could reach an empty land area or attack one within its move (reduX Core
// 6, 6.1, 6.2): two areas, a strait taking the whole move. Only then can
// the over-limit duty of 6 be met (docs/design.md §2).
func (t *turn) canExpand() bool {
	open := func(a games.AreaID) bool { return t.b.IsLand(a) && (t.s.Vacant(a) || t.foreign(a) > 0) }
	for a, k := range t.fresh {
		if k == 0 {
			continue
		}
		first := t.b.Edges(games.AreaID(a))
		if other, ok := t.seaPartner(games.AreaID(a)); ok {
			first = append(append([]games.Edge(nil), first...), t.b.Edges(other)...)
		}
		for _, e := range first {
			if !t.b.IsLand(e.To) {
				continue
			}
			if open(e.To) {
				return true
			}
			if e.Strait {
				continue
			}
			for _, e2 := range t.b.Edges(e.To) {
				if !e2.Strait && open(e2.To) {
					return true
				}
			}
		}
	}
	return false
}

// move carries out one move statement; false when it is not possible.
func (t *turn) move(mv orders.Move) bool {
	s, n, b := t.s, t.n, t.b
	if len(mv.Path) < 2 {
		t.problem(mv.Line, "reduX Core 6", "a move needs at least two areas")
		return false
	}
	from := t.seaHome(mv.Path[0])
	count := mv.N
	if count == 0 {
		count = t.fresh[from]
		if count == 0 {
			t.problem(mv.Line, "reduX Core 6", "the %s have no armies in %s that can still move", t.nation(), t.name(from))
			return false
		}
	}
	if t.fresh[from] < count {
		if s.Units[from][n] >= count {
			t.problem(mv.Line, "reduX Core 6", "only %d of the %s armies in %s can still move (an army moves once a turn)", t.fresh[from], possessive(t.nation()), t.name(from))
		} else {
			t.problem(mv.Line, "reduX Core 6", "the %s have %d %s in %s, not %d", t.nation(), s.Units[from][n], armies(s.Units[from][n]), t.name(from), count)
		}
		return false
	}
	if mv.Unit != "" {
		t.problem(mv.Line, "reduX Core 1.2", "there is only one unit type in reduX Core; leave out %q", mv.Unit)
		return false
	}
	steps := len(mv.Path) - 1
	if steps > maxMove {
		t.problem(mv.Line, "reduX Core 6", "armies move at most %d areas; this path has %d", maxMove, steps)
		return false
	}
	for i := 1; i < len(mv.Path); i++ {
		x, y := mv.Path[i-1], mv.Path[i]
		if !b.IsLand(y) {
			t.problem(mv.Line, "reduX Core 6", "armies may not move into a sea area (%s)", t.name(y))
			return false
		}
		linked, strait := b.Adjacent(x, y)
		if !linked && i == 1 && !b.IsLand(x) {
			if other, ok := t.seaPartner(x); ok {
				linked, _ = b.Adjacent(other, y)
			}
		}
		if !linked {
			t.problem(mv.Line, "reduX Core 6", "%s is not adjacent to %s", t.name(y), t.name(x))
			return false
		}
		if strait && steps != 1 {
			t.problem(mv.Line, "reduX Core 6.2", "crossing the strait from %s to %s takes all of an army's movement", t.name(x), t.name(y))
			return false
		}
		if i < len(mv.Path)-1 && t.foreign(y) > 0 {
			if b.Difficult(y) {
				t.problem(mv.Line, "reduX Core 6.3", "armies must stop in %s: it holds %s armies and overruns are not possible in difficult terrain", t.name(y), t.occupantNames(y))
				return false
			}
		}
	}
	// Carry it out.
	s.Units[from][n] -= count
	t.fresh[from] -= count
	dest := mv.Path[len(mv.Path)-1]
	s.Units[dest][n] += count
	prev := mv.Path[len(mv.Path)-2]
	for i := 1; i < len(mv.Path)-1; i++ {
		y := mv.Path[i]
		if t.foreign(y) > 0 {
			t.passed[y] = append(t.passed[y], passage{From: mv.Path[i-1], N: count, Line: mv.Line})
			t.emit(Event{Kind: EvOverrun, Area: t.name(y), N: count, Line: mv.Line, Text: fmt.Sprintf("%d %s %s %s %s (reduX Core 6.3)", count, t.nation(), armies(count), verb(count, "overruns", "overrun"), t.name(y))})
		}
	}
	if t.foreign(dest) > 0 {
		if len(t.entries[dest]) == 0 {
			t.order = append(t.order, dest)
		}
		t.entries[dest] = append(t.entries[dest], entry{From: prev, N: count, Line: mv.Line})
	}
	var names []string
	for _, a := range mv.Path {
		names = append(names, t.name(a))
	}
	t.emit(Event{Kind: EvMove, Area: t.name(dest), Path: names, N: count, Line: mv.Line, Text: fmt.Sprintf("%d %s %s %s %s", count, t.nation(), armies(count), verb(count, "moves", "move"), strings.Join(names, " > "))})
	return true
}

// seaPartner returns the other sea of a pair on whose border invaders were
// placed this turn (reduX Core 5.2.1), for either sea of the pair.
func (t *turn) seaPartner(sea games.AreaID) (games.AreaID, bool) {
	if other, ok := t.border[sea]; ok {
		return other, true
	}
	for first := games.AreaID(t.b.NumLand); int(first) < len(t.b.Areas); first++ {
		if second, ok := t.border[first]; ok && second == sea {
			return first, true
		}
	}
	return games.NoArea, false
}

// seaHome returns where the armies a move starts from are kept. Invaders on
// the border of two seas are in both (reduX Core 5.2.1, 6.1) but are kept
// in the first sea listed; a move may name either sea, so a move from the
// second sea of a border pair, where the nation has no armies of its own,
// takes them from the first.
func (t *turn) seaHome(a games.AreaID) games.AreaID {
	if t.b.IsLand(a) || t.fresh[a] > 0 {
		return a
	}
	for first := games.AreaID(t.b.NumLand); int(first) < len(t.b.Areas); first++ {
		if second, ok := t.border[first]; ok && second == a && t.fresh[first] > 0 {
			return first
		}
	}
	return a
}

// foreign is the number of other nations' armies in an area.
func (t *turn) foreign(a games.AreaID) int {
	c := 0
	for m, k := range t.s.Units[a] {
		if m != t.n {
			c += k
		}
	}
	return c
}

func (t *turn) occupantNames(a games.AreaID) string {
	var xs []string
	for m, k := range t.s.Units[a] {
		if m != t.n && k > 0 {
			xs = append(xs, t.g.Tables.Nations[m].Name)
		}
	}
	return strings.Join(xs, " and ")
}

// checkOverruns enforces reduX Core 6.3 over the whole phase: armies may
// pass through an occupied area only as the excess over twice its
// defenders or over the overstack maximum, so the armies of the nation that
// stop there must number at least min(2 × defenders, overstack maximum).
func (t *turn) checkOverruns() {
	for a := 0; a < t.b.NumLand; a++ {
		id := games.AreaID(a)
		if len(t.passed[a]) == 0 {
			continue
		}
		_, os := t.stackLimit(id)
		need := min(2*t.foreign(id), os)
		stop := t.s.Units[a][t.n]
		if stop < need {
			pass := 0
			for _, p := range t.passed[a] {
				pass += p.N
			}
			line := t.passed[a][0].Line
			if t.strict {
				t.problem(line, "reduX Core 6.3", "%s through %s but only %d %s there; to overrun %s at least %d must stop", count(pass, "army passes", "armies pass"), t.name(id), stop, verb(stop, "stops", "stop"), count(t.foreign(id), "defender", "defenders"), need)
			} else {
				t.emit(Event{Kind: EvLimit, Area: t.name(id), Line: line, Rule: "reduX Core 6.3", Text: fmt.Sprintf("the overrun of %s no longer has enough armies stopping there (%d of %d); it stands", t.name(id), stop, need)})
			}
		}
	}
}

// checkEndOfMovement enforces reduX Core 6.4 (and the over-limit duty of 6).
// A limit is enforced only where some legal file can meet it (docs/design.md §2):
// the stacking limit and the held-area count can always be met by moving
// less; the population limit only when the nation was within it at the
// start of the phase; the duty of 6 (owesExpansion: no move entered an
// empty area or attacked) only when some army could have.
func (t *turn) checkEndOfMovement(owesExpansion bool) {
	s, n := t.s, t.n
	t.checkStacking()
	t.checkHeld(func(a games.AreaID) bool { return s.Holds(a, n) })
	if ex := s.Excess(t.b, n); ex > 0 && t.excess0 == 0 {
		t.limit("reduX Core 4.2.2, 6.4", "%s", t.overPopulation(t.popLimitOf(n, nil)))
	}
	if owesExpansion {
		t.limit("reduX Core 6", "the %s begin movement over their population limit and must move into empty areas or attack", t.nation())
	}
}

func (t *turn) limit(rule, format string, args ...any) {
	if t.strict {
		t.problem(0, rule, format, args...)
		return
	}
	t.emit(Event{Kind: EvLimit, Rule: rule, Text: fmt.Sprintf(format, args...) + " (" + rule + ")"})
}

// landByDefault lands armies left at sea (reduX Core 6.1) when a turn is
// played without a move for them: onto the bordering land area with the
// fewest other armies, the nation's own areas first, board order on ties.
// It returns the landing move for the caller to make.
func (t *turn) landByDefault(sea games.AreaID) (orders.Move, bool) {
	best := t.defaultLanding(sea, func(games.AreaID) bool { return true })
	if best == games.NoArea {
		return orders.Move{}, false
	}
	k := t.fresh[sea]
	t.emit(Event{Kind: EvDefault, Area: t.name(best), N: k, Rule: "reduX Core 6.1", Text: t.landedText(k, best)})
	return orders.Move{N: k, Path: []games.AreaID{sea, best}}, true
}

// landedText says where armies left at sea land by default (reduX Core
// 6.1).
func (t *turn) landedText(k int, at games.AreaID) string {
	if k == 1 {
		return fmt.Sprintf("1 army at sea must land and no order moved it: it lands in %s (reduX Core 6.1)", t.name(at))
	}
	return fmt.Sprintf("%d armies at sea must land and no order moved them: they land in %s (reduX Core 6.1)", k, t.name(at))
}

// defaultLanding is where armies left at sea land by default (reduX Core
// 6.1, docs/orders.md): the bordering land area, among those ok allows,
// with the fewest other armies, the nation's own areas first, board order
// on ties; NoArea when there is none.
func (t *turn) defaultLanding(sea games.AreaID, ok func(games.AreaID) bool) games.AreaID {
	best, bestScore := games.NoArea, 1<<30
	for _, e := range t.b.Edges(sea) {
		if !t.b.IsLand(e.To) || !ok(e.To) {
			continue
		}
		sc := t.foreign(e.To) * 2
		if t.s.Units[e.To][t.n] == 0 {
			sc++
		}
		if sc < bestScore {
			best, bestScore = e.To, sc
		}
	}
	return best
}
