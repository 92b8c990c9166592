package mapdraw

import (
	"bufio"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
)

// svgNum writes a coordinate to a tenth of a pixel.
func svgNum(x float64) string {
	x = math.Round(x*10) / 10
	if x == 0 {
		x = 0
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func svgEscape(s string) string {
	var sb strings.Builder
	_ = xml.EscapeText(&sb, []byte(s))
	return sb.String()
}

// writeSVG writes a scene as hand-made SVG, one <g> per layer.
func writeSVG(w io.Writer, s *scene) error {
	bw := bufio.NewWriter(w)
	W, H := svgNum(s.W), svgNum(s.H)
	bw.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + W + `" height="` + H + `" viewBox="0 0 ` + W + " " + H + `">` + "\n")
	writeSVGOps(bw, s.Ops)
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// writeSVGOps writes operations as SVG elements, one <g> per layer.
func writeSVGOps(bw *bufio.Writer, ops []op) {
	group := ""
	for i := range ops {
		o := &ops[i]
		if o.Group != group {
			if group != "" {
				bw.WriteString("</g>\n")
			}
			group = o.Group
			bw.WriteString(`<g id="` + group + `">` + "\n")
		}
		switch o.Kind {
		case opPath:
			var d strings.Builder
			for _, p := range o.Paths {
				for k, q := range p {
					if k == 0 {
						d.WriteString("M")
					} else {
						d.WriteString(" L")
					}
					d.WriteString(svgNum(q.X) + " " + svgNum(q.Y))
				}
				if o.Closed && len(p) > 0 {
					d.WriteString("Z")
				}
				d.WriteString("\n")
			}
			bw.WriteString(`<path d="` + strings.TrimSuffix(d.String(), "\n") + `"` + svgPaint(o) + "/>\n")
		case opCircle:
			bw.WriteString(`<circle cx="` + svgNum(o.C.X) + `" cy="` + svgNum(o.C.Y) + `" r="` + svgNum(o.R) + `"` + svgPaint(o) + "/>\n")
		case opText:
			f := svgFont[o.Font]
			anchor := "start"
			switch {
			case o.Align == 0.5:
				anchor = "middle"
			case o.Align == 1:
				anchor = "end"
			}
			bw.WriteString(`<text x="` + svgNum(o.At.X) + `" y="` + svgNum(o.At.Y) + `" font-family="` + f.family + `" font-size="` + svgNum(o.Size) + `"`)
			if f.weight != "normal" {
				bw.WriteString(` font-weight="` + f.weight + `"`)
			}
			if f.style != "normal" {
				bw.WriteString(` font-style="` + f.style + `"`)
			}
			if anchor != "start" {
				bw.WriteString(` text-anchor="` + anchor + `"`)
			}
			bw.WriteString(` fill="` + o.Fill + `"`)
			if o.Halo != "" {
				bw.WriteString(` stroke="` + o.Halo + `" stroke-width="` + svgNum(2*o.HaloW) + `" stroke-linejoin="round" paint-order="stroke"`)
			}
			bw.WriteString(">" + svgEscape(o.Text) + "</text>\n")
		}
	}
	if group != "" {
		bw.WriteString("</g>\n")
	}
}

func svgPaint(o *op) string {
	var sb strings.Builder
	if o.Fill != "" {
		sb.WriteString(` fill="` + o.Fill + `"`)
		if o.EvenOdd {
			sb.WriteString(` fill-rule="evenodd"`)
		}
	} else {
		sb.WriteString(` fill="none"`)
	}
	if o.Stroke != "" {
		sb.WriteString(` stroke="` + o.Stroke + `" stroke-width="` + svgNum(o.Width) + `" stroke-linejoin="round" stroke-linecap="round"`)
		if len(o.Dash) > 0 {
			var ds []string
			for _, d := range o.Dash {
				ds = append(ds, svgNum(d))
			}
			sb.WriteString(` stroke-dasharray="` + strings.Join(ds, " ") + `"`)
		}
	}
	return sb.String()
}
