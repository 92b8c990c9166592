package family

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// BattleRules are what a ruleset changes in the battle loop (reduX Core 7).
// Nil fields take the kernel's defaults, which are Britannia's: an army
// die kills infantry on 5 (a cavalry die on 4), only a 6 kills cavalry, a
// defender in difficult terrain dies only on 6, a leader adds one to its
// side's dice (reduX Core 7.1, L&R 9.1.2, 9.2.2).
type BattleRules struct {
	// Reach is the set of enemy kinds a die of kind k showing v (bonus
	// included) thrown by side may kill; 0 is a miss.
	Reach func(t *Turn, b *Battle, side int, k KindID, v int) Mask
	// Bonus is added to every die a side throws.
	Bonus func(t *Turn, b *Battle, side int) int
	// KillOrder is the order in which a side's hits kill the enemy's
	// kinds (L&R 9.1.2: the roller chooses).
	KillOrder func(t *Turn, b *Battle, side int) []KindID
	// Kills is told of units a side killed, for points (L&R 10.4).
	Kills func(t *Turn, b *Battle, killer, victim NationID, kills []int)
	// LeaderKilled is told of a leader eliminated (L&R 10.4, 9.3).
	LeaderKilled func(t *Turn, killer, victim NationID, name string)
	// LeaderStays says why nation m's leader may not retreat alone from
	// area a (the zero No if it may); its What words the whole retreat
	// refused, the leader's name given as the event's Leader.
	LeaderStays func(t *Turn, a games.AreaID, m NationID) No
	// Together limits how many of nation m's units may retreat from area a
	// when some must stay together (L&R 9.3: Arthur and his cavalry).
	Together func(t *Turn, a games.AreaID, m NationID, want int) int
	// Need is the number side's dice hit infantry on, for the words of a
	// round (RoundResult.Need); nil: 5, or 6 attacking difficult terrain
	// (reduX Core 7.1).
	Need func(t *Turn, b *Battle, side int) int
	// Behind is the set of kinds that must all be dead before a unit of
	// kind k may die: within one roll the hits are allotted in kill order,
	// so a kind behind others comes after them in KillOrder and takes the
	// hits they leave (classic Britannia: a fort dies only when no Roman
	// army of its area is left, seed 002 §5). Nil: none.
	Behind func(t *Turn, k KindID) Mask
	// RetreatInto says whether the defender of battle b may retreat into
	// the vacant area a, which the kernel allows (reduX Core 7.2.1: not an
	// origin of the attack); nil: every such area (classic Britannia: not
	// one next to the enemy, seed 004 Battles/Retreats).
	RetreatInto func(t *Turn, b *Battle, a games.AreaID) bool
}

// Mask is a set of unit kinds.
type Mask uint32

// Has reports whether the set holds kind k.
func (m Mask) Has(k KindID) bool { return m&(1<<k) != 0 }

// Battle is one battle being fought.
type Battle struct {
	Num     int
	Area    games.AreaID
	Def     NationID
	DefName string
	// Sides are the attacker (0, the mover) and the defender (1).
	Sides  [2]NationID
	groups []entry
	carry  [2]hitPool
}

// Dice are one side's dice of a round, per kind.
type Dice [][]int

// All is every die in kind order.
func (d Dice) All() []int { return slices.Concat(d...) }

// Kills are units killed, per kind.
type Kills []int

// Total is every unit killed.
func (k Kills) Total() int {
	t := 0
	for _, x := range k {
		t += x
	}
	return t
}

// RoundResult is one round of battle (reduX Core 7.1).
type RoundResult struct {
	Round  int
	Dice   [2]Dice
	Need   [2]int   // the number an army die hits infantry on, for the words
	Kills  [2]Kills // units side i killed of the other side
	Leader [2]bool
}

// hitPool counts hits by the kinds they may kill: a few masks, each once.
type hitPool []hitCount

type hitCount struct {
	m Mask
	n int
}

// add counts n more hits that may kill the kinds of m.
func (h *hitPool) add(m Mask, n int) {
	for i := range *h {
		if (*h)[i].m == m {
			(*h)[i].n += n
			return
		}
	}
	*h = append(*h, hitCount{m, n})
}

// Battles is a Battles and Retreats Phase (reduX Core 7): every area with
// the mover's units and another nation's, in the attacker's chosen order.
func Battles(t *Turn) {
	for _, a := range t.battleOrder() {
		t.battleNo++
		t.fight(t.battleNo, a)
	}
	t.settle()
}

// battleOrder is the order of a phase's battles (reduX Core 7: the
// attacker chooses): the file's battles line, then the order in which the
// moves first entered each battle area. A listed area with no battle is
// reported.
func (t *Turn) battleOrder() []games.AreaID {
	var order []games.AreaID
	seen := make([]bool, len(t.B.Areas))
	for _, bo := range adjudicator.Statements[orders.Battles](t.Turn) {
		for _, a := range bo.Areas {
			if len(t.entries[a]) == 0 {
				t.Problem(bo.Line, "no-battle", t.Name(a))
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

// fight fights one battle to its end (reduX Core 7.1, 7.2).
func (t *Turn) fight(num int, area games.AreaID) {
	s, n := t.S, t.N
	def := -1
	for m := 0; m < s.NumNations(); m++ {
		if m != n && s.Has(area, m) {
			def = m
			break
		}
	}
	if def < 0 || !s.Has(area, n) {
		t.entries[area] = nil
		return
	}
	b := &Battle{Num: num, Area: area, Def: def, DefName: t.E.NationName(def), Sides: [2]NationID{n, def}, groups: slices.Clone(t.entries[area])}
	ev := Event{Kind: adjudicator.EvBattle, What: "battle", Area: t.Name(area), Opponent: b.DefName, Battle: num, N: s.Units(area, n), TheirLft: s.Units(area, def)}
	t.Emit(t.withForces(ev, area, n, def))
	round := 1
	for ; s.Has(area, n) && s.Has(area, def); round++ {
		if round > 1000 {
			panic("adjudicator: battle did not end")
		}
		t.battleRound(b, round)
		if !s.Has(area, n) || !s.Has(area, def) {
			break
		}
		// 7.2: the defender chooses first, then the attacker.
		if t.defenderRetreats(b, round); !s.Has(area, def) {
			break
		}
		t.attackerRetreats(b, round)
	}
	t.victorRetreat(b, round)
	ev = Event{Kind: adjudicator.EvBattleEnd, What: "battle-end", Area: t.Name(area), Opponent: b.DefName, Battle: num, Left: s.Units(area, n), TheirLft: s.Units(area, def)}
	if !s.Has(area, n) && !s.Has(area, def) && !s.Vacant(area) {
		ev.Args = []string{"others"} // another nation's units are there too
	}
	t.Emit(t.withForces(ev, area, n, def))
	t.entries[area] = nil
	t.settle()
}

// battleRound rolls one round of a battle and removes the dead (reduX Core
// 7.1, 7.3; L&R 9.1.2, 9.2.2).
func (t *Turn) battleRound(b *Battle, round int) {
	s, area := t.S, b.Area
	per := 1
	if ReducedRandomness(t.E) {
		per = 2
	}
	r := &RoundResult{Round: round}
	var hits [2]hitPool
	for side, m := range b.Sides {
		r.Leader[side] = s.LeaderIn(area, m) >= 0
		r.Dice[side], hits[side], r.Need[side] = t.rollSide(b, side, round, per)
		for _, c := range b.carry[side] {
			hits[side].add(c.m, c.n)
		}
	}
	for side := range b.Sides {
		enemy := b.Sides[1-side]
		alive := make([]int, len(t.E.R.Kinds))
		for k := range alive {
			alive[k] = s.Count(area, enemy, k)
		}
		r.Kills[side], b.carry[side] = allocate(hits[side], alive, t.killOrder(b, side), t.behind(), per)
	}
	for k, c := range r.Kills[1] {
		b.groups = t.loseAttackers(area, b.groups, k, c)
	}
	for k, c := range r.Kills[0] {
		s.Add(area, b.Def, k, -c)
	}
	t.trimRaiders(area)
	t.Emit(t.roundEvent(b, r))
	if f := t.R.Battle.Kills; f != nil {
		f(t, b, t.N, b.Def, r.Kills[0])
		f(t, b, b.Def, t.N, r.Kills[1])
	}
	t.leaderAlone(area, t.N, b.Def)
	t.leaderAlone(area, b.Def, t.N)
}

// rollSide rolls a side's dice, kind by kind (L&R 9.1.2: separately for
// each type), and sorts its hits by what they may kill.
func (t *Turn) rollSide(b *Battle, side, round, per int) (Dice, hitPool, int) {
	m := b.Sides[side]
	phase := "battle"
	if t.Phase == 2 {
		phase = "battle-2"
	}
	who := [2]string{"attacker", "defender"}[side]
	bonus := t.bonus(b, side)
	ds := make(Dice, len(t.E.R.Kinds))
	var pool hitPool
	for k, kd := range t.E.R.Kinds {
		c := t.S.Count(b.Area, m, k) * per
		ds[k] = make([]int, c)
		for i := range ds[k] {
			ds[k][i] = t.D.Roll(dice.Label{Phase: phase, Battle: b.Num, Round: round, Side: who, Unit: kd.Name, Die: i})
			if mk := t.reach(b, side, k, ds[k][i]+bonus); mk != 0 {
				pool.add(mk, 1)
			}
		}
	}
	need := 5
	if side == 0 && t.B.Difficult(b.Area) {
		need = 6
	}
	if f := t.R.Battle.Need; f != nil {
		need = f(t, b, side)
	}
	return ds, pool, need
}

func (t *Turn) bonus(b *Battle, side int) int {
	if f := t.R.Battle.Bonus; f != nil {
		return f(t, b, side)
	}
	if t.S.LeaderIn(b.Area, b.Sides[side]) >= 0 {
		return 1 // L&R 9.2.2
	}
	return 0
}

// reach is BattleRules.Reach, by default Britannia's (reduX Core 7.1, L&R
// 9.1.2): a 6 kills any army; an infantry die kills infantry on 5 and a
// cavalry die on 4, except infantry defending difficult terrain, which dies
// only on 6.
func (t *Turn) reach(b *Battle, side int, k KindID, v int) Mask {
	if f := t.R.Battle.Reach; f != nil {
		return f(t, b, side, k, v)
	}
	var any, soft Mask
	for i, kd := range t.E.R.Kinds {
		if kd.Army {
			any |= 1 << i
		}
	}
	soft = 1 << Infantry
	need := 5
	if t.E.R.Kinds[k].Name == "cavalry" {
		need = 4
	}
	if side == 0 && t.B.Difficult(b.Area) {
		need = 6
	}
	switch {
	case v >= 6:
		return any
	case v >= need:
		return soft
	}
	return 0
}

// killOrder is the order in which a side's hits kill the enemy's kinds:
// BattleRules.KillOrder, else the side's "target" Decision for the area
// (L&R 9.1.2), cavalry first by default.
func (t *Turn) killOrder(b *Battle, side int) []KindID {
	if f := t.R.Battle.KillOrder; f != nil {
		return f(t, b, side)
	}
	cav := t.E.Kind("cavalry")
	if cav < 0 {
		return []KindID{Infantry}
	}
	if t.targetCavalry(t.DecisionFile(b.Sides[side]), b.Area) {
		return []KindID{cav, Infantry}
	}
	return []KindID{Infantry, cav}
}

// targetCavalry is the roller's choice of the type its flexible hits kill
// (L&R 9.1.2): the file's "target" line for the area, then "target *",
// else cavalry.
func (t *Turn) targetCavalry(f *orders.File, area games.AreaID) bool {
	if f == nil {
		return true
	}
	var star *orders.Target
	for _, st := range f.Body {
		tg, ok := st.(orders.Target)
		if !ok {
			continue
		}
		if tg.Area == area {
			return tg.Unit == "cavalry"
		}
		if tg.Area == games.NoArea && star == nil {
			x := tg
			star = &x
		}
	}
	if star != nil {
		return star.Unit == "cavalry"
	}
	return true
}

// behind is BattleRules.Behind for every kind, nil without the hook.
func (t *Turn) behind() []Mask {
	f := t.R.Battle.Behind
	if f == nil {
		return nil
	}
	out := make([]Mask, len(t.E.R.Kinds))
	for k := range out {
		out[k] = f(t, k)
	}
	return out
}

// allocate turns a side's hits into kills of the enemy's kinds, in order:
// each kind takes what the hits that may kill it allow, the most
// restricted hits first, and none while a unit of a kind it stands behind
// (behind, by kind; nil: none) is left; per is the hits a kill takes (2
// with reduced randomness, Core 7.3), and then one unused hit that could
// still kill is carried, keeping what it could kill (L&R 9.1.2).
func allocate(h hitPool, alive []int, order []KindID, behind []Mask, per int) (Kills, hitPool) {
	h = slices.Clone(h)
	slices.SortFunc(h, func(a, b hitCount) int { // the most restricted (fewest kinds) first
		if d := bits.OnesCount32(uint32(a.m)) - bits.OnesCount32(uint32(b.m)); d != 0 {
			return d
		}
		return int(a.m) - int(b.m)
	})
	kills := make(Kills, len(alive))
	for _, k := range order {
		if shielded(k, behind, alive, kills) {
			continue
		}
		can := 0
		for _, c := range h {
			if c.m.Has(k) {
				can += c.n
			}
		}
		kill := min(alive[k], can/per)
		kills[k] = kill
		use := kill * per
		for i := range h {
			if use == 0 {
				break
			}
			if h[i].m.Has(k) {
				u := min(use, h[i].n)
				h[i].n -= u
				use -= u
			}
		}
	}
	if per == 1 {
		return kills, nil
	}
	for i := len(h) - 1; i >= 0; i-- { // the widest hit first
		if h[i].n == 0 {
			continue
		}
		for k := range alive {
			if h[i].m.Has(k) && alive[k]-kills[k] > 0 {
				return kills, hitPool{{h[i].m, 1}}
			}
		}
	}
	return kills, nil
}

// shielded reports whether kind k may not die yet: a unit of a kind it
// stands behind is left after the kills so far.
func shielded(k KindID, behind []Mask, alive []int, kills Kills) bool {
	if behind == nil || behind[k] == 0 {
		return false
	}
	for j := range alive {
		if behind[k].Has(j) && alive[j]-kills[j] > 0 {
			return true
		}
	}
	return false
}

// loseAttackers removes c attacking units of kind k, choosing which entry
// groups lose them (reduX Core 7.1: the owner chooses): the file's
// casualties statement first, then units that cannot retreat (from the sea
// or placed there), then the group that entered last.
func (t *Turn) loseAttackers(area games.AreaID, groups []entry, k KindID, c int) []entry {
	if c == 0 {
		return groups
	}
	t.S.Add(area, t.N, k, -c)
	var pref []games.AreaID
	for _, cs := range adjudicator.Statements[orders.Casualties](t.Turn) {
		if cs.Area == area {
			pref = append(pref, cs.First...)
		}
	}
	take := func(i int) {
		d := min(c, groups[i].N)
		groups[i].N -= d
		c -= d
	}
	for _, p := range pref {
		for i := range groups {
			if c > 0 && groups[i].From == p {
				take(i)
			}
		}
	}
	for i := range groups {
		if c > 0 && !t.B.IsLand(groups[i].From) {
			take(i)
		}
	}
	for i := len(groups) - 1; i >= 0 && c > 0; i-- {
		take(i)
	}
	return groups
}

// roundEvent is the fact of a round of battle (reduX Core 7.1): each
// side's dice kind by kind, its hit number and leader's bonus, what it
// killed kind by kind, and what is left of each side.
func (t *Turn) roundEvent(b *Battle, r *RoundResult) Event {
	s, area := t.S, b.Area
	ev := Event{Kind: adjudicator.EvRound, What: "round", Area: t.Name(area), Opponent: b.DefName, Battle: b.Num, Round: r.Round, Dice: r.Dice[0].All(), TheirDie: r.Dice[1].All(),
		Hits: r.Kills[0].Total(), TheirHit: r.Kills[1].Total(), Left: s.Units(area, t.N), TheirLft: s.Units(area, b.Def),
		Need: r.Need[0], TheirNeed: r.Need[1], Rolls: t.rolls(r.Dice[0]), TheirRolls: t.rolls(r.Dice[1]),
		Kills: t.kindCounts(r.Kills[0]), TheirKills: t.kindCounts(r.Kills[1])}
	if r.Leader[0] {
		ev.Bonus = 1
	}
	if r.Leader[1] {
		ev.TheirBonus = 1
	}
	return t.withForces(ev, area, t.N, b.Def)
}

// withForces adds to a battle's event what each side has in the area:
// its units kind by kind and its leader.
func (t *Turn) withForces(ev Event, area games.AreaID, n, def NationID) Event {
	ev.Units, ev.Leader = t.forces(area, n)
	ev.TheirUnits, ev.TheirLeader = t.forces(area, def)
	return ev
}

// forces are nation m's units in area a, kind by kind (the kinds it has
// there), and its leader there.
func (t *Turn) forces(a games.AreaID, m NationID) ([]adjudicator.Count, string) {
	var out []adjudicator.Count
	for k, kd := range t.E.R.Kinds {
		if c := t.S.Count(a, m, k); c > 0 {
			out = append(out, adjudicator.Count{Kind: kd.Name, N: c})
		}
	}
	leader := ""
	if li := t.S.LeaderIn(a, m); li >= 0 {
		leader = t.S.Leaders[li].Name
	}
	return out, leader
}

// rolls are a side's dice kind by kind, the kinds that rolled.
func (t *Turn) rolls(d Dice) []adjudicator.Roll {
	var out []adjudicator.Roll
	for k, ds := range d {
		if len(ds) > 0 {
			out = append(out, adjudicator.Roll{Kind: t.E.R.Kinds[k].Name, Dice: ds})
		}
	}
	return out
}

// Strength describes nation m's units in an area: "3", or with what is
// among them after sep, "4: 1 cavalry, with Arthur" (sep ": ") or "4 (1
// cavalry, with Arthur)" (sep " (").
func (t *Turn) Strength(area games.AreaID, m NationID, sep string) string {
	var among []string
	if k := t.E.Kind("cavalry"); k >= 0 {
		if cav := t.S.Count(area, m, k); cav > 0 {
			among = append(among, fmt.Sprintf("%d cavalry", cav))
		}
	}
	if li := t.S.LeaderIn(area, m); li >= 0 {
		among = append(among, "with "+t.S.Leaders[li].Name)
	}
	s := fmt.Sprint(t.Armies(area, m))
	if len(among) > 0 {
		s += sep + strings.Join(among, ", ")
		if sep == " (" {
			s += ")"
		}
	}
	return s
}

// leaderAlone eliminates nation m's leader in a battle area its units have
// all left or lost (L&R 9.2.2).
func (t *Turn) leaderAlone(area games.AreaID, m, opp NationID) {
	li := t.S.LeaderIn(area, m)
	if li < 0 || t.S.Has(area, m) {
		return
	}
	ld := t.S.Leaders[li]
	t.EliminateLeader(li)
	t.Emit(Event{Kind: adjudicator.EvLeader, What: "leader-alone", Nation: t.E.NationName(m), Area: t.Name(area), Leader: ld.Name})
	if f := t.R.Battle.LeaderKilled; f != nil {
		f(t, opp, m, ld.Name)
	}
}

// EliminateLeader takes leader li off the board for good (L&R 9.2).
func (t *Turn) EliminateLeader(li int) {
	ld := t.S.Leaders[li]
	t.S.Leaders = slices.Delete(t.S.Leaders, li, li+1)
	if f := t.R.LeaderGone; f != nil {
		f(t, ld, true)
	}
}
