package adjudicator_test

// Whole games of the second toy ruleset (toy2_test.go): by its bot, and
// through the archive as a GM and players play one, with players entering
// and leaving and steps asked for.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// toy2Engine is the engine of a game of the second toy for players
// players.
func toy2Engine(t *testing.T, players int) *adjudicator.Engine {
	t.Helper()
	g, err := toy2Data.Load(nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := rulesets.Engine(g)
	if err != nil {
		t.Fatal(err)
	}
	e.Players = players
	return e
}

// TestToy2BotGames: the second toy plays whole games with its bot
// (bot.Play, whose seats enter and leave as bot.SeatWishes asks) under
// several seeds and player counts: every bot file passes the engine's
// check; each round is dawn, the clans with warriors in clan order, dusk
// (Toy2 2.2, 3, 4); every clan always has a player in the game (2.3, 2.4);
// each dusk gives the players of the clans holding shrines 1 VP each,
// worked out apart (4); a player who left keeps his VP (2.3); and the game
// ends after round 4 (4.1).
func TestToy2BotGames(t *testing.T) {
	changes := 0
	for _, players := range []int{2, 3} {
		e := toy2Engine(t, players)
		for seed := uint64(1); seed <= 10; seed++ {
			final, err := bot.Play(e, seed, func(st bot.Step) error {
				changes += toy2SeatsChanged(st.Before, st.After)
				return toy2CheckStep(e, seed, st)
			})
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
			if !final.Over || final.Round != 4 {
				t.Errorf("%d players, seed %d: the game ends in round %d (over %v), want after round 4", players, seed, final.Round, final.Over)
			}
		}
	}
	if changes == 0 {
		t.Errorf("no simulated game had a player entering or leaving")
	}
}

// toy2CheckStep checks one step of a bot game against the rules, worked
// out apart from the ruleset's stages.
func toy2CheckStep(e *adjudicator.Engine, seed uint64, st bot.Step) error {
	before, after := toy2X(st.Before), toy2X(st.After)
	for n := range st.After.Nations {
		if p := st.After.Nations[n].Owner; p < 0 || !after.In[p] {
			return fmt.Errorf("the %s have no player in the game (seat %d)", e.NationName(n), p+1)
		}
	}
	for p := range before.VP {
		if after.VP[p] < before.VP[p] {
			return fmt.Errorf("%s lost VP: %d, then %d", toy2Label(e, p), before.VP[p], after.VP[p])
		}
	}
	switch due := e.Due(st.Before); {
	case due.Kind == adjudicator.NationTurn:
		if want := adjudicator.NationTurnID(st.Before.Round, e.NationName(due.Nation)); st.ID != want {
			return fmt.Errorf("the step is %s, want %s", st.ID, want)
		}
		f := bot.Orders(e, st.Before, "sim", "", seed)
		if errs := e.Check(st.Before, f, nil); len(errs) > 0 {
			return fmt.Errorf("the bot's file is refused: %v\n%s", errs, orders.Encode(f, e.G))
		}
	case strings.HasSuffix(st.ID, "-dusk"):
		want := toy2Shrines(e, st.Before)
		for p := range want {
			if got := after.VP[p] - before.VP[p]; got != want[p] {
				return fmt.Errorf("%s scored %d, want %d (Toy2 4)", toy2Label(e, p), got, want[p])
			}
		}
	case !strings.HasSuffix(st.ID, "-dawn"):
		return fmt.Errorf("a round event %s, neither dawn nor dusk", st.ID)
	}
	return nil
}

// toy2Shrines is what Toy2 4 gives each seat in s: 1 VP for each shrine
// that one clan alone holds, to that clan's player.
func toy2Shrines(e *adjudicator.Engine, s *adjudicator.State) []int {
	vp := make([]int, len(toy2X(s).VP))
	for _, name := range []string{"Highcairn", "Stonering", "Lowford"} {
		a, err := e.G.Board.Lookup(name)
		if err != nil {
			panic(err)
		}
		var in []adjudicator.NationID
		for n := range s.Nations {
			if s.Units(a, n) > 0 {
				in = append(in, n)
			}
		}
		if len(in) == 1 {
			vp[s.Nations[in[0]].Owner]++
		}
	}
	return vp
}

// toy2SeatsChanged is how many seats entered or left between two
// positions.
func toy2SeatsChanged(before, after *adjudicator.State) int {
	b, a := toy2X(before), toy2X(after)
	k := 0
	for p := range a.In {
		if p >= len(b.In) || a.In[p] != b.In[p] {
			k++
		}
	}
	return k
}
