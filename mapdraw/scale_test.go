package mapdraw

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// TestRenderPNGWidth: the mailed map is the same picture at another pixel
// size (issue 14): RenderPNGWidth draws the crowded late game at the width
// asked, the height in proportion, and width 0 is RenderPNG byte for byte.
func TestRenderPNGWidth(t *testing.T) {
	g := games.MustLoad("redux")
	geo := MustForBoard(g.Board)
	v := lateView(t, g)
	var full, small, same bytes.Buffer
	if err := RenderPNG(&full, geo, g.Board, v); err != nil {
		t.Fatal(err)
	}
	if err := RenderPNGWidth(&small, geo, g.Board, v, 728); err != nil {
		t.Fatal(err)
	}
	if err := RenderPNGWidth(&same, geo, g.Board, v, 0); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(full.Bytes(), same.Bytes()) {
		t.Error("width 0 is not RenderPNG's map")
	}
	fc, err := png.DecodeConfig(bytes.NewReader(full.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := png.DecodeConfig(bytes.NewReader(small.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Width != 728 {
		t.Errorf("width %d, want 728", sc.Width)
	}
	if want := fc.Height * 728 / fc.Width; sc.Height < want || sc.Height > want+1 {
		t.Errorf("height %d, want %d (%d×%d scaled)", sc.Height, want, fc.Width, fc.Height)
	}
	if small.Len() >= full.Len()*3/4 {
		t.Errorf("728 px map %d bytes, the full one %d: want under three quarters", small.Len(), full.Len())
	}
	if err := RenderPNGWidth(&small, geo, g.Board, v, -1); err == nil {
		t.Error("width -1 drew a map, want an error")
	}
}

// TestSceneScaled: a scaled scene holds the same operations, texts and
// colours, every length multiplied (issue 14: the same picture), letters
// no smaller than minScaledFont, and the scene it came from is unchanged.
func TestSceneScaled(t *testing.T) {
	s := &scene{W: 100, H: 50}
	s.path("p", paint{Stroke: "#123456", Width: 2, Dash: []float64{4, 2}}, true, []Point{{10, 20}, {30, 40}})
	s.circle("c", paint{Fill: "#abcdef"}, Point{50, 10}, 8)
	s.text("t", "York", fontBold, 20, Point{60, 30}, 0.5, "#000000", "#ffffff", 3)
	s.text("t", "AN", fontBold, 7.5, Point{60, 40}, 0.5, "#000000", "", 0)
	s.text("t", "x", fontBold, 6, Point{60, 45}, 0.5, "#000000", "", 0)
	h := s.scaled(0.5)
	if h.W != 50 || h.H != 25 || len(h.Ops) != len(s.Ops) {
		t.Fatalf("scaled scene %v×%v with %d ops", h.W, h.H, len(h.Ops))
	}
	p, c, york, tag, tiny := h.Ops[0], h.Ops[1], h.Ops[2], h.Ops[3], h.Ops[4]
	if p.Width != 1 || p.Dash[0] != 2 || p.Dash[1] != 1 || p.Paths[0][1] != (Point{15, 20}) || p.Stroke != "#123456" {
		t.Errorf("path scaled to %+v", p)
	}
	if c.C != (Point{25, 5}) || c.R != 4 || c.Fill != "#abcdef" {
		t.Errorf("circle scaled to %+v", c)
	}
	if york.Text != "York" || york.Size != 10 || york.At != (Point{30, 15}) || york.HaloW != 1.5 {
		t.Errorf("text scaled to %+v", york)
	}
	if tag.Size != minScaledFont || tiny.Size != 6 {
		t.Errorf("small letters scaled to %v and %v, want %v and 6 (never below the floor, never larger)", tag.Size, tiny.Size, float64(minScaledFont))
	}
	if o := s.Ops[0]; o.Width != 2 || o.Dash[0] != 4 || o.Paths[0][1] != (Point{30, 40}) || s.Ops[2].Size != 20 {
		t.Errorf("the original scene changed: %+v", o)
	}
}
