package mapdraw

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenSVG compares the SVG of the crowded late board with
// testdata/late.svg; run with -update to accept a change after looking.
func TestGoldenSVG(t *testing.T) {
	g := redux(t)
	var buf bytes.Buffer
	require.NoError(t, RenderSVG(&buf, MustForBoard(g.Board), g.Board, lateView(t, g)))
	golden := filepath.Join("testdata", "late.svg")
	if *update {
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test ./mapdraw -run TestGoldenSVG -update")
	if d := lineDiff(string(want), buf.String(), 3); d != "" {
		t.Errorf("SVG differs from %s (-want +got; rerun with -update if the change is right):\n%s", golden, d)
	}
}

// lineDiff shows the first differing stretch of two texts, line by line,
// with context lines around it; "" when equal.
func lineDiff(want, got string, context int) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	// Trim the common tail.
	jw, jg := len(w), len(g)
	for jw > i && jg > i && w[jw-1] == g[jg-1] {
		jw--
		jg--
	}
	var sb strings.Builder
	from := max(0, i-context)
	for k := from; k < i; k++ {
		fmt.Fprintf(&sb, "  %d: %s\n", k+1, w[k])
	}
	const most = 20
	for k := i; k < jw && k < i+most; k++ {
		fmt.Fprintf(&sb, "- %d: %s\n", k+1, w[k])
	}
	for k := i; k < jg && k < i+most; k++ {
		fmt.Fprintf(&sb, "+ %d: %s\n", k+1, g[k])
	}
	if jw-i > most || jg-i > most {
		fmt.Fprintf(&sb, "… (%d lines want, %d lines got differ)\n", jw-i, jg-i)
	}
	return sb.String()
}

func decodePNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	return img
}

func hexAt(img image.Image, p Point) string {
	r, g, b, _ := img.At(int(p.X), int(p.Y)).RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// TestPNG checks a rendered map's size and the colours of known pixels:
// open sea, land of each region, and a counter in its nation's colour.
func TestPNG(t *testing.T) {
	g := redux(t)
	b := g.Board
	geo := MustForBoard(b)
	kent := area(t, b, "Kent")
	v := &View{Title: "test", Stacks: []Stack{{Area: kent, Nation: "Jutes", Tag: "JU", Colour: "#009E73", Armies: 3}}}
	var buf bytes.Buffer
	require.NoError(t, RenderPNG(&buf, geo, b, v))
	img := decodePNG(t, buf.Bytes())
	assert.Equal(t, image.Rect(0, 0, 1100, 1500), img.Bounds())

	assert.Equal(t, seaColour, hexAt(img, Point{40, 400}), "open Atlantic west of the Hebrides")
	// Land away from labels, counters and hatching: the pole of a clear area.
	essex := geo.Shape(area(t, b, "Essex"))
	assert.Equal(t, regionFills[0], hexAt(img, essex.Label.add(Point{0, -22})), "Essex, England, clear")

	// The counter stands on Kent's first slot; its disc is Okabe-Ito green
	// above the number.
	c := geo.Shape(kent).Slots[0]
	assert.Equal(t, "#009e73", hexAt(img, c.add(Point{0, -7})))
	assert.Equal(t, "#009e73", hexAt(img, c.add(Point{-7, 0})))

	// A counter in its nation's colour ringed in its player's (issue 14):
	// the disc inside, the ring round it.
	v.Stacks[0].Colour, v.Stacks[0].Ring = "#881188", "#E69F00"
	buf.Reset()
	require.NoError(t, RenderPNG(&buf, geo, b, v))
	img = decodePNG(t, buf.Bytes())
	assert.Equal(t, "#881188", hexAt(img, c.add(Point{-6, 0})), "the nation's disc")
	assert.Equal(t, "#e69f00", hexAt(img, c.add(Point{-10.5, 0})), "the player's ring")
	assert.Equal(t, "#e69f00", hexAt(img, c.add(Point{0, -10.5})), "the player's ring")
}

// TestDeterministic renders twice and compares bytes.
func TestDeterministic(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	for _, render := range []func(*bytes.Buffer) error{
		func(w *bytes.Buffer) error { return RenderPNG(w, geo, g.Board, lateView(t, g)) },
		func(w *bytes.Buffer) error { return RenderSVG(w, geo, g.Board, lateView(t, g)) },
	} {
		var a, b bytes.Buffer
		require.NoError(t, render(&a))
		require.NoError(t, render(&b))
		assert.True(t, bytes.Equal(a.Bytes(), b.Bytes()), "two renders differ")
	}
}

// TestCountersClear: on the crowded board no counter covers a label, a
// battle mark or another counter, and land counters stand on land.
func TestCountersClear(t *testing.T) {
	g := redux(t)
	b := g.Board
	geo := MustForBoard(b)
	v := lateView(t, g)
	labels := make([]Rect, len(b.Areas))
	for id := range b.Areas {
		labels[id] = labelBox(geo, b, games.AreaID(id))
	}
	obstacles := append([]Rect(nil), labels...)
	marks := placeBattleMarks(geo, b, v.Battles, labels)
	for _, id := range v.Battles {
		obstacles = append(obstacles, rectAround(marks[id], markSize, markSize))
	}
	at := layoutStacks(geo, b, v, obstacles)
	for i, st := range v.Stacks {
		f := footprint(st, at[i])
		what := fmt.Sprintf("%s in %s", st.Nation, b.AreaName(st.Area))
		for _, o := range obstacles {
			assert.False(t, f.overlaps(o), "%s covers a label or mark", what)
		}
		for j := range i {
			assert.False(t, f.overlaps(footprint(v.Stacks[j], at[j])), "%s covers %s in %s", what, v.Stacks[j].Nation, b.AreaName(v.Stacks[j].Area))
		}
		if b.IsLand(st.Area) && !islandOnly(geo, b, st.Area) {
			assert.True(t, InRings(at[i], geo.Shape(st.Area).Rings), "%s stands outside its area", what)
		} else if !b.IsLand(st.Area) {
			assert.False(t, onLand(geo, b, at[i]), "%s at sea stands on land", what)
		}
	}
}

func TestBorderStack(t *testing.T) {
	g := redux(t)
	b := g.Board
	geo := MustForBoard(b)
	north, frisian := area(t, b, "North Sea"), area(t, b, "Frisian Sea")
	v := &View{Stacks: []Stack{{Area: north, Border: frisian, Nation: "Danes", Colour: "#0072B2", Armies: 6}}}
	at := layoutStacks(geo, b, v, nil)
	anchor := borderAnchor(geo, north, frisian)
	assert.Less(t, at[0].dist(anchor), 30.0, "on the North Sea–Frisian Sea border")
	assert.False(t, onLand(geo, b, at[0]))
	var buf bytes.Buffer
	require.NoError(t, RenderPNG(&buf, geo, b, v))

	v.Stacks[0].Border = area(t, b, "Irish Sea")
	assert.ErrorContains(t, RenderPNG(&buf, geo, b, v), "not two neighbouring seas")
}

func TestViewErrors(t *testing.T) {
	g := redux(t)
	b := g.Board
	geo := MustForBoard(b)
	for _, tc := range []struct {
		name string
		v    View
		want string
	}{
		{"bad colour", View{Stacks: []Stack{{Area: 0, Nation: "Saxons", Colour: "red", Armies: 1}}}, `mapdraw: stack 1 (Saxons) has colour "red"; want #rrggbb`},
		{"no such area", View{Stacks: []Stack{{Area: 99, Nation: "Saxons", Colour: "#D55E00"}}}, "mapdraw: stack 1 (Saxons) names area 99; the board has 43"},
		{"negative", View{Stacks: []Stack{{Area: 0, Nation: "Saxons", Colour: "#D55E00", Armies: -1}}}, "mapdraw: stack 1 (Saxons) has a negative count"},
		{"bad move", View{Moves: []Arrow{{From: 0, To: -3, Colour: "#D55E00"}}}, "mapdraw: move 1 names area -3; the board has 43"},
		{"bad battle", View{Battles: []games.AreaID{43}}, "mapdraw: a battle names area 43; the board has 43"},
		{"bad ring", View{Stacks: []Stack{{Area: 0, Nation: "Saxons", Colour: "#D55E00", Ring: "blue", Armies: 1}}}, `mapdraw: stack 1 (Saxons) has ring colour "blue"; want #rrggbb`},
		{"bad player colour", View{Players: []Player{{Label: "Red (Bob)", Colour: "#12345"}}}, `mapdraw: player 1 (Red (Bob)) has colour "#12345"; want #rrggbb`},
		{"bad nation colour", View{Nations: []Nation{{Name: "Saxons", Colour: ""}}}, `mapdraw: nation Saxons has colour ""; want #rrggbb`},
		{"no such player", View{Players: []Player{{Label: "Red", Colour: "#D55E00"}}, Nations: []Nation{{Name: "Saxons", Colour: "#dd66aa", Player: 2}}}, "mapdraw: nation Saxons has player 2; the view has 1"},
		{"no such round", View{Timeline: &Timeline{Rounds: []Round{{Label: "I"}}, Current: 1}}, "mapdraw: the Timeline's current round is 1; it has 1 rounds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			assert.EqualError(t, RenderPNG(&buf, geo, b, &tc.v), tc.want)
			assert.EqualError(t, RenderSVG(&buf, geo, b, &tc.v), tc.want)
		})
	}
}

func TestContrastText(t *testing.T) {
	for hex, want := range map[string]string{
		"#E69F00": inkColour, "#D55E00": inkColour, "#0072B2": paperColour, "#009E73": inkColour,
		"#CC79A7": inkColour, "#56B4E9": inkColour, "#F0E442": inkColour, "#000000": paperColour,
	} {
		c, ok := parseColour(hex)
		require.True(t, ok)
		assert.Equal(t, want, contrastText(c), hex)
	}
}

// TestConcurrentRenders: renders share the parsed fonts and the geometry
// but nothing mutable; run with -race.
func TestConcurrentRenders(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	v := earlyView(t, g)
	var want bytes.Buffer
	require.NoError(t, RenderSVG(&want, geo, g.Board, v))
	errs := make(chan error, 4)
	outs := make(chan []byte, 4)
	for range 4 {
		go func() {
			var buf bytes.Buffer
			err := RenderSVG(&buf, geo, g.Board, v)
			if err == nil {
				err = RenderPNG(&bytes.Buffer{}, geo, g.Board, v)
			}
			errs <- err
			outs <- buf.Bytes()
		}()
	}
	for range 4 {
		require.NoError(t, <-errs)
		assert.True(t, bytes.Equal(want.Bytes(), <-outs))
	}
}

// TestBattleMarksClearOfNames: a battle's mark never covers an area's or a
// sea's name (issue 14), nor another mark, even with a battle in every land
// area at once; and it stays beside its own name.
func TestBattleMarksClearOfNames(t *testing.T) {
	g := redux(t)
	b := g.Board
	geo := MustForBoard(b)
	labels := make([]Rect, len(b.Areas))
	for id := range b.Areas {
		labels[id] = labelBox(geo, b, games.AreaID(id))
	}
	names := nameBoxes(geo, b, labels)
	for _, tc := range []struct {
		name    string
		battles []games.AreaID
	}{
		{"late", lateView(t, g).Battles},
		{"every land area", func() (out []games.AreaID) {
			for id := range b.NumLand {
				out = append(out, games.AreaID(id))
			}
			return out
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marks := placeBattleMarks(geo, b, tc.battles, labels)
			require.Len(t, marks, len(tc.battles))
			var placed []Rect
			for _, id := range tc.battles {
				m := rectAround(marks[id], markSize, markSize)
				for k, n := range names {
					assert.False(t, m.overlaps(n), "the mark of %s covers name %d (%v)", b.AreaName(id), k, n)
				}
				for _, p := range placed {
					assert.False(t, m.overlaps(p), "the mark of %s covers another mark", b.AreaName(id))
				}
				placed = append(placed, m)
				assert.True(t, labels[id].grow(markSize+50).contains(marks[id]), "the mark of %s is beside its name", b.AreaName(id))
			}
		})
	}
}
