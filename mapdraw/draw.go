package mapdraw

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pbem-org/pbem/games"
)

// drawArrow strokes a polyline with a head at its end (and at its start
// when double), under a casing of colour casing when that is not "".
func drawArrow(s *scene, group string, pts []Point, colour, casing string, width, head float64, double bool, dash []float64) {
	if len(pts) < 2 {
		return
	}
	tip := pts[len(pts)-1]
	dirEnd := tip.sub(pts[len(pts)-2]).unit()
	shaft := trimEnd(append([]Point(nil), pts...), head*0.8)
	heads := [][]Point{arrowHead(tip, dirEnd, head)}
	if double {
		start := pts[0]
		dirStart := start.sub(pts[1]).unit()
		rev := make([]Point, len(shaft))
		for i, p := range shaft {
			rev[len(shaft)-1-i] = p
		}
		shaft = trimEnd(rev, head*0.8)
		heads = append(heads, arrowHead(start, dirStart, head))
	}
	if casing != "" {
		s.path(group, paint{Stroke: casing, Width: width + 2.4}, false, shaft)
		s.path(group, paint{Fill: casing, Stroke: casing, Width: 2.4}, true, heads...)
	}
	s.path(group, paint{Stroke: colour, Width: width, Dash: dash}, false, shaft)
	s.path(group, paint{Fill: colour}, true, heads...)
}

func arrowHead(tip, dir Point, l float64) []Point {
	base := tip.sub(dir.mul(l))
	n := dir.perp().mul(l * 0.5)
	return []Point{tip, base.add(n), base.sub(n)}
}

// anchor is where arrows to and from an area start and end.
func anchor(g *Geometry, id games.AreaID) Point { return g.Shapes[id].Label }

// drawRoads draws each road of the view from the counter of one area's
// works (its fort) through the middle of the border the two areas share
// to the other's, so that roads join the forts and stay in the two areas
// they link (issue 21: straight lines between the names made a web over
// southern England): a dark line with a pale centre, as maps draw roads,
// apart from the moves' arrows and the borders. placed are the stacks'
// places.
func drawRoads(s *scene, g *Geometry, v *View, labels []Rect, placed []Point) {
	end := func(id games.AreaID) (Point, bool) {
		for i, st := range v.Stacks {
			if st.Area == id && len(st.Works) > 0 {
				return placed[i], true
			}
		}
		return anchor(g, id), false
	}
	for _, r := range v.Roads {
		a, atA := end(r[0])
		b, atB := end(r[1])
		mid, ok := sharedBorderPoint(g, r[0], r[1], a.add(b).mul(0.5))
		if !ok {
			mid = a.add(b).mul(0.5)
		}
		if !atA {
			a = clipFromRect(a, mid, labels[r[0]].grow(2))
		}
		if !atB {
			b = clipFromRect(b, mid, labels[r[1]].grow(2))
		}
		line := []Point{a, mid, b}
		s.path("roads", paint{Stroke: roadColour, Width: 4.2}, false, line)
		s.path("roads", paint{Stroke: roadFill, Width: 1.6}, false, line)
	}
}

// sharedBorderPoint is the point of the border two areas share nearest p.
func sharedBorderPoint(g *Geometry, x, y games.AreaID, p Point) (Point, bool) {
	best, bestD := p, math.Inf(1)
	for _, bd := range g.Borders {
		if !((bd.A == x && bd.B == y) || (bd.A == y && bd.B == x)) {
			continue
		}
		for _, l := range bd.Lines {
			for i := 0; i+1 < len(l); i++ {
				if q := nearestOnSegment(p, l[i], l[i+1]); q.dist(p) < bestD {
					best, bestD = q, q.dist(p)
				}
			}
		}
	}
	return best, !math.IsInf(bestD, 1)
}

func drawMoves(s *scene, g *Geometry, v *View, labels []Rect) {
	seen := map[[2]games.AreaID]int{}
	for _, m := range v.Moves {
		if m.From == m.To {
			continue
		}
		k := [2]games.AreaID{m.From, m.To}
		n := seen[k]
		seen[k]++
		a, b := anchor(g, m.From), anchor(g, m.To)
		a = clipFromRect(a, b, labels[m.From].grow(3))
		b = clipFromRect(b, a, labels[m.To].grow(3))
		d := b.sub(a)
		l := d.len()
		if l < 12 {
			continue
		}
		bend := 0.14 + 0.12*float64(n)
		c := a.add(d.mul(0.5)).add(d.unit().perp().mul(l * bend))
		drawArrow(s, "moves", quad(a, c, b, 24), m.Colour, inkColour, arrowWidth, 13, false, nil)
	}
}

func drawBattleOutline(s *scene, g *Geometry, id games.AreaID) {
	rings := g.Shapes[id].Rings
	s.path("battles", paint{Stroke: paperColour, Width: 5}, true, rings...)
	s.path("battles", paint{Stroke: inkColour, Width: 2.6, Dash: []float64{8, 5}}, true, rings...)
}

func drawBattleMark(s *scene, c Point) {
	var star []Point
	for i := range 16 {
		r := 11.5
		if i%2 == 1 {
			r = 7
		}
		a := math.Pi * float64(i) / 8
		star = append(star, Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)})
	}
	s.path("battles", paint{Fill: paperColour, Stroke: inkColour, Width: 1.3}, true, star)
	s.path("battles", paint{Stroke: inkColour, Width: 2.2}, false,
		[]Point{{c.X - 4.5, c.Y - 4.5}, {c.X + 4.5, c.Y + 4.5}},
		[]Point{{c.X + 4.5, c.Y - 4.5}, {c.X - 4.5, c.Y + 4.5}})
}

// StackFootprint is the room a counter stack centred at c takes without
// cavalry or leader marks: the disc and the tag below it. Slots in a
// geometry are spaced by it.
func StackFootprint(c Point) Rect { return footprint(Stack{}, c) }

// footprint is the room one stack takes, with its marks.
func footprint(st Stack, c Point) Rect {
	x0, x1, y0 := c.X-12.5, c.X+12.5, c.Y-12
	if st.Cavalry > 0 {
		x1, y0 = c.X+22, c.Y-20
	}
	if st.Leader != "" {
		x0, y0 = c.X-21, c.Y-19
	}
	if n := len(st.Works); n > 0 && !worksAlone(st) {
		x1 = max(x1, c.X+workDX+workSide/2+float64(n-1)*workStep+1)
	}
	return Rect{x0, y0, x1 - x0, c.Y + 23 - y0}
}

// The square counters of works (Stack.Works): beside an army's disc,
// tucked under its right edge, each further one a step up and right; a
// stack of works alone is one larger square per work in the disc's place.
const (
	workSide      = 14.0
	workDX        = 14.0 // from the disc's centre to the first square's
	workDY        = 3.0
	workStep      = 5.0
	workAloneSide = 19.0
)

// worksAlone reports whether a stack is works only, drawn without a disc.
func worksAlone(st Stack) bool {
	return len(st.Works) > 0 && st.Armies == 0 && st.Cavalry == 0 && st.Leader == ""
}

// drawWork draws a work's square counter of side d centred at c: the
// nation's colour, in a border of the player's ring colour when ring is
// not "", with the work's letter.
func drawWork(s *scene, group string, c Point, d float64, fill, ring, letter string) {
	sq := func(h float64) []Point {
		return []Point{{c.X - h, c.Y - h}, {c.X + h, c.Y - h}, {c.X + h, c.Y + h}, {c.X - h, c.Y + h}}
	}
	h := d / 2
	if ring != "" {
		s.path(group, paint{Fill: ring, Stroke: inkColour, Width: 1.1}, true, sq(h))
		h *= 0.7
	}
	s.path(group, paint{Fill: fill, Stroke: inkColour, Width: 0.9}, true, sq(h))
	col, _ := parseColour(fill)
	size := d * 0.62
	s.text(group, letter, fontBold, size, Point{c.X, c.Y + size*0.36}, 0.5, contrastText(col), "", 0)
}

// drawWorks draws a stack's works: beside its disc (drawn after them, so
// they show as counters under it), or alone in its place.
func drawWorks(s *scene, st Stack, c Point) {
	col, _ := parseColour(st.Colour)
	if worksAlone(st) {
		n := float64(len(st.Works))
		for i, w := range st.Works {
			at := Point{c.X + (float64(i)-(n-1)/2)*(workAloneSide+2), c.Y}
			drawWork(s, "counters", at, workAloneSide, hexColour(col), st.Ring, w.Letter)
		}
		return
	}
	for i := len(st.Works) - 1; i >= 0; i-- {
		at := Point{c.X + workDX + float64(i)*workStep, c.Y + workDY - float64(i)*workStep}
		drawWork(s, "counters", at, workSide, hexColour(col), "", st.Works[i].Letter)
	}
}

// layoutStacks places each stack: the area's slots first, in order, then
// the nearest free spots around the area that cover no label, mark or
// counter. A stack at sea stays on water; one on the border of two seas
// stands on their drawn border, between their labels.
func layoutStacks(g *Geometry, b *games.Board, v *View, obstacles []Rect) []Point {
	p := &placer{g: g, b: b, v: v, obstacles: obstacles, out: make([]Point, len(v.Stacks))}
	groups := stackGroups(b, v)
	// First every area's own slots, then the overflow, so that one area's
	// overflow never takes another's slot.
	for _, gr := range groups {
		if gr.other != games.NoArea {
			continue
		}
		for _, slot := range g.Shapes[gr.area].Slots {
			if gr.placed == len(gr.stacks) {
				break
			}
			if p.free(p.next(gr), slot) {
				p.place(gr, slot)
			}
		}
	}
	for _, gr := range groups {
		p.overflow(gr)
	}
	return p.out
}

// stackGroup is the stacks of one area, or of the border of two seas.
type stackGroup struct {
	area, other games.AreaID // other: the second sea, or NoArea
	stacks      []int        // indexes into View.Stacks
	placed      int          // how many are placed
}

// stackGroups groups the stacks by area, in board order, border groups
// after, so that the layout does not depend on the order stacks are listed
// in.
func stackGroups(b *games.Board, v *View) []*stackGroup {
	var groups []*stackGroup
	index := map[[2]games.AreaID]*stackGroup{}
	for i, st := range v.Stacks {
		k := [2]games.AreaID{st.Area, games.NoArea}
		if st.Border > 0 && !b.IsLand(st.Area) {
			k = [2]games.AreaID{min(st.Area, st.Border), max(st.Area, st.Border)}
		}
		gr := index[k]
		if gr == nil {
			gr = &stackGroup{area: k[0], other: k[1]}
			index[k] = gr
			groups = append(groups, gr)
		}
		gr.stacks = append(gr.stacks, i)
	}
	sort.SliceStable(groups, func(i, j int) bool {
		if (groups[i].other == games.NoArea) != (groups[j].other == games.NoArea) {
			return groups[i].other == games.NoArea
		}
		if groups[i].area != groups[j].area {
			return groups[i].area < groups[j].area
		}
		return groups[i].other < groups[j].other
	})
	return groups
}

// placer places stacks one by one, each clear of the obstacles and of the
// stacks placed before it.
type placer struct {
	g         *Geometry
	b         *games.Board
	v         *View
	obstacles []Rect
	taken     []Rect
	out       []Point
}

func (p *placer) next(gr *stackGroup) Stack { return p.v.Stacks[gr.stacks[gr.placed]] }

func (p *placer) place(gr *stackGroup, c Point) {
	p.out[gr.stacks[gr.placed]] = c
	p.taken = append(p.taken, footprint(p.next(gr), c))
	gr.placed++
}

// free reports whether a stack at c stays on the map and covers no legend,
// counter, label or mark.
func (p *placer) free(st Stack, c Point) bool {
	f := footprint(st, c)
	if f.X < 0 || f.Y < 0 || f.X+f.W > p.g.Width || f.Y+f.H > p.g.Height {
		return false
	}
	if p.g.Legend.W > 0 && f.overlaps(p.g.Legend) {
		return false
	}
	for _, t := range p.taken {
		if f.overlaps(t) {
			return false
		}
	}
	for _, l := range p.obstacles {
		if f.overlaps(l.grow(2)) {
			return false
		}
	}
	return true
}

// wet reports whether a stack at c stands on water only.
func (p *placer) wet(st Stack, c Point) bool {
	f := footprint(st, c).grow(2)
	for _, q := range []Point{{f.X, f.Y}, {f.X + f.W, f.Y}, {f.X, f.Y + f.H}, {f.X + f.W, f.Y + f.H}, c} {
		for id := range p.b.NumLand {
			if InRings(q, p.g.Shapes[id].Rings) {
				return false
			}
		}
		for _, ctx := range p.g.Context {
			if InRings(q, ctx.Rings) {
				return false
			}
		}
	}
	return true
}

// overflow places a group's stacks that found no slot on a fine grid of
// spots around the area, nearest first: for a land area, first with the
// disc inside the area, then anywhere on land; for a sea, on water.
func (p *placer) overflow(gr *stackGroup) {
	if gr.placed == len(gr.stacks) {
		return
	}
	sh := &p.g.Shapes[gr.area]
	origin := sh.Label
	if gr.other != games.NoArea {
		origin = borderAnchor(p.g, gr.area, gr.other)
	}
	cs := make([]Point, len(spiral))
	for k, d := range spiral {
		cs[k] = origin.add(d)
	}
	passes := []func(st Stack, c Point) bool{
		func(st Stack, c Point) bool { return InRings(c, sh.Rings) },
		func(st Stack, c Point) bool { return onLand(p.g, p.b, c) },
	}
	if !p.b.IsLand(gr.area) {
		passes = []func(st Stack, c Point) bool{p.wet}
	}
	for _, ok := range passes {
		for _, c := range cs {
			if gr.placed == len(gr.stacks) {
				break
			}
			if p.free(p.next(gr), c) && ok(p.next(gr), c) {
				p.place(gr, c)
			}
		}
	}
	for gr.placed < len(gr.stacks) { // nowhere free: stand at the origin
		p.place(gr, origin)
	}
}

// spiral is a fine grid of offsets, 4 pixels apart up to 160 each way,
// nearest first (ties in grid order): where layoutStacks looks for room
// round an area, sorted once rather than for every area.
var spiral = func() []Point {
	var out []Point
	for i := -40; i <= 40; i++ {
		for j := -40; j <= 40; j++ {
			out = append(out, Point{float64(i) * 4, float64(j) * 4})
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].len() < out[b].len() })
	return out
}()

// onLand reports whether c is on a land area.
func onLand(g *Geometry, b *games.Board, c Point) bool {
	for id := range b.NumLand {
		if InRings(c, g.Shapes[id].Rings) {
			return true
		}
	}
	return false
}

// borderAnchor is where stacks on the border of two seas stand: the point
// of their drawn border nearest the middle of their labels.
func borderAnchor(g *Geometry, a, b games.AreaID) Point {
	m := g.Shapes[a].Label.add(g.Shapes[b].Label).mul(0.5)
	best, bestD := m, math.Inf(1)
	for _, bd := range g.Borders {
		if !((bd.A == a && bd.B == b) || (bd.A == b && bd.B == a)) {
			continue
		}
		for _, l := range bd.Lines {
			for i := 0; i+1 < len(l); i++ {
				p := nearestOnSegment(m, l[i], l[i+1])
				if d := p.dist(m); d < bestD {
					best, bestD = p, d
				}
			}
		}
	}
	return best
}

func nearestOnSegment(p, a, b Point) Point {
	d := b.sub(a)
	l2 := d.X*d.X + d.Y*d.Y
	if l2 == 0 {
		return a
	}
	t := ((p.X-a.X)*d.X + (p.Y-a.Y)*d.Y) / l2
	t = math.Max(0, math.Min(1, t))
	return a.add(d.mul(t))
}

func stackTag(st Stack) string {
	if st.Tag != "" {
		return st.Tag
	}
	var letters []rune
	for _, r := range st.Nation {
		if len(letters) < 2 && r != ' ' && r != '-' {
			letters = append(letters, r)
		}
	}
	return strings.ToUpper(string(letters))
}

func initial(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return ""
	}
	return strings.ToUpper(string(r))
}

// drawDisc draws a counter's disc of radius r: filled with the nation's
// colour inside a ring of the controlling player's colour, or without a
// ring when ring is "" (issue 14: counters coloured by nation, the player
// shown as a ring).
func drawDisc(s *scene, group string, c Point, r float64, fill, ring string) {
	if ring == "" {
		s.circle(group, paint{Fill: fill, Stroke: inkColour, Width: 1.2}, c, r)
		return
	}
	s.circle(group, paint{Fill: ring, Stroke: inkColour, Width: 1.2}, c, r)
	s.circle(group, paint{Fill: fill, Stroke: inkColour, Width: 0.9}, c, r*ringInner)
}

// ringInner is the nation's disc's radius inside a player's ring, as a
// share of the counter's: the ring a third of the radius (issue 21: the
// rings were thin).
const ringInner = 0.64

func drawStack(s *scene, st Stack, c Point) {
	col, _ := parseColour(st.Colour)
	drawWorks(s, st, c)
	if worksAlone(st) {
		s.text("counters", stackTag(st), fontBold, tagSize, Point{c.X, c.Y + discR + 9}, 0.5, inkColour, paperColour, 2.2)
		return
	}
	r := discR
	if st.Ring != "" {
		r = ringR
	}
	drawDisc(s, "counters", c, r, hexColour(col), st.Ring)
	n := strconv.Itoa(st.Armies)
	size := countSize
	if len(n) > 1 {
		size = 10.5
	}
	s.text("counters", n, fontBold, size, Point{c.X, c.Y + size*0.36}, 0.5, contrastText(col), "", 0)
	s.text("counters", stackTag(st), fontBold, tagSize, Point{c.X, c.Y + discR + 9}, 0.5, inkColour, paperColour, 2.2)
	if st.Cavalry > 0 {
		d := Point{c.X + 13, c.Y - 11}
		s.path("counters", paint{Fill: paperColour, Stroke: inkColour, Width: 1.2}, true,
			[]Point{{d.X, d.Y - 8.5}, {d.X + 8.5, d.Y}, {d.X, d.Y + 8.5}, {d.X - 8.5, d.Y}})
		s.text("counters", strconv.Itoa(st.Cavalry), fontBold, badgeSize+1, Point{d.X, d.Y + 3.4}, 0.5, inkColour, "", 0)
	}
	if st.Leader != "" {
		d := Point{c.X - 13, c.Y - 11}
		s.path("counters", paint{Fill: inkColour, Stroke: paperColour, Width: 1}, true,
			[]Point{{d.X - 7, d.Y - 7}, {d.X + 7, d.Y - 7}, {d.X + 7, d.Y + 7}, {d.X - 7, d.Y + 7}})
		s.text("counters", initial(st.Leader), fontBold, badgeSize+1, Point{d.X, d.Y + 3.4}, 0.5, paperColour, "", 0)
	}
}

// wrap breaks text into lines no wider than w, at spaces but never at a
// no-break space (nbsp), which it writes as a space.
func wrap(s *scene, f fontID, size float64, text string, w float64) []string {
	var out []string
	space := func(r rune) bool { return r == ' ' || r == '\t' }
	for _, para := range splitLines(text) {
		line := ""
		for _, word := range strings.FieldsFunc(para, space) {
			word = strings.ReplaceAll(word, nbsp, " ")
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && s.width(f, size, try) > w {
				out = append(out, line)
				line = word
			} else {
				line = try
			}
		}
		out = append(out, line)
	}
	return out
}
