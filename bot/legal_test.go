package bot_test

import (
	"crypto/sha256"
	"encoding/binary"
	"github.com/pbem-org/pbem/rulesets"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// TestBotFilesAreLegal: the bot's order files pass the engine's check, as a
// player's must (docs/design.md §2: the missed-deadline stand-in must be legal).
func TestBotFilesAreLegal(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 6
	}
	refused, turns := 0, 0
	for seed := range uint64(n) {
		e := rulesets.New(games.MustLoad("redux"))
		_, err := bot.Play(e, seed, func(st bot.Step) error {
			if e.Due(st.Before).Kind == adjudicator.RoundEvent {
				return nil
			}
			turns++
			f := bot.Orders(e, st.Before, "sim", "", seed)
			if errs := e.Check(st.Before, f, nil); len(errs) > 0 {
				refused++
				if refused <= 5 {
					t.Logf("seed %d %s: %v", seed, st.ID, errs)
				}
			}
			return nil
		})
		assert.NoError(t, err)
	}
	t.Logf("%d of %d bot files refused", refused, turns)
	assert.LessOrEqual(t, float64(refused), 0.01*float64(turns), "at most 1%% of bot files may be refused (where no legal file exists)")
}

// BenchmarkAdjudicateGame times only the engine over a whole game: the bot's
// orders for seed 1 are written first (untimed), then every nation turn and
// end of round is adjudicated from them with HMAC dice (no bot, no
// rendering, no disk). Target: under 50 ms a game (issue: the engine).
func BenchmarkAdjudicateGame(b *testing.B) {
	e := rulesets.New(games.MustLoad("redux"))
	var files []*orders.File
	_, err := bot.Play(e, 1, func(st bot.Step) error {
		if e.Due(st.Before).Kind == adjudicator.NationTurn {
			files = append(files, bot.Orders(e, st.Before, "sim", "", 1))
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	standing := make([]*orders.File, len(e.G.Tables.Nations))
	for n := range standing {
		standing[n] = bot.Standing(e, n, "sim", "", 1)
	}
	sum := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("pbem-sim"), 1)) // Play's dice
	key := sum[:]
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s := e.NewState()
		i := 0
		for !s.Over {
			var err error
			if e.Due(s).Kind == adjudicator.RoundEvent {
				s, _, err = e.EndRound(s)
			} else {
				s, _, err = e.NationTurn(s, adjudicator.Input{Orders: files[i], Standing: standing}, dice.NewTurn(key, "sim", e.TurnID(s), nil, nil))
				i++
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
