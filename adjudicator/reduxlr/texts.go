package reduxlr

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// Texts are Leaders and Raiders' words: Core's, with units described by
// type and leader.
var Texts = lrTexts(family.CoreTexts)

func lrTexts(x family.Texts) family.Texts {
	x.Force = force
	x.Invaders = func(t *family.Turn, where string, inf, cav int, leader string) string {
		return fmt.Sprintf("%s invaders arrive in %s: %s (reduX Core 5.2.1)", t.Nation(), where, force(inf, cav, leader))
	}
	x.Placed = func(t *family.Turn, dest string, inf, cav int, leader string) string {
		return fmt.Sprintf("%s placed in %s (reduX Core 5.2.2)", adjudicator.Upper(force(inf, cav, leader)), dest)
	}
	x.Nowhere = func(t *family.Turn, inf, cav int, leader string) string {
		return fmt.Sprintf("The %s have nowhere to place %s (reduX Core 5.2.2)", t.Nation(), force(inf, cav, leader))
	}
	x.Shortage = func(t *family.Turn, kind string, avail, want int) string {
		if kind == "cavalry" {
			return fmt.Sprintf("Only %d of %s %s available (reduX L&R 9.1)", avail, games.Count(want, "cavalry reinforcement", "cavalry reinforcements"), adjudicator.Verb(avail, "is", "are"))
		}
		return fmt.Sprintf("Only %d of %s %s available; marker to %d (reduX Core 5)", avail, games.Count(want, "infantry reinforcement", "infantry reinforcements"), adjudicator.Verb(avail, "is", "are"), t.G.Tables.Population.TrackMax)
	}
	x.Moved = func(t *family.Turn, inf, cav int, leader string, path []string) string {
		return fmt.Sprintf("%s %s %s %s", t.Nation(), force(inf, cav, leader), adjudicator.Verb(adjudicator.Singular(leader != "" || inf+cav == 1), "moves", "move"), strings.Join(path, " > "))
	}
	x.Range = func(t *family.Turn, withLeader bool, inf, limit, steps int) (string, string) {
		what := "armies move"
		switch {
		case withLeader:
			what = "a leader and its armies move"
		case inf == 0:
			what = "cavalry move"
		}
		return "reduX Core 6, L&R 9.1.1, 9.2.1", fmt.Sprintf("%s at most %d areas; this path has %d", what, limit, steps)
	}
	x.Strait = func(t *family.Turn, from, to string) (string, string) {
		return "reduX Core 6.2, L&R 9.2.1", fmt.Sprintf("crossing the strait from %s to %s takes all of a unit's movement", from, to)
	}
	x.NoOverrun = func(t *family.Turn, area, occupants string) (string, string) {
		return "reduX Core 6.3", fmt.Sprintf("armies must stop in %s: it holds %s armies and overruns are not possible in difficult terrain (armies with a leader may, L&R 9.2.1)", area, occupants)
	}
	x.Round = func(t *family.Turn, b *family.Battle, r *family.RoundResult) string {
		return fmt.Sprintf("  round %d: %s roll %s and kill %s; %s roll %s and kill %s; left %s against %s",
			r.Round, t.Nation(), rollText(r.Dice[0], r.Leader[0]), killText(r.Kills[0]), b.DefName, rollText(r.Dice[1], r.Leader[1]), killText(r.Kills[1]),
			t.Strength(b.Area, t.N, " ("), t.Strength(b.Area, b.Def, " ("))
	}
	x.BattleEnd = func(t *family.Turn, b *family.Battle) string {
		switch A, D := t.S.Units(b.Area, t.N), t.S.Units(b.Area, b.Def); {
		case A > 0 && D == 0:
			return fmt.Sprintf("The %s win %s with %s left", t.Nation(), t.Name(b.Area), t.Strength(b.Area, t.N, " ("))
		case D > 0 && A == 0:
			return fmt.Sprintf("The %s hold %s with %s left", b.DefName, t.Name(b.Area), t.Strength(b.Area, b.Def, " ("))
		case A == 0 && D == 0 && t.S.Vacant(b.Area):
			return fmt.Sprintf("No army is left in %s", t.Name(b.Area))
		}
		return fmt.Sprintf("The battle in %s is over", t.Name(b.Area))
	}
	x.DefenderStuck = func(t *family.Turn, nation, area string) string {
		return fmt.Sprintf("  the %s would retreat from %s but have no legal area to go to (or may not retreat), and fight on (reduX Core 7.2, L&R 9.2.2)", nation, area)
	}
	x.AttackerStuck = func(t *family.Turn, area string) string {
		return fmt.Sprintf("  the %s would retreat from %s but cannot (from the sea, by boat, placed there, the way back is blocked, or the last army facing a leader), and fight on (reduX Core 7.2.2, L&R 9.2.2, 12)", t.Nation(), area)
	}
	return x
}

// force describes units: "3 armies", "1 cavalry", "2 infantry and 1
// cavalry", with a leader "Arthur with 2 cavalry" or "Arthur".
func force(inf, cav int, leader string) string {
	what := unitsText(inf, cav)
	if leader == "" {
		return what
	}
	if inf+cav == 0 {
		return leader
	}
	return leader + " with " + what
}

func unitsText(inf, cav int) string {
	switch {
	case cav == 0:
		return fmt.Sprintf("%d %s", inf, armies(inf))
	case inf == 0:
		return fmt.Sprintf("%d cavalry", cav)
	}
	return fmt.Sprintf("%d infantry and %d cavalry", inf, cav)
}

func armies(n int) string {
	if n == 1 {
		return "army"
	}
	return "armies"
}

// rollText is a side's dice: infantry, then cavalry, with the leader's +1.
func rollText(d family.Dice, leader bool) string {
	inf, cav := d[0], []int(nil)
	if len(d) > 1 {
		cav = d[1]
	}
	s := adjudicator.DiceText(inf)
	if len(cav) > 0 {
		if len(inf) == 0 {
			s = "cavalry " + adjudicator.DiceText(cav)
		} else {
			s += " and cavalry " + adjudicator.DiceText(cav)
		}
	}
	if leader {
		s += " (+1, leader)"
	}
	return s
}

func killText(k family.Kills) string {
	inf, cav := k[0], 0
	if len(k) > 1 {
		cav = k[1]
	}
	switch {
	case cav == 0:
		return fmt.Sprint(inf)
	case inf == 0:
		return fmt.Sprintf("%d cavalry", cav)
	}
	return fmt.Sprintf("%d infantry and %d cavalry", inf, cav)
}
