package family

import (
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The Core bot: a reduX Core player the family's bots extend with their
// own decisions (More), seeded, legal by construction and aggressive
// enough for simulations and missed deadlines (docs/design.md §2).

// Draft is a bot's order file in the making: the engine, the turn's
// start (S) and its state after phase 1 (P), the file, the bot's random
// source and the nation. A ruleset's bot adds its own decisions to a draft
// the Core player has written (More).
type Draft struct {
	E    *adjudicator.Engine
	S, P *adjudicator.State
	F    *orders.File
	R    *rand.Rand
	N    adjudicator.NationID

	aggression float64
}

// More adds a ruleset's own decisions to a draft the Core player wrote.
type More func(d *Draft)

// Legal reports whether the engine's check accepts the draft.
func (d *Draft) Legal() bool { return len(d.E.Check(d.S, d.F, nil)) == 0 }

// Errors counts the errors the engine's check finds in the draft.
func (d *Draft) Errors() int { return len(d.E.Check(d.S, d.F, nil)) }

// Try adds a statement and keeps it only if the draft stays legal.
func (d *Draft) Try(st orders.Statement) bool {
	d.F.Body = append(d.F.Body, st)
	bot.Renumber(d.F.Body)
	if d.Legal() {
		return true
	}
	d.F.Body = d.F.Body[:len(d.F.Body)-1]
	return false
}

// foreign is the other nations' units in area a after phase 1.
func (d *Draft) foreign(a games.AreaID) int { return d.P.Foreign(a, d.N) }

// Core writes turn orders for the nation due in s as a reduX Core player
// would, then more's decisions. The file is legal by construction: invaders
// land at most two to an area (so the population limit of reduX Core 4.2.2
// holds at the end of movement, 6.4), a nation over its limit makes an
// expanding move (6), and every further move is kept only if the engine's
// check still accepts the file.
func Core(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64, more More) *orders.File {
	st := e.Due(s)
	if st.Kind != adjudicator.NationTurn {
		return nil
	}
	d := &Draft{E: e, S: s, N: st.Nation, R: bot.Rand(seed, st.ID),
		F: &orders.File{Kind: orders.TurnOrders, Game: game, Nation: e.NationName(st.Nation), Turn: st.ID, Token: token}}
	d.P = e.PartialState(s, nil, adjudicator.Setup)
	d.aggression = 0.35 + 0.5*d.R.Float64()
	d.land()
	bot.Renumber(d.F.Body)
	if !d.Legal() {
		d.spreadLandings()
	}
	moved, over := d.landMoves()
	if !d.Legal() && over {
		d.owedExpansion(moved)
	}
	if !d.Legal() {
		d.keepLegal()
	}
	if more != nil {
		more(d)
	}
	d.fallBack()
	bot.Renumber(d.F.Body)
	return d.F
}

// land lands the invaders (reduX Core 6.1): at most two an area,
// preferring areas they can take or that are vacant.
func (d *Draft) land() {
	b, r := d.E.G.Board, d.R
	landed := make([]int, len(b.Areas))
	for a := b.NumLand; a < len(b.Areas); a++ {
		sea := games.AreaID(a)
		for k := d.P.Units(sea, d.N); k > 0; {
			best := d.bestLanding(sea, k, landed)
			take := min(k, max(1, 2-landed[best]))
			if b.Difficult(best) && d.foreign(best) == 0 && take == 2 && r.IntN(3) == 0 {
				take = 1
			}
			d.F.Body = append(d.F.Body, orders.Move{N: take, Path: []games.AreaID{sea, best}})
			landed[best] += take
			k -= take
		}
	}
}

// bestLanding scores the coasts of a sea for k invaders.
func (d *Draft) bestLanding(sea games.AreaID, k int, landed []int) games.AreaID {
	b := d.E.G.Board
	best, bestScore := games.NoArea, -1e9
	for _, ed := range b.Edges(sea) {
		c := ed.To
		if !b.IsLand(c) || landed[c] >= 2 {
			continue
		}
		sc := d.R.Float64() - float64(landed[c])
		switch fo := d.foreign(c); {
		case fo == 0:
			sc += 1
		case min(k, 2-landed[c]) > fo:
			sc += 3 * d.aggression
		default:
			sc -= float64(fo)
		}
		if b.Difficult(c) {
			sc -= 0.5
		}
		if sc > bestScore {
			best, bestScore = c, sc
		}
	}
	if best == games.NoArea { // more invaders than coast: crowd in
		for _, ed := range b.Edges(sea) {
			if b.IsLand(ed.To) {
				return ed.To
			}
		}
	}
	return best
}

// spreadLandings lands the invaders one army an area where possible.
func (d *Draft) spreadLandings() {
	b := d.E.G.Board
	var spread []orders.Statement
	for a := b.NumLand; a < len(b.Areas); a++ {
		k := d.P.Units(games.AreaID(a), d.N)
		var coast []games.AreaID
		for _, ed := range b.Edges(games.AreaID(a)) {
			if b.IsLand(ed.To) {
				coast = append(coast, ed.To)
			}
		}
		d.R.Shuffle(len(coast), func(i, j int) { coast[i], coast[j] = coast[j], coast[i] })
		for i := 0; k > 0 && len(coast) > 0; i++ {
			spread = append(spread, orders.Move{N: 1, Path: []games.AreaID{games.AreaID(a), coast[i%len(coast)]}})
			k--
		}
	}
	d.F.Body = spread
	bot.Renumber(d.F.Body)
}

// landCand is a candidate move of land armies.
type landCand struct {
	from, to games.AreaID
	n        int
	attack   bool
}

// landMoves has the land armies attack or expand, each move kept only if
// still legal; it returns the armies moved per area and whether the nation
// still owes the expansion of reduX Core 6.
func (d *Draft) landMoves() ([]int, bool) {
	b, s, p, n, r := d.E.G.Board, d.S, d.P, d.N, d.R
	var cands []landCand
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		k := min(s.Units(id, n), p.Units(id, n))
		if k < 1 || d.foreign(id) > 0 {
			continue
		}
		for _, ed := range b.Edges(id) {
			if !b.IsLand(ed.To) {
				continue
			}
			fo := d.foreign(ed.To)
			switch {
			case fo > 0 && k-1 > fo:
				cands = append(cands, landCand{id, ed.To, k - 1, true})
			case fo > 0 && k > fo:
				cands = append(cands, landCand{id, ed.To, k, true})
			case fo == 0 && p.Units(ed.To, n) == 0:
				cands = append(cands, landCand{id, ed.To, 1, false})
			}
		}
	}
	r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	over := Excess(d.E, p, n) > 0
	moved := make([]int, len(b.Areas))
	for _, c := range cands {
		if moved[c.from]+c.n > min(s.Units(c.from, n), p.Units(c.from, n)) {
			continue
		}
		want := r.Float64() < 0.6
		if c.attack {
			want = r.Float64() < d.aggression
		}
		if !want && !over {
			continue
		}
		if d.Try(orders.Move{N: c.n, Path: []games.AreaID{c.from, c.to}}) {
			moved[c.from] += c.n
			over = false
		}
	}
	return moved, over
}

// owedExpansion meets the expansion of reduX Core 6 still owed: any move
// into an empty area or any attack, one or two areas, one army from a
// stack of two or more, will do.
func (d *Draft) owedExpansion(moved []int) {
	b, s, p, n := d.E.G.Board, d.S, d.P, d.N
	open := func(a games.AreaID) bool { return d.foreign(a) > 0 || p.Vacant(a) }
	for a := 0; a < b.NumLand && !d.Legal(); a++ {
		id := games.AreaID(a)
		if min(s.Units(id, n), p.Units(id, n))-moved[a] < 2 || d.foreign(id) > 0 {
			continue
		}
		for _, e1 := range b.Edges(id) {
			if !b.IsLand(e1.To) {
				continue
			}
			if open(e1.To) && d.Try(orders.Move{N: 1, Path: []games.AreaID{id, e1.To}}) {
				break
			}
			if e1.Strait || d.foreign(e1.To) > 0 {
				continue
			}
			if d.twoStep(id, e1.To, open) {
				break
			}
		}
	}
}

// twoStep tries a one-army move from -> via -> an open area.
func (d *Draft) twoStep(from, via games.AreaID, open func(games.AreaID) bool) bool {
	b := d.E.G.Board
	for _, e2 := range b.Edges(via) {
		if b.IsLand(e2.To) && !e2.Strait && e2.To != from && open(e2.To) &&
			d.Try(orders.Move{N: 1, Path: []games.AreaID{from, via, e2.To}}) {
			return true
		}
	}
	return false
}

// keepLegal keeps only what the check accepts, when nothing better was
// found.
func (d *Draft) keepLegal() {
	body := d.F.Body
	d.F.Body = nil
	for _, st := range body {
		d.F.Body = append(d.F.Body, st)
		bot.Renumber(d.F.Body)
		if len(d.E.Check(d.S, d.F, nil)) > 0 {
			d.F.Body = d.F.Body[:len(d.F.Body)-1]
		}
	}
}

// fallBack is the battle behaviour: some bots fall back when beaten.
func (d *Draft) fallBack() {
	b := d.E.G.Board
	p2 := d.E.PartialState(d.S, d.F, adjudicator.Setup, adjudicator.Moving)
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		if p2.Units(id, d.N) > 0 && p2.Foreign(id, d.N) > 0 && d.R.Float64() < 0.5 {
			d.F.Body = append(d.F.Body, orders.Attack{Area: id, Rule: orders.Rule{When: orders.Cmp{L: orders.Var("mine"), Op: "<=", R: orders.Num(1 + d.R.IntN(2))}}})
		}
	}
}

// Player is a ruleset's bot (adjudicator.Ruleset.Bot): the Core player
// with more's decisions (nil: none). reduX Core's is Player(nil).
func Player(more More) func(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	return func(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
		return Core(e, s, game, token, seed, more)
	}
}

// StandingPlayer is a ruleset's bot's standing orders
// (adjudicator.Ruleset.BotStanding): CoreStanding with more's lines (nil:
// none).
func StandingPlayer(more func(r *rand.Rand, f *orders.File)) func(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
	return func(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
		return bot.CoreStanding(e, n, game, token, seed, more)
	}
}

// PickNeighbour picks a random land neighbour of a (no straits) that ok
// allows, or NoArea.
func PickNeighbour(r *rand.Rand, b *games.Board, a games.AreaID, ok func(games.AreaID) bool) games.AreaID {
	var xs []games.AreaID
	for _, e := range b.Edges(a) {
		if b.IsLand(e.To) && !e.Strait && ok(e.To) {
			xs = append(xs, e.To)
		}
	}
	if len(xs) == 0 {
		return games.NoArea
	}
	return xs[r.IntN(len(xs))]
}

// Shuffled returns a shuffled copy of edges.
func Shuffled(r *rand.Rand, es []games.Edge) []games.Edge {
	out := append([]games.Edge(nil), es...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
