package hybreasil

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
)

// TestDefaultMapBalance checks the default map against the scale the seed's
// token sets and nation limits set (Hy Breasil 2, 5.3; issue 13): 35 to 45
// land areas, each terrain a quarter to under half of them (6.2, 6.3.1), 6 to
// 10 seas with at least one inland (5.1), every outer sea on 4 to 8 coasts so
// that nations can land from every side, every land area reachable over land
// and straits, and every area a few steps from a sea a nation lands from.
func TestDefaultMapBalance(t *testing.T) {
	b := games.MustLoad("hy-breasil").Board
	require.NoError(t, checkBoard("board.yaml", b))
	land := b.NumLand
	assert.GreaterOrEqual(t, land, 35)
	assert.LessOrEqual(t, land, 45)
	share := map[string]int{}
	for a := 0; a < land; a++ {
		share[b.Terrain(games.AreaID(a)).Name]++
	}
	for _, k := range []string{"plains", "forest", "hills"} {
		assert.GreaterOrEqual(t, 4*share[k], land, "%s: %d of %d areas, under a quarter", k, share[k], land)
		assert.Less(t, 2*share[k], land, "%s: %d of %d areas, half or more", k, share[k], land)
	}
	seas, inland := len(b.Areas)-land, 0
	assert.GreaterOrEqual(t, seas, 6)
	assert.LessOrEqual(t, seas, 10)
	for a := land; a < len(b.Areas); a++ {
		coasts := 0
		for _, e := range b.Edges(games.AreaID(a)) {
			if b.IsLand(e.To) {
				coasts++
			}
		}
		if b.Areas[a].Inland {
			inland++
			assert.GreaterOrEqual(t, coasts, 3, "inland sea %s", b.AreaName(games.AreaID(a)))
			continue
		}
		assert.GreaterOrEqual(t, coasts, 4, "%s borders %d land areas", b.AreaName(games.AreaID(a)), coasts)
		assert.LessOrEqual(t, coasts, 8, "%s borders %d land areas", b.AreaName(games.AreaID(a)), coasts)
	}
	assert.GreaterOrEqual(t, inland, 1, "an inland sea (Hy Breasil 5.1)")
	assert.Equal(t, land, len(landReach(b, 0)), "every land area reachable over land and straits")
	for a := 0; a < land; a++ {
		assert.LessOrEqual(t, stepsFromOuterSea(b, games.AreaID(a)), 3, "%s is far from every landing", b.AreaName(games.AreaID(a)))
	}
}

// TestDefaultMapDraws draws the default map from its centres and finds no
// link the drawing contradicts (docs/rulesets.md §9).
func TestDefaultMapDraws(t *testing.T) {
	b := games.MustLoad("hy-breasil").Board
	g, err := mapdraw.Generate(b)
	require.NoError(t, err)
	assert.Empty(t, g.Disagreements(b))
}

func landReach(b *games.Board, from games.AreaID) map[games.AreaID]bool {
	seen := map[games.AreaID]bool{from: true}
	queue := []games.AreaID{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, e := range b.Edges(x) {
			if b.IsLand(e.To) && !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
	}
	return seen
}

// stepsFromOuterSea is the fewest land steps from a coast of a sea that is
// not inland to area a.
func stepsFromOuterSea(b *games.Board, a games.AreaID) int {
	dist := map[games.AreaID]int{a: 0}
	queue := []games.AreaID{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, e := range b.Edges(x) {
			if !b.IsLand(e.To) && !b.Areas[e.To].Inland {
				return dist[x]
			}
			if b.IsLand(e.To) {
				if _, ok := dist[e.To]; !ok {
					dist[e.To] = dist[x] + 1
					queue = append(queue, e.To)
				}
			}
		}
	}
	return 99
}
