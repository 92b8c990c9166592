package reduxlr

import (
	"fmt"
	"maps"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// Words are Leaders and Raiders' words of the library's facts: Core's,
// with units described by type and leader (9.1, 9.2), merged over the
// library's (family.Words) with the ruleset's own.
var Words = adjudicator.Merge(family.Words, adjudicator.Words{
	"invaders": say("reduX Core 5.2.1", func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s invaders arrive in %s: %s", e.Adjective(ev.Nation), family.InvadersWhere(ev), forceOf(ev))
	}),
	"placed": say("reduX Core 5.2.2", func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s placed in %s", adjudicator.Upper(forceOfNation(e, ev)), ev.Area)
	}),
	"nowhere": say("reduX Core 5.2.2", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s have nowhere to place %s", ev.Nation, forceOf(ev))
	}),
	"reinforce-shortage": {RuleOf: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		if ev.Arg(0) == "cavalry" {
			return "reduX L&R 9.1"
		}
		return "reduX Core 5"
	}, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		avail, want := ev.ArgN(1), ev.ArgN(2)
		if ev.Arg(0) == "cavalry" {
			return fmt.Sprintf("Only %d of %s %s available", avail, games.Count(want, "cavalry reinforcement", "cavalry reinforcements"), adjudicator.Verb(avail, "is", "are"))
		}
		return fmt.Sprintf("Only %d of %s %s available; marker to %s", avail, games.Count(want, "infantry reinforcement", "infantry reinforcements"), adjudicator.Verb(avail, "is", "are"), ev.Arg(3))
	}},
	"move": {Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		one := ev.Leader != "" || ev.N == 1
		return fmt.Sprintf("%s %s %s", forceOfNation(e, ev), adjudicator.Verb(adjudicator.Singular(one), "moves", "move"), strings.Join(ev.Path, " > "))
	}, Sum: adjudicator.MovesSum(func(_ *adjudicator.Engine, ev adjudicator.Event) string { return forceOf(ev) })},
	"range": say("reduX Core 6, L&R 9.1.1, 9.2.1", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		what := "armies move"
		switch {
		case ev.Arg(0) == "yes":
			what = "a leader and its armies move"
		case ev.ArgN(1) == 0:
			what = "cavalry move"
		}
		return fmt.Sprintf("%s at most %s areas; this path has %s", what, ev.Arg(2), ev.Arg(3))
	}),
	"strait": say("reduX Core 6.2, L&R 9.2.1", adjudicator.F("crossing the strait from %s to %s takes all of a unit's movement")),
	"no-overrun": say("reduX Core 6.3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("armies must stop in %s: it holds %s armies and overruns are not possible in difficult terrain (armies with a leader may, L&R 9.2.1)", ev.Arg(0), strings.Join(ev.Args[1:], " and "))
	}),
	"round": {Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("  round %d: %s roll %s and kill %s; %s roll %s and kill %s; left %s against %s",
			ev.Round, ev.Nation, rollText(ev.Rolls, ev.Bonus, ev.Need), killText(ev.Kills), ev.Opponent, rollText(ev.TheirRolls, ev.TheirBonus, ev.TheirNeed), killText(ev.TheirKills),
			family.Strength(e, ev.Units, ev.Leader, " ("), family.Strength(e, ev.TheirUnits, ev.TheirLeader, " ("))
	}},
	"battle-end": {Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		switch a, d := unitsOf(ev.Units), unitsOf(ev.TheirUnits); {
		case a > 0 && d == 0:
			return fmt.Sprintf("The %s win %s with %s left", ev.Nation, ev.Area, family.Strength(e, ev.Units, ev.Leader, " ("))
		case d > 0 && a == 0:
			return fmt.Sprintf("The %s hold %s with %s left", ev.Opponent, ev.Area, family.Strength(e, ev.TheirUnits, ev.TheirLeader, " ("))
		case a == 0 && d == 0 && ev.Arg(0) != "others":
			return "No army is left in " + ev.Area
		}
		return fmt.Sprintf("The battle in %s is over", ev.Area)
	}},
	"defender-stuck":           {RuleOf: whyRule("reduX Core 7.2"), Words: family.StuckWords(whyWords)},
	"defender-retreats":        {RuleOf: whyRule("reduX Core 7.2.1"), Quiet: true, Words: family.RetreatWords(whyWords)},
	"attacker-retreats":        {RuleOf: whyRule("reduX Core 7.2.2"), Quiet: true, Words: family.RetreatWords(whyWords)},
	"attacker-retreats-to-sea": {RuleOf: whyRule("reduX L&R 11.3, 11.4"), Quiet: true, Words: family.RetreatWords(whyWords)},
	"lr-arthur-stays": say("reduX L&R 9.2.2, 9.3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("  %s would retreat alone but must stay with his cavalry", ev.Leader)
	}),
	"lr-arthur-together": say("reduX L&R 9.3", adjudicator.F("Arthur and his cavalry must stay together: move all %d cavalry in %s with him")),
	"lr-arthur-cavalry":  say("reduX L&R 9.3", adjudicator.F("Arthur's cavalry must stay with him: move them with \"move N leader ...\"")),
	"lr-arthur-british":  say("reduX L&R 9.3", adjudicator.F("Arthur and his cavalry may not attack a British nation, and the %s are one")),
	"lr-rb-british":      say("reduX L&R 9.3", adjudicator.F("the Romano-British may not attack the %s, a British nation, until they have attacked the Romano-British or Arthur has left play")),
	"lr-extra-attack":    say("reduX L&R 11.6.1", adjudicator.F("in an extra nation turn only clear English areas south of York and March, or areas of nations with a leader eligible to be King, may be attacked; %s is neither")),
	"lr-boat-extra":      say("reduX L&R 12", adjudicator.F("boat movement may not be used in the extra nation turns of the final round")),
	"lr-boat-landless": say("reduX L&R 12", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s held no land at the start of their Major Invasion and may not use boats", ev.Nation)
	}),
	"attacker-stuck": {RuleOf: whyRule("reduX Core 7.2.2"), Words: family.StuckWords(whyWords)},
})

// whyWords word why a retreat fell short in Leaders and Raiders: the
// library's reasons, Arthur's cavalry staying with him (9.3).
var whyWords = func() map[string]string {
	w := maps.Clone(family.WhyWords)
	w[family.WhyTogether] = "Arthur and his cavalry stay together"
	return w
}()

// whyRules are the rules of Leaders and Raiders a retreat's reasons cite
// beside reduX Core 7.2's.
var whyRules = map[string]string{family.WhyBoat: "L&R 12", family.WhyFromSea: "L&R 11.3, 11.4", family.WhyLeader: "L&R 9.2.2", family.WhyTogether: "L&R 9.3"}

// whyRule cites a retreat's rule with the rules its reasons follow:
// "reduX Core 7.2.2, L&R 12" for attackers that came by boat.
func whyRule(rule string) func(*adjudicator.Engine, adjudicator.Event) string {
	return func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		for _, w := range ev.Args {
			if r, ok := whyRules[w]; ok && !strings.Contains(rule, r) {
				rule += ", " + r
			}
		}
		return rule
	}
}

// say is a Say citing rule.
func say(rule string, words func(e *adjudicator.Engine, ev adjudicator.Event) string) adjudicator.Say {
	return adjudicator.Say{Rule: rule, Words: words}
}

// forceOf describes the units of an event (Event.Units and Leader):
// "3 armies", "2 infantry and 1 cavalry", "Arthur with 2 cavalry".
func forceOf(ev adjudicator.Event) string {
	return force(family.CountOf(ev.Units, "infantry"), family.CountOf(ev.Units, "cavalry"), ev.Leader)
}

// forceOfNation describes the units of an event with the nation's
// adjective (Engine.Adjective): "3 Saxon armies", "2 Norman infantry and
// 1 cavalry", "Arthur with 2 Romano-British cavalry", "Aelle".
func forceOfNation(e *adjudicator.Engine, ev adjudicator.Event) string {
	return family.NationForce(e, ev.Nation, family.CountOf(ev.Units, "infantry"), family.CountOf(ev.Units, "cavalry"), ev.Leader)
}

// unitsOf counts units of every kind.
func unitsOf(units []adjudicator.Count) int {
	n := 0
	for _, u := range units {
		n += u.N
	}
	return n
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

// rollText is a side's dice: infantry, then cavalry, with the leader's
// +1, each die that hits starred: an infantry die on need (5, or 6
// attacking difficult terrain) and a cavalry die on one less, but 6
// attacking difficult terrain (9.1.2; family's reach), a die with the
// leader's +1 (9.2.2).
func rollText(rolls []adjudicator.Roll, bonus, need int) string {
	var inf, cav []int
	for _, r := range rolls {
		if r.Kind == "cavalry" {
			cav = r.Dice
		} else {
			inf = r.Dice
		}
	}
	cavNeed := need - 1
	if need >= 6 {
		cavNeed = 6
	}
	hits := func(on int) func(int) bool {
		return func(d int) bool { return need > 0 && d+bonus >= on }
	}
	s := adjudicator.DiceHits(inf, hits(need))
	if len(cav) > 0 {
		if len(inf) == 0 {
			s = "cavalry " + adjudicator.DiceHits(cav, hits(cavNeed))
		} else {
			s += " and cavalry " + adjudicator.DiceHits(cav, hits(cavNeed))
		}
	}
	if bonus > 0 {
		s += " (+1, leader)"
	}
	return s
}

// killText is what a side killed: "2", "1 cavalry", "2 infantry and 1
// cavalry".
func killText(kills []adjudicator.Count) string {
	inf, cav := family.CountOf(kills, "infantry"), family.CountOf(kills, "cavalry")
	switch {
	case cav == 0:
		return adjudicator.KillText(inf)
	case inf == 0:
		return fmt.Sprintf("%d cavalry", cav)
	}
	return fmt.Sprintf("%d infantry and %d cavalry", inf, cav)
}
