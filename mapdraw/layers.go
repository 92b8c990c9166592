package mapdraw

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/internal/par"
)

// Layers draws many views of one board as two layers: the board alone,
// drawn once as a PNG that every view shares, and each view as an SVG
// overlay of its own that shows that PNG under it (issue 21: a game's
// history shows a map at every step; the board is most of a map's bytes
// and of its drawing time). A view's overlay over the board is the same
// picture as RenderSVG's, in the same order of drawing.
type Layers struct {
	g *Geometry
	b *games.Board
	// boardOps is how many operations drawBoard makes: the first that many
	// of a view's scene are the board.
	boardOps int
}

// NewLayers prepares the layers of a board.
func NewLayers(g *Geometry, b *games.Board) (*Layers, error) {
	if g == nil || b == nil {
		return nil, fmt.Errorf("mapdraw: no geometry or board")
	}
	if len(g.Shapes) != len(b.Areas) {
		return nil, fmt.Errorf("mapdraw: the geometry draws %d areas, the board has %d", len(g.Shapes), len(b.Areas))
	}
	s := boardScene(g, b)
	return &Layers{g: g, b: b, boardOps: len(s.Ops)}, nil
}

// boardScene is the board alone, its own size, with no strip.
func boardScene(g *Geometry, b *games.Board) *scene {
	s := &scene{W: g.Width, H: g.Height, faces: faceCache{}}
	drawBoard(s, g, b)
	return s
}

// Size is the size of the board PNG in pixels.
func (l *Layers) Size() (w, h int) { return int(l.g.Width + 0.5), int(l.g.Height + 0.5) }

// BoardPNG draws the board alone, with no counters, legend or strip, as
// the PNG every overlay shows under it.
func (l *Layers) BoardPNG(w io.Writer) error {
	return writePNG(w, boardScene(l.g, l.b))
}

// Overlays draws views as SVG documents of the whole map's size (the
// board and the strip under it, as RenderSVG) whose first element is the
// board PNG at boardHref, a URL or a path relative to the page; each
// view's counters, moves, battles, labels, legend and strip are drawn over
// it. Their elements carry classes (starting with "k") of one style sheet,
// css, for the pages that show them to link; a page shows the overlays of
// one call. The views are drawn on all processors; the same input gives
// the same bytes.
func (l *Layers) Overlays(views []*View, boardHref string) (svgs [][]byte, css []byte, err error) {
	scenes := make([]*scene, len(views))
	decls := make([][]string, len(views))
	err = par.Do(len(views), func(i int) error {
		s, err := buildScene(l.g, l.b, views[i])
		if err != nil {
			return err
		}
		if len(s.Ops) < l.boardOps {
			return fmt.Errorf("mapdraw: the scene has %d operations, fewer than the board's %d", len(s.Ops), l.boardOps)
		}
		scenes[i], decls[i] = s, opsCSS(s.Ops[l.boardOps:])
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	rules := newCompactRules("k", decls)
	svgs = make([][]byte, len(views))
	_ = par.Do(len(views), func(i int) error {
		var buf bytes.Buffer
		bw := bufio.NewWriter(&buf)
		s := scenes[i]
		W, H := svgNum(s.W), svgNum(s.H)
		bw.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + W + `" height="` + H + `" viewBox="0 0 ` + W + " " + H + `"` + compactRoot + `>` + "\n")
		bw.WriteString(`<image href="` + svgEscape(boardHref) + `" x="0" y="0" width="` + svgNum(l.g.Width) + `" height="` + svgNum(l.g.Height) + `"/>` + "\n")
		writeCompactSVG(bw, s, s.Ops[l.boardOps:], decls[i], rules)
		bw.WriteString("</svg>\n")
		bw.Flush()
		svgs[i] = buf.Bytes()
		return nil
	})
	return svgs, rules.sheet, nil
}
