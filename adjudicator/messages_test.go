package adjudicator_test

import (
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/rulesets"
)

// TestMessages: the messages shared code gives about seats and asked steps
// (Engine.Message) are the ruleset's words with its citation where it has
// them (Hy Breasil's, the second toy's), else words that cite nothing and
// name rounds with the ruleset's word; the offer of an asked step says
// what the step does (Orders.Asks); and the winner by a ruleset's own
// score is named by its Seating's rule (Engine.ScoreVictory).
func TestMessages(t *testing.T) {
	engine := func(name string) *adjudicator.Engine {
		r, err := rulesets.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Ruleset.Load(nil, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		return rulesets.New(g)
	}
	redux, hb, toy2 := engine("redux"), engine("hy-breasil"), engine("toy2")
	for _, tc := range []struct {
		name, got, want string
	}{
		{"redux seats fixed", redux.Message(adjudicator.MsgSeatsFixed), "it takes no players entering or leaving"},
		{"redux leave", redux.Message(adjudicator.MsgSeatLeave, "g1"), "You leave game g1 at the start of the next round: your nations go to the other players, and you keep your VP"},
		{"hy-breasil seats fixed", hb.Message(adjudicator.MsgSeatsFixed), "only a game with option continuous takes players entering and leaving (Hy Breasil 10)"},
		{"hy-breasil seats", hb.Message(adjudicator.MsgSeats), "Seats (Hy Breasil 10)"},
		{"hy-breasil window", hb.Message(adjudicator.MsgAskWindowPassed, "reroll", "1h0m0s", "r05-star"), "The reroll window of 1h0m0s after r05-star became due has passed: the reroll line of your orders decides (Hy Breasil 6.1)"},
		{"toy2 seats", toy2.Message(adjudicator.MsgSeats), "Seats (Toy2 2.2)"},
		{"toy2 offer", toy2.Message(adjudicator.MsgAskOffer, "pray", "Mon 7 Dec 12:00 UTC"), `To pray for a warrior at home (a die: 5 or 6, one joins; 1, one deserts) before writing your orders, reply "pray" with your token by Mon 7 Dec 12:00 UTC`},
		{"toy2 no window", toy2.Message(adjudicator.MsgAskNoWindow, "muster"), "The GM allows no muster by reply in this game"},
		{"score victory", hb.ScoreVictory() + "; " + toy2.ScoreVictory() + "; " + redux.ScoreVictory(), "Hy Breasil 10.3; Toy2 4.1; reduX Core 3"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, tc.got, tc.want)
		}
	}
	for _, what := range []string{adjudicator.MsgSeatsFixed, adjudicator.MsgSeats, adjudicator.MsgSeatEnter, adjudicator.MsgSeatLeave,
		adjudicator.MsgSeatReturn, adjudicator.MsgAskNotNow, adjudicator.MsgAskAfterOrders, adjudicator.MsgAskNoWindow,
		adjudicator.MsgAskWindowPassed, adjudicator.MsgAskOffer} {
		if m := redux.Message(what, "a", "b", "c"); m == "" || strings.HasSuffix(m, ")") {
			t.Errorf("%s: the words for a ruleset without its own are %q: want words that cite nothing", what, m)
		}
	}
}
