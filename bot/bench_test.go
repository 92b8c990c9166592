package bot_test

import (
	"github.com/pbem-org/pbem/rulesets"
	"testing"

	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// BenchmarkGame plays a whole 16-round bot game (every nation turn: the
// bot's orders, their check and the adjudication; every end of round).
func BenchmarkGame(b *testing.B) {
	e := rulesets.New(games.MustLoad("redux"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := bot.Play(e, uint64(i), nil); err != nil {
			b.Fatal(err)
		}
	}
}
