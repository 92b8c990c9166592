package hybreasil

import (
	"sort"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The suggested turn of Hy Breasil's orders template (Template): order
// lines a newcomer may send as they stand, which the engine's check
// accepts, and which lose no unit to the limits the template names: units
// left at sea (6.3), areas cut off and units beyond the support limit
// (6.4). It is planned on the position at the start of the turn with the
// random event as it stands: the new units of the population increase
// (6.2) are placed by its own place lines, units at sea land two to an
// area on empty coasts (or one step inland), stacks of two or more spread
// half their units into empty neighbours, a Strong leader's second phase
// spreads again (6.1), and one attack is suggested where a neighbour has
// fewer units, with a retreat to where it came from. Reinforcements (6.1)
// are rolled when the turn is played: where the event is Reinforcements,
// or one the reroll policy rerolls into a roll that may still give them
// (the reroll's token is added to its die first), the plan lands up to six
// more units, two to a line; a line with no unit left to move is skipped.

// hbPlan is the suggested turn of nation n due in s.
type hbPlan struct {
	e      *adjudicator.Engine
	s      *adjudicator.State
	b      *games.Board
	n      adjudicator.NationID
	event  string
	strong bool // Strong leader: a second phase (6.1)
	weak   bool // Weak leader: no attack (6.1)

	gain     int            // new units of the population increase (6.2), at most
	gainSure int            // new units if the reinforcements (6.1) take the unused tokens first
	places   []games.AreaID // where the plan's place lines put them
	reinf    int            // reinforcements the plan lands, at most (6.1)

	units   []int  // the nation's units by area as the plan moves them
	claimed []bool // areas a move of the plan ends in
	first   []orders.Statement
	second  []orders.Move
	attack  *orders.Move   // the suggested attack, if any
	landSea games.AreaID   // the sea a first turn enters from instead of its own (5.1, 5.2), or NoArea
	fought  []bool         // areas of other nations a move of the plan attacks
	extra   []int          // units by area that are there only if the reinforcements come (6.1)
	cutOff  []games.AreaID // areas the plan leaves cut off from the rest (6.4)
	split   []bool         // areas a Civil war the turn keeps hands to a new nation (6.1)
	doomed  int            // units the limits take whatever the player writes (6.3, 6.4)
}

// newHBPlan plans the suggested turn of nation n due in s. In the
// nation's first turn it also chooses where to enter (5.1, 5.2: "land
// SEA"): the outer sea whose plan keeps the most units, then holds the
// most areas; the sea it waits in at a tie.
func newHBPlan(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) *hbPlan {
	p := planFrom(e, s, n, games.NoArea)
	x, b := X(s), e.G.Board
	if home := x.Home[n]; x.Entered[n] == s.Round && home != games.NoArea && !b.IsLand(home) {
		for a := b.NumLand; a < len(b.Areas); a++ {
			if sea := games.AreaID(a); sea != home && !b.Areas[a].Inland {
				if q := planFrom(e, s, n, sea); q.better(p) {
					p = q
				}
			}
		}
	}
	return p
}

// planFrom plans the suggested turn of nation n due in s, entering from
// sea landSea in its first turn (NoArea: where it waits).
func planFrom(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID, landSea games.AreaID) *hbPlan {
	x := X(s)
	p := &hbPlan{e: e, s: s, b: e.G.Board, n: n, event: x.Event[n], units: make([]int, len(e.G.Board.Areas)),
		claimed: make([]bool, len(e.G.Board.Areas)), split: make([]bool, len(e.G.Board.Areas)), fought: make([]bool, len(e.G.Board.Areas)), extra: make([]int, len(e.G.Board.Areas)), landSea: landSea}
	p.strong, p.weak = p.event == StrongLeader, p.event == WeakLeader
	for a := range p.units {
		p.units[a] = s.Units(games.AreaID(a), n)
	}
	if landSea != games.NoArea {
		home := x.Home[n]
		p.units[landSea] += p.units[home]
		p.units[home] = 0
	}
	d := D(e).Reroll
	rerolled := x.Entered[n] != s.Round && rerollPolicy{events: d.Events, below: d.WhileCivBelow}.wants(p.event, x.Civ[n])
	// Reinforcements come when the event is kept, or when a reroll may
	// give them: its die adds the tokens after the reroll takes one
	// (6.1), so a rerolled Plague never brings them (check-knowable).
	reinforced := p.event == Reinforcements && !rerolled || rerolled && mayRoll(e, leastRerollCiv(x.Civ[n], p.event), Reinforcements)
	if home := x.Home[n]; home != games.NoArea && !p.b.IsLand(home) && reinforced {
		p.reinf = min(6, Pool(e, s, n))
	}
	p.splitFirst(rerolled)
	p.placeNew(rerolled)
	p.landAll()
	p.spread(&p.first, 1)
	if !p.weak {
		p.planAttack()
	}
	if p.strong {
		var second []orders.Statement
		p.spread(&second, 2)
		for _, st := range second {
			p.second = append(p.second, st.(orders.Move))
		}
	}
	p.useExcess()
	return p
}

// splitFirst takes out of the plan the areas a Civil war the turn keeps
// (6.1: not rolled again by the reroll policy, and able to occur) splits
// off before the population increase: the half pbem chooses (splitChoice),
// as the check plays it (splitKnown). The plan then places and moves only
// what the nation keeps.
func (p *hbPlan) splitFirst(rerolled bool) {
	if p.event != CivilWar || rerolled || X(p.s).Entered[p.n] == p.s.Round {
		return
	}
	t := &adjudicator.Turn{E: p.e, G: p.e.G, B: p.b, S: p.s, N: p.n}
	if !civilWarPossible(t) {
		return
	}
	areas := landAreas(p.s, p.b, p.n)
	for _, a := range splitChoice(t, areas, len(areas)/2) {
		p.units[a], p.claimed[a], p.split[a] = 0, true, true // the new nation's: no move of the plan ends or passes there
	}
}

// better reports whether plan p ends better than q: more units kept under
// the support limit (6.4), then more areas (7: a victory point each).
func (p *hbPlan) better(q *hbPlan) bool {
	pa, pu, _ := p.end()
	qa, qu, _ := q.end()
	pk, qk := min(pu, Supported(p.e, p.s, p.n, pa)), min(qu, Supported(q.e, q.s, q.n, qa))
	return pk > qk || pk == qk && pa > qa
}

// placeNew plans the population increase (6.2): its new units, as many
// as the unused tokens allow before the reinforcements (6.1) take them, one an
// area, on the areas bordering the most empty land first (where they can
// spread), then on one bordering a weaker neighbour (where they can
// attack, planAttack), the earlier area at a tie. Famine, or an event the policy
// rerolls into Famine, gives none; the place lines then go unused.
func (p *hbPlan) placeNew(rerolled bool) {
	if p.event == Famine && !rerolled {
		return
	}
	var areas []games.AreaID
	for _, a := range landAreas(p.s, p.b, p.n) {
		if p.units[a] > 0 { // not split off (splitFirst)
			areas = append(areas, a)
		}
	}
	pips := pipsOf(p.e, X(p.s).Race[p.n], areas) + X(p.s).Saved[p.n]
	civ := 0
	if rerolled || p.event == Civilization {
		civ = 1 // the reroll, or Civilization, takes an unused token as a civilization token (6.1)
	}
	p.gain = min(pips/p.e.G.Tables.Population.PointsPerArmy, Pool(p.e, p.s, p.n)-civ, len(areas))
	p.gainSure = min(p.gain, Pool(p.e, p.s, p.n)-civ-p.reinf)
	if p.gain <= 0 {
		p.gain = 0
		return
	}
	best := func(a games.AreaID) int {
		k, weaker := 0, 0
		for _, e := range p.b.Edges(a) {
			switch f := p.s.Foreign(e.To, p.n); {
			case !p.b.IsLand(e.To):
			case p.s.Vacant(e.To):
				k += 2
			case f > 0 && f < p.units[a] && !p.weak:
				weaker = 1
			}
		}
		return k + weaker
	}
	chosen := make([]bool, len(p.b.Areas))
	for range p.gain {
		pick := games.NoArea
		for _, a := range areas {
			if !chosen[a] && (pick == games.NoArea || best(a) > best(pick)) {
				pick = a
			}
		}
		chosen[pick] = true
		p.places = append(p.places, pick)
		p.units[pick]++
	}
	sortAreas(p.places)
}

// landAll lands the units at sea (6.3: units left at sea at the end of a
// phase are lost), two to an area, each pair on the nearest empty land
// (reach), the home sea's possible reinforcements with them; what finds
// no empty land is landed by landRest.
func (p *hbPlan) landAll() {
	home := X(p.s).Home[p.n]
	if p.landSea != games.NoArea {
		home = p.landSea
	}
	for a := p.b.NumLand; a < len(p.b.Areas); a++ {
		sea := games.AreaID(a)
		k, sure := p.units[sea], p.units[sea]
		if sea == home {
			k += p.reinf
		}
		for k > 0 {
			c := min(k, 2)
			path := p.nearest(sea)
			if path == nil {
				p.landRest(sea, k, sure)
				break
			}
			p.add(&p.first, orders.Move{N: c, Path: path})
			p.extra[path[len(path)-1]] += c - min(c, sure)
			k, sure = k-c, max(sure-c, 0)
		}
	}
}

// landRest lands k units of sea that find no empty land (6.3: units left
// at sea are lost), of which only sure are there if the reinforcements
// do not come (6.1). Unless a weak leader forbids attacks (6.1), they
// attack the coasts other nations hold, the weakest first, each with one
// unit more than defends it and at least two, so that each win is an
// area that supports them (6.4), the last attack taking what is left;
// with no such coast they land on a coast the nation holds. Units that
// can do neither are lost at sea whatever the player writes
// (hbPlan.doomed).
func (p *hbPlan) landRest(sea games.AreaID, k, sure int) {
	own := games.NoArea
	var foes []games.AreaID
	for _, e := range p.b.Edges(sea) {
		c := e.To
		switch {
		case !p.b.IsLand(c):
		case p.s.Foreign(c, p.n) > 0:
			if !p.claimed[c] && !p.weak {
				foes = append(foes, c)
			}
		case p.units[c] > 0 && own == games.NoArea:
			own = c
		}
	}
	sort.SliceStable(foes, func(i, j int) bool { return p.s.Foreign(foes[i], p.n) < p.s.Foreign(foes[j], p.n) })
	var sizes []int
	for _, c := range foes {
		if k == 0 {
			break
		}
		n := min(max(2, p.s.Foreign(c, p.n)+1), k)
		sizes, k = append(sizes, n), k-n
	}
	if k > 0 && len(sizes) > 0 {
		sizes[len(sizes)-1] += k
		k = 0
	}
	for i, n := range sizes {
		p.addAttack(&p.first, orders.Move{N: n, Path: []games.AreaID{sea, foes[i]}})
	}
	switch {
	case k == 0:
	case own != games.NoArea:
		p.add(&p.first, orders.Move{N: k, Path: []games.AreaID{sea, own}})
		p.extra[own] += k - min(k, sure)
	default:
		p.doomed += min(k, sure)
	}
}

// addAttack appends a move into another nation's area to a phase's lines
// and moves its units in the plan, which counts the area as won (end);
// the area is marked fought, so that no later move of the plan starts
// from it.
func (p *hbPlan) addAttack(body *[]orders.Statement, mv orders.Move) {
	p.add(body, mv)
	p.fought[mv.Path[len(mv.Path)-1]] = true
}

// useExcess sends the units the support limit would remove at the end of
// the turn (6.4) against another nation, where the plan still ends over
// it: from each land stack, its units but one against the weakest
// neighbour another nation holds, in the last phase, at most the excess;
// such units either win an area, which supports them, or fall in battle,
// and lose nothing to the limit. What no attack can take (a weak leader,
// 6.1, or no neighbour to attack) is lost whatever the player writes
// (hbPlan.doomed).
func (p *hbPlan) useExcess() {
	areas, units, _ := p.end()
	ex := units - Supported(p.e, p.s, p.n, areas)
	for a := 0; a < p.b.NumLand && ex > 0 && !p.weak; a++ {
		id := games.AreaID(a)
		avail := p.units[id] - p.extra[id] - 1
		if avail <= 0 || p.fought[id] {
			continue
		}
		target := p.weakestFoe(id)
		if target == games.NoArea {
			continue
		}
		mv := orders.Move{N: min(avail, ex), Path: []games.AreaID{id, target}}
		if p.strong {
			var second []orders.Statement
			p.addAttack(&second, mv)
			p.second = append(p.second, mv)
		} else {
			p.addAttack(&p.first, mv)
		}
		areas, units, _ = p.end()
		ex = units - Supported(p.e, p.s, p.n, areas)
	}
	p.doomed += max(ex, 0)
	p.doomed += p.cutOffUnits()
}

// cutOffUnits are the units the plan leaves in areas cut off from the part
// of the nation with the most units (6.4), which the support phase takes
// whatever the player writes unless a battle joins them again: the areas
// are kept in cutOff.
func (p *hbPlan) cutOffUnits() int {
	own := make([]bool, len(p.b.Areas))
	for a := 0; a < p.b.NumLand; a++ {
		own[a] = p.units[a] > 0
	}
	parts := Parts(p.s, p.b, own, has(p.s, p.n, Navigation))
	keep, most := 0, -1
	for i, part := range parts {
		u := 0
		for _, a := range part {
			u += p.units[a]
		}
		if u > most || u == most && len(part) > len(parts[keep]) {
			keep, most = i, u
		}
	}
	lost := 0
	for i, part := range parts {
		if i == keep {
			continue
		}
		for _, a := range part {
			p.cutOff = append(p.cutOff, a)
			lost += p.units[a] - p.extra[a]
		}
	}
	sortAreas(p.cutOff)
	return lost
}

// weakestFoe is the land neighbour of a held by another nation with the
// fewest units, plains first at a tie (the attacker hits on 5 in forest
// and hills, 6.3.1), that no move of the plan ends in; NoArea for none.
func (p *hbPlan) weakestFoe(a games.AreaID) games.AreaID {
	best, bf := games.NoArea, 0
	for _, e := range p.b.Edges(a) {
		f := p.s.Foreign(e.To, p.n)
		if !p.b.IsLand(e.To) || f == 0 || p.claimed[e.To] {
			continue
		}
		plains := p.b.TerrainIs(e.To, "plains")
		if best == games.NoArea || f < bf || f == bf && plains && !p.b.TerrainIs(best, "plains") {
			best, bf = e.To, f
		}
	}
	return best
}

// empty reports whether land area a is empty of every nation and no move
// of the plan ends there.
func (p *hbPlan) empty(a games.AreaID) bool {
	return p.s.Vacant(a) && p.units[a] == 0 && !p.claimed[a]
}

// own reports whether the plan leaves units of the nation in land area a.
func (p *hbPlan) own(a games.AreaID) bool { return p.b.IsLand(a) && p.units[a] > 0 }

// nearest is the path of a move from area from to the nearest empty land
// (empty) that keeps the nation connected (6.4), or nil: steps between
// two of the nation's areas are free, at most two others (6.3), never on
// through land another nation holds, and through empty land only from the
// nation's own land, and one such step at a time (so that the area
// reached is within two such steps of one the nation holds); the fewest
// steps first, then the shortest path, then the earlier area.
func (p *hbPlan) nearest(from games.AreaID) []games.AreaID {
	type node struct {
		a games.AreaID
		b int
	}
	prev, depth := map[node]node{}, map[node]int{}
	start := node{from, 0}
	seen := map[node]bool{start: true}
	queue := []node{start}
	var found []node
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x != start && !p.own(x.a) {
			if p.b.IsLand(x.a) && p.empty(x.a) {
				found = append(found, x)
			}
			if !p.own(prev[x].a) {
				continue // on through land or sea not the nation's only a step from its own land (connection, 6.4)
			}
		}
		for _, e := range p.b.Edges(x.a) {
			y := e.To
			if p.b.IsLand(y) && (p.s.Foreign(y, p.n) > 0 || p.split[y]) {
				continue
			}
			cost := x.b
			if !(p.own(y) && (p.own(x.a) || x.a == from)) {
				cost++
			}
			nx := node{y, cost}
			if cost > maxB || seen[nx] {
				continue
			}
			seen[nx], prev[nx], depth[nx] = true, x, depth[x]+1
			queue = append(queue, nx)
		}
	}
	if len(found) == 0 {
		return nil
	}
	best := found[0]
	for _, f := range found[1:] {
		if f.b < best.b || f.b == best.b && (depth[f] < depth[best] || depth[f] == depth[best] && f.a < best.a) {
			best = f
		}
	}
	var path []games.AreaID
	for x := best; ; x = prev[x] {
		path = append([]games.AreaID{x.a}, path...)
		if x == start {
			return path
		}
	}
}

// add appends a move to a phase's lines and moves its units in the plan.
func (p *hbPlan) add(body *[]orders.Statement, mv orders.Move) {
	from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
	k := min(mv.N, max(p.units[from], 0))
	if !p.b.IsLand(from) {
		k = mv.N // the home sea's reinforcements are not on the board yet
	}
	p.units[from] -= k
	p.units[to] += k
	p.claimed[to] = true
	*body = append(*body, mv)
}

// spread moves units of each land stack of two or more to the nearest
// empty land (nearest), two at a time and never more than half of what is
// left, until one is left or no empty land is near, the stacks in board
// order, in the given phase: more areas, more support (6.4) and more
// victory points (7). In the first phase units that landed have moved.
func (p *hbPlan) spread(body *[]orders.Statement, phase int) {
	moved := make([]bool, len(p.b.Areas))
	for a := 0; a < p.b.NumLand; a++ {
		id := games.AreaID(a)
		if moved[id] || p.fought[id] || (phase == 1 && p.claimed[id]) {
			continue
		}
		for p.units[id] >= 2 {
			path := p.nearest(id)
			if path == nil {
				break
			}
			p.add(body, orders.Move{N: min(2, p.units[id]/2), Path: path})
			moved[path[len(path)-1]] = true
		}
	}
}

// planAttack picks the suggested attack (6.3.1): from the land stack the
// plan leaves largest, all but one of its units that did not move against
// a land neighbour held by fewer units, plains first (the attacker hits on
// 5 in forest and hills). None without such a neighbour.
func (p *hbPlan) planAttack() {
	best, bk := games.NoArea, 0
	for a := 0; a < p.b.NumLand; a++ {
		id := games.AreaID(a)
		if k := p.units[id] - 1; k >= 2 && k > bk && !p.claimed[id] {
			best, bk = id, k
		}
	}
	if best == games.NoArea {
		return
	}
	target, tk := games.NoArea, 0
	for _, e := range p.b.Edges(best) {
		f := p.s.Foreign(e.To, p.n)
		if !p.b.IsLand(e.To) || f == 0 || f >= bk || p.claimed[e.To] {
			continue
		}
		if target == games.NoArea || (p.b.TerrainIs(e.To, "plains") && !p.b.TerrainIs(target, "plains")) {
			target, tk = e.To, f
		}
	}
	if target == games.NoArea || tk == 0 {
		return
	}
	mv := orders.Move{N: bk, Path: []games.AreaID{best, target}}
	p.attack = &mv
	p.units[best] -= bk
	p.claimed[target] = true
}

// end is the plan's end of turn as far as it can be known: the nation's
// land areas and units with every move made and the attack left out (it
// can only take units away or win an area), and whether those areas are
// connected (6.4).
func (p *hbPlan) end() (areas, units int, connected bool) {
	own := make([]bool, len(p.b.Areas))
	for a := 0; a < p.b.NumLand; a++ {
		if p.units[a] > 0 {
			own[a] = true
			areas++
			units += p.units[a]
		}
	}
	if p.attack != nil {
		units += p.attack.N // back where they came from, at worst
	}
	return areas, units, len(Parts(p.s, p.b, own, has(p.s, p.n, Navigation))) <= 1
}

// attackLines are the suggested attack and its retreat to where it came
// from (6.3.2). No "if AREA taken:" move follows it: the units that won
// have moved this phase (6.3.3), and the one left behind holds its area.
func (p *hbPlan) attackLines() []orders.Statement {
	if p.attack == nil {
		return nil
	}
	from, to := p.attack.Path[0], p.attack.Path[1]
	out := []orders.Statement{*p.attack, orders.Attack{Area: to, Rule: orders.Rule{To: []games.AreaID{from},
		When: orders.Cmp{L: orders.Var("mine"), Op: "<=", R: orders.Num(1)}}}}
	return out
}
