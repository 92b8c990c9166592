package mapdraw

import "strings"

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
	paperColour    = "#ffffff"

	labelFont    = fontBold
	labelSize    = 12.5
	labelCap     = 9.0  // cap height of the label font
	labelLeading = 13.5 // line spacing of two-line labels
	labelHalo    = 2.0

	seaFont = fontItalic
	seaSize = 17.0

	discR      = 10.5 // counter radius
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

func splitLines(s string) []string { return strings.Split(s, "\n") }
