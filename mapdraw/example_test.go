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
	g := games.MustLoad("redux")
	b := g.Board
	geo := BritanniaGeometry(b)
	for name, v := range map[string]*View{"empty": emptyView(), "early": earlyView(t, g), "late": lateView(t, g)} {
		f, err := os.Create(*preview + name + ".png")
		if err != nil {
			t.Fatal(err)
		}
		if err := RenderPNG(f, geo, b, v); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}
