package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Battles in Leaders and Raiders: the Core battle (reduX Core 7) with
// cavalry (L&R 9.1.2), leaders (9.2.2), retreats to sea for raiders and the
// first phase of a Major Invasion (11.3, 11.4), no retreat after a boat
// move (12), and points for eliminating units (10.4).

// lrBattles is a Battles and Retreats Phase: the attacker's order, then the
// order the moves first entered each battle area (reduX Core 7).
func (t *turn) lrBattles() {
	for _, a := range t.battleOrder() {
		t.lr.battleNo++
		t.lrBattle(t.lr.battleNo, a)
	}
	t.lrOccupy()
}

// hitPool counts hits by what they may kill (reduX L&R 9.1.2): Any may
// kill cavalry or infantry, Inf infantry only.
type hitPool struct{ Any, Inf int }

// allot turns a side's hits into kills of the enemy's cavalry and infantry
// (reduX L&R 9.1.2: the roller chooses the type a die kills when it could
// kill either). per is the hits a kill takes (2 with reduced randomness,
// Core 7.3); one unused hit is carried, keeping what it could kill.
func allot(h hitPool, cav, inf, per int, cavFirst bool) (kc, ki int, carry hitPool) {
	if per == 1 {
		if cavFirst {
			kc = min(cav, h.Any)
			ki = min(inf, h.Inf+h.Any-kc)
		} else {
			ki = min(inf, h.Inf+h.Any)
			usedAny := max(0, ki-h.Inf)
			kc = min(cav, h.Any-usedAny)
		}
		return kc, ki, hitPool{}
	}
	infantry := func() {
		ki = min(inf, (h.Inf+h.Any)/2)
		use := 2 * ki
		ui := min(h.Inf, use)
		h.Inf -= ui
		h.Any -= use - ui
	}
	if cavFirst {
		kc = min(cav, h.Any/2)
		h.Any -= 2 * kc
		infantry()
	} else {
		infantry()
		kc = min(cav, h.Any/2)
		h.Any -= 2 * kc
	}
	switch {
	case h.Any > 0 && (cav-kc > 0 || inf-ki > 0):
		carry = hitPool{Any: 1}
	case h.Inf > 0 && inf-ki > 0:
		carry = hitPool{Inf: 1}
	}
	return kc, ki, carry
}

// side is one nation's force in a battle.
type side struct {
	nation   int
	inf, cav int
	leader   bool
}

func (t *turn) sideOf(area games.AreaID, m int) side {
	return side{nation: m, inf: t.s.Infantry(area, m), cav: t.s.Cavalry(area, m), leader: t.s.LeaderIn(area, m) >= 0}
}

// lrRoll rolls a side's dice: infantry, then cavalry, separately (9.1.2).
func (t *turn) lrRoll(num, round int, who string, sd side, per int) (infDice, cavDice []int) {
	phase := "battle"
	if t.lr.phase == 2 {
		phase = "battle-2"
	}
	roll := func(unit string, k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = t.d.Roll(dice.Label{Phase: phase, Battle: num, Round: round, Side: who, Unit: unit, Die: i})
		}
		return out
	}
	return roll("infantry", sd.inf*per), roll("cavalry", sd.cav*per)
}

// score classifies a side's dice against the enemy (9.1.2, 9.2.2): an
// infantry die kills infantry on 5 (6 against infantry defending difficult
// terrain), a cavalry die on 4 (6 likewise); only a 6 kills cavalry; a
// leader adds one to every die of its side.
func score(infDice, cavDice []int, leader, enemyInDifficult bool) hitPool {
	bonus := 0
	if leader {
		bonus = 1
	}
	var h hitPool
	classify := func(d, needInf int) {
		v := d + bonus
		switch {
		case v >= 6:
			h.Any++
		case v >= needInf:
			h.Inf++
		}
	}
	needI, needC := 5, 4
	if enemyInDifficult {
		needI, needC = 6, 6
	}
	for _, d := range infDice {
		classify(d, needI)
	}
	for _, d := range cavDice {
		classify(d, needC)
	}
	return h
}

// cavFirst is the roller's choice of the type its flexible hits kill
// (9.1.2): the file's or standing orders' "target" line for the area, then
// "target *", else cavalry.
func (t *turn) cavFirst(f *orders.File, area games.AreaID) bool {
	if f == nil {
		return true
	}
	var star *orders.Target
	var walk func([]orders.Statement) *orders.Target
	walk = func(body []orders.Statement) *orders.Target {
		for _, st := range body {
			tg, ok := st.(orders.Target)
			if !ok {
				continue
			}
			if tg.Area == area {
				return &tg
			}
			if tg.Area == games.NoArea && star == nil {
				x := tg
				star = &x
			}
		}
		return nil
	}
	if tg := walk(f.Body); tg != nil {
		return tg.Unit == "cavalry"
	}
	if star != nil {
		return star.Unit == "cavalry"
	}
	return true
}

func (t *turn) standingOf(m int) *orders.File {
	if m < len(t.in.Standing) {
		return t.in.Standing[m]
	}
	return nil
}

// lrBattle fights one battle to its end.
func (t *turn) lrBattle(num int, area games.AreaID) {
	s, n, b := t.s, t.n, t.b
	def := -1
	for m, c := range s.Units[area] {
		if m != n && c > 0 {
			def = m
			break
		}
	}
	if def < 0 || s.Units[area][n] == 0 {
		t.entries[area] = nil
		return
	}
	dname := t.g.Tables.Nations[def].Name
	groups := append([]entry(nil), t.entries[area]...)
	t.emit(Event{Kind: EvBattle, Area: t.name(area), Opponent: dname, Battle: num, N: s.Units[area][n], TheirLft: s.Units[area][def],
		Text: fmt.Sprintf("Battle %d in %s: the %s (%s) attack the %s (%s)", num, t.name(area), t.nation(), t.strength(area, n, ": "), dname, t.strength(area, def, ": "))})
	per := 1
	if t.e.ReducedRandomness {
		per = 2
	}
	var carryA, carryD hitPool
	atkCavFirst := t.cavFirst(t.in.Orders, area)
	defCavFirst := t.cavFirst(t.standingOf(def), area)
	round := 0
	for round = 1; s.Units[area][n] > 0 && s.Units[area][def] > 0; round++ {
		if round > 1000 {
			panic("adjudicator: battle did not end")
		}
		A, D := t.sideOf(area, n), t.sideOf(area, def)
		ai, ac := t.lrRoll(num, round, "attacker", A, per)
		di, dc := t.lrRoll(num, round, "defender", D, per)
		ha := score(ai, ac, A.leader, b.Difficult(area))
		hd := score(di, dc, D.leader, false)
		ha.Any, ha.Inf = ha.Any+carryA.Any, ha.Inf+carryA.Inf
		hd.Any, hd.Inf = hd.Any+carryD.Any, hd.Inf+carryD.Inf
		kDC, kDI, cA := allot(ha, D.cav, D.inf, per, atkCavFirst)
		kAC, kAI, cD := allot(hd, A.cav, A.inf, per, defCavFirst)
		carryA, carryD = cA, cD
		s.Units[area][def] -= kDI + kDC
		s.LR.Cav[area][def] -= kDC
		groups = t.loseAttackers(area, groups, kAI+kAC)
		s.LR.Cav[area][n] -= kAC
		t.trimRaiders(area)
		t.emit(Event{Kind: EvRound, Area: t.name(area), Opponent: dname, Battle: num, Round: round, Dice: append(ai, ac...), TheirDie: append(di, dc...),
			Hits: kDI + kDC, TheirHit: kAI + kAC, Left: s.Units[area][n], TheirLft: s.Units[area][def],
			Text: fmt.Sprintf("  round %d: %s roll %s and kill %s; %s roll %s and kill %s; left %s against %s",
				round, t.nation(), rollText(ai, ac, A.leader), killText(kDI, kDC), dname, rollText(di, dc, D.leader), killText(kAI, kAC),
				t.strength(area, n, " ("), t.strength(area, def, " ("))})
		t.scoreKills(n, def, kDI, kDC)
		t.scoreKills(def, n, kAI, kAC)
		t.leaderAlone(area, n, def)
		t.leaderAlone(area, def, n)
		if s.Units[area][n] == 0 || s.Units[area][def] == 0 {
			break
		}
		// 7.2: the defender chooses first, then the attacker.
		env := orders.Env{Mine: s.Units[area][def], Theirs: s.Units[area][n], Round: round}
		if rule, line, ok := t.lrRule(t.standingOf(def), area, true, false); ok && !rule.Hold && t.when(rule, env) {
			t.leaderRetreat(num, area, def, n, rule, line)
		}
		if rule, line, ok := t.lrRule(t.standingOf(def), area, false, false); ok && !rule.Hold && t.when(rule, env) {
			t.lrDefenderRetreat(num, area, def, rule, line)
		}
		if s.Units[area][def] == 0 {
			break
		}
		env = orders.Env{Mine: s.Units[area][n], Theirs: s.Units[area][def], Round: round}
		if rule, line, ok := t.lrRule(t.in.Orders, area, true, true); ok && !rule.Hold && t.when(rule, env) {
			t.leaderRetreat(num, area, n, def, rule, line)
		}
		if rule, line, ok := t.lrRule(t.in.Orders, area, false, true); ok && !rule.Hold && t.when(rule, env) {
			groups = t.lrAttackerRetreat(num, area, def, groups, rule, line)
		}
	}
	// 9.2.2: a victorious attacker with a leader may still retreat.
	if s.Units[area][n] > 0 && s.Units[area][def] == 0 && s.LeaderIn(area, n) >= 0 {
		env := orders.Env{Mine: s.Units[area][n], Round: round, Won: true}
		if rule, line, ok := t.lrRule(t.in.Orders, area, false, true); ok && !rule.Hold && orders.MentionsWon(rule.When) && rule.When.Eval(env) {
			t.emit(Event{Kind: EvRetreat, Area: t.name(area), Battle: num, Line: line, Rule: "reduX L&R 9.2.2", Text: fmt.Sprintf("  the victorious %s, with their leader, fall back from %s (reduX L&R 9.2.2)", t.nation(), t.name(area))})
			groups = t.lrAttackerRetreat(num, area, def, groups, rule, line)
		}
	}
	_ = groups
	var txt string
	switch A, D := s.Units[area][n], s.Units[area][def]; {
	case A > 0 && D == 0:
		txt = fmt.Sprintf("The %s win %s with %s left", t.nation(), t.name(area), t.strength(area, n, " ("))
	case D > 0 && A == 0:
		txt = fmt.Sprintf("The %s hold %s with %s left", dname, t.name(area), t.strength(area, def, " ("))
	case A == 0 && D == 0 && s.Vacant(area):
		txt = fmt.Sprintf("No army is left in %s", t.name(area))
	default:
		txt = fmt.Sprintf("The battle in %s is over", t.name(area))
	}
	t.emit(Event{Kind: EvBattleEnd, Area: t.name(area), Opponent: dname, Battle: num, Left: s.Units[area][n], TheirLft: s.Units[area][def], Text: txt})
	t.entries[area] = nil
	t.lrOccupy()
}

// when evaluates a retreat rule's condition during a battle: a rule that
// mentions "won" waits for the victory (9.2.2).
func (t *turn) when(r orders.Rule, env orders.Env) bool {
	if r.When == nil {
		return true
	}
	return r.When.Eval(env)
}

func rollText(inf, cav []int, leader bool) string {
	s := diceText(inf)
	if len(cav) > 0 {
		if len(inf) == 0 {
			s = "cavalry " + diceText(cav)
		} else {
			s += " and cavalry " + diceText(cav)
		}
	}
	if leader {
		s += " (+1, leader)"
	}
	return s
}

func killText(inf, cav int) string {
	switch {
	case cav == 0:
		return fmt.Sprint(inf)
	case inf == 0:
		return fmt.Sprintf("%d cavalry", cav)
	}
	return fmt.Sprintf("%d infantry and %d cavalry", inf, cav)
}

// strength describes a nation's units in an area: "3", or with what is
// among them after sep, "4: 1 cavalry, with Arthur" (sep ": ") or "4 (1
// cavalry, with Arthur)" (sep " (").
func (t *turn) strength(area games.AreaID, m int, sep string) string {
	inf, cav := t.s.Infantry(area, m), t.s.Cavalry(area, m)
	var among []string
	if cav > 0 {
		among = append(among, fmt.Sprintf("%d cavalry", cav))
	}
	if li := t.s.LeaderIn(area, m); li >= 0 {
		among = append(among, "with "+t.s.LR.Leaders[li].Name)
	}
	s := fmt.Sprint(inf + cav)
	if len(among) > 0 {
		s += sep + strings.Join(among, ", ")
		if sep == " (" {
			s += ")"
		}
	}
	return s
}

// trimRaiders drops the mover's raiders that died in an area: raiding
// units are lost last (the owner's choice, docs/orders.md).
func (t *turn) trimRaiders(area games.AreaID) {
	r := t.lr.raiders[area]
	if k := t.s.Units[area][t.n]; len(r) > k {
		t.lr.raiders[area] = r[:k]
	}
}

// leaderAlone eliminates nation m's leader in a battle area its armies have
// all left or lost (9.2.2); the opponent scores for it (10.4).
func (t *turn) leaderAlone(area games.AreaID, m, opp int) {
	li := t.s.LeaderIn(area, m)
	if li < 0 || t.s.Units[area][m] > 0 {
		return
	}
	ld := t.s.LR.Leaders[li]
	t.eliminateLeader(li)
	t.emit(Event{Kind: EvLeader, Nation: t.g.Tables.Nations[m].Name, Area: t.name(area), Rule: "reduX L&R 9.2.2", Text: fmt.Sprintf("  %s is left without armies in %s and is eliminated (reduX L&R 9.2.2)", ld.Name, t.name(area))})
	t.scoreLeaderKill(opp, m, ld.Name)
}

func (t *turn) eliminateLeader(li int) {
	ld := t.s.LR.Leaders[li]
	t.s.LR.Leaders = slices.Delete(t.s.LR.Leaders, li, li+1)
	t.s.LR.Gone = append(t.s.LR.Gone, ld.Name)
	t.s.LR.Fallen = append(t.s.LR.Fallen, ld.Name)
	if ld.Name == arthur {
		t.arthurGone(ld.Nation)
	}
}

// controller is the seat that controls nation m in the game's player split
// (reduX Core 2.1), or -1.
func (e *Engine) controller(m int) int {
	sp := e.G.Tables.Split(e.players())
	if sp == nil {
		return -1
	}
	name := e.G.Tables.Nations[m].Name
	for i, p := range sp.Players {
		for _, nn := range p.Nations {
			if games.Fold(nn) == games.Fold(name) {
				return i
			}
		}
	}
	return -1
}

func (e *Engine) players() int {
	if e.Players == 0 {
		return 4
	}
	return e.Players
}

// scoreKills awards the Other Scoring table's points for eliminating armies
// (reduX L&R 10.4): only units of a nation another player controls.
func (t *turn) scoreKills(killer, victim, inf, cav int) {
	if inf+cav == 0 || t.e.controller(killer) == t.e.controller(victim) {
		return
	}
	vp := 0
	for _, e := range t.g.Tables.LR.Eliminating {
		if !t.killEntry(e, killer, victim) {
			continue
		}
		switch e.Unit {
		case "army":
			vp += e.VP * (inf + cav)
		case "cavalry":
			vp += e.VP * cav
		}
	}
	if vp > 0 {
		t.award(killer, vp, "reduX L&R 10.4", fmt.Sprintf("for eliminating %s of the %s", unitsText(inf, cav), t.g.Tables.Nations[victim].Name))
	}
}

func (t *turn) killEntry(e games.Elimination, killer, victim int) bool {
	if e.NationIdx >= 0 && e.NationIdx != killer {
		return false
	}
	if len(e.Rounds) > 0 && !slices.Contains(e.Rounds, t.s.Round) {
		return false
	}
	if e.OwnTurn && killer != t.n {
		return false
	}
	if e.Unit != "leader" && len(e.VictimIdxs) > 0 && !slices.Contains(e.VictimIdxs, victim) {
		return false
	}
	return true
}

// scoreLeaderKill awards the points for eliminating a leader (10.4); no
// British nation scores for Arthur (9.3).
func (t *turn) scoreLeaderKill(killer, victim int, name string) {
	if t.e.controller(killer) == t.e.controller(victim) {
		return
	}
	if name == arthur && t.g.Tables.Nations[killer].British {
		return
	}
	vp := 0
	for _, e := range t.g.Tables.LR.Eliminating {
		if e.Unit != "leader" || !t.killEntry(e, killer, victim) {
			continue
		}
		for _, v := range e.Victims {
			if games.Fold(v) == games.Fold(name) {
				vp += e.VP
			}
		}
	}
	if vp > 0 {
		t.award(killer, vp, "reduX L&R 10.4", "for eliminating "+name)
	}
}

// award gives nation m victory points with an event.
func (t *turn) award(m, vp int, rule, why string) {
	t.s.VP[m] += vp
	name := t.g.Tables.Nations[m].Name
	t.emit(Event{Kind: EvScore, Nation: name, N: vp, Rule: rule, Text: fmt.Sprintf("The %s score %d VP %s (%s)", name, vp, why, rule)})
}

// lrRule finds a nation's rule for an area in a file: its line for the
// area, else "* " (defend only), of the kind asked (a leader rule or an
// army rule).
func (t *turn) lrRule(f *orders.File, area games.AreaID, leader, attack bool) (orders.Rule, int, bool) {
	if f == nil {
		return orders.Rule{}, 0, false
	}
	var star *orders.Defend
	for _, st := range f.Body {
		switch x := st.(type) {
		case orders.Attack:
			if attack && x.Area == area && x.Rule.Leader == leader {
				return x.Rule, x.Line, true
			}
		case orders.Defend:
			if attack || x.Rule.Leader != leader {
				continue
			}
			if x.Area == area {
				return x.Rule, x.Line, true
			}
			if x.Area == games.NoArea && star == nil {
				d := x
				star = &d
			}
		}
	}
	if star != nil {
		return star.Rule, star.Line, true
	}
	return orders.Rule{}, 0, false
}

// leaderVsLeader reports whether both sides of a battle have a leader
// (9.2.2: then neither leader, nor either side's last army, may retreat).
func (t *turn) leaderVsLeader(area games.AreaID, m, opp int) bool {
	return t.s.LeaderIn(area, m) >= 0 && t.s.LeaderIn(area, opp) >= 0
}

// leaderRetreat moves nation m's leader alone out of a battle (9.2.2): to
// an adjacent area holding only its nation's units; not in a battle of
// leader against leader, and not Arthur away from his cavalry (9.3).
func (t *turn) leaderRetreat(num int, area games.AreaID, m, opp int, rule orders.Rule, line int) {
	li := t.s.LeaderIn(area, m)
	if li < 0 {
		return
	}
	ld := t.s.LR.Leaders[li]
	name := t.g.Tables.Nations[m].Name
	refuse := func(why string) {
		t.emit(Event{Kind: EvRetreat, Nation: name, Area: t.name(area), Battle: num, Line: line, Rule: "reduX L&R 9.2.2", Text: fmt.Sprintf("  %s would retreat alone but %s (reduX L&R 9.2.2)", ld.Name, why)})
	}
	if t.leaderVsLeader(area, m, opp) {
		refuse("faces another leader")
		return
	}
	if ld.Name == arthur && t.s.Cavalry(area, m) > 0 {
		refuse("must stay with his cavalry (reduX L&R 9.3)")
		return
	}
	legal := func(a games.AreaID) bool {
		return t.b.IsLand(a) && adjacent(t.b, area, a) && t.s.Holds(a, m)
	}
	dest := games.NoArea
	for _, a := range rule.To {
		if legal(a) {
			dest = a
			break
		}
	}
	if len(rule.To) == 0 {
		for _, e := range t.b.Edges(area) {
			if legal(e.To) {
				dest = e.To
				break
			}
		}
	}
	if dest == games.NoArea {
		refuse("has no adjacent area held by his nation to go to")
		return
	}
	t.s.LR.Leaders[li].Area = dest
	t.emit(Event{Kind: EvRetreat, Nation: name, Area: t.name(area), Path: []string{t.name(area), t.name(dest)}, Battle: num, Line: line, Rule: "reduX L&R 9.2.2",
		Text: fmt.Sprintf("  %s retreats alone from %s to %s (reduX L&R 9.2.2)", ld.Name, t.name(area), t.name(dest))})
}

// retreatable is how many of nation m's armies in a battle may retreat:
// all, but not the last one in a battle of leader against leader (9.2.2),
// and with Arthur either his infantry only or everything (9.3).
func (t *turn) retreatable(area games.AreaID, m, opp, want int) int {
	total := t.s.Units[area][m]
	want = min(want, total)
	if t.leaderVsLeader(area, m, opp) {
		want = min(want, total-1)
	}
	if li := t.s.LeaderIn(area, m); li >= 0 && t.s.LR.Leaders[li].Name == arthur && want < total {
		want = min(want, t.s.Infantry(area, m))
	}
	return max(0, want)
}

// moveOut moves k of nation m's units from a battle area to another (land
// or sea), infantry first, the mover's raiders first.
func (t *turn) moveOut(m int, from, to games.AreaID, k int) {
	inf := min(k, t.s.Infantry(from, m))
	cav := k - inf
	if m == t.n {
		t.shift(from, to, inf, cav)
		return
	}
	t.s.Units[from][m] -= k
	t.s.Units[to][m] += k
	t.s.LR.Cav[from][m] -= cav
	t.s.LR.Cav[to][m] += cav
}

// lrRetreatFits reports whether one more of nation m's armies may retreat
// into a land area (reduX Core 7.2: stacking, and not raising the
// population excess; raiders do not count, L&R 11.4; the first phase of a
// Major Invasion ignores the population limit, 11.3).
func (t *turn) lrRetreatFits(m int, from, a games.AreaID) bool {
	if !t.b.IsLand(a) {
		return true
	}
	excess := func() int {
		if m == t.n {
			return t.lrExcess()
		}
		return t.s.Excess(t.b, m)
	}
	ex0 := excess()
	t.s.Units[from][m]--
	t.s.Units[a][m]++
	okStack := t.stackOKFor(m)
	ex1 := excess()
	t.s.Units[a][m]--
	t.s.Units[from][m]++
	okPop := ex1 <= ex0 || (m == t.n && t.lr.major && t.lr.phase == 1)
	return okStack && okPop
}

// lrDefenderRetreat is reduX Core 7.2.1 with cavalry and leaders: the
// leader goes with the last armies (9.2.1).
func (t *turn) lrDefenderRetreat(num int, area games.AreaID, def int, rule orders.Rule, line int) {
	s := t.s
	dests := t.defenderDests(area, def, rule)
	want := s.Units[area][def]
	if rule.N > 0 {
		want = min(rule.N, want)
	}
	want = t.retreatable(area, def, t.n, want)
	moved := make([]int, len(t.b.Areas))
	total := 0
	for _, a := range dests {
		for total < want && t.lrRetreatFits(def, area, a) {
			t.moveOut(def, area, a, 1)
			moved[a]++
			total++
		}
	}
	dname := t.g.Tables.Nations[def].Name
	if total == 0 {
		t.emit(Event{Kind: EvRetreat, Nation: dname, Area: t.name(area), Battle: num, Line: line, Rule: "reduX Core 7.2.1",
			Text: fmt.Sprintf("  the %s would retreat from %s but have no legal area to go to (or may not retreat), and fight on (reduX Core 7.2, L&R 9.2.2)", dname, t.name(area))})
		return
	}
	first := games.NoArea
	for _, a := range dests {
		if moved[a] > 0 {
			if first == games.NoArea {
				first = a
			}
			t.emit(Event{Kind: EvRetreat, Nation: dname, Area: t.name(area), Path: []string{t.name(area), t.name(a)}, N: moved[a], Battle: num, Line: line, Rule: "reduX Core 7.2.1",
				Text: fmt.Sprintf("  the %s retreat %d %s from %s to %s", dname, moved[a], armies(moved[a]), t.name(area), t.name(a))})
			t.occupyArea(def, a)
		}
	}
	t.leaderWithRetreat(def, area, first)
}

// leaderWithRetreat moves nation m's leader with its retreating armies when
// they have all left the area (9.2.1).
func (t *turn) leaderWithRetreat(m int, area, to games.AreaID) {
	li := t.s.LeaderIn(area, m)
	if li < 0 || t.s.Units[area][m] > 0 || to == games.NoArea {
		return
	}
	t.s.LR.Leaders[li].Area = to
	t.emit(Event{Kind: EvLeader, Nation: t.g.Tables.Nations[m].Name, Area: t.name(to), Rule: "reduX L&R 9.2.1", Text: fmt.Sprintf("  %s retreats with them to %s (reduX L&R 9.2.1)", t.s.LR.Leaders[li].Name, t.name(to))})
}

// lrAttackerRetreat is reduX Core 7.2.2 with Leaders and Raiders: units that
// attacked from the sea may go back to it when they are raiders (11.4) or in
// the first phase of a Major Invasion (11.3); units that came by boat may
// not retreat (12).
func (t *turn) lrAttackerRetreat(num int, area games.AreaID, def int, groups []entry, rule orders.Rule, line int) []entry {
	s, n, l := t.s, t.n, t.lr
	want := s.Units[area][n]
	if rule.N > 0 {
		want = min(rule.N, want)
	}
	want = t.retreatable(area, n, def, want)
	total := 0
	first := games.NoArea
	for i := range groups {
		g := &groups[i]
		if g.N == 0 || g.From == games.NoArea || g.Boat {
			continue
		}
		toSea := !t.b.IsLand(g.From)
		if toSea && !(l.raid || (l.major && l.phase == 1)) {
			continue
		}
		if !toSea && t.foreign(g.From) > 0 {
			continue
		}
		k := 0
		for total < want && g.N > 0 && t.lrRetreatFits(n, area, g.From) {
			t.moveOut(n, area, g.From, 1)
			g.N--
			k++
			total++
		}
		if k > 0 {
			if first == games.NoArea {
				first = g.From
			}
			rl := "reduX Core 7.2.2"
			if toSea {
				rl = "reduX L&R 11.3, 11.4"
			}
			t.emit(Event{Kind: EvRetreat, Area: t.name(area), Path: []string{t.name(area), t.name(g.From)}, N: k, Battle: num, Line: line, Rule: rl,
				Text: fmt.Sprintf("  the %s retreat %d %s from %s to %s", t.nation(), k, armies(k), t.name(area), t.name(g.From))})
			t.occupyArea(n, g.From)
		}
	}
	if total == 0 {
		t.emit(Event{Kind: EvRetreat, Area: t.name(area), Battle: num, Line: line, Rule: "reduX Core 7.2.2",
			Text: fmt.Sprintf("  the %s would retreat from %s but cannot (from the sea, by boat, placed there, the way back is blocked, or the last army facing a leader), and fight on (reduX Core 7.2.2, L&R 9.2.2, 12)", t.nation(), t.name(area))})
	}
	t.leaderWithRetreat(n, area, first)
	return groups
}
