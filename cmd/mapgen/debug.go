package main

import (
	"bytes"
	"image/png"

	"github.com/fogleman/gg"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
)

// debugPNG renders the geometry with the seeds marked, for tuning them.
func debugPNG(file string, g *mapdraw.Geometry, b *games.Board) error {
	var buf bytes.Buffer
	if err := mapdraw.RenderPNG(&buf, g, b, &mapdraw.View{Title: "mapgen debug: seeds in red"}); err != nil {
		return err
	}
	img, err := png.Decode(&buf)
	if err != nil {
		return err
	}
	dc := gg.NewContextForImage(img)
	for _, s := range seeds {
		p := proj.project(lonLat{s.Lon, s.Lat})
		dc.SetRGB(0.8, 0, 0)
		dc.DrawCircle(p.X, p.Y, 3)
		dc.Fill()
	}
	return dc.SavePNG(file)
}
