package templates

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
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

// TestVPChartPNG: the chart as a picture (for mail readers that drop
// SVG) is the SVG's size at twice the pixels, on white, and each player's
// line is drawn in the player's colour at the line's last point; an empty
// chart has none. PBEM_CHART_PNG=FILE writes it for a look.
func TestVPChartPNG(t *testing.T) {
	c := &VPChart{RoundWord: "Turn",
		Players: []ChartPlayer{{Label: "Yellow (Alice)", Short: "Alice", Hex: "#e0b000"}, {Label: "Red (Bob)", Short: "Bob", Hex: "#d55e00"}, {Label: "Blue", Short: "Blue", Hex: "#0072b2"}},
		Rounds:  []int{0, 1, 2, 3, 4, 5, 6},
		VP:      [][]int{{0, 0, 0}, {10, 5, 9}, {20, 30, 21}, {41, 40, 7}, {48, 52, 20}, {60, 55, 31}, {72, 58, 40}}}
	data := c.PNG()
	if f := os.Getenv("PBEM_CHART_PNG"); f != "" {
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != int(chartW*chartScale) || b.Dy() != int(chartH*chartScale) {
		t.Fatalf("the picture is %v, want %gx%g", b, chartW*chartScale, chartH*chartScale)
	}
	if r, g, b, _ := img.At(1, 1).RGBA(); r>>8 != 255 || g>>8 != 255 || b>>8 != 255 {
		t.Errorf("the corner is not white: %d %d %d", r>>8, g>>8, b>>8)
	}
	l := c.layout()
	for p, pl := range c.Players {
		x, y := int(l.x(len(c.Rounds)-1)*chartScale), int(l.y(c.VP[len(c.VP)-1][p])*chartScale)
		want, _ := parseHex(pl.Hex)
		found := false
		for dx := -16; dx <= 3 && !found; dx++ { // a dash may end short of the point
			for dy := -3; dy <= 3 && !found; dy++ {
				r, g, b, _ := img.At(x+dx, y+dy).RGBA()
				found = near(r>>8, want[0]) && near(g>>8, want[1]) && near(b>>8, want[2])
			}
		}
		if !found {
			t.Errorf("%s's line is not at the last round (%d, %d) in %s", pl.Short, x, y, pl.Hex)
		}
	}
	if (&VPChart{Players: c.Players, Rounds: []int{0}, VP: [][]int{{0, 0, 0}}}).PNG() != nil {
		t.Error("a chart of the start alone is drawn")
	}
	// Drawn by several at once (the daemon's reports), each the same bytes.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !bytes.Equal(c.PNG(), data) {
				t.Error("the same chart drawn again is another picture")
			}
		}()
	}
	wg.Wait()
	r := &Report{Chart: c, ChartCID: "vp-chart@pbem"}
	html := HTML(r, "")
	if !strings.Contains(html, `<img src="cid:vp-chart@pbem" alt="Victory points by player over the turns: Yellow (Alice) 72`) || strings.Contains(html, "<svg") {
		t.Error("with a ChartCID the HTML does not show the picture instead of the SVG")
	}
	if html := HTML(&Report{Chart: c}, ""); !strings.Contains(html, "<svg") {
		t.Error("without a ChartCID the HTML does not show the SVG")
	}
}

func near(got uint32, want uint8) bool { return got+24 >= uint32(want) && got <= uint32(want)+24 }

func parseHex(s string) ([3]uint8, error) {
	var c [3]uint8
	_, err := fmt.Sscanf(s, "#%02x%02x%02x", &c[0], &c[1], &c[2])
	return c, err
}
