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

var britannia struct {
	sync.Mutex
	byBoard map[*games.Board]*Geometry
}

// BritanniaGeometry returns the embedded drawing of the Britannia board,
// loaded against b. It panics if the embedded file does not fit b, which
// is a build error, not a runtime one.
func BritanniaGeometry(b *games.Board) *Geometry {
	britannia.Lock()
	defer britannia.Unlock()
	if g, ok := britannia.byBoard[b]; ok {
		return g
	}
	g, err := LoadGeometry("mapdraw/britannia.yaml", britanniaYAML, b)
	if err != nil {
		panic(err)
	}
	if britannia.byBoard == nil {
		britannia.byBoard = map[*games.Board]*Geometry{}
	}
	britannia.byBoard[b] = g
	return g
}
