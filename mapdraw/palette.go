package mapdraw

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"
)

// mapColours is how many colours a PNG map keeps at least (issue 14: a
// map a year-long game can mail). The drawing is flat colour with
// anti-aliased edges and text: the colours it paints are a few dozen, the
// rest are blends along edges. The painted colours and the blends on many
// pixels are always kept (paletted); up to 48 in all, blends are added
// where they help most. 256 made the late-game map 25% larger for no
// difference the eye sees at 1:1 (BENCHMARKS.md, Mail).
const mapColours = 48

// flatShare is the share of the picture (1 in flatShare pixels) from which
// a colour is kept exactly even if the scene does not paint it (a blend
// that fills the hatching of difficult terrain), even past mapColours.
const flatShare = 4000

// paletted quantises a rendered map to at most max colours (more only when
// it has more colours to keep exactly than that, up to 256),
// deterministically, with no dithering: a colour the scene paints (drawn,
// packed RGBA: a nation's counters, however few) or one that covers a
// large area stays exactly itself, and every other pixel takes the nearest
// colour kept. The colours kept are those, then, one at a time, the colour
// that most reduces the error that remains (its pixel count times its
// squared distance to the nearest colour kept), so a rare colour far from
// the rest is kept before a common blend close to its neighbours. The same
// picture gives the same palette and the same indices.
func paletted(img *image.RGBA, max int, drawn []uint32) *image.Paletted {
	hist := histogram(img)
	pal := choosePalette(hist, max, img.Bounds().Dx()*img.Bounds().Dy()/flatShare, drawn)
	out := image.NewPaletted(img.Bounds(), pal)
	index := make(map[uint32]uint8, len(hist))
	for _, h := range hist {
		index[h.c] = nearest(pal, h.c)
	}
	w := img.Bounds().Dx()
	for y := range img.Bounds().Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		last, at := uint32(0), uint8(0) // a run of one colour is looked up once
		for x := range w {
			if c := pack(row[4*x : 4*x+4]); x == 0 || c != last {
				last, at = c, index[c]
			}
			dst[x] = at
		}
	}
	return out
}

// counted is a colour (packed RGBA) and how many pixels have it.
type counted struct {
	c uint32
	n int
}

func pack(p []byte) uint32 {
	return uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
}

func unpack(c uint32) color.RGBA {
	return color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)}
}

// histogram counts the colours of img, most frequent first (ties by
// colour value, so the order never depends on a map's).
func histogram(img *image.RGBA) []counted {
	counts := map[uint32]int{}
	w := img.Bounds().Dx()
	for y := range img.Bounds().Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		run, last := 0, uint32(0) // a run of one colour is counted at once
		for x := 0; x < len(row); x += 4 {
			if c := pack(row[x : x+4]); c != last || x == 0 {
				if run > 0 {
					counts[last] += run
				}
				run, last = 1, c
			} else {
				run++
			}
		}
		counts[last] += run
	}
	hist := make([]counted, 0, len(counts))
	for c, n := range counts {
		hist = append(hist, counted{c, n})
	}
	slices.SortFunc(hist, func(a, b counted) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return int(int64(a.c) - int64(b.c))
	})
	return hist
}

// choosePalette keeps every colour of drawn that the picture has and every
// colour with at least flat pixels (at most 256 in all), then adds colours
// greedily up to max (see paletted).
func choosePalette(hist []counted, max, flat int, drawn []uint32) color.Palette {
	var pal color.Palette
	err := make([]int, len(hist)) // each colour's squared distance to the palette
	for i := range err {
		err[i] = -1
	}
	add := func(c uint32) {
		pal = append(pal, unpack(c))
		for i, h := range hist {
			if d := dist2(h.c, c); err[i] < 0 || d < err[i] {
				err[i] = d
			}
		}
	}
	for _, h := range hist { // most frequent first
		if len(pal) < 256 && (h.n >= flat || len(pal) == 0 || slices.Contains(drawn, h.c)) {
			add(h.c)
		}
	}
	for len(pal) < max && len(pal) < len(hist) {
		best, at := 0, -1
		for i, h := range hist {
			if w := err[i] * h.n; w > best {
				best, at = w, i
			}
		}
		if at < 0 {
			break // every colour is in the palette
		}
		add(hist[at].c)
	}
	return pal
}

// dist2 is a squared distance between two packed colours, weighted for the
// eye's sensitivity (green most, blue least).
func dist2(a, b uint32) int {
	d := func(shift uint) int { return int(a>>shift&0xff) - int(b>>shift&0xff) }
	r, g, bl, al := d(24), d(16), d(8), d(0)
	return 3*r*r + 4*g*g + 2*bl*bl + 4*al*al
}

// nearest is the index of the palette colour closest to c (the first of
// equals).
func nearest(pal color.Palette, c uint32) uint8 {
	best, at := -1, 0
	for i, p := range pal {
		q := p.(color.RGBA)
		d := dist2(c, uint32(q.R)<<24|uint32(q.G)<<16|uint32(q.B)<<8|uint32(q.A))
		if best < 0 || d < best {
			best, at = d, i
		}
	}
	return uint8(at)
}

// colours lists the colours a scene paints (fills, strokes, halos), packed
// RGBA, each once, in the order first painted.
func (s *scene) colours() []uint32 {
	var out []uint32
	for i := range s.Ops {
		for _, c := range []string{s.Ops[i].Fill, s.Ops[i].Stroke, s.Ops[i].Halo} {
			v, ok := parseColour(c)
			if p := uint32(v[0])<<24 | uint32(v[1])<<16 | uint32(v[2])<<8 | 0xff; ok && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// EncodePaletted writes img as a paletted PNG, as the maps are written
// (encodePNG): the colours given ("#rrggbb") kept exactly, the blends
// along edges up to max colours in all. For pictures with few colours,
// such as the VP chart (templates.VPChart.PNG).
func EncodePaletted(w io.Writer, img *image.RGBA, max int, keep []string) error {
	var drawn []uint32
	for _, c := range keep {
		if v, ok := parseColour(c); ok {
			drawn = append(drawn, uint32(v[0])<<24|uint32(v[1])<<16|uint32(v[2])<<8|0xff)
		}
	}
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, paletted(img, max, drawn))
}
