package family

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Turn is the library's working state of one step: the step engine's turn
// and the bookkeeping of the library's movement, battles, raids and
// invasions. The stages of the library and of the rulesets built on it
// take it (Stage).
type Turn struct {
	*adjudicator.Turn
	// R are the library's rules of the game (Ruleset.Library).
	R *Rules
	// X is the ruleset's own bookkeeping for the turn, set by its stages.
	X any

	// The phase's movement bookkeeping (reduX Core 6).
	Phase     int            // the movement and battle phase: 1, or 2 in a Major Invasion (L&R 11.3)
	fresh     []int          // [area][kind]: the mover's units that have not moved this phase
	entries   [][]entry      // per area: groups of the mover that entered it this phase
	passed    [][]passage    // per area: the mover's units that overran through it
	order     []games.AreaID // battle areas in order of first entry
	origins   []bool         // per area: a group of the mover entered a battle from it, in any phase, and may fall back (7.2.2: mayFallBack)
	rOrigins  []bool         // per area: such a group led by raiders (L&R 11.4.1: they move first)
	later     []bool         // per area: a second phase the check could not play may bring the mover there (MayGain)
	heldAt    int            // areas held at the start of movement (6.4)
	heldStart []bool         // per land area: held at the start of movement (6.4)
	excess0   int            // excess at the start of movement (6.4)
	// excessStart is the excess at the start of the first Movement Phase:
	// a Major Invasion's second phase is measured against it (L&R 11.3).
	excessStart int
	border      map[games.AreaID]games.AreaID
	// Leaders (reduX L&R 9.2.1).
	leaderFresh bool   // the mover's leader has not moved this phase
	leaderLeft  []bool // per area: a leader left it this phase
	// Raids and invasions (reduX L&R 11.3, 11.4).
	Raid, MustReturn, Major bool
	raiders                 [][]games.AreaID // per area: the mover's raiding units there, with the seas they started in
	leaderRaider            bool             // the leader began the turn at sea in a Raiding turn
	leaderHome              games.AreaID     // ... and which sea
	// Boats (reduX L&R 12).
	boatFrom, boatSea, boatTo games.AreaID
	landlessAtMajor           bool
	expanded                  bool // a move entered an empty area or attacked (Core 6)
	battleNo                  int  // battles numbered across both phases of a Major Invasion
	topLevel                  *orders.File
	// phase2Body is the second phase's statements once its "if"s are
	// decided (SecondMovement), phase2Copied how many of them are the
	// top-level battle lines at its end; secondKnown says Review played the
	// second phase (its first made no battle).
	phase2Body   []orders.Statement
	phase2Copied int
	secondKnown  bool
}

// entry is a group of attacking units that entered a battle area from one
// place; From is a sea or NoArea for reinforcements placed there (7.2.2).
type entry struct {
	From games.AreaID
	N    int
	Line int
	Boat bool // came by boat and may not retreat (reduX L&R 12)
}

type passage struct {
	From games.AreaID
	N    int
	Line int
}

// TurnOf is the library's turn of the step engine's turn t, made on first
// use and kept in t.X.
func TurnOf(t *adjudicator.Turn) *Turn {
	if ft, ok := t.X.(*Turn); ok {
		return ft
	}
	na := len(t.B.Areas)
	ft := &Turn{Turn: t, R: Of(t.E),
		Phase: 1, entries: make([][]entry, na), passed: make([][]passage, na), origins: make([]bool, na), rOrigins: make([]bool, na), border: map[games.AreaID]games.AreaID{},
		leaderLeft: make([]bool, na), leaderHome: games.NoArea,
		boatFrom: games.NoArea, boatSea: games.NoArea, boatTo: games.NoArea, topLevel: t.In.Orders}
	t.X = ft
	return ft
}

// Stage is a stage of a family ruleset's step (adjudicator.Stage), run
// with the library's turn.
func Stage(name, rule string, part adjudicator.Part, run func(t *Turn)) adjudicator.Stage {
	return adjudicator.Stage{Name: name, Rule: rule, Part: part, Run: func(t *adjudicator.Turn) { run(TurnOf(t)) }}
}
