package games

import (
	"testing"
)

// FuzzParseTables: the tables loader never panics, whatever a GM's file holds.
func FuzzParseTables(f *testing.F) {
	g := MustLoad("redux")
	f.Add(g.TablesYAML)
	f.Add([]byte("ruleset: redux\nnations: [{name: X}]\n"))
	f.Add([]byte("population: {points_per_army: 0}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ParseTables("fuzz.yaml", data, g.Board)
	})
}

// FuzzParseBoard: the board loader never panics.
func FuzzParseBoard(f *testing.F) {
	g := MustLoad("redux")
	f.Add(g.BoardYAML)
	f.Add([]byte("name: x\nareas: [{name: A, region: R}]\nregions: [R]\nlinks: [[A, A]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ParseBoard("fuzz.yaml", data)
	})
}
