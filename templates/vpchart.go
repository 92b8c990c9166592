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
// with it and the end-of-game mail carries it (issue 21), as an inline SVG
// line chart that needs no script and a text table.
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

// SVG is the chart as an inline <svg> element that scales to its box's
// width: a line a player, each with its own dash pattern and its name and
// final VP at its end, the rounds along the bottom, the VP up the side.
func (c *VPChart) SVG() template.HTML {
	if c.Empty() {
		return ""
	}
	maxVP := 0
	for _, row := range c.VP {
		maxVP = max(maxVP, slices.Max(row))
	}
	step := niceStep(maxVP)
	top := max(step, (maxVP+step-1)/step*step)
	plotW, plotH := chartW-chartLeft-chartRight, chartH-chartTop-chartBottom
	x := func(i int) float64 { return chartLeft + plotW*float64(i)/float64(len(c.Rounds)-1) }
	y := func(v int) float64 { return chartTop + plotH*(1-float64(v)/float64(top)) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g" role="img" aria-label="%s" style="display:block;width:100%%;max-width:%dpx;height:auto;font-family:Georgia,'Times New Roman',serif;">`,
		chartW, chartH, chartW, chartH, template.HTMLEscapeString(c.describe()), chartMaxWidth)
	fmt.Fprintf(&b, `<title>%s</title>`, template.HTMLEscapeString(c.describe()))
	for v := 0; v <= top; v += step {
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#dddddd" stroke-width="1"/><text x="%g" y="%.1f" font-size="14" text-anchor="end" fill="#555555">%d</text>`,
			chartLeft, y(v), chartLeft+plotW, y(v), chartLeft-6, y(v)+4, v)
	}
	every := max(1, (len(c.Rounds)+11)/12)
	for i, r := range c.Rounds {
		label := strconv.Itoa(r)
		if r == 0 {
			label = "start"
		}
		if i%every == 0 || i == len(c.Rounds)-1 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%g" font-size="14" text-anchor="middle" fill="#555555">%s</text>`, x(i), chartTop+plotH+17, label)
		}
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="14" text-anchor="middle" fill="#555555">%s</text>`, chartLeft+plotW/2, chartH-2, c.RoundWord)
	for p, pl := range c.Players {
		var pts []string
		for i, row := range c.VP {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(row[p])))
		}
		dash := ""
		if d := chartDashes[p%len(chartDashes)]; d != "" {
			dash = ` stroke-dasharray="` + d + `"`
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2.5" stroke-linejoin="round"%s/>`, strings.Join(pts, " "), chartColour(pl.Hex), dash)
	}
	c.endLabels(&b, x(len(c.Rounds)-1), y)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// endLabels writes each player's name and final VP at the end of their
// line, moved apart so that no two overlap, with a short stroke of the
// line's colour and dash.
func (c *VPChart) endLabels(b *strings.Builder, x float64, y func(int) float64) {
	last := c.VP[len(c.VP)-1]
	order := make([]int, len(c.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return last[b] - last[a] })
	at := make([]float64, len(order))
	for k, p := range order {
		at[k] = y(last[p])
		if k > 0 && at[k] < at[k-1]+chartLabelGap {
			at[k] = at[k-1] + chartLabelGap
		}
	}
	if over := at[len(at)-1] - (chartH - chartBottom); over > 0 {
		for k := range at {
			at[k] -= over
		}
	}
	for k, p := range order {
		pl := c.Players[p]
		dash := ""
		if d := chartDashes[p%len(chartDashes)]; d != "" {
			dash = ` stroke-dasharray="` + d + `"`
		}
		fmt.Fprintf(b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="%s" stroke-width="2.5"%s/><text x="%g" y="%.1f" font-size="14" fill="#222222">%s %d</text>`,
			x+6, at[k], x+24, at[k], chartColour(pl.Hex), dash, x+28, at[k]+chartLabelDY, template.HTMLEscapeString(shortLabel(pl.Short)), last[p])
	}
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
