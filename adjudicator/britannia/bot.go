package britannia

import (
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// botOrders is classic Britannia's bot: the kernel's Core player
// (bot.Core), which keeps every move only if the engine's check accepts the
// file, with the classic decisions (classicMore).
func botOrders(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	return bot.Core(e, s, game, token, seed, classicMore)
}

// classicMore adds the classic decisions to a bot's file: raiders on land
// withdraw now and then (seed 004 4), a Roman stack spreads into empty
// areas (ref §6: Romans move three).
func classicMore(d *bot.Draft) {
	if d.Errors() > 0 {
		repair(d)
	}
	name := d.E.NationName(d.N)
	round := d.E.G.Tables.Round(d.S.Round)
	if round.HasMark(games.MarkRaid, name) && d.R.Float64() < 0.3 {
		pv := d.E.Preview(d.S, d.F)
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
func repair(d *bot.Draft) {
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
