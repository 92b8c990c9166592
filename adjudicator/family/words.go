package family

import (
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
