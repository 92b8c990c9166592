// Package mapdraw draws the board as the map mailed with each turn: the
// areas, seas and straits of a Geometry (data made for one board, such as
// games/britannia/geometry.yaml), with a View on top — counters, this
// turn's moves, battles and a legend — as PNG (fogleman/gg and the Go fonts)
// or hand-written SVG. Both are built from one list of drawing operations,
// so they show the same map, and the same input always gives the same bytes.
//
// Nothing here knows Britain: region tints follow the board's region order,
// and every position comes from the geometry file.
package mapdraw
