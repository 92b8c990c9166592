package mapdraw

import (
	"bytes"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// TestOverlays: a view's overlay is the board PNG at the given address
// under the view's own elements, as many as RenderSVG draws over its
// board; every class an overlay uses is in the style sheet; two views
// share the sheet; the same views give the same bytes (issue 21: a
// game's history draws the board once and a step's view over it).
func TestOverlays(t *testing.T) {
	g := games.MustLoad("redux")
	geo := MustForBoard(g.Board)
	l, err := NewLayers(geo, g.Board)
	if err != nil {
		t.Fatal(err)
	}
	views := []*View{earlyView(t, g), lateView(t, g)}
	svgs, css, err := l.Overlays(views, "../maps/board.png")
	if err != nil {
		t.Fatal(err)
	}
	again, css2, err := l.Overlays(views, "../maps/board.png")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(css, css2) || !bytes.Equal(svgs[0], again[0]) || !bytes.Equal(svgs[1], again[1]) {
		t.Error("the same views drew different overlays")
	}
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\.(k[0-9a-z]+)\{`).FindAllStringSubmatch(string(css), -1) {
		defined[m[1]] = true
	}
	element := regexp.MustCompile(`<(path|circle|text) `)
	for i, v := range views {
		svg := string(svgs[i])
		if !strings.Contains(svg, `<image href="../maps/board.png" x="0" y="0" width="`+svgNum(geo.Width)+`" height="`+svgNum(geo.Height)+`"/>`) {
			t.Errorf("overlay %d does not show the board under it:\n%.300s", i, svg)
		}
		for _, m := range regexp.MustCompile(`class="([^"]+)"`).FindAllStringSubmatch(svg, -1) {
			if !defined[m[1]] {
				t.Errorf("overlay %d uses class %s, which the style sheet lacks", i, m[1])
			}
		}
		var full bytes.Buffer
		if err := RenderSVG(&full, geo, g.Board, v); err != nil {
			t.Fatal(err)
		}
		if got, want := len(element.FindAllString(svg, -1)), len(element.FindAllString(full.String(), -1))-l.boardOps; got != want {
			t.Errorf("overlay %d draws %d elements; RenderSVG draws %d over the board", i, got, want)
		}
		if len(svg)*2 > full.Len() {
			t.Errorf("overlay %d is %d bytes, more than half of RenderSVG's %d", i, len(svg), full.Len())
		}
	}
	var board bytes.Buffer
	if err := l.BoardPNG(&board); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&board)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := l.Size(); img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Errorf("the board PNG is %v; Size says %d×%d", img.Bounds(), w, h)
	}
}

// TestRelPath: a compact path's relative points add up to the original
// points rounded to whole pixels, however many there are.
func TestRelPath(t *testing.T) {
	pts := []Point{{10.4, 20.6}, {11.45, 19.5}, {-3.2, 7.7}, {100.5, 100.49}, {0, 0}}
	var b strings.Builder
	relPath(&b, pts, true)
	d := b.String()
	if !strings.HasPrefix(d, "M10 21l") || !strings.HasSuffix(d, "z") {
		t.Fatalf("path %q", d)
	}
	nums := regexp.MustCompile(`-?[0-9]+`).FindAllString(d, -1)
	var x, y int64
	for i := 0; i < len(nums); i += 2 {
		dx, _ := strconv.ParseInt(nums[i], 10, 64)
		dy, _ := strconv.ParseInt(nums[i+1], 10, 64)
		x, y = x+dx, y+dy
		if want := (Point{float64(whole(pts[i/2].X)), float64(whole(pts[i/2].Y))}); float64(x) != want.X || float64(y) != want.Y {
			t.Errorf("point %d of %q is (%d, %d), want %v", i/2, d, x, y, want)
		}
	}
	if len(nums) != 2*len(pts) {
		t.Errorf("path %q has %d numbers for %d points", d, len(nums), len(pts))
	}
}
