package hybreasil

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// Data is the tables' rules: section (games/hy-breasil/tables.yaml), the
// numbers of the seed's rules.
type Data struct {
	// Tokens is the size of a token set (Hy Breasil 2).
	Tokens int `yaml:"tokens"`
	// FirstUnits are the units a nation of the first turn brings (5.1).
	FirstUnits int `yaml:"first_units"`
	// NewNations is how many nations enter for each die result (5.2).
	NewNations []int `yaml:"new_nations"`
	// LaterUnits is added to a die for a later nation's units (5.2).
	LaterUnits int `yaml:"later_units"`
	// NationLimits is the most nations a player owns, by player count
	// (5.3); other counts use sets/players rounded up.
	NationLimits map[int]int `yaml:"nation_limits"`
	// Events is table 1 from 1 up; a higher total reads the last (6.1).
	Events []string `yaml:"events"`
	// CivilizationVP are the points of the Civilization event (6.1).
	CivilizationVP int `yaml:"civilization_vp"`
	// Support is the units an area supports (6.4).
	Support int `yaml:"support"`
	// Hit is the least die that hits; AttackerDifficultHit the attacker's
	// in forest and hills (6.3.1).
	Hit                  int `yaml:"hit"`
	AttackerDifficultHit int `yaml:"attacker_difficult_hit"`
	// VPTarget ends the game after a turn in which a player reaches it (3);
	// 0: the rounds of the tables.
	VPTarget int `yaml:"vp_target"`
	// Reroll is the default reroll policy (6.1; docs/orders.md).
	Reroll RerollPolicy `yaml:"reroll"`
	// Races is table 2 from 3 up (9.1).
	Races []string `yaml:"races"`
}

// RerollPolicy says which events a nation rerolls by taking a
// civilization token, while it has fewer than WhileCivBelow (Hy Breasil
// 6.1).
type RerollPolicy struct {
	Events        []string `yaml:"events"`
	WhileCivBelow int      `yaml:"while_civ_below"`
	Why           string   `yaml:"why"`
}

// The events of table 1 (Hy Breasil 6.1).
const (
	Reinforcements   = "reinforcements"
	StrongLeader     = "strong leader"
	WeakLeader       = "weak leader"
	ReligiousFervour = "religious fervour"
	Plague           = "plague"
	Famine           = "famine"
	CivilWar         = "civil war"
	Civilization     = "civilization"
)

var eventNames = []string{Reinforcements, StrongLeader, WeakLeader, ReligiousFervour, Plague, Famine, CivilWar, Civilization}

var raceNames = []string{"human", "dwarf", "elf", "troll", "hogman", "lizardman"}

// D is the game's Data.
func D(e *adjudicator.Engine) *Data { return e.Data.(*Data) }

// LoadData reads the rules: section and checks that the board names the
// terrain kinds Hy Breasil reads (6.2, 6.3.1: plains, forest, hills) and
// has a sea a nation can land from (5.1).
func LoadData(e *adjudicator.Engine) error {
	d := &Data{}
	if err := games.DecodeSection(e.G.TablesName, &e.G.Tables.Rules, d); err != nil {
		return err
	}
	line := e.G.Tables.Rules.Line
	fail := func(f string, args ...any) error {
		return &games.LoadError{File: e.G.TablesName, Line: line, Msg: fmt.Sprintf(f, args...)}
	}
	switch {
	case d.Tokens <= 0 || d.FirstUnits <= 0 || d.FirstUnits > d.Tokens || d.LaterUnits < 0 || d.LaterUnits+6 > d.Tokens:
		return fail("rules: tokens, first_units and later_units must fit a token set (Hy Breasil 2, 5.1, 5.2)")
	case len(d.NewNations) != 6:
		return fail("rules: new_nations needs one count for each die result 1 to 6 (Hy Breasil 5.2)")
	case len(d.Events) == 0:
		return fail("rules: events: table 1 is empty (Hy Breasil 6.1)")
	case d.Support <= 0 || d.Hit < 1 || d.Hit > 6 || d.AttackerDifficultHit < d.Hit || d.AttackerDifficultHit > 6:
		return fail("rules: support, hit and attacker_difficult_hit are out of range (Hy Breasil 6.3.1, 6.4)")
	}
	for _, ev := range append(append([]string(nil), d.Events...), d.Reroll.Events...) {
		if !oneOf(ev, eventNames) {
			return fail("rules: unknown event %q (known: %s)", ev, strings.Join(eventNames, ", "))
		}
	}
	for _, r := range d.Races {
		if !oneOf(r, raceNames) {
			return fail("rules: unknown race %q (known: %s)", r, strings.Join(raceNames, ", "))
		}
	}
	if e.G.HasOption("continuous") {
		if err := checkSeatColours(e); err != nil {
			return fail("players: %v", err)
		}
	}
	if err := checkBoard(e.G.BoardName, e.G.Board); err != nil {
		return err
	}
	e.Data = d
	return nil
}

// checkBoard refuses a board whose terrain Hy Breasil cannot read: every
// land area must be plains, forest or hills (by name or as:, Hy Breasil
// 6.2), and some sea must not be inland (5.1). Each error is a
// *games.LoadError with the board file's name and the line of the area or
// sea at fault (docs/rulesets.md §Boards).
func checkBoard(file string, b *games.Board) error {
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		if !b.TerrainIs(id, "plains") && !b.TerrainIs(id, "forest") && !b.TerrainIs(id, "hills") {
			kind := b.Terrain(id)
			where := ""
			if l := b.TerrainLine(b.Areas[a].Terrain); l > 0 {
				where = fmt.Sprintf(" (line %d)", l)
			}
			return &games.LoadError{File: file, Line: b.Line(id), Msg: fmt.Sprintf("area %s: terrain %s%s: Hy Breasil reads only plains, forest and hills (Hy Breasil 6.2); give its terrain kind as: [plains], [forest] or [hills]", b.AreaName(id), kind.Name, where)}
		}
	}
	line := 1 // a board without seas: the file's start
	for a := b.NumLand; a < len(b.Areas); a++ {
		if !b.Areas[a].Inland {
			return nil
		}
		if line == 1 {
			line = b.Line(games.AreaID(a))
		}
	}
	return &games.LoadError{File: file, Line: line, Msg: "every sea is inland: no nation could enter (Hy Breasil 5.1); give the board a sea without inland: true"}
}

func oneOf(s string, xs []string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
