package adjudicator_test

import (
	"crypto/sha256"
	"slices"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// turnSample is one nation turn of a recorded bot game: the state, the
// orders and standing orders in force, and the turn id for its dice.
type turnSample struct {
	id string
	s  *adjudicator.State
	in adjudicator.Input
}

// sampleTurns plays a seeded bot game and keeps every nation turn, with the
// bot's orders, so a benchmark can replay them without the bot's cost.
func sampleTurns(tb testing.TB, e *adjudicator.Engine, seed uint64) []turnSample {
	tb.Helper()
	standing := make([]*orders.File, e.NumNations())
	for n := range standing {
		standing[n] = bot.Standing(e, n, "sim", "", seed)
	}
	var out []turnSample
	_, err := bot.Play(e, seed, func(st bot.Step) error {
		if e.Due(st.Before).Kind == adjudicator.NationTurn {
			f := bot.Orders(e, st.Before, "sim", "", seed)
			out = append(out, turnSample{st.ID, st.Before, adjudicator.Input{Orders: f, Standing: standing}})
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// BenchmarkNationTurn adjudicates the nation turns of a whole bot game in
// turn, one per op (Phase 1 to 3 with HMAC dice, as in production), and
// reports the median as well as the mean.
func BenchmarkNationTurn(b *testing.B) { benchNationTurn(b, "redux") }

// benchNationTurn is BenchmarkNationTurn for a ruleset.
func benchNationTurn(b *testing.B, ruleset string) {
	e := rulesets.New(games.MustLoad(ruleset))
	turns := sampleTurns(b, e, 1)
	key := sha256.Sum256([]byte("bench"))
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tc := turns[i%len(turns)]
		d := dice.NewTurn(key[:], "bench", tc.id, nil, nil)
		t0 := time.Now()
		if _, _, err := e.Play(tc.s, tc.in, d); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/turn")
}

// BenchmarkCheck checks the same orders against the turn's start, as the
// mail front door does for every file and the bot for every draft.
func BenchmarkCheck(b *testing.B) {
	e := rulesets.New(games.MustLoad("redux"))
	turns := sampleTurns(b, e, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tc := turns[i%len(turns)]
		e.Check(tc.s, tc.in.Orders, tc.in.Standing)
	}
}

// BenchmarkClassicNationTurn is BenchmarkNationTurn for classic Britannia
// (issue 12: a nation turn in the same range as reduX).
func BenchmarkClassicNationTurn(b *testing.B) { benchNationTurn(b, "britannia") }
