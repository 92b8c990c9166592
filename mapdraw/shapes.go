package mapdraw

import (
	"math"
	"sort"
)

func (p Point) add(q Point) Point    { return Point{p.X + q.X, p.Y + q.Y} }
func (p Point) sub(q Point) Point    { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) mul(k float64) Point  { return Point{p.X * k, p.Y * k} }
func (p Point) len() float64         { return math.Hypot(p.X, p.Y) }
func (p Point) dist(q Point) float64 { return p.sub(q).len() }
func (p Point) perp() Point          { return Point{-p.Y, p.X} }
func (r Rect) contains(p Point) bool {
	return p.X >= r.X && p.X <= r.X+r.W && p.Y >= r.Y && p.Y <= r.Y+r.H
}
func (r Rect) grow(d float64) Rect          { return Rect{r.X - d, r.Y - d, r.W + 2*d, r.H + 2*d} }
func rectAround(c Point, w, h float64) Rect { return Rect{c.X - w/2, c.Y - h/2, w, h} }

func (r Rect) overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

func (p Point) unit() Point {
	l := p.len()
	if l == 0 {
		return Point{}
	}
	return p.mul(1 / l)
}

// InRings reports whether p is inside the rings by the even-odd rule.
func InRings(p Point, rings [][]Point) bool {
	in := false
	for _, r := range rings {
		for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
			a, b := r[i], r[j]
			if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
				in = !in
			}
		}
	}
	return in
}

// hatch returns the pieces of the lines x − y = c (c a multiple of gap·√2,
// so neighbouring areas' hatching lines up) that lie inside the rings.
func hatch(rings [][]Point, gap float64) [][]Point {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rings {
		for _, p := range r {
			lo, hi = math.Min(lo, p.X-p.Y), math.Max(hi, p.X-p.Y)
		}
	}
	step := gap * math.Sqrt2
	var out [][]Point
	for c := math.Ceil(lo/step) * step; c <= hi; c += step {
		// Along the line, parametrise by y: x = y + c. Find crossings.
		var ys []float64
		for _, r := range rings {
			for i := range r {
				a, b := r[i], r[(i+1)%len(r)]
				fa, fb := a.X-a.Y-c, b.X-b.Y-c
				if (fa < 0) != (fb < 0) {
					t := fa / (fa - fb)
					ys = append(ys, a.Y+(b.Y-a.Y)*t)
				}
			}
		}
		sort.Float64s(ys)
		for i := 0; i+1 < len(ys); i += 2 {
			out = append(out, []Point{{ys[i] + c, ys[i]}, {ys[i+1] + c, ys[i+1]}})
		}
	}
	return out
}

// clipToRect moves a, the start of segment a→b, forward to where the
// segment leaves r (when a is inside r).
func clipFromRect(a, b Point, r Rect) Point {
	if !r.contains(a) {
		return a
	}
	lo, hi := 0.0, 1.0
	for range 40 {
		m := (lo + hi) / 2
		if r.contains(a.add(b.sub(a).mul(m))) {
			lo = m
		} else {
			hi = m
		}
	}
	return a.add(b.sub(a).mul(hi))
}

// quad samples the quadratic Bézier a, c, b.
func quad(a, c, b Point, n int) []Point {
	out := make([]Point, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		out = append(out, Point{u*u*a.X + 2*u*t*c.X + t*t*b.X, u*u*a.Y + 2*u*t*c.Y + t*t*b.Y})
	}
	return out
}

// trimEnd cuts length d off the end of a polyline.
func trimEnd(pts []Point, d float64) []Point {
	for len(pts) > 1 {
		n := len(pts)
		l := pts[n-1].dist(pts[n-2])
		if l > d {
			pts[n-1] = pts[n-1].add(pts[n-2].sub(pts[n-1]).unit().mul(d))
			return pts
		}
		d -= l
		pts = pts[:n-1]
	}
	return pts
}

// hatchAt is hatch with lines in direction a (radians, y down): π/4 is
// hatch's own x − y = c; other directions keep the lines gap apart and
// aligned across neighbouring areas the same way.
func hatchAt(rings [][]Point, gap, a float64) [][]Point {
	if a == math.Pi/4 {
		return hatch(rings, gap)
	}
	d := Point{math.Cos(a), math.Sin(a)}
	n := Point{d.Y, -d.X}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rings {
		for _, p := range r {
			f := n.X*p.X + n.Y*p.Y
			lo, hi = math.Min(lo, f), math.Max(hi, f)
		}
	}
	var out [][]Point
	for c := math.Ceil(lo/gap) * gap; c <= hi; c += gap {
		var ts []float64
		for _, r := range rings {
			for i := range r {
				p, q := r[i], r[(i+1)%len(r)]
				fp, fq := n.X*p.X+n.Y*p.Y-c, n.X*q.X+n.Y*q.Y-c
				if (fp < 0) != (fq < 0) {
					x := p.add(q.sub(p).mul(fp / (fp - fq)))
					ts = append(ts, d.X*x.X+d.Y*x.Y)
				}
			}
		}
		sort.Float64s(ts)
		for i := 0; i+1 < len(ts); i += 2 {
			out = append(out, []Point{n.mul(c).add(d.mul(ts[i])), n.mul(c).add(d.mul(ts[i+1]))})
		}
	}
	return out
}
