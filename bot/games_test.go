package bot_test

import (
	"os"
	"strconv"
	"testing"
)

// propertyGames is how many seeded games a property test plays: full when
// PBEM_PROPERTY_GAMES=full (or a number) asks for it, short under -short,
// and a quarter of full otherwise, so that `go test ./...` stays within
// CI's time on 2 cores. The full runs and their timings are in
// BENCHMARKS.md.
func propertyGames(full, short int) int {
	switch v := os.Getenv("PBEM_PROPERTY_GAMES"); {
	case v == "full":
		return full
	case v != "":
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			return n
		}
	}
	if testing.Short() {
		return short
	}
	return full / 4
}
