package templates

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pbem-org/pbem/mapdraw"
	"github.com/stretchr/testify/require"
)

// TestMailBoardPNG: the whole board as the round's mails carry it is
// MapPNG's picture drawn MailMapWidth pixels wide, its height in
// proportion, and fewer bytes than the full map (issue 14).
func TestMailBoardPNG(t *testing.T) {
	g, _ := game()
	r := build(t, "r16-end", 0)
	full, err := MapPNG(g, r)
	require.NoError(t, err)
	mail, err := MailBoardPNG(g, r)
	require.NoError(t, err)
	fc, err := png.DecodeConfig(bytes.NewReader(full))
	require.NoError(t, err)
	mc, err := png.DecodeConfig(bytes.NewReader(mail))
	require.NoError(t, err)
	require.Equal(t, MailMapWidth, mc.Width)
	require.InDelta(t, float64(fc.Height)*MailMapWidth/float64(fc.Width), float64(mc.Height), 1)
	require.Less(t, len(mail), len(full)*3/4, "the mailed map is not a quarter smaller")
}

// TestMailMapPNG: a report mail's picture is a detail of the step's map
// (issue 21: the whole board was a thumbnail at 375 px): DetailWidth
// pixels wide, a phone's shape, a fraction of the whole board's bytes, and
// about the areas the step changed; a step that changed nothing on the
// board (the start, an end of round without moves) has none.
func TestMailMapPNG(t *testing.T) {
	g, _ := game()
	r := build(t, "r07-angles", 0)
	focus := Focus(g, r)
	require.NotEmpty(t, focus)
	for _, a := range focus {
		require.Less(t, int(a), len(g.Board.Areas), "a focus outside the board")
	}
	detail, err := MailMapPNG(g, r)
	require.NoError(t, err)
	c, err := png.DecodeConfig(bytes.NewReader(detail))
	require.NoError(t, err)
	require.Equal(t, mapdraw.DetailWidth, c.Width)
	require.LessOrEqual(t, float64(c.Height), 1.6*float64(c.Width)+1)
	board, err := MapPNG(g, r)
	require.NoError(t, err)
	require.Less(t, len(detail), len(board)/2, "the detail is not under half the whole board's bytes")

	for _, id := range []string{"r07-end", "r01-caledonians"} { // an end of round; a quiet step
		none, err := MailMapPNG(g, build(t, id, 0))
		require.NoError(t, err)
		require.Nil(t, none, "%s has a picture", id)
	}
	start := *r
	start.Start = true
	none, err := MailMapPNG(g, &start)
	require.NoError(t, err)
	require.Nil(t, none, "the start has a detail")
}
