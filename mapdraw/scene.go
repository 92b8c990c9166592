package mapdraw

import "github.com/pbem-org/pbem/games"

// A scene is the map as a list of drawing operations, built once and then
// written by either back end (PNG or SVG), so that both show the same thing.

type opKind int

const (
	opPath opKind = iota
	opText
	opCircle
)

// paint says how a path or circle is filled and stroked; "" means none.
type paint struct {
	Fill    string
	Stroke  string
	Width   float64
	Dash    []float64
	EvenOdd bool
}

type op struct {
	Kind opKind
	paint
	// opPath: subpaths, each closed when Closed is set.
	Paths  [][]Point
	Closed bool
	// opCircle
	C Point
	R float64
	// opText: a single line with its baseline at At; Align 0 puts At at
	// the left end, 0.5 in the middle.
	Text  string
	Font  fontID
	Size  float64
	At    Point
	Align float64
	Halo  string
	HaloW float64
	// Group names the layer an operation belongs to in SVG output.
	Group string
}

type scene struct {
	W, H  float64
	Ops   []op
	faces faceCache
	// boxes are, by area, what the view draws of it: its label and its
	// stacks' footprints (set by drawView, for a detail's frame).
	boxes map[games.AreaID][]Rect
	// battles are the areas the view marks as fought in.
	battles map[games.AreaID]bool
	// board is the drawing's height without the strip under it.
	board float64
}

func (s *scene) path(group string, p paint, closed bool, paths ...[]Point) {
	if len(paths) == 0 {
		return
	}
	s.Ops = append(s.Ops, op{Kind: opPath, paint: p, Paths: paths, Closed: closed, Group: group})
}

func (s *scene) circle(group string, p paint, c Point, r float64) {
	s.Ops = append(s.Ops, op{Kind: opCircle, paint: p, C: c, R: r, Group: group})
}

// text writes one line; colour is the fill.
func (s *scene) text(group string, t string, f fontID, size float64, at Point, align float64, colour, halo string, haloW float64) {
	s.Ops = append(s.Ops, op{Kind: opText, paint: paint{Fill: colour}, Text: t, Font: f, Size: size, At: at, Align: align, Halo: halo, HaloW: haloW, Group: group})
}

// width measures text in the scene's fonts.
func (s *scene) width(f fontID, size float64, t string) float64 { return s.faces.width(f, size, t) }

// minScaledFont is the smallest a letter is drawn when a scene is scaled
// down (pixels): the nation tags under the counters and the years in the
// strip stay readable at 1:1 at the mail's width (looked at, issue 14).
const minScaledFont = 7

// scaledFont is size scaled by k, but no smaller than minScaledFont unless
// size itself is.
func scaledFont(size, k float64) float64 {
	return max(size*k, min(size, minScaledFont))
}

// scaled returns the scene drawn k times as large: every coordinate, line
// width, dash, radius, font size and halo multiplied by k, so the picture
// is the same at another pixel size (issue 14: the mailed map is drawn at
// the width the report mail shows it, BENCHMARKS.md, Mail). The scene
// itself is left unchanged.
func (s *scene) scaled(k float64) *scene {
	t := &scene{W: s.W * k, H: s.H * k, Ops: make([]op, len(s.Ops)), faces: s.faces}
	pt := func(p Point) Point { return Point{p.X * k, p.Y * k} }
	for i, o := range s.Ops {
		o.Width *= k
		if o.Dash != nil {
			d := make([]float64, len(o.Dash))
			for j, v := range o.Dash {
				d[j] = v * k
			}
			o.Dash = d
		}
		if o.Paths != nil {
			ps := make([][]Point, len(o.Paths))
			for j, p := range o.Paths {
				q := make([]Point, len(p))
				for m, v := range p {
					q[m] = pt(v)
				}
				ps[j] = q
			}
			o.Paths = ps
		}
		o.C, o.R = pt(o.C), o.R*k
		o.At, o.Size, o.HaloW = pt(o.At), scaledFont(o.Size, k), o.HaloW*k
		t.Ops[i] = o
	}
	return t
}
