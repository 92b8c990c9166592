package family

import (
	"fmt"

	"github.com/pbem-org/pbem/games"
)

// The limits at the end of a Movement Phase (reduX Core 6.4) and the words
// that explain them: which areas break the stacking limit (4.2.1), which
// held areas the moves leave empty, and how the population limit is made
// (4.2.2).

// popLimit is how a nation's population limit is made (reduX Core 4.2.2).
type popLimit struct {
	free          bool // the ruleset has no population limit (Ruleset.NoPopulationLimit)
	onLand, areas int
	clear         bool           // it holds an area of clear terrain: +1
	contested     []games.AreaID // clear areas with its armies that it does not hold
}

func (p popLimit) limit() int {
	if p.free {
		return p.onLand
	}
	if p.clear {
		return 2*p.areas + 1
	}
	return 2 * p.areas
}

func (p popLimit) excess() int { return max(0, p.onLand-p.limit()) }

// popLimitOf is how nation m's population limit is made, less skip(a)
// armies of area a (raiding units, reduX L&R 11.4; nil for none), with the
// clear areas it does not hold (explain).
func (t *Turn) popLimitOf(m NationID, skip func(games.AreaID) int) popLimit {
	return popLimitIn(t.E, t.S, m, skip, true)
}

// moverLimit is the mover's population limit without its raiders (L&R
// 11.4).
func (t *Turn) moverLimit() popLimit {
	if t.raiders == nil { // not a Raiding turn
		return t.popLimitOf(t.N, nil)
	}
	return t.popLimitOf(t.N, func(a games.AreaID) int { return len(t.raiders[a]) })
}

// overPopulation is the 6.4 limit of a nation over its population limit:
// its excess, its limit and how the limit is made (areas held, +1 for
// clear terrain held, or the clear areas contested).
func (t *Turn) overPopulation(p popLimit) []any {
	args := []any{p.excess(), p.limit(), p.areas, yesNo(p.clear)}
	for _, a := range p.contested {
		args = append(args, t.Name(a))
	}
	return args
}

// stackingBreak says where nation m breaks the stacking limit (reduX Core
// 4.2.1), if it does: the first area, in board order, over the overstack
// maximum or holding a second overstack (StackingOK's), and every area at
// fault as a fact: "over AREA N MAX" (more than an overstack) or "stack
// AREA N" (an overstack, where one is allowed).
func (t *Turn) stackingBreak(m NationID) (where games.AreaID, detail []any) {
	ok, where := t.StackingOK(m)
	if ok {
		return games.NoArea, nil
	}
	var over, stacks []any
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		c := t.Armies(id, m)
		norm, os := t.StackLimit(id)
		switch {
		case c > os:
			over = append(over, fmt.Sprintf("over %s %d %d", t.Name(id), c, os))
		case c > norm:
			stacks = append(stacks, fmt.Sprintf("stack %s %d", t.Name(id), c))
		}
	}
	if len(stacks) > 1 {
		over = append(over, stacks...)
	}
	return where, over
}

// checkStacking enforces the stacking limit at the end of movement (Core
// 4.2.1, 6.4): the area, the limits of the tables, then the areas at
// fault (stackingBreak).
func (t *Turn) checkStacking() {
	st := t.G.Tables.Stacking
	if where, detail := t.stackingBreak(t.N); where != games.NoArea {
		t.Limit("stacking", append([]any{t.Name(where), st.Clear, st.Difficult, st.OverstackClear, st.OverstackDifficult}, detail...)...)
	}
}

// checkHeld enforces the second paragraph of reduX Core 6.4: the nation
// holds at least as many areas as at the start of the phase; an area a
// leader left counts as held (L&R 9.2.1).
func (t *Turn) checkHeld() {
	if t.R.Move.KeepNoAreas {
		return
	}
	now := 0
	var left []any
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		if t.S.Holds(id, t.N) || t.leaderLeft[a] {
			now++
		} else if t.heldStart[a] {
			left = append(left, t.Name(id))
		}
	}
	if now < t.heldAt {
		t.Limit("held", append([]any{t.heldAt, now}, left...)...)
	}
}

// startMovement records what the end of a Movement Phase is measured
// against (reduX Core 6.4): the areas held and the excess at its start;
// the first phase's excess is kept for a Major Invasion's second (L&R
// 11.3).
func (t *Turn) startMovement() {
	t.heldStart = make([]bool, t.B.NumLand)
	t.heldAt = 0
	for _, a := range t.S.Held(t.B, t.N) {
		t.heldStart[a] = true
		t.heldAt++
	}
	t.excess0 = t.moverLimit().excess()
	if t.Phase == 1 {
		t.excessStart = t.excess0
	}
}
