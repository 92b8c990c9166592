package mapdraw

import (
	"errors"
	"fmt"
	"sync"

	"github.com/pbem-org/pbem/games"
)

// drawings remembers the geometry of the boards drawn lately, so that a
// process drawing many maps of one game loads or makes it once. Boards are
// immutable, so a board's pointer is its key; the cache is emptied when
// full, so that loading many games does not grow it.
var drawings struct {
	sync.Mutex
	m map[*games.Board]*Geometry
}

// ForBoard returns the drawing of a board: the board's own drawing
// (games.Board.Drawing, such as games/britannia/geometry.yaml) when it has
// one that fits it, else one made from its area centres (Generate). A
// drawing that fits is one that loads against the board; links it does not
// show as a border get an arrow (Geometry.Links), so the picture never
// hides a link.
func ForBoard(b *games.Board) (*Geometry, error) {
	if b == nil {
		return nil, errors.New("mapdraw: no board")
	}
	drawings.Lock()
	g, ok := drawings.m[b]
	drawings.Unlock()
	if ok {
		return g, nil
	}
	g, err := forBoard(b)
	if err != nil {
		return nil, err
	}
	drawings.Lock()
	if drawings.m == nil || len(drawings.m) >= 16 {
		drawings.m = map[*games.Board]*Geometry{}
	}
	drawings.m[b] = g
	drawings.Unlock()
	return g, nil
}

func forBoard(b *games.Board) (*Geometry, error) {
	var loadErr error
	if b.Drawing != nil {
		g, err := LoadGeometry(b.Drawing.Name, b.Drawing.Data, b)
		if err == nil {
			g.addLinks(b)
			return g, nil
		}
		loadErr = err
	}
	g, err := Generate(b)
	if err != nil {
		if loadErr != nil {
			return nil, fmt.Errorf("mapdraw: %v; and drawing board %s from its centres: %w", loadErr, b.Name, err)
		}
		return nil, err
	}
	return g, nil
}

// MustForBoard is ForBoard for a board known to draw (the embedded ones, in
// tests and tools); it panics otherwise.
func MustForBoard(b *games.Board) *Geometry {
	g, err := ForBoard(b)
	if err != nil {
		panic(err)
	}
	return g
}
