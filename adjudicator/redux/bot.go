package redux

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/orders"
)

// Bot is reduX Core's bot: the kernel's Core player (bot.Core).
func Bot(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	return bot.Core(e, s, game, token, seed, nil)
}

// BotStanding is reduX Core's bot's standing orders: hold, or fall back
// against odds (bot.CoreStanding).
func BotStanding(e *adjudicator.Engine, n adjudicator.NationID, game, token string, seed uint64) *orders.File {
	return bot.CoreStanding(e, n, game, token, seed, nil)
}
