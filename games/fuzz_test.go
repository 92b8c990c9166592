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

// FuzzParseBoard: the board loader never panics, and a board it accepts
// keeps its promises: links at both ends with one kind, straits between land
// areas, every sea with a coast, every area reachable from the first.
func FuzzParseBoard(f *testing.F) {
	g := MustLoad("redux")
	f.Add(g.BoardYAML)
	f.Add([]byte("name: x\nareas: [{name: A, region: R}]\nregions: [R]\nlinks: [[A, A]]\n"))
	f.Add([]byte(isles))
	f.Add([]byte(listed))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBoard("fuzz.yaml", data)
		if err != nil {
			return
		}
		checkBoard(t, b)
	})
}

// checkBoard fails t when b breaks a promise of ParseBoard.
func checkBoard(t *testing.T, b *Board) {
	t.Helper()
	seen := make([]bool, len(b.Areas))
	seen[0] = true
	queue := []AreaID{0}
	for q := 0; q < len(queue); q++ {
		for _, e := range b.Edges(queue[q]) {
			if !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
	}
	if len(queue) != len(b.Areas) {
		t.Fatalf("board accepted in pieces: %d of %d areas reached", len(queue), len(b.Areas))
	}
	for x := range b.Areas {
		a := AreaID(x)
		coast := false
		for _, e := range b.Edges(a) {
			back, ok := b.Link(e.To, a)
			if !ok || back.Kind != e.Kind || e.Strait != (e.Kind == StraitLink) {
				t.Fatalf("link %s–%s one-sided or of two kinds", b.AreaName(a), b.AreaName(e.To))
			}
			if e.Kind != SeaLink && (!b.IsLand(a) || !b.IsLand(e.To)) {
				t.Fatalf("%s link %s–%s has a sea end", e.Kind, b.AreaName(a), b.AreaName(e.To))
			}
			coast = coast || b.IsLand(e.To)
		}
		if !b.IsLand(a) && !coast {
			t.Fatalf("sea %s accepted without a coast", b.AreaName(a))
		}
		if b.IsLand(a) && (b.Areas[a].Terrain < 0 || b.Areas[a].Terrain >= len(b.Terrains)) {
			t.Fatalf("area %s has terrain %d", b.AreaName(a), b.Areas[a].Terrain)
		}
	}
}
