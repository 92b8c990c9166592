package mapdraw

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/pbem-org/pbem/games"
)

// A detail is a picture of part of the map, around what a step did, drawn
// large enough to read on a phone (issue 21: the whole board in a mail was
// a thumbnail at 375 px): the board, counters, moves and battles of the
// areas in focus and what lies between them, without the legend and the
// strip, which a report says in words.

// Detail says what a detail shows and how large it is drawn.
type Detail struct {
	// Focus are the areas the detail is about: those a step changed,
	// fought in or moved through. A land area brings its name and its
	// counters into the picture, a sea its counters only (its name may
	// stand far off).
	Focus []games.AreaID
	// Width is the picture's width in pixels; 0 is DetailWidth.
	Width int
}

// The frame of a detail, in the board's pixels: at least detailMinW ×
// detailMinH round its focus with a margin, no taller than detailTall
// times its width nor wider than detailWide times its height, and at most
// detailMaxW × detailMaxH, so that a phone's 343 px column (375 px less
// the report's padding) shows the board at least 0.78 times its size: the
// nation tags under the counters (tagSize) at 7 px, the names at 9.7 px.
// A focus spread wider than that is framed where most of it is.
// DetailWidth draws a frame 1.0 to 1.3 times the board's size: sharp on a
// phone's 343 px column, and a detail about 20 KB of PNG (560 px made it
// 28 KB on average, 480 px 24 KB; BENCHMARKS.md, Mail weight).
const (
	DetailWidth  = 440
	detailMinW   = 340
	detailMinH   = 300
	detailMaxW   = 440
	detailMaxH   = 700
	detailMargin = 26
	detailTall   = 1.6
	detailWide   = 1.6
)

// DetailFrame is the part of the board a detail of the view shows, in the
// board's pixels; the zero Rect when the focus has nothing to show.
func DetailFrame(g *Geometry, b *games.Board, v *View, focus []games.AreaID) (Rect, error) {
	s, err := buildScene(g, b, v)
	if err != nil {
		return Rect{}, err
	}
	return s.detailFrame(b, focus), nil
}

// RenderPNGDetail draws the detail d of the view as a PNG and returns the
// part of the board it shows; with nothing in focus it draws nothing and
// returns the zero Rect. The same input gives the same bytes.
func RenderPNGDetail(w io.Writer, g *Geometry, b *games.Board, v *View, d Detail) (Rect, error) {
	s, err := buildScene(g, b, v)
	if err != nil {
		return Rect{}, err
	}
	frame := s.detailFrame(b, d.Focus)
	if frame.W == 0 {
		return frame, nil
	}
	width := d.Width
	if width <= 0 {
		width = DetailWidth
	}
	if width > 4000 {
		return Rect{}, fmt.Errorf("mapdraw: a detail %d px wide: at most 4000", width)
	}
	t := s.cropped(frame, float64(width)/frame.W)
	t.W, t.H = float64(width), math.Round(t.H) // exactly width: not one more pixel for a rounding error
	return frame, writePNG(w, t)
}

// detailFrame is the frame round the focus: the union of what the view
// draws of each land area in focus (its name and counters) and of each
// sea's counters, with a margin, grown to the least size and a readable
// shape, kept on the board (not the strip under it). When that union is
// larger than detailMaxW × detailMaxH, the frame holds the most of the
// focus that fits (focusCluster).
func (s *scene) detailFrame(b *games.Board, focus []games.AreaID) Rect {
	var items []focusItem
	for _, id := range focus {
		if id < 0 || int(id) >= len(b.Areas) {
			continue
		}
		if u, ok := boundsOf(s.boxes[id]); ok {
			w := 1
			if s.battles[id] {
				w = battleWeight
			}
			items = append(items, focusItem{u, w})
		}
	}
	if len(items) == 0 {
		return Rect{}
	}
	u, _ := boundsOf(focusCluster(items, detailMaxW-2*detailMargin, detailMaxH-2*detailMargin))
	r := u.grow(detailMargin)
	grow := func(w, h float64) {
		if w > r.W {
			r.X, r.W = r.X-(w-r.W)/2, w
		}
		if h > r.H {
			r.Y, r.H = r.Y-(h-r.H)/2, h
		}
	}
	grow(detailMinW, detailMinH)
	grow(min(r.H/detailTall, detailMaxW), min(r.W/detailWide, detailMaxH))
	// On the board: moved inside it, cut to it where larger.
	r.W, r.H = math.Min(r.W, s.W), math.Min(r.H, s.board)
	r.X = math.Max(0, math.Min(r.X, s.W-r.W))
	r.Y = math.Max(0, math.Min(r.Y, s.board-r.H))
	return Rect{math.Round(r.X), math.Round(r.Y), math.Round(r.W), math.Round(r.H)}
}

// boundsOf is the least rectangle holding rs; false for none.
func boundsOf(rs []Rect) (Rect, bool) {
	if len(rs) == 0 {
		return Rect{}, false
	}
	lo, hi := Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	for _, r := range rs {
		lo = Point{math.Min(lo.X, r.X), math.Min(lo.Y, r.Y)}
		hi = Point{math.Max(hi.X, r.X+r.W), math.Max(hi.Y, r.Y+r.H)}
	}
	return Rect{lo.X, lo.Y, hi.X - lo.X, hi.Y - lo.Y}, true
}

// A focusItem is what the view draws of an area in focus, and how much
// it weighs in choosing a detail's frame.
type focusItem struct {
	box    Rect
	weight int
}

// battleWeight is the weight of an area fought in: a battle is what a
// detail shows first, before moves and placements elsewhere.
const battleWeight = 3

// focusCluster is the heaviest group of items whose union fits in w × h:
// all of them when they fit, else, for each item in turn, the items
// nearest it added while they fit, the group of the most weight kept
// (the smaller union on a tie, then the earlier item: deterministic).
func focusCluster(items []focusItem, w, h float64) []Rect {
	fits := func(rs []Rect) bool {
		u, _ := boundsOf(rs)
		return u.W <= w && u.H <= h
	}
	all := make([]Rect, len(items))
	for i, it := range items {
		all[i] = it.box
	}
	if fits(all) {
		return all
	}
	centre := func(r Rect) Point { return Point{r.X + r.W/2, r.Y + r.H/2} }
	var best []Rect
	bestWeight, bestArea := 0, math.Inf(1)
	for k, seed := range items {
		c := centre(seed.box)
		order := make([]int, 0, len(items))
		for i := range items {
			if i != k {
				order = append(order, i)
			}
		}
		sort.SliceStable(order, func(i, j int) bool {
			return centre(all[order[i]]).sub(c).len() < centre(all[order[j]]).sub(c).len()
		})
		group, weight := []Rect{seed.box}, seed.weight
		for _, i := range order {
			if fits(append(group, all[i])) {
				group, weight = append(group, all[i]), weight+items[i].weight
			}
		}
		u, _ := boundsOf(group)
		if weight > bestWeight || (weight == bestWeight && u.W*u.H < bestArea) {
			best, bestWeight, bestArea = group, weight, u.W*u.H
		}
	}
	return best
}

// cropped is the scene's part in frame drawn k times as large, without
// the legend and the strip, and without the operations wholly outside it.
func (s *scene) cropped(frame Rect, k float64) *scene {
	t := &scene{W: frame.W, H: frame.H, faces: s.faces, board: frame.H}
	for _, o := range s.Ops {
		if o.Group == "legend" || o.Group == "strip" || !o.meets(frame, s) {
			continue
		}
		t.Ops = append(t.Ops, o.moved(Point{-frame.X, -frame.Y}))
	}
	return t.scaled(k)
}

// meets reports whether an operation may draw inside frame: its bounds
// (with its stroke, a text's measured width and halo) overlap it.
func (o *op) meets(frame Rect, s *scene) bool {
	lo, hi := Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	add := func(p Point, pad float64) {
		lo = Point{math.Min(lo.X, p.X-pad), math.Min(lo.Y, p.Y-pad)}
		hi = Point{math.Max(hi.X, p.X+pad), math.Max(hi.Y, p.Y+pad)}
	}
	switch o.Kind {
	case opPath:
		for _, p := range o.Paths {
			for _, q := range p {
				add(q, o.Width)
			}
		}
	case opCircle:
		add(o.C, o.R+o.Width)
	case opText:
		w := s.width(o.Font, o.Size, o.Text)
		x := o.At.X - o.Align*w
		add(Point{x, o.At.Y - o.Size}, o.HaloW)
		add(Point{x + w, o.At.Y + o.Size*0.3}, o.HaloW)
	}
	return !math.IsInf(lo.X, 1) && lo.X <= frame.X+frame.W && hi.X >= frame.X && lo.Y <= frame.Y+frame.H && hi.Y >= frame.Y
}

// moved is the operation shifted by d.
func (o op) moved(d Point) op {
	if o.Paths != nil {
		ps := make([][]Point, len(o.Paths))
		for i, p := range o.Paths {
			q := make([]Point, len(p))
			for j, v := range p {
				q[j] = v.add(d)
			}
			ps[i] = q
		}
		o.Paths = ps
	}
	o.C, o.At = o.C.add(d), o.At.add(d)
	return o
}
