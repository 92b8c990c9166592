package mapdraw

import (
	"math"
	"sort"
)

// voronoi returns the power cell of each site inside the rectangle r: the
// points of r where |x−site|² − weight is least for that site (with equal
// weights, the Voronoi cell), as a convex polygon, every cell turning the
// same way. Each cell is r cut by the half-planes of the other sites,
// nearest first, stopping once the next site is too far to cut it. Cells
// meet exactly after weld.
func voronoi(sites []Point, weight []float64, r Rect) [][]Point {
	cells := make([][]Point, len(sites))
	order := make([]int, len(sites))
	wmax := math.Inf(-1)
	for _, w := range weight {
		wmax = math.Max(wmax, w)
	}
	for i, p := range sites {
		ds := make([]float64, len(sites))
		for j := range order {
			order[j], ds[j] = j, sites[j].sub(p).len()
		}
		dist := func(j int) float64 { return ds[j] }
		sort.SliceStable(order, func(a, b int) bool { return ds[order[a]] < ds[order[b]] })
		cell := []Point{{r.X, r.Y}, {r.X + r.W, r.Y}, {r.X + r.W, r.Y + r.H}, {r.X, r.Y + r.H}}
		for _, j := range order {
			if j == i {
				continue
			}
			dj, R := dist(j), reach(cell, p)
			// No point of the cell is nearer (in power) to j, or to any
			// site farther off, once (dj−R)² − wmax > R² − w_i.
			if dj > R && (dj-R)*(dj-R)-wmax > R*R-weight[i]+1e-9 {
				break
			}
			if dj == 0 {
				continue // a duplicate site; the caller keeps sites apart
			}
			q := sites[j]
			// Keep x with |x−p|² − w_i ≤ |x−q|² − w_j:
			// (q−p)·x ≤ (|q|² − |p|² + w_i − w_j)/2.
			n := q.sub(p)
			c := (q.X*q.X + q.Y*q.Y - p.X*p.X - p.Y*p.Y + weight[i] - weight[j]) / 2
			cell = clipHalf(cell, n, c)
			if len(cell) == 0 {
				break
			}
		}
		cells[i] = cell
	}
	return cells
}

// reach is the distance from p to the farthest vertex of poly.
func reach(poly []Point, p Point) float64 {
	m := 0.0
	for _, v := range poly {
		m = math.Max(m, v.dist(p))
	}
	return m
}

// clipHalf keeps the part of a convex polygon where n·x ≤ c.
func clipHalf(poly []Point, n Point, c float64) []Point {
	side := func(v Point) float64 { return n.X*v.X + n.Y*v.Y - c }
	var out []Point
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		sa, sb := side(a), side(b)
		if sa <= 0 {
			out = append(out, a)
		}
		if (sa < 0 && sb > 0) || (sa > 0 && sb < 0) {
			t := sa / (sa - sb)
			out = append(out, a.add(b.sub(a).mul(t)))
		}
	}
	return dedupe(out)
}

// dedupe drops points equal to the one before them, around the ring.
func dedupe(r []Point) []Point {
	out := r[:0:0]
	for _, p := range r {
		if len(out) > 0 && out[len(out)-1] == p {
			continue
		}
		out = append(out, p)
	}
	for len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	if len(out) < 3 {
		return nil
	}
	return out
}

// weld makes vertices that different cells computed for one point the same
// value: every vertex within tol of one seen before becomes that one, and
// values are rounded to a hundredth of a pixel so that output is the same
// on every machine.
func weld(cells [][]Point, tol float64) {
	type key struct{ x, y int64 }
	grid := map[key][]Point{}
	k := func(p Point) key { return key{int64(math.Floor(p.X / tol)), int64(math.Floor(p.Y / tol))} }
	canon := func(p Point) Point {
		c := k(p)
		for dx := int64(-1); dx <= 1; dx++ {
			for dy := int64(-1); dy <= 1; dy++ {
				for _, q := range grid[key{c.x + dx, c.y + dy}] {
					if q.dist(p) <= tol {
						return q
					}
				}
			}
		}
		grid[c] = append(grid[c], p)
		return p
	}
	for _, cell := range cells {
		for i, p := range cell {
			cell[i] = canon(p)
		}
	}
	for _, cell := range cells {
		for i, p := range cell {
			cell[i] = Point{math.Round(p.X*100) / 100, math.Round(p.Y*100) / 100}
		}
	}
}

// union joins the cells of one owner into rings: the edges that no other
// of its cells runs back along, chained end to start. Cells must be welded.
// Holes come out as rings of their own (the map fills with the even-odd
// rule).
func union(cells [][]Point) [][]Point {
	type edge struct{ a, b Point }
	count := map[edge]int{}
	var edges []edge
	for _, c := range cells {
		c = dedupe(append([]Point(nil), c...))
		for i := range c {
			e := edge{c[i], c[(i+1)%len(c)]}
			edges = append(edges, e)
			count[e]++
		}
	}
	var keep [][2]Point
	for _, e := range edges {
		if count[edge{e.b, e.a}] == 0 {
			keep = append(keep, [2]Point{e.a, e.b})
		}
	}
	var rings [][]Point
	for _, l := range chain(keep) {
		if r := dedupe(l); r != nil && math.Abs(ringArea(r)) > 1e-6 {
			rings = append(rings, r)
		}
	}
	return rings
}

// ringArea is the signed area of a ring (the shoelace formula).
func ringArea(r []Point) float64 {
	a := 0.0
	for i := range r {
		p, q := r[i], r[(i+1)%len(r)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}
