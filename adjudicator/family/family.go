// Package family is the Britannia-family library on the step engine
// (package adjudicator): what reduX Core, Leaders and Raiders and classic
// Britannia share, and a ruleset of the family is built from. It holds one
// move step and one battle loop driven by unit-kind tables, retreats,
// population increase and the population limit, reinforcements and
// invasions, the limits at the end of movement, the review of battle
// lines, the words of its events, and the Core bot the family's bots
// extend. A ruleset built on it supplies its Rules (Ruleset.Library) and
// lists the library's stages among its own; a ruleset on the step engine
// alone (Hy Breasil) does not import it.
package family

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// Aliases of the step engine's types the library uses everywhere.
type (
	Engine   = adjudicator.Engine
	State    = adjudicator.State
	NationID = adjudicator.NationID
	KindID   = adjudicator.KindID
	Event    = adjudicator.Event
	Leader   = adjudicator.Leader
)

// Rules is what a ruleset of the family supplies to the library
// (adjudicator.Ruleset.Library): its move and battle rules, the words of
// the library's events, and the hooks the library calls as a turn
// unfolds. Every func field may be nil where the doc says so.
type Rules struct {
	// Leaders says whether the Timeline's leaders come into play (L&R
	// 9.2); in reduX Core their names are only history (Core 5.2).
	Leaders bool
	// NoPopulationLimit says the population limit of reduX Core 4.2.2
	// binds no move, retreat or withdrawal: a nation's excess is always 0
	// to the library. Classic Britannia removes overpopulation at the end
	// of a nation turn instead (seed 004 Overpopulation), in its own stage.
	NoPopulationLimit bool
	// Pool is how many units of kind k nation n has in all (its counters);
	// nil: the tables' armies and cavalry (family.Pool). Classic Britannia
	// counts Roman armies, forts and burhs (reference §2.3).
	Pool func(e *Engine, n NationID, k KindID) int
	// Move are the movement rules (reduX Core 6).
	Move MoveRules
	// Battle are the battle rules (reduX Core 7).
	Battle BattleRules

	// Occupy is told that nation m may have come to be the sole occupant
	// of area a (a retreat, a unit passing through), for points (L&R 10.2).
	Occupy func(t *Turn, m NationID, a games.AreaID)
	// Settle is told that the position has settled after a move, a battle
	// or a phase (L&R 10.2: points "as soon as" an area is occupied).
	Settle func(t *Turn)
	// Arrive says whether a Timeline arrival comes this turn, emitting why
	// not (L&R 9.2: "if alive", "if holding"); nil: every arrival comes.
	Arrive func(t *Turn, a games.Arrival) bool
	// LeaderGone is told that a leader left play, eliminated in battle
	// (killed) or otherwise (L&R 9.2, 9.3).
	LeaderGone func(t *Turn, ld Leader, killed bool)
	// Defaults lists, when a file is reviewed, the ruleset's own Decisions
	// the file leaves to their defaults (Turn.Defaulted); nil: none.
	Defaults func(t *Turn)
}

// Of is the library's rules of the game e: its ruleset's Library.
func Of(e *Engine) *Rules { return e.R.Library.(*Rules) }

// Limit is a family ruleset's View.Limit: the population limit of nation
// n in s (reduX Core 4.2.2).
func Limit(e *Engine, s *State, n NationID) int {
	limit, _ := PopulationLimit(e, s, n, nil)
	return limit
}

// Derive copies a ruleset of the family for a derived one, with its own
// copy of the library's rules to change (L&R from Core, classic from
// Core).
func Derive(r adjudicator.Ruleset) (adjudicator.Ruleset, *Rules) {
	fr := *r.Library.(*Rules)
	r.Library = &fr
	return r, &fr
}

// game is the library's per-game data (Engine.Lib), resolved once when
// the game is loaded.
type game struct {
	reducedRandomness bool         // reduX Core 7.3 (option "reduced-randomness")
	boats             bool         // reduX L&R 12 (option "boats")
	allArmies         bool         // every kind counts as an army (Armies is Units)
	arrivalNation     [][]NationID // per round, the nation of each arrival (Core 5.2)
}

// Load makes the library's per-game data of e (Engine.Lib) and then reads
// the ruleset's own data with own (nil: none): a family ruleset's
// Rules.LoadData.
func Load(own func(e *Engine) error) func(e *Engine) error {
	return func(e *Engine) error {
		e.Lib = newGame(e)
		if own != nil {
			return own(e)
		}
		return nil
	}
}

func newGame(e *Engine) *game {
	g := e.G
	x := &game{reducedRandomness: g.HasOption("reduced-randomness"), boats: g.HasOption("boats")}
	if g.Tables != nil {
		x.arrivalNation = make([][]NationID, len(g.Tables.Rounds))
		for ri, rd := range g.Tables.Rounds {
			for _, a := range rd.Arrivals {
				i, err := g.Tables.NationIndex(a.Nation)
				if err != nil {
					i = -1 // the loader refuses unknown nations; never matches
				}
				x.arrivalNation[ri] = append(x.arrivalNation[ri], i)
			}
		}
	}
	return x
}

// gameOf is the library's per-game data of e, made now for an engine
// not loaded through Load.
func gameOf(e *Engine) *game {
	if x, ok := e.Lib.(*game); ok {
		return x
	}
	return newGame(e)
}

// ReducedRandomness reports whether the game plays reduX Core 7.3 (option
// reduced-randomness).
func ReducedRandomness(e *Engine) bool { return gameOf(e).reducedRandomness }

// Boats reports whether the game plays reduX L&R 12 (option boats).
func Boats(e *Engine) bool { return gameOf(e).boats }

// SetBoats says whether the game plays boat moves (LAND > SEA > LAND):
// classic Britannia's by nation and round (ref §3), from its data.
func SetBoats(e *Engine, on bool) {
	if x, ok := e.Lib.(*game); ok {
		x.boats = on
	}
}

// Arrivals are the Timeline's reinforcements of nation n in a round
// (reduX Core 5.2).
func Arrivals(e *Engine, round int, n NationID) []games.Arrival {
	r := e.G.Tables.Round(round)
	if r == nil {
		return nil
	}
	an := gameOf(e).arrivalNation
	var out []games.Arrival
	for k, a := range r.Arrivals {
		if round-1 < len(an) && k < len(an[round-1]) && an[round-1][k] == n {
			out = append(out, a)
		}
	}
	return out
}
