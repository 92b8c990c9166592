package mapdraw

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
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
			// gg draws each glyph through a bilinear transform; with no
			// transform to apply, font.Drawer's plain mask drawing is the
			// same picture, several times faster.
			img := dc.Image().(*image.RGBA)
			face := s.faces.face(o.Font, o.Size)
			x := o.At.X - o.Align*s.width(o.Font, o.Size, o.Text)
			text := func(colour string, x, y float64) {
				d := font.Drawer{Dst: img, Src: image.NewUniform(rgba(colour)), Face: face,
					Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
				d.DrawString(o.Text)
			}
			if o.Halo != "" {
				for k := range 12 {
					a := 2 * math.Pi * float64(k) / 12
					text(o.Halo, x+o.HaloW*math.Cos(a), o.At.Y+o.HaloW*math.Sin(a))
				}
			}
			text(o.Fill, x, o.At.Y)
		}
	}
	dc.ClearPath()
	return encodePNG(w, dc.Image().(*image.RGBA), s.colours())
}

// encodePNG writes a rendered map as a paletted PNG (palette.go): every
// colour the scene paints (drawn) kept exactly, blends along edges up to
// mapColours colours in all; a quarter of the bytes of the full-colour
// picture, the same to the eye at 1:1 (issue 14; BENCHMARKS.md, Mail).
// Paletted rows are not filtered, so the default level costs little more
// time than BestSpeed and saves a tenth.
func encodePNG(w io.Writer, img *image.RGBA, drawn []uint32) error {
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, paletted(img, mapColours, drawn))
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
