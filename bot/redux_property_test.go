package bot_test

import (
	"fmt"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// reduX Core's invariants (TestPropertyGames), whatever the players do:
//
//   - after a nation turn no land area holds two nations (7.2) and the
//     mover has no armies left at sea (6.1);
//   - after a nation turn the mover is within the stacking limit (4.2.1,
//     6.4: at the end of movement, and battles only remove or retreat within
//     the limit, 7.2), unless the engine reported that the limit could not
//     be met; any other nation within the limit before the turn is still
//     within it (retreats respect it, 7.2);
//   - the round advances by one at each end of round (4.3), and the game
//     ends after the final round.
//
// The population limit is not checked per step: nations legitimately end
// other nations' turns over it (losing an area lowers the limit by two), and
// 5.1 deals with that at their next turn.
func init() {
	properties["redux"] = property{
		full: 1000, sample: 36,
		steps: []stepCheck{oneNationAnArea, noneAtSea, stackingKept, roundsAdvance},
		ends:  []gameCheck{lastStep("r%02d-end")},
	}
}

// noneAtSea: after a nation turn the mover has no armies at sea (reduX
// Core 6.1).
func noneAtSea(e *adjudicator.Engine, st bot.Step) error {
	due := e.Due(st.Before)
	if due.Kind != adjudicator.NationTurn {
		return nil
	}
	b := e.G.Board
	for a := b.NumLand; a < len(b.Areas); a++ {
		if st.After.Units(games.AreaID(a), due.Nation) > 0 {
			return fmt.Errorf("the %s still have armies at sea in %s", e.NationName(due.Nation), b.AreaName(games.AreaID(a)))
		}
	}
	return nil
}

// stackingKept: the stacking limit after a nation turn (reduX Core 4.2.1,
// 6.4, 7.2), unless the engine reported it could not be met.
func stackingKept(e *adjudicator.Engine, st bot.Step) error {
	due := e.Due(st.Before)
	if due.Kind != adjudicator.NationTurn {
		return nil
	}
	reported := map[string]bool{}
	for _, ev := range st.Events {
		if ev.Kind == adjudicator.EvLimit && ev.What == "stacking" {
			reported[ev.Nation] = true
		}
	}
	for n := range e.NumNations() {
		name := e.NationName(n)
		if reported[name] {
			continue
		}
		ok, where := stackingOK(e.G, st.After, n)
		switch {
		case ok:
		case n == due.Nation:
			return fmt.Errorf("the mover (%s) breaks the stacking limit in %s and no limit was reported", name, where)
		default:
			if was, _ := stackingOK(e.G, st.Before, n); was {
				return fmt.Errorf("the %s were within the stacking limit before the %s' turn and break it in %s after", name, e.NationName(due.Nation), where)
			}
		}
	}
	return nil
}

// stackingOK is reduX Core 4.2.1 read independently of the engine: at most
// one area over the normal limit (3, or 2 in difficult terrain), and that
// one within the overstack maximum (6, or 4).
func stackingOK(g *games.Game, s *adjudicator.State, n int) (bool, string) {
	st := g.Tables.Stacking
	over := 0
	for a := 0; a < g.Board.NumLand; a++ {
		id := games.AreaID(a)
		norm, max := st.Clear, st.OverstackClear
		if g.Board.Difficult(id) {
			norm, max = st.Difficult, st.OverstackDifficult
		}
		c := s.Units(games.AreaID(a), n)
		if c > max {
			return false, g.Board.AreaName(id)
		}
		if c > norm {
			if over++; over > 1 {
				return false, g.Board.AreaName(id)
			}
		}
	}
	return true, ""
}
