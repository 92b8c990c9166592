package family

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
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

// explain says how a population limit is made: "2 × 2 areas + 1 for
// holding clear terrain", or why the +1 is missing (a clear area is
// contested, 4.2.2: only an area the nation holds counts).
func (t *Turn) explain(p popLimit) string {
	s := "2 × " + count(p.areas, "area", "areas")
	switch {
	case p.clear:
		return s + " + 1 for holding clear terrain"
	case len(p.contested) > 0:
		var names []string
		for _, a := range p.contested {
			names = append(names, t.Name(a))
		}
		return s + fmt.Sprintf(", and no +1 for clear terrain: they hold none, %s being contested", adjudicator.OrJoin(names, "and"))
	}
	return s + ", and no +1: they hold no clear terrain"
}

// overPopulation is the 6.4 message for a nation over its population limit.
func (t *Turn) overPopulation(p popLimit) string {
	return fmt.Sprintf("at the end of movement the %s would have %s over their population limit of %d (%s)",
		t.Nation(), count(p.excess(), "army", "armies"), p.limit(), t.explain(p))
}

// stackingBreak says where nation m breaks the stacking limit (reduX Core
// 4.2.1), if it does: the first area, in board order, over the overstack
// maximum or holding a second overstack (StackingOK's), and every area at
// fault.
func (t *Turn) stackingBreak(m NationID) (where games.AreaID, detail string) {
	ok, where := t.StackingOK(m)
	if ok {
		return games.NoArea, ""
	}
	var over, stacks []string
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		c := t.Armies(id, m)
		norm, os := t.StackLimit(id)
		switch {
		case c > os && id == where:
			over = append(over, fmt.Sprintf("%d armies there, more than an overstack of %d", c, os))
		case c > os:
			over = append(over, fmt.Sprintf("%d armies in %s, more than an overstack of %d", c, t.Name(id), os))
		case c > norm:
			stacks = append(stacks, fmt.Sprintf("%s (%d)", t.Name(id), c))
		}
	}
	if len(stacks) > 1 {
		over = append(over, fmt.Sprintf("overstacks in %s, where one is allowed", adjudicator.OrJoin(stacks, "and")))
	}
	return where, strings.Join(over, "; ")
}

// checkStacking enforces the stacking limit at the end of movement (Core
// 4.2.1, 6.4).
func (t *Turn) checkStacking() {
	st := t.G.Tables.Stacking
	if where, detail := t.stackingBreak(t.N); where != games.NoArea {
		t.Limitf("reduX Core 4.2.1, 6.4", "at the end of movement the %s break the stacking limit in %s: %s (%d armies, %d in difficult terrain, %s)",
			t.Nation(), t.Name(where), detail, st.Clear, st.Difficult, t.overstackWords(st))
	}
}

// overstackWords says the overstack allowance: "one overstack of up to 5
// or 4"; with no limit in clear terrain (games.NoStackLimit, classic
// Britannia), "one overstack of any size, or of up to 4 in difficult
// terrain".
func (t *Turn) overstackWords(st games.Stacking) string {
	if st.OverstackClear >= games.NoStackLimit {
		return fmt.Sprintf("one overstack of any size, or of up to %d in difficult terrain", st.OverstackDifficult)
	}
	return fmt.Sprintf("one overstack of up to %d or %d", st.OverstackClear, st.OverstackDifficult)
}

// checkHeld enforces the second paragraph of reduX Core 6.4: the nation
// holds at least as many areas as at the start of the phase; an area a
// leader left counts as held (L&R 9.2.1).
func (t *Turn) checkHeld() {
	if t.R.Move.KeepNoAreas {
		return
	}
	now := 0
	var left []string
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		if t.S.Holds(id, t.N) || t.leaderLeft[a] {
			now++
		} else if t.heldStart[a] {
			left = append(left, t.Name(id))
		}
	}
	if now < t.heldAt {
		t.Limitf("reduX Core 6.4", "the %s must hold at least as many areas at the end of movement as at the start (%d), but would hold %d: %s would be left empty",
			t.Nation(), t.heldAt, now, adjudicator.OrJoin(left, "and"))
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
