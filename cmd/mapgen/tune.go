package main

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/pbem-org/pbem/games"
)

// tuneTarget is the shortest shared border, in pixels, the search aims for
// on every link: comfortably above mapdraw.MinBorder, so a reader sees it.
const tuneTarget = 16.0

// sharedLengths measures the border each pair of shapes shares, matching
// ring edges p→q with q→p as mapdraw does.
func sharedLengths(rings [][][]pt, n int) [][]float64 {
	type ek struct{ a, b pt }
	owner := map[ek]int{}
	for i, rs := range rings {
		for _, r := range rs {
			for k := range r {
				owner[ek{r[k], r[(k+1)%len(r)]}] = i
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
	}
	for i, rs := range rings {
		for _, r := range rs {
			for k := range r {
				p, q := r[k], r[(k+1)%len(r)]
				if o, ok := owner[ek{q, p}]; ok && o != i {
					out[i][o] += p.dist(q) / 2
					out[o][i] += p.dist(q) / 2
				}
			}
		}
	}
	return out
}

// badness scores how far a partition is from the board: each wrong border
// and each link drawn shorter than tuneTarget costs.
func badness(bs *base, rings [][][]pt, b *games.Board) float64 {
	return badnessReport(bs, rings, b, nil)
}

// badnessReport is badness, also listing each cost in report when given.
func badnessReport(bs *base, rings [][][]pt, b *games.Board, report *[]string) float64 {
	note := func(f string, args ...any) {
		if report != nil {
			*report = append(*report, fmt.Sprintf(f, args...))
		}
	}
	n := len(b.Areas)
	sh := sharedLengths(rings, n)
	bad := 0.0
	// Each area's mainland land should be one piece.
	isles := make([]int, n)
	for _, is := range bs.isles {
		isles[is.shape]++
	}
	for i := 0; i < b.NumLand; i++ {
		if extra := len(rings[i]) - isles[i] - 1; extra > 0 && isles[i] < len(rings[i]) {
			bad += 40 * float64(extra)
			note("%s is in %d pieces", b.AreaName(games.AreaID(i)), extra+1)
		}
	}
	for x := range n {
		for y := x + 1; y < n; y++ {
			l := sh[x][y]
			linked, strait := b.Adjacent(games.AreaID(x), games.AreaID(y))
			switch {
			case l > 0 && (!linked || strait):
				bad += 30 + l
				note("%s–%s share %.1f px", b.AreaName(games.AreaID(x)), b.AreaName(games.AreaID(y)), l)
			case linked && !strait && l < tuneTarget:
				bad += 30 + tuneTarget - l
				note("%s–%s only %.1f px", b.AreaName(games.AreaID(x)), b.AreaName(games.AreaID(y)), l)
			}
		}
	}
	return bad
}

// tuneSeeds moves seeds by a seeded random local search until the drawing
// agrees with the board, keeping them near where they started.
func tuneSeeds(bs *base, b *games.Board, sp []pt, sw []float64, owner []int, steps int) ([]pt, []float64) {
	start := append([]pt(nil), sp...)
	cost := func(sp []pt, sw []float64) float64 {
		rings, err := bs.partition(sp, sw, owner)
		if err != nil {
			return math.Inf(1)
		}
		c := badness(bs, rings, b) + pinBadness(bs, sp, sw, owner, nil)
		for i := range sp {
			c += 0.002*sp[i].dist2(start[i]) + 1e-6*sw[i]*sw[i]
		}
		return c
	}
	// Simulated annealing, seeded so that a run can be repeated.
	rng := rand.New(rand.NewPCG(1, 2))
	cur := cost(sp, sw)
	best, bestP, bestW := cur, sp, sw
	fmt.Printf("tune: start %.1f\n", cur)
	for step := range steps {
		f := float64(step) / float64(steps)
		temp := 20 * math.Pow(0.005, f)
		sigma := 10 * math.Pow(0.3, f)
		k := rng.IntN(len(sp))
		np := append([]pt(nil), sp...)
		nw := append([]float64(nil), sw...)
		if rng.Float64() < 0.25 {
			nw[k] += rng.NormFloat64() * 40 * sigma
		} else {
			np[k] = np[k].add(pt{rng.NormFloat64() * sigma, rng.NormFloat64() * sigma})
		}
		c := cost(np, nw)
		if c <= cur || rng.Float64() < math.Exp((cur-c)/temp) {
			cur, sp, sw = c, np, nw
			if c < best {
				best, bestP, bestW = c, np, nw
			}
		}
		if step%500 == 0 {
			fmt.Printf("tune: step %d: now %.1f, best %.1f\n", step, cur, best)
		}
	}
	sp, sw = bestP, bestW
	fmt.Printf("tune: end %.1f\n", best)
	if rings, err := bs.partition(sp, sw, owner); err == nil {
		var rep []string
		badnessReport(bs, rings, b, &rep)
		pinBadness(bs, sp, sw, owner, &rep)
		for _, r := range rep {
			fmt.Println("tune:", r)
		}
	}
	return sp, sw
}

// unproject inverts the spherical transverse Mercator of proj.
func unproject(p pt) lonLat {
	x := (p.X - proj.CX) / proj.PxPerKm / earthRadiusKm
	y := (proj.CY-p.Y)/proj.PxPerKm/earthRadiusKm + rad(proj.Lat0)
	lat := math.Asin(math.Sin(y) / math.Cosh(x))
	lon := math.Atan2(math.Sinh(x), math.Cos(y))
	return lonLat{Lon: proj.Lon0 + lon*180/math.Pi, Lat: lat * 180 / math.Pi}
}

// printSeeds prints seeds as config.go lines.
func printSeeds(sp []pt, sw []float64, owner []int, bs *base) {
	for i, p := range sp {
		g := unproject(p)
		fmt.Printf("\t{%q, %.3f, %.3f, %.0f},\n", bs.shapes[owner[i]].Name, g.Lat, g.Lon, sw[i])
	}
}

// pinBadness costs each town of the pins table that falls in the wrong area.
func pinBadness(bs *base, sp []pt, sw []float64, owner []int, report *[]string) float64 {
	bad := 0.0
	for _, pn := range pins {
		p := proj.project(lonLat{pn.Lon, pn.Lat})
		best, bi := math.Inf(1), -1
		for i, q := range sp {
			if d := p.dist2(q) - sw[i]; d < best {
				best, bi = d, i
			}
		}
		if got := bs.shapes[owner[bi]].Name; got != pn.Area {
			bad += 40
			if report != nil {
				*report = append(*report, fmt.Sprintf("%s falls in %s, not %s", pn.Town, got, pn.Area))
			}
		}
	}
	return bad
}
