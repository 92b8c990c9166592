package bot_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// stepCheck is an invariant of one step of a ruleset: it returns an error
// when the step breaks it. s is the state the step was given, st the step.
type stepCheck func(e *adjudicator.Engine, st bot.Step) error

// game is a whole game as the game checks see it.
type game struct {
	final *adjudicator.State
	ids   []string       // the step ids in play order
	kinds map[string]int // how many events of each kind
}

// gameCheck is an invariant of a whole game.
type gameCheck func(e *adjudicator.Engine, g game) error

// property is what TestPropertyGames plays and checks for a ruleset: how
// many games (full, and under -short) and its invariants on top of
// everyStep. A ruleset's test file adds its entry.
type property struct {
	full, short int
	steps       []stepCheck
	ends        []gameCheck
	// counted are facts, by What, counted over the games and logged: how
	// many there were, and in how many games; want checks those counts
	// (nil: none).
	counted []string
	want    func(games int, facts, in map[string]int) error
}

// properties holds each ruleset's property, by ruleset name.
var properties = map[string]property{}

// TestPropertyGames plays many seeded bot games of every ruleset with a
// property, spread over every player count and option (variantsOf), and
// checks after every step the invariants every ruleset keeps (everyStep)
// and the ruleset's own, and each game's end. At most 1% of the bot's files
// may fail the engine's check (where no legal file exists: docs/design.md
// §2, the missed-deadline stand-in must be legal).
func TestPropertyGames(t *testing.T) {
	for _, r := range games.Rulesets() {
		p, ok := properties[r.Name]
		if !ok {
			continue
		}
		t.Run(r.Name, func(t *testing.T) {
			vs := variantsOf(r.Name)
			count := propertyGames(p.full, p.short)
			start := time.Now()
			res := parallel(count, func(i int) played {
				v := vs[i%len(vs)]
				return playChecked(v.engine(), uint64(i), p)
			})
			var sum played
			facts, in := map[string]int{}, map[string]int{}
			failed := 0
			for i, r := range res {
				sum.turns += r.turns
				sum.refused += r.refused
				sum.limits += r.limits
				sum.extras += r.extras
				for w, c := range r.facts {
					facts[w] += c
					in[w]++
				}
				if r.err != nil {
					if failed++; failed <= 10 {
						t.Errorf("seed %d (%s): %v", i, vs[i%len(vs)], r.err)
					}
				}
			}
			if failed > 10 {
				t.Errorf("... and %d more failing games", failed-10)
			}
			if float64(sum.refused) > 0.01*float64(sum.turns) {
				t.Errorf("%d of %d bot files refused by the check (at most 1%%)", sum.refused, sum.turns)
			}
			// A limit report means the bot's file did not meet a limit the
			// engine could only report (docs/design.md §2); it is logged,
			// not failed: the bot's legality is the bot's own concern.
			t.Logf("%d games (%d variants), %d nation turns, %d bot files refused, %d (%.1f%%) turns with a limit report, %d extra turns, in %v",
				count, len(vs), sum.turns, sum.refused, sum.limits, 100*float64(sum.limits)/float64(max(sum.turns, 1)), sum.extras, time.Since(start).Round(time.Millisecond))
			for _, w := range p.counted {
				t.Logf("%s: %d in %d of %d games", w, facts[w], in[w], count)
			}
			if p.want != nil {
				if err := p.want(count, facts, in); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// played is what one checked game counted.
type played struct {
	err                            error
	turns, refused, limits, extras int
	facts                          map[string]int // property.counted, by What
}

// playChecked plays one game, checking everyStep, the ruleset's invariants
// after every step, and its game checks at the end.
func playChecked(e *adjudicator.Engine, seed uint64, p property) (res played) {
	var prev *adjudicator.State
	gm := game{kinds: map[string]int{}}
	final, err := bot.Play(e, seed, func(st bot.Step) error {
		gm.ids = append(gm.ids, st.ID)
		if prev != nil && !reflect.DeepEqual(st.Before, prev) {
			return fmt.Errorf("the state given to the step is not the last state returned")
		}
		prev = st.After.Clone()
		if err := everyStep(e, st); err != nil {
			return err
		}
		for _, ev := range st.Events {
			gm.kinds[ev.Kind]++
			if slices.Contains(p.counted, ev.What) {
				if res.facts == nil {
					res.facts = map[string]int{}
				}
				res.facts[ev.What]++
			}
		}
		if slices.ContainsFunc(st.Events, func(ev adjudicator.Event) bool { return ev.Kind == adjudicator.EvLimit }) {
			res.limits++
		}
		if e.Due(st.Before).Kind == adjudicator.NationTurn {
			res.turns++
			if isExtra(st.ID) {
				res.extras++
			}
			if errs := e.Check(st.Before, bot.Orders(e, st.Before, "sim", "", seed), nil); len(errs) > 0 {
				res.refused++
			}
		}
		for _, c := range p.steps {
			if err := c(e, st); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		res.err = err
		return res
	}
	if !final.Over {
		res.err = fmt.Errorf("the game ended without Over set")
		return res
	}
	gm.final = final
	for _, c := range append([]gameCheck{standingsAddUp}, p.ends...) {
		if res.err = c(e, gm); res.err != nil {
			break
		}
	}
	return res
}

// everyStep is what every ruleset keeps whatever the players do: no
// negative count, population markers on the track, no nation with more of a
// unit kind in play than its pool, and victory points never falling.
func everyStep(e *adjudicator.Engine, st bot.Step) error {
	g := e.G
	for a := range g.Board.Areas {
		for n := range e.NumNations() {
			if c := st.After.Units(games.AreaID(a), n); c < 0 {
				return fmt.Errorf("%s has %d %s units", g.Board.AreaName(games.AreaID(a)), c, e.NationName(n))
			}
		}
	}
	for n := range e.NumNations() {
		if p := st.After.Nations[n].Pop; p < 0 || p > g.Tables.Population.TrackMax {
			return fmt.Errorf("the %s' population marker is %d, off the track 0..%d", e.NationName(n), p, g.Tables.Population.TrackMax)
		}
		for k := range e.R.Kinds {
			if e.R.Library == nil { // the pool is the Britannia-family library's (reference §2.3)
				break
			}
			if in, pool := st.After.InPlay(n, k), family.Pool(e, n, k); in > pool {
				return fmt.Errorf("the %s have %d %s in play, %d in their pool", e.NationName(n), in, e.R.Kinds[k].Name, pool)
			}
		}
		if after, before := st.After.Nations[n].VP.Whole(), st.Before.Nations[n].VP.Whole(); after < before {
			return fmt.Errorf("the %s' victory points fell from %d to %d", e.NationName(n), before, after)
		}
	}
	return nil
}

// standingsAddUp: each player split's standings account for every victory
// point the nations hold (reduX Core 2.1: every nation has one seat), where
// nations score (a ruleset without its own Standings).
func standingsAddUp(e *adjudicator.Engine, g game) error {
	if e.PlayersScore() {
		return nil // players score, not nations (Hy Breasil 7)
	}
	var total adjudicator.Points // in halves: classic Britannia's half points add up exactly
	for n := range e.NumNations() {
		total += g.final.Nations[n].VP
	}
	for _, sp := range e.G.Tables.Players {
		var sum adjudicator.Points
		for _, s := range e.Standings(g.final, sp.Count) {
			sum += s.Points
		}
		if sum != total {
			return fmt.Errorf("%d-player standings add up to %s VP, the nations to %s", sp.Count, sum, total)
		}
	}
	return nil
}

// oneNationAnArea: after a nation turn no land area holds two nations (reduX
// Core 7.2: a battle goes on until one side is gone or has retreated).
func oneNationAnArea(e *adjudicator.Engine, st bot.Step) error {
	if e.Due(st.Before).Kind != adjudicator.NationTurn {
		return nil
	}
	for a := range e.G.Board.NumLand {
		if occ := st.After.Occupants(games.AreaID(a)); len(occ) > 1 {
			return fmt.Errorf("after the turn %s still holds %d nations", e.G.Board.AreaName(games.AreaID(a)), len(occ))
		}
	}
	return nil
}

// roundsAdvance: a round event moves the round on by one, or ends the
// game (reduX Core 4.3).
func roundsAdvance(_ *adjudicator.Engine, st bot.Step) error {
	if strings.HasSuffix(st.ID, "-end") && !st.After.Over && st.After.Round != st.Before.Round+1 {
		return fmt.Errorf("end of round %d: round is now %d", st.Before.Round, st.After.Round)
	}
	return nil
}

// lastStep: the game's last step is the end of the final round.
func lastStep(ends ...string) gameCheck {
	return func(e *adjudicator.Engine, g game) error {
		last := g.ids[len(g.ids)-1]
		for _, end := range ends {
			if last == fmt.Sprintf(end, len(e.G.Tables.Rounds)) {
				return nil
			}
		}
		return fmt.Errorf("the last step was %s", last)
	}
}

// TestPlayDeterministic: a seed fixes the whole game (docs/design.md §2: the
// turn's inputs and dice determine its output), for every ruleset.
func TestPlayDeterministic(t *testing.T) {
	for _, r := range games.Rulesets() {
		for _, v := range variantsOf(r.Name) {
			e := v.engine()
			a, err := bot.Play(e, 3, nil)
			if err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			b, err := bot.Play(e, 3, nil)
			if err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: two plays of seed 3 differ", v)
			}
		}
	}
}
