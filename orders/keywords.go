package orders

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// base is the Britannia family's grammar: reduX Core's keywords (the
// listed ones), Leaders and Raiders' (docs/orders.md), and "end".
var base = NewGrammar(NationTurn,
	Keyword{Name: "place", Decode: decodePlace, Listed: true},
	Keyword{Name: "remove", Decode: decodeRemove, Listed: true},
	Keyword{Name: "reinforce", Decode: decodeReinforce, Once: onceReinforce, Listed: true},
	Keyword{Name: "move", Decode: decodeMove, Listed: true},
	Keyword{Name: "battles", Decode: decodeBattles, Once: onceBattles, Listed: true},
	Keyword{Name: "casualties", Decode: decodeCasualties, Colons: 1, Once: onceCasualties, Listed: true},
	Keyword{Name: "attack", Decode: decodeAttack, Colons: 1, Once: onceAttack, Listed: true},
	Keyword{Name: "defend", Decode: decodeDefend, Colons: 1, Once: onceDefend, Standing: true, Listed: true},
	Keyword{Name: "phase", Decode: decodePhase, Block: true, Listed: true},
	Keyword{Name: "if", Decode: decodeIf, Block: true, Listed: true},
	Keyword{Name: "withdraw", Decode: decodeWithdraw},
	Keyword{Name: "stay", Decode: decodeStay},
	Keyword{Name: "target", Decode: decodeTarget, Colons: 1, Once: onceTarget, Standing: true},
	Keyword{Name: "crown", Decode: decodeCrown, Once: onceCrown},
	Keyword{Name: "end", Decode: decodeEnd},
)

// Base is the grammar of the Britannia family (docs/orders.md): place,
// remove, reinforce, move, battles, casualties, attack, defend, phase and if
// (reduX Core; messages list these), withdraw, stay, target and crown
// (Leaders and Raiders; reduX Core refuses them when it checks a file),
// and end; turn ids by NationTurn. A ruleset extends it (Extend, WithTurn).
func Base() *Grammar { return base }

func one(s Statement) []Statement {
	if s == nil {
		return nil
	}
	return []Statement{s}
}

// decodeEnd: a line starting with the word "end" is handled by
// ReadEnvelope; here it is shortened ("en") or after "if Kent taken:".
// pbem does not stop reading on a guess.
func decodeEnd(r *Reader, _ string) []Statement {
	r.Errorf(`to stop reading, write "end" in full on a line of its own`)
	return nil
}

func decodePlace(r *Reader, rest string) []Statement {
	return counted(r, "place", `"place York" or "place Kent 2"`, rest, func(id games.AreaID, n int) Statement {
		return Place{At: r.At(), Area: id, N: n}
	})
}

func decodeRemove(r *Reader, rest string) []Statement {
	return counted(r, "remove", `"remove Powys" or "remove March 2"`, rest, func(id games.AreaID, n int) Statement {
		return Remove{At: r.At(), Area: id, N: n}
	})
}

// counted reads "place AREA [N], AREA [N], ..." (also "place N AREA") and
// the same for remove: one statement per area, N = 1 when left out.
func counted(r *Reader, kw, example, rest string, mk func(games.AreaID, int) Statement) []Statement {
	if rest == "" {
		r.Errorf("%s needs an area, like %s", kw, example)
		return nil
	}
	var out []Statement
	ok := true
	for _, piece := range strings.Split(rest, ",") {
		words := strings.Fields(piece)
		if len(words) == 0 {
			r.Errorf("%s has an empty place in its list of areas, like %s", kw, example)
			ok = false
			continue
		}
		n := 1
		var nw string
		switch {
		case len(words) > 1 && isNumber(words[len(words)-1]):
			nw, words = words[len(words)-1], words[:len(words)-1]
		case len(words) > 1 && isNumber(words[0]):
			nw, words = words[0], words[1:]
		}
		if nw != "" {
			var good bool
			if n, good = r.Count(nw); !good {
				ok = false
				continue
			}
			if n == 0 {
				r.Errorf("%s %s: the number of armies must be at least 1", kw, short(strings.TrimSpace(piece)))
				ok = false
				continue
			}
		}
		id, good := r.Area(strings.Join(words, " "), "commas")
		if !good {
			ok = false
			continue
		}
		out = append(out, mk(id, n))
	}
	if !ok {
		return nil
	}
	return out
}

func decodeReinforce(r *Reader, rest string) []Statement {
	if w := strings.Fields(rest); len(w) > 0 && strings.EqualFold(w[0], "cavalry") {
		// "reinforce cavalry N": cavalry for infantry (reduX L&R 11.6.1).
		if len(w) != 2 || !isNumber(w[1]) {
			r.Errorf(`write "reinforce cavalry N" to take N cavalry in place of 2N infantry`)
			return nil
		}
		n, ok := r.Count(w[1])
		if !ok {
			return nil
		}
		if n == 0 {
			r.Errorf("reinforce cavalry needs at least 1")
			return nil
		}
		return one(Reinforce{At: r.At(), Area: games.NoArea, Cavalry: n})
	}
	if rest == "" || strings.Contains(rest, ",") {
		r.Errorf(`reinforce names one area, like "reinforce Wessex" (reinforcements are placed together)`)
		return nil
	}
	id, ok := r.Area(rest, "")
	if !ok {
		return nil
	}
	return one(Reinforce{At: r.At(), Area: id})
}

// pathSep matches the separators of a move path: > -> => , a spaced hyphen
// and the word "to".
var pathSep = regexp.MustCompile(`(?i)\s*(?:->|=>|>|,)\s*|\s+-\s+|\s+to\s+`)

// units are the unit words a move may name after its count. Armies are
// the Core's only unit; the others are for expansions.
var units = map[string]string{
	"army": "", "armies": "",
	"cavalry": "cavalry", "horse": "cavalry", "horses": "cavalry",
	"infantry": "infantry", "foot": "infantry",
	"leader": "leader", "leaders": "leader",
}

const moveExample = `move needs a path like "move 2 York > Bernicia"`

// decodeMove reads "move [N|all] [UNIT] [from] A > B > ..." (reduX Core
// 6; units, L&R 9.1, 9.2).
func decodeMove(r *Reader, rest string) []Statement {
	m := Move{At: r.At()}
	words, ok := moveUnits(r, &m, strings.Fields(rest))
	if !ok {
		return nil
	}
	if len(words) > 1 && strings.EqualFold(words[0], "from") {
		words = words[1:]
	}
	pieces := pathSep.Split(" "+strings.Join(words, " ")+" ", -1)
	// Split of " A > B " gives " A", "B " (the outer spaces only protect a
	// leading or trailing "to" or "-"); trim and drop the empty ends.
	if len(pieces) > 0 && strings.TrimSpace(pieces[0]) == "" {
		pieces = pieces[1:]
	}
	if len(pieces) > 0 && strings.TrimSpace(pieces[len(pieces)-1]) == "" {
		pieces = pieces[:len(pieces)-1]
	}
	if len(pieces) < 2 {
		if len(pieces) == 1 && r.d.severalAreas(r.Line(), strings.TrimSpace(pieces[0]), `">"`) {
			return nil // "move 2 York Bernicia"
		}
		r.Errorf(moveExample)
		return nil
	}
	for _, p := range pieces {
		p = strings.TrimSpace(p)
		if p == "" {
			r.Errorf(moveExample)
			return nil
		}
		id, good := r.Area(p, `">"`)
		ok = ok && good
		m.Path = append(m.Path, id)
	}
	if !ok {
		return nil
	}
	return one(m)
}

// moveUnits reads the count and the unit word of a move into m and
// returns the words after them.
func moveUnits(r *Reader, m *Move, words []string) ([]string, bool) {
	if len(words) > 0 {
		switch w := strings.ToLower(words[0]); {
		case isNumber(w):
			n, ok := r.Count(w)
			if !ok {
				return nil, false
			}
			if n == 0 {
				r.Errorf(`move needs at least 1 army, or "all"`)
				return nil, false
			}
			m.N = n
			words = words[1:]
		case w == "all":
			words = words[1:]
		}
	}
	if len(words) > 1 {
		if u, ok := units[strings.ToLower(words[0])]; ok {
			m.Unit = u
			words = words[1:]
			if u == "leader" && len(words) > 1 && strings.EqualFold(words[0], "alone") {
				if m.N > 0 {
					r.Errorf(`"leader alone" moves no armies; leave out the number`)
					return nil, false
				}
				m.Unit = "leader alone"
				words = words[1:]
			}
		}
	}
	return words, true
}

func decodeBattles(r *Reader, rest string) []Statement {
	ids, ok := r.Areas(rest, "battles", "battles Kent, Essex")
	if !ok {
		return nil
	}
	return one(Battles{At: r.At(), Areas: ids})
}

var firstSuffix = regexp.MustCompile(`(?i)\s+first\s*$`)

func decodeCasualties(r *Reader, rest string) []Statement {
	const example = `casualties needs a battle area and where the first losses came from, like "casualties Kent: Sussex, Essex"`
	area, list, found := strings.Cut(rest, ":")
	if !found || strings.TrimSpace(area) == "" || strings.TrimSpace(list) == "" {
		r.Errorf(example)
		return nil
	}
	id, ok := r.Area(strings.TrimSpace(area), "")
	list = firstSuffix.ReplaceAllString(list, "")
	first, ok2 := r.Areas(list, "casualties", "casualties Kent: Sussex, Essex")
	if !ok || !ok2 {
		return nil
	}
	return one(Casualties{At: r.At(), Area: id, First: first})
}

func decodeAttack(r *Reader, rest string) []Statement {
	id, rule, ok := areaRule(r, "attack", rest, `attack needs a battle area and what to do, like "attack Kent: retreat when mine <= 1" or "attack York: hold"`)
	if !ok {
		return nil
	}
	return one(Attack{At: r.At(), Area: id, Rule: rule})
}

func decodeDefend(r *Reader, rest string) []Statement {
	id, rule, ok := areaRule(r, "defend", rest, `defend needs an area and what to do, like "defend York: hold" or "defend *: retreat when mine < theirs"`)
	if !ok {
		return nil
	}
	return one(Defend{At: r.At(), Area: id, Rule: rule})
}

// areaRule reads "AREA: RULE" for attack and defend; "*" (every area) is
// for defend only.
func areaRule(r *Reader, kw, rest, example string) (games.AreaID, Rule, bool) {
	area, rule, found := strings.Cut(rest, ":")
	area = strings.TrimSpace(area)
	if !found || area == "" || strings.TrimSpace(rule) == "" {
		r.Errorf("%s", example)
		return games.NoArea, Rule{}, false
	}
	id := games.NoArea
	ok := true
	if area == "*" {
		if kw == "attack" {
			r.Errorf(`attack needs a battle area; "*" is only for defend`)
			ok = false
		}
	} else {
		id, ok = r.Area(area, "")
	}
	rl, ok2 := r.Rule(strings.TrimSpace(rule))
	return id, rl, ok && ok2
}

var whenWord = regexp.MustCompile(`(?i)(?:^|\s)when(?:\s|$)`)

// rule reads "hold" or "retreat [N] [to A, B] [when COND]" (Reader.Rule).
func (d *decoder) rule(line int, s string) (Rule, bool) {
	w := firstWord(s)
	lw := strings.ToLower(w)
	switch {
	case lw != "" && strings.HasPrefix("hold", lw):
		if rest := strings.TrimSpace(s[len(w):]); rest != "" {
			d.errorf(line, "nothing may follow hold, not %q", short(rest))
			return Rule{}, false
		}
		return Rule{Hold: true}, true
	case lw != "" && strings.HasPrefix("retreat", lw):
	default:
		d.errorf(line, "after the colon write hold or retreat, not %q", short(s))
		return Rule{}, false
	}
	r := Rule{When: Always{}}
	rest := s[len(w):]
	if loc := whenWord.FindStringIndex(rest); loc != nil {
		cond := strings.TrimSpace(rest[loc[1]:])
		rest = rest[:loc[0]]
		if cond == "" {
			d.errorf(line, `"when" needs a condition, like "when mine <= 1"`)
			return Rule{}, false
		}
		c, err := ParseCond(cond)
		if err != nil {
			d.errorf(line, "%s", err.Error())
			return Rule{}, false
		}
		r.When = c
	}
	return d.retreat(line, r, strings.Fields(rest))
}

// retreat reads the words of a retreat rule before "when": "[N|all|leader]
// [to A, B]".
func (d *decoder) retreat(line int, r Rule, words []string) (Rule, bool) {
	if len(words) > 0 {
		switch w := strings.ToLower(words[0]); {
		case isNumber(w):
			n, ok := d.count(line, w)
			if !ok {
				return Rule{}, false
			}
			if n == 0 {
				d.errorf(line, `retreat needs at least 1 army, or "all" (or leave the number out)`)
				return Rule{}, false
			}
			r.N = n
			words = words[1:]
		case w == "all":
			words = words[1:]
		case w == "leader": // the leader alone (reduX L&R 9.2.2)
			r.Leader = true
			words = words[1:]
		}
	}
	if len(words) == 0 {
		return r, true
	}
	if !strings.EqualFold(words[0], "to") {
		d.errorf(line, `after retreat write a number, "to" and areas, or "when", not %q`, short(strings.Join(words, " ")))
		return Rule{}, false
	}
	to, ok := d.areaList(line, strings.Join(words[1:], " "), "retreat to", "retreat to Pennines, Cumbria")
	if !ok {
		return Rule{}, false
	}
	r.To = to
	return r, true
}

func decodeWithdraw(r *Reader, rest string) []Statement {
	return withdraw(r, "withdraw", `"withdraw Kent" or "withdraw Kent 2"`, rest)
}

func decodeStay(r *Reader, rest string) []Statement {
	return withdraw(r, "stay", `"stay York 2"`, rest)
}

// withdraw reads "withdraw AREA [N]" and "stay AREA [N]" (also "withdraw
// N AREA"; "all" or no number means every raiding unit there; reduX L&R
// 11.5, 9.4).
func withdraw(r *Reader, kw, example, rest string) []Statement {
	words := strings.Fields(rest)
	n := 0
	switch {
	case len(words) > 1 && isNumber(words[len(words)-1]):
		var ok bool
		if n, ok = r.Count(words[len(words)-1]); !ok {
			return nil
		}
		words = words[:len(words)-1]
	case len(words) > 1 && (isNumber(words[0]) || strings.EqualFold(words[0], "all")):
		if isNumber(words[0]) {
			var ok bool
			if n, ok = r.Count(words[0]); !ok {
				return nil
			}
		}
		words = words[1:]
	}
	if len(words) == 0 {
		r.Errorf("%s needs an area, like %s", kw, example)
		return nil
	}
	if n == 0 && len(rest) > 0 && isNumber(strings.Fields(rest)[0]) {
		r.Errorf("%s needs at least 1 unit, or \"all\"", kw)
		return nil
	}
	id, ok := r.Area(strings.Join(words, " "), "")
	if !ok {
		return nil
	}
	return one(Withdraw{At: r.At(), Area: id, N: n, Stay: kw == "stay"})
}

// decodeTarget reads "target AREA: cavalry|infantry" (or "target *: ...";
// reduX L&R 9.1.2).
func decodeTarget(r *Reader, rest string) []Statement {
	const example = `target needs a battle area and a unit type, like "target Kent: cavalry" or "target *: infantry"`
	area, unit, found := strings.Cut(rest, ":")
	area, unit = strings.TrimSpace(area), strings.ToLower(strings.TrimSpace(unit))
	if !found || area == "" || unit == "" {
		r.Errorf(example)
		return nil
	}
	u, ok := units[unit]
	if !ok || (u != "cavalry" && u != "infantry") {
		r.Errorf("target names cavalry or infantry, not %q", short(unit))
		return nil
	}
	id := games.NoArea
	if area != "*" {
		if id, ok = r.Area(area, ""); !ok {
			return nil
		}
	}
	return one(Target{At: r.At(), Area: id, Unit: u})
}

// decodeCrown reads "crown yes" or "crown no" (Cnut's choice, reduX L&R
// 9.4).
func decodeCrown(r *Reader, rest string) []Statement {
	switch strings.ToLower(strings.TrimSpace(rest)) {
	case "yes", "y":
		return one(Rex{At: r.At(), Yes: true})
	case "no", "n":
		return one(Rex{At: r.At()})
	}
	r.Errorf(`write "crown yes" or "crown no"`)
	return nil
}

// decodePhase reads "phase N:" with the statements after the colon on the
// same line and those indented under it (reduX L&R 11.3).
func decodePhase(r *Reader, rest string) []Statement {
	head, inline, found := strings.Cut(rest, ":")
	head, inline = strings.TrimSpace(head), strings.TrimSpace(inline)
	n := 0
	switch {
	case r.Inside("phase"):
		r.Errorf("a phase block cannot be inside another phase block")
	case r.Inside("if"):
		r.Errorf("a phase block cannot be inside an if block; put the if inside the phase")
	case !found || !isNumber(head):
		r.Errorf(`phase needs a number and a colon, like "phase 2:"`)
	default:
		var err error
		if n, err = strconv.Atoi(head); err != nil || n < 2 || n > 99 {
			r.Errorf(`phase %s: statements outside phase blocks are phase 1; blocks are "phase 2:" and later`, short(head))
			n = 0
		}
	}
	body := r.Block(inline)
	if n == 0 || body == nil {
		return nil
	}
	return one(Phase{At: r.At(), N: n, Body: body})
}

// decodeIf reads "if AREA taken|lost:" with the statements after the
// colon on the same line and those indented under it.
func decodeIf(r *Reader, rest string) []Statement {
	head, inline, found := strings.Cut(rest, ":")
	head, inline = strings.TrimSpace(head), strings.TrimSpace(inline)
	words := strings.Fields(head)
	ok, taken := false, false
	switch {
	case !found || len(words) < 2:
		r.Errorf(`if needs an area and "taken" or "lost", then a colon, like "if Kent taken:"`)
	case strings.EqualFold(words[len(words)-1], "taken"):
		ok, taken = true, true
	case strings.EqualFold(words[len(words)-1], "lost"):
		ok = true
	default:
		r.Errorf(`if needs "taken" or "lost" after the area, like "if Kent taken:", not %q`, short(words[len(words)-1]))
	}
	id := games.NoArea
	if ok {
		id, ok = r.Area(strings.Join(words[:len(words)-1], " "), "")
	}
	body := r.Block(inline)
	if !ok || body == nil {
		return nil
	}
	return one(If{At: r.At(), Area: id, Taken: taken, Then: body})
}

// The keys of the statements that may appear once in a block.

func onceReinforce(_ *games.Game, s Statement) string {
	if r, ok := s.(Reinforce); ok && r.Cavalry > 0 {
		return "reinforce cavalry"
	}
	return "reinforce"
}

func onceBattles(*games.Game, Statement) string { return "battles" }

func onceCrown(*games.Game, Statement) string { return "crown" }

func onceCasualties(g *games.Game, s Statement) string {
	c, _ := s.(Casualties)
	return "casualties " + g.Board.AreaName(c.Area)
}

func onceAttack(g *games.Game, s Statement) string {
	a, _ := s.(Attack)
	return "attack " + g.Board.AreaName(a.Area) + leaderKey(a.Rule)
}

func onceDefend(g *games.Game, s Statement) string {
	d, _ := s.(Defend)
	return "defend " + areaKey(g, d.Area) + leaderKey(d.Rule)
}

func onceTarget(g *games.Game, s Statement) string {
	t, _ := s.(Target)
	return "target " + areaKey(g, t.Area)
}

// areaKey names an area in a key, "*" for every area.
func areaKey(g *games.Game, id games.AreaID) string {
	if id == games.NoArea {
		return "*"
	}
	return g.Board.AreaName(id)
}

// leaderKey sets a leader's own rule apart (reduX L&R 9.2.2).
func leaderKey(r Rule) string {
	if r.Leader {
		return ": retreat leader"
	}
	return ""
}
