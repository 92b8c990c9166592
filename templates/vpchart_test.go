package templates

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestVPChart: the chart draws a line a player, each with its own dash
// pattern (issue 21: lines told apart without their colours), its end
// labels in the order of the final VP and never closer than a line's
// height, the rounds and the VP on its axes; its text is a row a round.
func TestVPChart(t *testing.T) {
	c := &VPChart{RoundWord: "Turn",
		Players: []ChartPlayer{{Label: "Yellow (Alice)", Short: "Alice", Hex: "#e0b000"}, {Label: "Red (Bob)", Short: "Bob", Hex: "#d55e00"}, {Label: "Blue", Short: "Blue"}},
		Rounds:  []int{0, 1, 2, 3},
		VP:      [][]int{{0, 0, 0}, {10, 5, 9}, {20, 30, 21}, {41, 40, 7}}}
	svg := string(c.SVG())
	if n := strings.Count(svg, "<polyline "); n != 3 {
		t.Errorf("%d lines for 3 players", n)
	}
	dashes := regexp.MustCompile(`<polyline [^>]*?(stroke-dasharray="[^"]*")?/>`).FindAllStringSubmatch(svg, -1)
	seen := map[string]bool{}
	for _, d := range dashes {
		if seen[d[1]] {
			t.Errorf("two lines share the dashes %q", d[1])
		}
		seen[d[1]] = true
	}
	if !strings.Contains(svg, `stroke="#777777"`) {
		t.Error("a seat without a colour is not drawn grey")
	}
	labels := regexp.MustCompile(`<text x="[0-9.]+" y="([0-9.]+)" font-size="14" fill="#222222">([^<]+)</text>`).FindAllStringSubmatch(svg, -1)
	var names []string
	last := -100.0
	for _, l := range labels {
		y, _ := strconv.ParseFloat(l[1], 64)
		if y-last < chartLabelGap-0.01 {
			t.Errorf("label %q is %.1f below the one above it", l[2], y-last)
		}
		last = y
		names = append(names, l[2])
	}
	if got := strings.Join(names, ", "); got != "Alice 41, Bob 40, Blue 7" {
		t.Errorf("end labels %q", got)
	}
	for _, want := range []string{`aria-label="Victory points by player over the turns: Yellow (Alice) 41, Red (Bob) 40, Blue 7"`, ">start</text>", ">3</text>", ">Turn</text>", ">50</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart lacks %s", want)
		}
	}
	text := c.Text()
	want := "Turn        P1     P2     P3\nstart        0      0      0\n1           10      5      9\n2           20     30     21\n3           41     40      7\nP1: Yellow (Alice)\nP2: Red (Bob)\nP3: Blue\n"
	if text != want {
		t.Errorf("text:\n%s\nwant:\n%s", text, want)
	}
	if (&VPChart{Players: c.Players, Rounds: []int{0}, VP: [][]int{{0, 0, 0}}}).SVG() != "" {
		t.Error("a chart of the start alone is drawn")
	}
}

// TestNiceStep: four to seven grid lines, at 1, 2 or 5 times a power of
// ten.
func TestNiceStep(t *testing.T) {
	for max, want := range map[int]int{0: 1, 6: 1, 7: 2, 25: 5, 40: 10, 264: 50, 310: 50, 400: 100, 1500: 500} {
		if got := niceStep(max); got != want {
			t.Errorf("niceStep(%d) = %d, want %d", max, got, want)
		}
	}
}
