package mapdraw

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
)

var lookDir = flag.String("look", "", "write the PNGs of the example boards to this directory, to look at")

func exampleBoard(t testing.TB, name string) *games.Board {
	t.Helper()
	switch name {
	case "skerries-inland-cragmoor":
		data, err := os.ReadFile(filepath.Join("..", "docs", "boards", "skerries.yaml"))
		require.NoError(t, err)
		text := strings.Replace(string(data), "next: [Westmarch, Midvale, Southby, South Sound]", "next: [Westmarch, Midvale, Southby]", 1)
		text = strings.Replace(text, "next: [Westmarch, Cragmoor, Southby, Ferrybank, Holm, North Sound]", "next: [Westmarch, Southby, Ferrybank, Holm, North Sound]", 1)
		b, err := games.ParseBoard(name, []byte(text))
		require.NoError(t, err)
		return b
	case "britannia":
		return redux(t).Board
	case "hy-breasil":
		return games.MustLoad("hy-breasil").Board
	}
	data, err := os.ReadFile(filepath.Join("..", "docs", "boards", name))
	require.NoError(t, err)
	b, err := games.ParseBoard(name, data)
	require.NoError(t, err)
	return b
}

func TestLookAtBoards(t *testing.T) {
	if *lookDir == "" {
		t.Skip("-look DIR writes the pictures")
	}
	for _, name := range []string{"skerries.yaml", "skerries-inland-cragmoor", "hy-breasil-sketch.yaml", "hy-breasil", "britannia"} {
		b := exampleBoard(t, name)
		if name == "britannia" {
			b = redux(t).Board
		}
		g, err := Generate(b)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, RenderPNG(&buf, g, b, &View{Title: b.Name}))
		require.NoError(t, os.WriteFile(filepath.Join(*lookDir, name+".png"), buf.Bytes(), 0o644))
		for _, d := range g.Disagreements(b) {
			t.Log(name, d)
		}
	}
}
