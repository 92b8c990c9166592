package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// shape is an area or sea as mapgen builds it.
type shape struct {
	Name  string
	Sea   bool
	Rings [][]pt
	Label pt
	Text  string
	Slots []pt
}

type contextShape struct {
	Name  string
	Rings [][]pt
	Label *pt
}

type straitLine struct {
	A, B     string
	From, To pt
}

// model is everything mapgen writes.
type model struct {
	Shapes  []*shape // board order: land areas, then seas
	Context []contextShape
	Straits []straitLine
	Legend  [4]float64
	// AtlasSHA256 identifies the atlas file the coast came from.
	AtlasSHA256 string
	// Land and Water are the rings of all playable land and of context
	// land, for placing labels and slots.
	Land, Other [][]pt
}

func canvasBox() [4]pt {
	return [4]pt{{0, 0}, {canvasW, 0}, {canvasW, canvasH}, {0, canvasH}}
}

// clipSegment clips ab to the canvas (Liang–Barsky).
func clipSegment(a, b pt) (pt, pt, bool) {
	t0, t1 := 0.0, 1.0
	d := b.sub(a)
	for _, c := range [][2]float64{{-d.X, a.X}, {d.X, canvasW - a.X}, {-d.Y, a.Y}, {d.Y, canvasH - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return a, b, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
	}
	if t0 > t1 {
		return a, b, false
	}
	return lerp(a, b, t0), lerp(a, b, t1), true
}

// clipRing clips a ring to the canvas (Sutherland–Hodgman). Used only for
// grey context land, where a seam along the canvas edge cannot be seen.
func clipRing(r []pt) []pt {
	inside := []func(pt) float64{
		func(p pt) float64 { return p.X },
		func(p pt) float64 { return canvasW - p.X },
		func(p pt) float64 { return p.Y },
		func(p pt) float64 { return canvasH - p.Y },
	}
	for _, f := range inside {
		var out []pt
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			fa, fb := f(a), f(b)
			if fa >= 0 {
				out = append(out, a)
			}
			if (fa >= 0) != (fb >= 0) {
				out = append(out, lerp(a, b, fa/(fa-fb)))
			}
		}
		r = out
		if len(r) == 0 {
			return nil
		}
	}
	return r
}

func meanLonLat(r []lonLat) lonLat {
	var m lonLat
	for _, g := range r {
		m.Lon += g.Lon
		m.Lat += g.Lat
	}
	m.Lon /= float64(len(r))
	m.Lat /= float64(len(r))
	return m
}

// base is what stays fixed while seeds move: the coast, the islands, the
// sea borders and the sea labels.
type base struct {
	shapes    []*shape
	index     map[string]int
	mainland  []pt
	isles     []islandRing
	fixed     []segment // canvas frame, mainland coast, sea borders
	seaLabels []int     // shape indices of the seas, in a fixed order
}

type islandRing struct {
	shape int
	ring  []pt
}

// build makes the model from the atlas countries and the tables in config.go.
func build(cs []country, b *games.Board) (*model, *base, error) {
	m := &model{Legend: legendBox}
	bs := &base{index: map[string]int{}}
	for i, a := range b.Areas {
		s := &shape{Name: a.Name, Sea: a.Sea}
		m.Shapes = append(m.Shapes, s)
		bs.index[a.Name] = i
	}
	bs.shapes = m.Shapes
	land := func(name string) (int, bool) {
		i, ok := bs.index[name]
		return i, ok && !m.Shapes[i].Sea
	}
	var uk *country
	for i := range cs {
		if cs[i].Name == "United Kingdom" {
			uk = &cs[i]
		}
	}
	if uk == nil {
		return nil, nil, fmt.Errorf("no United Kingdom in the atlas")
	}
	// The mainland is the largest polygon; every other must be listed.
	main := 0
	for i, p := range uk.Polygons {
		if len(p[0]) > len(uk.Polygons[main][0]) {
			main = i
		}
	}
	mainland := simplify(proj.ring(uk.Polygons[main][0]), simplifyPx)
	for _, in := range inlets {
		mainland = fillInlet(mainland, in.From, in.To)
	}
	if area(mainland) < 0 {
		mainland = reversed(mainland)
	}
	bs.mainland = mainland
	m.Land = append(m.Land, mainland)
	used := make([]bool, len(islands))
	for i, p := range uk.Polygons {
		if i == main {
			continue
		}
		c := meanLonLat(p[0])
		found, best := -1, 0.25
		for k, is := range islands {
			if d := math.Max(math.Abs(is.Lat-c.Lat), math.Abs(is.Lon-c.Lon)); d < best {
				found, best = k, d
			}
		}
		if found < 0 {
			return nil, nil, fmt.Errorf("United Kingdom polygon %d at %.2f°N %.2f°E is not in the islands table", i, c.Lat, c.Lon)
		}
		if used[found] {
			return nil, nil, fmt.Errorf("island %s matched twice", islands[found].Name)
		}
		used[found] = true
		is := islands[found]
		r := simplify(proj.ring(p[0]), simplifyPx)
		if area(r) < 0 {
			r = reversed(r)
		}
		switch {
		case is.Context:
			m.Context = append(m.Context, contextShape{Name: is.Name, Rings: [][]pt{clipRing(r)}})
			m.Other = append(m.Other, r)
		case is.Area == "":
		default:
			k, ok := land(is.Area)
			if !ok {
				return nil, nil, fmt.Errorf("island %s: unknown land area %q", is.Name, is.Area)
			}
			bs.isles = append(bs.isles, islandRing{k, r})
			m.Land = append(m.Land, r)
		}
	}
	for k, ok := range used {
		if !ok {
			return nil, nil, fmt.Errorf("island %s not found in the atlas", islands[k].Name)
		}
	}
	for _, name := range contextCountries {
		for _, c := range cs {
			if c.Name != name {
				continue
			}
			for _, p := range c.Polygons {
				r := simplify(proj.ring(p[0]), simplifyPx)
				if area(r) < 0 {
					r = reversed(r)
				}
				cr := clipRing(r)
				if len(cr) < 3 || math.Abs(area(cr)) < 4 {
					continue
				}
				m.Context = append(m.Context, contextShape{Name: name, Rings: [][]pt{cr}})
				m.Other = append(m.Other, cr)
			}
		}
	}
	for _, l := range contextLabels {
		p := proj.project(lonLat{l.Lon, l.Lat})
		m.Context = append(m.Context, contextShape{Name: l.Text, Label: &p})
	}
	box := canvasBox()
	for i := range box {
		bs.fixed = append(bs.fixed, segment{box[i], box[(i+1)%4], kindFrame})
	}
	for i := range mainland {
		bs.fixed = append(bs.fixed, segment{mainland[i], mainland[(i+1)%len(mainland)], kindCoast})
	}
	for _, sb := range seaBorders {
		for k := 0; k+1 < len(sb.Path); k++ {
			a, bb, ok := clipSegment(proj.project(sb.Path[k]), proj.project(sb.Path[k+1]))
			if ok {
				bs.fixed = append(bs.fixed, segment{a, bb, kindRay})
			}
		}
	}
	seaNames := make([]string, 0, len(seaLabels))
	for n := range seaLabels {
		seaNames = append(seaNames, n)
	}
	sort.Strings(seaNames)
	for _, n := range seaNames {
		si, ok := bs.index[n]
		if !ok || !m.Shapes[si].Sea {
			return nil, nil, fmt.Errorf("sea label for unknown sea %q", n)
		}
		m.Shapes[si].Label = proj.project(seaLabels[n])
		bs.seaLabels = append(bs.seaLabels, si)
	}
	for _, st := range straits {
		m.Straits = append(m.Straits, straitLine{st.A, st.B, proj.project(st.From), proj.project(st.To)})
	}
	return m, bs, nil
}

// seedPoints projects the seeds of config.go.
func seedPoints(bs *base) (sp []pt, sw []float64, owner []int, err error) {
	for _, s := range seeds {
		i, ok := bs.index[s.Area]
		if !ok || bs.shapes[i].Sea {
			return nil, nil, nil, fmt.Errorf("seed for unknown land area %q", s.Area)
		}
		sp = append(sp, proj.project(lonLat{s.Lon, s.Lat}))
		sw = append(sw, s.Weight)
		owner = append(owner, i)
	}
	return sp, sw, owner, nil
}

// partition cuts the land by the power diagram of the seeds (sp, weights
// sw, seed k drawing shape owner[k]) and the water by the sea borders, and
// returns every shape's rings.
func (bs *base) partition(sp []pt, sw []float64, owner []int) ([][][]pt, error) {
	box := canvasBox()
	segs := append([]segment(nil), bs.fixed...)
	for i := range sp {
		r, nb := powerCell(i, sp, sw, box)
		if r == nil {
			return nil, fmt.Errorf("seed for %s has an empty cell", bs.shapes[owner[i]].Name)
		}
		for k, j := range nb {
			if j > i {
				segs = append(segs, segment{r[k], r[(k+1)%len(r)], kindBisector})
			}
		}
	}
	ar, err := buildArrangement(segs)
	if err != nil {
		return nil, err
	}
	// Label faces: land by nearest seed, water by sea.
	label := make([]int, len(ar.Faces))
	water := make([]bool, len(ar.Faces))
	interior := make([]pt, len(ar.Faces))
	for f, cyc := range ar.Faces {
		label[f] = -1
		if area(ar.ring(cyc)) <= 0 {
			continue // the outer boundary
		}
		p, ok := ar.interior(f)
		if !ok {
			return nil, fmt.Errorf("face %d has no interior point", f)
		}
		interior[f] = p
		if inRing(p, bs.mainland) {
			best, bi := math.Inf(1), -1
			for i, q := range sp {
				if d := p.dist2(q) - sw[i]; d < best {
					best, bi = d, i
				}
			}
			label[f] = owner[bi]
		} else {
			water[f] = true
		}
	}
	// Water faces split only by bisectors are one sea.
	parent := make([]int, len(ar.Faces))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for h := range ar.Orig {
		f, g := ar.Face[h], ar.Face[h^1]
		if ar.Kind[h] == kindBisector && water[f] && water[g] {
			parent[find(f)] = find(g)
		}
	}
	groupSea := map[int]int{}
	for _, si := range bs.seaLabels {
		p := bs.shapes[si].Label
		hit := -1
		for f := range ar.Faces {
			if water[f] && inRing(p, ar.ring(ar.Faces[f])) {
				hit = f
			}
		}
		if hit < 0 {
			return nil, fmt.Errorf("the label of %s is not in open water", bs.shapes[si].Name)
		}
		g := find(hit)
		if prev, dup := groupSea[g]; dup {
			return nil, fmt.Errorf("%s and %s fall in one stretch of water: a sea border is missing", bs.shapes[prev].Name, bs.shapes[si].Name)
		}
		groupSea[g] = si
	}
	for f := range ar.Faces {
		if water[f] {
			si, ok := groupSea[find(f)]
			if !ok {
				return nil, fmt.Errorf("water near (%.0f, %.0f) belongs to no sea", interior[f].X, interior[f].Y)
			}
			label[f] = si
		}
	}
	rings := ar.regions(label, len(bs.shapes))
	// Whole islands: land to their area, a hole in the sea around them.
	rays := seaRaySegments()
	for _, is := range bs.isles {
		rings[is.shape] = append(rings[is.shape], is.ring)
		c := centroid(is.ring)
		hit := -1
		for i, sh := range bs.shapes {
			if sh.Sea && inRings(c, rings[i]) {
				hit = i
			}
		}
		if hit < 0 {
			return nil, fmt.Errorf("an island of %s lies in no sea", bs.shapes[is.shape].Name)
		}
		for i := range is.ring {
			for _, r := range rays {
				if segCross(is.ring[i], is.ring[(i+1)%len(is.ring)], r[0], r[1]) {
					return nil, fmt.Errorf("a sea border crosses an island of %s", bs.shapes[is.shape].Name)
				}
			}
		}
		rings[hit] = append(rings[hit], reversed(is.ring))
	}
	var missing []string
	for i, rs := range rings {
		if len(rs) == 0 {
			missing = append(missing, bs.shapes[i].Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no land drawn for %s", strings.Join(missing, ", "))
	}
	return rings, nil
}

func seaRaySegments() [][2]pt {
	var out [][2]pt
	for _, sb := range seaBorders {
		for k := 0; k+1 < len(sb.Path); k++ {
			out = append(out, [2]pt{proj.project(sb.Path[k]), proj.project(sb.Path[k+1])})
		}
	}
	return out
}
