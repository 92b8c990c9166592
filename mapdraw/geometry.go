package mapdraw

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/pbem-org/pbem/games"
)

// Point is a canvas position in pixels, y growing downwards.
type Point struct{ X, Y float64 }

// Rect is a canvas rectangle.
type Rect struct{ X, Y, W, H float64 }

// Shape is the drawing of one land area or sea: its rings (outer rings and
// holes, filled with the even-odd rule), where its name goes, and the slots
// where counters stand, best first.
type Shape struct {
	ID    games.AreaID
	Rings [][]Point
	Label Point
	// Text is the label when it differs from the area's name; a newline
	// splits it over two lines.
	Text  string
	Slots []Point
	// More are further places a sea's name is written, one for each
	// further piece of a sea drawn in several (a drawing from centres).
	More []Point
	// Fill is a sea's own tint in a drawing from centres, so that each
	// sea's water reads as one body next to the others' (tintSeas); ""
	// for the map's one sea colour.
	Fill string
}

// Context is grey land drawn for orientation only, such as Ireland.
type Context struct {
	Name  string
	Rings [][]Point
	Label *Point // where Name is written; nil for none
	// OffBoard marks water a drawing from centres puts beside land that
	// borders no sea: not part of the board, drawn as such (neither land
	// nor a sea of the board) and named "off the board".
	OffBoard bool
}

// Strait is the arrow drawn across a strait between two land areas.
type Strait struct {
	A, B     games.AreaID
	From, To Point
}

// Link is the arrow drawn for a link that the drawing shows as no border:
// a drawing from centres whose areas could not be made to meet, or a
// drawing made for another version of the board (ForBoard).
type Link struct {
	A, B     games.AreaID
	Kind     games.LinkKind
	From, To Point
}

// BorderKind says what a stretch of drawn border separates.
type BorderKind int

const (
	Coast        BorderKind = iota // land from sea, or land with nothing beyond
	AreaBorder                     // two land areas of one region
	RegionBorder                   // two land areas of different regions
	SeaBorder                      // two seas
)

// Border is every drawn edge that two areas share, chained into polylines.
// B is games.NoArea for a coast that no sea polygon covers.
type Border struct {
	A, B   games.AreaID
	Kind   BorderKind
	Length float64
	Lines  [][]Point
	// Unlinked marks a border between two areas the board does not link
	// (or links only across a strait): the map draws it as no passage.
	Unlinked bool
}

// Geometry is the drawing of one board on a canvas: a shape per area and
// sea (indexed by games.AreaID), straits, grey context land and the box kept
// for the legend. It is immutable once loaded.
type Geometry struct {
	Board         string
	Source        string
	Width, Height float64
	Legend        Rect
	Shapes        []Shape
	Straits       []Strait
	Links         []Link
	Context       []Context
	Borders       []Border
}

// Shape returns the shape of an area.
func (g *Geometry) Shape(id games.AreaID) *Shape { return &g.Shapes[id] }

// LoadGeometry reads a geometry YAML file (see games/britannia/geometry.yaml
// for the format) and checks it against the board: every area and sea is
// drawn exactly once, every ring has three or more points on the canvas, and
// straits join areas the board links across a strait. file names the source
// in errors, which are *games.LoadError with the line.
func LoadGeometry(file string, data []byte, b *games.Board) (*Geometry, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
			msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		}
		if msg == "EOF" {
			msg = "the file is empty"
		}
		return nil, &games.LoadError{File: file, Line: line, Msg: msg}
	}
	p := &parser{file: file}
	g := p.geometry(&doc, b)
	if p.err != nil {
		return nil, p.err
	}
	g.Borders = borders(g, b)
	return g, nil
}

// parser walks the YAML node tree; the first error sticks.
type parser struct {
	file string
	err  error
}

func (p *parser) fail(n *yaml.Node, f string, args ...any) {
	if p.err == nil {
		line := 0
		if n != nil {
			line = n.Line
		}
		p.err = &games.LoadError{File: p.file, Line: line, Msg: fmt.Sprintf(f, args...)}
	}
}

// fields returns a mapping's values by key, refusing unknown or repeated keys.
func (p *parser) fields(n *yaml.Node, what string, known ...string) map[string]*yaml.Node {
	if n.Kind != yaml.MappingNode {
		p.fail(n, "%s must be a mapping", what)
		return nil
	}
	m := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		ok := false
		for _, f := range known {
			ok = ok || f == k.Value
		}
		if !ok {
			p.fail(k, "unknown key %q in %s (known: %s)", k.Value, what, strings.Join(known, ", "))
			return nil
		}
		if _, dup := m[k.Value]; dup {
			p.fail(k, "key %q repeated in %s", k.Value, what)
			return nil
		}
		m[k.Value] = n.Content[i+1]
	}
	return m
}

func (p *parser) str(n *yaml.Node, what string) string {
	if n == nil {
		return ""
	}
	if n.Kind != yaml.ScalarNode {
		p.fail(n, "%s must be text", what)
		return ""
	}
	return n.Value
}

func (p *parser) nums(n *yaml.Node, what string) []float64 {
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "%s must be a list of numbers", what)
		return nil
	}
	out := make([]float64, 0, len(n.Content))
	for _, c := range n.Content {
		v, err := strconv.ParseFloat(c.Value, 64)
		if c.Kind != yaml.ScalarNode || err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			p.fail(c, "%s: %q is not a number", what, c.Value)
			return nil
		}
		out = append(out, v)
	}
	return out
}

// point reads [x, y] and checks it lies on the canvas.
func (p *parser) point(n *yaml.Node, what string, g *Geometry) Point {
	v := p.nums(n, what)
	if p.err != nil {
		return Point{}
	}
	if len(v) != 2 {
		p.fail(n, "%s must be [x, y]", what)
		return Point{}
	}
	q := Point{v[0], v[1]}
	p.onCanvas(n, what, q, g)
	return q
}

func (p *parser) onCanvas(n *yaml.Node, what string, q Point, g *Geometry) {
	const slack = 1
	if q.X < -slack || q.Y < -slack || q.X > g.Width+slack || q.Y > g.Height+slack {
		p.fail(n, "%s: point (%g, %g) is off the %g×%g canvas", what, q.X, q.Y, g.Width, g.Height)
	}
}

// rings reads a list of flat [x1, y1, x2, y2, …] rings.
func (p *parser) rings(n *yaml.Node, what string, g *Geometry) [][]Point {
	if n == nil {
		p.fail(nil, "%s has no rings", what)
		return nil
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		p.fail(n, "%s: rings must be a non-empty list of [x1, y1, x2, y2, …]", what)
		return nil
	}
	var out [][]Point
	for i, rn := range n.Content {
		w := fmt.Sprintf("%s ring %d", what, i+1)
		v := p.nums(rn, w)
		if p.err != nil {
			return nil
		}
		if len(v)%2 != 0 {
			p.fail(rn, "%s has an odd count of numbers (%d)", w, len(v))
			return nil
		}
		if len(v) < 6 {
			p.fail(rn, "%s has %d points; a ring needs three or more", w, len(v)/2)
			return nil
		}
		r := make([]Point, len(v)/2)
		for k := range r {
			r[k] = Point{v[2*k], v[2*k+1]}
			p.onCanvas(rn, w, r[k], g)
		}
		out = append(out, r)
	}
	return out
}

// geometry reads a geometry file's document for board b; on an error,
// the first, p.err says what and where.
func (p *parser) geometry(doc *yaml.Node, b *games.Board) *Geometry {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		p.fail(doc, "the file is empty")
		return nil
	}
	root := doc.Content[0]
	top := p.fields(root, "the geometry file", "board", "source", "width", "height", "legend", "areas", "seas", "straits", "context")
	if p.err != nil {
		return nil
	}
	g := p.header(root, top, b)
	if p.err == nil {
		p.shapes(root, top, b, g)
	}
	if p.err == nil {
		p.straits(top["straits"], b, g)
	}
	if p.err == nil {
		p.context(top["context"], g)
	}
	if p.err != nil {
		return nil
	}
	return g
}

// header reads the top fields of the file (root, its fields top): the
// board's name, the source, the canvas's size and the legend's box.
func (p *parser) header(root *yaml.Node, top map[string]*yaml.Node, b *games.Board) *Geometry {
	g := &Geometry{}
	g.Board = p.str(top["board"], "board")
	g.Source = p.str(top["source"], "source")
	if g.Board != b.Name {
		p.fail(top["board"], "geometry is for board %q, not %q", g.Board, b.Name)
		return nil
	}
	if strings.TrimSpace(g.Source) == "" {
		p.fail(root, "geometry has no source: say where the outline comes from")
		return nil
	}
	for _, k := range []string{"width", "height"} {
		n := top[k]
		var v float64
		if n == nil || n.Decode(&v) != nil || v <= 0 || v > 10000 {
			p.fail(orNode(n, root), "%s must be a positive number of pixels", k)
			return nil
		}
		if k == "width" {
			g.Width = v
		} else {
			g.Height = v
		}
	}
	if n := top["legend"]; n != nil {
		v := p.nums(n, "legend")
		if p.err == nil && len(v) != 4 {
			p.fail(n, "legend must be [x, y, width, height]")
		}
		if p.err != nil {
			return nil
		}
		g.Legend = Rect{v[0], v[1], v[2], v[3]}
		p.onCanvas(n, "legend", Point{v[0], v[1]}, g)
		p.onCanvas(n, "legend", Point{v[0] + v[2], v[1] + v[3]}, g)
	}
	return g
}

// shapes reads the lists areas and seas into g.Shapes, indexed by area:
// every area of the board drawn once, under the list of its kind.
func (p *parser) shapes(root *yaml.Node, top map[string]*yaml.Node, b *games.Board, g *Geometry) {
	g.Shapes = make([]Shape, len(b.Areas))
	seen := make([]bool, len(b.Areas))
	for i := range g.Shapes {
		g.Shapes[i].ID = games.NoArea
	}
	for _, list := range []string{"areas", "seas"} {
		n := top[list]
		if n == nil {
			continue
		}
		if n.Kind != yaml.SequenceNode {
			p.fail(n, "%s must be a list", list)
			return
		}
		for _, an := range n.Content {
			if s, ok := p.shape(an, list, b, g, seen); ok {
				g.Shapes[s.ID] = s
			} else {
				return
			}
		}
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, b.Areas[i].Name)
		}
	}
	if len(missing) > 0 {
		p.fail(root, "no drawing for %s", strings.Join(missing, ", "))
	}
}

// shape reads one area (node an) of the list areas or seas: its name, a
// board's area of the list's kind not seen before, its text, rings, label
// point and counter slots.
func (p *parser) shape(an *yaml.Node, list string, b *games.Board, g *Geometry, seen []bool) (Shape, bool) {
	f := p.fields(an, "an area", "name", "text", "label", "slots", "rings")
	if p.err != nil {
		return Shape{}, false
	}
	name := p.str(f["name"], "name")
	if name == "" {
		p.fail(an, "area has no name")
		return Shape{}, false
	}
	id, err := b.Lookup(name)
	if err != nil || b.AreaName(id) != name {
		msg := fmt.Sprintf("unknown area %q", name)
		if err != nil {
			msg = err.Error()
		}
		p.fail(f["name"], "%s", msg)
		return Shape{}, false
	}
	if b.Area(id).Sea != (list == "seas") {
		p.fail(f["name"], "%s is listed under %s:", name, list)
		return Shape{}, false
	}
	if seen[id] {
		p.fail(f["name"], "%s is drawn twice", name)
		return Shape{}, false
	}
	seen[id] = true
	s := Shape{ID: id, Text: p.str(f["text"], "text")}
	s.Rings = p.rings(f["rings"], name, g)
	if f["label"] == nil {
		p.fail(an, "%s has no label point", name)
		return Shape{}, false
	}
	s.Label = p.point(f["label"], name+" label", g)
	if sn := f["slots"]; sn != nil {
		if sn.Kind != yaml.SequenceNode {
			p.fail(sn, "%s slots must be a list of [x, y]", name)
			return Shape{}, false
		}
		for _, c := range sn.Content {
			s.Slots = append(s.Slots, p.point(c, name+" slot", g))
		}
	}
	return s, p.err == nil
}

// straits reads the list straits (n, nil where there is none): each
// between two areas the board links by a strait, with its line.
func (p *parser) straits(n *yaml.Node, b *games.Board, g *Geometry) {
	if n == nil {
		return
	}
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "straits must be a list")
		return
	}
	for _, sn := range n.Content {
		f := p.fields(sn, "a strait", "between", "line")
		if p.err != nil {
			return
		}
		var names []string
		if f["between"] == nil || f["between"].Decode(&names) != nil || len(names) != 2 {
			p.fail(sn, "a strait needs between: [Area, Area]")
			return
		}
		var ids [2]games.AreaID
		for k, nm := range names {
			id, err := b.Lookup(nm)
			if err != nil || b.AreaName(id) != nm {
				p.fail(f["between"], "strait names unknown area %q", nm)
				return
			}
			ids[k] = id
		}
		if linked, strait := b.Adjacent(ids[0], ids[1]); !linked || !strait {
			p.fail(f["between"], "%s and %s are not linked by a strait on the board", names[0], names[1])
			return
		}
		if f["line"] == nil {
			p.fail(sn, "strait %s–%s has no line", names[0], names[1])
			return
		}
		v := p.nums(f["line"], "strait line")
		if p.err == nil && len(v) != 4 {
			p.fail(f["line"], "a strait line is [x1, y1, x2, y2]")
		}
		if p.err != nil {
			return
		}
		st := Strait{A: ids[0], B: ids[1], From: Point{v[0], v[1]}, To: Point{v[2], v[3]}}
		p.onCanvas(f["line"], "strait", st.From, g)
		p.onCanvas(f["line"], "strait", st.To, g)
		g.Straits = append(g.Straits, st)
	}
}

// context reads the list context (n, nil where there is none): lands
// drawn around the board, each with rings, a label point or both.
func (p *parser) context(n *yaml.Node, g *Geometry) {
	if n == nil {
		return
	}
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "context must be a list")
		return
	}
	for _, cn := range n.Content {
		f := p.fields(cn, "context land", "name", "label", "rings")
		if p.err != nil {
			return
		}
		c := Context{Name: p.str(f["name"], "name")}
		if f["rings"] == nil && f["label"] == nil {
			p.fail(cn, "context %s has neither rings nor a label", c.Name)
			return
		}
		if f["rings"] != nil {
			c.Rings = p.rings(f["rings"], "context "+c.Name, g)
		}
		if f["label"] != nil {
			q := p.point(f["label"], "context label", g)
			c.Label = &q
		}
		if p.err != nil {
			return
		}
		g.Context = append(g.Context, c)
	}
}

// orNode is n, or alt where n is nil.
func orNode(n, alt *yaml.Node) *yaml.Node {
	if n != nil {
		return n
	}
	return alt
}

// edgeKey identifies a directed ring edge by its end points.
type edgeKey struct{ a, b Point }

// borders finds the edges that shapes share: a ring edge p→q of one shape
// and q→p of another. Shared borders must repeat the same vertices on both
// sides, as the generator writes them.
func borders(g *Geometry, b *games.Board) []Border {
	owner := map[edgeKey]games.AreaID{}
	for _, s := range g.Shapes {
		for _, r := range s.Rings {
			for i := range r {
				owner[edgeKey{r[i], r[(i+1)%len(r)]}] = s.ID
			}
		}
	}
	type pair struct{ a, b games.AreaID }
	segs := map[pair][][2]Point{}
	for _, s := range g.Shapes {
		for _, r := range s.Rings {
			for i := range r {
				p, q := r[i], r[(i+1)%len(r)]
				if p == q {
					continue
				}
				o, ok := owner[edgeKey{q, p}]
				switch {
				case ok && o == s.ID:
					continue // an internal seam of one shape
				case ok && o < s.ID:
					continue // counted from the other side
				case !ok:
					if !b.IsLand(s.ID) {
						continue // a sea's edge on the canvas frame
					}
					o = games.NoArea
				}
				segs[pair{s.ID, o}] = append(segs[pair{s.ID, o}], [2]Point{p, q})
			}
		}
	}
	keys := make([]pair, 0, len(segs))
	for k := range segs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].a != keys[j].a {
			return keys[i].a < keys[j].a
		}
		return keys[i].b < keys[j].b
	})
	var out []Border
	for _, k := range keys {
		bd := Border{A: k.a, B: k.b}
		landA, landB := b.IsLand(k.a), k.b != games.NoArea && b.IsLand(k.b)
		switch {
		case landA && landB && b.Areas[k.a].Region != b.Areas[k.b].Region:
			bd.Kind = RegionBorder
		case landA && landB:
			bd.Kind = AreaBorder
		case !landA && k.b != games.NoArea && !b.IsLand(k.b):
			bd.Kind = SeaBorder
		default:
			bd.Kind = Coast
		}
		for _, s := range segs[k] {
			bd.Length += math.Hypot(s[1].X-s[0].X, s[1].Y-s[0].Y)
		}
		bd.Lines = chain(segs[k])
		out = append(out, bd)
	}
	return out
}

// chain joins segments that meet end to start into polylines, keeping the
// order of first appearance so that output is deterministic.
func chain(segs [][2]Point) [][]Point {
	from := map[Point][]int{}
	for i, s := range segs {
		from[s[0]] = append(from[s[0]], i)
	}
	to := map[Point]int{}
	for _, s := range segs {
		to[s[1]]++
	}
	used := make([]bool, len(segs))
	var out [][]Point
	walk := func(i int) {
		line := []Point{segs[i][0], segs[i][1]}
		used[i] = true
		for {
			next := -1
			for _, j := range from[line[len(line)-1]] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				break
			}
			used[next] = true
			line = append(line, segs[next][1])
		}
		out = append(out, line)
	}
	// Start at segments nothing leads into, then close the loops left.
	for i, s := range segs {
		if !used[i] && to[s[0]] == 0 {
			walk(i)
		}
	}
	for i := range segs {
		if !used[i] {
			walk(i)
		}
	}
	return out
}
