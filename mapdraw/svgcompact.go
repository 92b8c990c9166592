package mapdraw

import (
	"bufio"
	"math"
	"strconv"
	"strings"
)

// compactSVG writes operations as SVG elements that carry only their
// geometry and a class: each distinct paint and font is a rule of a style
// sheet written first, and paths are drawn with relative coordinates to a
// tenth of a pixel. It is the same picture as writeSVGOps's in a third of
// the bytes (issue 21: a game's history carries a map a step). The class
// names start with prefix; the style sheet applies to the whole page the
// SVG is in, so a page holds one such SVG.
type compactSVG struct {
	prefix  string
	classes map[string]string // a rule's declarations → its class
	rules   []string          // ".k0{…}" in the order of first use
	body    strings.Builder
}

// compactRoot are the attributes of the <svg> element around compact
// SVG, inherited by every element, which its classes leave out.
var compactRoot = ` font-family="` + compactFamily + `" stroke-linejoin="round" stroke-linecap="round"`

// compactFamily is the font family of the map's text.
var compactFamily = svgFont[fontRegular].family

// writeCompactSVG writes ops as compact SVG: the style sheet, then the
// elements. The <svg> element around them has the attributes compactRoot.
func writeCompactSVG(bw *bufio.Writer, ops []op, prefix string) {
	c := &compactSVG{prefix: prefix, classes: map[string]string{}}
	for i := range ops {
		c.op(&ops[i])
	}
	if len(c.rules) > 0 {
		bw.WriteString("<style>" + strings.Join(c.rules, "\n") + "</style>\n")
	}
	bw.WriteString(c.body.String())
}

// class is the class of a rule's declarations, made on first use.
func (c *compactSVG) class(decl string) string {
	if k, ok := c.classes[decl]; ok {
		return k
	}
	k := c.prefix + strconv.FormatInt(int64(len(c.rules)), 36)
	c.classes[decl] = k
	c.rules = append(c.rules, "."+k+"{"+decl+"}")
	return k
}

func (c *compactSVG) op(o *op) {
	b := &c.body
	switch o.Kind {
	case opPath:
		b.WriteString(`<path d="`)
		for _, p := range o.Paths {
			relPath(b, p, o.Closed)
		}
		b.WriteString(`" class="` + c.class(paintCSS(o)) + `"/>` + "\n")
	case opCircle:
		b.WriteString(`<circle cx="` + svgNum(o.C.X) + `" cy="` + svgNum(o.C.Y) + `" r="` + svgNum(o.R) + `" class="` + c.class(paintCSS(o)) + `"/>` + "\n")
	case opText:
		b.WriteString(`<text x="` + svgNum(o.At.X) + `" y="` + svgNum(o.At.Y) + `" class="` + c.class(textCSS(o)) + `">` + svgEscape(o.Text) + "</text>\n")
	}
}

// relPath writes a subpath: its first point absolute, the others relative
// to the one before, every point first rounded to a tenth of a pixel so
// that the errors do not add up.
func relPath(b *strings.Builder, p []Point, closed bool) {
	tenth := func(v float64) int64 { return int64(math.Round(v * 10)) }
	var x, y int64
	for k, q := range p {
		qx, qy := tenth(q.X), tenth(q.Y)
		switch k {
		case 0:
			b.WriteString("M" + tenths(qx) + " " + tenths(qy))
		case 1:
			b.WriteString("l")
			writePair(b, qx-x, qy-y, true)
		default:
			writePair(b, qx-x, qy-y, false)
		}
		x, y = qx, qy
	}
	if closed && len(p) > 0 {
		b.WriteString("z")
	}
}

// writePair writes a relative point; a minus sign separates numbers as
// well as a space does.
func writePair(b *strings.Builder, dx, dy int64, first bool) {
	sx, sy := tenths(dx), tenths(dy)
	if !first && sx[0] != '-' {
		b.WriteString(" ")
	}
	b.WriteString(sx)
	if sy[0] != '-' {
		b.WriteString(" ")
	}
	b.WriteString(sy)
}

// tenths writes a number of tenths as a decimal: 15 as "1.5", -20 as "-2".
func tenths(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	s := sign + strconv.FormatInt(v/10, 10)
	if v%10 != 0 {
		s += "." + strconv.FormatInt(v%10, 10)
	}
	return s
}

// paintCSS is a path's or circle's paint as CSS declarations.
func paintCSS(o *op) string {
	var d []string
	if o.Fill != "" {
		d = append(d, "fill:"+o.Fill)
		if o.EvenOdd {
			d = append(d, "fill-rule:evenodd")
		}
	} else {
		d = append(d, "fill:none")
	}
	if o.Stroke != "" {
		d = append(d, "stroke:"+o.Stroke, "stroke-width:"+svgNum(o.Width)+"px")
		if len(o.Dash) > 0 {
			var ds []string
			for _, v := range o.Dash {
				ds = append(ds, svgNum(v)+"px")
			}
			d = append(d, "stroke-dasharray:"+strings.Join(ds, " "))
		}
	}
	return strings.Join(d, ";")
}

// textCSS is a text's font, alignment, colour and halo as CSS
// declarations.
func textCSS(o *op) string {
	f := svgFont[o.Font]
	var d []string
	if f.family != compactFamily {
		d = append(d, "font-family:"+f.family)
	}
	d = append(d, "font-size:"+svgNum(o.Size)+"px")
	if f.weight != "normal" {
		d = append(d, "font-weight:"+f.weight)
	}
	if f.style != "normal" {
		d = append(d, "font-style:"+f.style)
	}
	switch {
	case o.Align == 0.5:
		d = append(d, "text-anchor:middle")
	case o.Align == 1:
		d = append(d, "text-anchor:end")
	}
	d = append(d, "fill:"+o.Fill)
	if o.Halo != "" {
		d = append(d, "stroke:"+o.Halo, "stroke-width:"+svgNum(2*o.HaloW)+"px", "paint-order:stroke")
	}
	return strings.Join(d, ";")
}
