package adjudicator

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/orders"
)

// The messages that shared code (the archive, the daemon, the command
// line) gives players and GMs about a game's rules: its seats and the steps
// a player may ask for. Shared code names no ruleset and cites no rule
// (docs/design.md §2.2): it asks the engine for a message by its name
// (Engine.Message), and a ruleset words it in its Words under that name,
// with the rule it cites (View.Words); where a ruleset does not, the words
// of this file are used, which cite nothing.

// The names of the messages, and the values each takes (Event.Args).
const (
	// MsgSeatsFixed says why a game takes no players entering or leaving,
	// after "the players of this game are fixed: ".
	MsgSeatsFixed = "msg-seats-fixed"
	// MsgSeats titles the list of the seats of a game whose players enter
	// and leave.
	MsgSeats = "msg-seats"
	// MsgSeatEnter says what a player admitted to a game, or asking to
	// join it, does, after "you" or "they": "enter the game at the start
	// of the next round".
	MsgSeatEnter = "msg-seat-enter"
	// MsgSeatLeave tells a player who asks to leave game Arg(0) what
	// happens, as a sentence.
	MsgSeatLeave = "msg-seat-leave"
	// MsgSeatReturn tells a player who left and asks to enter game Arg(0)
	// again what happens, as a sentence.
	MsgSeatReturn = "msg-seat-return"
	// MsgAskNotNow refuses the step asked for with word Arg(0) while turn
	// Arg(1) is due: it cannot be asked for now.
	MsgAskNotNow = "msg-ask-not-now"
	// MsgAskAfterOrders refuses the step asked for with word Arg(2) once
	// orders for turn Arg(0) are accepted (their digest Arg(1)).
	MsgAskAfterOrders = "msg-ask-after-orders"
	// MsgAskNoWindow refuses the step asked for with word Arg(0) by reply
	// in a game whose GM allows no asking by reply, as a sentence.
	MsgAskNoWindow = "msg-ask-no-window"
	// MsgAskWindowPassed refuses the step asked for with word Arg(0) by
	// reply once the time to ask, Arg(1) after turn Arg(2) became due, has
	// passed, as a sentence.
	MsgAskWindowPassed = "msg-ask-window-passed"
	// MsgAskOffer offers the player of the nation due the step asked for
	// with word Arg(0), by reply with its token by the time Arg(1), as a
	// sentence.
	MsgAskOffer = "msg-ask-offer"
	// MsgBattleAtSea refuses a line about a battle in a sea area.
	MsgBattleAtSea = "battle-at-sea"
	// MsgRetreatToSea refuses a retreat to a sea area.
	MsgRetreatToSea = "retreat-to-sea"
	// MsgStandingLines refuses a line standing orders may not hold; Arg(0)
	// names the lines they may ("defend").
	MsgStandingLines = "standing-lines"
)

// messages are the words of the messages for a ruleset that has none of
// its own: they cite nothing, and name rounds with the ruleset's word.
var messages = Words{
	MsgSeatsFixed: {Words: F("it takes no players entering or leaving")},
	MsgSeats:      {Words: F("Seats")},
	MsgSeatEnter: {Words: func(e *Engine, _ Event) string {
		return "enter the game at the start of the next " + e.roundWord()
	}},
	MsgSeatLeave: {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("You leave game %s at the start of the next %s: your nations go to the other players, and you keep your VP", ev.Arg(0), e.roundWord())
	}},
	MsgSeatReturn: {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("You enter game %s again at the start of the next %s, with your VP as you left them", ev.Arg(0), e.roundWord())
	}},
	MsgAskNotNow:     {Words: F(`"%s" cannot be asked for in %s`)},
	MsgBattleAtSea:   {Words: F("no battles occur at sea")},
	MsgRetreatToSea:  {Words: F("armies may never retreat to a sea area")},
	MsgStandingLines: {Words: F("standing orders may only contain %s lines")},
	MsgAskAfterOrders: {Words: func(_ *Engine, ev Event) string {
		return fmt.Sprintf("orders for %s are accepted already (digest %s), written for the position as it is: they stand, and %q cannot be asked for in this turn", ev.Arg(0), ev.Arg(1), ev.Arg(2))
	}},
	MsgAskNoWindow: {Words: F("The GM allows no %s by reply in this game")},
	MsgAskWindowPassed: {Words: func(_ *Engine, ev Event) string {
		return fmt.Sprintf("The time to ask for %s by reply, %s after %s became due, has passed", ev.Arg(0), ev.Arg(1), ev.Arg(2))
	}},
	MsgAskOffer: {Words: func(e *Engine, ev Event) string {
		what := "ask for " + ev.Arg(0)
		if a, ok := e.Ask(ev.Arg(0)); ok && a.Does != "" {
			what = a.Does
		}
		return fmt.Sprintf("To %s before writing your orders, reply %q with your token by %s", what, ev.Arg(0), ev.Arg(1))
	}},
}

// Message is a message of shared code about the game's rules by its name
// (the Msg names above) with its values: the ruleset's words for it
// (View.Words) and the rule they cite in brackets, else words that cite
// nothing.
func (e *Engine) Message(what string, args ...any) string {
	sy, ok := e.R.View.Words[what]
	if !ok {
		sy, ok = messages[what]
	}
	if !ok || sy.Words == nil {
		panic("adjudicator: no message " + what) // a programming error: the names are this file's
	}
	words := sy.Words(e, Event{What: what, Args: Args(args...)})
	words = orders.Cited(words, sy.Rule)
	return words
}

// Refusal is an Illegal error at an order line: the fact what, with its
// values, in the ruleset's words (View.Words, its rule cited), else the
// words of this file.
func (e *Engine) Refusal(line int, what string, args ...any) *orders.Error {
	ev := Event{What: what, Args: Args(args...)}
	words, rule, ok := e.Say(ev)
	if !ok {
		words = messages[what].Words(e, ev)
	}
	return &orders.Error{Line: line, Illegal: true, Rule: rule, Msg: words}
}

// roundWord is what the ruleset calls a round, in lower case: "round",
// Hy Breasil's "turn".
func (e *Engine) roundWord() string {
	w, _ := e.RoundWords()
	return strings.ToLower(w)
}

// Asks are the steps a player may ask for before writing orders, by word
// (Orders.Asks); nil for none.
func (e *Engine) Asks() []Ask { return e.R.Orders.Asks }

// Ask is the step asked for with word (Orders.Asks), and whether the
// ruleset has one.
func (e *Engine) Ask(word string) (Ask, bool) {
	for _, a := range e.R.Orders.Asks {
		if a.Word == word {
			return a, true
		}
	}
	return Ask{}, false
}
