package mapdraw

import "strconv"

// The strip under the board (issue 14): the Timeline's rounds with the
// current one marked, each nation's population track, and the victory
// points by player.

const (
	stripPad     = 8.0
	stripLabelW  = 96.0 // the column of the rows' names
	timelineRowH = 44.0
	vpRowH       = 15.0
	pastFill     = "#e4e1d8"
	gridColour   = "#8a8478"
	scoringMark  = "#9b6a00"
	absentFill   = "#dcdad4"
)

// stripHeight is the height of the strip a view has: none without players
// or a Timeline.
func stripHeight(v *View) float64 {
	if v.Timeline == nil && len(v.Players) == 0 {
		return 0
	}
	h := 2 * stripPad
	if v.Timeline != nil {
		h += timelineRowH
	}
	return h + lowerRowHeight(v)
}

// lowerRowHeight is the height of the population tracks and VP row.
func lowerRowHeight(v *View) float64 {
	return max(46, 24+vpRowH*float64(len(v.Players)))
}

// drawStrip draws the strip under the board at the scene's bottom.
func drawStrip(s *scene, g *Geometry, v *View) {
	h := stripHeight(v)
	if h == 0 {
		return
	}
	y := g.Height
	s.path("strip", paint{Fill: paperColour}, true, []Point{{0, y}, {s.W, y}, {s.W, y + h}, {0, y + h}})
	s.path("strip", paint{Stroke: inkColour, Width: 1.5}, false, []Point{{0, y}, {s.W, y}})
	y += stripPad
	if v.Timeline != nil {
		drawTimeline(s, v.Timeline, y)
		y += timelineRowH
	}
	split := s.W * 0.62
	if v.Timeline != nil && v.Timeline.TrackMax > 0 {
		drawPopulation(s, v, y, split-16)
	} else {
		split = 0
	}
	drawVP(s, v, split, y)
}

// drawTimeline writes the rounds in a row: those past shaded, the current
// one dark, a scoring round marked with a dot (reduX Core 1.3.1, 3), a
// round a die may still let score with a ring (Hy Breasil 11).
func drawTimeline(s *scene, t *Timeline, y float64) {
	scoring, may := false, false
	for _, r := range t.Rounds {
		may = may || (r.MayScore && !r.Scoring)
	}
	titleY := y + 17
	if may {
		titleY = y + 11 // room for two lines of key
	}
	s.text("strip", "Timeline", fontBold, 12, Point{14, titleY}, 0, inkColour, "", 0)
	if len(t.Rounds) == 0 {
		return
	}
	x0 := stripLabelW + 4
	cw := (s.W - x0 - 14) / float64(len(t.Rounds))
	for i, r := range t.Rounds {
		x := x0 + float64(i)*cw
		fill, ink, years := paperColour, inkColour, "#4a4540"
		switch {
		case i == t.Current:
			fill, ink, years = inkColour, paperColour, paperColour
		case t.Current >= 0 && i < t.Current:
			fill = pastFill
		}
		s.path("strip", paint{Fill: fill, Stroke: gridColour, Width: 1}, true,
			[]Point{{x + 1, y}, {x + cw - 2, y}, {x + cw - 2, y + 34}, {x + 1, y + 34}})
		mid := x + cw/2 - 0.5
		s.text("strip", r.Label, fontBold, 12, Point{mid, y + 14}, 0.5, ink, "", 0)
		s.text("strip", fitText(s, fontRegular, 8.5, r.Years, cw-6), fontRegular, 8.5, Point{mid, y + 28}, 0.5, years, "", 0)
		switch {
		case r.Scoring:
			scoring = true
			s.circle("strip", paint{Fill: scoringMark, Stroke: fill, Width: 1}, Point{x + cw - 7, y + 6}, 3)
		case r.MayScore:
			s.circle("strip", paint{Fill: fill, Stroke: scoringMark, Width: 1.2}, Point{x + cw - 7, y + 6}, 2.6)
		}
	}
	drawTimelineKey(s, y, scoring, may)
}

// drawTimelineKey writes, under the Timeline's name, the key of the
// marks the row shows: the dot of a scoring round, the ring of one that
// may score.
func drawTimelineKey(s *scene, y float64, scoring, may bool) {
	if !may {
		if scoring {
			s.circle("strip", paint{Fill: scoringMark}, Point{17, y + 29}, 3)
			s.text("strip", "scoring round", fontRegular, 9.5, Point{24, y + 32.5}, 0, "#4a4540", "", 0)
		}
		return
	}
	ky := y + 23
	if scoring {
		s.circle("strip", paint{Fill: scoringMark}, Point{17, ky - 3.5}, 3)
		s.text("strip", "scoring round", fontRegular, 9.5, Point{24, ky}, 0, "#4a4540", "", 0)
		ky += 11
	}
	s.circle("strip", paint{Fill: paperColour, Stroke: scoringMark, Width: 1.2}, Point{17, ky - 3.5}, 2.6)
	s.text("strip", "may score", fontRegular, 9.5, Point{24, ky}, 0, "#4a4540", "", 0)
}

// drawPopulation draws each nation's population track (reduX Core 5.1):
// the nation's counter, grey when none of its armies is on the map, over
// its marker's value in a box, large enough to read at the map's size
// (issue 21: the track's boxes were about 4 px).
func drawPopulation(s *scene, v *View, y, right float64) {
	ns := viewNations(v)
	if len(ns) == 0 {
		return
	}
	s.text("strip", "Population", fontBold, 12, Point{14, y + 17}, 0, inkColour, "", 0)
	s.text("strip", "track 0–"+strconv.Itoa(v.Timeline.TrackMax), fontRegular, 9.5, Point{14, y + 32}, 0, "#4a4540", "", 0)
	onMap := map[string]bool{}
	for _, st := range v.Stacks {
		onMap[st.Nation] = true
	}
	x0 := stripLabelW + 4
	cw := min(48, (right-x0)/float64(len(ns)))
	for i, n := range ns {
		cx := x0 + float64(i)*cw + cw/2
		fill, ring, tagInk := n.Colour, n.ring, ""
		if !onMap[n.Name] {
			fill, ring, tagInk = absentFill, "", "#77746c"
		}
		drawDisc(s, "strip", Point{cx, y + 12}, 12, fill, ring)
		if tagInk == "" {
			c, _ := parseColour(fill)
			tagInk = contrastText(c)
		}
		s.text("strip", n.Tag, fontBold, 7.5, Point{cx, y + 14.7}, 0.5, tagInk, "", 0)
		bw := min(cw-6, 22)
		s.path("strip", paint{Fill: paperColour, Stroke: gridColour, Width: 1}, true,
			[]Point{{cx - bw/2, y + 27}, {cx + bw/2, y + 27}, {cx + bw/2, y + 43}, {cx - bw/2, y + 43}})
		s.text("strip", strconv.Itoa(n.Pop), fontBold, 12, Point{cx, y + 39.5}, 0.5, inkColour, "", 0)
	}
}

// drawVP writes each player's victory points as a bar in their colour,
// label and number kept together on one line.
func drawVP(s *scene, v *View, x, y float64) {
	if len(v.Players) == 0 {
		return
	}
	if x == 0 {
		x = 14
	}
	s.text("strip", "Victory points", fontBold, 12, Point{x, y + 17}, 0, inkColour, "", 0)
	most := 1.0
	for _, p := range v.Players {
		most = max(most, p.VP)
	}
	labelW := 0.0
	for _, p := range v.Players {
		labelW = max(labelW, s.width(fontRegular, 11, p.Label)+30)
	}
	labelW = min(labelW, (s.W-x)*0.45)
	numW := s.width(fontBold, 11, "000.5")
	barX, barW := x+labelW, s.W-14-numW-6-(x+labelW)
	for i, p := range v.Players {
		ry := y + 23 + float64(i)*vpRowH
		s.circle("strip", paint{Fill: p.Colour, Stroke: inkColour, Width: 0.8}, Point{x + 5, ry + 6}, 5)
		s.text("strip", fitText(s, fontRegular, 11, p.Label, labelW-18), fontRegular, 11, Point{x + 14, ry + 10}, 0, inkColour, "", 0)
		w := barW * p.VP / most
		if w > 0 {
			s.path("strip", paint{Fill: p.Colour, Stroke: inkColour, Width: 0.8}, true,
				[]Point{{barX, ry + 1.5}, {barX + w, ry + 1.5}, {barX + w, ry + 11}, {barX, ry + 11}})
		}
		s.text("strip", vpText(p.VP), fontBold, 11, Point{barX + w + 5, ry + 10}, 0, inkColour, "", 0)
	}
}
