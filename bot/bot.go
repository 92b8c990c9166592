// Package bot writes orders for a nation the way a player would: a seeded,
// legal, varied and aggressive enough player for simulations and the
// stand-in for a player who missed a deadline (DESIGN §2). Its orders are
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
// construction: candidate moves that the engine's check refuses are dropped
// until the file passes.
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
	var body []orders.Statement
	line := 1
	add := func(st orders.Statement) { body = append(body, st) }
	foreign := func(a games.AreaID) int {
		c := 0
		for m, k := range p.Units[a] {
			if m != n {
				c += k
			}
		}
		return c
	}
	// Invaders must land (reduX Core 6.1).
	for a := b.NumLand; a < len(b.Areas); a++ {
		k := p.Units[a][n]
		if k == 0 {
			continue
		}
		sea := games.AreaID(a)
		var coast []games.AreaID
		for _, ed := range b.Edges(sea) {
			if b.IsLand(ed.To) {
				coast = append(coast, ed.To)
			}
		}
		for k > 0 {
			// Prefer an area we can beat, then a vacant one.
			best, bestScore := coast[r.IntN(len(coast))], -1.0
			for _, c := range coast {
				sc := r.Float64()
				if f := foreign(c); f == 0 {
					sc += 1
				} else if k > f {
					sc += 1.5 * aggression * 2
				}
				if sc > bestScore {
					best, bestScore = c, sc
				}
			}
			take := k
			if k > 3 && r.IntN(2) == 0 {
				take = k / 2
			}
			path := []games.AreaID{sea, best}
			if foreign(best) == 0 && r.Float64() < 0.4 {
				if nb := pickNeighbour(r, b, best, func(x games.AreaID) bool { return p.Vacant(x) }); nb != games.NoArea {
					path = append(path, nb)
				}
			}
			add(orders.Move{At: orders.At{Line: line}, N: take, Path: path})
			line++
			k -= take
		}
	}
	// Land armies: attack or expand.
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		k := s.Units[a][n]
		if p.Units[a][n] < k {
			k = p.Units[a][n]
		}
		if k < 2 || foreign(id) > 0 {
			continue
		}
		spare := k - 1
		for _, ed := range shuffled(r, b.Edges(id)) {
			if spare == 0 || !b.IsLand(ed.To) {
				continue
			}
			f := foreign(ed.To)
			switch {
			case f > 0 && spare > f && r.Float64() < aggression:
				add(orders.Move{At: orders.At{Line: line}, N: spare, Path: []games.AreaID{id, ed.To}})
				spare = 0
			case f == 0 && p.Units[ed.To][n] == 0 && r.Float64() < 0.6:
				add(orders.Move{At: orders.At{Line: line}, N: 1, Path: []games.AreaID{id, ed.To}})
				spare--
			}
			line++
		}
	}
	f.Body = body
	// Drop what the engine refuses until the file passes.
	for tries := 0; tries < 50; tries++ {
		errs := e.Check(s, f, nil)
		if len(errs) == 0 {
			break
		}
		drop := map[int]bool{}
		for _, er := range errs {
			if er.Line > 0 {
				drop[er.Line] = true
			}
		}
		if len(drop) == 0 {
			// A whole-file limit (stacking, held areas, population): drop the
			// last land move and try again.
			for i := len(f.Body) - 1; i >= 0; i-- {
				if mv, ok := f.Body[i].(orders.Move); ok && b.IsLand(mv.Path[0]) {
					drop[mv.Line] = true
					break
				}
			}
			if len(drop) == 0 {
				break
			}
		}
		var kept []orders.Statement
		for _, st := range f.Body {
			if !drop[st.Pos()] {
				kept = append(kept, st)
			}
		}
		f.Body = kept
	}
	// Battle behaviour: some bots fall back when beaten.
	p2 := e.Preview(s, f)
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		if p2.Units[a][n] > 0 && foreignIn(p2, id, n) > 0 && r.Float64() < 0.5 {
			f.Body = append(f.Body, orders.Attack{At: orders.At{Line: 1000 + a}, Area: id, Rule: orders.Rule{When: orders.Cmp{L: orders.Var("mine"), Op: "<=", R: orders.Num(1 + r.IntN(2))}}})
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
