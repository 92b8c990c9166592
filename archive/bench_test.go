package archive

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/pbem-org/pbem/internal/cputime"
)

// BenchmarkVerify verifies a complete archive: a whole simulated reduX game
// (4 players, seed 1, 179 steps), every die re-derived and every step
// replayed. Target: under a second.
func BenchmarkVerify(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "sim")
	if _, err := Simulate(Sim{Ruleset: "redux", Players: 4, Seed: 1}, dir); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cputime.Self()
	var st *Verified
	for range b.N {
		var err error
		if st, err = VerifyStats(dir); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time says what the machine's load does not change.
	b.ReportMetric(float64((cputime.Self()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(st.Steps), "steps")
	b.ReportMetric(float64(st.Dice), "dice")
}

// BenchmarkAdvance adjudicates and writes one missed nation turn (bot
// orders, engine, report, eight files fsynced, the folder renamed into
// place), rolling back after each so that the same turn is played every
// time.
func BenchmarkAdvance(b *testing.B) {
	f := newGame(b)
	f.nmr()
	b.ResetTimer()
	for range b.N {
		if _, err := f.g.Advance(true); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if _, err := f.g.Rollback("1", "benchmark"); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

// BenchmarkSimulate plays a whole game in memory, as `pbem simulate` does
// without --game.
func BenchmarkSimulate(b *testing.B) {
	for range b.N {
		if _, err := Simulate(Sim{Ruleset: "redux", Players: 4, Seed: 1}, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimulateArchive writes a whole simulated game as an archive, as
// `pbem simulate --game` does (no fsync).
func BenchmarkSimulateArchive(b *testing.B) {
	for i := range b.N {
		if _, err := Simulate(Sim{Ruleset: "redux", Players: 4, Seed: 1}, filepath.Join(b.TempDir(), fmt.Sprint(i))); err != nil {
			b.Fatal(err)
		}
	}
}
