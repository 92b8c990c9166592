package hybreasil

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// counter bounds the units a move line can find unmoved in its area, as
// far as the start of the turn tells (Hy Breasil 6.2, 6.3, 6.3.3): the
// units there, one more in a land area the nation occupies (its population
// increase places at most one an area, 6.2), up to six more in the sea it
// entered from (Reinforcements, 6.1, rolled after the file is written),
// less those earlier lines of the phase move (each unit moves once).
// The second phase of a Strong leader turn (6.1) may also move the units
// that the first phase's moves bring into the area or, by retreating or
// withdrawing from a battle (6.3.2, 9.2), into a neighbour of it.
type counter struct {
	t     *adjudicator.Turn
	has   []int // the nation's units at the start of the turn
	extra []int // how many more may come in before its moves
	in    []int // phase 2: how many may arrive in the first phase
	phase int
}

// checkCounts refuses a move of more units than can stand unmoved in its
// area (counter; switch hb-order-checks: before it, what there was moved).
func checkCounts(t *adjudicator.Turn, body []orders.Statement) {
	b, x := t.B, X(t.S)
	c := &counter{t: t, has: make([]int, len(b.Areas)), extra: make([]int, len(b.Areas)), in: make([]int, len(b.Areas)), phase: 1}
	pool := Pool(t.E, t.S, t.N)
	placed, reinforced := pool > 0, true
	if t.E.Plays(adjudicator.CheckKnowable) { // what the start tells of the event (6.1, 6.2)
		f := foresee(t)
		placed, reinforced = f.newUnits > 0, f.may(Reinforcements)
	}
	for a := range b.Areas {
		id := games.AreaID(a)
		c.has[a] = t.S.Units(id, t.N)
		if b.IsLand(id) && c.has[a] > 0 && placed {
			c.extra[a] = 1
		}
	}
	if h := x.Home[t.N]; h != games.NoArea && !b.IsLand(h) && reinforced {
		c.extra[h] = min(6, pool)
	}
	left := make([]int, len(b.Areas))
	for a := range left {
		left[a] = c.has[a] + c.extra[a]
	}
	c.walk(body, left, slices.Clone(left))
	c.phase = 2
	for a := range left {
		left[a] = c.has[a] + c.extra[a] + c.in[a]
	}
	start := slices.Clone(left)
	for _, st := range body {
		if ph, ok := st.(orders.Phase); ok && ph.N == 2 {
			c.walk(ph.Body, left, start)
		}
	}
}

// walk checks the moves of a phase's statements in order against left,
// the units each area may still have unmoved (an if block's moves count
// only within the block); top is the phase's start, for "move all".
func (c *counter) walk(body []orders.Statement, left, top []int) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Move:
			c.move(x, left, top)
		case orders.If:
			c.walk(x.Then, slices.Clone(left), top)
		}
	}
}

// move checks one move line and takes its units from left; in the first
// phase it records where they may go for the second. A line refused, by
// its count or its path, takes nothing.
func (c *counter) move(mv orders.Move, left, top []int) {
	if len(mv.Path) < 2 {
		return
	}
	if !pathSound(c.t.B, mv) {
		return // refused by checkPath: it moves nothing, and the lines after it find the units it names (issue 21)
	}
	from, dest := mv.Path[0], mv.Path[len(mv.Path)-1]
	k := mv.N
	if k == 0 {
		k = left[from] // "move all": whatever is left
		if k == 0 && c.phase == 1 && c.t.E.Plays(adjudicator.CheckKnowable) {
			c.t.Problem(mv.Line, "no-fresh-unit", c.t.Nation(), c.t.Name(from)) // 6.3.3: none can be left
		}
	}
	if k > left[from] {
		p := c.tooMany(from, k, top[from]-left[from])
		c.t.Problem(mv.Line, p.What, p.Args...)
		return // refused, it moves nothing: one bad line never makes the correct lines after it fail
	}
	left[from] -= k
	if c.phase == 1 && k > 0 {
		c.in[dest] += k
		for _, e := range c.t.B.Edges(dest) {
			c.in[e.To] += k // 6.3.2: attackers retreat to a neighbour
		}
	}
}

// tooMany is the fact that k units cannot move from area a, moved of them
// having moved on earlier lines of the phase: too-many-phase2 with the
// most the second phase may find there, too-many-none, or too-many with
// the units there (too-many-placed: and one its population increase may
// place, 6.2; too-many-reinforced: and those Reinforcements may bring,
// 6.1).
func (c *counter) tooMany(a games.AreaID, k, moved int) problem {
	t := c.t
	args := []any{t.Nation(), t.Name(a), moved, k}
	switch {
	case c.phase == 2:
		return problem{"too-many-phase2", append(args, c.has[a]+c.extra[a]+c.in[a])}
	case c.has[a] == 0 && c.extra[a] == 0:
		return problem{"too-many-none", args}
	case c.extra[a] == 1 && t.B.IsLand(a):
		return problem{"too-many-placed", append(args, c.has[a])}
	case c.extra[a] > 0:
		return problem{"too-many-reinforced", append(args, c.has[a], c.extra[a])}
	}
	return problem{"too-many", append(args, c.has[a])}
}
