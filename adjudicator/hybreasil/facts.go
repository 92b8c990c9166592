package hybreasil

import (
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// NationFacts is Ruleset.NationFacts: what every report says of nation n
// beyond its units and areas (issue 13): its civilization tokens (Hy
// Breasil 6.1), its race (9.1, option races), its lord (9.2, option
// submission) and its abilities (9.3, option abilities), with the capital
// and the PIPs saved.
func NationFacts(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) []string {
	x := X(s)
	if s.OnBoard(n) == 0 {
		return nil // not in play
	}
	facts := []string{games.Count(x.Civ[n], "civilization token", "civilization tokens")}
	if r := x.Race[n]; r != "" {
		facts = append(facts, "race "+r)
	}
	if l := x.Lord[n]; l >= 0 {
		facts = append(facts, "submitted to the "+e.NationName(l)+" nation")
	}
	if ab := abilityWords(e, x, n); len(ab) > 0 {
		facts = append(facts, "abilities: "+strings.Join(ab, ", "))
	}
	var cities []string
	for a, m := range x.City {
		if m == n {
			cities = append(cities, e.G.Board.AreaName(games.AreaID(a)))
		}
	}
	if len(cities) > 0 {
		facts = append(facts, "cities: "+strings.Join(cities, ", "))
	}
	return facts
}

// abilityWords are nation n's abilities in the order gained, the capital
// with its area and food preservation with the PIPs it holds (Hy Breasil
// 9.3.1).
func abilityWords(e *adjudicator.Engine, x *Ext, n adjudicator.NationID) []string {
	var out []string
	for _, a := range x.Abilities[n] {
		switch {
		case a == Capital && x.Capital[n] != games.NoArea:
			a += " (" + e.G.Board.AreaName(x.Capital[n]) + ")"
		case a == Capital:
			a += " (none held)" // a split nation's, or one never named (9.3)
		case a == Food:
			a += " (" + games.Count(x.Saved[n], "PIP", "PIPs") + " saved)"
		}
		out = append(out, a)
	}
	return out
}

// Marks is Ruleset.Marks: a "C" on the counter of a nation with a city in
// the area (Hy Breasil 9.3.1).
func Marks(e *adjudicator.Engine, s *adjudicator.State, a games.AreaID, n adjudicator.NationID) []adjudicator.Mark {
	if X(s).City[a] == n {
		return []adjudicator.Mark{{Letter: "C", Word: "city"}}
	}
	return nil
}
