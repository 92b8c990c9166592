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

// OverlaySVG is a report's map as an SVG document over the board PNG at
// boardHref: the same picture as MapSVG.
func (m *MapLayers) OverlaySVG(r *Report, boardHref string) ([]byte, error) {
	var buf bytes.Buffer
	if err := m.l.OverlaySVG(&buf, MapView(m.g, r), boardHref); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
