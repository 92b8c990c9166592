package mapdraw

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// View is what one map shows on top of the board: the counters, this
// turn's moves and battles, a legend, and, when Players or Timeline is
// given, a strip under the board with the Timeline, the population tracks
// and the victory points by player.
type View struct {
	Title   string   // e.g. "Round V — Saxons"
	Legend  []string // lines: what happened, what comes next…
	Stacks  []Stack
	Moves   []Arrow // this turn's moves
	Battles []games.AreaID
	// Roads are the links drawn as roads, centre to centre, under the
	// moves: classic Britannia's Roman roads between two adjacent areas
	// with forts (seed 002 §5 Roman Roads).
	Roads [][2]games.AreaID
	// Players are the seats in split order; the legend lists each with
	// its colour, its VP and its nations' counters.
	Players []Player
	// Nations are the nations in play order, for the legend's key and the
	// population tracks; nil takes the nations of Stacks.
	Nations []Nation
	// Timeline is the strip's row of rounds; nil draws none.
	Timeline *Timeline
}

// Player is one seat: its label ("Yellow (Alice)"), colour and victory
// points (reduX Core 3; halves where a ruleset scores them).
type Player struct {
	Label  string
	Colour string // "#rrggbb"
	VP     float64
}

// Nation is one nation as the legend and the population tracks show it.
type Nation struct {
	Name   string
	Tag    string // the short name on its counters, such as "SX"
	Colour string // its counters' fill, "#rrggbb"
	Player int    // the controlling seat, 1-based into View.Players; 0 for none
	Pop    int    // the population track marker (reduX Core 5.1)
}

// Timeline is the Timeline of the game (reduX Core 1.3.1): its rounds, the
// one the step belongs to, and the population track's length.
type Timeline struct {
	Rounds   []Round
	Current  int // index into Rounds; -1 for none
	TrackMax int // the population track's highest value (reduX Core 5.1)
}

// Round is one round of the Timeline.
type Round struct {
	Label   string // "VII"
	Years   string // "485-560"
	Scoring bool   // the end of the round is scored (reduX Core 3)
	// MayScore says a die decides at the round's end whether it is scored,
	// and it is not played yet (Hy Breasil 11, option random-scoring).
	MayScore bool
}

// Stack is one nation's counters in one area or sea.
type Stack struct {
	Area   games.AreaID
	Nation string
	// Colour is the counters' fill, "#rrggbb": the nation's colour
	// (games.Tables.NationColour).
	Colour string
	// Ring is the controlling player's colour, drawn as a ring round the
	// counter; "" draws none.
	Ring    string
	Armies  int
	Cavalry int
	Leader  string
	// Border, for a stack at sea, is a second sea when the stack stands on
	// the border between the two (arrivals on two seas, reduX Core 5.2.1);
	// 0 means none (land areas come first, so no sea has id 0).
	Border games.AreaID
	// Tag is the short name written under the disc, such as the nation's
	// short code "SX"; empty means the first two letters of Nation.
	Tag string
	// Works are the nation's units here that are not armies, each drawn as
	// a square counter of its own beside the disc, or alone when the stack
	// has no army (issue 21: classic Britannia's forts and burhs, Hy
	// Breasil's cities).
	Works []Work
}

// Work is a unit that is not an army, as its square counter shows it: a
// letter on the counter and the legend's word for it.
type Work struct {
	Letter string // "F"
	Name   string // "fort"
}

// Arrow is one move from an area to another.
type Arrow struct {
	From, To games.AreaID
	Colour   string
}

// RenderPNG draws the map as a PNG. The same input gives the same bytes.
func RenderPNG(w io.Writer, g *Geometry, b *games.Board, v *View) error {
	s, err := buildScene(g, b, v)
	if err != nil {
		return err
	}
	return writePNG(w, s)
}

// RenderPNGWidth draws the map as RenderPNG does, scaled to width pixels
// wide: the same picture (content, title, legend, strip) at another pixel
// size, lines and letters scaled with it. The report mails draw their map
// this way at the width the mail shows it (issue 14); width 0 or the
// map's own width is RenderPNG.
func RenderPNGWidth(w io.Writer, g *Geometry, b *games.Board, v *View, width int) error {
	if width < 0 {
		return fmt.Errorf("map width %d: must be positive, or 0 for the map's own", width)
	}
	s, err := buildScene(g, b, v)
	if err != nil {
		return err
	}
	if width > 0 && float64(width) != s.W {
		s = s.scaled(float64(width) / s.W)
	}
	return writePNG(w, s)
}

// RenderSVG draws the map as SVG. The same input gives the same bytes.
func RenderSVG(w io.Writer, g *Geometry, b *games.Board, v *View) error {
	s, err := buildScene(g, b, v)
	if err != nil {
		return err
	}
	return writeSVG(w, s)
}

// parseColour reads #rgb or #rrggbb.
func parseColour(c string) ([3]uint8, bool) {
	h := strings.TrimPrefix(c, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 || !strings.HasPrefix(c, "#") {
		return [3]uint8{}, false
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return [3]uint8{}, false
	}
	return [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}

func hexColour(c [3]uint8) string { return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2]) }

// luminance is the WCAG relative luminance.
func luminance(c [3]uint8) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

// contrastText picks ink or paper, whichever reads better on c.
func contrastText(c [3]uint8) string {
	l := luminance(c)
	ink, paper := luminance([3]uint8{0x1a, 0x1a, 0x1a}), 1.0
	if (l+0.05)/(ink+0.05) >= (paper+0.05)/(l+0.05) {
		return inkColour
	}
	return paperColour
}

// check refuses a view that names areas the board lacks or bad colours.
func (v *View) check(b *games.Board) error {
	area := func(what string, id games.AreaID) error {
		if id < 0 || int(id) >= len(b.Areas) {
			return fmt.Errorf("mapdraw: %s names area %d; the board has %d", what, id, len(b.Areas))
		}
		return nil
	}
	for i, s := range v.Stacks {
		what := fmt.Sprintf("stack %d (%s)", i+1, s.Nation)
		if err := area(what, s.Area); err != nil {
			return err
		}
		if _, ok := parseColour(s.Colour); !ok {
			return fmt.Errorf("mapdraw: %s has colour %q; want #rrggbb", what, s.Colour)
		}
		if _, ok := parseColour(s.Ring); s.Ring != "" && !ok {
			return fmt.Errorf("mapdraw: %s has ring colour %q; want #rrggbb", what, s.Ring)
		}
		if s.Armies < 0 || s.Cavalry < 0 {
			return fmt.Errorf("mapdraw: %s has a negative count", what)
		}
		if s.Border != 0 {
			if err := area(what, s.Border); err != nil {
				return err
			}
			if linked, _ := b.Adjacent(s.Area, s.Border); b.IsLand(s.Area) || b.IsLand(s.Border) || !linked {
				return fmt.Errorf("mapdraw: %s stands on the border of %s and %s, which are not two neighbouring seas", what, b.AreaName(s.Area), b.AreaName(s.Border))
			}
		}
	}
	for i, m := range v.Moves {
		what := fmt.Sprintf("move %d", i+1)
		if err := area(what, m.From); err != nil {
			return err
		}
		if err := area(what, m.To); err != nil {
			return err
		}
		if _, ok := parseColour(m.Colour); !ok {
			return fmt.Errorf("mapdraw: %s has colour %q; want #rrggbb", what, m.Colour)
		}
	}
	for _, id := range v.Battles {
		if err := area("a battle", id); err != nil {
			return err
		}
	}
	return v.checkKey()
}

// checkKey refuses players and nations with bad colours or seats, and a
// Timeline whose current round is not one of its rounds.
func (v *View) checkKey() error {
	for i, p := range v.Players {
		if _, ok := parseColour(p.Colour); !ok {
			return fmt.Errorf("mapdraw: player %d (%s) has colour %q; want #rrggbb", i+1, p.Label, p.Colour)
		}
	}
	for _, n := range v.Nations {
		if _, ok := parseColour(n.Colour); !ok {
			return fmt.Errorf("mapdraw: nation %s has colour %q; want #rrggbb", n.Name, n.Colour)
		}
		if n.Player < 0 || n.Player > len(v.Players) {
			return fmt.Errorf("mapdraw: nation %s has player %d; the view has %d", n.Name, n.Player, len(v.Players))
		}
	}
	if t := v.Timeline; t != nil && (t.Current < -1 || t.Current >= len(t.Rounds)) {
		return fmt.Errorf("mapdraw: the Timeline's current round is %d; it has %d rounds", t.Current, len(t.Rounds))
	}
	return nil
}

// labelText is what an area's label says.
func labelText(g *Geometry, b *games.Board, id games.AreaID) string {
	if t := g.Shapes[id].Text; t != "" {
		return t
	}
	return b.AreaName(id)
}

// labelBox is where an area's label is drawn.
func labelBox(g *Geometry, b *games.Board, id games.AreaID) Rect {
	sh := &g.Shapes[id]
	if b.IsLand(id) {
		w, h := LabelSize(labelText(g, b, id))
		return rectAround(sh.Label, w, h)
	}
	if b.Area(id).Inland {
		w, h := lakeLabelSize(labelText(g, b, id))
		return rectAround(sh.Label, w, h)
	}
	w, h := SeaLabelSize(b.AreaName(id))
	return rectAround(sh.Label, w, h)
}

// lakeLabelSize is the box an inland sea's name takes: smaller than an
// outer sea's, to fit between its shores, and on two lines when long.
func lakeLabelSize(text string) (w, h float64) {
	measureMu.Lock()
	defer measureMu.Unlock()
	lines := splitLines(text)
	for _, l := range lines {
		w = max(w, measureFaces.width(seaFont, lakeSize, l))
	}
	return w + 4, float64(len(lines)) * lakeSize * 1.1
}

// SeaLabelSize is the box a sea's name takes on the map.
func SeaLabelSize(text string) (w, h float64) {
	measureMu.Lock()
	defer measureMu.Unlock()
	return measureFaces.width(seaFont, seaSize, text) + 4, seaSize
}

func buildScene(g *Geometry, b *games.Board, v *View) (*scene, error) {
	if g == nil || b == nil {
		return nil, fmt.Errorf("mapdraw: no geometry or board")
	}
	if len(g.Shapes) != len(b.Areas) {
		return nil, fmt.Errorf("mapdraw: the geometry draws %d areas, the board has %d", len(g.Shapes), len(b.Areas))
	}
	if v == nil {
		v = &View{}
	}
	if err := v.check(b); err != nil {
		return nil, err
	}
	s := &scene{W: g.Width, H: g.Height + stripHeight(v), faces: faceCache{}, board: g.Height}
	drawBoard(s, g, b)
	drawView(s, g, b, v)
	return s, nil
}

// drawBoard draws the board alone: sea, the land beyond the board, the
// areas by terrain and region, borders, straits, links and the seas' names.
func drawBoard(s *scene, g *Geometry, b *games.Board) {
	frame := []Point{{0, 0}, {g.Width, 0}, {g.Width, g.Height}, {0, g.Height}}
	s.path("sea", paint{Fill: seaColour}, true, frame)

	// Sea borders run under the grey context land.
	for _, bd := range g.Borders {
		if bd.Kind == SeaBorder {
			s.path("sea", paint{Stroke: seaBorderColor, Width: 1.3, Dash: []float64{7, 5}}, false, bd.Lines...)
		}
	}
	for _, c := range g.Context {
		if len(c.Rings) > 0 {
			s.path("context", paint{Fill: contextFill, Stroke: contextStroke, Width: 0.8, EvenOdd: true}, true, c.Rings...)
		}
	}
	for _, c := range g.Context {
		if c.Label != nil {
			s.text("context", c.Name, fontBold, 15, Point{c.Label.X, c.Label.Y + 5}, 0.5, contextText, "", 0)
		}
	}

	drawLand(s, g, b)
	for _, kind := range []BorderKind{AreaBorder, Coast, RegionBorder} {
		for _, bd := range g.Borders {
			if bd.Kind != kind {
				continue
			}
			switch kind {
			case AreaBorder:
				s.path("borders", paint{Stroke: borderColour, Width: 1.0}, false, bd.Lines...)
			case Coast:
				s.path("borders", paint{Stroke: coastColour, Width: 1.3}, false, bd.Lines...)
			case RegionBorder:
				s.path("borders", paint{Stroke: regionColour, Width: 2.8}, false, bd.Lines...)
			}
		}
	}
	for _, bd := range g.Borders {
		if bd.Unlinked && bd.Kind != SeaBorder && bd.Length >= MinBorder/2 {
			s.path("borders", paint{Stroke: barrierColour, Width: 3.2, Dash: []float64{3, 3}}, false, bd.Lines...)
		}
	}
	for _, st := range g.Straits {
		drawArrow(s, "straits", []Point{st.From, st.To}, straitColour, "", 1.6, 8, true, []float64{4, 3})
	}
	for _, l := range g.Links {
		drawArrow(s, "straits", []Point{l.From, l.To}, linkColour, paperColour, 1.6, 8, true, []float64{2, 3})
	}
	for id := games.AreaID(b.NumLand); int(id) < len(b.Areas); id++ {
		sh := g.Shapes[id]
		if b.Area(id).Inland {
			drawLakeLabel(s, g, b, id)
			continue
		}
		for _, at := range append([]Point{sh.Label}, sh.More...) {
			s.text("seas", b.AreaName(id), seaFont, seaSize, Point{at.X, at.Y + seaSize*0.36}, 0.5, seaLabelColour, seaColour, 3)
		}
	}
}

// drawView draws a view on the board: battle outlines, moves, battle marks
// beside the names, the areas' names, the counters clear of names, marks
// and legend, the legend, and the strip under the board.
func drawView(s *scene, g *Geometry, b *games.Board, v *View) {
	labels := make([]Rect, len(b.Areas))
	for id := range b.Areas {
		labels[id] = labelBox(g, b, games.AreaID(id))
	}
	marks := placeBattleMarks(g, b, v.Battles, labels)
	obstacles := append([]Rect(nil), labels...)
	var markAt []Point
	for _, id := range v.Battles {
		if c, ok := marks[id]; ok {
			markAt = append(markAt, c)
			obstacles = append(obstacles, rectAround(c, markSize, markSize))
			delete(marks, id)
		}
	}
	legend, legendBox := buildLegend(s, g, b, v)
	if legendBox.W > 0 {
		obstacles = append(obstacles, legendBox)
	}
	placed := layoutStacks(g, b, v, obstacles)
	s.boxes, s.battles = map[games.AreaID][]Rect{}, map[games.AreaID]bool{}
	for _, id := range v.Battles {
		s.boxes[id] = append(s.boxes[id], labels[id])
		s.battles[id] = true
	}
	for i, st := range v.Stacks {
		s.boxes[st.Area] = append(s.boxes[st.Area], footprint(st, placed[i]))
	}
	for id := range b.NumLand {
		s.boxes[games.AreaID(id)] = append(s.boxes[games.AreaID(id)], labels[id])
	}
	for _, id := range v.Battles {
		drawBattleOutline(s, g, id)
	}
	drawRoads(s, g, v, labels, placed)
	drawMoves(s, g, v, labels)
	for _, c := range markAt {
		drawBattleMark(s, c)
	}
	for id := range b.NumLand {
		drawLabel(s, g, b, games.AreaID(id), labels[id])
	}
	for i, st := range v.Stacks {
		drawStack(s, st, placed[i])
	}
	s.Ops = append(s.Ops, legend...)
	drawStrip(s, g, v)
}

func drawLabel(s *scene, g *Geometry, b *games.Board, id games.AreaID, box Rect) {
	lines := splitLines(labelText(g, b, id))
	y := box.Y + labelHalo + labelCap
	for _, l := range lines {
		s.text("labels", l, labelFont, labelSize, Point{box.X + box.W/2, y}, 0.5, labelColour, "#fbf8f0", labelHalo+0.6)
		y += labelLeading
	}
}

// terrainLook is how the map fills and hatches each terrain kind of a
// board: the first kind that is not difficult takes the region's tint, each
// other such kind a tint of its own; difficult kinds take a darker tint and
// hatching, each in its own direction; a kind's colour: replaces its tint.
type terrainLook struct {
	fills  []string // per region, or one colour for every region
	hatchA float64  // the hatching's direction, radians; NaN for none
}

func terrainLooks(b *games.Board) []terrainLook {
	looks := make([]terrainLook, len(b.Terrains))
	plain, hard := 0, 0
	for i, t := range b.Terrains {
		l := terrainLook{hatchA: math.NaN()}
		switch {
		case t.Difficult:
			l.fills = difficultFills
			if hard > 0 {
				l.fills = []string{extraDifficultFills[(hard-1)%len(extraDifficultFills)]}
			}
			l.hatchA = hatchAngles[hard%len(hatchAngles)]
			hard++
		case plain == 0:
			l.fills = regionFills
			plain++
		default:
			l.fills = []string{extraFills[(plain-1)%len(extraFills)]}
			plain++
		}
		if t.Colour != "" {
			l.fills = []string{t.Colour}
		}
		looks[i] = l
	}
	return looks
}

func (l terrainLook) fill(region int) string { return l.fills[region%len(l.fills)] }

// drawLand fills every land area by its terrain and region (the region
// tints follow the board's order of regions) and hatches difficult terrain.
func drawLand(s *scene, g *Geometry, b *games.Board) {
	regionIndex := map[string]int{}
	for i, r := range b.Regions {
		regionIndex[r] = i
	}
	looks := terrainLooks(b)
	for id := games.AreaID(0); int(id) < b.NumLand; id++ {
		a := b.Area(id)
		look := looks[a.Terrain]
		k := regionIndex[a.Region] % len(regionFills)
		s.path("land", paint{Fill: look.fill(k), EvenOdd: true}, true, g.Shapes[id].Rings...)
		if !math.IsNaN(look.hatchA) {
			s.path("land", paint{Stroke: hatchColour, Width: 0.9}, false, hatchAt(g.Shapes[id].Rings, hatchGap, look.hatchA)...)
		}
	}
	for id := games.AreaID(b.NumLand); int(id) < len(b.Areas); id++ {
		if b.Area(id).Inland {
			s.path("land", paint{Fill: seaColour, EvenOdd: true}, true, g.Shapes[id].Rings...)
		}
	}
}

// drawLakeLabel writes an inland sea's name, line by line, in its box.
func drawLakeLabel(s *scene, g *Geometry, b *games.Board, id games.AreaID) {
	box := labelBox(g, b, id)
	y := box.Y + lakeSize*0.85
	for _, l := range splitLines(labelText(g, b, id)) {
		s.text("seas", l, seaFont, lakeSize, Point{box.X + box.W/2, y}, 0.5, seaLabelColour, seaColour, 2.5)
		y += lakeSize * 1.1
	}
}
