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
	if slices.Contains(D(d.E).Bretwalda.Rounds, d.S.Round) && d.E.Plays(adjudicator.BretwaldaBotVote) {
		d.Try(Vote{At: orders.At{Line: len(d.F.Body) + 1}, For: d.E.NationName(botVote(d.E, d.S, d.N))})
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

// botVote is the bot's Bretwalda vote for nation n in position s, as its
// player would plausibly cast it (docs/orders.md C9; switch
// bretwalda-bot-vote). A nation has a vote for each English area it holds
// (seed 004 The bretwalda); a player's votes are those of its nations in
// play, and its candidate is its nation with the most votes (the earlier
// in the nation list on a tie). The bot votes with its player's other
// nations: for its player's candidate when the player's votes alone are
// more than half, or when the player has the most votes (the player whose
// candidate comes first in the list on a tie); otherwise for the candidate
// of the player with the most votes when their votes and its player's
// together are more than half, so that a Bretwalda is elected; and for its
// player's candidate when no such help can elect anyone.
func botVote(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) adjudicator.NationID {
	region := D(e).Bretwalda.Region
	seat := func(m adjudicator.NationID) int {
		if c := e.Controller(s, m); c >= 0 {
			return c
		}
		return -1 - m // a nation no player controls is a player of its own
	}
	votes := map[int]int{}
	cand := map[int]adjudicator.NationID{}
	candVotes := map[int]int{}
	total := 0
	for m := range e.NumNations() {
		if !inPlay(e, s, m) {
			continue
		}
		v := regionAreas(e, s, m, region)
		p := seat(m)
		total += v
		votes[p] += v
		if c, ok := cand[p]; !ok || v > candVotes[p] || (v == candVotes[p] && m < c) {
			cand[p], candVotes[p] = m, v
		}
	}
	mine := seat(n)
	if _, ok := cand[mine]; !ok {
		cand[mine] = n
	}
	lead := mine
	for p, v := range votes {
		if v > votes[lead] || (v == votes[lead] && cand[p] < cand[lead]) {
			lead = p
		}
	}
	if lead != mine && 2*(votes[lead]+votes[mine]) > total && 2*votes[mine] <= total {
		return cand[lead]
	}
	return cand[mine]
}

// regionAreas counts the land areas of a region nation n holds in s.
func regionAreas(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID, region string) int {
	c := 0
	for _, a := range s.Held(e.G.Board, n) {
		if e.G.Board.InRegion(a, region) {
			c++
		}
	}
	return c
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
// nation that may submit does so now and then (seed 002 §5). With switch
// bretwalda-bot-vote they hold no vote line: the bot votes in its turn
// files, on the position (botVote), which a standing vote would outvote;
// before it the vote went to a random nation or the nation itself.
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
		if e.Plays(adjudicator.BretwaldaBotVote) {
			return // the vote is in the bot's turn files (botVote)
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
