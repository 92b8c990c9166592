package family

import (
	"fmt"
	"regexp"
	"strings"

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

// reduxCitation matches a citation of reduX's rules: "reduX Core 5.1",
// "reduX L&R 9.2.1", "reduX Core 6.1, L&R 11.3".
var reduxCitation = regexp.MustCompile(`reduX (?:Core|L&R) \d+(?:\.\d+)*(?:, (?:Core |L&R )?\d+(?:\.\d+)*)*`)

// CitingOwn is a Texts.Cite for a ruleset of the family that cites its own
// rules: each citation of reduX in words or a rule becomes own(it).
func CitingOwn(own func(rule string) string) func(s string) string {
	return func(s string) string {
		if !strings.Contains(s, "reduX") {
			return s
		}
		return reduxCitation.ReplaceAllStringFunc(s, own)
	}
}

// f is adjudicator.F.
func f(format string) func(e *Engine, ev Event) string { return adjudicator.F(format) }

// say is a Say citing rule.
func say(rule string, words func(e *Engine, ev Event) string) adjudicator.Say {
	return adjudicator.Say{Rule: rule, Words: words}
}

// quiet is a Say that names its rule without citing it in its words.
func quiet(rule string, words func(e *Engine, ev Event) string) adjudicator.Say {
	return adjudicator.Say{Rule: rule, Words: words, Quiet: true}
}

// Words are the library's words of its facts (adjudicator.Words), reduX
// Core's, citing reduX, whose rules the library follows; a ruleset built
// on it merges its own over them (adjudicator.Merge), and its Texts.Cite
// gives its own citations.
var Words = adjudicator.Merge(moveWords, battleWords, populationWords, reinforceWords, reviewWords)

// ArmiesOf counts the armies among units (the kinds that count as armies,
// Kind.Army).
func ArmiesOf(e *Engine, units []adjudicator.Count) int {
	n := 0
	for _, u := range units {
		if k := e.Kind(u.Kind); k >= 0 && e.R.Kinds[k].Army {
			n += u.N
		}
	}
	return n
}

// CountOf is how many units of a kind units hold.
func CountOf(units []adjudicator.Count, kind string) int {
	for _, u := range units {
		if u.Kind == kind {
			return u.N
		}
	}
	return 0
}

// NationForce describes inf infantry and cav cavalry of a nation with its
// adjective (Engine.Adjective), and the leader with them: "3 Saxon
// armies", "2 Norman infantry and 1 cavalry", "Arthur with 2
// Romano-British cavalry", "Aelle" (a leader alone).
func NationForce(e *adjudicator.Engine, nation string, inf, cav int, leader string) string {
	adj := e.Adjective(nation)
	var what string
	switch {
	case cav == 0:
		what = e.Counted(inf, nation, "army", "armies")
	case inf == 0:
		what = fmt.Sprintf("%d %s cavalry", cav, adj)
	default:
		what = fmt.Sprintf("%d %s infantry and %d cavalry", inf, adj, cav)
	}
	return WithLeader(leader, what, inf+cav)
}

// WithLeader is units' words what (n units) with their leader: "Arthur
// with 2 cavalry", the leader alone when n is 0, what alone without one.
func WithLeader(leader, what string, n int) string {
	switch {
	case leader == "":
		return what
	case n == 0:
		return leader
	}
	return leader + " with " + what
}

// Strength describes a side's units in an area: "3", or with what is
// among them after sep, "4: 1 cavalry, with Arthur" (sep ": ") or "4 (1
// cavalry, with Arthur)" (sep " (").
func Strength(e *Engine, units []adjudicator.Count, leader, sep string) string {
	var among []string
	if cav := CountOf(units, "cavalry"); cav > 0 {
		among = append(among, fmt.Sprintf("%d cavalry", cav))
	}
	if leader != "" {
		among = append(among, "with "+leader)
	}
	s := fmt.Sprint(ArmiesOf(e, units))
	if len(among) > 0 {
		s += sep + strings.Join(among, ", ")
		if sep == " (" {
			s += ")"
		}
	}
	return s
}

// moveWords are the words of movement (reduX Core 6; L&R 9.1, 9.2.1, 11.3,
// 12).
var moveWords = adjudicator.Words{
	"turn": {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("Round %d: the %s turn", ev.Round, possessive(ev.Nation))
	}},
	"path-short":   say("reduX Core 6", f("a move needs at least two areas")),
	"no-boats":     say("reduX Core 6", f("armies may not move into a sea area (%s); boat movement is the optional rule \"boats\" (reduX L&R 12)")),
	"boat-path":    say("reduX L&R 12", f("a boat move goes from a coastal area through a sea it borders to another area on that sea, not adjacent to the start")),
	"path-long":    say("reduX Core 6, L&R 9.1.1, 9.2.1", f("no unit moves more than %d areas; this path has %d")),
	"into-sea":     say("reduX Core 6", f("armies may not move into a sea area (%s)")),
	"not-adjacent": say("reduX Core 6", f("%s is not adjacent to %s")),
	"strait-path":  say("reduX Core 6.2", f("crossing the strait from %s to %s takes all of a unit's movement")),
	"leader-moved": say("reduX L&R 9.2.1", func(_ *Engine, ev Event) string {
		return "the " + possessive(ev.Nation) + " leader has already moved this phase"
	}),
	"range": say("reduX Core 6", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("armies move at most %s areas; this path has %s", ev.Arg(2), ev.Arg(3))
	}),
	"none-at-sea":         say("reduX Core 6.1", nation("the %s have no armies at sea in %s")),
	"boat-shape":          say("reduX L&R 12", f("a boat move is LAND > SEA > LAND, from a coastal area to another area on that sea")),
	"strait":              say("reduX Core 6.2", f("crossing the strait from %s to %s takes all of an army's movement")),
	"leader-alone-enters": say("reduX L&R 9.2.1", f("a leader alone may only enter areas that hold its nation's armies and no others; %s does not")),
	"no-overrun": say("reduX Core 6.3", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("armies must stop in %s: it holds %s armies and overruns are not possible in difficult terrain", ev.Arg(0), strings.Join(ev.Args[1:], " and "))
	}),
	"no-leader": say("reduX L&R 9.2", nation("the %s have no leader in %s")),
	"leader-armies-fresh": say("reduX Core 6", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("only %s of the %s armies in %s can still move", ev.Arg(0), possessive(ev.Nation), ev.Arg(1))
	}),
	"cavalry-fresh":  say("reduX L&R 9.1", nation("the %s have %s cavalry in %s that can still move, not %s")),
	"unknown-unit":   say("reduX L&R 9", f("unknown unit %q (infantry, cavalry, leader or leader alone)")),
	"none-fresh":     say("reduX Core 6", nation("the %s have no armies in %s that can still move")),
	"cavalry-three":  say("reduX L&R 9.1.1", nation("only cavalry move three areas, and the %s have %s cavalry in %s that can still move (armies with a leader move three: \"move %s leader ...\")")),
	"infantry-fresh": say("reduX Core 6", nation("the %s have %s infantry in %s that can still move, not %s")),
	"moved-once": say("reduX Core 6", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("only %s of the %s armies in %s can still move (an army moves once a turn)", ev.Arg(0), possessive(ev.Nation), ev.Arg(1))
	}),
	"too-few": say("reduX Core 6", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("the %s have %d %s in %s, not %s", ev.Nation, ev.ArgN(0), armies(ev.ArgN(0)), ev.Arg(1), ev.Arg(2))
	}),
	"one-kind": say("reduX Core 1.2", f("there is only one unit type in reduX Core; leave out %q")),
	"move": {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("%s %s %s", e.Counted(ev.N, ev.Nation, "army", "armies"), adjudicator.Verb(ev.N, "moves", "move"), strings.Join(ev.Path, " > "))
	}, Sum: adjudicator.MovesSum(func(_ *Engine, ev Event) string { return count(ev.N, "army", "armies") })},
	"overrun": say("reduX Core 6.3", func(e *Engine, ev Event) string {
		return fmt.Sprintf("%s %s %s", e.Counted(ev.N, ev.Nation, "army", "armies"), adjudicator.Verb(ev.N, "overruns", "overrun"), ev.Area)
	}),
	"leader-follows": say("reduX L&R 9.2.1", func(e *Engine, ev Event) string {
		return fmt.Sprintf("%s goes with the last %s armies from %s to %s", ev.Leader, e.Adjective(ev.Nation), ev.Arg(0), ev.Area)
	}),
	"boat-leader-alone": say("reduX L&R 9.2.1", f("a leader may not move by boat alone")),
	"boat-not-border":   say("reduX L&R 12", f("%s does not border %s")),
	"boat-adjacent":     say("reduX L&R 12", f("a boat move goes to an area not adjacent to its start; %s is adjacent to %s")),
	"boat-once":         say("reduX L&R 12", f("boat movement is used once per Movement Phase, from one area through one sea to one area (this phase: %s > %s > %s)")),
	"no-phase":          say("reduX L&R 11.3", f("there is no phase %d in this nation turn: only Major Invasions move twice")),
	"phase-two":         say("reduX L&R 11.3", f("a Major Invasion has two movement phases; write \"phase 2:\", not phase %d")),
	"second-phase": say("reduX L&R 11.3", func(_ *Engine, ev Event) string {
		if ev.Idle {
			return "The " + possessive(ev.Nation) + " Major Invasion: nothing moves in the second Movement Phase"
		}
		return "The " + possessive(ev.Nation) + " Major Invasion: second Movement Phase"
	}),
	"stacking": say("reduX Core 4.2.1, 6.4", stackingWords),
	"held": say("reduX Core 6.4", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("the %s must hold at least as many areas at the end of movement as at the start (%s), but would hold %s: %s would be left empty",
			ev.Nation, ev.Arg(0), ev.Arg(1), adjudicator.OrJoin(ev.Args[2:], "and"))
	}),
	"over-limit":    say("reduX Core 4.2.2, 6.4", overLimitWords),
	"owe-expansion": say("reduX Core 6", nation("the %s begin movement over their population limit and must move into empty areas or attack")),
	"overrun-few": say("reduX Core 6.3", func(_ *Engine, ev Event) string {
		stop := "none stops"
		if k := ev.ArgN(2); k > 0 {
			stop = fmt.Sprintf("only %d %s", k, adjudicator.Verb(k, "stops", "stop"))
		}
		return fmt.Sprintf("%s through %s but %s there; to overrun %s at least %s must stop", count(ev.ArgN(0), "army passes", "armies pass"), ev.Arg(1),
			stop, count(ev.ArgN(3), "defender", "defenders"), ev.Arg(4))
	}),
	// Args as overrun-few's (MoveRules.OverrunAll).
	"overrun-few-all": say("reduX Core 6.3", func(_ *Engine, ev Event) string {
		stop := ev.ArgN(2)
		return fmt.Sprintf("%s through %s and %d %s there; to overrun %s at least %s must enter it", count(ev.ArgN(0), "army passes", "armies pass"), ev.Arg(1),
			stop, adjudicator.Verb(stop, "stops", "stop"), count(ev.ArgN(3), "defender", "defenders"), ev.Arg(4))
	}),
	"overrun-stands": quiet("reduX Core 6.3", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("the overrun of %s no longer has enough armies stopping there (%s of %s); it stands", ev.Area, ev.Arg(0), ev.Arg(1))
	}),
	"must-land": say("reduX Core 6.1", func(_ *Engine, ev Event) string { return atSeaWords(ev, "must land this turn") }),
	"raiders-land": say("reduX L&R 9.2.1", func(_ *Engine, ev Event) string {
		return atSeaWords(ev, "are raiders with a leader and must end the Movement Phase on land")
	}),
	"nowhere-to-land": say("reduX Core 6.1", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("the %s at sea in %s have nowhere they may land", ev.Nation, ev.Area)
	}),
	// Units: what stays. A ruleset that lets units stay at sea
	// (MoveRules.StayAtSea) cites its own rule.
	"stays-at-sea": {Words: func(_ *Engine, ev Event) string {
		return fmt.Sprintf("The %s leave %d %s at sea in the %s: no order moved them", ev.Nation, ev.N, armies(ev.N), ev.Area)
	}},
	"landed": say("reduX Core 6.1", func(_ *Engine, ev Event) string {
		if ev.N == 1 {
			return "1 army at sea must land and no order moved it: it lands in " + ev.Area
		}
		return fmt.Sprintf("%d armies at sea must land and no order moved them: they land in %s", ev.N, ev.Area)
	}),
}

// nation words a fact from a format whose first verb is the nation
// (Event.Nation) and the rest its Args.
func nation(format string) func(e *Engine, ev Event) string {
	rest := adjudicator.F(strings.Replace(format, "%s", "{nation}", 1))
	return func(e *Engine, ev Event) string { return strings.Replace(rest(e, ev), "{nation}", ev.Nation, 1) }
}

// atSeaWords says units at sea must land (reduX Core 6.1; L&R 9.2.1).
func atSeaWords(ev Event, why string) string {
	k, sea := ev.ArgN(0), ev.Arg(1)
	return fmt.Sprintf("%d %s at sea in %s %s; add a move such as \"move %d %s > LAND\"", k, armies(k), sea, why, k, sea)
}

// stackingWords say where the stacking limit is broken (reduX Core 4.2.1,
// 6.4): Args are the area, the tables' limits (clear, difficult, and the
// overstacks'), then each area at fault (Turn.stackingBreak).
func stackingWords(_ *Engine, ev Event) string {
	where := ev.Arg(0)
	var over, stacks []string
	for _, x := range ev.Args[5:] {
		f := strings.Fields(x)
		switch {
		case len(f) >= 4 && f[0] == "over":
			area := strings.Join(f[1:len(f)-2], " ")
			if area == where {
				over = append(over, fmt.Sprintf("%s armies there, more than an overstack of %s", f[len(f)-2], f[len(f)-1]))
			} else {
				over = append(over, fmt.Sprintf("%s armies in %s, more than an overstack of %s", f[len(f)-2], area, f[len(f)-1]))
			}
		case len(f) >= 3 && f[0] == "stack":
			stacks = append(stacks, fmt.Sprintf("%s (%s)", strings.Join(f[1:len(f)-1], " "), f[len(f)-1]))
		}
	}
	if len(stacks) > 0 {
		over = append(over, fmt.Sprintf("overstacks in %s, where one is allowed", adjudicator.OrJoin(stacks, "and")))
	}
	os := fmt.Sprintf("one overstack of up to %s or %s", ev.Arg(3), ev.Arg(4))
	if ev.ArgN(3) >= games.NoStackLimit {
		os = fmt.Sprintf("one overstack of any size, or of up to %s in difficult terrain", ev.Arg(4))
	}
	return fmt.Sprintf("at the end of movement the %s break the stacking limit in %s: %s (%s armies, %s in difficult terrain, %s)",
		ev.Nation, where, strings.Join(over, "; "), ev.Arg(1), ev.Arg(2), os)
}

// overLimitWords say a nation is over its population limit (reduX Core
// 4.2.2, 6.4): Args are its excess, its limit, the areas it holds, whether
// it holds clear terrain, then the clear areas it contests.
func overLimitWords(_ *Engine, ev Event) string {
	why := "2 × " + count(ev.ArgN(2), "area", "areas")
	switch {
	case ev.Arg(3) == "yes":
		why += " + 1 for holding clear terrain"
	case len(ev.Args) > 4:
		why += fmt.Sprintf(", and no +1 for clear terrain: they hold none, %s being contested", adjudicator.OrJoin(ev.Args[4:], "and"))
	default:
		why += ", and no +1: they hold no clear terrain"
	}
	return fmt.Sprintf("at the end of movement the %s would have %s over their population limit of %s (%s)",
		ev.Nation, count(ev.ArgN(0), "army", "armies"), ev.Arg(1), why)
}

// battleWords are the words of battles and retreats (reduX Core 7; L&R
// 9.2.2).
var battleWords = adjudicator.Words{
	"no-battle": say("reduX Core 7", f("there is no battle in %s")),
	"battle": {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("Battle %d in %s: the %s (%s) attack the %s (%s)", ev.Battle, ev.Area, ev.Nation, Strength(e, ev.Units, ev.Leader, ": "), ev.Opponent, Strength(e, ev.TheirUnits, ev.TheirLeader, ": "))
	}},
	"round": {Words: func(e *Engine, ev Event) string {
		return fmt.Sprintf("  round %d: %s roll %s (hit on %d+) and kill %s; %s roll %s (hit on %d+) and kill %s; left %d against %d",
			ev.Round, ev.Nation, adjudicator.DiceHits(ev.Dice, adjudicator.HitsOn(ev.Need)), ev.Need, adjudicator.KillText(ev.Hits),
			ev.Opponent, adjudicator.DiceHits(ev.TheirDie, adjudicator.HitsOn(ev.TheirNeed)), ev.TheirNeed, adjudicator.KillText(ev.TheirHit),
			ArmiesOf(e, ev.Units), ArmiesOf(e, ev.TheirUnits))
	}},
	"battle-end": {Words: func(e *Engine, ev Event) string {
		switch a, d := ArmiesOf(e, ev.Units), ArmiesOf(e, ev.TheirUnits); {
		case a > 0 && d == 0:
			return fmt.Sprintf("The %s win %s with %d left", ev.Nation, ev.Area, a)
		case d > 0 && a == 0:
			return fmt.Sprintf("The %s hold %s with %d left", ev.Opponent, ev.Area, d)
		}
		return "No army is left in " + ev.Area
	}},
	"leader-alone": say("reduX L&R 9.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  %s is left without armies in %s and is eliminated", ev.Leader, ev.Area)
	}),
	"victor-falls-back": say("reduX L&R 9.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  the victorious %s, with their leader, fall back from %s", ev.Nation, ev.Area)
	}),
	"leader-faces-leader": say("reduX L&R 9.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  %s would retreat alone but faces another leader", ev.Leader)
	}),
	"leader-stays": say("reduX L&R 9.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  %s would retreat alone but %s", ev.Leader, ev.Arg(0))
	}),
	"leader-no-retreat": say("reduX L&R 9.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  %s would retreat alone but has no adjacent area held by his nation to go to", ev.Leader)
	}),
	"leader-retreats": say("reduX L&R 9.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  %s retreats alone from %s to %s", ev.Leader, ev.Path[0], ev.Path[1])
	}),
	"defender-stuck":           say("reduX Core 7.2", StuckWords(WhyWords)),
	"defender-retreats":        quiet("reduX Core 7.2.1", RetreatWords(WhyWords)),
	"attacker-retreats":        quiet("reduX Core 7.2.2", RetreatWords(WhyWords)),
	"attacker-retreats-to-sea": quiet("reduX L&R 11.3, 11.4", RetreatWords(WhyWords)),
	"leader-with-retreat": say("reduX L&R 9.2.1", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  %s retreats with them to %s", ev.Leader, ev.Area)
	}),
	"attacker-stuck": say("reduX Core 7.2.2", StuckWords(WhyWords)),
}

// WhyWords word why a retreat fell short (the Why facts of its Args, since
// the switch adjudicator.RetreatReasons), as the library's rules say
// it (reduX Core 7.2; L&R 9.2.2, 11.3, 12); a ruleset words its own.
var WhyWords = map[string]string{
	WhyPlaced:   "they were placed there",
	WhyBoat:     "they came by boat",
	WhyFromSea:  "they came from the sea",
	WhyBlocked:  "another nation holds the way back",
	WhyLimit:    "no area they may go to has room within the stacking and population limits",
	WhyNowhere:  "no adjacent area is theirs or free to enter",
	WhyLeader:   "the last army stays facing a leader",
	WhyTogether: "some must stay together",
}

// Because words the reasons a retreat fell short, all of which applied:
// " (they came from the sea and another nation holds the way back)"; ""
// for none (a game played without adjudicator.RetreatReasons records
// none).
func Because(words map[string]string, whys []string) string {
	var parts []string
	for _, w := range whys {
		if p, ok := words[w]; ok {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + adjudicator.OrJoin(parts, "and") + ")"
}

// StuckWords say a side would retreat but cannot, and why (its Args:
// reduX Core 7.2.1, 7.2.2), in the words given for each reason.
func StuckWords(words map[string]string) func(e *Engine, ev Event) string {
	return func(_ *Engine, ev Event) string {
		return fmt.Sprintf("  the %s would retreat from %s but cannot%s, and fight on", ev.Nation, ev.Area, Because(words, ev.Args))
	}
}

// RetreatWords say armies retreat (reduX Core 7.2.1, 7.2.2), and where
// some stayed why (its Args: how many stayed, then the reasons).
func RetreatWords(words map[string]string) func(e *Engine, ev Event) string {
	return func(_ *Engine, ev Event) string {
		s := fmt.Sprintf("  the %s retreat %d %s from %s to %s", ev.Nation, ev.N, armies(ev.N), ev.Path[0], ev.Path[1])
		if stayed := ev.ArgN(0); stayed > 0 {
			s += fmt.Sprintf("; %s %s in %s%s", count(stayed, "army", "armies"), adjudicator.Verb(stayed, "stays", "stay"), ev.Path[0], Because(words, ev.Args[1:]))
		}
		return s
	}
}

// populationWords are the words of population increase and overpopulation
// (reduX Core 5.1, 5.1.1).
var populationWords = adjudicator.Words{
	"no-land":             say("reduX Core 5.1", nation("The %s hold no land: no population increase, marker to 0")),
	"no-place-landless":   say("reduX Core 5.1", f("nothing to place: the nation holds no land and gains no armies")),
	"no-place-over-limit": say("reduX Core 5.1", f("nothing to place: the nation is over its population limit and gains no armies")),
	"over-excess": say("reduX Core 5.1", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("The %s have %s and %s: no increase, %s removed, marker to 0", ev.Nation, count(ev.ArgN(0), "excess army", "excess armies"),
			count(ev.ArgN(1), "population point", "population points"), count(ev.ArgN(2), "army", "armies"))
	}),
	"population-shortage": say("reduX Core 5", func(_ *Engine, ev Event) string {
		if ev.ArgN(0) == 0 {
			return fmt.Sprintf("The %s have no army left to place of the %s gained; marker to %s", ev.Nation, ev.Arg(1), ev.Arg(2))
		}
		return fmt.Sprintf("The %s have only %s left of the %s gained; marker to %s", ev.Nation, count(ev.ArgN(0), "army", "armies"), ev.Arg(1), ev.Arg(2))
	}),
	"population": say("reduX Core 5.1", func(_ *Engine, ev Event) string {
		points := count(ev.ArgN(0), "population point", "population points")
		if excess := ev.ArgN(1); excess > 0 {
			points += " and " + count(excess, "excess army", "excess armies")
		}
		return fmt.Sprintf("The %s have %s: %d new %s, %s kept", ev.Nation, points, ev.N, armies(ev.N), count(ev.ArgN(2), "point", "points"))
	}),
	"no-remove": say("reduX Core 5.1", f("no armies need removing this turn")),
	"place-only": say("reduX Core 5.1", func(_ *Engine, ev Event) string {
		return "only " + count(ev.ArgN(0), "new army", "new armies") + " this turn"
	}),
	"place-held":     say("reduX Core 5.1.1", nation("new armies go only to areas the %s hold, and they do not hold %s")),
	"place-one":      say("reduX Core 5.1.1", f("no more than one new army in %s while another held area has room")),
	"place-stacking": say("reduX Core 4.2.1", f("another army in %s would break the stacking limit")),
	"place-default": {Words: func(_ *Engine, ev Event) string {
		return fmt.Sprintf("%s not placed by the orders %s placed by default", count(ev.N, "new army", "new armies"), isAre(ev.N))
	}},
	"place": {Words: func(_ *Engine, ev Event) string {
		return fmt.Sprintf("%d new %s placed in %s", ev.N, armies(ev.N), ev.Area)
	}, Sum: func(_ *Engine, evs []Event) string {
		n, where := AreasSum(evs, "in")
		return fmt.Sprintf("%s placed: %s", count(n, "new army", "new armies"), where)
	}},
	"place-nowhere": say("reduX Core 5.1.1", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("%s %s nowhere to go within the stacking limit and %s not placed; marker to %s", count(ev.N, "new army", "new armies"), adjudicator.Verb(ev.N, "has", "have"), isAre(ev.N), ev.Arg(0))
	}),
	"remove-enough": say("reduX Core 5.1", f("no more armies need removing")),
	"remove-last":   say("reduX Core 5.1", f("the last army in %s may not be removed")),
	"remove-at-sea": say("reduX Core 5.1", f("armies at sea do not count for the population limit, so none are removed from %s")),
	"remove":        {Rule: "reduX Core 5.1", Words: RemovedWords, Sum: RemovedSum},
}

// RemovedWords say armies were removed from an area (reduX Core 5.1).
func RemovedWords(_ *Engine, ev Event) string {
	return fmt.Sprintf("%d %s removed from %s", ev.N, armies(ev.N), ev.Area)
}

// RemovedSum say armies were removed from areas: "3 armies removed: 2
// from Kent and 1 from York" (Say.Sum of RemovedWords).
func RemovedSum(_ *Engine, evs []Event) string {
	n, where := AreasSum(evs, "from")
	return fmt.Sprintf("%s removed: %s", count(n, "army", "armies"), where)
}

// AreasSum sums a run of events by area (Event.Area, counting Event.N),
// in the order the areas first come: the total and "2 in Kent and 1 in
// York" (word "in"); one area alone is "all 3 in Kent".
func AreasSum(evs []Event, word string) (int, string) {
	var areas []string
	by := map[string]int{}
	total := 0
	for _, ev := range evs {
		if _, ok := by[ev.Area]; !ok {
			areas = append(areas, ev.Area)
		}
		by[ev.Area] += ev.N
		total += ev.N
	}
	parts := make([]string, len(areas))
	for i, a := range areas {
		parts[i] = fmt.Sprintf("%d %s %s", by[a], word, a)
	}
	if len(parts) == 1 && total > 1 {
		parts[0] = "all " + parts[0]
	}
	return total, adjudicator.OrJoin(parts, "and")
}

// reinforceWords are the words of reinforcements (reduX Core 5.2; L&R
// 9.2, 11.6.1).
var reinforceWords = adjudicator.Words{
	"cavalry-extra":     say("reduX L&R 11.6.1", f("cavalry for infantry is only for the Normans' extra turn")),
	"no-reinforcements": say("reduX Core 5.2.2", nation("the %s receive no reinforcements to place on land this turn")),
	"leader-nowhere": say("reduX L&R 9.2.1", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("The %s hold no area with armies: %s cannot be placed", ev.Nation, ev.Leader)
	}),
	"leader-at-sea": say("reduX L&R 9.2.1", func(_ *Engine, ev Event) string {
		return ev.Leader + " arrives with no armies and cannot be placed at sea alone"
	}),
	"leader-placed": say("reduX L&R 9.2.1", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("%s may only be placed with %s armies, in an area they hold; %s is not one", ev.Arg(0), ev.Nation, ev.Arg(1))
	}),
	"reinforce-landless": say("reduX Core 5.2.2", f("a nation with no land places reinforcements in a scoring centre, a vacant one if any; %s is not allowed")),
	"reinforce-where":    say("reduX Core 5.2.2", nation("reinforcements go to an area the %s hold or a vacant scoring centre; %s is neither")),
	"leader-leaves": say("reduX L&R 9.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("%s leaves play at the start of the %s turn", ev.Leader, possessive(ev.Nation))
	}),
	"nowhere": say("reduX Core 5.2.2", func(_ *Engine, ev Event) string {
		return fmt.Sprintf("The %s have nowhere to place %s", ev.Nation, count(ev.N, "reinforcement", "reinforcements"))
	}),
	"placed": say("reduX Core 5.2.2", func(e *Engine, ev Event) string {
		return fmt.Sprintf("%s placed in %s", e.Counted(ev.N, ev.Nation, "reinforcement", "reinforcements"), ev.Area)
	}),
	"reinforce-shortage": say("reduX Core 5", func(_ *Engine, ev Event) string {
		avail := ev.ArgN(1)
		return fmt.Sprintf("Only %d of %s %s available; marker to %s", avail, count(ev.ArgN(2), "reinforcement", "reinforcements"), isAre(avail), ev.Arg(3))
	}),
	"invaders": say("reduX Core 5.2.1", func(e *Engine, ev Event) string {
		return fmt.Sprintf("%s %s in %s", e.Counted(ev.N, ev.Nation, "invader", "invaders"), adjudicator.Verb(ev.N, "arrives", "arrive"), InvadersWhere(ev))
	}),
}

// InvadersWhere is where invaders arrive: their sea, or the border of two
// seas (reduX Core 5.2.1; the second sea is the event's Arg).
func InvadersWhere(ev Event) string {
	if len(ev.Args) > 0 {
		return "the border of " + ev.Area + " and " + ev.Arg(0)
	}
	return ev.Area
}

// reviewWords are the words of battle lines that name no battle (reduX
// Core 6.1.1, 7, 7.1, 7.2.2; L&R 11.3).
var reviewWords = func() adjudicator.Words {
	w := adjudicator.Words{
		"battle-at-sea":   say("reduX Core 6.1.1", f("no battles occur at sea")),
		"retreat-to-sea":  say("reduX Core 7.2", f("armies may never retreat to a sea area")),
		"casualties-from": say("reduX Core 7.1", f("no armies attack %s from %s")),
		"attack-to":       say("reduX Core 7.2.2", f("attackers retreat to the areas they entered from; leave out \"to\"")),
	}
	none := map[string]string{
		"none":        "there is no battle in %s after these moves",
		"none-either": "there is no battle in %s in either phase after these moves",
		"none-first":  "there is no battle in %s after the first phase's moves, and no move of the \"phase 2:\" block ends there",
		"none-second": "there is no battle in %s after the second phase's moves",
	}
	for key, words := range none {
		w["battles-"+key] = say("reduX Core 7", f(words))
		w["casualties-"+key] = say("reduX Core 7.1", f(words))
		w["attack-"+key] = say("reduX Core 7", f(words))
	}
	w["battles-none-second"] = say("reduX Core 7, L&R 11.3", f(none["none-second"]))
	return w
}()
