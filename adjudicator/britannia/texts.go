package britannia

import (
	"fmt"
	"maps"
	"regexp"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// Words are classic Britannia's words of the library's facts: units by
// kind (Roman armies, forts, burhs, cavalry, leaders), the classic rules
// cited, merged over the library's (family.Words).
var Words = adjudicator.Merge(family.Words, adjudicator.Words{
	"invaders": say("ref §3", func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s invaders arrive in the %s: %s", e.Adjective(ev.Nation), family.InvadersWhere(ev), forceOf(ev))
	}),
	// Units: what stays at sea.
	"stays-at-sea": say("Britannia 2005 Invasions and Raiding", func(e *adjudicator.Engine, ev adjudicator.Event) string {
		var what []string
		for _, u := range ev.Units {
			if k := e.Kind(u.Kind); k >= 0 && u.N > 0 {
				what = append(what, units(e, k, u.N))
			}
		}
		return fmt.Sprintf("The %s leave %s at sea in the %s: no order moved them", ev.Nation, adjudicator.OrJoin(what, "and"), ev.Area)
	}),
	"placed": say("ref §3", func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s placed in %s", adjudicator.Upper(forceOfNation(e, ev)), ev.Area)
	}),
	"nowhere": say("ref §3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s have nowhere to place %s", ev.Nation, forceOf(ev))
	}),
	"reinforce-shortage": say("ref §2.3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		avail, kind := ev.ArgN(1), ev.Arg(0)
		return fmt.Sprintf("Only %d of %s %s available", avail, games.Count(ev.ArgN(2), kind+" reinforcement", kind+" reinforcements"), adjudicator.Verb(avail, "is", "are"))
	}),
	"move": {Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		one := ev.Leader != "" || ev.N == 1
		return fmt.Sprintf("%s %s %s", forceOfNation(e, ev), adjudicator.Verb(adjudicator.Singular(one), "moves", "move"), strings.Join(ev.Path, " > "))
	}, Sum: adjudicator.MovesSum(func(_ *adjudicator.Engine, ev adjudicator.Event) string { return forceOf(ev) })},
	"range": say(ruleMove, func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		what := "infantry move"
		switch {
		case ev.Arg(0) == "yes":
			what = "armies with a leader move"
		case ev.ArgN(1) == 0:
			what = "cavalry and Roman armies move"
		}
		return fmt.Sprintf("%s at most %s areas; this path has %s", what, ev.Arg(2), ev.Arg(3))
	}),
	"strait": say(ruleMove, adjudicator.F("crossing the strait from %s to %s takes all of a unit's movement")),
	"no-overrun": say(ruleMove, func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("armies must stop in %s: it holds %s units and it is difficult terrain", ev.Arg(0), strings.Join(ev.Args[1:], " and "))
	}),
	"round": {Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		difficult := false
		if a, err := e.G.Board.Lookup(ev.Area); err == nil {
			difficult = e.G.Board.Difficult(a)
		}
		return fmt.Sprintf("  round %d: %s roll %s (hit on %d+) and kill %s; %s roll %s (hit on %d+) and kill %s; left %s against %s",
			ev.Round, ev.Nation, rollText(ev.Rolls, ev.Bonus, hitOn(0, difficult)), ev.Need, killText(e, ev.Kills),
			ev.Opponent, rollText(ev.TheirRolls, ev.TheirBonus, hitOn(1, difficult)), ev.TheirNeed, killText(e, ev.TheirKills),
			strength(e, ev.Units, ev.Leader), strength(e, ev.TheirUnits, ev.TheirLeader))
	}},
	"battle-end": {Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		switch a, d := unitsOf(ev.Units), unitsOf(ev.TheirUnits); {
		case a > 0 && d == 0:
			return fmt.Sprintf("The %s win %s with %s left", ev.Nation, ev.Area, strength(e, ev.Units, ev.Leader))
		case d > 0 && a == 0:
			return fmt.Sprintf("The %s hold %s with %s left", ev.Opponent, ev.Area, strength(e, ev.TheirUnits, ev.TheirLeader))
		case a == 0 && d == 0:
			return "No unit is left in " + ev.Area
		}
		return fmt.Sprintf("The battle in %s is over", ev.Area)
	}},
	"defender-stuck":     say(ruleBattle, family.StuckWords(whyWords)),
	"attacker-stuck":     say(ruleBattle, family.StuckWords(whyWords)),
	"defender-retreats":  {Rule: ruleBattle, Quiet: true, Words: family.RetreatWords(whyWords)},
	"attacker-retreats":  {Rule: ruleBattle, Quiet: true, Words: family.RetreatWords(whyWords)},
	"cb-roman-range":     say(ruleMove, adjudicator.F("Roman armies move at most %d areas (steps between two forts are free); this path has %d")),
	"cb-difficult-stops": say(ruleMove, adjudicator.F("%s is difficult terrain: a move that enters it ends there (armies with a leader go on)")),
	"cb-rome-protects": say("ref §4 Romano-British card", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s submitted to Rome: the %s may not attack them before round VIII unless attacked first", ev.Arg(0), ev.Nation)
	}),
	"cb-subject-attacks": say("Britannia 2005 §5 Submission", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s have submitted to the %s and may not attack them", ev.Nation, ev.Arg(0))
	}),
	"cb-fellow-subjects": say("Britannia 2005 §5 Submission", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s and the %s have both submitted to the %s and may not attack each other", ev.Nation, ev.Arg(0), ev.Arg(1))
	}),
	"cb-overlord-attacks": say("Britannia 2005 §5 Submission", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s have submitted to the %s, who may not attack them", ev.Arg(0), ev.Nation)
	}),
	"cb-no-boats": say(ruleMove, func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s have no boats in %s (ref §3: B on the Timeline)", ev.Nation, roundName(e, ev.Arg(0)))
	}),
	"cb-sea-from": say("ref §1.3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s may not move from the %s to another sea", ev.Nation, ev.Arg(0))
	}),
	"cb-sea-into": say("ref §1.3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s may not enter the %s", ev.Nation, ev.Arg(0))
	}),
	"cb-landing": say("ref §1.3", func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s may not land in %s (%s)", ev.Nation, ev.Arg(0), ev.Arg(1))
	}),
	"cb-overpopulation-remove": say("Britannia 2005 Overpopulation", family.RemovedWords),
	"cb-legion-remove": {Rule: "ref §3 II", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s removed from %s", games.Count(ev.N, "Roman army", "Roman armies"), ev.Area)
	}},
	"cb-late-remove": {RuleOf: func(_ *adjudicator.Engine, ev adjudicator.Event) string { return "ref §3 " + ev.Arg(0) },
		Words: family.RemovedWords},
})

// whyWords word why a retreat fell short in classic Britannia: the
// library's reasons; forts and burhs cannot move (seed 002 §5), and a
// defender may not retreat next to the enemy it fought (seed 004
// Retreats).
var whyWords = func() map[string]string {
	w := maps.Clone(family.WhyWords)
	w[family.WhyTogether] = "forts and burhs cannot move"
	w[family.WhyNowhere] = "no adjacent area is theirs or free and away from the enemy"
	return w
}()

const (
	ruleMove   = "Britannia 2005 Movement"
	ruleBattle = "Britannia 2005 Battles/Retreats"
)

// say is a Say citing rule.
func say(rule string, words func(e *adjudicator.Engine, ev adjudicator.Event) string) adjudicator.Say {
	return adjudicator.Say{Rule: rule, Words: words}
}

// forceOfNation describes the units of an event with the nation's
// adjective: "3 Saxon armies", "2 Roman armies", "Arthur with 2
// Romano-British cavalry" (the Romans' armies are Roman armies, the units
// that are not infantry count as cavalry, as in force).
func forceOfNation(e *adjudicator.Engine, ev adjudicator.Event) string {
	inf := family.CountOf(ev.Units, "infantry")
	cav := unitsOf(ev.Units) - inf - family.CountOf(ev.Units, "roman")
	inf += family.CountOf(ev.Units, "roman")
	return family.NationForce(e, ev.Nation, inf, cav, ev.Leader)
}

// forceOf describes the units of an event (Event.Units and Leader): the
// units that are not infantry count as cavalry in the words (force).
func forceOf(ev adjudicator.Event) string {
	inf := family.CountOf(ev.Units, "infantry")
	return force(inf, unitsOf(ev.Units)-inf, ev.Leader)
}

// unitsOf counts units of every kind.
func unitsOf(units []adjudicator.Count) int {
	n := 0
	for _, u := range units {
		n += u.N
	}
	return n
}

// ViewTexts are classic Britannia's words of what the step engine and the
// views name: the winner by the 2005 rules, and the classic rules cited
// where the family library cites reduX.
var ViewTexts = adjudicator.Texts{Cite: family.CitingOwn(cite), Refs: refs, Victory: "Britannia 2005 Vinderen"}

// need is BattleRules.Need, for the words: what a side's first dice hit a
// normal unit on (seed 004 Battles; ref §6).
func need(t *family.Turn, b *family.Battle, side int) int {
	k := Infantry
	if t.S.Count(b.Area, b.Sides[side], Roman) > 0 {
		k = Roman
	}
	for v := 1; v <= 6; v++ {
		if reach(t, b, side, k, v)&(1<<Infantry) != 0 {
			return v
		}
	}
	return 6
}

// force describes units: "3 armies", "1 cavalry", "2 infantry and 1
// cavalry", with a leader "Arthur with 2 cavalry" or "Arthur".
func force(inf, cav int, leader string) string {
	what := ""
	switch {
	case cav == 0:
		what = games.Count(inf, "army", "armies")
	case inf == 0:
		what = fmt.Sprintf("%d cavalry", cav)
	default:
		what = fmt.Sprintf("%d infantry and %d cavalry", inf, cav)
	}
	return family.WithLeader(leader, what, inf+cav)
}

// kindWords are the kinds as reports name them before their dice, by
// kind name, where a side rolls more than one kind or its one kind is not
// the nation's own (cavalry alone).
var kindWords = map[string]string{"cavalry": "cavalry", "roman": "Roman", "fort": "fort", "burh": "burh"}

// hitOn is what a side's die of a kind must show to hit a normal unit
// (seed 004 Battles; ref §6; reach): 5 for infantry, forts and burhs, 4
// for cavalry and Roman armies, 6 for an attacker in difficult terrain
// and for Roman armies there.
func hitOn(side int, difficult bool) func(kind string) int {
	return func(kind string) int {
		switch {
		case difficult && (side == 0 || kind == "roman"):
			return 6
		case kind == "cavalry" || kind == "roman":
			return 4
		}
		return 5
	}
}

// rollText is a side's dice kind by kind, with the leader's +1, each die
// that hits starred (need: the number a kind's die hits on); a side's
// one kind of infantry or Roman armies is not named ("Romans roll [5* 4*
// 2]").
func rollText(rolls []adjudicator.Roll, bonus int, need func(kind string) int) string {
	var parts []string
	for _, r := range rolls {
		on := need(r.Kind)
		w := adjudicator.DiceHits(r.Dice, func(d int) bool { return d+bonus >= on })
		if kw := kindWords[r.Kind]; kw != "" && (len(rolls) > 1 || r.Kind == "cavalry") {
			w = kw + " " + w
		}
		parts = append(parts, w)
	}
	s := strings.Join(parts, " and ")
	if s == "" {
		s = "[]"
	}
	if bonus > 0 {
		s += " (+1, leader)"
	}
	return s
}

// killText is what a side killed, kind by kind: "2 and 1 Roman fort"
// (infantry by number alone).
func killText(e *adjudicator.Engine, kills []adjudicator.Count) string {
	var parts []string
	for _, c := range kills {
		if c.Kind == "infantry" {
			parts = append(parts, fmt.Sprint(c.N))
			continue
		}
		parts = append(parts, units(e, e.Kind(c.Kind), c.N))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " and ")
}

// strength is a side's units in an area: "3", "4 (1 cavalry, with
// Arthur)", "2 (1 fort)".
func strength(e *adjudicator.Engine, us []adjudicator.Count, leader string) string {
	var among []string
	for _, k := range []adjudicator.KindID{Cavalry, Fort, Burh} {
		if c := family.CountOf(us, e.R.Kinds[k].Name); c > 0 {
			among = append(among, units(e, k, c))
		}
	}
	if leader != "" {
		among = append(among, "with "+leader)
	}
	s := fmt.Sprint(unitsOf(us))
	if len(among) > 0 {
		s += " (" + strings.Join(among, ", ") + ")"
	}
	return s
}

// kindNouns are the kinds as a count of them names them, one and many,
// by kind id (seed 002 §5 Roman Forts, Saxon Burhs).
var kindNouns = [][2]string{{"army", "armies"}, {"cavalry", "cavalry"}, {"Roman army", "Roman armies"}, {"Roman fort", "Roman forts"}, {"Saxon burh", "Saxon burhs"}}

// units counts c units of a kind: "1 Roman army", "2 Roman forts".
func units(e *adjudicator.Engine, k adjudicator.KindID, c int) string {
	if int(k) >= len(kindNouns) {
		return fmt.Sprintf("%d %s", c, e.R.Kinds[k].Name)
	}
	return games.Count(c, kindNouns[k][0], kindNouns[k][1])
}

// classicRules are the classic rules that stand for the reduX sections the
// kernel's shared stages cite, longest prefix first: overpopulation and
// population increase (seed 002 §5 Population Increase, Overpopulation),
// reinforcements by the Timeline (ref §3), movement and its stacking
// limits (§5 Movement), battles and retreats (§5 Battles), leaders (§5
// Leaders) and Major Invasions (seed 004 Invasions and Raiding).
var classicRules = []struct{ redux, classic string }{
	{"reduX Core 4", "Britannia 2005 Movement"},
	{"reduX Core 5.1", "Britannia 2005 Population Increase"},
	{"reduX Core 5.2", "ref §3"},
	{"reduX Core 5", "Britannia 2005 Population Increase"},
	{"reduX Core 6", "Britannia 2005 Movement"},
	{"reduX Core 7", "Britannia 2005 Battles/Retreats"},
	{"reduX L&R 9", "Britannia 2005 §5 Leaders"},
	{"reduX L&R 11.3", "Britannia 2005 Major Invasions"},
	{"reduX Core 1.2", "Britannia 2005 §5 Movement"},
}

// cite is classic Britannia's Texts.Cite: the classic rule for a reduX
// section the family library cites; a section with no classic
// counterpart keeps its citation, which the grammar test reports. The
// removals of classic Britannia name their own cause (cb-*-remove), so
// "reduX Core 5.1" is the population increase here.
func cite(rule string) string {
	for _, c := range classicRules {
		if rule == c.redux || strings.HasPrefix(rule, c.redux+".") || strings.HasPrefix(rule, c.redux+",") {
			return c.classic
		}
	}
	return rule
}

// refCitation matches a citation of the project's research notes on
// classic Britannia ("ref §3 XIV", "ref §4 occupy", "ref §1.3"), which
// the players do not have.
var refCitation = regexp.MustCompile(`ref §(\d+)(\.\d+)?(?: ([IVX]+\b))?(?: \((?:hold|occupy|kill)\)| (?:hold|occupy|kill|[A-Z][a-zA-Z-]* card))?(: B on the Timeline)?`)

// refs is classic Britannia's Texts.Refs: a citation of the research
// notes becomes the part of the game players read it from: the board's
// seas (§1), the nation list and forces, the population track (§2), the
// Timeline with its round (§3), the nation cards (§4), the rules (§6).
func refs(s string) string {
	return refCitation.ReplaceAllStringFunc(s, func(c string) string {
		m := refCitation.FindStringSubmatch(c)
		switch m[1] + m[2] {
		case "1", "1.1", "1.2", "1.3", "1.4":
			return "Britannia 2005 Sea areas"
		case "2.2":
			return "Britannia 2005 Nation List"
		case "2.3":
			return "Britannia 2005 Forces"
		case "2.4":
			return "Britannia 2005 Population track"
		case "3":
			if m[3] != "" {
				return "Britannia 2005 Timeline " + m[3]
			}
			if m[4] != "" {
				return "Britannia 2005 Timeline, B: boats"
			}
			return "Britannia 2005 Timeline"
		case "4":
			return "Britannia 2005 Nation cards"
		}
		return "Britannia 2005"
	})
}
