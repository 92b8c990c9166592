package mapdraw

import (
	"fmt"

	"github.com/pbem-org/pbem/games"
)

// MinBorder is the shortest shared border, in pixels, that a reader can see
// as two areas meeting. Borders shorter than this are disagreements too.
const MinBorder = 12.0

// Disagreements compares the drawing with the board's links, reduX Core 6:
// areas that share a drawn border must be linked, every link that is not a
// strait must be drawn as a shared border at least MinBorder long (land–land,
// land–sea and sea–sea alike), and every strait must have its arrow. An
// empty result means the picture never contradicts the board.
func (g *Geometry) Disagreements(b *games.Board) []string {
	var out []string
	n := len(b.Areas)
	shared := make([][]float64, n)
	where := make([][]Point, n)
	for i := range shared {
		shared[i] = make([]float64, n)
		where[i] = make([]Point, n)
	}
	name := b.AreaName
	for _, bd := range g.Borders {
		if bd.B == games.NoArea {
			out = append(out, fmt.Sprintf("%s has %.0f px of coast on no sea", name(bd.A), bd.Length))
			continue
		}
		shared[bd.A][bd.B] += bd.Length
		shared[bd.B][bd.A] += bd.Length
		w := bd.Lines[0][0]
		where[bd.A][bd.B], where[bd.B][bd.A] = w, w
	}
	for x := range n {
		for y := x + 1; y < n; y++ {
			l := shared[x][y]
			linked, strait := b.Adjacent(games.AreaID(x), games.AreaID(y))
			switch {
			case l > 0 && !linked:
				out = append(out, fmt.Sprintf("%s and %s share %.1f px of border near (%.0f, %.0f) but are not linked", name(games.AreaID(x)), name(games.AreaID(y)), l, where[x][y].X, where[x][y].Y))
			case l > 0 && strait:
				out = append(out, fmt.Sprintf("%s and %s share %.1f px of border near (%.0f, %.0f) but are linked only across a strait", name(games.AreaID(x)), name(games.AreaID(y)), l, where[x][y].X, where[x][y].Y))
			case linked && !strait && l < MinBorder:
				out = append(out, fmt.Sprintf("%s and %s are linked but share only %.1f px of border", name(games.AreaID(x)), name(games.AreaID(y)), l))
			case linked && strait:
				found := false
				for _, s := range g.Straits {
					found = found || (s.A == games.AreaID(x) && s.B == games.AreaID(y)) || (s.A == games.AreaID(y) && s.B == games.AreaID(x))
				}
				if !found {
					out = append(out, fmt.Sprintf("the strait %s–%s has no arrow", name(games.AreaID(x)), name(games.AreaID(y))))
				}
			}
		}
	}
	return out
}
