package britannia

import (
	"math/rand/v2"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// botOrders is classic Britannia's bot: the kernel's Core player
// (family.Core), which keeps every move only if the engine's check accepts the
// file, with the classic decisions (classicMore).
func botOrders(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	return family.Core(e, s, game, token, seed, classicMore)
}

// classicMore adds the classic decisions to a bot's file: raiders on land
// withdraw now and then (seed 004 4), a Roman stack spreads into empty
// areas (ref §6: Romans move three).
func classicMore(d *family.Draft) {
	if d.Errors() > 0 {
		reland(d)
	}
	if d.Errors() > 0 {
		repair(d)
	}
	if hasBoats(d.E, d.N, d.S.Round) && d.R.Float64() < 0.3 {
		botBoat(d)
	}
	if b := D(d.E).Burhs; d.E.NationName(d.N) == b.Nation && slices.Contains(b.Rounds, d.S.Round) {
		botBurhs(d)
	}
	name := d.E.NationName(d.N)
	round := d.E.G.Tables.Round(d.S.Round)
	if round.HasMark(games.MarkRaid, name) && d.R.Float64() < 0.3 {
		pv := d.E.PartialState(d.S, d.F, adjudicator.Setup, adjudicator.Moving)
		for a := 0; a < d.E.G.Board.NumLand; a++ {
			id := games.AreaID(a)
			if pv.Units(id, d.N) > 0 && pv.Foreign(id, d.N) > 0 {
				d.Try(orders.Withdraw{Area: id})
			}
		}
	}
}

// repair drops the statements the check refuses, one at a time from the
// end, so the file the bot sends is legal.
func repair(d *family.Draft) {
	for i := len(d.F.Body) - 1; i >= 0 && d.Errors() > 0; i-- {
		before := d.Errors()
		body := d.F.Body
		d.F.Body = append(append([]orders.Statement(nil), body[:i]...), body[i+1:]...)
		bot.Renumber(d.F.Body)
		if d.Errors() >= before {
			d.F.Body = body
			bot.Renumber(d.F.Body)
		}
	}
}

// botStanding is the Core bot's standing orders with the classic lines: a
// nation that may submit does so now and then (seed 002 §5), and the
// Bretwalda vote goes to a random nation of the same player or itself.
func botStanding(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
	return bot.CoreStanding(e, n, game, token, seed, func(r *rand.Rand, f *orders.File) {
		line := len(f.Body) + 1
		for _, row := range D(e).Submission {
			if mustNation(e, row.Nation) == n && r.IntN(2) == 0 {
				f.Body = append(f.Body, Submit{At: orders.At{Line: line}, To: e.NationName(mustNation(e, row.To))})
				line++
				break
			}
		}
		vote := n
		if r.IntN(3) == 0 {
			vote = r.IntN(e.NumNations())
		}
		f.Body = append(f.Body, Vote{At: orders.At{Line: line}, For: e.NationName(vote)})
	})
}

// botBoat tries one boat move of one army from a stack of two or more
// that no move leaves, to a vacant coast of a sea it borders (ref §3 B).
func botBoat(d *family.Draft) {
	b := d.E.G.Board
	for a := 0; a < b.NumLand; a++ {
		from := games.AreaID(a)
		if d.P.Units(from, d.N) < 2 || d.P.Foreign(from, d.N) > 0 {
			continue
		}
		for _, e1 := range family.Shuffled(d.R, b.Edges(from)) {
			if b.IsLand(e1.To) {
				continue
			}
			for _, e2 := range b.Edges(e1.To) {
				to := e2.To
				if b.IsLand(to) && to != from && !family.Adjacent(b, from, to) && d.P.Vacant(to) &&
					d.Try(orders.Move{N: 1, Path: []games.AreaID{from, e1.To, to}}) {
					return
				}
			}
		}
	}
}

// botBurhs buys a burh in a held area now and then, while the check
// accepts it (seed 002 §5 Saxon Burhs).
func botBurhs(d *family.Draft) {
	held := d.P.Held(d.E.G.Board, d.N)
	if len(held) == 0 || d.R.Float64() < 0.5 {
		return
	}
	d.Try(BuyBurhs{Areas: []games.AreaID{held[d.R.IntN(len(held))]}})
}

// reland lands the invaders again where their nation card allows (ref
// §1.3), one army to a coast in turn, vacant coasts first, when the Core
// player's landings are refused; the new file is kept if it has fewer
// errors.
func reland(d *family.Draft) {
	b := d.E.G.Board
	before, body := d.Errors(), d.F.Body
	var kept []orders.Statement
	for _, st := range body {
		if mv, ok := st.(orders.Move); ok && !b.IsLand(mv.Path[0]) {
			continue
		}
		kept = append(kept, st)
	}
	var moves []orders.Statement
	for a := b.NumLand; a < len(b.Areas); a++ {
		sea := games.AreaID(a)
		k := d.P.Units(sea, d.N)
		var coasts []games.AreaID
		for _, e := range b.Edges(sea) {
			if b.IsLand(e.To) && landingLimit(d.E, d.N, e.To) == "" && d.P.Foreign(e.To, d.N) == 0 {
				coasts = append(coasts, e.To)
			}
		}
		for i := 0; k > 0 && len(coasts) > 0; i++ {
			moves = append(moves, orders.Move{N: 1, Path: []games.AreaID{sea, coasts[i%len(coasts)]}})
			k--
		}
	}
	d.F.Body = append(moves, kept...)
	bot.Renumber(d.F.Body)
	if d.Errors() >= before {
		d.F.Body = body
		bot.Renumber(d.F.Body)
	}
}
