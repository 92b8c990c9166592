// Command mapgen makes games/britannia/geometry.yaml, the drawing of the
// Britannia board that package mapdraw renders (the board's loader reads it
// from beside the board: games.Board.Drawing). It is a tool, not part of
// the data package, and is run by hand, from the repository root, when the
// drawing should change:
//
//	cd "$(mktemp -d)" && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz && cd -
//	go run ./cmd/mapgen -atlas /tmp/…/package/countries-50m.json
//
// It writes the geometry once, to games/britannia/geometry.yaml (-o), then
// loads the result with mapdraw and prints every disagreement with the
// board's links (and exits 1 if there is any).
//
// How the geometry is made:
//
//  1. Coast: the United Kingdom MultiPolygon of Natural Earth 1:50m
//     (public domain) from world-atlas@2.0.2 (countries-50m.json, TopoJSON,
//     decoded in topo.go). Its largest polygon is the mainland; every other
//     polygon must be listed in the islands table of config.go, which gives
//     it whole to one area, drops it (Shetland) or greys it (Northern
//     Ireland). Ireland, the Isle of Man and the Continent are grey context.
//  2. Projection: spherical transverse Mercator on 2°W (proj.go), 1.38
//     px/km, then Douglas–Peucker simplification; the inlets of config.go
//     too narrow to draw (the Humber, its inner sliver and then its mouth)
//     are filled across their mouth.
//  3. Areas: a power diagram (weighted Voronoi, power.go) of the seeds in
//     config.go, cut along the mainland coast by a planar arrangement
//     (arrange.go). Water is cut into the six seas by the hand-drawn sea
//     borders; islands become holes in their sea. Every shared border
//     repeats the same vertices on both sides.
//  4. Agreement: mapdraw's Disagreements must come back empty: areas that
//     share a border are linked on the board, and every link that is not a
//     strait is a shared border at least mapdraw.MinBorder long.
//  5. Labels and counter slots (place.go) are put where they fit.
//
// The seeds began at rough centres of the historic regions the areas are
// named for (Avalon at Somerset, Hwicce at Worcestershire) and were tuned
// with
//
//	go run ./cmd/mapgen -atlas … -tune 8000
//
// which runs a seeded simulated annealing over seed positions and weights,
// costing each disagreement, each link shorter than tuneTarget, each area
// in more than one mainland piece, each town of the pins table that falls
// in the wrong area, and the distance moved; it prints the seeds as lines
// for config.go. -debug file.png draws the seeds over the map.
package main
