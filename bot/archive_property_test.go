package bot_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// archiveGame is one simulated game to write as an archive.
type archiveGame struct {
	ruleset string
	options []string
	players int
	seed    uint64
	// extra asks for the first seed from seed on whose game has the extra
	// nation turns of the final round (L&R 11.6.1).
	extra bool
}

func (a archiveGame) String() string {
	return fmt.Sprintf("%s %d players %v seed %d", a.ruleset, a.players, a.options, a.seed)
}

// archiveVariants is every ruleset, player count and option played.
func archiveVariants() []archiveGame {
	var out []archiveGame
	for _, players := range []int{3, 4, 5} {
		for _, opts := range [][]string{nil, {"reduced-randomness"}} {
			out = append(out, archiveGame{ruleset: "redux", options: opts, players: players})
		}
		for _, opts := range [][]string{nil, {"boats"}, {"reduced-randomness"}, {"boats", "reduced-randomness"}} {
			out = append(out, archiveGame{ruleset: "redux-lr", options: opts, players: players})
		}
	}
	return out
}

// archiveSample is the games TestArchivePropertyGames writes: under plain
// go test a handful that together play both rulesets, every player count
// and every option, and a five-player Leaders and Raiders game with the
// extra turns; with PBEM_PROPERTY_GAMES=full four seeds of every variant
// (or that many games in turn over the variants when it is a number).
func archiveSample() []archiveGame {
	variants := archiveVariants()
	if os.Getenv("PBEM_PROPERTY_GAMES") == "" {
		sample := []archiveGame{
			{ruleset: "redux", players: 3, seed: 1},
			{ruleset: "redux", options: []string{"reduced-randomness"}, players: 5, seed: 2},
			{ruleset: "redux-lr", options: []string{"boats"}, players: 3, seed: 3},
			{ruleset: "redux-lr", options: []string{"reduced-randomness"}, players: 4, seed: 4},
			{ruleset: "redux-lr", options: []string{"boats", "reduced-randomness"}, players: 5, seed: 5, extra: true},
		}
		if testing.Short() {
			sample = sample[len(sample)-1:]
		}
		return sample
	}
	count := propertyGames(4*len(variants), 0)
	out := make([]archiveGame, count)
	for i := range out {
		out[i] = variants[i%len(variants)]
		out[i].seed = uint64(i / len(variants))
	}
	return out
}

// TestArchivePropertyGames plays simulated games as the mail daemon and a
// forum GM would, writing every step to a real archive, and reopens it:
// Open reads every step folder back (issue 10: a step id the archive
// could not read, "182-r16-saxons-extra", once ended L&R games in their
// last round), the steps it lists are the steps the engine played in
// memory with the same ids, each id follows the archive's grammar, the game
// is over, its report is readable, and Verify replays every step.
func TestArchivePropertyGames(t *testing.T) {
	sample := archiveSample()
	type result struct {
		game   archiveGame
		steps  int
		extras int
		err    error
	}
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	tmp := t.TempDir()
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				a := sample[i]
				steps, extras, err := archiveChecked(&a, filepath.Join(tmp, fmt.Sprint(i)))
				results <- result{a, steps, extras, err}
			}
		}()
	}
	go func() {
		for i := range sample {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	start := time.Now()
	failed, steps, extras, withExtra := 0, 0, 0, 0
	for r := range results {
		steps += r.steps
		extras += r.extras
		if r.extras > 0 {
			withExtra++
		}
		if r.err != nil {
			failed++
			if failed <= 10 {
				t.Errorf("%s: %v", r.game, r.err)
			}
		}
	}
	if failed > 10 {
		t.Errorf("... and %d more failing games", failed-10)
	}
	if withExtra == 0 && failed == 0 {
		t.Error("no game of the sample had the extra turns of L&R 11.6.1: their step ids went untested")
	}
	t.Logf("%d archives written, reopened and verified: %d steps, %d games with extra turns (%d extra steps), in %v",
		len(sample), steps, withExtra, extras, time.Since(start).Round(time.Millisecond))
}

// archiveChecked writes one game to dir and checks it as
// TestArchivePropertyGames says. With a.extra it first looks, in memory,
// for the first seed from a.seed on whose game has extra turns.
func archiveChecked(a *archiveGame, dir string) (steps, extras int, err error) {
	spec := archive.Sim{Ruleset: a.ruleset, Options: a.options, Players: a.players, Seed: a.seed}
	var mem *archive.SimResult
	for tries := 0; ; tries++ {
		if mem, err = archive.Simulate(spec, ""); err != nil {
			return 0, 0, fmt.Errorf("in memory: %w", err)
		}
		if !a.extra || slices.ContainsFunc(mem.StepIDs, isExtra) {
			break
		}
		if tries == 30 {
			return 0, 0, fmt.Errorf("no game with extra turns (L&R 11.6.1) in seeds %d to %d", a.seed-30, a.seed)
		}
		spec.Seed++
		a.seed++
	}
	res, err := archive.Simulate(spec, dir)
	if err != nil {
		return 0, 0, fmt.Errorf("writing the archive: %w", err)
	}
	g, err := archive.Open(dir)
	if err != nil {
		return 0, 0, fmt.Errorf("reopening the archive: %w", err)
	}
	var ids []string
	for _, st := range g.Steps() {
		if err := archive.CheckStepID(st.ID); err != nil {
			return 0, 0, fmt.Errorf("step %s: %w", st.Dir(), err)
		}
		ids = append(ids, st.ID)
		if isExtra(st.ID) {
			extras++
		}
	}
	switch {
	case !slices.Equal(ids, mem.StepIDs):
		return 0, 0, fmt.Errorf("the archive has steps %v, the game in memory %v", ids, mem.StepIDs)
	case !slices.Equal(res.StepIDs, mem.StepIDs):
		return 0, 0, fmt.Errorf("Simulate reports steps %v for the archive, %v in memory", res.StepIDs, mem.StepIDs)
	case !g.Due().Over:
		return 0, 0, fmt.Errorf("the reopened game is not over after %d steps", len(ids))
	}
	if rep, err := g.Report(ids[len(ids)-1]); err != nil || !strings.Contains(rep, "The game is over.") {
		return 0, 0, fmt.Errorf("the last step's report (%v):\n%s", err, rep)
	}
	v, err := archive.VerifyStats(dir)
	if err != nil {
		return 0, 0, err
	}
	if v.Steps != len(ids) || v.Replayed != len(ids) {
		return 0, 0, fmt.Errorf("verify: %d steps, %d replayed, want %d", v.Steps, v.Replayed, len(ids))
	}
	return len(ids), extras, nil
}

// isExtra reports whether a step belongs to the extra turns of the final
// round (L&R 11.6.1): "r16-saxons-extra", "r16-extra-end".
func isExtra(id string) bool {
	return strings.HasSuffix(id, "-extra") || strings.HasSuffix(id, "-extra-end")
}
