package bot_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
)

// archiveGame is one simulated game to write as an archive.
type archiveGame struct {
	variant
	seed uint64
	// extra asks for the first seed from seed on whose game has the extra
	// nation turns of the final round (L&R 11.6.1).
	extra bool
}

func (a archiveGame) String() string {
	return fmt.Sprintf("%s seed %d", a.variant, a.seed)
}

// archiveSample is the games TestArchivePropertyGames writes: under plain
// go test a handful that together play every ruleset, every player count
// of reduX and every option, and a five-player Leaders and Raiders game
// with the extra turns; with PBEM_PROPERTY_GAMES=full four seeds of every variant
// (or that many games in turn over the variants when it is a number).
func archiveSample() []archiveGame {
	var variants []variant
	for _, r := range games.Rulesets() {
		variants = append(variants, variantsOf(r.Name)...)
	}
	if os.Getenv("PBEM_PROPERTY_GAMES") == "" {
		sample := []archiveGame{
			{variant: variant{"redux", nil, 3}, seed: 1},
			{variant: variant{"redux", []string{"reduced-randomness"}, 5}, seed: 2},
			{variant: variant{"redux-lr", []string{"boats"}, 3}, seed: 3},
			{variant: variant{"redux-lr", []string{"reduced-randomness"}, 4}, seed: 4},
			{variant: variant{"britannia", []string{"first-edition-burhs", "first-edition-order", "first-edition-romans"}, 4}, seed: 6},
			{variant: variant{"hy-breasil", []string{"races", "submission", "abilities", "random-scoring"}, 3}, seed: 7},
			{variant: variant{"hy-breasil", []string{"continuous", "races", "abilities"}, 3}, seed: 8}, // players enter and leave (10)
			{variant: variant{"redux-lr", []string{"boats", "reduced-randomness"}, 5}, seed: 5, extra: true},
		}
		if testing.Short() {
			sample = sample[len(sample)-1:]
		}
		return sample
	}
	count := propertyGames(4*len(variants), 0)
	out := make([]archiveGame, count)
	for i := range out {
		out[i] = archiveGame{variant: variants[i%len(variants)], seed: uint64(i / len(variants))}
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
	tmp := t.TempDir()
	start := time.Now()
	type result struct {
		steps, extras int
		err           error
	}
	res := parallel(len(sample), func(i int) (r result) {
		r.steps, r.extras, r.err = archiveChecked(&sample[i], filepath.Join(tmp, fmt.Sprint(i)))
		return r
	})
	failed, steps, extras, withExtra := 0, 0, 0, 0
	for i, r := range res {
		steps += r.steps
		extras += r.extras
		if r.extras > 0 {
			withExtra++
		}
		if r.err != nil {
			if failed++; failed <= 10 {
				t.Errorf("%s: %v", sample[i], r.err)
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
