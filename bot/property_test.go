package bot_test

import (
	"fmt"
	"github.com/pbem-org/pbem/rulesets"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// TestPropertyGames plays many seeded bot games with both battle options
// (reduX Core 7.1 dice, 7.3 reduced randomness) and checks after every step
// what the rules guarantee, whatever the players do:
//
//   - no count is negative, population markers stay on the track (5.1), and
//     no nation has more armies in play than its Play Order list allows (5);
//   - the engine never changes its input (docs/design.md §2);
//   - after a nation turn no land area holds two nations (7.2: a battle goes
//     on until one side is gone or has retreated) and the mover has no
//     armies left at sea (6.1);
//   - after a nation turn the mover is within the stacking limit (4.2.1,
//     6.4: at the end of movement, and battles only remove or retreat within
//     the limit, 7.2), unless the engine reported that the limit could not
//     be met; any other nation within the limit before the turn is still
//     within it (retreats respect it, 7.2);
//   - victory points never decrease (3.1), the round advances by one at
//     each end of round (4.3), and the game is over after the final round,
//     with every nation in exactly one seat of each player split (2.1).
//
// The population limit is not checked per step: nations legitimately end
// other nations' turns over it (losing an area lowers the limit by two), and
// 5.1 deals with that at their next turn.
func TestPropertyGames(t *testing.T) {
	games3 := propertyGames(1000, 100)
	engines := []*adjudicator.Engine{
		rulesets.New(games.MustLoad("redux")),
		rulesets.New(games.MustLoad("redux", "reduced-randomness")),
	}
	for _, e := range engines {
		checkSplits(t, e.G)
	}
	type result struct {
		seed   uint64
		err    error
		limits int
		turns  int
	}
	seeds := make(chan uint64)
	results := make(chan result)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				e := engines[seed%2]
				limits, turns, err := playChecked(e, seed)
				results <- result{seed, err, limits, turns}
			}
		}()
	}
	go func() {
		for seed := range uint64(games3) {
			seeds <- seed
		}
		close(seeds)
		wg.Wait()
		close(results)
	}()
	start := time.Now()
	failed, limits, turns := 0, 0, 0
	for r := range results {
		limits += r.limits
		turns += r.turns
		if r.err != nil {
			failed++
			if failed <= 10 {
				t.Errorf("seed %d (%s): %v", r.seed, engines[r.seed%2].G.Options, r.err)
			}
		}
	}
	if failed > 10 {
		t.Errorf("... and %d more failing games", failed-10)
	}
	// A limit report means the bot's file did not meet a limit the engine
	// could only report (docs/design.md §2); it is logged, not failed: the bot's
	// legality is the bot's own concern.
	t.Logf("%d games, %d nation turns, %d (%.1f%%) with a limit report, in %v", games3, turns, limits, 100*float64(limits)/float64(max(turns, 1)), time.Since(start).Round(time.Millisecond))
}

// playChecked plays one game, checking the invariants after every step. It
// returns how many nation turns reported a limit the orders did not meet
// (docs/design.md §2) and how many nation turns the game had.
func playChecked(e *adjudicator.Engine, seed uint64) (limits, turns int, err error) {
	g := e.G
	var prev *adjudicator.State
	lastID := ""
	final, err := bot.Play(e, seed, func(st bot.Step) error {
		lastID = st.ID
		if prev != nil && !reflect.DeepEqual(st.Before, prev) {
			return fmt.Errorf("the state given to the step is not the last state returned")
		}
		if err := checkCounts(g, st.After); err != nil {
			return err
		}
		for n := range g.Tables.Nations {
			if st.After.Nations[n].VP.Whole() < st.Before.Nations[n].VP.Whole() {
				return fmt.Errorf("%s' victory points fell from %d to %d", g.Tables.Nations[n].Name, st.Before.Nations[n].VP.Whole(), st.After.Nations[n].VP.Whole())
			}
		}
		reported := map[string]bool{}
		unmet := false
		for _, ev := range st.Events {
			if ev.Kind == adjudicator.EvLimit {
				unmet = true
				if strings.Contains(ev.Rule, "4.2.1") {
					reported[ev.Nation] = true
				}
			}
		}
		if unmet {
			limits++
		}
		if strings.HasSuffix(st.ID, "-end") {
			if !st.After.Over && st.After.Round != st.Before.Round+1 {
				return fmt.Errorf("end of round %d: round is now %d", st.Before.Round, st.After.Round)
			}
		} else {
			turns++
			due := e.Due(st.Before)
			mover := due.Nation
			if due.Kind != adjudicator.NationTurn {
				return fmt.Errorf("a nation turn was played with no nation due")
			}
			for a := 0; a < g.Board.NumLand; a++ {
				if occ := st.After.Occupants(games.AreaID(a)); len(occ) > 1 {
					return fmt.Errorf("after the turn %s still holds %d nations", g.Board.AreaName(games.AreaID(a)), len(occ))
				}
			}
			for a := g.Board.NumLand; a < len(g.Board.Areas); a++ {
				if st.After.Units(games.AreaID(a), mover) > 0 {
					return fmt.Errorf("the %s still have armies at sea in %s", g.Tables.Nations[mover].Name, g.Board.AreaName(games.AreaID(a)))
				}
			}
			for n, nat := range g.Tables.Nations {
				if reported[nat.Name] {
					continue
				}
				ok, where := stackingOK(g, st.After, n)
				if ok {
					continue
				}
				if n == mover {
					return fmt.Errorf("the mover (%s) breaks the stacking limit in %s and no limit was reported", nat.Name, where)
				}
				if was, _ := stackingOK(g, st.Before, n); was {
					return fmt.Errorf("the %s were within the stacking limit before the %s' turn and break it in %s after", nat.Name, g.Tables.Nations[mover].Name, where)
				}
			}
		}
		prev = st.After.Clone()
		return nil
	})
	if err != nil {
		return limits, turns, err
	}
	if !final.Over {
		return limits, turns, fmt.Errorf("the game ended without Over set")
	}
	if want := fmt.Sprintf("r%02d-end", len(g.Tables.Rounds)); lastID != want {
		return limits, turns, fmt.Errorf("the last step was %s, want %s", lastID, want)
	}
	total := 0
	for _, nt := range final.Nations {
		total += nt.VP.Whole()
	}
	for _, count := range []int{3, 4, 5} {
		sum := 0
		for _, s := range e.Standings(final, count) {
			sum += s.VP
		}
		if sum != total {
			return limits, turns, fmt.Errorf("%d-player standings add up to %d VP, the nations to %d", count, sum, total)
		}
	}
	return limits, turns, nil
}

func checkCounts(g *games.Game, s *adjudicator.State) error {
	for a := range g.Board.Areas {
		for n := range g.Tables.Nations {
			if c := s.Units(games.AreaID(a), n); c < 0 {
				return fmt.Errorf("%s has %d %s armies", g.Board.AreaName(games.AreaID(a)), c, g.Tables.Nations[n].Name)
			}
		}
	}
	for n, nat := range g.Tables.Nations {
		if p := s.Nations[n].Pop; p < 0 || p > g.Tables.Population.TrackMax {
			return fmt.Errorf("the %s' population marker is %d, off the track 0..%d", nat.Name, p, g.Tables.Population.TrackMax)
		}
		if in, pool := s.OnBoard(n), nat.Armies+nat.Cavalry; in > pool {
			return fmt.Errorf("the %s have %d armies in play but only %d on the Play Order list", nat.Name, in, pool)
		}
	}
	return nil
}

// stackingOK is reduX Core 4.2.1 read independently of the engine: at most
// one area over the normal limit (3, or 2 in difficult terrain), and that
// one within the overstack maximum (6, or 4).
func stackingOK(g *games.Game, s *adjudicator.State, n int) (bool, string) {
	st := g.Tables.Stacking
	over := 0
	for a := 0; a < g.Board.NumLand; a++ {
		id := games.AreaID(a)
		norm, max := st.Clear, st.OverstackClear
		if g.Board.Difficult(id) {
			norm, max = st.Difficult, st.OverstackDifficult
		}
		c := s.Units(games.AreaID(a), n)
		if c > max {
			return false, g.Board.AreaName(id)
		}
		if c > norm {
			if over++; over > 1 {
				return false, g.Board.AreaName(id)
			}
		}
	}
	return true, ""
}

// checkSplits checks that every nation is in exactly one seat of each player
// split (reduX Core 2.1), so that standings account for every VP.
func checkSplits(t *testing.T, g *games.Game) {
	t.Helper()
	for _, count := range []int{3, 4, 5} {
		sp := g.Tables.Split(count)
		if sp == nil {
			t.Fatalf("no %d-player split", count)
		}
		seen := map[int]int{}
		for _, p := range sp.Players {
			for _, name := range p.Nations {
				n, err := g.Tables.NationIndex(name)
				if err != nil {
					t.Fatalf("%d-player split: %v", count, err)
				}
				seen[n]++
			}
		}
		for n, nat := range g.Tables.Nations {
			if seen[n] != 1 {
				t.Errorf("%d-player split: the %s are in %d seats", count, nat.Name, seen[n])
			}
		}
	}
}

// TestPlayDeterministic: a seed fixes the whole game (docs/design.md §2: the turn's
// inputs and dice determine its output).
func TestPlayDeterministic(t *testing.T) {
	for _, opts := range [][]string{nil, {"reduced-randomness"}} {
		e := rulesets.New(games.MustLoad("redux", opts...))
		for seed := range uint64(3) {
			a, err := bot.Play(e, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := bot.Play(e, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%v seed %d: two plays of the same seed differ", opts, seed)
			}
		}
	}
}
