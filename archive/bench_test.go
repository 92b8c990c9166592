package archive

import (
	"path/filepath"
	"testing"
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
	cpu0 := cpuTime()
	var st *Verified
	for range b.N {
		var err error
		if st, err = VerifyStats(dir); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time says what the machine's load does not change.
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(st.Steps), "steps")
	b.ReportMetric(float64(st.Dice), "dice")
}
