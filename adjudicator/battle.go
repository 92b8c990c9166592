package adjudicator

import (
	"fmt"

	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// battles is the Battles and Retreats Phase (reduX Core 7): every area with
// the nation's armies and another nation's, in the attacker's chosen order.
func (t *turn) battles() {
	for i, a := range t.battleOrder() {
		t.battle(i+1, a)
	}
}

// battleOrder is the order of a phase's battles (reduX Core 7: the
// attacker chooses): the file's battles line, then the order in which the
// moves first entered each battle area. A listed area with no battle is
// reported.
func (t *turn) battleOrder() []games.AreaID {
	var order []games.AreaID
	seen := make([]bool, len(t.b.Areas))
	for _, bo := range statements[orders.Battles](t) {
		for _, a := range bo.Areas {
			if len(t.entries[a]) == 0 {
				t.problem(bo.Line, "reduX Core 7", "there is no battle in %s", t.name(a))
				continue
			}
			if !seen[a] {
				seen[a] = true
				order = append(order, a)
			}
		}
	}
	for _, a := range t.order {
		if !seen[a] {
			seen[a] = true
			order = append(order, a)
		}
	}
	return order
}

// battle fights one battle to its end (reduX Core 7.1, 7.2).
func (t *turn) battle(num int, area games.AreaID) {
	s, n, b := t.s, t.n, t.b
	def := -1
	for m, c := range s.Units[area] {
		if m != n && c > 0 {
			def = m
			break
		}
	}
	if def < 0 || s.Units[area][n] == 0 {
		return // the battle no longer exists (an earlier retreat emptied it)
	}
	dname := t.g.Tables.Nations[def].Name
	groups := append([]entry(nil), t.entries[area]...)
	t.emit(Event{Kind: EvBattle, Area: t.name(area), Opponent: dname, Battle: num, N: s.Units[area][n], TheirLft: s.Units[area][def],
		Text: fmt.Sprintf("Battle %d in %s: the %s (%d) attack the %s (%d)", num, t.name(area), t.nation(), s.Units[area][n], dname, s.Units[area][def])})
	atkNeed, defNeed := 5, 5
	if b.Difficult(area) {
		atkNeed = 6 // a defender in difficult terrain is hit only on 6 (7.1)
	}
	carryA, carryD := 0, 0
	for round := 1; s.Units[area][n] > 0 && s.Units[area][def] > 0; round++ {
		if round > 1000 {
			panic("adjudicator: battle did not end")
		}
		A, D := s.Units[area][n], s.Units[area][def]
		per := 1
		if t.e.ReducedRandomness {
			per = 2
		}
		ad := t.roll(num, round, "attacker", A*per)
		dd := t.roll(num, round, "defender", D*per)
		ha, hd := hits(ad, atkNeed), hits(dd, defNeed)
		killD, killA := ha, hd
		if t.e.ReducedRandomness { // 7.3: one army per two hits, odd hit carried
			ha += carryA
			hd += carryD
			killD, carryA = ha/2, ha%2
			killA, carryD = hd/2, hd%2
		}
		killD, killA = min(killD, D), min(killA, A)
		s.Units[area][def] -= killD
		groups = t.loseAttackers(area, groups, killA)
		t.emit(Event{Kind: EvRound, Area: t.name(area), Opponent: dname, Battle: num, Round: round, Dice: ad, TheirDie: dd, Hits: killD, TheirHit: killA,
			Left: s.Units[area][n], TheirLft: s.Units[area][def],
			Text: fmt.Sprintf("  round %d: %s roll %s (hit on %d+) and kill %d; %s roll %s (hit on %d+) and kill %d; left %d against %d",
				round, t.nation(), diceText(ad), atkNeed, killD, dname, diceText(dd), defNeed, killA, s.Units[area][n], s.Units[area][def])})
		if s.Units[area][n] == 0 || s.Units[area][def] == 0 {
			break
		}
		// 7.2: the defender chooses first, then the attacker.
		env := orders.Env{Mine: s.Units[area][def], Theirs: s.Units[area][n], Round: round}
		if rule, line, ok := t.defendRule(def, area); ok && fires(rule, env) {
			t.defenderRetreat(num, area, def, rule, line)
		}
		if s.Units[area][def] == 0 {
			break
		}
		env = orders.Env{Mine: s.Units[area][n], Theirs: s.Units[area][def], Round: round}
		if rule, line, ok := t.attackRule(area); ok && fires(rule, env) {
			groups = t.attackerRetreat(num, area, def, groups, rule, line)
		}
	}
	var txt string
	switch A, D := s.Units[area][n], s.Units[area][def]; {
	case A > 0 && D == 0:
		txt = fmt.Sprintf("The %s win %s with %d left", t.nation(), t.name(area), A)
	case D > 0 && A == 0:
		txt = fmt.Sprintf("The %s hold %s with %d left", dname, t.name(area), D)
	default:
		txt = fmt.Sprintf("No army is left in %s", t.name(area))
	}
	t.emit(Event{Kind: EvBattleEnd, Area: t.name(area), Opponent: dname, Battle: num, Left: s.Units[area][n], TheirLft: s.Units[area][def], Text: txt})
	t.entries[area] = nil
}

// fires reports whether a retreat rule applies after a round of battle
// (reduX Core 7.2: each side may retreat once both have rolled). A Hold rule
// never fires; a nil When means "always", so "retreat" alone falls back at
// the first chance (docs/orders.md, Conditions).
func fires(r orders.Rule, env orders.Env) bool {
	if r.Hold {
		return false
	}
	return r.When == nil || r.When.Eval(env)
}

func (t *turn) roll(battle, round int, side string, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = t.d.Roll(dice.Label{Phase: "battle", Battle: battle, Round: round, Side: side, Unit: "infantry", Die: i})
	}
	return out
}

func hits(ds []int, need int) int {
	h := 0
	for _, d := range ds {
		if d >= need {
			h++
		}
	}
	return h
}

// loseAttackers removes k attacking armies, choosing which entry groups
// lose them (reduX Core 7.1: the owner chooses): the file's casualties
// statement first, then armies that cannot retreat (from the sea or placed
// there), then the group that entered last.
func (t *turn) loseAttackers(area games.AreaID, groups []entry, k int) []entry {
	t.s.Units[area][t.n] -= k
	var pref []games.AreaID
	for _, c := range statements[orders.Casualties](t) {
		if c.Area == area {
			pref = append(pref, c.First...)
		}
	}
	take := func(i int) {
		d := min(k, groups[i].N)
		groups[i].N -= d
		k -= d
	}
	for _, p := range pref {
		for i := range groups {
			if k > 0 && groups[i].From == p {
				take(i)
			}
		}
	}
	for i := range groups {
		if k > 0 && !t.b.IsLand(groups[i].From) {
			take(i)
		}
	}
	for i := len(groups) - 1; i >= 0 && k > 0; i-- {
		take(i)
	}
	return groups
}

// defendRule finds the defending nation's rule for an area: a defend line
// in the mover's own file applies only to the mover's nation; otherwise the
// defender's standing orders, the area's own line before "defend *".
func (t *turn) defendRule(def int, area games.AreaID) (orders.Rule, int, bool) {
	var f *orders.File
	if def < len(t.in.Standing) {
		f = t.in.Standing[def]
	}
	if f == nil {
		return orders.Rule{}, 0, false
	}
	var star *orders.Defend
	for _, st := range f.Body {
		d, ok := st.(orders.Defend)
		if !ok {
			continue
		}
		if d.Area == area {
			return d.Rule, d.Line, true
		}
		if d.Area == games.NoArea && star == nil {
			dd := d
			star = &dd
		}
	}
	if star != nil {
		return star.Rule, star.Line, true
	}
	return orders.Rule{}, 0, false
}

func (t *turn) attackRule(area games.AreaID) (orders.Rule, int, bool) {
	for _, a := range statements[orders.Attack](t) {
		if a.Area == area {
			return a.Rule, a.Line, true
		}
	}
	return orders.Rule{}, 0, false
}

// retreatFits reports whether k more armies of nation m may enter area a
// without breaking the stacking limit or raising the population excess
// (reduX Core 7.2).
func (t *turn) retreatFits(m int, from, a games.AreaID) bool {
	ex0 := t.s.Excess(t.b, m)
	t.s.Units[from][m]--
	t.s.Units[a][m]++
	okStack := t.stackOKFor(m)
	ex1 := t.s.Excess(t.b, m)
	t.s.Units[a][m]--
	t.s.Units[from][m]++
	okPop := ex1 <= ex0
	return okStack && okPop
}

func (t *turn) stackOKFor(m int) bool {
	saved := t.n
	t.n = m
	ok, _ := t.stackingOK(m)
	t.n = saved
	return ok
}

// defenderRetreat moves the defender's armies out (reduX Core 7.2.1): to
// adjacent land areas (straits included) that hold only its own armies, or
// are vacant and were not an origin of the attack (overrun passers do not
// count).
func (t *turn) defenderRetreat(num int, area games.AreaID, def int, rule orders.Rule, line int) {
	s := t.s
	dests := t.defenderDests(area, def, rule)
	want := s.Units[area][def]
	if rule.N > 0 {
		want = min(rule.N, want)
	}
	moved := make([]int, len(t.b.Areas))
	total := 0
	for _, a := range dests {
		for total < want && t.retreatFits(def, area, a) {
			s.Units[area][def]--
			s.Units[a][def]++
			moved[a]++
			total++
		}
	}
	dname := t.g.Tables.Nations[def].Name
	if total == 0 {
		t.emit(Event{Kind: EvRetreat, Nation: dname, Area: t.name(area), Battle: num, Line: line, Rule: "reduX Core 7.2.1",
			Text: fmt.Sprintf("  the %s would retreat from %s but have no legal area to go to, and fight on (reduX Core 7.2)", dname, t.name(area))})
		return
	}
	for _, a := range dests {
		if moved[a] > 0 {
			t.emit(Event{Kind: EvRetreat, Nation: dname, Area: t.name(area), Path: []string{t.name(area), t.name(a)}, N: moved[a], Battle: num, Line: line, Rule: "reduX Core 7.2.1",
				Text: fmt.Sprintf("  the %s retreat %d %s from %s to %s", dname, moved[a], armies(moved[a]), t.name(area), t.name(a))})
		}
	}
}

// attackerRetreat moves attacking armies back where they came from
// (reduX Core 7.2.2): not to a sea, not if placed there as reinforcements,
// not to an origin that now holds another nation's army.
func (t *turn) attackerRetreat(num int, area games.AreaID, def int, groups []entry, rule orders.Rule, line int) []entry {
	s, n := t.s, t.n
	want := s.Units[area][n]
	if rule.N > 0 {
		want = min(rule.N, want)
	}
	total := 0
	for i := range groups {
		g := &groups[i]
		if g.N == 0 || !t.b.IsLand(g.From) {
			continue
		}
		if t.foreign(g.From) > 0 {
			continue
		}
		k := 0
		for total < want && g.N > 0 && t.retreatFits(n, area, g.From) {
			s.Units[area][n]--
			s.Units[g.From][n]++
			g.N--
			k++
			total++
		}
		if k > 0 {
			t.emit(Event{Kind: EvRetreat, Area: t.name(area), Path: []string{t.name(area), t.name(g.From)}, N: k, Battle: num, Line: line, Rule: "reduX Core 7.2.2",
				Text: fmt.Sprintf("  the %s retreat %d %s from %s to %s", t.nation(), k, armies(k), t.name(area), t.name(g.From))})
		}
	}
	if total == 0 {
		t.emit(Event{Kind: EvRetreat, Area: t.name(area), Battle: num, Line: line, Rule: "reduX Core 7.2.2",
			Text: fmt.Sprintf("  the %s would retreat from %s but cannot (from the sea, placed there, or the way back is blocked), and fight on (reduX Core 7.2.2)", t.nation(), t.name(area))})
	}
	return groups
}

// defenderDests lists where the defender may retreat from a battle area
// (reduX Core 7.2.1), in preference order: the rule's own list if given,
// else areas holding its own armies, then vacant ones, in board order. A
// legal area is an adjacent land area (straits included) holding only the
// defender's armies, or vacant and not an area an attacker entered from
// (overrun passers are not entries).
func (t *turn) defenderDests(area games.AreaID, def int, rule orders.Rule) []games.AreaID {
	s := t.s
	legal := func(a games.AreaID) bool {
		if !t.b.IsLand(a) {
			return false
		}
		if ok, _ := t.b.Adjacent(area, a); !ok {
			return false
		}
		if s.Vacant(a) {
			for _, e := range t.entries[area] {
				if e.From == a {
					return false
				}
			}
			return true
		}
		return s.Holds(a, def)
	}
	var dests []games.AreaID
	for _, a := range rule.To {
		if legal(a) {
			dests = append(dests, a)
		}
	}
	if len(rule.To) == 0 {
		for _, e := range t.b.Edges(area) {
			if legal(e.To) && s.Units[e.To][def] > 0 {
				dests = append(dests, e.To)
			}
		}
		for _, e := range t.b.Edges(area) {
			if legal(e.To) && s.Vacant(e.To) {
				dests = append(dests, e.To)
			}
		}
	}
	return dests
}
