package mapdraw

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
)

// deuteranopia is the Machado, Oliveira & Fernandes (2009) simulation
// matrix for full deuteranopia, applied to linear RGB.
var deuteranopia = [3][3]float64{
	{0.367322, 0.860646, -0.227968},
	{0.280085, 0.672501, 0.047413},
	{-0.011820, 0.042940, 0.968881},
}

func toLinear(v uint8) float64 {
	x := float64(v) / 255
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

func toSRGB(x float64) uint8 {
	x = math.Max(0, math.Min(1, x))
	if x <= 0.0031308 {
		x *= 12.92
	} else {
		x = 1.055*math.Pow(x, 1/2.4) - 0.055
	}
	return uint8(math.Round(x * 255))
}

// protanopia is the Machado, Oliveira & Fernandes (2009) simulation
// matrix for full protanopia, applied to linear RGB.
var protanopia = [3][3]float64{
	{0.152286, 1.052583, -0.204868},
	{0.114503, 0.786281, 0.099216},
	{-0.003882, -0.048116, 1.051998},
}

// simulate shows a colour as a deuteranope sees it.
func simulate(c [3]uint8) [3]uint8 { return simulateWith(deuteranopia, c) }

// simulateWith shows a colour through a colour-vision simulation matrix.
func simulateWith(m [3][3]float64, c [3]uint8) [3]uint8 {
	lin := [3]float64{toLinear(c[0]), toLinear(c[1]), toLinear(c[2])}
	var out [3]uint8
	for i := range 3 {
		out[i] = toSRGB(m[i][0]*lin[0] + m[i][1]*lin[1] + m[i][2]*lin[2])
	}
	return out
}

// simulateImage converts a whole picture, to look at.
func simulateImage(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			s := simulate([3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)})
			out.Set(x, y, color.RGBA{s[0], s[1], s[2], 255})
		}
	}
	return out
}

// lab converts sRGB to CIELAB (D65).
func lab(c [3]uint8) [3]float64 {
	r, g, b := toLinear(c[0]), toLinear(c[1]), toLinear(c[2])
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func deltaE(a, b [3]uint8) float64 {
	p, q := lab(a), lab(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// TestDeuteranopia: seen with deuteranopia, the player colours stay apart
// from each other (each split has at most five, but all seven are checked),
// and every counter stands out from the land and sea it may sit on.
func TestDeuteranopia(t *testing.T) {
	palette := []string{"#E69F00", "#D55E00", "#0072B2", "#009E73", "#CC79A7", "#56B4E9", "#F0E442"}
	grounds := append(append([]string{seaColour}, regionFills[:3]...), difficultFills[:3]...)
	sim := func(h string) [3]uint8 {
		c, ok := parseColour(h)
		assert.True(t, ok, h)
		return simulate(c)
	}
	for i, a := range palette {
		for _, b := range palette[i+1:] {
			d := deltaE(sim(a), sim(b))
			t.Logf("%s vs %s: ΔE %.1f", a, b, d)
			assert.GreaterOrEqual(t, d, 8.0, "%s and %s look alike to a deuteranope", a, b)
		}
		for _, g := range grounds {
			assert.GreaterOrEqual(t, deltaE(sim(a), sim(g)), 15.0, "a %s counter fades into %s", a, g)
		}
	}
	// Difficult terrain is darker than clear land, with or without colour vision.
	for k := range 3 {
		assert.GreaterOrEqual(t, deltaE(sim(regionFills[k]), sim(difficultFills[k])), 5.0, "region %d: difficult vs clear", k)
	}
}

// tritanopia is the Machado, Oliveira & Fernandes (2009) simulation
// matrix for full tritanopia, applied to linear RGB.
var tritanopia = [3][3]float64{
	{1.255528, -0.076749, -0.178779},
	{-0.078411, 0.930809, 0.147602},
	{0.004733, 0.691367, 0.303900},
}

// visions are normal vision and the three dichromacies the map's colours
// are checked under (issue 21: tritanopia too).
var visions = []struct {
	name string
	m    [3][3]float64
}{
	{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"deuteranopia", deuteranopia},
	{"protanopia", protanopia},
	{"tritanopia", tritanopia},
}

// seen is the difference of two colours as a reader with a vision sees
// them (CIELAB ΔE).
func seen(t *testing.T, m [3][3]float64, a, b string) float64 {
	return deltaE(simulateWith(m, parse(t, a)), simulateWith(m, parse(t, b)))
}

// TestNationColoursColourBlind: counters are coloured by nation and ringed
// by player (issue 14). Seen with normal vision and with simulated
// deuteranopia, protanopia and tritanopia (issue 21: Romano-British and
// Angles, Star and Stag looked alike), in every ruleset: any two nations
// stay apart (ΔE 15; in Hy Breasil, where any nation may be any player's,
// 18), the nations one player controls in any split further apart (22),
// each apart from its player's ring (9, 25 with normal vision), every
// player's ring from every other's (16), every counter from the land and
// sea it stands on (20), and the number on a counter reads against it
// (WCAG contrast 3:1 for bold text). reduX's and classic Britannia's
// tables take NationPalette's colours, so an old game's copy of the
// tables, which names none, draws the same map.
func TestNationColoursColourBlind(t *testing.T) {
	for _, r := range games.Rulesets() {
		g := games.MustLoad(r.Name)
		tb := g.Tables
		grounds := append(append([]string{seaColour}, regionFills[:3]...), difficultFills[:3]...)
		for _, tr := range g.Board.Terrains {
			if tr.Colour != "" {
				grounds = append(grounds, tr.Colour)
			}
		}
		anyTwo := 15.0
		if tb.Players[0].Dealt() {
			anyTwo = 18
		}
		for _, v := range visions {
			what := r.Name + ", " + v.name
			for i, n := range tb.Nations {
				if tb.Nations[i].Colour == "" || r.Name == "redux" || r.Name == "redux-lr" {
					assert.Equal(t, strings.ToLower(games.NationPalette[i]), strings.ToLower(tb.NationColour(i)), what)
				}
				for j := range i {
					assert.GreaterOrEqual(t, seen(t, v.m, tb.NationColour(i), tb.NationColour(j)), anyTwo, "%s: %s and %s look alike", what, n.Name, tb.Nations[j].Name)
				}
				for _, gr := range grounds {
					assert.GreaterOrEqual(t, seen(t, v.m, tb.NationColour(i), gr), 20.0, "%s: %s's counters fade into %s", what, n.Name, gr)
				}
				c := parse(t, tb.NationColour(i))
				assert.GreaterOrEqual(t, contrast(c, contrastText(c)), 3.0, "%s: %s's numbers", r.Name, n.Name)
			}
			ringMin := 9.0
			if v.name == "normal vision" {
				ringMin = 25
			}
			for _, sp := range tb.Players {
				for a, p := range sp.Players {
					for _, q := range sp.Players[:a] {
						assert.GreaterOrEqual(t, seen(t, v.m, p.Hex, q.Hex), 16.0, "%s, %d players: the rings of %s and %s look alike", what, sp.Count, p.Colour, q.Colour)
					}
					nations := p.Nations
					if sp.Dealt() { // any nation may be dealt to any seat
						nations = nil
						for _, n := range tb.Nations {
							nations = append(nations, n.Name)
						}
					}
					for k, na := range nations {
						i, _ := tb.NationIndex(na)
						assert.GreaterOrEqual(t, seen(t, v.m, tb.NationColour(i), p.Hex), ringMin, "%s, %d players: %s fades into %s's ring", what, sp.Count, na, p.Colour)
						if sp.Dealt() {
							continue
						}
						for _, nb := range nations[:k] {
							j, _ := tb.NationIndex(nb)
							assert.GreaterOrEqual(t, seen(t, v.m, tb.NationColour(i), tb.NationColour(j)), 22.0, "%s, %d players: %s's %s and %s look alike", what, sp.Count, p.Colour, na, nb)
						}
					}
				}
			}
		}
	}
}

// TestNationPaletteColourBlind: a tables file that colours no nation takes
// games.NationPalette in list order, so every ruleset's nations, and any
// list of up to twenty, get counters that stay apart with normal vision
// (ΔE 20) and for deuteranopes, protanopes and tritanopes (12), and that
// stand out from the land and sea (20).
func TestNationPaletteColourBlind(t *testing.T) {
	grounds := append(append([]string{seaColour}, regionFills[:3]...), difficultFills[:3]...)
	pal := games.NationPalette
	require.GreaterOrEqual(t, len(pal), 20)
	for i, a := range pal {
		for _, b := range pal[:i] {
			for _, v := range visions {
				min := 12.0
				if v.name == "normal vision" {
					min = 20
				}
				assert.GreaterOrEqual(t, seen(t, v.m, a, b), min, "%s and %s look alike (%s)", a, b, v.name)
			}
		}
		for _, gr := range grounds {
			for _, v := range visions {
				assert.GreaterOrEqual(t, seen(t, v.m, a, gr), 20.0, "%s fades into %s (%s)", a, gr, v.name)
			}
		}
		assert.GreaterOrEqual(t, contrast(parse(t, a), contrastText(parse(t, a))), 3.0, "%s's numbers", a)
	}
	for _, r := range games.Rulesets() {
		tb := games.MustLoad(r.Name).Tables
		seen := map[string]string{}
		for i, n := range tb.Nations {
			c := strings.ToLower(tb.NationColour(i))
			assert.Empty(t, seen[c], "%s: %s and %s share %s", r.Name, n.Name, seen[c], c)
			seen[c] = n.Name
		}
	}
}

func parse(t *testing.T, h string) [3]uint8 {
	c, ok := parseColour(h)
	require.True(t, ok, h)
	return c
}

// contrast is the WCAG contrast ratio of colour c and text colour ink.
func contrast(c [3]uint8, ink string) float64 {
	k, _ := parseColour(ink)
	a, b := luminance(c), luminance(k)
	return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}
