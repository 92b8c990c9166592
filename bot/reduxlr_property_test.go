package bot_test

import (
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/reduxlr"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// Leaders and Raiders' invariants (TestPropertyGames), whatever the players
// do, on top of the Core ones that still hold (no land area holding two
// nations after a nation turn):
//
//   - cavalry are a part of the armies (9.1);
//   - a leader is never alone: each stands with armies of its nation, and a
//     nation has at most one (9.2, 9.2.1);
//   - after a nation turn the mover has units at sea only on a Raiding turn
//     (11.4) or an extra turn;
//   - an area is scored for occupying at most once per nation (10.2);
//   - the rounds advance one at a time, and the game ends after the final
//     round with a King decided (11.6), after the extra nation turns when
//     there were some (11.6.1), whose ids end in "-extra".
func init() {
	properties["redux-lr"] = property{
		full: 1000, sample: 36,
		steps: []stepCheck{oneNationAnArea, lrPosition, raidersAtSea, lrRoundsAdvance},
		ends:  []gameCheck{lastStep("r%02d-end", "r%02d-extra-end"), kingDecided},
	}
}

// lrRoundsAdvance is roundsAdvance but for the end of the final round
// that starts the extra turns (L&R 11.6.1).
func lrRoundsAdvance(e *adjudicator.Engine, st bot.Step) error {
	if reduxlr.X(st.After).Extra != nil && reduxlr.X(st.Before).Extra == nil {
		return nil
	}
	return roundsAdvance(e, st)
}

// raidersAtSea: after a nation turn the mover has armies at sea only when
// raiding (L&R 11.4, ☞ returns) or on an extra turn.
func raidersAtSea(e *adjudicator.Engine, st bot.Step) error {
	due := e.Due(st.Before)
	if due.Kind != adjudicator.NationTurn {
		return nil
	}
	name := e.NationName(due.Nation)
	round := e.G.Tables.Round(st.Before.Round)
	if round.HasMark(games.MarkRaid, name) || round.HasMark(games.MarkReturn, name) || isExtra(st.ID) {
		return nil
	}
	return noneAtSea(e, st)
}

// kingDecided: the final round decides a King (L&R 11.6).
func kingDecided(_ *adjudicator.Engine, g game) error {
	if g.kinds[adjudicator.EvKing] == 0 {
		return fmt.Errorf("the final round decided no King (11.6)")
	}
	return nil
}

// lrPosition checks the Leaders and Raiders invariants of a position.
func lrPosition(e *adjudicator.Engine, st bot.Step) error {
	s, g := st.After, e.G
	if _, ok := s.Ext.(*reduxlr.Ext); !ok {
		return fmt.Errorf("a redux-lr position without its Leaders and Raiders part")
	}
	for n := range e.NumNations() {
		for a := range g.Board.Areas {
			if c := s.Count(games.AreaID(a), n, 1); c < 0 || c > s.Units(games.AreaID(a), n) {
				return fmt.Errorf("%s: %d %s cavalry among %d armies (9.1)", g.Board.AreaName(games.AreaID(a)), c, e.NationName(n), s.Units(games.AreaID(a), n))
			}
		}
	}
	seen := map[int]bool{}
	for _, ld := range s.Leaders {
		if seen[ld.Nation] {
			return fmt.Errorf("the %s have two leaders (9.2)", e.NationName(ld.Nation))
		}
		seen[ld.Nation] = true
		if s.Units(games.AreaID(ld.Area), ld.Nation) == 0 {
			return fmt.Errorf("%s is alone in %s (9.2.1)", ld.Name, g.Board.AreaName(ld.Area))
		}
	}
	for n, as := range reduxlr.X(s).Occupied {
		for i, a := range as {
			if slices.Contains(as[:i], a) {
				return fmt.Errorf("the %s scored for occupying %s twice (10.2)", e.NationName(n), g.Board.AreaName(a))
			}
		}
	}
	return nil
}
