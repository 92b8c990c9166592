package templates

import (
	"bytes"
	"image"
	"image/color"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/pbem-org/pbem/mapdraw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// chartScale is the PNG's pixels per SVG unit: sharp on a phone's screen,
// which shows the 480-unit chart at about 340 points and 2 or 3 pixels a
// point.
const chartScale = 2

// chartFont is the Go font, parsed once.
var chartFont = sync.OnceValue(func() *opentype.Font {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic(err) // the font is compiled in
	}
	return f
})

// chartFace is the chart's lettering at 14 units: a face of its own for
// each picture, since a face is not safe for use by two at once.
func chartFace() font.Face {
	face, err := opentype.NewFace(chartFont(), &opentype.FaceOptions{Size: 14 * chartScale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err) // fixed options on a compiled-in font
	}
	return face
}

// PNG is the chart as a picture, the same as SVG draws: for the
// end-of-game mail, since mail readers such as Gmail drop an inline <svg>
// (issue 21). Nil for an empty chart.
func (c *VPChart) PNG() []byte {
	if c.Empty() {
		return nil
	}
	l := c.layout()
	const k = chartScale
	dc := gg.NewContext(int(chartW*k), int(chartH*k))
	dc.SetColor(color.White)
	dc.Clear()
	face := chartFace()
	defer face.Close()
	dc.SetFontFace(face)
	dc.SetLineCap(gg.LineCapButt)
	dc.SetLineJoin(gg.LineJoinRound)
	plotW, plotH := chartW-chartLeft-chartRight, chartH-chartTop-chartBottom
	for v := 0; v <= l.top; v += l.step {
		chartLine(dc, "#dddddd", 1, -1, chartLeft, l.y(v), chartLeft+plotW, l.y(v))
		chartText(dc, "#555555", strconv.Itoa(v), chartLeft-6, l.y(v)+4, 1)
	}
	for i := range c.Rounds {
		if label := c.roundLabel(i); label != "" {
			chartText(dc, "#555555", label, l.x(i), chartTop+plotH+17, 0.5)
		}
	}
	chartText(dc, "#555555", c.RoundWord, chartLeft+plotW/2, chartH-2, 0.5)
	for p, pl := range c.Players {
		dc.ClearPath()
		for i, row := range c.VP {
			dc.LineTo(l.x(i)*k, l.y(row[p])*k)
		}
		chartStroke(dc, chartColour(pl.Hex), 2.5, p)
	}
	x := l.x(len(c.Rounds) - 1)
	for _, lb := range l.labels {
		pl := c.Players[lb.player]
		chartLine(dc, chartColour(pl.Hex), 2.5, lb.player, x+6, lb.y, x+24, lb.y)
		chartText(dc, "#222222", shortLabel(pl.Short)+" "+strconv.Itoa(lb.vp), x+28, lb.y+chartLabelDY, 0)
	}
	keep := []string{"#ffffff", "#dddddd", "#555555", "#222222"}
	for _, pl := range c.Players {
		keep = append(keep, chartColour(pl.Hex))
	}
	var b bytes.Buffer
	if err := mapdraw.EncodePaletted(&b, dc.Image().(*image.RGBA), 32, keep); err != nil {
		return nil // writing to memory does not fail
	}
	return b.Bytes()
}

// chartLine draws a line from (x1, y1) to (x2, y2) in chart units, dashed as
// player p's (none for p < 0).
func chartLine(dc *gg.Context, hex string, width float64, p int, x1, y1, x2, y2 float64) {
	dc.ClearPath()
	dc.MoveTo(x1*chartScale, y1*chartScale)
	dc.LineTo(x2*chartScale, y2*chartScale)
	chartStroke(dc, hex, width, p)
}

// chartStroke strokes the path in hex, width chart units wide, dashed as
// player p's line (solid for p < 0).
func chartStroke(dc *gg.Context, hex string, width float64, p int) {
	dc.SetHexColor(hex)
	dc.SetLineWidth(width * chartScale)
	var dash []float64
	if p >= 0 {
		for _, f := range strings.Fields(chartDashes[p%len(chartDashes)]) {
			v, _ := strconv.ParseFloat(f, 64)
			dash = append(dash, v*chartScale)
		}
	}
	dc.SetDash(dash...)
	dc.Stroke()
}

// chartText writes s with its baseline at (x, y) in chart units, anchored at
// its start (0), middle (0.5) or end (1).
func chartText(dc *gg.Context, hex, s string, x, y, anchor float64) {
	dc.SetHexColor(hex)
	w, _ := dc.MeasureString(s)
	dc.DrawString(s, x*chartScale-anchor*w, y*chartScale)
}
