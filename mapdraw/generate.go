package mapdraw

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// The scale of a drawing made from centres.
const (
	linkPx      = 130.0  // a land link's length on the map, in pixels
	coastReach  = 1.1    // water sites stand this many link lengths from the land's centres
	maxCanvas   = 2200.0 // the longer side of the map, at most
	legendPanel = 340.0  // the strip right of the map kept for the legend
)

// GeneratedSource is the Source of a drawing made from area centres.
const GeneratedSource = "drawn by pbem from the board's area centres: a Voronoi partition of the centres, water around the land"

// Generate draws a board from its area centres (docs/rulesets.md §Boards):
// every land area and inland sea is the Voronoi cell of its centre; water
// sites ring the land a little over a link's length from the outer centres,
// so that the coast runs about halfway out; each water site belongs to the
// outer sea nearest it among the seas its nearest land areas border, or,
// where they border none, to grey land off the board. Centres come from
// the board's at: positions or a layout of its links (centres). Links the
// drawing cannot show as a border are drawn as arrows (Geometry.Links).
func Generate(b *games.Board) (*Geometry, error) {
	if b == nil || len(b.Areas) == 0 {
		return nil, fmt.Errorf("mapdraw: no board to draw")
	}
	u := centres(b)
	if !anyAt(b) {
		orient(u)
	}
	c := fit(b, u)
	g := &Geometry{Board: b.Name, Source: GeneratedSource, Width: c.width, Height: c.height, Legend: c.legend}
	sites, owner := c.sites(b)
	cells := voronoi(sites, Rect{0, 0, c.mapW, c.height})
	weld(cells, 1e-3)
	g.Shapes = make([]Shape, len(b.Areas))
	byOwner := map[games.AreaID][][]Point{}
	for i, cell := range cells {
		if cell != nil {
			byOwner[owner[i]] = append(byOwner[owner[i]], cell)
		}
	}
	for id := range b.Areas {
		g.Shapes[id] = Shape{ID: games.AreaID(id), Rings: union(byOwner[games.AreaID(id)])}
	}
	if off := byOwner[games.NoArea]; len(off) > 0 {
		g.Context = append(g.Context, Context{Name: "off the board", Rings: union(off)})
	}
	for id := range b.Areas {
		if len(g.Shapes[id].Rings) == 0 {
			return nil, fmt.Errorf("mapdraw: board %s: %s got no room on the map", b.Name, b.AreaName(games.AreaID(id)))
		}
	}
	c.labels(g, b)
	g.Borders = borders(g, b)
	g.addLinks(b)
	placeSlots(g, b)
	return g, nil
}

func anyAt(b *games.Board) bool {
	for _, a := range b.Areas {
		if a.At != nil {
			return true
		}
	}
	return false
}

// orient turns a layout so that its long axis runs down the page (the
// legend stands to the right) and its first area is in the upper half.
func orient(u []Point) {
	var m Point
	for _, p := range u {
		m = m.add(p)
	}
	m = m.mul(1 / float64(len(u)))
	var sxx, syy, sxy float64
	for _, p := range u {
		d := p.sub(m)
		sxx, syy, sxy = sxx+d.X*d.X, syy+d.Y*d.Y, sxy+d.X*d.Y
	}
	a := 0.5 * math.Atan2(2*sxy, sxx-syy) // the long axis's angle
	turn := math.Pi/2 - a
	cs, sn := math.Cos(turn), math.Sin(turn)
	for i, p := range u {
		d := p.sub(m)
		u[i] = Point{d.X*cs - d.Y*sn, d.X*sn + d.Y*cs}
	}
	if u[0].Y > 0 {
		for i := range u {
			u[i] = Point{-u[i].X, -u[i].Y}
		}
	}
}

// canvas is a layout fitted to the page.
type canvas struct {
	px            []Point // every area's centre, in pixels
	link          float64 // a land link's length, in pixels
	mapW          float64 // the map's width; the legend strip is right of it
	width, height float64
	legend        Rect
}

// fit scales centres so that a land link is about linkPx long (less for a
// big board) and moves them onto a page with room for the water round the
// land and a strip for the legend.
func fit(b *games.Board, u []Point) *canvas {
	var ls []float64
	for x := range b.Areas {
		for _, e := range b.Edges(games.AreaID(x)) {
			if games.AreaID(x) < e.To && e.Kind == games.LandLink {
				ls = append(ls, u[x].dist(u[e.To]))
			}
		}
	}
	unit := median(ls)
	if unit <= 0 {
		unit = nearestMedian(u)
	}
	lo, hi := Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	for id, p := range u {
		if landish(b, games.AreaID(id)) {
			lo, hi = Point{math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)}, Point{math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)}
		}
	}
	s := linkPx / unit
	margin := func(s float64) float64 { return (coastReach+1.3)*unit*s + 40 }
	if long := math.Max(hi.X-lo.X, hi.Y-lo.Y)*s + 2*margin(s); long > maxCanvas {
		s *= maxCanvas / long
	}
	m := margin(s)
	c := &canvas{link: unit * s, px: make([]Point, len(u))}
	c.mapW = math.Max((hi.X-lo.X)*s+2*m, 480)
	c.height = math.Max((hi.Y-lo.Y)*s+2*m, 560)
	off := Point{(c.mapW - (hi.X-lo.X)*s) / 2, (c.height - (hi.Y-lo.Y)*s) / 2}
	for i, p := range u {
		q := p.sub(lo).mul(s).add(off)
		c.px[i] = Point{math.Max(8, math.Min(c.mapW-8, q.X)), math.Max(8, math.Min(c.height-8, q.Y))}
	}
	c.width = c.mapW + legendPanel
	c.legend = Rect{c.mapW + 8, 16, legendPanel - 24, c.height - 32}
	return c
}

func nearestMedian(u []Point) float64 {
	var ds []float64
	for i := range u {
		best := math.Inf(1)
		for j := range u {
			if i != j {
				best = math.Min(best, u[i].dist(u[j]))
			}
		}
		if !math.IsInf(best, 1) && best > 0 {
			ds = append(ds, best)
		}
	}
	if m := median(ds); m > 0 {
		return m
	}
	return 1
}

// landish reports whether an area is drawn as a cell of the land: a land
// area or an inland sea.
func landish(b *games.Board, id games.AreaID) bool { return b.IsLand(id) || b.Area(id).Inland }

// sites lists the Voronoi sites with their owners: each land area and
// inland sea at its centre, then the water sites round the land.
func (c *canvas) sites(b *games.Board) ([]Point, []games.AreaID) {
	var sites []Point
	var owner []games.AreaID
	for id := range b.Areas {
		if landish(b, games.AreaID(id)) {
			sites = append(sites, c.px[id])
			owner = append(owner, games.AreaID(id))
		}
	}
	water := c.water(b)
	sea := c.assignWater(b, water)
	return append(sites, water...), append(owner, sea...)
}

// water places sites round the land: on a circle of radius coastReach
// links about each land centre, wherever no other centre is nearer than
// that radius, no land link passes close and open water joins the point to
// the edge of the map; kept a third of a link apart.
func (c *canvas) water(b *games.Board) []Point {
	r := coastReach * c.link
	var land []Point
	for id := range b.Areas {
		if landish(b, games.AreaID(id)) {
			land = append(land, c.px[id])
		}
	}
	segs := c.landLinks(b)
	open := c.openWater(land, segs, r)
	var out []Point
	steps := int(math.Ceil(2 * math.Pi * r / (0.3 * c.link)))
	for _, p := range land {
		for k := range steps {
			a := 2 * math.Pi * float64(k) / float64(steps)
			q := p.add(Point{r * math.Cos(a), r * math.Sin(a)})
			if !open(q) || nearestDist(land, q) < r*0.999 || segDist(segs, q) < 0.6*c.link {
				continue
			}
			if nearestDist(out, q) < 0.3*c.link {
				continue
			}
			out = append(out, q)
		}
	}
	return out
}

// landLinks are the segments between the centres of areas linked over land.
func (c *canvas) landLinks(b *games.Board) [][2]Point {
	var segs [][2]Point
	for x := range b.Areas {
		for _, e := range b.Edges(games.AreaID(x)) {
			if games.AreaID(x) < e.To && e.Kind != games.StraitLink && landish(b, games.AreaID(x)) && landish(b, e.To) {
				segs = append(segs, [2]Point{c.px[x], c.px[e.To]})
			}
		}
	}
	return segs
}

// openWater returns a test for "this point is in water that reaches the
// edge of the map": a grid over the map, water where no centre is within r
// and no land link within 0.6 links, flooded from the edge.
func (c *canvas) openWater(land []Point, segs [][2]Point, r float64) func(Point) bool {
	gs := c.link / 4
	nx, ny := int(c.mapW/gs)+1, int(c.height/gs)+1
	wet := make([]bool, nx*ny)
	at := func(i, j int) Point { return Point{float64(i) * gs, float64(j) * gs} }
	for j := range ny {
		for i := range nx {
			q := at(i, j)
			wet[j*nx+i] = nearestDist(land, q) >= r*0.98 && segDist(segs, q) >= 0.6*c.link
		}
	}
	outer := make([]bool, nx*ny)
	var queue []int
	for j := range ny {
		for i := range nx {
			if (i == 0 || j == 0 || i == nx-1 || j == ny-1) && wet[j*nx+i] {
				outer[j*nx+i] = true
				queue = append(queue, j*nx+i)
			}
		}
	}
	for q := 0; q < len(queue); q++ {
		i, j := queue[q]%nx, queue[q]/nx
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := i+d[0], j+d[1]
			if x >= 0 && y >= 0 && x < nx && y < ny && wet[y*nx+x] && !outer[y*nx+x] {
				outer[y*nx+x] = true
				queue = append(queue, y*nx+x)
			}
		}
	}
	return func(p Point) bool {
		i0, j0 := int(math.Floor(p.X/gs)), int(math.Floor(p.Y/gs))
		for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			x, y := i0+d[0], j0+d[1]
			if x >= 0 && y >= 0 && x < nx && y < ny && outer[y*nx+x] {
				return true
			}
		}
		return false
	}
}

func nearestDist(ps []Point, q Point) float64 {
	best := math.Inf(1)
	for _, p := range ps {
		best = math.Min(best, p.dist(q))
	}
	return best
}

func segDist(segs [][2]Point, q Point) float64 {
	best := math.Inf(1)
	for _, s := range segs {
		best = math.Min(best, nearestOnSegment(q, s[0], s[1]).dist(q))
	}
	return best
}

// assignWater gives each water site to an outer sea: among the seas that
// the land areas nearest it border (within a quarter more than the nearest
// one's distance), the one whose centre is nearest; NoArea (off the board)
// when they border none. A second pass lets each site follow the majority
// of the sites round it where that sea is one of its own choices, and every
// outer sea keeps at least one site.
func (c *canvas) assignWater(b *games.Board, water []Point) []games.AreaID {
	choices := make([][]games.AreaID, len(water))
	out := make([]games.AreaID, len(water))
	for i, q := range water {
		choices[i] = c.seaChoices(b, q)
		out[i] = games.NoArea
		best := math.Inf(1)
		for _, s := range choices[i] {
			if d := c.px[s].dist(q); d < best {
				out[i], best = s, d
			}
		}
	}
	smoothed := append([]games.AreaID(nil), out...)
	for i, q := range water {
		votes := map[games.AreaID]int{}
		for j, p := range water {
			if p.dist(q) < 0.75*c.link {
				votes[out[j]]++
			}
		}
		for _, s := range choices[i] {
			if votes[s] > votes[smoothed[i]] {
				smoothed[i] = s
			}
		}
	}
	c.everySeaWet(b, water, choices, smoothed)
	return smoothed
}

// seaChoices are the outer seas bordering the land areas nearest q.
func (c *canvas) seaChoices(b *games.Board, q Point) []games.AreaID {
	near := math.Inf(1)
	for id := 0; id < b.NumLand; id++ {
		near = math.Min(near, c.px[id].dist(q))
	}
	var out []games.AreaID
	for id := 0; id < b.NumLand; id++ {
		if c.px[id].dist(q) > 1.25*near {
			continue
		}
		for _, e := range b.Edges(games.AreaID(id)) {
			if !b.IsLand(e.To) && !b.Area(e.To).Inland && !containsID(out, e.To) {
				out = append(out, e.To)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func containsID(xs []games.AreaID, x games.AreaID) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// everySeaWet gives an outer sea that got no water site the site nearest
// its centre among those that may choose it, else the one nearest it.
func (c *canvas) everySeaWet(b *games.Board, water []Point, choices [][]games.AreaID, owner []games.AreaID) {
	for id := b.NumLand; id < len(b.Areas); id++ {
		s := games.AreaID(id)
		if b.Area(s).Inland || containsID(owner, s) {
			continue
		}
		best, bestD := -1, math.Inf(1)
		for pass := range 2 {
			for i, q := range water {
				if (pass == 1 || containsID(choices[i], s)) && c.px[s].dist(q) < bestD && count(owner, owner[i]) > 1 {
					best, bestD = i, c.px[s].dist(q)
				}
			}
			if best >= 0 {
				break
			}
		}
		if best >= 0 {
			owner[best] = s
		}
	}
}

func count(xs []games.AreaID, x games.AreaID) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// labels puts each land area's and inland sea's name at its centre (two
// lines for a long name of several words) and each outer sea's in its
// water, off the coast.
func (c *canvas) labels(g *Geometry, b *games.Board) {
	var mid Point
	n := 0
	for id := range b.Areas {
		if landish(b, games.AreaID(id)) {
			mid = mid.add(c.px[id])
			n++
		}
	}
	mid = mid.mul(1 / float64(max(n, 1)))
	for id := range b.Areas {
		sh := &g.Shapes[id]
		if landish(b, games.AreaID(id)) {
			sh.Label = c.px[id]
			sh.Text = splitName(b.AreaName(games.AreaID(id)))
			continue
		}
		sh.Label = c.seaLabel(g, b, sh, mid)
	}
}

// splitName breaks a name of more than 12 letters into two lines at the
// space nearest its middle.
func splitName(name string) string {
	if len(name) <= 12 || !strings.Contains(name, " ") {
		return ""
	}
	best := -1
	for i, r := range name {
		if r == ' ' && (best < 0 || math.Abs(float64(i)-float64(len(name))/2) < math.Abs(float64(best)-float64(len(name))/2)) {
			best = i
		}
	}
	return name[:best] + "\n" + name[best+1:]
}

// seaLabel is a point of the sea's water for its name: the middle of its
// water sites moved out from the land, or the point of its rings farthest
// from land that fits the name on the map.
func (c *canvas) seaLabel(g *Geometry, b *games.Board, sh *Shape, mid Point) Point {
	w, h := SeaLabelSize(b.AreaName(sh.ID))
	fits := func(p Point) bool {
		r := rectAround(p, w, h)
		return r.X >= 4 && r.Y >= 4 && r.X+r.W <= c.mapW-4 && r.Y+r.H <= c.height-4 &&
			InRings(p, sh.Rings) && !onLand(g, b, Point{r.X, r.Y}) && !onLand(g, b, Point{r.X + r.W, r.Y + r.H}) &&
			!onLand(g, b, Point{r.X, r.Y + r.H}) && !onLand(g, b, Point{r.X + r.W, r.Y})
	}
	lo, hi := ringsBox(sh.Rings)
	var cs []Point
	for y := lo.Y; y <= hi.Y; y += c.link / 6 {
		for x := lo.X; x <= hi.X; x += c.link / 6 {
			cs = append(cs, Point{x, y})
		}
	}
	// Nearest the coast first, so the name sits by the shores it names.
	coast := func(p Point) float64 {
		d := math.Inf(1)
		for id := range b.NumLand {
			d = math.Min(d, c.px[id].dist(p))
		}
		return d
	}
	sort.SliceStable(cs, func(i, j int) bool { return coast(cs[i]) < coast(cs[j]) })
	for _, p := range cs {
		if coast(p) > 1.2*c.link && fits(p) {
			return p
		}
	}
	for _, p := range cs {
		if InRings(p, sh.Rings) {
			return p
		}
	}
	return ringsCentre(sh.Rings)
}

func ringsBox(rings [][]Point) (lo, hi Point) {
	lo, hi = Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	for _, r := range rings {
		for _, p := range r {
			lo = Point{math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)}
			hi = Point{math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)}
		}
	}
	return lo, hi
}

func ringsCentre(rings [][]Point) Point {
	lo, hi := ringsBox(rings)
	return lo.add(hi).mul(0.5)
}
