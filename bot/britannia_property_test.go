package bot_test

import (
	"fmt"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// Classic Britannia's invariants (TestPropertyGames), whatever the players
// do, on top of everyStep (no negative stacks, every kind within its pool:
// Roman armies, forts and burhs included, population markers on the track
// 0-5):
//
//   - after a nation turn no land area holds two nations (seed 004
//     Battles/Retreats: a battle goes on until one side is gone or fled);
//   - after a nation turn the mover is within the stacking limit (seed 004
//     Movement: 3, or 2 in difficult terrain, one exception of any number
//     or 4; forts and burhs do not count, seed 002 §5, but burhs do under
//     first-edition-burhs, seed 002 §5 Saxon Burhs), unless the engine
//     reported that the limit could not be met;
//   - after a nation turn that is not a Raiding turn, the mover has no more
//     units at sea than when its movement began, and each of them was
//     reported staying there (seed 004 Invasions and Raiding: units at sea
//     may land or stay at sea; seed 004 Movement: a boat move may not end
//     at sea);
//   - every point a step scores is stated exactly, halves included: each
//     nation's victory points change by the sum of its score events
//     (ref §4; half points are exact, never rounded);
//   - forts only while the Romans stand: forts are Roman, and none is on
//     the board after the Romano-British replace the Romans (ref §3 VI,
//     seed 002 §5: forts removed at the start of turn 6);
//   - a King at most once a step, and within a nation turn only at the end
//     of the Danes' turn of XIV (seed 002 §6: "Turn 14: Danes may have two
//     kings"), so never more than two Kings a round;
//   - the game ends after round XVI with its end of round;
//   - over the games, a Bretwalda is elected in some (seed 004 The
//     bretwalda; the bot's vote, docs/orders.md C9): at least one game in
//     twenty has one; the elections, the rounds with none and the units
//     left at sea are logged.
func init() {
	properties["britannia"] = property{
		full: 1000, short: 24,
		steps:   []stepCheck{oneNationAnArea, classicStacking, classicAtSea, pointsExact, fortsWithRomans, kingsWhen, roundsAdvance},
		ends:    []gameCheck{lastStep("r%02d-end")},
		counted: []string{"cb-bretwalda", "cb-no-bretwalda", "stays-at-sea"},
		want:    bretwaldaElected,
	}
}

// bretwaldaElected: a Bretwalda is elected in at least one game in twenty
// (and in one at least): the bots vote for a candidate that can win when
// their own cannot (docs/orders.md C9).
func bretwaldaElected(games int, _, in map[string]int) error {
	if need := max(1, games/20); in["cb-bretwalda"] < need {
		return fmt.Errorf("a Bretwalda was elected in %d of %d games, want at least %d", in["cb-bretwalda"], games, need)
	}
	return nil
}

// classicStacking: the mover's armies within the stacking limit after its
// turn, read independently of the engine (seed 004 Movement), unless a
// limit was reported.
func classicStacking(e *adjudicator.Engine, st bot.Step) error {
	due := e.Due(st.Before)
	if due.Kind != adjudicator.NationTurn {
		return nil
	}
	for _, ev := range st.Events {
		if ev.Kind == adjudicator.EvLimit {
			return nil
		}
	}
	g, s, n := e.G, st.After, due.Nation
	over := 0
	for a := range g.Board.NumLand {
		id := games.AreaID(a)
		norm, most := 3, 1<<30
		if g.Board.Difficult(id) {
			norm, most = 2, 4
		}
		c := s.Units(id, n) - s.Count(id, n, e.Kind("fort"))
		if !e.G.HasOption("first-edition-burhs") {
			c -= s.Count(id, n, e.Kind("burh")) // seed 002 §5 Stacking
		}
		if c > most || (c > norm && over > 0) {
			return fmt.Errorf("the %s have %d armies in %s after their turn", e.NationName(n), c, g.Board.AreaName(id))
		}
		if c > norm {
			over++
		}
	}
	return nil
}

// classicAtSea: after a nation turn that is not a Raiding turn, the mover
// has no more units at sea than after its first phase (its arrivals), and
// the facts say that each stays there (seed 004 Invasions and Raiding).
func classicAtSea(e *adjudicator.Engine, st bot.Step) error {
	due := e.Due(st.Before)
	if due.Kind != adjudicator.NationTurn {
		return nil
	}
	name := e.NationName(due.Nation)
	round := e.G.Tables.Round(st.Before.Round)
	if round.HasMark(games.MarkRaid, name) || round.HasMark(games.MarkReturn, name) {
		return nil
	}
	atSea := func(s *adjudicator.State) int {
		k := 0
		for a := e.G.Board.NumLand; a < len(e.G.Board.Areas); a++ {
			k += s.Units(games.AreaID(a), due.Nation)
		}
		return k
	}
	stayed := 0
	for _, ev := range st.Events {
		if ev.What == "stays-at-sea" {
			stayed += ev.N
		}
	}
	after, start := atSea(st.After), atSea(e.PartialState(st.Before, nil, adjudicator.Setup))
	if after > start || after > stayed {
		return fmt.Errorf("the %s end their turn with %d units at sea: %d after their first phase, %d reported staying", name, after, start, stayed)
	}
	return nil
}

// pointsExact: each nation's points change by exactly what its score events
// say (their VP), in halves (ref §4).
func pointsExact(e *adjudicator.Engine, st bot.Step) error {
	got := make([]adjudicator.Points, e.NumNations())
	for _, ev := range st.Events {
		if ev.Kind != adjudicator.EvScore || ev.VP == 0 {
			continue
		}
		n, err := e.NationIndex(ev.Nation)
		if err != nil {
			return fmt.Errorf("score event for %q: %v", ev.Nation, err)
		}
		got[n] += ev.VP
	}
	for n := range e.NumNations() {
		if d := st.After.Nations[n].VP - st.Before.Nations[n].VP; d != got[n] {
			return fmt.Errorf("the %s' points changed by %s but their score events say %s", e.NationName(n), d, got[n])
		}
	}
	return nil
}

// fortsWithRomans: forts are Roman and stand only while the Romans do
// (ref §3 VI).
func fortsWithRomans(e *adjudicator.Engine, st bot.Step) error {
	fort := e.Kind("fort")
	romans, err := e.NationIndex("Romans")
	if err != nil {
		return err
	}
	s := st.After
	for n := range e.NumNations() {
		if c := s.InPlay(n, fort); c > 0 && n != romans {
			return fmt.Errorf("the %s have %d forts", e.NationName(n), c)
		}
	}
	if c := s.InPlay(romans, fort); c > 0 && (s.Round > 6 || (s.Round == 6 && s.Next > 1)) {
		return fmt.Errorf("%d Roman forts stand in round %d, after the Romans left", c, s.Round)
	}
	return nil
}

// kingsWhen: one King a step at most, and in a nation turn only the Danes'
// of XIV (seed 002 §6).
func kingsWhen(e *adjudicator.Engine, st bot.Step) error {
	kings := 0
	for _, ev := range st.Events {
		if ev.What == "cb-king" {
			kings++
		}
	}
	due := e.Due(st.Before)
	switch {
	case kings > 1:
		return fmt.Errorf("%d Kings in one step", kings)
	case kings == 1 && due.Kind == adjudicator.NationTurn && (st.Before.Round != 14 || e.NationName(due.Nation) != "Danes"):
		return fmt.Errorf("a King at the end of the %s' turn of round %d", e.NationName(due.Nation), st.Before.Round)
	}
	return nil
}

// BenchmarkClassicGame plays a whole classic Britannia bot game (four
// players): every nation turn's bot orders with their checks, the
// adjudication and every round end.
func BenchmarkClassicGame(b *testing.B) { benchGame(b, "britannia") }

// BenchmarkClassicAdjudicateGame is the engine alone over a classic
// Britannia game (seed 1).
func BenchmarkClassicAdjudicateGame(b *testing.B) { benchAdjudicate(b, "britannia") }
