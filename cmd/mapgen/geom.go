package main

import (
	"math"
)

// pt is a point in canvas pixels, y down.
type pt struct{ X, Y float64 }

func (p pt) add(q pt) pt               { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) sub(q pt) pt               { return pt{p.X - q.X, p.Y - q.Y} }
func (p pt) mul(k float64) pt          { return pt{p.X * k, p.Y * k} }
func (p pt) dot(q pt) float64          { return p.X*q.X + p.Y*q.Y }
func (p pt) cross(q pt) float64        { return p.X*q.Y - p.Y*q.X }
func (p pt) len() float64              { return math.Hypot(p.X, p.Y) }
func (p pt) dist(q pt) float64         { return p.sub(q).len() }
func lerp(a, b pt, t float64) pt       { return a.add(b.sub(a).mul(t)) }
func mid(a, b pt) pt                   { return lerp(a, b, 0.5) }
func sq(x float64) float64             { return x * x }
func (p pt) dist2(q pt) float64        { return sq(p.X-q.X) + sq(p.Y-q.Y) }
func (p pt) perp() pt                  { return pt{-p.Y, p.X} }
func (p pt) unit() pt                  { l := p.len(); return pt{p.X / l, p.Y / l} }
func (p pt) near(q pt, e float64) bool { return p.dist2(q) <= e*e }

// area is the shoelace signed area of a ring (positive when the ring turns
// counter-clockwise in x-right, y-up axes).
func area(r []pt) float64 {
	s := 0.0
	for i := range r {
		j := (i + 1) % len(r)
		s += r[i].cross(r[j])
	}
	return s / 2
}

func centroid(r []pt) pt {
	var cx, cy, a float64
	for i := range r {
		j := (i + 1) % len(r)
		c := r[i].cross(r[j])
		a += c
		cx += (r[i].X + r[j].X) * c
		cy += (r[i].Y + r[j].Y) * c
	}
	return pt{cx / (3 * a), cy / (3 * a)}
}

func reversed(r []pt) []pt {
	out := make([]pt, len(r))
	for i, p := range r {
		out[len(r)-1-i] = p
	}
	return out
}

// inRing is the even-odd point-in-polygon test.
func inRing(p pt, r []pt) bool {
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		a, b := r[i], r[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// inRings applies the even-odd rule over several rings (outer rings and holes).
func inRings(p pt, rs [][]pt) bool {
	in := false
	for _, r := range rs {
		if inRing(p, r) {
			in = !in
		}
	}
	return in
}

// segDist is the distance from p to the segment ab.
func segDist(p, a, b pt) float64 {
	d := b.sub(a)
	l2 := d.dot(d)
	if l2 == 0 {
		return p.dist(a)
	}
	t := math.Max(0, math.Min(1, p.sub(a).dot(d)/l2))
	return p.dist(a.add(d.mul(t)))
}

// ringsDist is the distance from p to the nearest edge of any ring.
func ringsDist(p pt, rs [][]pt) float64 {
	best := math.Inf(1)
	for _, r := range rs {
		for i := range r {
			if d := segDist(p, r[i], r[(i+1)%len(r)]); d < best {
				best = d
			}
		}
	}
	return best
}

// simplify is Douglas–Peucker on a closed ring, keeping the two points
// farthest apart so that the ring cannot collapse.
func simplify(r []pt, tol float64) []pt {
	if len(r) < 4 {
		return r
	}
	far := 0
	for i := range r {
		if r[i].dist2(r[0]) > r[far].dist2(r[0]) {
			far = i
		}
	}
	keep := make([]bool, len(r))
	keep[0], keep[far] = true, true
	var dp func(i, j int)
	dp = func(i, j int) { // i < j, indices modulo len(r) handled by caller
		n := len(r)
		best, bi := -1.0, -1
		for k := i + 1; k < j; k++ {
			if d := segDist(r[k%n], r[i%n], r[j%n]); d > best {
				best, bi = d, k
			}
		}
		if best > tol {
			keep[bi%n] = true
			dp(i, bi)
			dp(bi, j)
		}
	}
	dp(0, far)
	dp(far, len(r))
	var out []pt
	for i, k := range keep {
		if k {
			out = append(out, r[i])
		}
	}
	return out
}

// segCross reports whether segments ab and cd properly intersect.
func segCross(a, b, c, d pt) bool {
	d1 := b.sub(a).cross(c.sub(a))
	d2 := b.sub(a).cross(d.sub(a))
	d3 := d.sub(c).cross(a.sub(c))
	d4 := d.sub(c).cross(b.sub(c))
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

// fillInlet runs a ring's coast straight across an inlet's mouth: from the
// vertex nearest a to the vertex nearest b, the shorter way round, every
// vertex between them dropped. An inlet narrower than the map can show
// (the Humber at 1:50m is a sliver a few pixels wide) otherwise outlines
// the area beside it with a spur into the sea.
func fillInlet(r []pt, a, b pt) []pt {
	nearest := func(q pt) int {
		best := 0
		for i := range r {
			if r[i].dist2(q) < r[best].dist2(q) {
				best = i
			}
		}
		return best
	}
	i, j := nearest(a), nearest(b)
	n := len(r)
	if (j-i+n)%n > n/2 {
		i, j = j, i
	}
	var out []pt
	for m := range n {
		if d := (m - i + n) % n; d == 0 || d >= (j-i+n)%n {
			out = append(out, r[m])
		}
	}
	return out
}
