package hybreasil

import (
	"fmt"

	"github.com/pbem-org/pbem/adjudicator"
)

// asks are the steps a player may ask for before writing orders
// (adjudicator.Orders.Asks): the reroll by reply of 6.1 (Asked).
var asks = []adjudicator.Ask{{Word: "reroll", Does: "reroll the random event of the nation due for a civilization token"}}

// messages are Hy Breasil's words for the messages shared code gives about
// its seats under continuous play (10) and its reroll by reply (6.1)
// (adjudicator.Engine.Message).
var messages = adjudicator.Words{
	adjudicator.MsgSeatsFixed: {Rule: "Hy Breasil 10", Words: adjudicator.F("only a game with option continuous takes players entering and leaving")},
	adjudicator.MsgSeats:      {Rule: "Hy Breasil 10", Words: adjudicator.F("Seats")},
	adjudicator.MsgSeatEnter: {Rule: "Hy Breasil 10.1",
		Words: adjudicator.F("enter the game at the start of the next turn, with a new nation if a token set is free")},
	adjudicator.MsgSeatLeave: {Rule: "Hy Breasil 10.1, 10.3",
		Words: adjudicator.F("You leave game %s at the start of the next turn: your nations go to the other players, and your VP and turns are kept for your corrected score")},
	adjudicator.MsgSeatReturn: {Rule: "Hy Breasil 10.1, 10.2",
		Words: adjudicator.F("You enter game %s again at the start of the next turn, with your score and turns as you left them")},
	adjudicator.MsgAskNotNow: {Rule: "Hy Breasil 6.1",
		Words: adjudicator.F(`"%s" cannot be asked for in %s: a nation rerolls its random event for a civilization token, not in its first turn`)},
	adjudicator.MsgAskAfterOrders: {Rule: "Hy Breasil 6.1",
		Words: adjudicator.F("orders for %s are accepted already (digest %s), written for the event as it is: it stands, and the reroll line of those orders decides")},
	adjudicator.MsgAskNoWindow: {Rule: "Hy Breasil 6.1",
		Words: adjudicator.F(`The GM allows no reroll by reply in this game: write a reroll line in your orders ("reroll never", "reroll always", ...)`)},
	adjudicator.MsgAskWindowPassed: {Rule: "Hy Breasil 6.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The reroll window of %s after %s became due has passed: the reroll line of your orders decides", ev.Arg(1), ev.Arg(2))
	}},
	adjudicator.MsgAskOffer: {Rule: "Hy Breasil 6.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("To reroll the random event for a civilization token before writing your orders, reply %q with your token by %s; you get the new event at once", ev.Arg(0), ev.Arg(1))
	}},
}
