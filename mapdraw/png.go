package mapdraw

import (
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/fogleman/gg"
)

func rgba(c string) color.NRGBA {
	v, _ := parseColour(c)
	return color.NRGBA{v[0], v[1], v[2], 255}
}

// writePNG rasterises a scene with gg.
func writePNG(w io.Writer, s *scene) error {
	dc := gg.NewContext(int(math.Ceil(s.W)), int(math.Ceil(s.H)))
	dc.SetLineJoin(gg.LineJoinRound)
	dc.SetLineCap(gg.LineCapRound)
	for i := range s.Ops {
		o := &s.Ops[i]
		switch o.Kind {
		case opPath:
			dc.ClearPath()
			for _, p := range o.Paths {
				if len(p) == 0 {
					continue
				}
				dc.MoveTo(p[0].X, p[0].Y)
				for _, q := range p[1:] {
					dc.LineTo(q.X, q.Y)
				}
				if o.Closed {
					dc.ClosePath()
				}
			}
			fillStroke(dc, o)
		case opCircle:
			dc.ClearPath()
			dc.DrawCircle(o.C.X, o.C.Y, o.R)
			fillStroke(dc, o)
		case opText:
			dc.SetFontFace(s.faces.face(o.Font, o.Size))
			x := o.At.X - o.Align*s.width(o.Font, o.Size, o.Text)
			if o.Halo != "" {
				dc.SetColor(rgba(o.Halo))
				for k := range 12 {
					a := 2 * math.Pi * float64(k) / 12
					dc.DrawString(o.Text, x+o.HaloW*math.Cos(a), o.At.Y+o.HaloW*math.Sin(a))
				}
			}
			dc.SetColor(rgba(o.Fill))
			dc.DrawString(o.Text, x, o.At.Y)
		}
	}
	dc.ClearPath()
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, dc.Image())
}

func fillStroke(dc *gg.Context, o *op) {
	if o.Fill != "" {
		if o.EvenOdd {
			dc.SetFillRule(gg.FillRuleEvenOdd)
		} else {
			dc.SetFillRule(gg.FillRuleWinding)
		}
		dc.SetColor(rgba(o.Fill))
		if o.Stroke != "" {
			dc.FillPreserve()
		} else {
			dc.Fill()
		}
	}
	if o.Stroke != "" {
		dc.SetColor(rgba(o.Stroke))
		dc.SetLineWidth(o.Width)
		dc.SetDash(o.Dash...)
		dc.Stroke()
		dc.SetDash()
	}
}
