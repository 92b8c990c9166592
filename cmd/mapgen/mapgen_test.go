package main

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestArrangement cuts a square by a line that overhangs it and a ring
// inside it: the bounded faces are the two halves (one with the ring's
// hole traced as a separate face) and the ring itself.
func TestArrangement(t *testing.T) {
	sq := []pt{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	var segs []segment
	for i := range sq {
		segs = append(segs, segment{sq[i], sq[(i+1)%4], kindFrame})
	}
	segs = append(segs, segment{pt{5, -2}, pt{5, 12}, kindBisector})
	ar, err := buildArrangement(segs)
	require.NoError(t, err)
	var areas []float64
	for _, cyc := range ar.Faces {
		if a := area(ar.ring(cyc)); a > 0 {
			areas = append(areas, a)
		}
	}
	sort.Float64s(areas)
	assert.Equal(t, []float64{50, 50}, areas)

	// Label the two halves as one region: its boundary is the square,
	// with the dangling overhangs outside it left out.
	label := make([]int, len(ar.Faces))
	for f, cyc := range ar.Faces {
		label[f] = -1
		if area(ar.ring(cyc)) > 0 {
			label[f] = 0
		}
	}
	rings := ar.regions(label, 1)[0]
	require.Len(t, rings, 1)
	assert.InDelta(t, 100, area(rings[0]), 1e-9)
}

func TestPowerCell(t *testing.T) {
	box := [4]pt{{0, 0}, {100, 0}, {100, 100}, {0, 100}}
	ps := []pt{{25, 50}, {75, 50}}
	r, nb := powerCell(0, ps, []float64{0, 0}, box)
	assert.InDelta(t, 5000, math.Abs(area(r)), 1e-9)
	assert.Contains(t, nb, 1)
	// A weight moves the border: |x−p0|² − w0 = |x−p1|² − w1.
	r, _ = powerCell(0, ps, []float64{1000, 0}, box)
	assert.InDelta(t, 6000, math.Abs(area(r)), 1e-9)
}

func TestProjection(t *testing.T) {
	for _, g := range []lonLat{{-2, 54.5}, {-5.7, 50.07}, {1.75, 52.5}, {-3.1, 58.9}} {
		back := unproject(proj.project(g))
		assert.InDelta(t, g.Lon, back.Lon, 1e-9)
		assert.InDelta(t, g.Lat, back.Lat, 1e-9)
	}
	// The centre lands on its pixel, north is up.
	c := proj.project(lonLat{proj.Lon0, proj.Lat0})
	assert.InDelta(t, proj.CX, c.X, 1e-9)
	assert.Less(t, proj.project(lonLat{-2, 58}).Y, c.Y)
}

func TestReadCountries(t *testing.T) {
	// Two arcs, quantised and delta-encoded; the polygon uses the second
	// reversed (~1 = -2).
	topo := `{"type":"Topology","transform":{"scale":[0.5,0.25],"translate":[-10,50]},
	"arcs":[[[0,0],[2,0],[0,4]],[[0,0],[0,4],[2,0]]],
	"objects":{"countries":{"type":"GeometryCollection","geometries":[
	  {"type":"Polygon","arcs":[[0,-2]],"properties":{"name":"Testland"}}]}}}`
	f := filepath.Join(t.TempDir(), "t.json")
	require.NoError(t, os.WriteFile(f, []byte(topo), 0o644))
	cs, err := readCountries(f)
	require.NoError(t, err)
	require.Len(t, cs, 1)
	assert.Equal(t, "Testland", cs[0].Name)
	assert.Equal(t, []lonLat{{-10, 50}, {-9, 50}, {-9, 51}, {-10, 51}}, cs[0].Polygons[0][0])
}

func TestSimplifyKeepsShape(t *testing.T) {
	var r []pt
	for i := range 100 {
		a := 2 * math.Pi * float64(i) / 100
		r = append(r, pt{50 + 40*math.Cos(a), 50 + 40*math.Sin(a)})
	}
	s := simplify(r, 0.6)
	assert.Less(t, len(s), len(r))
	assert.Greater(t, len(s), 10)
	assert.InDelta(t, area(r), area(s), area(r)*0.02)
}

// TestFillInlet: the coast runs straight across an inlet's mouth, the
// shorter way round, whichever point is named first.
func TestFillInlet(t *testing.T) {
	// A square with a narrow inlet cut into its top side.
	r := []pt{{0, 0}, {10, 0}, {10, 10}, {6, 10}, {5.5, 4}, {5, 4}, {4.5, 10}, {0, 10}}
	want := []pt{{0, 0}, {10, 0}, {10, 10}, {6, 10}, {4.5, 10}, {0, 10}}
	assert.Equal(t, want, fillInlet(r, pt{6, 10}, pt{4.5, 10}))
	assert.Equal(t, want, fillInlet(r, pt{4.5, 10.2}, pt{6.1, 10}))
	assert.InDelta(t, 100, area(want), 1e-9)
}
