package mapdraw

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
)

func redux(t testing.TB) *games.Game {
	t.Helper()
	return games.MustLoad("redux")
}

// TestAgreement is the agreement test (games/britannia/mapgen/doc.go, step 4):
// two areas that share a drawn border must be linked on the board, every
// link that is not a strait must be a drawn border (reduX Core 6), and
// every strait has its arrow — land, seas and coasts alike.
func TestAgreement(t *testing.T) {
	b := redux(t).Board
	g := MustForBoard(b)
	assert.Empty(t, g.Disagreements(b))

	// And the other way round: every link is drawn, every border linked.
	drawn := map[[2]games.AreaID]float64{}
	for _, bd := range g.Borders {
		require.NotEqual(t, games.NoArea, bd.B, "%s has coast on no sea", b.AreaName(bd.A))
		drawn[[2]games.AreaID{min(bd.A, bd.B), max(bd.A, bd.B)}] += bd.Length
	}
	for x := range b.Areas {
		for _, e := range b.Edges(games.AreaID(x)) {
			k := [2]games.AreaID{min(games.AreaID(x), e.To), max(games.AreaID(x), e.To)}
			if e.Strait {
				assert.Zero(t, drawn[k], "strait %s–%s drawn as a border", b.AreaName(k[0]), b.AreaName(k[1]))
			} else {
				assert.GreaterOrEqual(t, drawn[k], MinBorder, "link %s–%s", b.AreaName(k[0]), b.AreaName(k[1]))
			}
		}
	}
	for k := range drawn {
		linked, _ := b.Adjacent(k[0], k[1])
		assert.True(t, linked, "%s–%s drawn but not linked", b.AreaName(k[0]), b.AreaName(k[1]))
	}
	// Region borders are the England/Wales/Scotland ones, drawn heavier.
	for _, bd := range g.Borders {
		if bd.Kind == RegionBorder {
			assert.NotEqual(t, b.Area(bd.A).Region, b.Area(bd.B).Region)
		}
	}
}

// tiny is a board of three land areas in a row and one sea, with a strait
// between the two ends, for testing Disagreements on hand-made drawings.
const tinyBoard = `name: tiny
regions: [North, South]
areas:
  - {name: Aa, region: North, seas: [Sea]}
  - {name: Bb, region: North, seas: [Sea]}
  - {name: Cc, region: South, seas: [Sea]}
seas:
  - name: Sea
links:
  - [Aa, Bb]
  - [Bb, Cc]
  - [Aa, Cc, strait]
`

// tinyGeometry draws Aa, Bb, Cc as squares side by side in a sea; with
// touch, Cc moves left onto Bb's place so that it touches Aa.
func tinyGeometry(extra string) string {
	return `board: tiny
source: hand-drawn for a test
width: 400
height: 200
areas:
  - name: Aa
    label: [75, 100]
    rings: [[50, 50, 100, 50, 100, 150, 50, 150]]
  - name: Bb
    label: [125, 100]
    rings: [[100, 50, 150, 50, 150, 150, 100, 150]]
  - name: Cc
    label: [175, 100]
    rings: [[150, 50, 200, 50, 200, 150, 150, 150]]
seas:
  - name: Sea
    label: [300, 100]
    rings: [[0, 0, 400, 0, 400, 200, 0, 200], [50, 50, 50, 150, 100, 150, 150, 150, 200, 150, 200, 50, 150, 50, 100, 50]]
` + extra
}

func TestDisagreements(t *testing.T) {
	b, err := games.ParseBoard("tiny.yaml", []byte(tinyBoard))
	require.NoError(t, err)
	strait := "straits:\n  - between: [Aa, Cc]\n    line: [75, 160, 175, 160]\n"
	for _, tc := range []struct {
		name string
		geo  string
		want []string
	}{
		{"agrees", tinyGeometry(strait), nil},
		{"strait arrow missing", tinyGeometry(""), []string{"the strait Aa–Cc has no arrow"}},
		{"link not drawn and strait drawn as a border", strings.Replace(strings.Replace(tinyGeometry(strait),
			// Swap Bb and Cc: now Aa touches Cc and Bb touches only Cc.
			"rings: [[100, 50, 150, 50, 150, 150, 100, 150]]", "rings: [[150, 50, 200, 50, 200, 150, 150, 150]]", 1),
			"rings: [[150, 50, 200, 50, 200, 150, 150, 150]]\nseas", "rings: [[100, 50, 150, 50, 150, 150, 100, 150]]\nseas", 1),
			[]string{
				"Aa and Bb are linked but share only 0.0 px of border",
				"Aa and Cc share 100.0 px of border near (100, 50) but are linked only across a strait",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := LoadGeometry("tiny-geometry.yaml", []byte(tc.geo), b)
			require.NoError(t, err)
			assert.Equal(t, tc.want, g.Disagreements(b))
		})
	}
}

// TestShapes checks every area and sea: it has rings that do not cross
// themselves, its label point lies inside it, and its slots are on the
// canvas, clear of every label and of each other.
func TestShapes(t *testing.T) {
	b := redux(t).Board
	g := MustForBoard(b)
	labels := make([]Rect, len(b.Areas))
	for id := range b.Areas {
		labels[id] = labelBox(g, b, games.AreaID(id))
	}
	for id := range b.Areas {
		sh := g.Shape(games.AreaID(id))
		name := b.AreaName(sh.ID)
		require.Equal(t, games.AreaID(id), sh.ID)
		require.NotEmpty(t, sh.Rings, name)
		assert.True(t, InRings(sh.Label, sh.Rings), "%s: label %v is outside the area", name, sh.Label)
		if b.IsLand(sh.ID) {
			assert.GreaterOrEqual(t, len(sh.Slots), 2, "%s: room for two nations at least", name)
		} else {
			assert.GreaterOrEqual(t, len(sh.Slots), 4, "%s: room for armies at sea", name)
		}
		for i, s := range sh.Slots {
			f := StackFootprint(s)
			assert.True(t, f.X >= 0 && f.Y >= 0 && f.X+f.W <= g.Width && f.Y+f.H <= g.Height, "%s slot %d off the canvas", name, i)
			for other, l := range labels {
				assert.False(t, f.overlaps(l), "%s slot %d covers the label of %s", name, i, b.AreaName(games.AreaID(other)))
			}
			for j, s2 := range sh.Slots[:i] {
				assert.False(t, f.overlaps(StackFootprint(s2)), "%s slots %d and %d overlap", name, j, i)
			}
			if b.IsLand(sh.ID) && !islandOnly(g, b, sh.ID) {
				assert.True(t, InRings(s, sh.Rings), "%s slot %d is off the area", name, i)
			}
		}
		for _, r := range sh.Rings {
			assert.False(t, selfCrossing(r), "%s: a ring crosses itself", name)
		}
	}
}

// islandOnly reports whether an area is all islands (its slots may stand
// in the water beside them).
func islandOnly(g *Geometry, b *games.Board, id games.AreaID) bool {
	for _, bd := range g.Borders {
		if (bd.A == id && b.IsLand(bd.B)) || (bd.B == id && b.IsLand(bd.A)) {
			return false
		}
	}
	return true
}

func selfCrossing(r []Point) bool {
	cross := func(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	n := len(r)
	for i := range n {
		a, b := r[i], r[(i+1)%n]
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue
			}
			c, d := r[j], r[(j+1)%n]
			d1, d2 := cross(a, b, c), cross(a, b, d)
			d3, d4 := cross(c, d, a), cross(c, d, b)
			if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
				return true
			}
		}
	}
	return false
}

// TestOneGeometry: the Britannia drawing is games/britannia/geometry.yaml,
// beside its board, read by the board's loader; no other copy of it is
// kept in the repository.
func TestOneGeometry(t *testing.T) {
	b := redux(t).Board
	require.NotNil(t, b.Drawing)
	assert.Equal(t, "britannia/geometry.yaml", b.Drawing.Name)
	orig, err := os.ReadFile("../games/britannia/geometry.yaml")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(orig, b.Drawing.Data), "the board's drawing is not the file beside it")
	sum := sha256.Sum256(orig)
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") || path == filepath.Join("..", "games", "britannia", "geometry.yaml") {
			return err
		}
		data, err := os.ReadFile(path)
		if err == nil && sha256.Sum256(data) == sum {
			t.Errorf("%s is a second copy of games/britannia/geometry.yaml", path)
		}
		return err
	})
	require.NoError(t, err)
	assert.Equal(t, MustForBoard(b), MustForBoard(b), "one geometry a board")
	assert.NotEqual(t, GeneratedSource, MustForBoard(b).Source)
}

func TestGeometryNamesItsSource(t *testing.T) {
	g := MustForBoard(redux(t).Board)
	assert.Contains(t, g.Source, "Natural Earth")
	assert.Contains(t, g.Source, "world-atlas@2.0.2")
}

func TestLoadGeometryErrors(t *testing.T) {
	b, err := games.ParseBoard("tiny.yaml", []byte(tinyBoard))
	require.NoError(t, err)
	good := tinyGeometry("")
	for _, tc := range []struct {
		name, geo, want string
	}{
		{"empty", "", "g.yaml: the file is empty"},
		{"not yaml", "board: [tiny", "g.yaml:1: did not find expected ',' or ']'"},
		{"unknown key", strings.Replace(good, "width: 400", "widht: 400", 1), `g.yaml:3: unknown key "widht" in the geometry file (known: board, source, width, height, legend, areas, seas, straits, context)`},
		{"wrong board", strings.Replace(good, "board: tiny", "board: hy-breasil", 1), `g.yaml:1: geometry is for board "hy-breasil", not "tiny"`},
		{"no source", strings.Replace(good, "source: hand-drawn for a test\n", "", 1), "g.yaml:1: geometry has no source: say where the outline comes from"},
		{"unknown area", strings.Replace(good, "name: Bb", "name: Bx", 1), `g.yaml:9: unknown area "Bx" (did you mean Bb?)`},
		{"area twice", strings.Replace(good, "name: Cc", "name: Bb", 1), "g.yaml:12: Bb is drawn twice"},
		{"area missing", strings.Replace(good, "  - name: Cc\n    label: [175, 100]\n    rings: [[150, 50, 200, 50, 200, 150, 150, 150]]\n", "", 1), "g.yaml:1: no drawing for Cc"},
		{"sea under areas", strings.Replace(good, "seas:\n", "", 1), "g.yaml:15: Sea is listed under areas:"},
		{"odd ring", strings.Replace(good, "rings: [[50, 50, 100, 50, 100, 150, 50, 150]]", "rings: [[50, 50, 100, 50, 100, 150, 50]]", 1), "g.yaml:8: Aa ring 1 has an odd count of numbers (7)"},
		{"short ring", strings.Replace(good, "rings: [[50, 50, 100, 50, 100, 150, 50, 150]]", "rings: [[50, 50, 100, 50]]", 1), "g.yaml:8: Aa ring 1 has 2 points; a ring needs three or more"},
		{"bad number", strings.Replace(good, "rings: [[50, 50,", "rings: [[50, fifty,", 1), `g.yaml:8: Aa ring 1: "fifty" is not a number`},
		{"off canvas", strings.Replace(good, "label: [125, 100]", "label: [125, 900]", 1), "g.yaml:10: Bb label: point (125, 900) is off the 400×200 canvas"},
		{"no label", strings.Replace(good, "    label: [175, 100]\n", "", 1), "g.yaml:12: Cc has no label point"},
		{"strait not a strait", good + "straits:\n  - between: [Aa, Bb]\n    line: [0, 0, 1, 1]\n", "g.yaml:20: Aa and Bb are not linked by a strait on the board"},
		{"strait line", good + "straits:\n  - between: [Aa, Cc]\n    line: [0, 0, 1]\n", "g.yaml:21: a strait line is [x1, y1, x2, y2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadGeometry("g.yaml", []byte(tc.geo), b)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			var le *games.LoadError
			assert.True(t, errors.As(err, &le), "a *games.LoadError")
		})
	}
}

// TestNoSpurs: no land area's outline runs into a sliver of sea and back
// (issue 21: York's battle outline drew a spur into the Humber, an inlet a
// few pixels wide at 1:50m): no stretch of a ring leaves a point and comes
// back within 6 px of it after running 30 px or more round water
// under 3 px wide on average.
func TestNoSpurs(t *testing.T) {
	b := redux(t).Board
	g := MustForBoard(b)
	for id := range b.NumLand {
		for _, r := range g.Shape(games.AreaID(id)).Rings {
			if sp := spur(r, 6, 30, 3); sp != "" {
				t.Errorf("%s: %s", b.AreaName(games.AreaID(id)), sp)
			}
		}
	}
}

// spur describes the first narrow inlet of a ring (a stretch from a vertex
// back to within mouth px of it, at least long px long, enclosing a
// turning opposite to the ring's with a mean width under width px), or "".
func spur(r []Point, mouth, long, width float64) string {
	n := len(r)
	sign := math.Copysign(1, ringArea(r))
	for i := range n {
		length := 0.0
		for k := 1; k < n-1 && k < 60; k++ {
			j := (i + k) % n
			length += r[j].dist(r[(i+k-1)%n])
			if k < 3 || length < long || r[i].dist(r[j]) > mouth {
				continue
			}
			sub := make([]Point, 0, k+1)
			for m := 0; m <= k; m++ {
				sub = append(sub, r[(i+m)%n])
			}
			if a := ringArea(sub); a*sign < 0 && math.Abs(a)/(length/2) < width {
				return fmt.Sprintf("a spur from %v to %v, %.0f px long", r[i], r[j], length)
			}
		}
	}
	return ""
}
