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

// StackFootprint is the box a counter stack centred at c takes: the disc,
// its cavalry and leader marks above and the tag below.
func StackFootprint(c Point) Rect { return Rect{c.X - 18, c.Y - 17, 36, 40} }

// layoutStacks places each stack: the area's slots first, in order, then
// the nearest free spots around the area that cover no label or counter.
func layoutStacks(g *Geometry, b *games.Board, v *View, labels []Rect) []Point {
	out := make([]Point, len(v.Stacks))
	var taken []Rect
	free := func(c Point) bool {
		f := StackFootprint(c)
		if f.X < 0 || f.Y < 0 || f.X+f.W > g.Width || f.Y+f.H > g.Height {
			return false
		}
		if g.Legend.W > 0 && f.overlaps(g.Legend) {
			return false
		}
		for _, t := range taken {
			if f.overlaps(t) {
				return false
			}
		}
		for _, l := range labels {
			if f.overlaps(l) {
				return false
			}
		}
		return true
	}
	byArea := make([][]int, len(b.Areas))
	for i, st := range v.Stacks {
		byArea[st.Area] = append(byArea[st.Area], i)
	}
	for id, idx := range byArea {
		sh := &g.Shapes[id]
		k := 0
		for _, slot := range sh.Slots {
			if k == len(idx) {
				break
			}
			if !free(slot) {
				continue
			}
			out[idx[k]] = slot
			taken = append(taken, StackFootprint(slot))
			k++
		}
		if k == len(idx) {
			continue
		}
		// Overflow: a grid of spots around the label, inside the area first.
		origin := sh.Label
		type cand struct {
			p     Point
			score float64
		}
		var cs []cand
		for i := -8; i <= 8; i++ {
			for j := -8; j <= 8; j++ {
				p := Point{origin.X + float64(i)*19, origin.Y + float64(j)*21}
				sc := p.dist(origin)
				if !InRings(p, sh.Rings) {
					sc += 400
				}
				cs = append(cs, cand{p, sc})
			}
		}
		sort.SliceStable(cs, func(a, b int) bool { return cs[a].score < cs[b].score })
		for _, c := range cs {
			if k == len(idx) {
				break
			}
			if free(c.p) {
				out[idx[k]] = c.p
				taken = append(taken, StackFootprint(c.p))
				k++
			}
		}
		for ; k < len(idx); k++ { // nowhere free: stack on the label's edge
			out[idx[k]] = Point{labels[id].X + labels[id].W + 18, origin.Y}
		}
	}
	return out
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

func drawStack(s *scene, st Stack, c Point) {
	col, _ := parseColour(st.Colour)
	fill := hexColour(col)
	s.circle("counters", paint{Fill: fill, Stroke: inkColour, Width: 1.3}, c, discR)
	n := strconv.Itoa(st.Armies)
	size := countSize
	if len(n) > 1 {
		size = 11
	}
	s.text("counters", n, fontBold, size, Point{c.X, c.Y + size*0.36}, 0.5, contrastText(col), "", 0)
	s.text("counters", stackTag(st), fontBold, tagSize, Point{c.X, c.Y + discR + 9}, 0.5, inkColour, paperColour, 2.2)
	if st.Cavalry > 0 {
		d := Point{c.X + 11.5, c.Y - 9.5}
		s.path("counters", paint{Fill: paperColour, Stroke: inkColour, Width: 1.1}, true,
			[]Point{{d.X, d.Y - 7.5}, {d.X + 7.5, d.Y}, {d.X, d.Y + 7.5}, {d.X - 7.5, d.Y}})
		s.text("counters", strconv.Itoa(st.Cavalry), fontBold, badgeSize, Point{d.X, d.Y + 3}, 0.5, inkColour, "", 0)
	}
	if st.Leader != "" {
		d := Point{c.X - 11.5, c.Y - 9.5}
		s.path("counters", paint{Fill: inkColour, Stroke: paperColour, Width: 1}, true,
			[]Point{{d.X - 6, d.Y - 6}, {d.X + 6, d.Y - 6}, {d.X + 6, d.Y + 6}, {d.X - 6, d.Y + 6}})
		s.text("counters", initial(st.Leader), fontBold, badgeSize, Point{d.X, d.Y + 3}, 0.5, paperColour, "", 0)
	}
}

// wrap breaks text into lines no wider than w.
func wrap(s *scene, f fontID, size float64, text string, w float64) []string {
	var out []string
	for _, para := range splitLines(text) {
		line := ""
		for _, word := range strings.Fields(para) {
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

func drawLegend(s *scene, g *Geometry, v *View) {
	box := g.Legend
	if box.W <= 0 {
		return
	}
	const pad = 10
	inner := box.W - 2*pad
	type nation struct{ name, colour, tag string }
	var nations []nation
	seen := map[nation]bool{}
	leaders := []string{}
	for _, st := range v.Stacks {
		col, _ := parseColour(st.Colour)
		n := nation{st.Nation, hexColour(col), stackTag(st)}
		if !seen[n] {
			seen[n] = true
			nations = append(nations, n)
		}
		if st.Leader != "" {
			leaders = append(leaders, initial(st.Leader)+" "+st.Leader+" ("+stackTag(st)+")")
		}
	}
	title := wrap(s, fontBold, 18, v.Title, inner)
	var lines []string
	for _, l := range v.Legend {
		lines = append(lines, wrap(s, fontRegular, 13, l, inner)...)
	}
	h := pad + float64(len(title))*22 + float64(len(lines))*17
	if len(nations) > 0 {
		h += 8 + float64((len(nations)+1)/2)*19
	}
	if len(leaders) > 0 {
		h += 4 + 17*float64(len(wrap(s, fontRegular, 12, "Leaders: "+strings.Join(leaders, ", "), inner)))
	}
	h += 8 + 3*20 + pad
	bg := Rect{box.X, box.Y, box.W, h}
	s.path("legend", paint{Fill: "#fbfaf6", Stroke: inkColour, Width: 1.2}, true,
		[]Point{{bg.X, bg.Y}, {bg.X + bg.W, bg.Y}, {bg.X + bg.W, bg.Y + bg.H}, {bg.X, bg.Y + bg.H}})
	x, y := box.X+pad, box.Y+pad
	for _, t := range title {
		y += 18
		s.text("legend", t, fontBold, 18, Point{x, y}, 0, inkColour, "", 0)
		y += 4
	}
	for _, l := range lines {
		y += 15
		s.text("legend", l, fontRegular, 13, Point{x, y}, 0, inkColour, "", 0)
		y += 2
	}
	if len(nations) > 0 {
		y += 8
		for i, n := range nations {
			cx := x + 8 + float64(i%2)*(inner/2)
			cy := y + 9 + float64(i/2)*19
			col, _ := parseColour(n.colour)
			s.circle("legend", paint{Fill: n.colour, Stroke: inkColour, Width: 1}, Point{cx, cy}, 7.5)
			s.text("legend", n.tag, fontBold, 7.5, Point{cx, cy + 2.7}, 0.5, contrastText(col), "", 0)
			s.text("legend", n.name, fontRegular, 12.5, Point{cx + 13, cy + 4.5}, 0, inkColour, "", 0)
		}
		y += float64((len(nations)+1)/2) * 19
	}
	if len(leaders) > 0 {
		y += 4
		for _, l := range wrap(s, fontRegular, 12, "Leaders: "+strings.Join(leaders, ", "), inner) {
			y += 14
			s.text("legend", l, fontRegular, 12, Point{x, y}, 0, inkColour, "", 0)
			y += 3
		}
	}
	// Key to the symbols.
	y += 8
	col := inner / 2
	key := func(i int, label string, draw func(c Point)) {
		c := Point{x + 10 + float64(i%2)*col, y + 10 + float64(i/2)*20}
		draw(c)
		s.text("legend", label, fontRegular, 12, Point{c.X + 17, c.Y + 4.3}, 0, inkColour, "", 0)
	}
	key(0, "difficult terrain", func(c Point) {
		sq := [][]Point{{{c.X - 9, c.Y - 7}, {c.X + 9, c.Y - 7}, {c.X + 9, c.Y + 7}, {c.X - 9, c.Y + 7}}}
		s.path("legend", paint{Fill: difficultFills[0], Stroke: borderColour, Width: 0.8}, true, sq...)
		s.path("legend", paint{Stroke: hatchColour, Width: 0.9}, false, hatch(sq, hatchGap)...)
	})
	key(1, "region border", func(c Point) {
		s.path("legend", paint{Stroke: regionColour, Width: 2.8}, false, []Point{{c.X - 10, c.Y}, {c.X + 10, c.Y}})
	})
	key(2, "strait", func(c Point) {
		drawArrow(s, "legend", []Point{{c.X - 11, c.Y}, {c.X + 11, c.Y}}, straitColour, "", 1.6, 6, true, []float64{4, 3})
	})
	key(3, "battle", func(c Point) { drawBattleMark(s, c) })
	key(4, "cavalry (count)", func(c Point) {
		s.path("legend", paint{Fill: paperColour, Stroke: inkColour, Width: 1.1}, true,
			[]Point{{c.X, c.Y - 7.5}, {c.X + 7.5, c.Y}, {c.X, c.Y + 7.5}, {c.X - 7.5, c.Y}})
	})
	key(5, "leader (initial)", func(c Point) {
		s.path("legend", paint{Fill: inkColour}, true,
			[]Point{{c.X - 6, c.Y - 6}, {c.X + 6, c.Y - 6}, {c.X + 6, c.Y + 6}, {c.X - 6, c.Y + 6}})
	})
}
