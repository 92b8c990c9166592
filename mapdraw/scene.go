package mapdraw

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
