package adjudicator

import (
	"fmt"
	"strings"
)

// Texts are a ruleset's words that the step engine and the shared views
// use: how rounds are named, the rule that names the winner, and how the
// citations of the library a ruleset is built on become its own.
type Texts struct {
	// RoundWord is what the ruleset calls a round in reports ("Round"
	// when empty; Hy Breasil's "Turn", Hy Breasil 3), and RoundOf what the
	// rounds make up ("the Timeline" when empty: "Round VII of the
	// Timeline"; Hy Breasil's "the game").
	RoundWord, RoundOf string
	// RoundEvent names a round event's step by its id: the title after
	// the round ("end of round"), its name ("the end of round 7") and
	// what it does ("scoring"; "" to say nothing). Nil: every round
	// event is the end of a round, its scoring (reduX Core 4.3).
	RoundEvent func(id string, round int) (title, name, does string)
	// Victory is the rule by which the player with the most victory points
	// wins, cited where a report names the winner (reduX Core 3); "" cites
	// none.
	Victory string
	// Cite rewrites the citations of the library a ruleset is built on in
	// words or a rule (the Britannia-family library cites reduX: "reduX
	// Core 5.1") as the ruleset's own, so that a game of another ruleset
	// never cites reduX (family.CitingOwn); nil keeps the library's.
	Cite func(s string) string
	// Refs rewrites a text's citations of sources the players do not have
	// (classic Britannia's research notes, "ref §4 occupy") as rules they
	// can look up (Engine.Cite); nil rewrites none.
	Refs func(s string) string
}

// DiceText writes dice as a report shows them: "[6 5 1]".
func DiceText(ds []int) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// DiceHits writes dice as a report shows them with each die that hits
// starred: "[6* 5* 1]"; hit says whether a die hits.
func DiceHits(ds []int, hit func(d int) bool) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprint(d)
		if hit != nil && hit(d) {
			parts[i] += "*"
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// HitsOn is a hit test for DiceHits: a die of need or more hits (none
// where need is 0: no one number hits).
func HitsOn(need int) func(d int) bool {
	return func(d int) bool { return need > 0 && d >= need }
}

// KillText is how many a side killed: "none", "1", "3".
func KillText(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprint(n)
}

// Upper capitalises the first letter.
func Upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// OrJoin joins names: "a, b and c".
func OrJoin(xs []string, word string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}
