package templates

import (
	"bytes"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
)

// MapLayers draws the maps of many reports of one game as a board PNG
// drawn once and, for each report, an SVG overlay of its MapView over that
// PNG (mapdraw.Layers): a game's history shows every step's map without
// drawing the board again at each (issue 21).
type MapLayers struct {
	g *games.Game
	l *mapdraw.Layers
}

// NewMapLayers prepares the layers of a game's board.
func NewMapLayers(g *games.Game) (*MapLayers, error) {
	geo, err := mapdraw.ForBoard(g.Board)
	if err != nil {
		return nil, err
	}
	l, err := mapdraw.NewLayers(geo, g.Board)
	if err != nil {
		return nil, err
	}
	return &MapLayers{g: g, l: l}, nil
}

// BoardPNG is the board alone as a PNG.
func (m *MapLayers) BoardPNG() ([]byte, error) {
	var buf bytes.Buffer
	if err := m.l.BoardPNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Overlays are reports' maps as SVG documents over the board PNG at
// boardHref, each the same picture as MapSVG's, and the style sheet their
// classes need (mapdraw.Layers.Overlays).
func (m *MapLayers) Overlays(rs []*Report, boardHref string) (svgs [][]byte, css []byte, err error) {
	views := make([]*mapdraw.View, len(rs))
	for i, r := range rs {
		views[i] = MapView(m.g, r)
	}
	return m.l.Overlays(views, boardHref)
}
