package templates

import (
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
)

// VPChart is each player's victory points over the rounds of a game
// (reduX Core 3: the player with the most VP wins): the VP at the start
// and after the last step of each round played. A game's history opens
// with it and the end-of-game mail carries it (issue 21): a line chart as
// inline SVG (the history) or as a PNG (the mail: Gmail drops inline SVG),
// and a text table.
type VPChart struct {
	RoundWord string // "Round", "Turn"
	Players   []ChartPlayer
	// Rounds are the rounds with a value, in order; 0 is the start.
	Rounds []int
	// VP[i][p] are player p's VP (0-based seat) after round Rounds[i].
	VP [][]int
}

// ChartPlayer is one line of the chart: the seat's label and colour.
type ChartPlayer struct {
	Label string // "Yellow (Alice)"
	Short string // at the line's end: the player's name, else Label
	Hex   string // "#e0b000"
}

// NewVPChart starts the chart of a game whose players are the seats of
// report r (any of the game's reports: the seats do not change), at the
// start with no VP.
func NewVPChart(r *Report) *VPChart {
	c := &VPChart{RoundWord: r.RoundWord}
	if c.RoundWord == "" {
		c.RoundWord = "Round"
	}
	for _, s := range r.Players {
		short := s.Name
		if short == "" {
			short = s.Label()
		}
		c.Players = append(c.Players, ChartPlayer{Label: s.Label(), Short: short, Hex: s.Hex})
	}
	c.Rounds = []int{0}
	c.VP = [][]int{make([]int, len(c.Players))}
	return c
}

// Step records the standings after a step of round round (the step's
// Before.Round): the last step of a round gives the round's value.
func (c *VPChart) Step(e *adjudicator.Engine, round int, after *adjudicator.State) {
	if len(c.Players) == 0 {
		return
	}
	vp := make([]int, len(c.Players))
	for _, st := range e.Standings(after, len(c.Players)) {
		if st.Player >= 1 && st.Player <= len(vp) {
			vp[st.Player-1] = st.VP
		}
	}
	if n := len(c.Rounds); c.Rounds[n-1] == round && n > 1 {
		c.VP[n-1] = vp
		return
	}
	c.Rounds = append(c.Rounds, round)
	c.VP = append(c.VP, vp)
}

// Alt is the chart told in words, for the picture's alt text.
func (c *VPChart) Alt() string { return c.describe() }

// Empty says there is nothing to chart: no players, or no round played.
func (c *VPChart) Empty() bool { return c == nil || len(c.Players) == 0 || len(c.Rounds) < 2 }

// chartDashes tell the lines apart without their colours (issue 21: for
// colour-blind readers): a dash pattern per seat, solid first.
var chartDashes = []string{"", "9 4", "2 3", "10 3 2 3", "5 5", "1 5", "12 3 2 3 2 3"}

// The chart's frame in SVG user units: the plot area and the margins for
// the axes' numbers and the names at the lines' ends.
const (
	chartW, chartH              = 480.0, 260.0
	chartLeft, chartRight       = 36.0, 132.0
	chartTop, chartBottom       = 12.0, 36.0
	chartLabelGap, chartLabelDY = 15.0, 4.0
	chartMaxWidth               = 640 // px: its letters at most a third larger than the text's
)

// chartLayout is where the chart's parts go, in SVG user units (the PNG
// scales it): the grid's step and top value, and each player's label at the
// lines' end, moved apart so that no two overlap.
type chartLayout struct {
	step, top, rounds int
	labels            []chartLabel // from the highest VP down
}

// chartLabel is a player's name and final VP at the end of their line.
type chartLabel struct {
	player, vp int
	y          float64
}

func (c *VPChart) layout() chartLayout {
	maxVP := 0
	for _, row := range c.VP {
		maxVP = max(maxVP, slices.Max(row))
	}
	l := chartLayout{step: niceStep(maxVP), rounds: len(c.Rounds)}
	l.top = max(l.step, (maxVP+l.step-1)/l.step*l.step)
	last := c.VP[len(c.VP)-1]
	order := make([]int, len(c.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return last[b] - last[a] })
	for k, p := range order {
		y := l.y(last[p])
		if k > 0 && y < l.labels[k-1].y+chartLabelGap {
			y = l.labels[k-1].y + chartLabelGap
		}
		l.labels = append(l.labels, chartLabel{player: p, vp: last[p], y: y})
	}
	if over := l.labels[len(l.labels)-1].y - (chartH - chartBottom); over > 0 {
		for k := range l.labels {
			l.labels[k].y -= over
		}
	}
	return l
}

func (l chartLayout) x(i int) float64 {
	return chartLeft + (chartW-chartLeft-chartRight)*float64(i)/float64(l.rounds-1)
}

func (l chartLayout) y(v int) float64 {
	return chartTop + (chartH-chartTop-chartBottom)*(1-float64(v)/float64(l.top))
}

// roundLabel is the label under round i, "" for none: every round up to
// twelve, else every few, and always the last.
func (c *VPChart) roundLabel(i int) string {
	every := max(1, (len(c.Rounds)+11)/12)
	switch {
	case i%every != 0 && i != len(c.Rounds)-1:
		return ""
	case c.Rounds[i] == 0:
		return "start"
	}
	return strconv.Itoa(c.Rounds[i])
}

// SVG is the chart as an inline <svg> element that scales to its box's
// width: a line a player, each with its own dash pattern and its name and
// final VP at its end, the rounds along the bottom, the VP up the side.
func (c *VPChart) SVG() template.HTML {
	if c.Empty() {
		return ""
	}
	l := c.layout()
	plotW, plotH := chartW-chartLeft-chartRight, chartH-chartTop-chartBottom
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g" role="img" aria-label="%s" style="display:block;width:100%%;max-width:%dpx;height:auto;font-family:Georgia,'Times New Roman',serif;">`,
		chartW, chartH, chartW, chartH, template.HTMLEscapeString(c.describe()), chartMaxWidth)
	fmt.Fprintf(&b, `<title>%s</title>`, template.HTMLEscapeString(c.describe()))
	for v := 0; v <= l.top; v += l.step {
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#dddddd" stroke-width="1"/><text x="%g" y="%.1f" font-size="14" text-anchor="end" fill="#555555">%d</text>`,
			chartLeft, l.y(v), chartLeft+plotW, l.y(v), chartLeft-6, l.y(v)+4, v)
	}
	for i := range c.Rounds {
		if label := c.roundLabel(i); label != "" {
			fmt.Fprintf(&b, `<text x="%.1f" y="%g" font-size="14" text-anchor="middle" fill="#555555">%s</text>`, l.x(i), chartTop+plotH+17, label)
		}
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="14" text-anchor="middle" fill="#555555">%s</text>`, chartLeft+plotW/2, chartH-2, c.RoundWord)
	for p, pl := range c.Players {
		var pts []string
		for i, row := range c.VP {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", l.x(i), l.y(row[p])))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2.5" stroke-linejoin="round"%s/>`, strings.Join(pts, " "), chartColour(pl.Hex), svgDash(p))
	}
	x := l.x(len(c.Rounds) - 1)
	for _, lb := range l.labels {
		pl := c.Players[lb.player]
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="%s" stroke-width="2.5"%s/><text x="%g" y="%.1f" font-size="14" fill="#222222">%s %d</text>`,
			x+6, lb.y, x+24, lb.y, chartColour(pl.Hex), svgDash(lb.player), x+28, lb.y+chartLabelDY, template.HTMLEscapeString(shortLabel(pl.Short)), lb.vp)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// svgDash is the stroke-dasharray attribute of player p's line.
func svgDash(p int) string {
	if d := chartDashes[p%len(chartDashes)]; d != "" {
		return ` stroke-dasharray="` + d + `"`
	}
	return ""
}

// shortLabel keeps a label within the chart's right margin.
func shortLabel(s string) string {
	if r := []rune(s); len(r) > 14 {
		return string(r[:13]) + "…"
	}
	return s
}

// chartColour is a seat's colour, grey when it has none.
func chartColour(hex string) string {
	if hex == "" {
		return "#777777"
	}
	return hex
}

// niceStep is the distance between the chart's grid lines: 1, 2 or 5
// times a power of ten, for four to eight lines up to max.
func niceStep(max int) int {
	for _, base := range []int{1, 10, 100, 1000, 10000} {
		for _, m := range []int{1, 2, 5} {
			if s := base * m; max/s <= 6 {
				return s
			}
		}
	}
	return 100000
}

// describe is the chart in words, for readers who cannot see it.
func (c *VPChart) describe() string {
	last := c.VP[len(c.VP)-1]
	var parts []string
	for p, pl := range c.Players {
		parts = append(parts, fmt.Sprintf("%s %d", pl.Label, last[p]))
	}
	return fmt.Sprintf("Victory points by player over the %ss: %s", strings.ToLower(c.RoundWord), strings.Join(parts, ", "))
}

// Text is the chart as a text table: a row per round, a column per
// player (P1, P2… by seat, named under the table), within the text
// report's width for up to seven players.
func (c *VPChart) Text() string {
	if c.Empty() {
		return ""
	}
	var b strings.Builder
	head := fmt.Sprintf("%-7s", c.RoundWord)
	for p := range c.Players {
		head += fmt.Sprintf(" %6s", "P"+strconv.Itoa(p+1))
	}
	b.WriteString(strings.TrimRight(head, " ") + "\n")
	for i, r := range c.Rounds {
		label := strconv.Itoa(r)
		if r == 0 {
			label = "start"
		}
		line := fmt.Sprintf("%-7s", label)
		for _, v := range c.VP[i] {
			line += fmt.Sprintf(" %6d", v)
		}
		b.WriteString(line + "\n")
	}
	for p, pl := range c.Players {
		fmt.Fprintf(&b, "P%d: %s\n", p+1, pl.Label)
	}
	return b.String()
}
