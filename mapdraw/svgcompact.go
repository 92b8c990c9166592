package mapdraw

import (
	"bufio"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// compactSVG writes operations as SVG elements that carry only their
// geometry and a class: each distinct paint and font is a rule of a style
// sheet (compactRules) that a page links, and positions are whole pixels,
// paths' points relative to the one before. It is the same picture as
// writeSVGOps's in a third of the bytes, and many maps share the style
// sheet (issue 21: a game's history carries a map a step).
type compactSVG struct {
	s    *scene // for the widths of its texts
	body strings.Builder
}

// compactRules are the style sheet of many scenes' compact SVG: a class
// for each distinct rule, numbered in the order of the rules' text, so
// that the same scenes give the same classes however they are gathered.
type compactRules struct {
	prefix  string
	classes map[string]string // declarations → class
	sheet   []byte
}

// newCompactRules numbers the rules of many scenes' operations (opsCSS).
func newCompactRules(prefix string, decls [][]string) *compactRules {
	seen := map[string]bool{}
	for _, ds := range decls {
		for _, d := range ds {
			seen[d] = true
		}
	}
	sorted := make([]string, 0, len(seen))
	for d := range seen {
		sorted = append(sorted, d)
	}
	slices.Sort(sorted)
	r := &compactRules{prefix: prefix, classes: map[string]string{}}
	var b strings.Builder
	for i, d := range sorted {
		k := prefix + strconv.FormatInt(int64(i), 36)
		r.classes[d] = k
		b.WriteString("." + k + "{" + d + "}\n")
	}
	r.sheet = []byte(b.String())
	return r
}

// writeCompactSVG writes ops as compact SVG elements with the classes of
// rules, decls being the ops' rules (opsCSS). The <svg> element around
// them has the attributes compactRoot.
func writeCompactSVG(bw *bufio.Writer, s *scene, ops []op, decls []string, rules *compactRules) {
	c := &compactSVG{s: s}
	for i := range ops {
		c.op(&ops[i], rules.classes[decls[i]])
	}
	bw.WriteString(c.body.String())
}

// opsCSS are the operations' rules.
func opsCSS(ops []op) []string {
	out := make([]string, len(ops))
	for i := range ops {
		out[i] = opCSS(&ops[i])
	}
	return out
}

// opCSS is an operation's rule.
func opCSS(o *op) string {
	if o.Kind == opText {
		return textCSS(o)
	}
	return paintCSS(o)
}

func (c *compactSVG) op(o *op, class string) {
	b := &c.body
	switch o.Kind {
	case opPath:
		b.WriteString(`<path d="`)
		for _, p := range o.Paths {
			relPath(b, p, o.Closed)
		}
		b.WriteString(`" class="` + class + `"/>` + "\n")
	case opCircle:
		b.WriteString(`<circle cx="` + wholeNum(o.C.X) + `" cy="` + wholeNum(o.C.Y) + `" r="` + svgNum(o.R) + `" class="` + class + `"/>` + "\n")
	case opText:
		b.WriteString(`<text x="` + wholeNum(o.At.X) + `" y="` + wholeNum(o.At.Y) + `"`)
		if fitted[o.Group] && utf8.RuneCountInString(o.Text) >= minFitted {
			b.WriteString(` textLength="` + svgNum(c.s.width(o.Font, o.Size, o.Text)) + `" lengthAdjust="spacingAndGlyphs"`)
		}
		b.WriteString(` class="` + class + `">` + svgEscape(o.Text) + "</text>\n")
	}
}

// relPath writes a subpath: its first point absolute, the others relative
// to the one before, every point first rounded to a whole pixel (compact
// SVG is shown at the map's size or smaller) so that the errors do not
// add up.
func relPath(b *strings.Builder, p []Point, closed bool) {
	var x, y int64
	for k, q := range p {
		qx, qy := whole(q.X), whole(q.Y)
		switch k {
		case 0:
			b.WriteString("M" + strconv.FormatInt(qx, 10) + " " + strconv.FormatInt(qy, 10))
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

// whole is a coordinate to the nearest pixel.
func whole(v float64) int64 { return int64(math.Round(v)) }

// wholeNum writes a coordinate to the nearest pixel.
func wholeNum(v float64) string { return strconv.FormatInt(whole(v), 10) }

// writePair writes a relative point; a minus sign separates numbers as
// well as a space does.
func writePair(b *strings.Builder, dx, dy int64, first bool) {
	sx, sy := strconv.FormatInt(dx, 10), strconv.FormatInt(dy, 10)
	if !first && sx[0] != '-' {
		b.WriteString(" ")
	}
	b.WriteString(sx)
	if sy[0] != '-' {
		b.WriteString(" ")
	}
	b.WriteString(sy)
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

// minFitted is the fewest letters of a text of the legend or the strip
// that compact SVG draws at the width the map's own font gives it
// (textLength, the letters narrowed with the spaces): a browser without
// that font draws a wider one, which would run out of its box or over its
// neighbour. Shorter texts, and the areas' names, centred where they have
// room, are left as the browser draws them (spacing alone squeezed bold
// letters into each other, looked at in Chromium).
const minFitted = 5

// fitted are the groups whose texts compact SVG fits (minFitted).
var fitted = map[string]bool{"legend": true, "strip": true}

// compactRoot are the attributes of the <svg> element around compact
// SVG, inherited by every element, which its classes leave out.
var compactRoot = ` font-family="` + compactFamily + `" stroke-linejoin="round" stroke-linecap="round"`

// compactFamily is the font family of the map's text.
var compactFamily = svgFont[fontRegular].family
