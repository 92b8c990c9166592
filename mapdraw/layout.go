package mapdraw

import (
	"math"
	"math/rand/v2"
	"sort"

	"github.com/pbem-org/pbem/games"
)

// Lengths of links in the layout's unit, the length of a land link: a
// strait crosses water, so its ends stand further apart; a sea stands a
// little off the coasts it borders.
const (
	straitLength = 1.7
	coastLength  = 1.1
	seaSeaLength = 1.6
	// lakeLength is from an inland sea to its shores: it stands between
	// them (and is then put at their middle, inlandSeas).
	lakeLength = 0.6
	// lakeLean is how far an inland sea moves from the middle of its
	// shores towards those of them that are inland.
	lakeLean = 0.5
	// seaWeight scales the pull of outer seas in the layout: they stand
	// round the land and should not bend it.
	seaWeight = 0.25
)

// layoutTries is how many layouts Generate draws for a board without at:
// to keep the one that agrees best with the board: the classical scaling
// start and seeded random starts.
const layoutTries = 6

// layouts returns candidate centres for every area of a board, in the
// layout's unit: the board's at: positions where every land area and
// inland sea has one (one candidate), otherwise stress layouts of the
// links (lengths above) from several starts, keeping the areas that have
// at: where the file puts them. Outer seas without at: get the layout's
// place, or, when the land was placed by at:, one off the middle of their
// coast; inland seas without at: go between their shores.
func layouts(b *games.Board) [][]Point {
	n := len(b.Areas)
	pos := make([]Point, n)
	pinned := make([]bool, n)
	allLand := true
	for id, a := range b.Areas {
		if a.At != nil {
			pos[id], pinned[id] = Point{a.At.X, a.At.Y}, true
		} else if !a.Sea || a.Inland {
			allLand = false
		}
	}
	if allLand {
		placeOuterSeas(b, pos, pinned)
		return [][]Point{pos}
	}
	d := graphDistances(b)
	unit := pinUnit(b, pos, pinned)
	for i := range pos {
		if pinned[i] {
			pos[i] = pos[i].mul(1 / unit)
		}
	}
	w := make([]float64, n)
	for i, a := range b.Areas {
		w[i] = 1
		if a.Sea && !a.Inland {
			w[i] = seaWeight
		}
	}
	var out [][]Point
	for try := range layoutTries {
		x := start(d, try)
		for i := range x {
			if pinned[i] {
				x[i] = pos[i]
			}
		}
		if anyPinned(pinned) {
			alignTo(x, pos, pinned)
		}
		x = stress(x, d, w, pinned, 400)
		inlandSeas(b, x, pinned)
		out = append(out, x)
	}
	return out
}

// start is where a layout starts: classical scaling for the first try,
// points scattered by a generator seeded with the try's number for the
// others (the same board gives the same layouts everywhere).
func start(d [][]float64, try int) []Point {
	if try == 0 {
		return classicalMDS(d)
	}
	r := rand.New(rand.NewPCG(uint64(try), 0x9e3779b97f4a7c15))
	side := math.Sqrt(float64(len(d))) * 1.5
	x := make([]Point, len(d))
	for i := range x {
		x[i] = Point{r.Float64() * side, r.Float64() * side}
	}
	return x
}

// inlandSeas puts each inland sea without at: at the middle of its shores,
// where its cell opens between them.
func inlandSeas(b *games.Board, x []Point, pinned []bool) {
	for id, a := range b.Areas {
		if !a.Inland || pinned[id] {
			continue
		}
		var c Point
		n := 0
		for _, e := range b.Edges(games.AreaID(id)) {
			if b.IsLand(e.To) {
				c = c.add(x[e.To])
				n++
			}
		}
		if n == 0 {
			continue
		}
		c = c.mul(1 / float64(n))
		// Lean towards the shores that border no outer sea, so that the
		// coastal shores meet on the seaward side of the lake.
		var in Point
		m := 0
		for _, e := range b.Edges(games.AreaID(id)) {
			if b.IsLand(e.To) && len(outerSeas(b, e.To)) == 0 {
				in = in.add(x[e.To])
				m++
			}
		}
		if m > 0 && m < n {
			c = c.add(in.mul(1 / float64(m)).sub(c).mul(lakeLean))
		}
		x[id] = c
	}
}

func anyPinned(p []bool) bool {
	for _, v := range p {
		if v {
			return true
		}
	}
	return false
}

// pinUnit is the length of a land link in the at: plane: the median length
// of the land links whose both ends have at:, else the median distance
// from a pinned area to the nearest other.
func pinUnit(b *games.Board, pos []Point, pinned []bool) float64 {
	var ls []float64
	for x := range b.Areas {
		for _, e := range b.Edges(games.AreaID(x)) {
			if games.AreaID(x) < e.To && e.Kind == games.LandLink && pinned[x] && pinned[e.To] {
				ls = append(ls, pos[x].dist(pos[e.To]))
			}
		}
	}
	if len(ls) == 0 {
		for i := range pos {
			best := math.Inf(1)
			for j := range pos {
				if i != j && pinned[i] && pinned[j] {
					best = math.Min(best, pos[i].dist(pos[j]))
				}
			}
			if !math.IsInf(best, 1) {
				ls = append(ls, best)
			}
		}
	}
	if m := median(ls); m > 0 {
		return m
	}
	return 1
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// placeOuterSeas puts each outer sea without at: off the middle of its
// coast, away from the middle of the land.
func placeOuterSeas(b *games.Board, pos []Point, pinned []bool) {
	var mid Point
	k := 0
	for id := range b.Areas {
		if b.IsLand(games.AreaID(id)) {
			mid = mid.add(pos[id])
			k++
		}
	}
	mid = mid.mul(1 / float64(max(k, 1)))
	unit := pinUnit(b, pos, pinned)
	for id, a := range b.Areas {
		if !a.Sea || pinned[id] {
			continue
		}
		var c Point
		m := 0
		for _, e := range b.Edges(games.AreaID(id)) {
			if b.IsLand(e.To) {
				c = c.add(pos[e.To])
				m++
			}
		}
		c = c.mul(1 / float64(max(m, 1)))
		pos[id] = c.add(c.sub(mid).unit().mul(unit))
	}
}

// graphDistances are the lengths the layout aims for: between two areas
// linked over land (land links, straits, inland seas), the shortest such
// path, so that the land is laid out by how it is crossed on foot; between
// anything else, the shortest path over every link.
func graphDistances(b *games.Board) [][]float64 {
	length := func(e games.Edge, from games.AreaID) (float64, bool) {
		landish := func(id games.AreaID) bool { return b.IsLand(id) || b.Area(id).Inland }
		switch {
		case e.Kind == games.LandLink:
			return 1, true
		case e.Kind == games.StraitLink:
			return straitLength, true
		case landish(from) && landish(e.To):
			return lakeLength, true
		case b.IsLand(from) || b.IsLand(e.To):
			return coastLength, false
		}
		return seaSeaLength, false
	}
	land := shortestPaths(b, func(e games.Edge, from games.AreaID) float64 {
		if l, ok := length(e, from); ok {
			return l
		}
		return math.Inf(1)
	})
	all := shortestPaths(b, func(e games.Edge, from games.AreaID) float64 {
		l, _ := length(e, from)
		return l
	})
	for i := range land {
		for j := range land[i] {
			if math.IsInf(land[i][j], 1) {
				land[i][j] = all[i][j]
			}
		}
	}
	return land
}

// shortestPaths runs Dijkstra from every area (boards are small).
func shortestPaths(b *games.Board, w func(games.Edge, games.AreaID) float64) [][]float64 {
	n := len(b.Areas)
	out := make([][]float64, n)
	for s := range n {
		d := make([]float64, n)
		done := make([]bool, n)
		for i := range d {
			d[i] = math.Inf(1)
		}
		d[s] = 0
		for {
			u := -1
			for i := range n {
				if !done[i] && !math.IsInf(d[i], 1) && (u < 0 || d[i] < d[u]) {
					u = i
				}
			}
			if u < 0 {
				break
			}
			done[u] = true
			for _, e := range b.Edges(games.AreaID(u)) {
				if l := d[u] + w(e, games.AreaID(u)); l < d[e.To] {
					d[e.To] = l
				}
			}
		}
		out[s] = d
	}
	return out
}

// classicalMDS places points so that their distances approximate d: the
// two leading eigenvectors of the double-centred squared distances, found
// by power iteration from fixed starting vectors (so the same board gives
// the same layout everywhere).
func classicalMDS(d [][]float64) []Point {
	n := len(d)
	bm := make([][]float64, n)
	rowMean := make([]float64, n)
	all := 0.0
	for i := range n {
		bm[i] = make([]float64, n)
		for j := range n {
			v := d[i][j] * d[i][j]
			bm[i][j] = v
			rowMean[i] += v / float64(n)
		}
		all += rowMean[i] / float64(n)
	}
	for i := range n {
		for j := range n {
			bm[i][j] = -0.5 * (bm[i][j] - rowMean[i] - rowMean[j] + all)
		}
	}
	var vecs [][]float64
	var vals []float64
	for k := range 2 {
		v := make([]float64, n)
		for i := range v {
			v[i] = math.Sin(float64(i+1)*(1.3+float64(k))) + 0.01*float64(i)
		}
		lambda := 0.0
		for range 300 {
			w := make([]float64, n)
			for i := range n {
				for j := range n {
					w[i] += bm[i][j] * v[j]
				}
			}
			for _, u := range vecs { // deflate: stay orthogonal to the first
				dot := 0.0
				for i := range n {
					dot += w[i] * u[i]
				}
				for i := range n {
					w[i] -= dot * u[i]
				}
			}
			norm := 0.0
			for _, x := range w {
				norm += x * x
			}
			norm = math.Sqrt(norm)
			if norm == 0 {
				break
			}
			lambda = norm
			for i := range w {
				v[i] = w[i] / norm
			}
		}
		vecs = append(vecs, v)
		vals = append(vals, lambda)
	}
	out := make([]Point, n)
	for i := range n {
		out[i] = Point{vecs[0][i] * math.Sqrt(vals[0]), vecs[1][i] * math.Sqrt(vals[1])}
		// A line of areas has no second axis: spread it a little.
		out[i].Y += 0.05 * math.Sin(float64(i)*2.1)
	}
	return out
}

// alignTo moves, turns and scales the free points of x so that its pinned
// points best match pos (a similarity fit on the pinned points).
func alignTo(x, pos []Point, pinned []bool) {
	var cx, cp Point
	k := 0
	for i := range x {
		if pinned[i] {
			cx, cp = cx.add(x[i]), cp.add(pos[i])
			k++
		}
	}
	if k < 2 {
		for i := range x {
			if !pinned[i] && k == 1 {
				x[i] = x[i].add(cp.sub(cx))
			}
		}
		return
	}
	cx, cp = cx.mul(1/float64(k)), cp.mul(1/float64(k))
	// The complex ratio of the centred pinned point sets gives turn and scale.
	var re, im, nn float64
	for i := range x {
		if pinned[i] {
			a, b := x[i].sub(cx), pos[i].sub(cp)
			re += a.X*b.X + a.Y*b.Y
			im += a.X*b.Y - a.Y*b.X
			nn += a.X*a.X + a.Y*a.Y
		}
	}
	if nn == 0 {
		return
	}
	re, im = re/nn, im/nn
	for i := range x {
		if !pinned[i] {
			a := x[i].sub(cx)
			x[i] = cp.add(Point{a.X*re - a.Y*im, a.X*im + a.Y*re})
		}
	}
}

// stress improves a layout by stress majorization (SMACOF): each free
// point moves to the weighted mean of where each other point says it
// should be, weights wt[i]·wt[j]/d², for a fixed number of rounds.
func stress(x []Point, d [][]float64, wt []float64, pinned []bool, rounds int) []Point {
	n := len(x)
	x = append([]Point(nil), x...)
	for range rounds {
		next := make([]Point, n)
		for i := range n {
			if pinned[i] {
				next[i] = x[i]
				continue
			}
			var sum Point
			wsum := 0.0
			for j := range n {
				if i == j || d[i][j] == 0 || math.IsInf(d[i][j], 1) {
					continue
				}
				w := wt[i] * wt[j] / (d[i][j] * d[i][j])
				diff := x[i].sub(x[j])
				l := diff.len()
				if l < 1e-9 {
					diff, l = Point{math.Cos(float64(i + j)), math.Sin(float64(i + j))}, 1
				}
				sum = sum.add(x[j].add(diff.mul(d[i][j] / l)).mul(w))
				wsum += w
			}
			if wsum == 0 {
				next[i] = x[i]
				continue
			}
			next[i] = sum.mul(1 / wsum)
		}
		x = next
	}
	return x
}
