package family

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The suggested turn of the Britannia family's orders template
// (Template): order lines that a newcomer may send as they stand, which
// the engine's check accepts taken together, and which lose no army to a
// limit the template names (reduX Core 4.2, 6.4).

// maxTries bounds the moves tried for one stack.
const maxTries = 3

// suggest plans the turn the template suggests beyond its live lines:
// from each land stack of two or more armies, all but one move one area,
// to attack a weaker neighbour or into an empty one, each move kept only
// if the engine's check still accepts the file with every move before it
// (so stacking, the population limit and the areas held of 6.4 hold); a
// landing for armies at sea that may stay there (landFromStay); the
// battles those moves make; and in a Major Invasion the second phase
// (L&R 11.3).
func (p *plan) suggest() {
	p.moves = map[games.AreaID]orders.Move{}
	body := append([]orders.Move(nil), p.live...)
	claimed := map[games.AreaID]bool{}
	if p.expand != games.NoArea {
		mv := p.examples[p.expand]
		body = append(body, mv)
		p.moves[p.expand] = mv
	}
	for _, mv := range body {
		claimed[mv.Path[len(mv.Path)-1]] = true
	}
	if len(p.refused) > 0 {
		return // the template's own lines are refused: nothing is added to them
	}
	for a := p.b.NumLand; a < len(p.b.Areas); a++ {
		if sea := games.AreaID(a); p.stays[sea] && p.p1.Units(sea, p.n) > 0 {
			body = p.landFromStay(sea, body, claimed)
		}
	}
	for a := 0; a < p.b.NumLand; a++ {
		id := games.AreaID(a)
		k := p.movable(id)
		if k < 2 || id == p.expand {
			continue
		}
		for _, mv := range p.candidates(id, k-1, claimed) {
			if len(p.check(append(body, mv))) == 0 {
				body = append(body, mv)
				p.moves[id] = mv
				claimed[mv.Path[len(mv.Path)-1]] = true
				break
			}
		}
	}
	for _, mv := range body {
		p.battles.add(p, mv.Path[len(mv.Path)-1], mv.Path[len(mv.Path)-2])
	}
	if p.Major {
		p.phase2 = p.secondPhase(body, claimed)
	}
}

// landFromStay suggests a landing for the armies of a sea that may stay
// there (MoveRules.StayAtSea): all of them on a coast, else as many as
// the coast's normal stacking limit (reduX Core 4.2.1), the coasts in
// plan.coasts's order, the first the engine's check accepts with the
// moves before it; none if it accepts none, and they stay at sea.
func (p *plan) landFromStay(sea games.AreaID, body []orders.Move, claimed map[games.AreaID]bool) []orders.Move {
	k := p.p1.Units(sea, p.n)
	coasts, from := p.coasts(sea)
	for i, c := range coasts {
		if i == maxTries {
			break
		}
		for _, n := range []int{k, min(k, p.normalLimit(c))} {
			mv := orders.Move{N: n, Path: []games.AreaID{from[c], c}}
			if !claimed[c] && len(p.check(append(body, mv))) == 0 {
				p.moves[sea] = mv
				claimed[c] = true
				return append(body, mv)
			}
		}
	}
	return body
}

// movable is how many of the nation's units in area a after Phase 1 can
// move: the kinds that move (not classic Britannia's forts and burhs).
func (p *plan) movable(a games.AreaID) int {
	k := 0
	for kind, kd := range p.E.R.Kinds {
		if kd.Moves > 0 {
			k += p.p1.Count(a, p.n, adjudicator.KindID(kind))
		}
	}
	return k
}

// candidates are the moves of up to c armies from a that suggest tries, best
// first: an attack on a neighbour held by fewer armies than c, in clear
// terrain before difficult, then a move into an empty neighbour no move has
// claimed, the smallest neighbour first; at most maxTries.
func (p *plan) candidates(a games.AreaID, c int, claimed map[games.AreaID]bool) []orders.Move {
	var attacks, empty []orders.Move
	for _, e := range p.b.Edges(a) {
		to := e.To
		if !p.b.IsLand(to) || claimed[to] {
			continue
		}
		mv := orders.Move{N: c, Path: []games.AreaID{a, to}}
		switch f := p.foreign(to); {
		case f > 0 && f < c && !p.b.Difficult(to):
			attacks = append([]orders.Move{mv}, attacks...)
		case f > 0 && f < c:
			attacks = append(attacks, mv)
		case p.p1.Vacant(to):
			mv.N = min(c, p.normalLimit(to))
			empty = append(empty, mv)
		}
	}
	out := append(attacks, empty...)
	if len(out) > maxTries {
		out = out[:maxTries]
	}
	return out
}

// normalLimit is the normal stacking limit of area a (reduX Core 4.2.1).
func (p *plan) normalLimit(a games.AreaID) int {
	if p.b.Difficult(a) {
		return p.g.Tables.Stacking.Difficult
	}
	return p.g.Tables.Stacking.Clear
}

// secondPhase is a Major Invasion's suggested "phase 2:" block (L&R
// 11.3): from each area the first phase's moves end in, once it is taken,
// half the armies that went there move on, within the normal stacking
// limit, into an empty neighbour no move has claimed, else against a
// neighbour held by fewer armies; each move kept only if the engine's
// check accepts the file with it. The areas taken keep the other half, so
// the second phase cannot lower the population limit or the areas held
// (6.4).
func (p *plan) secondPhase(body []orders.Move, claimed map[games.AreaID]bool) []orders.Move {
	arrived := map[games.AreaID]int{}
	var ends []games.AreaID
	for _, mv := range body {
		to := mv.Path[len(mv.Path)-1]
		if arrived[to] == 0 {
			ends = append(ends, to)
		}
		arrived[to] += mv.N
	}
	var out []orders.Move
	for _, from := range ends {
		c := arrived[from] / 2
		if crowd := p.crowd(); crowd > 0 {
			c = max(c, arrived[from]-crowd)
		}
		if c == 0 {
			continue
		}
		for _, mv := range p.onward(from, c, claimed) {
			if len(p.checkPhase2(body, append(out, mv))) == 0 {
				out = append(out, mv)
				claimed[mv.Path[1]] = true
				break
			}
		}
	}
	return out
}

// onward are the second phase's candidate moves of c armies from area
// from: into each empty land neighbour first, then against each neighbour
// held by fewer armies than c, clear terrain first; not across a strait;
// at most maxTries.
func (p *plan) onward(from games.AreaID, c int, claimed map[games.AreaID]bool) []orders.Move {
	var empty, attacks []orders.Move
	for _, e := range p.b.Edges(from) {
		to := e.To
		if !p.b.IsLand(to) || claimed[to] || e.Strait {
			continue
		}
		mv := orders.Move{N: min(c, p.normalLimit(to)), Path: []games.AreaID{from, to}}
		switch f := p.foreign(to); {
		case f == 0 && p.p1.Vacant(to):
			empty = append(empty, mv)
		case f > 0 && f < mv.N && !p.b.Difficult(to):
			attacks = append([]orders.Move{mv}, attacks...)
		case f > 0 && f < mv.N:
			attacks = append(attacks, mv)
		}
	}
	out := append(empty, attacks...)
	if len(out) > maxTries {
		out = out[:maxTries]
	}
	return out
}

// checkPhase2 is the engine's check of a file of the first phase's moves
// and a "phase 2:" block of "if AREA taken:" moves (Phase2Block).
func (p *plan) checkPhase2(body, second []orders.Move) orders.Errors {
	f := &orders.File{Kind: orders.TurnOrders, Nation: p.nation, Turn: p.turn}
	line := 0
	for _, mv := range body {
		line++
		mv.Line = line
		f.Body = append(f.Body, mv)
	}
	if len(second) > 0 {
		line++
		f.Body = append(f.Body, p.phase2Block(second, &line))
	}
	return p.E.Check(p.s, f, nil)
}

// phase2Block is the "phase 2:" block of the second phase's moves, each
// under "if AREA taken:" for the area it starts from, numbering its lines
// from *line.
func (p *plan) phase2Block(second []orders.Move, line *int) orders.Phase {
	ph := orders.Phase{At: orders.At{Line: *line}, N: 2}
	for _, mv := range second {
		*line++
		c := orders.If{At: orders.At{Line: *line}, Area: mv.Path[0], Taken: true}
		*line++
		mv.Line = *line
		c.Then = []orders.Statement{mv}
		ph.Body = append(ph.Body, c)
	}
	return ph
}
