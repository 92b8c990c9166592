package hybreasil

import (
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Bot writes a Hy Breasil nation's turn as a simple player would: units at
// sea land on an empty coast (or attack a weaker neighbour), spare units on
// land spread to empty neighbours or attack weaker ones, each attack with
// "retreat when mine < theirs"; under Weak leader it does not attack.
// Moves are chosen from the position at the start of the turn; a move that
// a battle or event has made impossible is skipped when the turn is
// played, as a player's would be.
func Bot(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	st := e.Due(s)
	if st.Kind != adjudicator.NationTurn {
		return nil
	}
	n := st.Nation
	p := &planner{e: e, s: s, n: n, r: bot.Rand(seed, st.ID), weak: X(s).Event[n] == WeakLeader, fresh: make([]int, len(e.G.Board.Areas)),
		claimed: make([]bool, len(e.G.Board.Areas))}
	for a := range p.fresh {
		p.fresh[a] = s.Units(games.AreaID(a), n)
	}
	f := &orders.File{Kind: orders.TurnOrders, Game: game, Nation: e.NationName(n), Turn: st.ID, Token: token}
	b := e.G.Board
	for a := b.NumLand; a < len(b.Areas); a++ {
		p.land(games.AreaID(a))
	}
	for a := 0; a < b.NumLand; a++ {
		p.spread(games.AreaID(a))
	}
	f.Body = p.body
	if a := botAbility(e, s, n, p.r); a != "" {
		f.Body = append(f.Body, Ability{Name: a, Area: games.NoArea})
	}
	if c := botCity(e, s, n, p.r); c != games.NoArea {
		f.Body = append(f.Body, City{Area: c})
	}
	if X(s).Event[n] == StrongLeader {
		if ph := p.second(); len(ph.Body) > 0 {
			f.Body = append(f.Body, ph)
		}
	}
	bot.Renumber(f.Body)
	return f
}

// botAbility is the ability the bot names when its nation's event is
// Civilization under option abilities (9.3): one it lacks, at random, so
// that bot games play every ability; "" for none.
func botAbility(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID, r *rand.Rand) string {
	if !e.G.HasOption("abilities") || X(s).Event[n] != Civilization || !e.Plays(adjudicator.HBBotChoices) {
		return "" // without hb-bot-choices the bot named none: its missed turns replay so
	}
	var lack []string
	for _, a := range abilitiesOf(e) {
		if !has(s, n, a) {
			lack = append(lack, a)
		}
	}
	if len(lack) == 0 {
		return ""
	}
	return lack[r.IntN(len(lack))]
}

// botCity is where the bot builds a city with City building (9.3.1): one
// time in two, its first area with 4 units or more and no city (the moves
// planned may take some away; the line is then skipped); NoArea for none.
func botCity(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID, r *rand.Rand) games.AreaID {
	if !has(s, n, CityBuilding) || r.IntN(2) == 0 {
		return games.NoArea
	}
	for a := 0; a < e.G.Board.NumLand; a++ {
		if id := games.AreaID(a); s.Units(id, n) >= cityCost+1 && X(s).City[a] < 0 {
			return id
		}
	}
	return games.NoArea
}

// BotStanding is the bot's standing orders: hold, or fall back against
// odds (bot.CoreStanding), the default reroll policy, and with option
// "submission" one nation in three submits to any attacker (9.2).
func BotStanding(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
	return bot.CoreStanding(e, n, game, token, seed, func(r *rand.Rand, f *orders.File) {
		if e.G.HasOption("submission") && r.IntN(3) == 0 {
			f.Body = append(f.Body, Submit{At: orders.At{Line: len(f.Body) + 1}})
		}
		if e.Plays(adjudicator.HBBotChoices) && r.IntN(4) == 0 { // 5.3: give up the smallest nation for a new one
			f.Body = append(f.Body, Relinquish{At: orders.At{Line: len(f.Body) + 1}, Smallest: true})
		}
		if e.G.HasOption("abilities") && e.Plays(adjudicator.HBBotChoices) && r.IntN(3) == 0 { // 9.3.1 Diplomacy: let one nation through
			if m := r.IntN(e.NumNations()); m != n {
				f.Body = append(f.Body, Permit{At: orders.At{Line: len(f.Body) + 1}, Nations: []string{e.NationName(m)}})
			}
		}
	})
}

type planner struct {
	e       *adjudicator.Engine
	s       *adjudicator.State
	n       adjudicator.NationID
	r       *rand.Rand
	weak    bool
	fresh   []int
	claimed []bool // areas a move of this plan ends in
	body    []orders.Statement
}

// target is a neighbour of a for k units: an empty land area no move has
// claimed, else (not under Weak leader) a foreign area with fewer units.
func (p *planner) target(a games.AreaID, k int) games.AreaID {
	b := p.e.G.Board
	var empty, weaker []games.AreaID
	for _, ed := range b.Edges(a) {
		y := ed.To
		if !b.IsLand(y) || p.claimed[y] {
			continue
		}
		switch f := p.s.Foreign(y, p.n); {
		case p.s.Vacant(y):
			empty = append(empty, y)
		case f > 0 && !p.weak && f < k:
			weaker = append(weaker, y)
		}
	}
	if len(weaker) > 0 && (len(empty) == 0 || p.r.IntN(2) == 0) {
		return weaker[p.r.IntN(len(weaker))]
	}
	if len(empty) > 0 {
		return empty[p.r.IntN(len(empty))]
	}
	return games.NoArea
}

func (p *planner) add(from, to games.AreaID, k int) {
	p.fresh[from] -= k
	p.claimed[to] = true
	p.body = append(p.body, orders.Move{N: k, Path: []games.AreaID{from, to}})
	if p.s.Foreign(to, p.n) > 0 {
		p.body = append(p.body, orders.Attack{Area: to, Rule: orders.Rule{When: orders.Cmp{L: orders.Var("mine"), Op: "<", R: orders.Var("theirs")}}})
	}
}

// land brings the units in a sea ashore, two or three to a coast (the
// support limit of 6.4 is two units an area).
func (p *planner) land(sea games.AreaID) {
	for tries := 0; p.fresh[sea] > 0 && tries < 6; tries++ {
		k := min(p.fresh[sea], 2+p.r.IntN(2))
		if tries == 5 {
			k = p.fresh[sea]
		}
		to := p.target(sea, k)
		if to == games.NoArea {
			to = p.anyCoast(sea)
		}
		if to == games.NoArea {
			return
		}
		p.add(sea, to, k)
	}
}

// anyCoast is a coast of the sea with no foreign units, or NoArea.
func (p *planner) anyCoast(sea games.AreaID) games.AreaID {
	b := p.e.G.Board
	for _, ed := range b.Edges(sea) {
		if b.IsLand(ed.To) && p.s.Foreign(ed.To, p.n) == 0 {
			return ed.To
		}
	}
	return games.NoArea
}

// spread moves the units of a land area beyond one to a neighbour.
func (p *planner) spread(a games.AreaID) {
	if p.fresh[a] < 2 || p.r.IntN(4) == 0 {
		return
	}
	k := p.fresh[a] - 1
	if to := p.target(a, k); to != games.NoArea {
		p.add(a, to, k)
	}
}

// second is the "phase 2:" block of a Strong leader turn (Hy Breasil 6.1):
// the areas this plan moves into send all but one unit on to an empty
// neighbour, as far as the first phase went as planned.
func (p *planner) second() orders.Phase {
	b := p.e.G.Board
	ph := orders.Phase{N: 2}
	arrived := make([]int, len(b.Areas))
	for _, st := range p.body {
		if mv, ok := st.(orders.Move); ok {
			arrived[mv.Path[len(mv.Path)-1]] += mv.N
		}
	}
	for a := 0; a < b.NumLand; a++ {
		k := arrived[a] - 1
		if k < 1 {
			continue
		}
		for _, ed := range b.Edges(games.AreaID(a)) {
			if b.IsLand(ed.To) && ed.Kind == games.LandLink && p.s.Vacant(ed.To) && !p.claimed[ed.To] {
				p.claimed[ed.To] = true
				ph.Body = append(ph.Body, orders.Move{N: k, Path: []games.AreaID{games.AreaID(a), ed.To}})
				break
			}
		}
	}
	return ph
}
