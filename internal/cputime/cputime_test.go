package cputime

import (
	"runtime"
	"testing"
)

// TestSelfGrows: work done shows as CPU time.
func TestSelfGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("not measured here")
	}
	t0 := Self()
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	if Self() <= t0 || x == 0 {
		t.Errorf("CPU time did not grow: %v then %v", t0, Self())
	}
}
