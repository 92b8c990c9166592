package mapdraw

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// The legend's sizes.
const (
	legendPad    = 10.0
	legendTitle  = 18.0 // title font size
	legendText   = 13.0 // narrative font size
	legendName   = 12.5 // a player's label
	legendChip   = 12.0 // a nation's name beside its counter
	chipR        = 7.5  // radius of a legend counter
	playerRow    = 20.0 // height of a player's row
	chipRow      = 19.0 // height of a row of nation counters
	legendKeyRow = 21.0
)

// nbsp joins words the legend must not break apart, such as a player's
// label and score; it is written as a space.
const nbsp = "\u00a0"

// buildLegend draws the legend in the geometry's legend box, growing
// downwards as far as it needs: the title, the narrative, each player with
// their colour, VP and nations' counters (or the nations alone when no
// players are given), the leaders on the board, and a key to the symbols
// the map uses. It returns the legend's operations and the box it covers.
func buildLegend(s *scene, g *Geometry, b *games.Board, v *View) ([]op, Rect) {
	box := g.Legend
	if box.W <= 0 {
		return nil, Rect{}
	}
	body := &scene{W: s.W, H: s.H, faces: s.faces}
	inner := box.W - 2*legendPad
	x, y := box.X+legendPad, box.Y+legendPad
	if strings.TrimSpace(v.Title) != "" {
		for _, t := range wrap(body, fontBold, legendTitle, v.Title, inner) {
			y += legendTitle
			body.text("legend", t, fontBold, legendTitle, Point{x, y}, 0, inkColour, "", 0)
			y += 4
		}
	}
	for _, l := range v.Legend {
		for _, t := range wrap(body, fontRegular, legendText, l, inner) {
			y += 15
			body.text("legend", t, fontRegular, legendText, Point{x, y}, 0, inkColour, "", 0)
			y += 2
		}
	}
	y = legendNations(body, v, x, y+6, inner)
	if leaders := leaderList(v); len(leaders) > 0 {
		y += 4
		for _, l := range wrap(body, fontRegular, 12, "Leaders: "+strings.Join(leaders, ", "), inner) {
			y += 14
			body.text("legend", l, fontRegular, 12, Point{x, y}, 0, inkColour, "", 0)
			y += 3
		}
	}
	keys := legendKeys(body, g, b, v)
	y += 6
	for i, k := range keys {
		c := Point{x + 10 + float64(i%2)*(inner/2), y + 10 + float64(i/2)*legendKeyRow}
		k.draw(c)
		body.text("legend", k.label, fontRegular, 12, Point{c.X + 17, c.Y + 4.3}, 0, inkColour, "", 0)
	}
	y += float64((len(keys)+1)/2)*legendKeyRow + legendPad - 2
	bg := Rect{box.X, box.Y, box.W, y - box.Y}
	ops := []op{{Kind: opPath, paint: paint{Fill: "#fbfaf6", Stroke: inkColour, Width: 1.2}, Closed: true, Group: "legend",
		Paths: [][]Point{{{bg.X, bg.Y}, {bg.X + bg.W, bg.Y}, {bg.X + bg.W, bg.Y + bg.H}, {bg.X, bg.Y + bg.H}}}}}
	return append(ops, body.Ops...), bg
}

// legendNations writes each player's row (a swatch of their colour, their
// label and their VP, which stay on one line) with their nations' counters
// under it; without players, every nation's counter. It returns the y
// below what it wrote.
func legendNations(s *scene, v *View, x, y, inner float64) float64 {
	nations := viewNations(v)
	if len(v.Players) == 0 {
		if len(nations) == 0 {
			return y
		}
		return chips(s, nations, x, y, inner)
	}
	vpW := 0.0
	for _, p := range v.Players {
		vpW = max(vpW, s.width(fontBold, legendName, vpText(p.VP)+" VP"))
	}
	for i, p := range v.Players {
		c := Point{x + chipR, y + playerRow/2}
		s.circle("legend", paint{Fill: p.Colour, Stroke: inkColour, Width: 1}, c, chipR+1)
		label := fitText(s, fontBold, legendName, p.Label, inner-vpW-2*chipR-14)
		s.text("legend", label, fontBold, legendName, Point{x + 2*chipR + 8, c.Y + 4.5}, 0, inkColour, "", 0)
		s.text("legend", vpText(p.VP)+" VP", fontBold, legendName, Point{x + inner, c.Y + 4.5}, 1, inkColour, "", 0)
		y += playerRow
		var own []keyNation
		for _, n := range nations {
			if n.Player == i+1 {
				own = append(own, n)
			}
		}
		y = chips(s, own, x+2*chipR+8, y, inner-2*chipR-8)
	}
	var none []keyNation
	for _, n := range nations {
		if n.Player == 0 {
			none = append(none, n)
		}
	}
	return chips(s, none, x, y, inner)
}

// chips writes nations' counters with their names, flowing left to right
// and never splitting a counter from its name.
func chips(s *scene, ns []keyNation, x, y, w float64) float64 {
	if len(ns) == 0 {
		return y
	}
	cx := x
	for _, n := range ns {
		cw := 2*chipR + 5 + s.width(fontRegular, legendChip, n.Name)
		if cx > x && cx+cw > x+w {
			cx, y = x, y+chipRow
		}
		c := Point{cx + chipR, y + chipRow/2}
		drawDisc(s, "legend", c, chipR+1, n.Colour, n.ring)
		s.text("legend", n.Name, fontRegular, legendChip, Point{cx + 2*chipR + 5, c.Y + 4.2}, 0, inkColour, "", 0)
		cx += cw + 11
	}
	return y + chipRow
}

// keyNation is a nation with the ring its counters wear: its player's
// colour, or none.
type keyNation struct {
	Nation
	ring string
}

// viewNations are the nations the legend and the strip show, each with its
// player's colour: View.Nations, or the nations of the stacks in order of
// first appearance when the view lists none.
func viewNations(v *View) []keyNation {
	var out []keyNation
	if len(v.Nations) > 0 {
		for _, n := range v.Nations {
			k := keyNation{Nation: n}
			if n.Player > 0 {
				k.ring = v.Players[n.Player-1].Colour
			}
			out = append(out, k)
		}
		return out
	}
	seen := map[string]bool{}
	for _, st := range v.Stacks {
		if seen[st.Nation] {
			continue
		}
		seen[st.Nation] = true
		out = append(out, keyNation{Nation{Name: st.Nation, Tag: stackTag(st), Colour: st.Colour}, st.Ring})
	}
	return out
}

// vpText writes victory points: 61, or 3.5 where halves are scored.
func vpText(vp float64) string { return strconv.FormatFloat(vp, 'f', -1, 64) }

// fitText shortens t with an ellipsis until it fits in w.
func fitText(s *scene, f fontID, size float64, t string, w float64) string {
	if s.width(f, size, t) <= w {
		return t
	}
	r := []rune(t)
	for len(r) > 1 && s.width(f, size, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

// leaderList names the leaders on the map with their initial (the mark on
// their stack) and nation.
func leaderList(v *View) []string {
	var out []string
	for _, st := range v.Stacks {
		if st.Leader != "" {
			out = append(out, initial(st.Leader)+" "+st.Leader+" ("+stackTag(st)+")")
		}
	}
	return out
}

// legendKey is one symbol of the legend's key.
type legendKey struct {
	label string
	draw  func(c Point)
}

// legendKeys are the symbols the map uses: each terrain kind that needs
// saying (every one but a plain "clear"), region borders where the board
// has regions, straits, links and borders of no passage where the drawing
// has them, and counters ringed by player, battles, cavalry and leaders
// only where the map shows one (so never cavalry or leaders in a reduX
// Core game).
func legendKeys(s *scene, g *Geometry, b *games.Board, v *View) []legendKey {
	keys := boardKeys(s, g, b)
	if len(v.Battles) > 0 {
		keys = append(keys, legendKey{"battle", func(c Point) { drawBattleMark(s, c) }})
	}
	if len(v.Roads) > 0 {
		keys = append(keys, legendKey{"Roman road", func(c Point) {
			line := []Point{{c.X - 11, c.Y}, {c.X + 11, c.Y}}
			s.path("legend", paint{Stroke: roadColour, Width: 4.2}, false, line)
			s.path("legend", paint{Stroke: roadFill, Width: 1.6}, false, line)
		}})
	}
	cavalry, leaders, ringed := false, false, Stack{}
	for _, st := range v.Stacks {
		cavalry = cavalry || st.Cavalry > 0
		leaders = leaders || st.Leader != ""
		if ringed.Ring == "" && st.Ring != "" {
			ringed = st
		}
	}
	if ringed.Ring != "" {
		keys = append(keys, legendKey{"nation; ring: player", func(c Point) {
			drawDisc(s, "legend", c, chipR+1, ringed.Colour, ringed.Ring)
		}})
	}
	if cavalry {
		keys = append(keys, legendKey{"cavalry (count)", func(c Point) {
			s.path("legend", paint{Fill: paperColour, Stroke: inkColour, Width: 1.1}, true,
				[]Point{{c.X, c.Y - 7.5}, {c.X + 7.5, c.Y}, {c.X, c.Y + 7.5}, {c.X - 7.5, c.Y}})
		}})
	}
	for _, w := range viewWorks(v) {
		keys = append(keys, legendKey{w.Name, func(c Point) {
			drawWork(s, "legend", c, workSide+1, "#e8e4da", "", w.Letter)
		}})
	}
	if leaders {
		keys = append(keys, legendKey{"leader (initial)", func(c Point) {
			s.path("legend", paint{Fill: inkColour}, true,
				[]Point{{c.X - 6, c.Y - 6}, {c.X + 6, c.Y - 6}, {c.X + 6, c.Y + 6}, {c.X - 6, c.Y + 6}})
		}})
	}
	return keys
}

// viewWorks are the kinds of works the view's stacks have, in order of
// first appearance.
func viewWorks(v *View) []Work {
	var out []Work
	for _, st := range v.Stacks {
		for _, w := range st.Works {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// boardKeys are the keys to the board itself: terrain, region borders,
// straits, links and borders of no passage.
func boardKeys(s *scene, g *Geometry, b *games.Board) []legendKey {
	var keys []legendKey
	looks := terrainLooks(b)
	for i, t := range b.Terrains {
		if !t.Difficult && t.Name == "clear" && t.Colour == "" {
			continue
		}
		label, look := t.Name, looks[i]
		if label == "difficult" {
			label = "difficult terrain"
		}
		keys = append(keys, legendKey{label, func(c Point) {
			sq := [][]Point{{{c.X - 10, c.Y - 8}, {c.X + 10, c.Y - 8}, {c.X + 10, c.Y + 8}, {c.X - 10, c.Y + 8}}}
			s.path("legend", paint{Fill: look.fill(0), Stroke: borderColour, Width: 0.8}, true, sq...)
			if !math.IsNaN(look.hatchA) {
				s.path("legend", paint{Stroke: hatchColour, Width: 0.9}, false, hatchAt(sq, hatchGap, look.hatchA)...)
			}
		}})
	}
	if len(b.Regions) > 1 {
		keys = append(keys, legendKey{"region border", func(c Point) {
			s.path("legend", paint{Stroke: regionColour, Width: 2.8}, false, []Point{{c.X - 10, c.Y}, {c.X + 10, c.Y}})
		}})
	}
	if len(g.Straits) > 0 {
		keys = append(keys, legendKey{"strait", func(c Point) {
			drawArrow(s, "legend", []Point{{c.X - 11, c.Y}, {c.X + 11, c.Y}}, straitColour, "", 1.6, 6, true, []float64{4, 3})
		}})
	}
	if len(g.Links) > 0 {
		keys = append(keys, legendKey{"link", func(c Point) {
			drawArrow(s, "legend", []Point{{c.X - 11, c.Y}, {c.X + 11, c.Y}}, linkColour, "", 1.6, 6, true, []float64{2, 3})
		}})
	}
	for _, bd := range g.Borders {
		if bd.Unlinked && bd.Kind != SeaBorder && bd.Length >= MinBorder/2 {
			keys = append(keys, legendKey{"no passage", func(c Point) {
				s.path("legend", paint{Stroke: barrierColour, Width: 3.2, Dash: []float64{3, 3}}, false, []Point{{c.X - 10, c.Y}, {c.X + 10, c.Y}})
			}})
			break
		}
	}
	return keys
}
