package mapdraw

import (
	"math"

	"github.com/pbem-org/pbem/games"
)

// addLinks makes the drawing say every link of the board (reduX Core 6):
// a strait without an arrow gets one, a link that no border of
// MinBorder shows gets a Link arrow, and a border between areas that are
// not linked over land is marked Unlinked. A drawing that agrees with its
// board (Disagreements is empty) is left as it is.
func (g *Geometry) addLinks(b *games.Board) {
	n := len(b.Areas)
	shared := make([]float64, n*n)
	for _, bd := range g.Borders {
		if bd.B != games.NoArea {
			shared[int(bd.A)*n+int(bd.B)] += bd.Length
			shared[int(bd.B)*n+int(bd.A)] += bd.Length
		}
	}
	for i := range g.Borders {
		bd := &g.Borders[i]
		if bd.B == games.NoArea {
			continue
		}
		if linked, strait := b.Adjacent(bd.A, bd.B); !linked || strait {
			bd.Unlinked = true
		}
	}
	for x := range b.Areas {
		for _, e := range b.Edges(games.AreaID(x)) {
			a, c := games.AreaID(x), e.To
			if a > c {
				continue
			}
			switch {
			case e.Kind == games.StraitLink && !g.hasStrait(a, c):
				from, to := g.arrowEnds(b, a, c)
				g.Straits = append(g.Straits, Strait{A: a, B: c, From: from, To: to})
			case e.Kind != games.StraitLink && shared[int(a)*n+int(c)] < MinBorder:
				from, to := g.arrowEnds(b, a, c)
				g.Links = append(g.Links, Link{A: a, B: c, Kind: e.Kind, From: from, To: to})
			}
		}
	}
}

func (g *Geometry) hasStrait(a, c games.AreaID) bool {
	for _, s := range g.Straits {
		if (s.A == a && s.B == c) || (s.A == c && s.B == a) {
			return true
		}
	}
	return false
}

// arrowEnds runs an arrow between two areas' labels, from the edge of one
// label to the edge of the other, a little clear of both; to a sea from
// land, it ends just inside the sea's water nearest the land's label.
func (g *Geometry) arrowEnds(b *games.Board, a, c games.AreaID) (Point, Point) {
	p, q := g.Shapes[a].Label, g.Shapes[c].Label
	if b.IsLand(a) != b.IsLand(c) {
		land, sea := a, c
		if !b.IsLand(a) {
			land, sea = c, a
		}
		p = g.Shapes[land].Label
		q = nearestInside(p, g.Shapes[sea].Rings, 14)
		from := clipFromRect(p, q, labelBox(g, b, land).grow(5))
		if land == c {
			return q, from
		}
		return from, q
	}
	from := clipFromRect(p, q, labelBox(g, b, a).grow(5))
	to := clipFromRect(q, p, labelBox(g, b, c).grow(5))
	if from.dist(to) < 16 { // labels that touch: a short arrow across
		m, d := p.add(q).mul(0.5), q.sub(p).unit()
		from, to = m.sub(d.mul(10)), m.add(d.mul(10))
	}
	return from, to
}

// slotReach is how far from its label, in pixels, an area's slots are
// looked for.
const slotReach = 180

// placeSlots gives every shape without counter slots a few: the spots
// nearest its label where a stack fits inside it, clear of every label and
// of each other (four on land, six at sea).
func placeSlots(g *Geometry, b *games.Board) {
	labels := make([]Rect, len(b.Areas))
	for id := range b.Areas {
		labels[id] = labelBox(g, b, games.AreaID(id)).grow(2)
	}
	var taken []Rect
	for id := range b.Areas {
		sh := &g.Shapes[id]
		if len(sh.Slots) > 0 {
			continue
		}
		want, land := 4, b.IsLand(games.AreaID(id))
		if !land {
			want = 6
		}
		lo, hi := ringsBox(sh.Rings)
		lo = Point{math.Max(lo.X, sh.Label.X-slotReach), math.Max(lo.Y, sh.Label.Y-slotReach)}
		hi = Point{math.Min(hi.X, sh.Label.X+slotReach), math.Min(hi.Y, sh.Label.Y+slotReach)}
		var cs []Point
		for y := lo.Y; y <= hi.Y; y += 6 {
			for x := lo.X; x <= hi.X; x += 6 {
				cs = append(cs, Point{x, y})
			}
		}
		byCoast(cs, func(p Point) float64 { return p.dist(sh.Label) })
		for _, c := range cs {
			if len(sh.Slots) == want {
				break
			}
			f := StackFootprint(c)
			if !g.inside(f, sh.Rings) || (!land && g.touchesLand(b, f)) || overlapsAny(f, labels) || overlapsAny(f, taken) {
				continue
			}
			sh.Slots = append(sh.Slots, c)
			taken = append(taken, f)
		}
	}
}

// inside reports whether a rectangle lies in the rings and on the map.
func (g *Geometry) inside(f Rect, rings [][]Point) bool {
	if f.X < 0 || f.Y < 0 || f.X+f.W > g.Width || f.Y+f.H > g.Height || (g.Legend.W > 0 && f.overlaps(g.Legend)) {
		return false
	}
	for _, p := range corners(f) {
		if !InRings(p, rings) {
			return false
		}
	}
	return true
}

func (g *Geometry) touchesLand(b *games.Board, f Rect) bool {
	for _, p := range corners(f) {
		if onLand(g, b, p) {
			return true
		}
	}
	return false
}

func corners(f Rect) []Point {
	return []Point{{f.X, f.Y}, {f.X + f.W, f.Y}, {f.X, f.Y + f.H}, {f.X + f.W, f.Y + f.H}, {f.X + f.W/2, f.Y + f.H/2}}
}

func overlapsAny(f Rect, rs []Rect) bool {
	for _, r := range rs {
		if f.overlaps(r) {
			return true
		}
	}
	return false
}

// nearestInside is the point of the rings' edges nearest p, moved depth
// pixels further into the rings (when that point is inside them).
func nearestInside(p Point, rings [][]Point, depth float64) Point {
	best, bestD := p, math.Inf(1)
	for _, r := range rings {
		for i := range r {
			q := nearestOnSegment(p, r[i], r[(i+1)%len(r)])
			if d := q.dist(p); d < bestD {
				best, bestD = q, d
			}
		}
	}
	if in := best.add(best.sub(p).unit().mul(depth)); InRings(in, rings) {
		return in
	}
	return best
}
