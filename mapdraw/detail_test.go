package mapdraw

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pbem-org/pbem/games"
	"github.com/stretchr/testify/require"
)

// TestDetailFrame: a detail frames what the view draws of the areas in
// focus, no larger than a phone's column reads at 0.78 of the board's
// size (issue 21); a focus spread across the board is framed where most of
// it is, a battle first; nothing in focus frames nothing.
func TestDetailFrame(t *testing.T) {
	g := redux(t)
	geo, err := ForBoard(g.Board)
	require.NoError(t, err)
	v := lateView(t, g)
	inside := func(fr Rect, id games.AreaID) bool {
		l := geo.Shape(id).Label
		return fr.contains(l)
	}
	york := area(t, g.Board, "York")
	fr, err := DetailFrame(geo, g.Board, v, []games.AreaID{york})
	require.NoError(t, err)
	require.True(t, inside(fr, york), "York's label outside %v", fr)
	require.GreaterOrEqual(t, fr.W, float64(detailMinW))
	require.LessOrEqual(t, fr.W, float64(detailMaxW))

	// Kent, Sussex and Essex in the south-east, Caithness far north.
	kent, sussex, essex, caithness := area(t, g.Board, "Kent"), area(t, g.Board, "Sussex"), area(t, g.Board, "Essex"), area(t, g.Board, "Caithness")
	fr, err = DetailFrame(geo, g.Board, v, []games.AreaID{caithness, kent, sussex, essex})
	require.NoError(t, err)
	require.LessOrEqual(t, fr.W, float64(detailMaxW))
	require.LessOrEqual(t, fr.H, float64(detailMaxH))
	for _, id := range []games.AreaID{kent, sussex, essex} {
		require.True(t, inside(fr, id), "%s outside %v", g.Board.Areas[id].Name, fr)
	}
	require.False(t, inside(fr, caithness), "Caithness in %v", fr)

	// A battle weighs more than moves elsewhere: fought in Caithness,
	// it is framed before Kent and Sussex.
	fought := *v
	fought.Battles = []games.AreaID{caithness}
	fr, err = DetailFrame(geo, g.Board, &fought, []games.AreaID{caithness, kent, sussex})
	require.NoError(t, err)
	require.True(t, inside(fr, caithness), "the battle in Caithness outside %v", fr)

	fr, err = DetailFrame(geo, g.Board, v, nil)
	require.NoError(t, err)
	require.Zero(t, fr)

	var buf bytes.Buffer
	fr, err = RenderPNGDetail(&buf, geo, g.Board, v, Detail{Focus: []games.AreaID{york}})
	require.NoError(t, err)
	c, err := png.DecodeConfig(&buf)
	require.NoError(t, err)
	require.Equal(t, DetailWidth, c.Width)
	require.InDelta(t, fr.H*DetailWidth/fr.W, float64(c.Height), 1)
}
