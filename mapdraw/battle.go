package mapdraw

import "github.com/pbem-org/pbem/games"

// markSize is the side of the square a battle mark takes.
const markSize = 24

// nameBoxes are the boxes of every name written on the board: each area's
// label and each further copy of a sea's name.
func nameBoxes(g *Geometry, b *games.Board, labels []Rect) []Rect {
	out := append([]Rect(nil), labels...)
	for id := games.AreaID(b.NumLand); int(id) < len(b.Areas); id++ {
		if b.Area(id).Inland {
			continue
		}
		w, h := SeaLabelSize(b.AreaName(id))
		for _, at := range g.Shapes[id].More {
			out = append(out, rectAround(at, w, h))
		}
	}
	return out
}

// placeBattleMarks puts each battle's mark beside its area's name, never
// on a name (issue 14): the nearest free spot to the left of the label,
// then right, above and below it, then further out, inside the area where
// one is free. A battle listed twice gets one mark.
func placeBattleMarks(g *Geometry, b *games.Board, battles []games.AreaID, labels []Rect) map[games.AreaID]Point {
	names := nameBoxes(g, b, labels)
	out := map[games.AreaID]Point{}
	var marks []Rect
	free := func(c Point) bool {
		r := rectAround(c, markSize, markSize)
		if r.X < 0 || r.Y < 0 || r.X+r.W > g.Width || r.Y+r.H > g.Height {
			return false
		}
		for _, n := range names {
			if r.overlaps(n.grow(1)) {
				return false
			}
		}
		for _, m := range marks {
			if r.overlaps(m) {
				return false
			}
		}
		return true
	}
	for _, id := range battles {
		if _, done := out[id]; done {
			continue
		}
		c := markSpot(labels[id], g.Shapes[id].Rings, free)
		out[id] = c
		marks = append(marks, rectAround(c, markSize, markSize))
	}
	return out
}

// markSpot is the first free spot around the label box r: the spots ring
// by ring further out, and in each ring left, right, above, below and the
// corners; first only spots inside the area's rings, then any.
func markSpot(r Rect, rings [][]Point, free func(Point) bool) Point {
	const half = markSize/2 + 1
	mid := Point{r.X + r.W/2, r.Y + r.H/2}
	var spots []Point
	for d := 0.0; d <= 48; d += 4 {
		l, rt := r.X-half-d, r.X+r.W+half+d
		t, bt := r.Y-half-d, r.Y+r.H+half+d
		spots = append(spots, Point{l, mid.Y}, Point{rt, mid.Y}, Point{mid.X, t}, Point{mid.X, bt},
			Point{l, t}, Point{rt, t}, Point{l, bt}, Point{rt, bt})
	}
	for _, inside := range []bool{true, false} {
		for _, c := range spots {
			if (!inside || InRings(c, rings)) && free(c) {
				return c
			}
		}
	}
	// Nowhere free: as close as possible, left of the name.
	return Point{r.X - half, mid.Y}
}
