package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// maxB is the most steps of type B a unit makes in a movement (Hy Breasil
// 6.3): steps between two areas not both occupied by the nation.
const maxB = 2

// Parts divides a set of land areas, taken as one nation's (own), into its
// internally connected parts (Hy Breasil 6.4): two areas are connected when
// a unit could move from one to the other under 6.3 — any number of steps
// between the nation's areas and at most two others, through empty land or
// seas, never on through land another nation occupies. Land with units of
// any nation outside own blocks. Parts are in board order of their first
// areas.
//
// With nav (9.3.1 Navigation: "this counts also for connections in the
// support phase") a move may cross two seas as one.
func Parts(s *adjudicator.State, b *games.Board, own []bool, nav bool) [][]games.AreaID {
	comp := make([]int, len(b.Areas))
	for i := range comp {
		comp[i] = -1
	}
	var parts [][]games.AreaID
	for a := 0; a < b.NumLand; a++ {
		if !own[a] || comp[a] >= 0 {
			continue
		}
		id := len(parts)
		parts = append(parts, nil)
		queue := []games.AreaID{games.AreaID(a)}
		comp[a] = id
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			parts[id] = append(parts[id], x)
			for _, y := range reachable(s, b, own, x, nav) {
				if comp[y] < 0 {
					comp[y] = id
					queue = append(queue, y)
				}
			}
		}
		sortAreas(parts[id])
	}
	return parts
}

// reachable are the own areas one move from own area x reaches (6.3); with
// nav one step from a sea to a sea is free (9.3.1 Navigation).
func reachable(s *adjudicator.State, b *games.Board, own []bool, x games.AreaID, nav bool) []games.AreaID {
	type node struct {
		a    games.AreaID
		used int // 1 once the free sea step is taken
	}
	best := make([][2]int, len(b.Areas))
	for i := range best {
		best[i] = [2]int{maxB + 1, maxB + 1}
	}
	best[x][0] = 0
	queue := []node{{x, 0}}
	seen := make([]bool, len(b.Areas))
	var out []games.AreaID
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.a != x && own[p.a] && !seen[p.a] {
			seen[p.a] = true
			out = append(out, p.a)
		}
		if p.a != x && b.IsLand(p.a) && !own[p.a] && s.Occupied(p.a) {
			continue // another nation's land: no further (6.3)
		}
		for _, e := range b.Edges(p.a) {
			cost, used := best[p.a][p.used], p.used
			switch {
			case own[p.a] && own[e.To]:
			case nav && used == 0 && !b.IsLand(p.a) && !b.IsLand(e.To):
				used = 1
			default:
				cost++
			}
			if cost < best[e.To][used] {
				best[e.To][used] = cost
				queue = append(queue, node{e.To, used})
			}
		}
	}
	return out
}

func sortAreas(xs []games.AreaID) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// ownSet marks the areas of a list.
func ownSet(b *games.Board, as []games.AreaID) []bool {
	own := make([]bool, len(b.Areas))
	for _, a := range as {
		own[a] = true
	}
	return own
}

// support is the support phase (Hy Breasil 6.4): a disconnected nation
// keeps its part with the most units and the rest becomes a new nation
// (two or more areas and a set unused) or is emptied; then at most twice as
// many units as areas.
func support(t *adjudicator.Turn) {
	if !InPlay(t.S, t.N) {
		return
	}
	areas := landAreas(t.S, t.B, t.N)
	parts := Parts(t.S, t.B, ownSet(t.B, areas), has(t.S, t.N, Navigation))
	if len(parts) > 1 {
		keep := keptPart(t, parts)
		var rest []games.AreaID
		for i, p := range parts {
			if i != keep {
				rest = append(rest, p...)
			}
		}
		sortAreas(rest)
		cutOff(t, rest)
	}
	supportLimit(t)
	removeEmpty(t)
}

// keptPart is the part with the most units (6.4); at a tie the owner
// chooses, and pbem's default keeps the one with more areas, then the
// first on the board.
func keptPart(t *adjudicator.Turn, parts [][]games.AreaID) int {
	best, bu, ba := 0, -1, -1
	for i, p := range parts {
		u := 0
		for _, a := range p {
			u += t.S.Units(a, t.N)
		}
		if u > bu || (u == bu && len(p) > ba) {
			best, bu, ba = i, u, len(p)
		}
	}
	return best
}

// cutOff handles the areas cut off from the kept part (6.4): a new nation
// dealt at once, with no turn this phase, when they are two or more and a
// set is unused; else emptied.
func cutOff(t *adjudicator.Turn, rest []games.AreaID) {
	if len(rest) >= 2 && unusedSet(t) >= 0 {
		m := splitOff(t, rest)
		happen(t, EvSplit, "cut-off-nation", append([]any{t.E.NationName(m)}, areaNames(t, rest)...)...)
		take(t, m, randomSeat(t, nil), "dealt-cut-off")
		return
	}
	for _, a := range rest {
		c := t.S.Units(a, t.N)
		t.S.Add(a, t.N, Army, -c)
		happen(t, adjudicator.EvRemove, "cut-off", c, t.Name(a))
	}
}

// supportLimit removes units beyond twice the areas (6.4), first as the
// file's remove lines say, then one at a time from the largest stack.
func supportLimit(t *adjudicator.Turn) {
	areas := landAreas(t.S, t.B, t.N)
	excess := t.S.OnBoard(t.N) - supported(t, len(areas))
	for _, r := range removeLines(t) {
		if excess <= 0 {
			break
		}
		k := min(r.N, excess, t.S.Units(r.Area, t.N))
		if r.N == 0 {
			k = min(excess, t.S.Units(r.Area, t.N))
		}
		if k <= 0 || !t.B.IsLand(r.Area) {
			t.Problem(r.Line, "no-unit-to-remove", t.Nation(), t.Name(r.Area))
			continue
		}
		t.S.Add(r.Area, t.N, Army, -k)
		excess -= k
		happen(t, adjudicator.EvRemove, "support-remove", k, t.Name(r.Area))
	}
	for ; excess > 0; excess-- {
		a := largestStack(t.S, t.B, t.N, false)
		t.S.Add(a, t.N, Army, -1)
		happen(t, adjudicator.EvRemove, "support-default", t.Name(a))
	}
}

// removeEmpty removes from play every nation with no unit on the board,
// at sea included (Hy Breasil 8).
func removeEmpty(t *adjudicator.Turn) {
	lonelyCities(t)
	for n := range t.S.Nations {
		if InPlay(t.S, n) && t.S.OnBoard(n) == 0 {
			removeNation(t, n, "gone-empty")
		}
	}
}

// removeNation removes nation n from play (Hy Breasil 8): its units, its
// civilization tokens and its token in the cup return to the unused sets.
// why is the fact, by why (gone-empty, gone-refused, gone-no-taker,
// gone-absorbed with the nation that absorbs it).
func removeNation(t *adjudicator.Turn, n adjudicator.NationID, why string, args ...any) {
	for a := range t.B.Areas {
		if c := t.S.Units(games.AreaID(a), n); c > 0 {
			t.S.Add(games.AreaID(a), n, Army, -c)
		}
	}
	x := X(t.S)
	x.Civ[n], x.Home[n], x.Entered[n], x.Event[n], x.Race[n], x.Lord[n] = 0, games.NoArea, 0, "", "", -1
	x.Abilities[n], x.Capital[n], x.Saved[n], x.Relinquish[n] = nil, games.NoArea, 0, ""
	lonelyCities(t) // its cities, alone now (9.3.1)
	free(t, n, "freed-lord-gone")
	t.S.Nations[n] = adjudicator.Nation{Owner: -1, Gone: true}
	if t.S.Order != nil {
		from := tx(t).pos + 1
		if t.Step.Kind == adjudicator.RoundEvent {
			from = 0
		}
		for i := len(t.S.Order) - 1; i >= from && i >= 0; i-- {
			if i < len(t.S.Order) && t.S.Order[i] == n {
				t.S.Order = append(t.S.Order[:i], t.S.Order[i+1:]...)
			}
		}
	}
	happen(t, EvGone, why, append([]any{t.E.NationName(n)}, args...)...)
}

// splitChoice picks k of the areas for a civil war's new nation (6.1):
// both halves internally connected if at all possible, else as few
// disconnected groups as possible. The owner chooses; pbem's default grows
// a group from each area in turn and keeps the best split, the one whose
// new nation has the fewest units at a tie, then the first found.
func splitChoice(t *adjudicator.Turn, areas []games.AreaID, k int) []games.AreaID {
	var best []games.AreaID
	bestPieces, bestUnits := 1<<30, 1<<30
	for _, start := range areas {
		part := growPart(t, areas, start, k)
		pieces := len(splitParts(t, part)) + len(splitParts(t, minus(areas, part)))
		u := 0
		for _, a := range part {
			u += t.S.Units(a, t.N)
		}
		if pieces < bestPieces || (pieces == bestPieces && u < bestUnits) {
			best, bestPieces, bestUnits = part, pieces, u
		}
	}
	sortAreas(best)
	return best
}

// splitParts are the parts of a set of the mover's areas taken as a nation
// of its own, the mover's other areas blocking as another nation's would.
func splitParts(t *adjudicator.Turn, part []games.AreaID) [][]games.AreaID {
	return Parts(t.S, t.B, ownSet(t.B, part), has(t.S, t.N, Navigation))
}

// growPart grows k areas from start, adding at each step the first area
// (board order) next to the group whose loss leaves the rest in one part,
// else the first next to the group, else the first left.
func growPart(t *adjudicator.Turn, areas []games.AreaID, start games.AreaID, k int) []games.AreaID {
	part := []games.AreaID{start}
	for len(part) < k {
		var next, fallback games.AreaID = games.NoArea, games.NoArea
		own := ownSet(t.B, part)
		for _, a := range minus(areas, part) {
			if !touches(t, own, a) {
				continue
			}
			if fallback == games.NoArea {
				fallback = a
			}
			if len(splitParts(t, minus(minus(areas, part), []games.AreaID{a}))) <= 1 {
				next = a
				break
			}
		}
		if next == games.NoArea {
			next = fallback
		}
		if next == games.NoArea {
			next = minus(areas, part)[0]
		}
		part = append(part, next)
	}
	return part
}

// touches reports whether area a is one move from a marked area (6.3).
func touches(t *adjudicator.Turn, own []bool, a games.AreaID) bool {
	with := append([]bool(nil), own...)
	with[a] = true
	for _, y := range reachable(t.S, t.B, with, a, has(t.S, t.N, Navigation)) {
		if own[y] {
			return true
		}
	}
	return false
}

func minus(xs, ys []games.AreaID) []games.AreaID {
	var out []games.AreaID
	for _, x := range xs {
		drop := false
		for _, y := range ys {
			drop = drop || x == y
		}
		if !drop {
			out = append(out, x)
		}
	}
	return out
}

// removeLines are the file's remove lines, the owner's choice of units to
// remove for support (6.4).
func removeLines(t *adjudicator.Turn) []orders.Remove {
	return adjudicator.Statements[orders.Remove](t)
}
