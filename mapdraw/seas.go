package mapdraw

import (
	"math"

	"github.com/pbem-org/pbem/games"
)

// assignSeas gives each water site (sites from first on) to an outer sea,
// or to grey land off the board, on the Voronoi cells of the sites:
//
//   - a site may take a sea that every land area its cell touches borders
//     (else one its nearest land area borders; else it is off the board),
//     so that no coast is drawn that the board does not have;
//   - it starts with the one whose centre is nearest;
//   - every coast the board lists, that some site touching the land area
//     may take, gets one such site (the nearest to the sea's centre);
//   - then each site in turn takes the sea most of its neighbours have,
//     among its own choices and never leaving a coast undrawn, until none
//     changes: the seas settle into few pieces;
//   - a sea none of whose coasts reaches the water still gets the site
//     nearest its centre.
func (c *canvas) assignSeas(b *games.Board, sites []Point, owner []games.AreaID, cells [][]Point, first int) {
	nb := neighbours(cells)
	choices := make([][]games.AreaID, len(sites))
	for i := first; i < len(sites); i++ {
		choices[i] = c.choices(b, sites[i], owner, nb[i])
		owner[i] = c.nearestSea(choices[i], sites[i])
	}
	keep := c.drawCoasts(b, sites, owner, nb, choices, first)
	for range 30 {
		changed := false
		for i := first; i < len(sites); i++ {
			if len(choices[i]) < 2 || keep[i] {
				continue
			}
			votes := map[games.AreaID]int{}
			for _, j := range nb[i] {
				if j >= first {
					votes[owner[j]]++
				}
			}
			best := owner[i]
			for _, s := range choices[i] {
				if votes[s] > votes[best] {
					best = s
				}
			}
			if best != owner[i] {
				owner[i], changed = best, true
			}
		}
		if !changed {
			break
		}
	}
	c.everySeaWet(b, sites, owner, first)
}

// everySeaWet gives an outer sea that has no water site yet (its coasts
// are all inland on the drawing) the site nearest its centre among those
// of a sea, or of the land off the board, that has others.
func (c *canvas) everySeaWet(b *games.Board, sites []Point, owner []games.AreaID, first int) {
	count := map[games.AreaID]int{}
	for i := first; i < len(sites); i++ {
		count[owner[i]]++
	}
	for id := b.NumLand; id < len(b.Areas); id++ {
		s := games.AreaID(id)
		if b.Area(s).Inland || count[s] > 0 {
			continue
		}
		best, bestD := -1, math.Inf(1)
		for i := first; i < len(sites); i++ {
			if d := c.px[s].dist(sites[i]); count[owner[i]] > 1 && d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			count[owner[best]]--
			owner[best] = s
			count[s]++
		}
	}
}

// neighbours lists, for each cell, the cells it shares an edge with, in
// index order.
func neighbours(cells [][]Point) [][]int {
	type edge struct{ a, b Point }
	at := map[edge]int{}
	for i, c := range cells {
		for k := range c {
			at[edge{c[k], c[(k+1)%len(c)]}] = i
		}
	}
	out := make([][]int, len(cells))
	for i, c := range cells {
		for k := range c {
			if j, ok := at[edge{c[(k+1)%len(c)], c[k]}]; ok && j != i && !containsInt(out[i], j) {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// choices are the seas a water site may take: those the most of the land
// areas next to it border (all of them, where they share one), else those
// its nearest land area borders. A land area next to the site that does
// not border the sea taken gets a coast marked as no passage.
func (c *canvas) choices(b *games.Board, q Point, owner []games.AreaID, nb []int) []games.AreaID {
	var lands []games.AreaID
	for _, j := range nb {
		if o := owner[j]; o != games.NoArea && b.IsLand(o) {
			lands = append(lands, o)
		}
	}
	if len(lands) == 0 {
		near, best := games.NoArea, math.Inf(1)
		for id := range b.NumLand {
			if d := c.px[id].dist(q); d < best {
				near, best = games.AreaID(id), d
			}
		}
		if near == games.NoArea {
			return nil
		}
		lands = []games.AreaID{near}
	}
	votes := map[games.AreaID]int{}
	most := 0
	for _, l := range lands {
		for _, s := range outerSeas(b, l) {
			votes[s]++
			most = max(most, votes[s])
		}
	}
	var out []games.AreaID
	for id := b.NumLand; id < len(b.Areas); id++ {
		if most > 0 && votes[games.AreaID(id)] == most {
			out = append(out, games.AreaID(id))
		}
	}
	return out
}

func (c *canvas) nearestSea(seas []games.AreaID, q Point) games.AreaID {
	best, bestD := games.NoArea, math.Inf(1)
	for _, s := range seas {
		if d := c.px[s].dist(q); d < bestD {
			best, bestD = s, d
		}
	}
	return best
}

// drawCoasts makes sure of every coast the drawing can show: for each land
// area and outer sea it borders, if no water site touching the area has
// the sea, the one of them nearest the sea's centre that may take it does.
// It returns the sites so given, which keep their sea.
func (c *canvas) drawCoasts(b *games.Board, sites []Point, owner []games.AreaID, nb [][]int, choices [][]games.AreaID, first int) []bool {
	keep := make([]bool, len(sites))
	for l := range b.NumLand {
		for _, s := range outerSeas(b, games.AreaID(l)) {
			best, bestD, drawn := -1, math.Inf(1), false
			for _, j := range nb[l] {
				if j < first {
					continue
				}
				if owner[j] == s {
					drawn = true
					break
				}
				if d := c.px[s].dist(sites[j]); containsID(choices[j], s) && !keep[j] && d < bestD {
					best, bestD = j, d
				}
			}
			if !drawn && best >= 0 {
				owner[best], keep[best] = s, true
			}
		}
	}
	// A drawn coast keeps one of its sites too.
	for l := range b.NumLand {
		for _, s := range outerSeas(b, games.AreaID(l)) {
			for _, j := range nb[l] {
				if j >= first && owner[j] == s {
					keep[j] = true
					break
				}
			}
		}
	}
	return keep
}
