package britannia

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// Texts are classic Britannia's words: units by kind (Roman armies, forts,
// burhs, cavalry, leaders), the classic rules cited.
var Texts = classicTexts(family.CoreTexts)

const (
	ruleMove   = "Britannia 2005 Movement"
	ruleBattle = "Britannia 2005 Battles/Retreats"
)

func classicTexts(x family.Texts) family.Texts {
	x.Force = force
	x.Invaders = func(t *family.Turn, where string, inf, cav int, leader string) string {
		return fmt.Sprintf("%s invaders arrive in the %s: %s (ref §3)", t.Nation(), where, force(inf, cav, leader))
	}
	x.Placed = func(t *family.Turn, dest string, inf, cav int, leader string) string {
		return fmt.Sprintf("%s placed in %s (ref §3)", adjudicator.Upper(force(inf, cav, leader)), dest)
	}
	x.Nowhere = func(t *family.Turn, inf, cav int, leader string) string {
		return fmt.Sprintf("The %s have nowhere to place %s (ref §3)", t.Nation(), force(inf, cav, leader))
	}
	x.Shortage = func(t *family.Turn, kind string, avail, want int) string {
		return fmt.Sprintf("Only %d of %s %s available (ref §2.3)", avail, games.Count(want, kind+" reinforcement", kind+" reinforcements"), adjudicator.Verb(avail, "is", "are"))
	}
	x.Moved = func(t *family.Turn, inf, cav int, leader string, path []string) string {
		what := force(inf, cav, leader)
		if t.N == D(t.E).roman {
			what = games.Count(inf+cav, "Roman army", "Roman armies")
		}
		return fmt.Sprintf("The %s move %s %s", t.Nation(), what, strings.Join(path, " > "))
	}
	x.Range = func(t *family.Turn, withLeader bool, inf, limit, steps int) (string, string) {
		what := "infantry move"
		switch {
		case withLeader:
			what = "armies with a leader move"
		case inf == 0:
			what = "cavalry and Roman armies move"
		}
		return ruleMove, fmt.Sprintf("%s at most %d areas; this path has %d", what, limit, steps)
	}
	x.Strait = func(t *family.Turn, from, to string) (string, string) {
		return ruleMove, fmt.Sprintf("crossing the strait from %s to %s takes all of a unit's movement", from, to)
	}
	x.NoOverrun = func(t *family.Turn, area, occupants string) (string, string) {
		return ruleMove, fmt.Sprintf("armies must stop in %s: it holds %s units and it is difficult terrain", area, occupants)
	}
	x.Round = func(t *family.Turn, b *family.Battle, r *family.RoundResult) string {
		return fmt.Sprintf("  round %d: %s roll %s (hit on %d+) and kill %s; %s roll %s (hit on %d+) and kill %s; left %s against %s",
			r.Round, t.Nation(), rollText(t.E, r.Dice[0], r.Leader[0]), r.Need[0], killText(t.E, r.Kills[0]), b.DefName, rollText(t.E, r.Dice[1], r.Leader[1]), r.Need[1], killText(t.E, r.Kills[1]),
			strength(t, b.Area, t.N), strength(t, b.Area, b.Def))
	}
	x.BattleEnd = func(t *family.Turn, b *family.Battle) string {
		switch A, D := t.S.Units(b.Area, t.N), t.S.Units(b.Area, b.Def); {
		case A > 0 && D == 0:
			return fmt.Sprintf("The %s win %s with %s left", t.Nation(), t.Name(b.Area), strength(t, b.Area, t.N))
		case D > 0 && A == 0:
			return fmt.Sprintf("The %s hold %s with %s left", b.DefName, t.Name(b.Area), strength(t, b.Area, b.Def))
		case A == 0 && D == 0:
			return fmt.Sprintf("No unit is left in %s", t.Name(b.Area))
		}
		return fmt.Sprintf("The battle in %s is over", t.Name(b.Area))
	}
	x.DefenderStuck = func(t *family.Turn, nation, area string) string {
		return fmt.Sprintf("  the %s would retreat from %s but have no legal area to go to (or only forts and burhs are left), and fight on (%s)", nation, area, ruleBattle)
	}
	x.AttackerStuck = func(t *family.Turn, area string) string {
		return fmt.Sprintf("  the %s would retreat from %s but cannot (from the sea, or the way back is blocked), and fight on (%s)", t.Nation(), area, ruleBattle)
	}
	return x
}

// ViewTexts are classic Britannia's words of what the step engine and the
// views name: the winner by the 2005 rules, and the classic rules cited
// where the family library cites reduX.
var ViewTexts = adjudicator.Texts{Cite: cite, Refs: refs, Victory: "Britannia 2005 Vinderen"}

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
	switch {
	case leader == "":
		return what
	case inf+cav == 0:
		return leader
	}
	return leader + " with " + what
}

// kindWords are the kinds as reports name them, by kind id.
var kindWords = []string{"", "cavalry", "Roman", "fort", "burh"}

// rollText is a side's dice kind by kind, with the leader's +1.
func rollText(e *adjudicator.Engine, d family.Dice, leader bool) string {
	var parts []string
	for k, ds := range d {
		if len(ds) == 0 {
			continue
		}
		w := diceText(ds)
		if k < len(kindWords) && kindWords[k] != "" {
			w = kindWords[k] + " " + w
		}
		parts = append(parts, w)
	}
	s := strings.Join(parts, " and ")
	if s == "" {
		s = "[]"
	}
	if leader {
		s += " (+1, leader)"
	}
	return s
}

// killText is what a side killed, kind by kind: "2 and 1 Roman fort"
// (infantry by number alone).
func killText(e *adjudicator.Engine, k family.Kills) string {
	var parts []string
	for kind, c := range k {
		if c == 0 {
			continue
		}
		if kind == Infantry {
			parts = append(parts, fmt.Sprint(c))
			continue
		}
		parts = append(parts, units(e, adjudicator.KindID(kind), c))
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " and ")
}

// strength is nation m's units in an area: "3", "4 (1 cavalry, with
// Arthur)", "2 (1 fort)".
func strength(t *family.Turn, a games.AreaID, m adjudicator.NationID) string {
	var among []string
	for _, k := range []adjudicator.KindID{Cavalry, Fort, Burh} {
		if c := t.S.Count(a, m, k); c > 0 {
			among = append(among, units(t.E, k, c))
		}
	}
	if li := t.S.LeaderIn(a, m); li >= 0 {
		among = append(among, "with "+t.S.Leaders[li].Name)
	}
	s := fmt.Sprint(t.S.Units(a, m))
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

func diceText(ds []int) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, " ") + "]"
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
// section the kernel cites. Armies removed (reduX Core 5.1) cite what
// removes them: the legion withdrawal announced just before (ref §3 II),
// else the stage running (Overpopulation, a Timeline removal ref §3 XIV),
// outside a turn (the orders template's removals) Overpopulation;
// a section with no classic counterpart keeps its citation, which the
// grammar test reports.
func cite(t *adjudicator.Turn, rule string) string {
	if rule == "reduX Core 5.1" {
		if t == nil {
			return "Britannia 2005 Overpopulation" // the orders template's removals
		}
		if ev := t.Events(); len(ev) > 0 && ev[len(ev)-1].Kind == adjudicator.EvPopulation && ev[len(ev)-1].Rule != "" {
			return ev[len(ev)-1].Rule
		}
		if t.StageRule() != "" {
			return t.StageRule()
		}
	}
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
