package mapdraw

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-org/pbem/games"
)

var (
	preview  = flag.String("preview", "", "write preview PNGs with this file name prefix")
	examples = flag.Bool("examples", false, "rewrite the example pictures in testdata")
)

// TestExamples writes the examples kept in testdata for people to look at:
// the crowded late board at 100%, and part of the early board. They are
// not compared: TestGoldenSVG holds the renderer to its output.
func TestExamples(t *testing.T) {
	if !*examples {
		t.Skip("no -examples")
	}
	g := games.MustLoad("redux")
	geo := MustForBoard(g.Board)
	write := func(name string, v *View, crop image.Rectangle) {
		var buf bytes.Buffer
		if err := RenderPNG(&buf, geo, g.Board, v); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if !crop.Empty() {
			img = img.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(crop)
		}
		f, err := os.Create(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
	write("late.png", lateView(t, g), image.Rectangle{})
	write("early-north.png", earlyView(t, g), image.Rect(0, 0, 760, 760))
}

func TestPreview(t *testing.T) {
	if *preview == "" {
		t.Skip("no -preview")
	}
	g := games.MustLoad("redux")
	b := g.Board
	geo := MustForBoard(b)
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

// TestPreviewDeuteranopia writes the late board as a deuteranope sees it.
func TestPreviewDeuteranopia(t *testing.T) {
	if *preview == "" {
		t.Skip("no -preview")
	}
	g := games.MustLoad("redux")
	var buf bytes.Buffer
	if err := RenderPNG(&buf, MustForBoard(g.Board), g.Board, lateView(t, g)); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(*preview + "late-deuteranopia.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, simulateImage(img)); err != nil {
		t.Fatal(err)
	}
}
