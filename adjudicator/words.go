package adjudicator

import "github.com/pbem-org/pbem/games"

// The wording of the engine's texts: numbers agree with their nouns and
// verbs, and a nation's possessive is games.Possessive.

func possessive(nation string) string { return games.Possessive(nation) }

// count is "1 army", "2 armies".
func count(n int, one, many string) string { return games.Count(n, one, many) }

func armies(n int) string { return Verb(n, "army", "armies") }

// Verb is the form of a verb (or any words) that agrees with a count.
func Verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func isAre(n int) string { return Verb(n, "is", "are") }

// Singular is 1 for a single subject and 2 otherwise, for Verb.
func Singular(b bool) int {
	if b {
		return 1
	}
	return 2
}
