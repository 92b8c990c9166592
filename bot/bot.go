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

// Orders writes turn orders for the nation due in s with the ruleset's
// bot (Ruleset.Bot), or nil when no nation turn is due or the ruleset has
// no bot.
func Orders(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	if e.Due(s).Kind != adjudicator.NationTurn {
		return nil
	}
	if e.R.Bot == nil {
		return nil
	}
	return e.R.Bot.Orders(e, s, game, token, seed)
}

// Renumber numbers a file body's moves and attack lines from 1, as a
// player's file would be.
func Renumber(body []orders.Statement) {
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

// Standing writes standing orders for nation n with the ruleset's bot.
func Standing(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
	if e.R.Bot == nil {
		return nil
	}
	return e.R.Bot.Standing(e, n, game, token, seed)
}

// CoreStanding writes standing orders for a nation: hold, or fall back
// against odds; then more's lines.
func CoreStanding(e *adjudicator.Engine, nation adjudicator.NationID, game, token string, seed uint64, more func(r *rand.Rand, f *orders.File)) *orders.File {
	name := e.NationName(nation)
	r := Rand(seed, "standing-"+name)
	f := &orders.File{Kind: orders.StandingOrders, Game: game, Nation: name, Token: token}
	rule := orders.Rule{Hold: true}
	if r.IntN(3) > 0 {
		rule = orders.Rule{When: orders.Cmp{L: orders.Var("theirs"), Op: ">=", R: orders.Mul{L: orders.Num(2 + r.IntN(2)), R: orders.Var("mine")}}}
	}
	f.Body = []orders.Statement{orders.Defend{At: orders.At{Line: 1}, Area: games.NoArea, Rule: rule}}
	if more != nil {
		more(r, f)
	}
	return f
}
