// Package bot writes orders for a nation the way a player would: a seeded,
// legal, varied and aggressive enough player for simulations and the
// stand-in for a player who missed a deadline (docs/design.md §2). Its orders are
// real order files that pass the same checks as people's.
package bot

import (
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Rand returns the bot's random source for one decision: seeded from the
// game's bot seed and a label (a turn id), never from the clock.
func Rand(seed uint64, label string) *rand.Rand {
	h := uint64(14695981039346656037)
	for i := 0; i < len(label); i++ {
		h ^= uint64(label[i])
		h *= 1099511628211
	}
	return rand.New(rand.NewPCG(seed, h))
}

// Orders writes turn orders for the nation due in s. The file is legal by
// construction: invaders land at most two to an area (so the population
// limit of reduX Core 4.2.2 holds at the end of movement, 6.4), a nation over
// its limit makes an expanding move (6), and every further move is kept only
// if the engine's check still accepts the file.
func Orders(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	n := e.Due(s)
	if n < 0 {
		return nil
	}
	g := e.G
	b := g.Board
	r := Rand(seed, e.TurnID(s))
	f := &orders.File{Kind: orders.TurnOrders, Game: game, Nation: g.Tables.Nations[n].Name, Turn: e.TurnID(s), Token: token}
	p := e.AfterPhase1(s, nil)
	aggression := 0.35 + 0.5*r.Float64()
	foreign := func(a games.AreaID) int { return foreignIn(p, a, n) }
	legal := func() bool { return len(e.Check(s, f, nil)) == 0 }
	try := func(st orders.Statement) bool {
		f.Body = append(f.Body, st)
		renumber(f.Body)
		if legal() {
			return true
		}
		f.Body = f.Body[:len(f.Body)-1]
		return false
	}

	// Invaders must land (reduX Core 6.1): at most two an area, preferring
	// areas they can take or that are vacant.
	landed := make([]int, len(b.Areas))
	for a := b.NumLand; a < len(b.Areas); a++ {
		k := p.Units[a][n]
		sea := games.AreaID(a)
		for k > 0 {
			best, bestScore := games.NoArea, -1e9
			for _, ed := range b.Edges(sea) {
				c := ed.To
				if !b.IsLand(c) || landed[c] >= 2 {
					continue
				}
				sc := r.Float64() - float64(landed[c])
				switch fo := foreign(c); {
				case fo == 0:
					sc += 1
				case min(k, 2-landed[c]) > fo:
					sc += 3 * aggression
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
						best = ed.To
						break
					}
				}
			}
			take := min(k, max(1, 2-landed[best]))
			if b.Difficult(best) && foreign(best) == 0 && take == 2 && r.IntN(3) == 0 {
				take = 1
			}
			f.Body = append(f.Body, orders.Move{N: take, Path: []games.AreaID{sea, best}})
			landed[best] += take
			k -= take
		}
	}
	renumber(f.Body)
	if !legal() {
		// Spread the landings one army an area where possible.
		var spread []orders.Statement
		for a := b.NumLand; a < len(b.Areas); a++ {
			k := p.Units[a][n]
			var coast []games.AreaID
			for _, ed := range b.Edges(games.AreaID(a)) {
				if b.IsLand(ed.To) {
					coast = append(coast, ed.To)
				}
			}
			r.Shuffle(len(coast), func(i, j int) { coast[i], coast[j] = coast[j], coast[i] })
			for i := 0; k > 0 && len(coast) > 0; i++ {
				spread = append(spread, orders.Move{N: 1, Path: []games.AreaID{games.AreaID(a), coast[i%len(coast)]}})
				k--
			}
		}
		f.Body = spread
		renumber(f.Body)
	}

	// Land armies: attack or expand, each move kept only if still legal.
	type cand struct {
		from, to games.AreaID
		n        int
		attack   bool
	}
	var cands []cand
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		k := min(s.Units[a][n], p.Units[a][n])
		if k < 1 || foreign(id) > 0 {
			continue
		}
		for _, ed := range b.Edges(id) {
			if !b.IsLand(ed.To) {
				continue
			}
			fo := foreign(ed.To)
			switch {
			case fo > 0 && k-1 > fo:
				cands = append(cands, cand{id, ed.To, k - 1, true})
			case fo > 0 && k > fo:
				cands = append(cands, cand{id, ed.To, k, true})
			case fo == 0 && p.Units[ed.To][n] == 0:
				cands = append(cands, cand{id, ed.To, 1, false})
			}
		}
	}
	r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	over := p.Excess(b, n) > 0
	moved := make([]int, len(b.Areas))
	for _, c := range cands {
		if moved[c.from]+c.n > min(s.Units[c.from][n], p.Units[c.from][n]) {
			continue
		}
		want := r.Float64() < 0.6
		if c.attack {
			want = r.Float64() < aggression
		}
		if !want && !over {
			continue
		}
		if try(orders.Move{N: c.n, Path: []games.AreaID{c.from, c.to}}) {
			moved[c.from] += c.n
			over = false
		}
	}
	if !legal() && over {
		// Still owing the expansion of reduX Core 6: any move into an empty
		// area or any attack, one or two areas, one army from a stack of
		// two or more, will do.
		for a := 0; a < b.NumLand && !legal(); a++ {
			id := games.AreaID(a)
			if min(s.Units[a][n], p.Units[a][n])-moved[a] < 2 || foreign(id) > 0 {
				continue
			}
			for _, e1 := range b.Edges(id) {
				if !b.IsLand(e1.To) {
					continue
				}
				if (foreign(e1.To) > 0 || p.Vacant(e1.To)) && try(orders.Move{N: 1, Path: []games.AreaID{id, e1.To}}) {
					break
				}
				if e1.Strait || foreign(e1.To) > 0 {
					continue
				}
				done := false
				for _, e2 := range b.Edges(e1.To) {
					if b.IsLand(e2.To) && !e2.Strait && e2.To != id && (foreign(e2.To) > 0 || p.Vacant(e2.To)) &&
						try(orders.Move{N: 1, Path: []games.AreaID{id, e1.To, e2.To}}) {
						done = true
						break
					}
				}
				if done {
					break
				}
			}
		}
	}
	if !legal() {
		// Nothing better found: keep only what the check accepts.
		body := f.Body
		f.Body = nil
		for _, st := range body {
			f.Body = append(f.Body, st)
			renumber(f.Body)
			if len(e.Check(s, f, nil)) > 0 {
				f.Body = f.Body[:len(f.Body)-1]
			}
		}
	}

	if e.LR { // Leaders and Raiders (lr.go)
		lrOrders(e, s, p, f, r, n, try)
	}

	// Battle behaviour: some bots fall back when beaten.
	p2 := e.Preview(s, f)
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		if p2.Units[a][n] > 0 && foreignIn(p2, id, n) > 0 && r.Float64() < 0.5 {
			f.Body = append(f.Body, orders.Attack{Area: id, Rule: orders.Rule{When: orders.Cmp{L: orders.Var("mine"), Op: "<=", R: orders.Num(1 + r.IntN(2))}}})
		}
	}
	renumber(f.Body)
	return f
}

func foreignIn(s *adjudicator.State, a games.AreaID, n int) int {
	c := 0
	for m, k := range s.Units[a] {
		if m != n {
			c += k
		}
	}
	return c
}

func renumber(body []orders.Statement) {
	for i, st := range body {
		switch x := st.(type) {
		case orders.Move:
			x.Line = i + 1
			body[i] = x
		case orders.Attack:
			x.Line = i + 1
			body[i] = x
		}
	}
}

// Standing writes standing orders for a nation: hold, or fall back against
// odds.
func Standing(g *games.Game, nation int, game, token string, seed uint64) *orders.File {
	r := Rand(seed, "standing-"+g.Tables.Nations[nation].Name)
	f := &orders.File{Kind: orders.StandingOrders, Game: game, Nation: g.Tables.Nations[nation].Name, Token: token}
	rule := orders.Rule{Hold: true}
	if r.IntN(3) > 0 {
		rule = orders.Rule{When: orders.Cmp{L: orders.Var("theirs"), Op: ">=", R: orders.Mul{L: orders.Num(2 + r.IntN(2)), R: orders.Var("mine")}}}
	}
	f.Body = []orders.Statement{orders.Defend{At: orders.At{Line: 1}, Area: games.NoArea, Rule: rule}}
	if g.Tables.LR != nil { // Leaders and Raiders (lr.go)
		lrStanding(r, f)
	}
	return f
}

func pickNeighbour(r *rand.Rand, b *games.Board, a games.AreaID, ok func(games.AreaID) bool) games.AreaID {
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

func shuffled(r *rand.Rand, es []games.Edge) []games.Edge {
	out := append([]games.Edge(nil), es...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
