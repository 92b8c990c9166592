package redux

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// Words are reduX Core's words of the facts of its own rules (scoring,
// the King, the end of the game, the Leaders and Raiders orders a Core
// game refuses) over the library's (family.Words). Leaders and Raiders
// and classic Britannia merge theirs over these.
var Words = adjudicator.Merge(family.Words, words)

// words are the facts of reduX Core's own rules, by What.
var words = adjudicator.Words{
	// Args: the order line as written.
	// It cites no rule: the line is of another game's.
	"core-lr-order": {Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%q is a Leaders and Raiders order; this game plays reduX Core", ev.Arg(0))
	}},
	"core-no-cavalry": {Rule: "reduX Core 1.2", Words: adjudicator.F("there is no cavalry in reduX Core")},
	"core-no-target":  {Rule: "reduX Core 1.2", Words: adjudicator.F("there is no cavalry in reduX Core")},
	"core-no-leaders": {Rule: "reduX Core 5.2", Words: adjudicator.F("there are no leaders in reduX Core")},
	// Areas: the land areas held, in board order; Args: the scoring
	// centres among them.
	"core-holding": {Rule: "reduX Core 3.1", Words: holdingWords},
	"core-no-king": {Rule: "reduX Core 3.2", Quiet: true, Words: adjudicator.F("No nation holds an area of southern England: there is no King of England")},
	// Args: the areas the King holds.
	"core-king": {Rule: "reduX Core 3.2", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s hold %s of England south of York and Cheshire and are King of England: %s VP", ev.Nation, games.Count(ev.ArgN(0), "area", "areas"), ev.VP)
	}},
	// Args: the areas each King holds, the King's points and the Kings.
	"core-king-tie": {Rule: "reduX Core 3.2", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		lost := ""
		if vp, kings := ev.ArgN(1), ev.ArgN(2); kings > 0 && vp%kings > 0 {
			lost = fmt.Sprintf(", %s lost", games.Count(vp%kings, "point", "points"))
		}
		return fmt.Sprintf("The %s tie for King of England with %s: %s VP (%s shared by %s%s)", ev.Nation, games.Count(ev.ArgN(0), "area", "areas"), ev.VP, ev.Arg(1), ev.Arg(2), lost)
	}},
	// Args: each nation and its points, best first.
	adjudicator.EvGameOver: {Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		var parts []string
		for i := 0; i+1 < len(ev.Args); i += 2 {
			parts = append(parts, ev.Args[i]+" "+ev.Args[i+1])
		}
		return "The game is over. Victory points by nation: " + strings.Join(parts, ", ")
	}},
}

// holdingWords are the words of a Core holding score (3.1): the centres
// marked "*".
func holdingWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	names := make([]string, len(ev.Areas))
	for i, a := range ev.Areas {
		names[i] = a
		if slices.Contains(ev.Args, a) {
			names[i] += "*"
		}
	}
	centres := len(ev.Args)
	return fmt.Sprintf("The %s score %s VP for holding %s: %s", ev.Nation, ev.VP,
		Held([2]string{"scoring centre", "scoring centres"}, centres, [2]string{"other area", "other areas"}, len(ev.Areas)-centres), strings.Join(names, ", "))
}

// Held counts what a nation holds by kind, leaving out the kinds it holds
// none of: "2 scoring centres and 1 other area", "3 other areas"; the
// nouns and counts come in pairs (one, many), n.
func Held(pairs ...any) string {
	var parts []string
	for i := 0; i+1 < len(pairs); i += 2 {
		noun, n := pairs[i].([2]string), pairs[i+1].(int)
		if n > 0 {
			parts = append(parts, games.Count(n, noun[0], noun[1]))
		}
	}
	if len(parts) == 0 {
		return "no area"
	}
	return adjudicator.OrJoin(parts, "and")
}

// Scored words a score event (Turn.AwardFact): "The Angles score 2 VP",
// then the format over its Args.
func Scored(format string) func(e *adjudicator.Engine, ev adjudicator.Event) string {
	why := adjudicator.F(format)
	return func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s score %s VP %s", ev.Nation, ev.VP, why(e, ev))
	}
}
