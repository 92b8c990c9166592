package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// raceFor is a new nation's race under option "races" (Hy Breasil 9.1):
// the turn plus two dice indexes table 2 (from 3; 26 and more is the
// last). In the first turn no two nations are of the same race: the dice
// are rolled again (at most 20 times, so that scripted dice end). "" when
// the option is off.
func raceFor(t *adjudicator.Turn, n adjudicator.NationID) string {
	if !t.G.HasOption("races") {
		return ""
	}
	races := D(t.E).Races
	race := ""
	for try := 0; try < 20; try++ {
		total := raceTurn(t) + roll(t, "race") + roll(t, "race")
		race = races[min(max(total, 3), 2+len(races))-3]
		if t.S.Round != 1 || !raceTaken(t.S, n, race) {
			break
		}
	}
	happen(t, EvInvasion, "race", t.E.NationName(n), race)
	return race
}

func raceTaken(s *adjudicator.State, n adjudicator.NationID, race string) bool {
	for m := range s.Nations {
		if m != n && InPlay(s, m) && X(s).Race[m] == race {
			return true
		}
	}
	return false
}

// racePIPs is what a race counts for an area where it differs from 6.2
// (Hy Breasil 9.1): humans 4 for plains, dwarves 3 for hills, elves 3 for
// forest; trolls 2 for plains and 1 for forest; hogmen 2 for plains and 1
// for hills.
func racePIPs(b *games.Board, race string, a games.AreaID) (int, bool) {
	plains, forest, hills := b.TerrainIs(a, "plains"), b.TerrainIs(a, "forest"), b.TerrainIs(a, "hills")
	switch {
	case race == "human" && plains:
		return 4, true
	case race == "dwarf" && hills, race == "elf" && forest:
		return 3, true
	case (race == "troll" || race == "hogman") && plains:
		return 2, true
	case race == "troll" && forest, race == "hogman" && hills:
		return 1, true
	}
	return 0, false
}

// raceBonus is what a race adds to its combat dice in an area, attacking
// or defending (Hy Breasil 9.1): trolls in hills, hogmen in forest.
func raceBonus(b *games.Board, race string, a games.AreaID) int {
	if (race == "troll" && b.TerrainIs(a, "hills")) || (race == "hogman" && b.TerrainIs(a, "forest")) {
		return 1
	}
	return 0
}

// ignores reports whether a race ignores an event (Hy Breasil 9.1:
// lizardmen, cold blooded, ignore Famine and Plague).
func ignores(race, ev string) bool {
	return race == "lizardman" && (ev == Famine || ev == Plague)
}

// raceTurn is the turn added to the race dice (9.1): the turn number, or
// under continuous play a new player's own turns for their first nation
// and otherwise the most turns of a player still in the game (10.2).
func raceTurn(t *adjudicator.Turn) int {
	switch {
	case !continuous(t.E):
		return t.S.Round
	case tx(t).raceTurn > 0:
		return tx(t).raceTurn
	}
	return highestTurns(t.S)
}
