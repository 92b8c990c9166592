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
	// lakeRadius is how far, in links, an inland sea reaches towards its
	// shores: a lake between them, not a wedge that parts them.
	lakeRadius = 0.32
	// seaLabelGap is how far apart, in links, a sea's name is written
	// again along a long coast.
	seaLabelGap = 4.0
)

// GeneratedSource is the Source of a drawing made from area centres.
const GeneratedSource = "drawn by pbem from the board's area centres: a Voronoi partition of the centres, water around the land"

// Generate draws a board from its area centres (docs/rulesets.md §9):
// every land area is the Voronoi cell of its centre; water sites ring the
// land a little over a link's length from the outer centres (so the coast
// runs about halfway out), run between coastal areas that touch but are
// not linked, and cross straits; each water site takes an outer sea the
// coasts beside it border (assignSeas), or is grey land off the board where
// they border none; an inland sea is a lake where its shores meet
// (addLakes). Centres come from the board's at: positions or stress layouts
// of its links (layouts), the layout agreeing best with the board kept.
// Links the drawing cannot show as a border are drawn as arrows
// (Geometry.Links); borders between areas not linked are marked Unlinked.
func Generate(b *games.Board) (*Geometry, error) {
	if b == nil || len(b.Areas) == 0 {
		return nil, fmt.Errorf("mapdraw: no board to draw")
	}
	var best *Geometry
	var bestC *canvas
	bestScore := math.Inf(1)
	var err error
	for _, u := range layouts(b) {
		if !anyAt(b) {
			orient(u)
		}
		g, c, e := drawFrom(b, u)
		if e != nil {
			err = e
			continue
		}
		if sc := score(g, b); sc < bestScore {
			best, bestC, bestScore = g, c, sc
		}
	}
	if best == nil {
		return nil, err
	}
	bestC.labels(best, b)
	tintSeas(best, b)
	bestC.offBoard(best)
	best.addLinks(b)
	placeSlots(best, b)
	return best, nil
}

// tintSeas gives each outer sea of a drawing from centres its own tint
// (seaTints), so that a reader sees which water is which sea and so which
// sea each coast faces: the k-th sea the k-th tint while there are tints
// enough, and a sea whose tint a sea its water meets has taken already
// the first tint none of them has.
func tintSeas(g *Geometry, b *games.Board) {
	meets := map[[2]games.AreaID]bool{}
	for _, bd := range g.Borders {
		if bd.Kind == SeaBorder && bd.B != games.NoArea {
			meets[[2]games.AreaID{bd.A, bd.B}], meets[[2]games.AreaID{bd.B, bd.A}] = true, true
		}
	}
	for id := b.NumLand; id < len(b.Areas); id++ {
		sea := games.AreaID(id)
		if b.Area(sea).Inland {
			continue
		}
		used := map[string]bool{}
		for other := b.NumLand; other < id; other++ {
			if meets[[2]games.AreaID{sea, games.AreaID(other)}] {
				used[g.Shapes[other].Fill] = true
			}
		}
		g.Shapes[id].Fill = seaTints[(id-b.NumLand)%len(seaTints)]
		if !used[g.Shapes[id].Fill] {
			continue
		}
		for _, tint := range seaTints {
			if !used[tint] {
				g.Shapes[id].Fill = tint
				break
			}
		}
	}
}

// offBoard marks the water off the board (Context.OffBoard) and names it
// in its largest piece, where the name fits.
func (c *canvas) offBoard(g *Geometry) {
	for i := range g.Context {
		ctx := &g.Context[i]
		if ctx.Name != offBoardName {
			continue
		}
		ctx.OffBoard = true
		best, area := -1, 0.0
		for k, r := range ctx.Rings {
			if a := ringArea(r); a > area {
				best, area = k, a
			}
		}
		if best < 0 || area < 0.5*c.link*c.link {
			continue
		}
		at := pointInside([][]Point{ctx.Rings[best]})
		ctx.Label = &at
	}
}

// offBoardName is the name of the water off the board.
const offBoardName = "off the board"

// score is how badly a drawing shows its board: ten for each disagreement
// with the board's links, three for each sea drawn in more than one piece.
func score(g *Geometry, b *games.Board) float64 {
	sc := 10 * float64(len(g.Disagreements(b)))
	for id := b.NumLand; id < len(b.Areas); id++ {
		pieces := 0
		for _, r := range g.Shapes[id].Rings {
			if ringArea(r) > 0 {
				pieces++
			}
		}
		sc += 3 * float64(max(pieces-1, 0))
	}
	return sc
}

// drawFrom draws the areas and seas of a board from centres in the
// layout's unit; Generate then writes the names, arrows and slots of the
// drawing it keeps.
func drawFrom(b *games.Board, u []Point) (*Geometry, *canvas, error) {
	c := fit(b, u)
	g := &Geometry{Board: b.Name, Source: GeneratedSource, Width: c.width, Height: c.height, Legend: c.legend}
	sites, owner := c.sites(b)
	frame := Rect{0, 0, c.width, c.height} // the water runs on under the legend: the map does not end in a cut
	weight := make([]float64, len(sites))
	cells := voronoi(sites, weight, frame)
	weld(cells, 1e-3)
	if channels := c.channels(b, cells, owner); len(channels) > 0 {
		for _, p := range channels {
			sites, owner, weight = append(sites, p), append(owner, games.NoArea), append(weight, 0)
		}
		cells = voronoi(sites, weight, frame)
		weld(cells, 1e-3)
	}
	c.assignSeas(b, sites, owner, cells, b.NumLand)
	_, owner, _, cells = c.addLakes(b, sites, owner, weight, frame)
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
		g.Context = append(g.Context, Context{Name: offBoardName, Rings: union(off)})
	}
	for id := range b.Areas {
		if len(g.Shapes[id].Rings) == 0 {
			return nil, nil, fmt.Errorf("mapdraw: board %s: %s got no room on the map", b.Name, b.AreaName(games.AreaID(id)))
		}
	}
	g.Borders = borders(g, b)
	return g, c, nil
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
	margin := func(s float64) float64 { return (coastReach+0.6)*unit*s + 30 }
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

// lake is an inland sea's place on the map and its power-diagram weight.
type lake struct {
	sea    games.AreaID
	at     Point
	weight float64
}

// addLakes puts the inland seas on a drawing of the land without them, one
// at a time, each where it agrees best with the board (cellDisagreements):
// at its centre (at: or the layout's) as a plain cell or as a lake reaching
// 0.45 of the way to its shores, or at the corner where most of its shores
// meet, reaching as far as leaves the borders there (lakeRoom).
func (c *canvas) addLakes(b *games.Board, sites []Point, owner []games.AreaID, weight []float64, frame Rect) ([]Point, []games.AreaID, []float64, [][]Point) {
	cells := voronoi(sites, weight, frame)
	weld(cells, 1e-3)
	for id := b.NumLand; id < len(b.Areas); id++ {
		sea := games.AreaID(id)
		if !b.Area(sea).Inland {
			continue
		}
		var best [][]Point
		var bestLake lake
		bestBad := math.MaxInt
		for _, l := range c.lakeTries(b, sea, cells, owner) {
			try := voronoi(append(sites, l.at), append(weight, l.weight), frame)
			weld(try, 1e-3)
			if bad := cellDisagreements(b, try, append(owner, sea)); bad < bestBad {
				best, bestLake, bestBad = try, l, bad
			}
		}
		c.px[id] = bestLake.at
		sites, owner, weight, cells = append(sites, bestLake.at), append(owner, sea), append(weight, bestLake.weight), best
	}
	return sites, owner, weight, cells
}

// lakeTries are the places an inland sea may go (addLakes).
func (c *canvas) lakeTries(b *games.Board, sea games.AreaID, cells [][]Point, owner []games.AreaID) []lake {
	at := c.px[sea]
	tries := []lake{{sea, at, 0}, {sea, at, c.lakeWeight(b, sea, at, math.Inf(1))}}
	var order []Point // corners, in the order first seen
	shores := map[Point]int{}
	for i, cell := range cells {
		for _, p := range cell {
			if _, seen := shores[p]; !seen {
				order = append(order, p)
				shores[p] = 0
			}
			if linked, _ := b.Adjacent(sea, owner[i]); owner[i] != games.NoArea && b.IsLand(owner[i]) && linked {
				shores[p]++
			}
		}
	}
	best, bestN := Point{}, 1
	for _, p := range order {
		if n := shores[p]; n > bestN || (n == bestN && bestN > 1 && p.dist(at) < best.dist(at)) {
			best, bestN = p, n
		}
	}
	if bestN < 2 {
		return tries
	}
	room := lakeRadius * c.link
	for i, cell := range cells {
		if owner[i] != games.NoArea && b.IsLand(owner[i]) {
			room = math.Min(room, lakeRoom(cell, c.px[owner[i]], best))
		}
	}
	return append(tries, lake{sea, best, c.lakeWeight(b, sea, best, math.Max(room, 0.08*c.link))})
}

// cellDisagreements counts where cells contradict the board: two areas
// whose cells share a border of some length but are not linked over it,
// and two areas linked over land or a coast whose cells share less than
// MinBorder (reduX Core 6; Geometry.Disagreements on a drawing).
func cellDisagreements(b *games.Board, cells [][]Point, owner []games.AreaID) int {
	type edge struct{ a, b Point }
	at := map[edge]int{}
	for i, c := range cells {
		for k := range c {
			at[edge{c[k], c[(k+1)%len(c)]}] = i
		}
	}
	n := len(b.Areas)
	shared := make([]float64, n*n)
	for i, c := range cells {
		for k := range c {
			p, q := c[k], c[(k+1)%len(c)]
			j, ok := at[edge{q, p}]
			if !ok || owner[i] == owner[j] || owner[i] == games.NoArea || owner[j] == games.NoArea {
				continue
			}
			shared[int(owner[i])*n+int(owner[j])] += p.dist(q)
		}
	}
	bad := 0
	for x := range n {
		for y := x + 1; y < n; y++ {
			l := shared[x*n+y]
			linked, strait := b.Adjacent(games.AreaID(x), games.AreaID(y))
			if (l > 0.5 && (!linked || strait)) || (linked && !strait && l < MinBorder && (b.IsLand(games.AreaID(x)) || b.IsLand(games.AreaID(y)))) {
				bad++
			}
		}
	}
	return bad
}

// lakeRoom is how far a lake at corner p of a cell (of the site at site)
// may reach towards the site so that it covers at most 60% of the cell's
// two borders that leave p: a power cell reaching t towards the site
// reaches t/cos θ along a border at angle θ from it. A cell without corner
// p gives no bound.
func lakeRoom(cell []Point, site, p Point) float64 {
	room := math.Inf(1)
	for k, q := range cell {
		if q != p {
			continue
		}
		for _, nb := range []Point{cell[(k+1)%len(cell)], cell[(k+len(cell)-1)%len(cell)]} {
			e, s := nb.sub(p), site.sub(p)
			if e.len() == 0 || s.len() == 0 {
				continue
			}
			cos := (e.X*s.X + e.Y*s.Y) / (e.len() * s.len())
			room = math.Min(room, math.Max(cos, 0)*0.6*e.len())
		}
	}
	return room
}

// lakeWeight is the power-diagram weight of a lake at `at` that puts its
// border `reach` (at most 0.45 of the way) towards a shore at the shores'
// mean distance D: the border of a site of weight w stands D/2 + w/2D out.
func (c *canvas) lakeWeight(b *games.Board, sea games.AreaID, at Point, reach float64) float64 {
	d, n := 0.0, 0
	for _, e := range b.Edges(sea) {
		if b.IsLand(e.To) {
			d += c.px[e.To].dist(at)
			n++
		}
	}
	if n == 0 || d == 0 {
		return 0
	}
	d /= float64(n)
	t := math.Min(reach, 0.45*d)
	return 2 * d * (t - d/2)
}

// landish reports whether an area is drawn as a cell of the land: a land
// area or an inland sea.
func landish(b *games.Board, id games.AreaID) bool { return b.IsLand(id) || b.Area(id).Inland }

// sites lists the Voronoi sites with their owners: each land area and
// inland sea at its centre, then the water sites round the land.
func (c *canvas) sites(b *games.Board) ([]Point, []games.AreaID) {
	var sites []Point
	var owner []games.AreaID
	for id := range b.NumLand {
		sites = append(sites, c.px[id])
		owner = append(owner, games.AreaID(id))
	}
	water := c.water(b)
	water = append(water, c.straitWater(b, water)...)
	for _, w := range water {
		sites, owner = append(sites, w), append(owner, games.NoArea)
	}
	return sites, owner
}

// straitWater puts water at the middle of each strait whose middle is
// nearer its two ends than any other area, so that the two areas do not
// meet on the map (reduX Core 6.2: a strait crosses water).
func (c *canvas) straitWater(b *games.Board, ring []Point) []Point {
	var out []Point
	for x := range b.NumLand {
		for _, e := range b.Edges(games.AreaID(x)) {
			if e.Kind != games.StraitLink || e.To < games.AreaID(x) {
				continue
			}
			p, q := c.px[x], c.px[e.To]
			m := p.add(q).mul(0.5)
			if nearestDist(ring, m) < 0.3*c.link || p.dist(q) < 0.5*c.link || !c.between(b, m, games.AreaID(x), e.To) {
				continue
			}
			out = append(out, m)
		}
	}
	return out
}

// channels puts water between two coastal land areas that the drawing
// makes meet but the board does not link over land (a strait, or no link)
// when they border a sea in common: water sites along their border, a
// third of a link apart, so that the sea runs between them. Areas that
// share no sea keep the border, drawn as no passage.
func (c *canvas) channels(b *games.Board, cells [][]Point, owner []games.AreaID) []Point {
	type edge struct{ a, b Point }
	at := map[edge]int{}
	for i, cell := range cells {
		for k := range cell {
			at[edge{cell[k], cell[(k+1)%len(cell)]}] = i
		}
	}
	var out []Point
	for i, cell := range cells {
		x := owner[i]
		if x == games.NoArea || !b.IsLand(x) {
			continue
		}
		for k := range cell {
			p, q := cell[k], cell[(k+1)%len(cell)]
			j, ok := at[edge{q, p}]
			y := games.NoArea
			if ok {
				y = owner[j]
			}
			if y == games.NoArea || !b.IsLand(y) || y < x {
				continue
			}
			if e, linked := b.Link(x, y); linked && e.Kind == games.LandLink {
				continue
			}
			if !shareSea(b, x, y) {
				continue
			}
			n := int(math.Ceil(p.dist(q) / (c.link / 3)))
			for t := range n {
				out = append(out, p.add(q.sub(p).mul((float64(t)+0.5)/float64(n))))
			}
		}
	}
	return out
}

func shareSea(b *games.Board, x, y games.AreaID) bool {
	for _, s := range outerSeas(b, x) {
		if containsID(outerSeas(b, y), s) {
			return true
		}
	}
	return false
}

// between reports whether no area but x and y is nearer m than they are.
func (c *canvas) between(b *games.Board, m Point, x, y games.AreaID) bool {
	for id := range b.Areas {
		a := games.AreaID(id)
		if landish(b, a) && a != x && a != y && c.px[id].dist(m) < m.dist(c.px[x]) {
			return false
		}
	}
	return true
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

// outerSeas are the seas an area borders that are not inland.
func outerSeas(b *games.Board, id games.AreaID) []games.AreaID {
	var out []games.AreaID
	for _, e := range b.Edges(id) {
		if !b.IsLand(e.To) && !b.Area(e.To).Inland {
			out = append(out, e.To)
		}
	}
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

// labels puts each land area's name at its centre (two lines for a long
// name of several words), each inland sea's at its lake (two lines when it
// has two words and more than eight letters) and each outer sea's in its
// water, off the coast.
func (c *canvas) labels(g *Geometry, b *games.Board) {
	for id := range b.Areas {
		sh := &g.Shapes[id]
		if b.IsLand(games.AreaID(id)) {
			sh.Label = c.px[id]
			sh.Text = splitName(b.AreaName(games.AreaID(id)))
			continue
		}
		if b.Area(games.AreaID(id)).Inland {
			sh.Label = c.px[id]
			sh.Text = splitName(b.AreaName(games.AreaID(id)))
			if sh.Text == "" && len(b.AreaName(games.AreaID(id))) > 8 {
				sh.Text = strings.Replace(b.AreaName(games.AreaID(id)), " ", "\n", 1)
			}
			continue
		}
		c.seaLabels(g, b, sh)
	}
}

// maxSeaNames is the most times a sea's name is written.
const maxSeaNames = 3

// seaLabels writes an outer sea's name once in each piece of its water
// that has room for it (at most maxSeaNames pieces), the largest piece's at Label: never twice in one
// piece, which a reader would take for two seas (Hy Breasil's Sound of
// Gulls, one piece from the Amber Sea round to the Southern Reach, was
// named at both ends). A sea with no piece that has room gets its name
// somewhere in its largest.
func (c *canvas) seaLabels(g *Geometry, b *games.Board, sh *Shape) {
	type piece struct {
		ring []Point
		area float64
	}
	var ps []piece
	for _, r := range sh.Rings {
		if a := ringArea(r); a > 0 {
			ps = append(ps, piece{r, a})
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].area > ps[j].area })
	var at []Point
	for k, p := range ps {
		if len(at) == maxSeaNames {
			break
		}
		q, ok := c.seaLabel(g, b, sh, [][]Point{p.ring}, at)
		switch {
		case k == 0:
			sh.Label = q
		case !ok:
			continue
		default:
			sh.More = append(sh.More, q)
		}
		at = append(at, q)
	}
	if len(ps) == 0 {
		sh.Label = pointInside(sh.Rings)
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

// seaLabel finds a point of a piece of a sea's water for its name: the
// grid point nearest the sea's own coasts (the land areas the board has it
// border), but over a link from any land centre and
// seaLabelGap links from the points in away, where the name fits in the
// piece and on the map; ok is false when there is none and the point is
// only somewhere in the piece.
func (c *canvas) seaLabel(g *Geometry, b *games.Board, sh *Shape, piece [][]Point, away []Point) (Point, bool) {
	w, h := SeaLabelSize(b.AreaName(sh.ID))
	fits := func(p Point) bool {
		r := rectAround(p, w, h)
		if r.X < 4 || r.Y < 4 || r.X+r.W > c.mapW-4 || r.Y+r.H > c.height-4 {
			return false
		}
		for _, q := range corners(r) {
			if !InRings(q, piece) || !InRings(q, sh.Rings) || onLand(g, b, q) {
				return false
			}
		}
		return true
	}
	lo, hi := ringsBox(piece)
	var cs []Point
	for y := lo.Y; y <= hi.Y; y += c.link / 6 {
		for x := lo.X; x <= hi.X; x += c.link / 6 {
			cs = append(cs, Point{x, y})
		}
	}
	var coasts []Point // the sea's own coasts, so its name stands by them
	for _, e := range b.Edges(sh.ID) {
		if b.IsLand(e.To) {
			coasts = append(coasts, c.px[e.To])
		}
	}
	land := func(p Point) float64 {
		d := math.Inf(1)
		for id := range b.NumLand {
			d = math.Min(d, c.px[id].dist(p))
		}
		return d
	}
	coast := land
	if len(coasts) > 0 {
		coast = func(p Point) float64 { return nearestDist(coasts, p) }
	}
	byCoast(cs, coast)
	for _, p := range cs {
		d := coast(p)
		if len(away) > 0 && d > 2.4*c.link {
			break // a further name stays by the coast
		}
		if land(p) > 1.2*c.link && nearestDist(away, p) > seaLabelGap*c.link && fits(p) {
			return p, true
		}
	}
	for _, p := range cs {
		if InRings(p, piece) && InRings(p, sh.Rings) {
			return p, false
		}
	}
	return pointInside(sh.Rings), false
}

// pointInside is a point inside rings (by the even-odd rule): on the line
// across the middle of their box, the middle of the widest stretch inside.
func pointInside(rings [][]Point) Point {
	lo, hi := ringsBox(rings)
	y := lo.Y + (hi.Y-lo.Y)*0.5001
	var xs []float64
	for _, r := range rings {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if (a.Y > y) != (b.Y > y) {
				xs = append(xs, a.X+(y-a.Y)*(b.X-a.X)/(b.Y-a.Y))
			}
		}
	}
	sort.Float64s(xs)
	best, width := ringsCentre(rings), -1.0
	for i := 0; i+1 < len(xs); i += 2 {
		if w := xs[i+1] - xs[i]; w > width {
			best, width = Point{(xs[i] + xs[i+1]) / 2, y}, w
		}
	}
	return best
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

// byCoast sorts points by key, nearest first, computing each key once;
// points with equal keys keep their order.
func byCoast(ps []Point, key func(Point) float64) {
	keys := make([]float64, len(ps))
	idx := make([]int, len(ps))
	for i, p := range ps {
		keys[i], idx[i] = key(p), i
	}
	sort.SliceStable(idx, func(a, b int) bool { return keys[idx[a]] < keys[idx[b]] })
	sorted := make([]Point, len(ps))
	for i, k := range idx {
		sorted[i] = ps[k]
	}
	copy(ps, sorted)
}
