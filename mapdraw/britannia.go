package mapdraw

import (
	_ "embed"
	"sync"

	"github.com/pbem-org/pbem/games"
)

// britanniaYAML is a copy of games/britannia/geometry.yaml: go:embed cannot
// reach into another package's directory, so mapgen writes both files and
// TestEmbeddedCopy checks that they are the same bytes.
//
//go:embed britannia.yaml
var britanniaYAML []byte

// BritanniaYAML returns the embedded Britannia geometry file.
func BritanniaYAML() []byte { return append([]byte(nil), britanniaYAML...) }

// britannia remembers the last geometry loaded, for the board it was
// loaded against (one entry, so that loading many games does not grow it).
var britannia struct {
	sync.Mutex
	board *games.Board
	geo   *Geometry
}

// BritanniaGeometry returns the embedded drawing of the Britannia board,
// loaded against b. It panics if b is not the Britannia board (the embedded
// file is checked by the tests, so that is a programming error).
func BritanniaGeometry(b *games.Board) *Geometry {
	britannia.Lock()
	defer britannia.Unlock()
	if britannia.board == b {
		return britannia.geo
	}
	g, err := LoadGeometry("mapdraw/britannia.yaml", britanniaYAML, b)
	if err != nil {
		panic(err)
	}
	britannia.board, britannia.geo = b, g
	return g
}
