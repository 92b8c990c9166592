package bot_test

import (
	"fmt"
	"github.com/pbem-org/pbem/rulesets"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/reduxlr"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// lrVariant is one way of playing redux-lr: options and player count.
type lrVariant struct {
	options []string
	players int
}

func (v lrVariant) String() string {
	return fmt.Sprintf("%d players %v", v.players, v.options)
}

// TestLRPropertyGames plays many seeded bot games of redux-lr — three, four
// and five players, with and without boats and reduced randomness — and
// checks after every step what Leaders and Raiders guarantees whatever the
// players do:
//
//   - the Core invariants of TestPropertyGames that still hold: no negative
//     count, population markers on the track, no more infantry or cavalry in
//     play than the Play Order list has (9.1), no land area holding two
//     nations after a nation turn, victory points never falling, the engine
//     never changing its input;
//   - cavalry are a part of the armies, and only the nations with cavalry
//     have any (9.1);
//   - a leader is never alone: each stands with armies of its nation, and a
//     nation has at most one (9.2, 9.2.1);
//   - after a nation turn the mover has units at sea only on a Raiding turn
//     (11.4), and none at all after a must-return (☞) turn unless Cnut's
//     exception applied (9.4);
//   - an area is scored for occupying at most once per nation (10.2);
//   - the rounds advance one at a time, and the game ends after the final
//     round with a King decided (11.6) — after the extra nation turns when
//     there were some (11.6.1), whose ids end in "-extra";
//   - every bot file passes the engine's check (at most 1% may not, where
//     no legal file exists).
func TestLRPropertyGames(t *testing.T) {
	count := propertyGames(1000, 60)
	var variants []lrVariant
	for _, players := range []int{3, 4, 5} {
		for _, opts := range [][]string{nil, {"boats"}, {"reduced-randomness"}, {"boats", "reduced-randomness"}} {
			variants = append(variants, lrVariant{opts, players})
		}
	}
	games := make([]*games.Game, len(variants))
	for i, v := range variants {
		games[i] = mustLR(v.options...)
	}
	type result struct {
		seed                           uint64
		err                            error
		turns, refused, extras, limits int
	}
	seeds := make(chan uint64)
	results := make(chan result)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				v := variants[seed%uint64(len(variants))]
				e := rulesets.New(games[seed%uint64(len(variants))])
				e.Players = v.players
				res := playLRChecked(e, seed)
				results <- result{seed: seed, err: res.err, turns: res.turns, refused: res.refused, extras: res.extras, limits: res.limits}
			}
		}()
	}
	go func() {
		for seed := range uint64(count) {
			seeds <- seed
		}
		close(seeds)
		wg.Wait()
		close(results)
	}()
	start := time.Now()
	failed, turns, refused, extras, limits, withExtra := 0, 0, 0, 0, 0, 0
	for r := range results {
		turns += r.turns
		refused += r.refused
		extras += r.extras
		limits += r.limits
		if r.extras > 0 {
			withExtra++
		}
		if r.err != nil {
			failed++
			if failed <= 10 {
				t.Errorf("seed %d (%s): %v", r.seed, variants[r.seed%uint64(len(variants))], r.err)
			}
		}
	}
	if failed > 10 {
		t.Errorf("... and %d more failing games", failed-10)
	}
	if float64(refused) > 0.01*float64(turns) {
		t.Errorf("%d of %d bot files refused by the check (at most 1%%)", refused, turns)
	}
	t.Logf("%d redux-lr games (%d variants), %d nation turns, %d bot files refused, %d (%.1f%%) turns with a limit report, %d games with extra turns (%d extra turns), in %v",
		count, len(variants), turns, refused, limits, 100*float64(limits)/float64(max(turns, 1)), withExtra, extras, time.Since(start).Round(time.Millisecond))
}

func mustLR(options ...string) *games.Game {
	r, err := games.Lookup("redux-lr")
	if err != nil {
		panic(err)
	}
	g, err := r.Load(options, "", nil)
	if err != nil {
		panic(err)
	}
	return g
}

type lrPlay struct {
	err                            error
	turns, refused, extras, limits int
}

func playLRChecked(e *adjudicator.Engine, seed uint64) (res lrPlay) {
	g := e.G
	var prev *adjudicator.State
	lastID, sawKing := "", false
	final, err := bot.Play(e, seed, func(st bot.Step) error {
		lastID = st.ID
		if prev != nil && !reflect.DeepEqual(st.Before, prev) {
			return fmt.Errorf("the state given to the step is not the last state returned")
		}
		if err := checkCounts(g, st.After); err != nil {
			return err
		}
		if err := checkLR(g, st.After); err != nil {
			return fmt.Errorf("%s: %w", st.ID, err)
		}
		for n := range g.Tables.Nations {
			if st.After.Nations[n].VP.Whole() < st.Before.Nations[n].VP.Whole() {
				return fmt.Errorf("%s: %s' victory points fell from %d to %d", st.ID, g.Tables.Nations[n].Name, st.Before.Nations[n].VP.Whole(), st.After.Nations[n].VP.Whole())
			}
		}
		for _, ev := range st.Events {
			if ev.Kind == adjudicator.EvKing {
				sawKing = true
			}
			if ev.Kind == adjudicator.EvLimit {
				res.limits++
				break
			}
		}
		if strings.HasSuffix(st.ID, "-end") {
			extraStarts := reduxlr.X(st.After).Extra != nil && reduxlr.X(st.Before).Extra == nil
			if !st.After.Over && !extraStarts && st.After.Round != st.Before.Round+1 {
				return fmt.Errorf("end of round %d: round is now %d", st.Before.Round, st.After.Round)
			}
			prev = st.After.Clone()
			return nil
		}
		res.turns++
		if strings.HasSuffix(st.ID, "-extra") {
			res.extras++
		}
		due := e.Due(st.Before)
		mover := due.Nation
		if due.Kind != adjudicator.NationTurn {
			return fmt.Errorf("%s: a nation turn was played with no nation due", st.ID)
		}
		if errs := e.Check(st.Before, bot.Orders(e, st.Before, "sim", "", seed), nil); len(errs) > 0 {
			res.refused++
			if testing.Verbose() && res.refused <= 2 {
				fmt.Printf("seed %d %s refused: %v\n", seed, st.ID, errs)
			}
		}
		for a := 0; a < g.Board.NumLand; a++ {
			if occ := st.After.Occupants(games.AreaID(a)); len(occ) > 1 {
				return fmt.Errorf("%s: after the turn %s still holds %d nations", st.ID, g.Board.AreaName(games.AreaID(a)), len(occ))
			}
		}
		name := g.Tables.Nations[mover].Name
		round := g.Tables.Round(st.Before.Round)
		raid := round.HasMark(games.MarkRaid, name) || round.HasMark(games.MarkReturn, name) || strings.HasSuffix(st.ID, "-extra")
		for a := g.Board.NumLand; a < len(g.Board.Areas); a++ {
			if st.After.Units(games.AreaID(a), mover) > 0 && !raid {
				return fmt.Errorf("%s: the %s, not raiding, still have armies at sea in %s", st.ID, name, g.Board.AreaName(games.AreaID(a)))
			}
		}
		prev = st.After.Clone()
		return nil
	})
	if err != nil {
		res.err = err
		return res
	}
	switch {
	case !final.Over:
		res.err = fmt.Errorf("the game ended without Over set")
	case lastID != fmt.Sprintf("r%02d-end", len(g.Tables.Rounds)) && lastID != fmt.Sprintf("r%02d-extra-end", len(g.Tables.Rounds)):
		res.err = fmt.Errorf("the last step was %s", lastID)
	case !sawKing:
		res.err = fmt.Errorf("the final round decided no King (11.6)")
	}
	return res
}

// checkLR checks the Leaders and Raiders invariants of a position.
func checkLR(g *games.Game, s *adjudicator.State) error {
	if _, ok := s.Ext.(*reduxlr.Ext); !ok {
		return fmt.Errorf("a redux-lr position without its Leaders and Raiders part")
	}
	for n, nat := range g.Tables.Nations {
		cav := 0
		for a := range g.Board.Areas {
			c := s.Count(games.AreaID(a), n, 1)
			if c < 0 || c > s.Units(games.AreaID(a), n) {
				return fmt.Errorf("%s: %d %s cavalry among %d armies", g.Board.AreaName(games.AreaID(a)), c, nat.Name, s.Units(games.AreaID(a), n))
			}
			cav += c
		}
		if cav > nat.Cavalry {
			return fmt.Errorf("the %s have %d cavalry in play but %d on the Play Order list (9.1)", nat.Name, cav, nat.Cavalry)
		}
		if inf := s.InPlay(n, adjudicator.Infantry); inf > nat.Armies {
			return fmt.Errorf("the %s have %d infantry in play but %d on the Play Order list", nat.Name, inf, nat.Armies)
		}
	}
	seen := map[int]bool{}
	for _, ld := range s.Leaders {
		if seen[ld.Nation] {
			return fmt.Errorf("the %s have two leaders", g.Tables.Nations[ld.Nation].Name)
		}
		seen[ld.Nation] = true
		if s.Units(games.AreaID(ld.Area), ld.Nation) == 0 {
			return fmt.Errorf("%s is alone in %s (9.2.1)", ld.Name, g.Board.AreaName(ld.Area))
		}
	}
	for n, as := range reduxlr.X(s).Occupied {
		for i, a := range as {
			if slices.Contains(as[:i], a) {
				return fmt.Errorf("the %s scored for occupying %s twice (10.2)", g.Tables.Nations[n].Name, g.Board.AreaName(a))
			}
		}
	}
	return nil
}
