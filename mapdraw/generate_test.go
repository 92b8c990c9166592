package mapdraw

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
)

// checkDrawn fails t where a drawing hides or invents a link (reduX Core 6:
// the picture never contradicts the board): every area and sea has water
// or land of its own with its name on it, every strait has its arrow,
// every other link is a border of MinBorder or an arrow, and every border
// between areas that are not linked over it is marked as no passage.
func checkDrawn(t *testing.T, g *Geometry, b *games.Board) {
	t.Helper()
	require.Len(t, g.Shapes, len(b.Areas))
	n := len(b.Areas)
	shared := make([]float64, n*n)
	for _, bd := range g.Borders {
		if bd.B == games.NoArea {
			continue
		}
		shared[int(bd.A)*n+int(bd.B)] += bd.Length
		shared[int(bd.B)*n+int(bd.A)] += bd.Length
		linked, strait := b.Adjacent(bd.A, bd.B)
		assert.Equal(t, !linked || strait, bd.Unlinked, "%s–%s: unlinked mark", b.AreaName(bd.A), b.AreaName(bd.B))
	}
	arrow := map[[2]games.AreaID]bool{}
	for _, s := range g.Straits {
		arrow[[2]games.AreaID{min(s.A, s.B), max(s.A, s.B)}] = true
	}
	for _, l := range g.Links {
		arrow[[2]games.AreaID{min(l.A, l.B), max(l.A, l.B)}] = true
	}
	for id := range b.Areas {
		sh := g.Shapes[id]
		name := b.AreaName(games.AreaID(id))
		area := 0.0
		for _, r := range sh.Rings {
			area += ringArea(r)
		}
		assert.Greater(t, area, 50.0, "%s has room on the map", name)
		assert.True(t, InRings(sh.Label, sh.Rings), "%s: its name is on it", name)
		for _, e := range b.Edges(games.AreaID(id)) {
			if games.AreaID(id) > e.To {
				continue
			}
			k := [2]games.AreaID{games.AreaID(id), e.To}
			if e.Kind == games.StraitLink {
				assert.True(t, arrow[k], "strait %s–%s has an arrow", name, b.AreaName(e.To))
			} else {
				assert.True(t, shared[id*n+int(e.To)] >= MinBorder || arrow[k], "link %s–%s is drawn", name, b.AreaName(e.To))
			}
		}
	}
	checkSeaNames(t, g, b)
}

// checkSeaNames fails t where a sea's name is written twice in one piece
// of its water: a reader would take the piece for two seas.
func checkSeaNames(t *testing.T, g *Geometry, b *games.Board) {
	t.Helper()
	for id := b.NumLand; id < len(b.Areas); id++ {
		sh := g.Shapes[id]
		seen := map[int]bool{}
		for _, at := range append([]Point{sh.Label}, sh.More...) {
			for k, r := range sh.Rings {
				if ringArea(r) > 0 && InRings(at, [][]Point{r}) {
					assert.False(t, seen[k], "%s is named twice in one piece of its water", b.AreaName(games.AreaID(id)))
					seen[k] = true
				}
			}
		}
	}
}

// TestSeaNamedOnce: on the boards pbem ships, every sea's name is written
// once in each piece of its water; Hy Breasil's Sound of Gulls, one piece
// from the Amber Sea round to the Southern Reach, once in all (its
// counters sit under its name).
func TestSeaNamedOnce(t *testing.T) {
	for _, name := range []string{"hy-breasil", "britannia", "redux"} {
		g := games.MustLoad(name)
		geo := MustForBoard(g.Board)
		checkSeaNames(t, geo, g.Board)
		s, err := buildScene(geo, g.Board, &View{})
		require.NoError(t, err)
		texts := textOps(s, "seas")
		for id := g.Board.NumLand; id < len(g.Board.Areas); id++ {
			sea := g.Board.AreaName(games.AreaID(id))
			if !g.Board.Area(games.AreaID(id)).Inland {
				assert.Len(t, texts[sea], 1+len(geo.Shapes[id].More), "%s: %s", name, sea)
			}
		}
		if name == "hy-breasil" {
			assert.Len(t, texts["Sound of Gulls"], 1)
		}
	}
}

var svgText = regexp.MustCompile(`<text [^>]*>([^<]*)</text>`)

func render(t *testing.T, g *Geometry, b *games.Board) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, RenderSVG(&buf, g, b, &View{Title: b.Name}))
	return buf.String()
}

// TestGenerateExamples draws the example boards of docs/boards from their
// centres and checks what the maps show.
func TestGenerateExamples(t *testing.T) {
	for _, name := range []string{"skerries.yaml", "hy-breasil-sketch.yaml"} {
		t.Run(name, func(t *testing.T) {
			b := exampleBoard(t, name)
			g, err := ForBoard(b)
			require.NoError(t, err)
			assert.Equal(t, GeneratedSource, g.Source)
			checkDrawn(t, g, b)
			svg := render(t, g, b)
			var texts []string
			for _, m := range svgText.FindAllStringSubmatch(svg, -1) {
				texts = append(texts, m[1])
			}
			all := strings.Join(texts, " ")
			for _, a := range b.Areas {
				assert.True(t, strings.Contains(all, a.Name), "the map names %s", a.Name)
			}
			again, err := Generate(b)
			require.NoError(t, err)
			assert.Equal(t, svg, render(t, again, b), "the same board gives the same map")
		})
	}
	// The small board is drawn in full agreement: every link a border or
	// a strait's arrow, the lake between its three shores.
	b := exampleBoard(t, "skerries.yaml")
	g := MustForBoard(b)
	assert.Empty(t, g.Disagreements(b))
	assert.Empty(t, g.Links)
	// The big one keeps its mountain walls as borders of no passage
	// (no sea runs between areas that share none).
	b = exampleBoard(t, "hy-breasil-sketch.yaml")
	g = MustForBoard(b)
	walls := map[string]bool{}
	for _, bd := range g.Borders {
		if bd.Unlinked && b.IsLand(bd.A) && bd.B != games.NoArea && b.IsLand(bd.B) && bd.Length >= MinBorder {
			walls[b.AreaName(bd.A)+"–"+b.AreaName(bd.B)] = true
		}
	}
	assert.True(t, walls["Coill Dorcha–Sliabh Bán"] || walls["Sliabh Bán–Coill Dorcha"], "walls: %v", walls)
	assert.True(t, walls["Fiodh–Déise"] || walls["Déise–Fiodh"], "walls: %v", walls)
}

// TestEditedBritannia: a GM's copy of the Britannia board under the same
// name is drawn with the Britannia drawing; a link the drawing lacks gets
// an arrow and a link taken away leaves a border of no passage. Under
// another name the board is drawn from its centres.
func TestEditedBritannia(t *testing.T) {
	data := string(games.MustLookup("redux").DefaultBoard())
	data = strings.Replace(data, "  - [Kent, Sussex]\n", "  - [Kent, Suffolk, strait]\n", 1)
	r := games.MustLookup("redux")
	g, err := r.LoadFiles(nil, &games.File{Name: "house.yaml", Data: []byte(data)}, nil)
	require.NoError(t, err)
	geo, err := ForBoard(g.Board)
	require.NoError(t, err)
	assert.Contains(t, geo.Source, "Natural Earth")
	checkDrawn(t, geo, g.Board)
	kent, _ := g.Board.Lookup("Kent")
	sussex, _ := g.Board.Lookup("Sussex")
	found := false
	for _, bd := range geo.Borders {
		if (bd.A == kent && bd.B == sussex) || (bd.A == sussex && bd.B == kent) {
			found = bd.Unlinked
		}
	}
	assert.True(t, found, "Kent–Sussex is drawn as no passage")

	renamed := strings.Replace(data, "name: britannia\n", "name: albion\n", 1)
	g, err = r.LoadFiles(nil, &games.File{Name: "albion.yaml", Data: []byte(renamed)}, nil)
	require.NoError(t, err)
	assert.Nil(t, g.Board.Drawing)
	geo, err = ForBoard(g.Board)
	require.NoError(t, err)
	assert.Equal(t, GeneratedSource, geo.Source)
	checkDrawn(t, geo, g.Board)
}

type randPt struct{ x, y float64 }

// gabriel links two points when no other lies in the circle on them as
// diameter: a planar graph, as a map's is; in order.
func gabriel(ps []randPt) [][2]int {
	var out [][2]int
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			mx, my := (ps[i].x+ps[j].x)/2, (ps[i].y+ps[j].y)/2
			rr := math.Hypot(ps[i].x-ps[j].x, ps[i].y-ps[j].y) / 2
			ok := true
			for k := range ps {
				if k != i && k != j && math.Hypot(ps[k].x-mx, ps[k].y-my) <= rr {
					ok = false
				}
			}
			if ok {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// randomCoasts makes coastal the points farthest out in their direction
// from the middle, on the sea of that direction and sometimes the next.
func randomCoasts(ps []randPt, seas int, r *rand.Rand) map[int][]int {
	coast := map[int][]int{}
	for i, p := range ps {
		a := math.Atan2(p.y-5, p.x-5)
		far := true
		for j, q := range ps {
			if j != i && math.Hypot(q.x-5, q.y-5) > math.Hypot(p.x-5, p.y-5) && math.Abs(math.Remainder(math.Atan2(q.y-5, q.x-5)-a, 2*math.Pi)) < 0.35 {
				far = false
			}
		}
		if far {
			k := int((a+math.Pi)/(2*math.Pi)*float64(seas)) % seas
			coast[i] = []int{k}
			if seas > 1 && r.IntN(3) == 0 {
				coast[i] = append(coast[i], (k+1)%seas)
			}
		}
	}
	if len(coast) == 0 {
		coast[0] = []int{0}
	}
	return coast
}

// randomBoard writes a random valid board file: points scattered in a
// square and linked as gabriel says, one in twelve links a strait, the
// outer areas coastal (randomCoasts) on up to five seas, up to two inland
// seas among three areas that meet. Half the boards give at: positions;
// half list neighbours per area.
func randomBoard(seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 7))
	n, seas := 5+r.IntN(30), 1+r.IntN(5)
	ps := make([]randPt, n)
	for i := range ps {
		ps[i] = randPt{r.Float64() * 10, r.Float64() * 10}
	}
	keys := gabriel(ps)
	coast := randomCoasts(ps, seas, r)
	name := func(i int) string { return fmt.Sprintf("Area %c%d", 'A'+rune(i%26), i) }
	seaName := func(k int) string { return fmt.Sprintf("Sea %d", k+1) }
	withAt, perArea := r.IntN(2) == 0, r.IntN(2) == 0
	next := make([][]string, n+seas) // per-area lists, land then seas
	var links []string
	linked := map[[2]int]bool{}
	for _, k := range keys {
		linked[k] = true
		if r.IntN(12) == 0 || !perArea {
			kind := map[bool]string{true: ", strait"}[r.IntN(12) == 0]
			links = append(links, fmt.Sprintf("  - [%s, %s%s]\n", name(k[0]), name(k[1]), kind))
			continue
		}
		next[k[0]], next[k[1]] = append(next[k[0]], name(k[1])), append(next[k[1]], name(k[0]))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "name: random-%d\nterrain:\n  - {name: plains}\n  - {name: hills, difficult: true}\nareas:\n", seed)
	usedSea := make([]bool, seas)
	for i := range n {
		fmt.Fprintf(&sb, "  - name: %s\n    terrain: %s\n", name(i), []string{"plains", "hills"}[r.IntN(2)])
		if withAt {
			fmt.Fprintf(&sb, "    at: [%.2f, %.2f]\n", ps[i].x, ps[i].y)
		}
		var ss []string
		for _, k := range coast[i] {
			ss, usedSea[k] = append(ss, seaName(k)), true
			if perArea {
				next[n+k] = append(next[n+k], name(i))
			}
		}
		writeList(&sb, "seas", ss)
		writeList(&sb, "next", next[i])
	}
	sb.WriteString("seas:\n")
	for k := range seas {
		if usedSea[k] {
			fmt.Fprintf(&sb, "  - name: %s\n", seaName(k))
			writeList(&sb, "next", next[n+k])
		}
	}
	lakes := 0 // where three areas meet
	for _, k := range keys {
		for c := k[1] + 1; c < n && lakes < 2 && r.IntN(4) == 0; c++ {
			if linked[[2]int{k[0], c}] && linked[[2]int{k[1], c}] {
				lakes++
				fmt.Fprintf(&sb, "  - {name: Lake %d, inland: true}\n", lakes)
				for _, a := range []int{k[0], k[1], c} {
					links = append(links, fmt.Sprintf("  - [%s, Lake %d]\n", name(a), lakes))
				}
			}
		}
	}
	if len(links) > 0 {
		sb.WriteString("links:\n" + strings.Join(links, ""))
	}
	return sb.String()
}

func writeList(sb *strings.Builder, key string, names []string) {
	if len(names) > 0 {
		fmt.Fprintf(sb, "    %s: [%s]\n", key, strings.Join(names, ", "))
	}
}

// TestRandomBoardsDraw is the property test of drawing from centres:
// random valid boards load, draw, show every link and render to the same
// bytes twice. PBEM_RANDOM_BOARDS=N draws N boards instead of 30.
func TestRandomBoardsDraw(t *testing.T) {
	cases := 30
	if testing.Short() {
		cases = 5
	}
	if n, err := strconv.Atoi(os.Getenv("PBEM_RANDOM_BOARDS")); err == nil && n > 0 {
		cases = n
	}
	drawn := 0
	for seed := range uint64(cases) {
		text := randomBoard(seed)
		b, err := games.ParseBoard("random.yaml", []byte(text))
		if err != nil {
			// A random graph may fall apart (a strait's island alone); the
			// loader says so, and the case is not a board.
			require.Contains(t, err.Error(), "parts that no link joins", "seed %d:\n%s", seed, text)
			continue
		}
		g, err := Generate(b)
		require.NoError(t, err, "seed %d:\n%s", seed, text)
		checkDrawn(t, g, b)
		again, err := Generate(b)
		require.NoError(t, err)
		if a, c := render(t, g, b), render(t, again, b); a != c {
			t.Errorf("seed %d: two maps of one board differ", seed)
		}
		drawn++
	}
	t.Logf("%d of %d random boards drawn", drawn, cases)
	assert.GreaterOrEqual(t, drawn, cases*2/3, "most random boards are boards")
}

// TestGeneratedSeasRead: on a map drawn from centres each sea reads as a
// body of water of its own, named by its coasts, and water off the board
// reads as neither land nor sea (issue 22): every outer sea has a tint of
// seaTints, unlike every sea its water meets (and unlike every other sea
// while there are tints enough); its water is filled with it and its name
// haloed with it; its name stands nearer one of its own coasts than any
// land area that does not border it; the water beside land that borders
// no sea is drawn off the board, pale and hatched, and named so.
func TestGeneratedSeasRead(t *testing.T) {
	for _, name := range []string{"skerries.yaml", "skerries-inland-cragmoor", "hy-breasil-sketch.yaml", "hy-breasil"} {
		t.Run(name, func(t *testing.T) {
			b := exampleBoard(t, name)
			g, err := Generate(b)
			require.NoError(t, err)
			s, err := buildScene(g, b, &View{})
			require.NoError(t, err)
			fills := map[string]bool{}
			for _, o := range s.Ops {
				if o.Kind == opPath && o.Group == "sea" && o.Fill != "" {
					fills[o.Fill] = true
				}
			}
			texts := textOps(s, "seas")
			outer := 0
			for id := b.NumLand; id < len(b.Areas); id++ {
				if !b.Area(games.AreaID(id)).Inland {
					outer++
				}
			}
			seen := map[string]string{}
			for id := b.NumLand; id < len(b.Areas); id++ {
				sea, sh := games.AreaID(id), g.Shapes[id]
				if b.Area(sea).Inland {
					continue
				}
				name := b.AreaName(sea)
				assert.Contains(t, seaTints, sh.Fill, "%s has a sea's tint", name)
				assert.True(t, fills[sh.Fill], "%s: its water is filled with its tint", name)
				if other, dup := seen[sh.Fill]; dup && outer <= len(seaTints) {
					t.Errorf("%s and %s have one tint though there are tints enough", other, name)
				}
				seen[sh.Fill] = name
				for _, bd := range g.Borders {
					if bd.Kind == SeaBorder && (bd.A == sea || bd.B == sea) && bd.B != games.NoArea {
						other := bd.A + bd.B - sea
						assert.NotEqual(t, sh.Fill, g.Shapes[other].Fill, "%s and %s meet and have one tint", name, b.AreaName(other))
					}
				}
				for _, o := range texts[name] {
					assert.Equal(t, sh.Fill, o.Halo, "%s: its name is haloed in its tint", name)
				}
				assert.True(t, byOwnCoast(g, b, sea, sh.Label), "%s: its name stands by its own coasts", name)
			}
			for _, c := range g.Context {
				assert.True(t, c.OffBoard, "%s: a drawing from centres has only water off the board beyond it", c.Name)
			}
			if name != "skerries-inland-cragmoor" {
				return
			}
			require.Len(t, g.Context, 1, "Cragmoor borders no sea: water off the board beside it")
			require.NotNil(t, g.Context[0].Label)
			assert.Len(t, textOps(s, "context")[offBoardName], 1, "the water off the board is named so")
			drawn := false
			for _, o := range s.Ops {
				if o.Kind == opPath && o.Group == "context" && o.Fill != "" {
					drawn = true
					assert.Equal(t, offBoardFill, o.Fill)
					assert.NotContains(t, append(append(append([]string{contextFill}, regionFills...), difficultFills...), extraFills...), o.Fill, "water off the board is not filled as land")
				}
			}
			assert.True(t, drawn)
		})
	}
}

// byOwnCoast reports whether point p is nearer the centre of a land area
// that borders the sea than that of any land area that does not.
func byOwnCoast(g *Geometry, b *games.Board, sea games.AreaID, p Point) bool {
	own, other := math.Inf(1), math.Inf(1)
	for id := range b.NumLand {
		d := g.Shapes[id].Label.dist(p)
		if linked, _ := b.Adjacent(games.AreaID(id), sea); linked {
			own = math.Min(own, d)
		} else {
			other = math.Min(other, d)
		}
	}
	return own < other
}
