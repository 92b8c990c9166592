package mapdraw

import (
	"flag"
	"os"
	"testing"

	"github.com/pbem-org/pbem/games"
)

var preview = flag.String("preview", "", "write preview PNGs with this file name prefix")

func TestPreview(t *testing.T) {
	if *preview == "" {
		t.Skip("no -preview")
	}
	b := games.MustLoad("redux").Board
	g := BritanniaGeometry(b)
	for name, v := range previewViews(b) {
		f, err := os.Create(*preview + name + ".png")
		if err != nil {
			t.Fatal(err)
		}
		if err := RenderPNG(f, g, b, v); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

func previewViews(b *games.Board) map[string]*View {
	return map[string]*View{"empty": {Title: "Britannia", Legend: []string{"empty board"}}}
}
