package reduxlr

import (
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// lrOrders adds the Leaders and Raiders decisions to a bot's file (reduX
// L&R 9-12): a leader that arrived this turn leads a stack, a boat move now
// and then (option "boats"), raiders withdraw to score their raids (and say
// so on the must-return turns, when they all go anyway), and a Major
// Invasion gets a "phase 2:" block that spreads from the areas the first
// phase took. Every statement the check sees is kept only if the file stays
// legal; the phase 2 block is decided at play time, so it only expands
// single armies into empty areas, which keeps the limits of Core 6.4.
func lrOrders(e *adjudicator.Engine, s, p *adjudicator.State, f *orders.File, r *rand.Rand, n adjudicator.NationID, try func(orders.Statement) bool) {
	g := e.G
	b := g.Board
	round := g.Tables.Round(s.Round)
	name := e.NationName(n)
	foreign := func(st *adjudicator.State, a games.AreaID) int { return st.Foreign(a, n) }
	moved := func(a games.AreaID) bool {
		for _, st := range f.Body {
			if mv, ok := st.(orders.Move); ok && mv.Path[0] == a {
				return true
			}
		}
		return false
	}
	// Repairs first: when the file is refused, land what must land and
	// spread what is over the stacking limit, keeping a statement whenever
	// it leaves fewer errors (the Core bot's moves are plain, and cannot
	// take Arthur's cavalry or a leader along).
	errCount := func() int { return len(e.Check(s, f, nil)) }
	improve := func(st orders.Statement) bool {
		before := errCount()
		f.Body = append(f.Body, st)
		bot.Renumber(f.Body)
		if errCount() < before {
			return true
		}
		f.Body = f.Body[:len(f.Body)-1]
		return false
	}
	if errCount() > 0 {
		for a := b.NumLand; a < len(b.Areas); a++ {
			sea := games.AreaID(a)
			if p.Units(games.AreaID(a), n) == 0 || moved(sea) {
				continue
			}
			unit := ""
			if p.LeaderIn(sea, n) >= 0 {
				unit = "leader"
			}
			landed := false
			for _, ed := range bot.Shuffled(r, b.Edges(sea)) {
				if b.IsLand(ed.To) && improve(orders.Move{At: orders.At{Line: len(f.Body) + 1}, N: p.Units(games.AreaID(a), n), Unit: unit, Path: []games.AreaID{sea, ed.To}}) {
					landed = true
					break
				}
			}
			if landed || unit != "" || p.Units(games.AreaID(a), n) < 2 {
				continue
			}
			// One army to each coastal area, vacant ones first (more areas
			// raise the population limit, Core 4.2.2).
			var coast []games.AreaID
			for _, ed := range bot.Shuffled(r, b.Edges(sea)) {
				if b.IsLand(ed.To) && p.Vacant(ed.To) {
					coast = append(coast, ed.To)
				}
			}
			for _, ed := range b.Edges(sea) {
				if b.IsLand(ed.To) && !p.Vacant(ed.To) && foreign(p, ed.To) == 0 {
					coast = append(coast, ed.To)
				}
			}
			if len(coast) == 0 {
				continue
			}
			before, keep := errCount(), len(f.Body)
			for i := range p.Units(games.AreaID(a), n) {
				f.Body = append(f.Body, orders.Move{At: orders.At{Line: len(f.Body) + 1}, N: 1, Path: []games.AreaID{sea, coast[i%len(coast)]}})
			}
			bot.Renumber(f.Body)
			if errCount() >= before {
				f.Body = f.Body[:keep]
			}
		}
	}
	if errCount() > 0 {
		st := g.Tables.Stacking
		for a := 0; a < b.NumLand; a++ {
			from := games.AreaID(a)
			norm := st.Clear
			if b.Difficult(from) {
				norm = st.Difficult
			}
			k := p.Units(games.AreaID(a), n) - norm
			if k <= 0 || moved(from) || foreign(p, from) > 0 {
				continue
			}
			unit := ""
			if p.LeaderIn(from, n) >= 0 {
				unit = "leader"
			}
			for _, ed := range bot.Shuffled(r, b.Edges(from)) {
				if !b.IsLand(ed.To) || foreign(p, ed.To) > 0 {
					continue
				}
				if improve(orders.Move{At: orders.At{Line: len(f.Body) + 1}, N: k, Unit: unit, Path: []games.AreaID{from, ed.To}}) {
					break
				}
			}
		}
	}
	// A leader on land leads his stack one to three areas (9.2.1).
	if li := p.LeaderOf(n); li >= 0 && r.Float64() < 0.7 {
		from := p.Leaders[li].Area
		if b.IsLand(from) && !moved(from) && p.Units(from, n) >= 2 && foreign(p, from) == 0 {
			k := p.Units(from, n) - 1
			for _, ed := range bot.Shuffled(r, b.Edges(from)) {
				to := ed.To
				if !b.IsLand(to) || ed.Strait {
					continue
				}
				fo := foreign(p, to)
				if (fo > 0 && k > fo) || (fo == 0 && p.Units(to, n) == 0) {
					path := []games.AreaID{from, to}
					if fo == 0 && r.IntN(2) == 0 {
						if nb := bot.PickNeighbour(r, b, to, func(x games.AreaID) bool { return x != from && p.Vacant(x) }); nb != games.NoArea {
							path = append(path, nb)
						}
					}
					if try(orders.Move{At: orders.At{Line: len(f.Body) + 1}, N: k, Unit: "leader", Path: path}) {
						break
					}
				}
			}
		}
	}
	// Boats (12): one stack through one sea, now and then.
	if e.Boats && r.Float64() < 0.25 {
	boat:
		for a := 0; a < b.NumLand; a++ {
			from := games.AreaID(a)
			if p.Units(games.AreaID(a), n) < 2 || foreign(p, from) > 0 || moved(from) {
				continue
			}
			for _, sea := range b.Edges(from) {
				if b.IsLand(sea.To) {
					continue
				}
				for _, land := range bot.Shuffled(r, b.Edges(sea.To)) {
					to := land.To
					if !b.IsLand(to) || to == from || !p.Vacant(to) {
						continue
					}
					if ok, _ := b.Adjacent(from, to); ok {
						continue
					}
					if try(orders.Move{At: orders.At{Line: len(f.Body) + 1}, N: 1, Path: []games.AreaID{from, sea.To, to}}) {
						break boat
					}
				}
			}
		}
	}
	pv := e.Preview(s, f)
	// Raiders (11.4, 11.5): withdraw from the areas they landed in.
	raid := round.HasMark(games.MarkRaid, name) || round.HasMark(games.MarkReturn, name)
	if raid {
		mustReturn := round.HasMark(games.MarkReturn, name)
		for a := 0; a < b.NumLand; a++ {
			if pv.Units(games.AreaID(a), n) > 0 && s.Units(games.AreaID(a), n) == 0 && p.Units(games.AreaID(a), n) == 0 && (mustReturn || r.Float64() < 0.4) {
				f.Body = append(f.Body, orders.Withdraw{At: orders.At{Line: len(f.Body) + 1}, Area: games.AreaID(a)})
			}
		}
	}
	// A Major Invasion's second phase (11.3): spread single armies from the
	// areas the first phase should take into empty neighbours.
	if round.HasMark(games.MarkMajor, name) {
		var body []orders.Statement
		used := map[games.AreaID]bool{}
		for a := 0; a < b.NumLand && len(body) < 3; a++ {
			from := games.AreaID(a)
			if pv.Units(games.AreaID(a), n) < 3 || r.Float64() < 0.3 {
				continue
			}
			to := bot.PickNeighbour(r, b, from, func(x games.AreaID) bool { return pv.Vacant(x) && !used[x] })
			if to == games.NoArea {
				continue
			}
			used[to] = true
			body = append(body, orders.If{At: orders.At{Line: 1000 + len(body)}, Area: from, Taken: true,
				Then: []orders.Statement{orders.Move{At: orders.At{Line: 1100 + len(body)}, N: 1, Path: []games.AreaID{from, to}}}})
		}
		if len(body) > 0 {
			f.Body = append(f.Body, orders.Phase{At: orders.At{Line: len(f.Body) + 1}, N: 2, Body: body})
		}
	}
}

// lrStanding adds the Leaders and Raiders lines of a bot's standing orders:
// a leader under attack retreats alone when his side is down to one army
// (9.2.2), and the dice aim at the type the bot prefers (9.1.2).
func lrStanding(r *rand.Rand, f *orders.File) {
	if r.IntN(2) == 0 {
		f.Body = append(f.Body, orders.Defend{At: orders.At{Line: len(f.Body) + 1}, Area: games.NoArea,
			Rule: orders.Rule{Leader: true, When: orders.Cmp{L: orders.Var("mine"), Op: "<=", R: orders.Num(1)}}})
	}
	unit := "cavalry"
	if r.IntN(3) == 0 {
		unit = "infantry"
	}
	f.Body = append(f.Body, orders.Target{At: orders.At{Line: len(f.Body) + 1}, Area: games.NoArea, Unit: unit})
}

// botOrders is Leaders and Raiders' bot: the Core player with the Leaders
// and Raiders decisions (lrOrders).
func botOrders(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	return bot.Core(e, s, game, token, seed, lrOrders)
}

// botStanding is the Core bot's standing orders with lrStanding's lines.
func botStanding(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
	return bot.CoreStanding(e, n, game, token, seed, lrStanding)
}
