package family

import (
	"fmt"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// The wording of the library's texts: numbers agree with their nouns and
// verbs, and a nation's possessive is games.Possessive.

func possessive(nation string) string { return games.Possessive(nation) }

// count is "1 army", "2 armies".
func count(n int, one, many string) string { return games.Count(n, one, many) }

func armies(n int) string { return adjudicator.Verb(n, "army", "armies") }

func isAre(n int) string { return adjudicator.Verb(n, "is", "are") }

// Words are the library's words of its facts (adjudicator.Words), citing
// reduX, whose rules it follows; a ruleset built on it merges its own over
// them (adjudicator.Merge), and its Texts.Cite gives its own citations.
var Words = adjudicator.Words{
	adjudicator.EvTurn: {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("Round %d: the %s turn", ev.Round, possessive(ev.Nation))
	}},
	"path-short":   {Rule: "reduX Core 6", Words: adjudicator.F("a move needs at least two areas")},
	"no-boats":     {Rule: "reduX Core 6", Words: adjudicator.F("armies may not move into a sea area (%s); boat movement is the optional rule \"boats\" (reduX L&R 12)")},
	"boat-path":    {Rule: "reduX L&R 12", Words: adjudicator.F("a boat move goes from a coastal area through a sea it borders to another area on that sea, not adjacent to the start")},
	"path-long":    {Rule: "reduX Core 6, L&R 9.1.1, 9.2.1", Words: adjudicator.F("no unit moves more than %d areas; this path has %d")},
	"into-sea":     {Rule: "reduX Core 6", Words: adjudicator.F("armies may not move into a sea area (%s)")},
	"not-adjacent": {Rule: "reduX Core 6", Words: adjudicator.F("%s is not adjacent to %s")},
	"strait-path":  {Rule: "reduX Core 6.2", Words: adjudicator.F("crossing the strait from %s to %s takes all of a unit's movement")},
}
