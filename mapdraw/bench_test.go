package mapdraw

import (
	"bytes"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// BenchmarkRenderPNG renders the crowded late-game board.
func BenchmarkRenderPNG(b *testing.B) {
	g := games.MustLoad("redux")
	geo := MustForBoard(g.Board)
	v := lateView(b, g)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := RenderPNG(&buf, geo, g.Board, v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// BenchmarkRenderSVG renders the same board as SVG.
func BenchmarkRenderSVG(b *testing.B) {
	g := games.MustLoad("redux")
	geo := MustForBoard(g.Board)
	v := lateView(b, g)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := RenderSVG(&buf, geo, g.Board, v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/svg")
}

// BenchmarkLoadGeometry parses and checks the embedded Britannia file.
func BenchmarkLoadGeometry(b *testing.B) {
	board := games.MustLoad("redux").Board
	for b.Loop() {
		if _, err := LoadGeometry(board.Drawing.Name, board.Drawing.Data, board); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate draws the 40-area example board from its centres
// (docs/boards/hy-breasil-sketch.yaml: at: positions, one layout) and the
// Britannia board from its links alone (six stress layouts tried).
func BenchmarkGenerate(b *testing.B) {
	for _, name := range []string{"hy-breasil-sketch.yaml", "britannia"} {
		board := exampleBoard(b, name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Generate(board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
