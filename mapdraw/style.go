package mapdraw

import (
	"math"
	"strings"
)

// The look of the map. Sizes are pixels at 100%.
const (
	seaColour      = "#cfe2ee"
	seaBorderColor = "#5f86a3"
	seaLabelColour = "#2c5878"
	contextFill    = "#dcdbd6"
	contextStroke  = "#a3a29c"
	contextText    = "#8b8a84"
	coastColour    = "#33505f"
	borderColour   = "#7a6a52"
	regionColour   = "#2d2418"
	hatchColour    = "#a8977a"
	labelColour    = "#221a10"
	straitColour   = "#2c5878"
	inkColour      = "#1a1a1a"
	linkColour     = "#5a4632"
	barrierColour  = "#9b2d20"
	paperColour    = "#ffffff"
	roadColour     = "#8c2f1b" // a Roman red-brown, apart from the borders' brown
	roadFill       = "#f3d9a4" // a road's pale centre

	labelFont    = fontBold
	labelSize    = 12.5
	labelCap     = 9.0  // cap height of the label font
	labelLeading = 13.5 // line spacing of two-line labels
	labelHalo    = 2.0

	seaFont  = fontItalic
	seaSize  = 17.0
	lakeSize = 12.5

	discR      = 10.5 // counter radius
	ringR      = 12.0 // counter radius with a player's ring
	countSize  = 12.5
	tagSize    = 9.0
	badgeSize  = 8.5
	hatchGap   = 6.0
	arrowWidth = 3.2
)

// regionFills tint land by region, in the order the board lists regions.
var regionFills = []string{"#f3ead3", "#e4ead3", "#e6e3ea", "#f0e3d6"}

// difficultFills are the same tints, darker, for difficult terrain.
var difficultFills = []string{"#e6d9b8", "#d3dbbd", "#d6d1dd", "#e2cfbd"}

// extraFills and extraDifficultFills tint the further terrain kinds of a
// board that has more than clear and difficult (Hy Breasil's plains,
// forest and hills), one colour each whatever the region.
var (
	extraFills          = []string{"#eef0d8", "#f4e6dc", "#e3eef0"}
	extraDifficultFills = []string{"#d9c7a7", "#c9d6b0", "#d8c4c9"}
)

// hatchAngles are the directions of the hatching of the first, second, …
// difficult terrain kind: down to the right, up to the right, across.
var hatchAngles = []float64{math.Pi / 4, -math.Pi / 4, 0}

func splitLines(s string) []string { return strings.Split(s, "\n") }
