package main

import (
	"math"
	"sort"
	"strings"

	"github.com/pbem-org/pbem/mapdraw"
)

// How many counter slots each land area and sea gets, best first.
const (
	landSlots = 6
	seaSlots  = 8
)

type rect struct{ x0, y0, x1, y1 float64 }

func rectOf(r mapdraw.Rect) rect { return rect{r.X, r.Y, r.X + r.W, r.Y + r.H} }

func (r rect) grow(d float64) rect { return rect{r.x0 - d, r.y0 - d, r.x1 + d, r.y1 + d} }

func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

// samples are points on the rectangle's edge and inside it.
func (r rect) samples() []pt {
	var out []pt
	for _, fx := range []float64{0, 0.25, 0.5, 0.75, 1} {
		for _, fy := range []float64{0, 0.5, 1} {
			out = append(out, pt{r.x0 + fx*(r.x1-r.x0), r.y0 + fy*(r.y1-r.y0)})
		}
	}
	return out
}

// segHitsRect reports whether segment ab meets r (Liang–Barsky).
func segHitsRect(a, b pt, r rect) bool {
	t0, t1 := 0.0, 1.0
	d := b.sub(a)
	for _, c := range [][2]float64{{-d.X, a.X - r.x0}, {d.X, r.x1 - a.X}, {-d.Y, a.Y - r.y0}, {d.Y, r.y1 - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

func edgesHit(r rect, rings [][]pt) bool {
	for _, ring := range rings {
		for i := range ring {
			if segHitsRect(ring[i], ring[(i+1)%len(ring)], r) {
				return true
			}
		}
	}
	return false
}

// rectInside reports whether r lies wholly inside the rings.
func rectInside(r rect, rings [][]pt) bool {
	for _, p := range r.samples() {
		if !inRings(p, rings) {
			return false
		}
	}
	return !edgesHit(r, rings)
}

// rectClear reports whether r touches none of the rings.
func rectClear(r rect, rings [][]pt) bool {
	for _, p := range r.samples() {
		for _, ring := range rings {
			if inRing(p, ring) {
				return false
			}
		}
	}
	return !edgesHit(r, rings)
}

func bbox(rings [][]pt) rect {
	b := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, r := range rings {
		for _, p := range r {
			b.x0, b.y0 = math.Min(b.x0, p.X), math.Min(b.y0, p.Y)
			b.x1, b.y1 = math.Max(b.x1, p.X), math.Max(b.y1, p.Y)
		}
	}
	return b
}

// grid lists the points of a step-pixel grid over r, in a fixed order.
func grid(r rect, step float64) []pt {
	var out []pt
	for y := math.Floor(r.y0/step) * step; y <= r.y1; y += step {
		for x := math.Floor(r.x0/step) * step; x <= r.x1; x += step {
			out = append(out, pt{x, y})
		}
	}
	return out
}

func stackBox(c pt) rect { return rectOf(mapdraw.StackFootprint(mapdraw.Point{X: c.X, Y: c.Y})) }

func labelBox(s *shape, c pt) rect {
	w, h := mapdraw.LabelSize(labelOf(s))
	return rect{c.X - w/2, c.Y - h/2, c.X + w/2, c.Y + h/2}
}

func labelOf(s *shape) string {
	if s.Text != "" {
		return s.Text
	}
	return s.Name
}

// place puts each land area's label where the box fits best, near the
// middle of the area, then the counter slots of land and sea.
func place(m *model) {
	for _, s := range m.Shapes {
		if t, ok := labelText[s.Name]; ok {
			s.Text = t
		}
		if !s.Sea {
			placeLabel(s)
		}
	}
	sp := newSlotPlacer(m)
	for _, s := range m.Shapes {
		sp.placeSlots(s)
	}
}

// slotPlacer places counter slots clear of the labels, the legend, the
// straits and the slots placed before.
type slotPlacer struct {
	m          *model
	obstacles  []rect // labels, the legend
	straitSegs [][2]pt
	islandOnly map[string]bool // land areas made only of islands
	taken      []rect
}

// newSlotPlacer lists the obstacles of m's slots.
func newSlotPlacer(m *model) *slotPlacer {
	sp := &slotPlacer{m: m, islandOnly: map[string]bool{}}
	for _, s := range m.Shapes {
		if s.Sea {
			w, h := seaLabelSize(s.Name)
			// Keep a gap under a sea's name, where move arrows leave it.
			sp.obstacles = append(sp.obstacles, rect{s.Label.X - w/2, s.Label.Y - h/2, s.Label.X + w/2, s.Label.Y + h/2}.grow(6))
		} else {
			sp.obstacles = append(sp.obstacles, labelBox(s, s.Label))
		}
	}
	sp.obstacles = append(sp.obstacles, rect{m.Legend[0], m.Legend[1], m.Legend[0] + m.Legend[2], m.Legend[1] + m.Legend[3]})
	for _, st := range m.Straits {
		sp.straitSegs = append(sp.straitSegs, [2]pt{st.From, st.To})
	}
	for _, s := range m.Shapes {
		if !s.Sea && m.islandOnly(s) {
			sp.islandOnly[s.Name] = true
		}
	}
	return sp
}

// free reports whether a slot's box f lies on the canvas, clear of every
// obstacle, slot taken and strait.
func (sp *slotPlacer) free(f rect) bool {
	if f.x0 < 2 || f.y0 < 2 || f.x1 > canvasW-2 || f.y1 > canvasH-2 {
		return false
	}
	for _, o := range sp.obstacles {
		if f.overlaps(o.grow(3)) {
			return false
		}
	}
	for _, t := range sp.taken {
		if f.overlaps(t) {
			return false
		}
	}
	for _, sg := range sp.straitSegs {
		if segHitsRect(sg[0], sg[1], f) {
			return false
		}
	}
	return true
}

// placeSlots places s's counter slots: the candidates of each tier in
// turn, best first, until s has its number of slots.
func (sp *slotPlacer) placeSlots(s *shape) {
	n := landSlots
	if s.Sea {
		n = seaSlots
	}
	cands := sp.candidates(s)
	for _, tier := range sp.tiers(s) {
		for _, c := range cands {
			if len(s.Slots) == n {
				break
			}
			f := stackBox(c)
			if sp.free(f) && tier(c, f) {
				s.Slots = append(s.Slots, c)
				sp.taken = append(sp.taken, f)
			}
		}
	}
}

// candidates lists the points where s's slots may go, best first: for a
// land area, the nearest to its label; for a sea, near its name, and
// rather on the open-sea side of it (move arrows leave a sea's name
// towards the coast).
func (sp *slotPlacer) candidates(s *shape) []pt {
	origin := s.Label
	if !s.Sea {
		cands := grid(bbox(s.Rings).grow(40), 2)
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].dist2(origin) < cands[j].dist2(origin) })
		return cands
	}
	cands := grid(rect{origin.X - 170, origin.Y - 170, origin.X + 170, origin.Y + 170}, 3)
	toLand := nearestPoint(origin, sp.m.Land).sub(origin).unit()
	key := make(map[pt]float64, len(cands))
	for _, c := range cands {
		d := c.dist(origin)
		cos := 0.0
		if d > 0 {
			cos = c.sub(origin).dot(toLand) / d
		}
		key[c] = d * (1 + 0.45*cos)
	}
	sort.SliceStable(cands, func(i, j int) bool { return key[cands[i]] < key[cands[j]] })
	return cands
}

// tiers are the tests a slot of s passes, tried in turn. For a land area:
// wholly inside the area; the disc inside; for areas made only of
// islands, in water near them, clear of all land. For a sea: inside, clear
// of every coast, British or not.
func (sp *slotPlacer) tiers(s *shape) []func(c pt, f rect) bool {
	m := sp.m
	if s.Sea {
		return []func(c pt, f rect) bool{func(c pt, f rect) bool {
			return rectInside(f, s.Rings) && rectClear(f.grow(3), m.Other) && ringsDist(c, m.Land) > 24
		}}
	}
	return []func(c pt, f rect) bool{
		func(c pt, f rect) bool { return rectInside(f, s.Rings) },
		func(c pt, f rect) bool {
			return inRings(c, s.Rings) && ringsDist(c, s.Rings) >= 8
		},
		func(c pt, f rect) bool {
			return sp.islandOnly[s.Name] && len(s.Slots) < 3 && ringsDist(c, s.Rings) < 45 && rectClear(f.grow(2), m.Land) && rectClear(f.grow(2), m.Other)
		},
	}
}

// placeLabel finds the label point. The box must fit inside the area; among
// the places where it fits, prefer those that leave room for the most
// counter slots around the label, then room around the box, then the
// area's middle.
func placeLabel(s *shape) {
	pole, _ := poleOf(s.Rings)
	type cand struct {
		c     pt
		score float64
	}
	var cs []cand
	for _, c := range grid(bbox(s.Rings), 2) {
		b := labelBox(s, c)
		if !rectInside(b.grow(2), s.Rings) {
			continue
		}
		room := math.Inf(1)
		for _, p := range b.samples() {
			room = math.Min(room, ringsDist(p, s.Rings))
		}
		cs = append(cs, cand{c, math.Min(room, 14) - 0.04*c.dist(pole)})
	}
	if len(cs) == 0 {
		// Too small for the box (small islands): put the label on the
		// area's deepest point and let it run over the water.
		s.Label = pt{math.Round(pole.X), math.Round(pole.Y)}
		return
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	// Count the slots the best few dozen places leave (on a coarser grid,
	// for speed) and keep the best.
	const want = 4
	best, bestScore := cs[0].c, math.Inf(-1)
	for i, c := range cs {
		if i >= 60 {
			break
		}
		n := slotRoom(s, c.c, want)
		if sc := float64(n)*100 + c.score; sc > bestScore {
			best, bestScore = c.c, sc
		}
	}
	s.Label = pt{math.Round(best.X), math.Round(best.Y)}
}

// slotRoom counts, up to want, the counter footprints that fit wholly in
// the area around a label at c, greedily nearest first.
func slotRoom(s *shape, c pt, want int) int {
	lb := labelBox(s, c).grow(3)
	cands := grid(bbox(s.Rings), 4)
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].dist2(c) < cands[j].dist2(c) })
	var taken []rect
	for _, p := range cands {
		f := stackBox(p)
		if f.overlaps(lb) {
			continue
		}
		ok := true
		for _, t := range taken {
			ok = ok && !f.overlaps(t)
		}
		if ok && rectInside(f, s.Rings) {
			taken = append(taken, f)
			if len(taken) == want {
				break
			}
		}
	}
	return len(taken)
}

// poleOf is the point of the rings farthest from their edges (a grid
// search; good enough at 2 px).
func poleOf(rings [][]pt) (pt, float64) {
	best, bestD := pt{}, -1.0
	for _, c := range grid(bbox(rings), 2) {
		if !inRings(c, rings) {
			continue
		}
		if d := ringsDist(c, rings); d > bestD {
			best, bestD = c, d
		}
	}
	return best, bestD
}

func seaLabelSize(name string) (float64, float64) {
	// mapdraw measures sea labels at render time; mirror its size here.
	return mapdraw.SeaLabelSize(strings.TrimSpace(name))
}

// islandOnly reports whether an area has no mainland land.
func (m *model) islandOnly(s *shape) bool {
	for _, r := range s.Rings {
		for _, p := range r {
			if ringsDist(p, m.Land[:1]) < 0.01 {
				return false
			}
		}
	}
	return true
}

// nearestPoint is the point of the rings' edges nearest p.
func nearestPoint(p pt, rings [][]pt) pt {
	best, bestD := p, math.Inf(1)
	for _, r := range rings {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			d := b.sub(a)
			t := 0.0
			if l2 := d.dot(d); l2 > 0 {
				t = math.Max(0, math.Min(1, p.sub(a).dot(d)/l2))
			}
			q := a.add(d.mul(t))
			if dd := q.dist(p); dd < bestD {
				best, bestD = q, dd
			}
		}
	}
	return best
}
