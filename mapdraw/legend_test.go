package mapdraw

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
)

// textOps are the scene's texts of a group, by their words.
func textOps(s *scene, group string) map[string][]op {
	out := map[string][]op{}
	for _, o := range s.Ops {
		if o.Kind == opText && o.Group == group {
			out[o.Text] = append(out[o.Text], o)
		}
	}
	return out
}

// TestLegendPlayers: the legend names every player beside a swatch of
// their colour with their VP on the same line, right of the name, even
// when the name is too long for the line (issue 14: "VP by player without
// breaking a pair across lines"); each of their nations gets a counter in
// its colour ringed in the player's.
func TestLegendPlayers(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	v := lateView(t, g)
	v.Players[1].Label = "Red (Bartholomew Fitzwilliam-Montgomery of Shrewsbury)"
	s, err := buildScene(geo, g.Board, v)
	require.NoError(t, err)
	texts := textOps(s, "legend")
	for _, p := range v.Players {
		vp := texts[vpText(p.VP)+" VP"]
		require.Len(t, vp, 1, p.Label)
		var label *op
		for k, ops := range texts {
			if k == p.Label || (strings.HasSuffix(k, "…") && strings.HasPrefix(p.Label, strings.TrimSuffix(k, "…"))) {
				label = &ops[0]
			}
		}
		require.NotNil(t, label, "%s is in the legend", p.Label)
		assert.Equal(t, label.At.Y, vp[0].At.Y, "%s and their VP share a line", p.Label)
		right := label.At.X + s.width(label.Font, label.Size, label.Text)
		left := vp[0].At.X - s.width(vp[0].Font, vp[0].Size, vp[0].Text)
		assert.Less(t, right, left, "%s ends before their VP", p.Label)
		assert.LessOrEqual(t, vp[0].At.X, geo.Legend.X+geo.Legend.W, "the VP is inside the legend")
		found := false
		for _, o := range s.Ops {
			if o.Kind == opCircle && o.Group == "legend" && o.Fill == p.Colour && o.C.Y < label.At.Y && o.C.Y > label.At.Y-20 {
				found = true
			}
		}
		assert.True(t, found, "%s has a swatch of %s on their line", p.Label, p.Colour)
	}
	for _, n := range v.Nations {
		require.Len(t, texts[n.Name], 1, "%s is in the legend once", n.Name)
		ring, disc := false, false
		for _, o := range s.Ops {
			near := o.Kind == opCircle && o.Group == "legend" && o.C.Y < texts[n.Name][0].At.Y && o.C.Y > texts[n.Name][0].At.Y-15 && o.C.X < texts[n.Name][0].At.X && o.C.X > texts[n.Name][0].At.X-25
			ring = ring || (near && o.Fill == v.Players[n.Player-1].Colour)
			disc = disc || (near && o.Fill == n.Colour)
		}
		assert.True(t, ring && disc, "%s's counter in the legend: its colour in its player's ring", n.Name)
	}
}

// TestLegendKeys: the key shows only the symbols the map uses (issue 14):
// no cavalry or leader key on a reduX Core map, both when a stack has them;
// a battle's key only with a battle.
func TestLegendKeys(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	core := earlyView(t, g)
	s, err := buildScene(geo, g.Board, core)
	require.NoError(t, err)
	texts := textOps(s, "legend")
	for _, k := range []string{"difficult terrain", "region border", "strait"} {
		assert.Contains(t, texts, k)
	}
	assert.NotContains(t, texts, "battle", "no battle on the map")
	assert.Contains(t, texts, "nation; ring: player", "counters ringed by player")
	assert.NotContains(t, texts, "cavalry (count)")
	assert.NotContains(t, texts, "leader (initial)")

	s, err = buildScene(geo, g.Board, lateView(t, g))
	require.NoError(t, err)
	texts = textOps(s, "legend")
	assert.Contains(t, texts, "battle")

	s, err = buildScene(geo, g.Board, emptyView())
	require.NoError(t, err)
	assert.NotContains(t, textOps(s, "legend"), "nation; ring: player", "no counters, no key to them")
	assert.Contains(t, texts, "cavalry (count)")
	assert.Contains(t, texts, "leader (initial)")
}

// TestLegendCoversNoCounter: the legend grows with what it lists, and no
// counter stands under it.
func TestLegendCoversNoCounter(t *testing.T) {
	g := redux(t)
	b := g.Board
	geo := MustForBoard(b)
	v := lateView(t, g)
	s := &scene{W: geo.Width, H: geo.Height, faces: faceCache{}}
	_, box := buildLegend(s, geo, b, v)
	assert.Greater(t, box.H, geo.Legend.H, "four players' rows make the legend taller than its box")
	labels := make([]Rect, len(b.Areas))
	for id := range b.Areas {
		labels[id] = labelBox(geo, b, games.AreaID(id))
	}
	at := layoutStacks(geo, b, v, append(labels, box))
	for i, st := range v.Stacks {
		assert.False(t, footprint(st, at[i]).overlaps(box), "%s in %s is under the legend", st.Nation, b.AreaName(st.Area))
	}
}

// TestStrip: with a Timeline the map grows a strip under the board with
// the rounds (the current one dark), each nation's population track with
// its marker's cell dark (reduX Core 5.1), and a bar for each player's VP
// as long as their share of the most.
func TestStrip(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	v := lateView(t, g)
	s, err := buildScene(geo, g.Board, v)
	require.NoError(t, err)
	assert.Equal(t, geo.Height+stripHeight(v), s.H)
	texts := textOps(s, "strip")
	for i, r := range g.Tables.Rounds {
		require.Len(t, texts[r.Label], 1, r.Label)
		want := inkColour
		if i == 11 {
			want = paperColour
		}
		assert.Equal(t, want, texts[r.Label][0].Fill, "round %s", r.Label)
	}
	for _, k := range []string{"Timeline", "Population", "Victory points"} {
		assert.Contains(t, texts, k)
	}
	// The bars: the longest is the most VP's, the others in proportion.
	widths := map[string]float64{}
	for _, o := range s.Ops {
		if o.Kind == opPath && o.Group == "strip" && len(o.Paths) == 1 && len(o.Paths[0]) == 4 && o.Stroke == inkColour {
			for _, p := range v.Players {
				if o.Fill == p.Colour {
					widths[p.Label] = o.Paths[0][1].X - o.Paths[0][0].X
				}
			}
		}
	}
	require.Len(t, widths, len(v.Players))
	most := widths["Red (Bob)"]
	for _, p := range v.Players {
		assert.InDelta(t, p.VP/74, widths[p.Label]/most, 0.001, p.Label)
	}
	// Population markers: each nation's value in a box, in play order, in
	// letters as large as the strip's headings (issue 21: boxes of 4 px).
	var pops []string
	for _, o := range s.Ops {
		if o.Kind == opText && o.Group == "strip" && o.Size == 12 && regexp.MustCompile(`^\d+$`).MatchString(o.Text) {
			pops = append(pops, o.Text)
		}
	}
	var want []string
	for _, n := range v.Nations {
		want = append(want, strconv.Itoa(n.Pop))
	}
	assert.Equal(t, want, pops)

	bare, err := buildScene(geo, g.Board, emptyView())
	require.NoError(t, err)
	assert.Equal(t, geo.Height, bare.H, "no strip without players or a Timeline")
}

// TestWrapKeepsPairs: a legend line wraps at spaces but never at a
// no-break space, so "SX 12" is never split across lines (issue 14), and
// the no-break space is written as a plain space.
func TestWrapKeepsPairs(t *testing.T) {
	s := &scene{faces: faceCache{}}
	text := "VP: RB" + nbsp + "12, WE" + nbsp + "7, BR" + nbsp + "30, CA" + nbsp + "4, PI" + nbsp + "9, IR" + nbsp + "11"
	lines := wrap(s, fontRegular, legendText, text, 70)
	require.Greater(t, len(lines), 2, "a narrow legend wraps: %q", lines)
	var words []string
	for _, l := range lines {
		assert.NotContains(t, l, nbsp)
		assert.LessOrEqual(t, s.width(fontRegular, legendText, l), 70.0, "%q fits", l)
		words = append(words, strings.Fields(l)...)
	}
	for i, w := range words {
		if strings.HasSuffix(w, ",") || w == "VP:" {
			continue
		}
		if regexp.MustCompile(`^[A-Z]{2}$`).MatchString(w) {
			require.Less(t, i+1, len(words))
			assert.Regexp(t, `^\d+,?$`, words[i+1], "%s keeps its VP", w)
		}
	}
	for _, l := range lines {
		f := strings.Fields(l)
		assert.NotRegexp(t, `^\d`, f[0], "a line starts with a number: %q", lines)
	}
}

// TestRoads: a view's roads are drawn in their own layer, a red-brown
// line with a pale centre, from the fort counter of one area through the
// border the two areas share to the other's fort (issue 21: lines from
// name to name made a web), and keyed in the legend as "Roman road" (seed
// 002 §5 Roman Roads); a view without roads has neither.
func TestRoads(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	v := lateView(t, g)
	s, err := buildScene(geo, g.Board, v)
	require.NoError(t, err)
	assert.Empty(t, textOps(s, "legend")["Roman road"])
	kent, _ := g.Board.Lookup("Kent")
	essex, _ := g.Board.Lookup("Essex")
	v.Roads = [][2]games.AreaID{{essex, kent}}
	fort := []Work{{Letter: "F", Name: "fort"}}
	v.Stacks = append(v.Stacks, Stack{Area: kent, Nation: "Romans", Colour: "#007700", Tag: "RO", Works: fort},
		Stack{Area: essex, Nation: "Romans", Colour: "#007700", Tag: "RO", Armies: 2, Works: fort})
	s, err = buildScene(geo, g.Board, v)
	require.NoError(t, err)
	var lines [][]Point
	var centres int
	for _, o := range s.Ops {
		if o.Kind == opPath && o.Group == "roads" {
			switch o.Stroke {
			case roadColour:
				lines = append(lines, o.Paths...)
			case roadFill:
				centres++
			}
		}
	}
	require.Len(t, lines, 1, "one road")
	assert.Equal(t, 1, centres, "with one pale centre")
	road := lines[0]
	require.Len(t, road, 3)
	on, ok := sharedBorderPoint(geo, essex, kent, road[1])
	require.True(t, ok)
	assert.InDelta(t, 0, on.dist(road[1]), 1e-9, "the road crosses the Essex-Kent border")
	assert.True(t, InRings(road[0], geo.Shape(essex).Rings) && InRings(road[2], geo.Shape(kent).Rings), "from fort to fort: %v", road)
	assert.Len(t, textOps(s, "legend")["Roman road"], 1)
}

// TestTimelineMayScore: a scoring round has a solid dot, a round a die
// may still let score (Hy Breasil 11, option random-scoring) a hollow
// ring, a round the die passed over neither; the strip's key names the
// kinds of mark it shows.
func TestTimelineMayScore(t *testing.T) {
	g := redux(t)
	geo := MustForBoard(g.Board)
	v := lateView(t, g)
	v.Timeline = &Timeline{Current: 1, Rounds: []Round{
		{Label: "1", Scoring: true}, {Label: "2"}, {Label: "3", MayScore: true}, {Label: "4", MayScore: true}, {Label: "5", Scoring: true},
	}}
	s, err := buildScene(geo, g.Board, v)
	require.NoError(t, err)
	solid, hollow := 0, 0
	for _, o := range s.Ops {
		if o.Kind != opCircle || o.Group != "strip" {
			continue
		}
		switch {
		case o.Fill == scoringMark:
			solid++
		case o.Stroke == scoringMark:
			hollow++
		}
	}
	assert.Equal(t, 2+1, solid, "two scoring rounds and the key's dot")
	assert.Equal(t, 2+1, hollow, "two rounds that may score and the key's ring")
	texts := textOps(s, "strip")
	assert.Contains(t, texts, "scoring round")
	assert.Contains(t, texts, "may score")

	v.Timeline.Rounds = []Round{{Label: "1", Scoring: true}, {Label: "2", Scoring: true}}
	s, err = buildScene(geo, g.Board, v)
	require.NoError(t, err)
	assert.NotContains(t, textOps(s, "strip"), "may score", "no key for a mark the strip does not show")
}
