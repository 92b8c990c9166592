package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// topology is the part of a TopoJSON file that mapgen reads.
type topology struct {
	Transform struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs    [][][2]float64 `json:"arcs"`
	Objects map[string]struct {
		Geometries []struct {
			Type       string          `json:"type"`
			Arcs       json.RawMessage `json:"arcs"`
			Properties struct {
				Name string `json:"name"`
			} `json:"properties"`
		} `json:"geometries"`
	} `json:"objects"`
}

// lonLat is a geographic point in degrees.
type lonLat struct{ Lon, Lat float64 }

// country is one country's polygons; each polygon is its rings (outer
// first), each ring a closed list of points without the repeated last one.
type country struct {
	Name     string
	Polygons [][][]lonLat
}

// readCountries decodes the "countries" object of a world-atlas TopoJSON
// file: arcs are delta-encoded and quantised, rings refer to arcs by index,
// ~i meaning arc i reversed (TopoJSON specification §2.1.4, §2.2).
func readCountries(file string) ([]country, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var t topology
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	arcs := make([][]lonLat, len(t.Arcs))
	for i, a := range t.Arcs {
		var x, y float64
		for _, p := range a {
			x += p[0]
			y += p[1]
			arcs[i] = append(arcs[i], lonLat{
				Lon: x*t.Transform.Scale[0] + t.Transform.Translate[0],
				Lat: y*t.Transform.Scale[1] + t.Transform.Translate[1],
			})
		}
	}
	ring := func(idx []int) []lonLat {
		var pts []lonLat
		for k, i := range idx {
			var a []lonLat
			if i >= 0 {
				a = arcs[i]
			} else {
				src := arcs[^i]
				for j := len(src) - 1; j >= 0; j-- {
					a = append(a, src[j])
				}
			}
			if k > 0 {
				a = a[1:]
			}
			pts = append(pts, a...)
		}
		if len(pts) > 1 && pts[0] == pts[len(pts)-1] {
			pts = pts[:len(pts)-1]
		}
		return pts
	}
	obj, ok := t.Objects["countries"]
	if !ok {
		return nil, fmt.Errorf("%s: no \"countries\" object", file)
	}
	var out []country
	for _, g := range obj.Geometries {
		c := country{Name: g.Properties.Name}
		var polys [][][]int
		switch g.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(g.Arcs, &p); err != nil {
				return nil, err
			}
			polys = [][][]int{p}
		case "MultiPolygon":
			if err := json.Unmarshal(g.Arcs, &polys); err != nil {
				return nil, err
			}
		default:
			continue
		}
		for _, p := range polys {
			var rings [][]lonLat
			for _, r := range p {
				rings = append(rings, ring(r))
			}
			c.Polygons = append(c.Polygons, rings)
		}
		out = append(out, c)
	}
	return out, nil
}
