package main

import "math"

// projection is a spherical transverse Mercator centred on Lon0, scaled to
// canvas pixels: Origin (at Lon0, Lat0) lands on pixel (CX, CY), and PxPerKm
// pixels stand for one kilometre, y growing downwards.
type projection struct {
	Lon0, Lat0 float64
	PxPerKm    float64
	CX, CY     float64
}

const earthRadiusKm = 6371.0

func rad(d float64) float64 { return d * math.Pi / 180 }

// project maps a geographic point to canvas pixels.
func (pr projection) project(g lonLat) pt {
	phi, dl := rad(g.Lat), rad(g.Lon-pr.Lon0)
	b := math.Cos(phi) * math.Sin(dl)
	x := earthRadiusKm * math.Atanh(b)
	y := earthRadiusKm * (math.Atan2(math.Tan(phi), math.Cos(dl)) - rad(pr.Lat0))
	return pt{pr.CX + x*pr.PxPerKm, pr.CY - y*pr.PxPerKm}
}

func (pr projection) ring(r []lonLat) []pt {
	out := make([]pt, len(r))
	for i, g := range r {
		out[i] = pr.project(g)
	}
	return out
}
