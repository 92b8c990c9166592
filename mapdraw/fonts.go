package mapdraw

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomediumitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// fontID names one of the Go fonts the maps use.
type fontID int

const (
	fontRegular fontID = iota
	fontMedium
	fontBold
	fontItalic
	numFonts
)

// svgFont is how SVG output asks for each font.
var svgFont = [numFonts]struct{ family, weight, style string }{
	fontRegular: {"Go, 'DejaVu Sans', Verdana, sans-serif", "normal", "normal"},
	fontMedium:  {"Go, 'DejaVu Sans', Verdana, sans-serif", "500", "normal"},
	fontBold:    {"Go, 'DejaVu Sans', Verdana, sans-serif", "bold", "normal"},
	fontItalic:  {"Go, 'DejaVu Sans', Verdana, sans-serif", "500", "italic"},
}

var (
	parseOnce sync.Once
	parsed    [numFonts]*sfnt.Font
)

func fonts() *[numFonts]*sfnt.Font {
	parseOnce.Do(func() {
		for id, ttf := range [numFonts][]byte{goregular.TTF, gomedium.TTF, gobold.TTF, gomediumitalic.TTF} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				panic(err) // embedded fonts; cannot fail
			}
			parsed[id] = f
		}
	})
	return &parsed
}

// faceCache hands out font faces for one render. A face is not safe for
// concurrent use, so each render has its own cache.
type faceCache map[[2]int]font.Face

func (fc faceCache) face(id fontID, size float64) font.Face {
	k := [2]int{int(id), int(size * 64)}
	if f, ok := fc[k]; ok {
		return f
	}
	f, err := opentype.NewFace(fonts()[id], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err)
	}
	fc[k] = f
	return f
}

// width measures a line of text in pixels.
func (fc faceCache) width(id fontID, size float64, s string) float64 {
	return fix(font.MeasureString(fc.face(id, size), s))
}

func fix(x fixed.Int26_6) float64 { return float64(x) / 64 }

var (
	measureMu    sync.Mutex
	measureFaces = faceCache{}
)

// LabelSize is the box an area's label takes on the map, for placing labels
// and counter slots when a geometry is made: text may hold a newline.
func LabelSize(text string) (w, h float64) {
	measureMu.Lock()
	defer measureMu.Unlock()
	lines := splitLines(text)
	for _, l := range lines {
		w = max(w, measureFaces.width(labelFont, labelSize, l))
	}
	return w + 2*labelHalo, float64(len(lines))*labelLeading + 2*labelHalo - (labelLeading - labelCap)
}
