package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// TestBotFilesAreLegal: the bot's order files pass the engine's check, as a
// player's must (DESIGN §2: the missed-deadline stand-in must be legal).
func TestBotFilesAreLegal(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 6
	}
	refused, turns := 0, 0
	for seed := range uint64(n) {
		e := adjudicator.New(games.MustLoad("redux"))
		_, err := Play(e, seed, func(st Step) error {
			if e.Due(st.Before) < 0 {
				return nil
			}
			turns++
			f := Orders(e, st.Before, "sim", "", seed)
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
