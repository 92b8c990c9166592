package reduxlr

import (
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// lrOrders adds the Leaders and Raiders decisions to a bot's file (L&R
// 9-12): repairs of what the Core player cannot order (landings with a
// leader, stacks over the limit), a leader that leads a stack, a boat move
// now and then (option "boats"), raiders withdrawing to score their raids
// (and saying so on the must-return turns, when they all go anyway), and a
// Major Invasion's "phase 2:" block that spreads from the areas the first
// phase took. Every statement the check sees is kept only if the file
// stays legal; the phase 2 block is decided at play time, so it only
// expands single armies into empty areas, which keeps the limits of Core
// 6.4.
func lrOrders(d *family.Draft) {
	l := &lrDraft{d}
	if d.Errors() > 0 {
		l.repairLandings()
	}
	if d.Errors() > 0 {
		l.repairStacks()
	}
	l.leaderLeads()
	if family.Boats(d.E) && d.R.Float64() < 0.25 {
		l.boat()
	}
	pv := d.E.PartialState(d.S, d.F, adjudicator.Setup, adjudicator.Moving)
	round := d.E.G.Tables.Round(d.S.Round)
	name := d.E.NationName(d.N)
	if round.HasMark(games.MarkRaid, name) || round.HasMark(games.MarkReturn, name) {
		l.withdraw(pv, round.HasMark(games.MarkReturn, name))
	}
	if round.HasMark(games.MarkMajor, name) {
		l.secondPhase(pv)
	}
}

// lrDraft is a draft with the Leaders and Raiders helpers.
type lrDraft struct{ *family.Draft }

func (l *lrDraft) foreign(st *adjudicator.State, a games.AreaID) int { return st.Foreign(a, l.N) }

// moved reports whether the draft already moves units out of area a.
func (l *lrDraft) moved(a games.AreaID) bool {
	for _, st := range l.F.Body {
		if mv, ok := st.(orders.Move); ok && mv.Path[0] == a {
			return true
		}
	}
	return false
}

// improve adds a statement and keeps it if the draft has fewer errors.
func (l *lrDraft) improve(st orders.Statement) bool {
	before := l.Errors()
	l.F.Body = append(l.F.Body, st)
	bot.Renumber(l.F.Body)
	if l.Errors() < before {
		return true
	}
	l.F.Body = l.F.Body[:len(l.F.Body)-1]
	return false
}

func (l *lrDraft) line() orders.At { return orders.At{Line: len(l.F.Body) + 1} }

// repairLandings lands what must land when the file is refused (the Core
// player's moves are plain, and cannot take a leader along), one army to
// each coastal area if a stack will not do.
func (l *lrDraft) repairLandings() {
	b, p, n := l.E.G.Board, l.P, l.N
	for a := b.NumLand; a < len(b.Areas); a++ {
		sea := games.AreaID(a)
		if p.Units(sea, n) == 0 || l.moved(sea) {
			continue
		}
		unit := ""
		if p.LeaderIn(sea, n) >= 0 {
			unit = "leader"
		}
		landed := false
		for _, ed := range family.Shuffled(l.R, b.Edges(sea)) {
			if b.IsLand(ed.To) && l.improve(orders.Move{At: l.line(), N: p.Units(sea, n), Unit: unit, Path: []games.AreaID{sea, ed.To}}) {
				landed = true
				break
			}
		}
		if landed || unit != "" || p.Units(sea, n) < 2 {
			continue
		}
		l.spreadAshore(sea)
	}
}

// spreadAshore lands one army to each coastal area, vacant ones first
// (more areas raise the population limit, Core 4.2.2), if that leaves
// fewer errors.
func (l *lrDraft) spreadAshore(sea games.AreaID) {
	b, p := l.E.G.Board, l.P
	var coast []games.AreaID
	for _, ed := range family.Shuffled(l.R, b.Edges(sea)) {
		if b.IsLand(ed.To) && p.Vacant(ed.To) {
			coast = append(coast, ed.To)
		}
	}
	for _, ed := range b.Edges(sea) {
		if b.IsLand(ed.To) && !p.Vacant(ed.To) && l.foreign(p, ed.To) == 0 {
			coast = append(coast, ed.To)
		}
	}
	if len(coast) == 0 {
		return
	}
	before, keep := l.Errors(), len(l.F.Body)
	for i := range p.Units(sea, l.N) {
		l.F.Body = append(l.F.Body, orders.Move{At: l.line(), N: 1, Path: []games.AreaID{sea, coast[i%len(coast)]}})
	}
	bot.Renumber(l.F.Body)
	if l.Errors() >= before {
		l.F.Body = l.F.Body[:keep]
	}
}

// repairStacks spreads what is over the stacking limit when the file is
// refused (a stack with a leader moves with him).
func (l *lrDraft) repairStacks() {
	b, p, n := l.E.G.Board, l.P, l.N
	st := l.E.G.Tables.Stacking
	for a := 0; a < b.NumLand; a++ {
		from := games.AreaID(a)
		norm := st.Clear
		if b.Difficult(from) {
			norm = st.Difficult
		}
		k := p.Units(from, n) - norm
		if k <= 0 || l.moved(from) || l.foreign(p, from) > 0 {
			continue
		}
		unit := ""
		if p.LeaderIn(from, n) >= 0 {
			unit = "leader"
		}
		for _, ed := range family.Shuffled(l.R, b.Edges(from)) {
			if b.IsLand(ed.To) && l.foreign(p, ed.To) == 0 && l.improve(orders.Move{At: l.line(), N: k, Unit: unit, Path: []games.AreaID{from, ed.To}}) {
				break
			}
		}
	}
}

// leaderLeads has a leader on land lead his stack one to three areas
// (9.2.1), now and then.
func (l *lrDraft) leaderLeads() {
	b, p, n, r := l.E.G.Board, l.P, l.N, l.R
	li := p.LeaderOf(n)
	if li < 0 || r.Float64() >= 0.7 {
		return
	}
	from := p.Leaders[li].Area
	if !b.IsLand(from) || l.moved(from) || p.Units(from, n) < 2 || l.foreign(p, from) > 0 {
		return
	}
	k := p.Units(from, n) - 1
	for _, ed := range family.Shuffled(r, b.Edges(from)) {
		to := ed.To
		if !b.IsLand(to) || ed.Strait {
			continue
		}
		fo := l.foreign(p, to)
		if !((fo > 0 && k > fo) || (fo == 0 && p.Units(to, n) == 0)) {
			continue
		}
		path := []games.AreaID{from, to}
		if fo == 0 && r.IntN(2) == 0 {
			if nb := family.PickNeighbour(r, b, to, func(x games.AreaID) bool { return x != from && p.Vacant(x) }); nb != games.NoArea {
				path = append(path, nb)
			}
		}
		if l.Try(orders.Move{At: l.line(), N: k, Unit: "leader", Path: path}) {
			return
		}
	}
}

// boat moves one army of a stack through one sea (12).
func (l *lrDraft) boat() {
	b, p, n := l.E.G.Board, l.P, l.N
	for a := 0; a < b.NumLand; a++ {
		from := games.AreaID(a)
		if p.Units(from, n) < 2 || l.foreign(p, from) > 0 || l.moved(from) {
			continue
		}
		for _, sea := range b.Edges(from) {
			if b.IsLand(sea.To) {
				continue
			}
			for _, land := range family.Shuffled(l.R, b.Edges(sea.To)) {
				to := land.To
				if !b.IsLand(to) || to == from || !p.Vacant(to) || family.Adjacent(b, from, to) {
					continue
				}
				if l.Try(orders.Move{At: l.line(), N: 1, Path: []games.AreaID{from, sea.To, to}}) {
					return
				}
			}
		}
	}
}

// withdraw has raiders withdraw from the areas they landed in (11.4, 11.5):
// all of them on a must-return turn, else now and then.
func (l *lrDraft) withdraw(pv *adjudicator.State, mustReturn bool) {
	b, s, p, n := l.E.G.Board, l.S, l.P, l.N
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		if pv.Units(id, n) > 0 && s.Units(id, n) == 0 && p.Units(id, n) == 0 && (mustReturn || l.R.Float64() < 0.4) {
			l.F.Body = append(l.F.Body, orders.Withdraw{At: l.line(), Area: id})
		}
	}
}

// secondPhase writes a Major Invasion's "phase 2:" block (11.3): single
// armies spread from the areas the first phase should take into empty
// neighbours.
func (l *lrDraft) secondPhase(pv *adjudicator.State) {
	b, r := l.E.G.Board, l.R
	var body []orders.Statement
	used := map[games.AreaID]bool{}
	for a := 0; a < b.NumLand && len(body) < 3; a++ {
		from := games.AreaID(a)
		if pv.Units(from, l.N) < 3 || r.Float64() < 0.3 {
			continue
		}
		to := family.PickNeighbour(r, b, from, func(x games.AreaID) bool { return pv.Vacant(x) && !used[x] })
		if to == games.NoArea {
			continue
		}
		used[to] = true
		body = append(body, orders.If{At: orders.At{Line: 1000 + len(body)}, Area: from, Taken: true,
			Then: []orders.Statement{orders.Move{At: orders.At{Line: 1100 + len(body)}, N: 1, Path: []games.AreaID{from, to}}}})
	}
	if len(body) > 0 {
		l.F.Body = append(l.F.Body, orders.Phase{At: l.line(), N: 2, Body: body})
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
