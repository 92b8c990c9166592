package templates

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMailMapPNG: the mailed map is MapPNG's picture drawn MailMapWidth
// pixels wide, the width the HTML report shows it, its height in
// proportion, and fewer bytes than the full map (issue 14).
func TestMailMapPNG(t *testing.T) {
	g, _ := game()
	r := build(t, "r16-end", 0)
	full, err := MapPNG(g, r)
	require.NoError(t, err)
	mail, err := MailMapPNG(g, r)
	require.NoError(t, err)
	fc, err := png.DecodeConfig(bytes.NewReader(full))
	require.NoError(t, err)
	mc, err := png.DecodeConfig(bytes.NewReader(mail))
	require.NoError(t, err)
	require.Equal(t, MailMapWidth, mc.Width)
	require.InDelta(t, float64(fc.Height)*MailMapWidth/float64(fc.Width), float64(mc.Height), 1)
	require.Less(t, len(mail), len(full)*3/4, "the mailed map is not a quarter smaller")
}
