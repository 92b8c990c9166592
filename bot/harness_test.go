package bot_test

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/internal/par"
	"github.com/pbem-org/pbem/internal/scratch"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestMain runs the tests with their temporary files in memory where the
// system has some (internal/scratch).
func TestMain(m *testing.M) { os.Exit(scratch.Run(m)) }

// variant is one way of playing a ruleset: its options and player count.
type variant struct {
	ruleset string
	options []string
	players int
}

func (v variant) String() string {
	return fmt.Sprintf("%s %d players %v", v.ruleset, v.players, v.options)
}

// engine loads the variant's game and its engine for its player count.
func (v variant) engine() *adjudicator.Engine {
	e := rulesets.New(games.MustLoad(v.ruleset, v.options...))
	e.Players = v.players
	return e
}

// variantsOf is every way of playing a ruleset: each subset of its options
// with each player count of its tables' player splits, in a fixed order,
// the player counts changing fastest, so that the first few variants play
// every player count and the first options.
func variantsOf(name string) []variant {
	r := games.MustLookup(name)
	g := games.MustLoad(name)
	var out []variant
	for mask := range 1 << len(r.Options) {
		var opts []string
		for i, o := range r.Options {
			if mask&(1<<i) != 0 {
				opts = append(opts, o.Name)
			}
		}
		for _, sp := range g.Tables.Players {
			out = append(out, variant{name, opts, sp.Count})
		}
	}
	return out
}

// fullRuns reports whether PBEM_PROPERTY_GAMES asks for the long runs
// (.ci/run sets it).
func fullRuns() bool { return os.Getenv("PBEM_PROPERTY_GAMES") != "" }

// propertyGames is how many seeded games a property test plays: full when
// PBEM_PROPERTY_GAMES=full asks for it (or that many when it is a number),
// and sample otherwise, so that `go test ./...` stays within two minutes
// on 2 cores. The games of the sample are the first games of the full run.
// The full runs and their timings are in BENCHMARKS.md.
func propertyGames(full, sample int) int {
	switch v := os.Getenv("PBEM_PROPERTY_GAMES"); {
	case v == "full":
		return full
	case v != "":
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			return n
		}
	}
	return sample
}

// parallel runs f on 0..n-1 on every processor and returns the results in
// order of i.
func parallel[R any](n int, f func(i int) R) []R {
	out := make([]R, n)
	_ = par.Do(n, func(i int) error { out[i] = f(i); return nil })
	return out
}

// benchGame plays whole bot games of a ruleset: every nation turn's bot
// orders with their checks, the adjudication and every round event.
func benchGame(b *testing.B, ruleset string) {
	e := rulesets.New(games.MustLoad(ruleset))
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		if _, err := bot.Play(e, seed, nil); err != nil {
			b.Fatal(err)
		}
		seed++
	}
}

// benchAdjudicate times the engine alone over a whole game of a ruleset:
// the bot's orders for seed 1 are written first (untimed), then every step
// is adjudicated from them with the HMAC dice bot.Play uses (no bot, no
// rendering, no disk).
func benchAdjudicate(b *testing.B, ruleset string) {
	e := rulesets.New(games.MustLoad(ruleset))
	files := map[string]*orders.File{}
	_, err := bot.Play(e, 1, func(st bot.Step) error {
		if e.Due(st.Before).Kind == adjudicator.NationTurn {
			files[st.ID] = bot.Orders(e, st.Before, "sim", "", 1)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	standing := make([]*orders.File, e.NumNations())
	for n := range standing {
		standing[n] = bot.Standing(e, n, "sim", "", 1)
	}
	key := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("pbem-sim"), 1))
	b.ReportAllocs()
	for b.Loop() {
		s := e.NewState()
		for !s.Over {
			id := e.TurnID(s)
			in := adjudicator.Input{Orders: files[id], Standing: standing}
			if s, _, err = e.Play(s, in, dice.NewTurn(key[:], "sim", id, nil, nil)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkGame plays a whole 16-round reduX Core bot game.
func BenchmarkGame(b *testing.B) { benchGame(b, "redux") }

// BenchmarkLRGame plays a whole redux-lr bot game (four players), with the
// extra nation turns when the Kingship needs them (L&R 11.6.1).
func BenchmarkLRGame(b *testing.B) { benchGame(b, "redux-lr") }

// BenchmarkAdjudicateGame is the engine alone over a reduX Core game.
// Target: under 50 ms a game.
func BenchmarkAdjudicateGame(b *testing.B) { benchAdjudicate(b, "redux") }

// BenchmarkLRAdjudicateGame is the engine alone over a redux-lr game.
func BenchmarkLRAdjudicateGame(b *testing.B) { benchAdjudicate(b, "redux-lr") }
