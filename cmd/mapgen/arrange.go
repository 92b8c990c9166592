package main

import (
	"fmt"
	"math"
	"sort"
)

// segKind says where a segment of the arrangement came from. When two
// segments coincide, the higher kind wins.
type segKind int

const (
	kindFrame    segKind = iota // the canvas edge
	kindBisector                // a power-diagram edge between two seeds
	kindRay                     // a drawn border between two seas
	kindCoast                   // the mainland coastline
)

type segment struct {
	A, B pt
	Kind segKind
}

// arrangement is the planar subdivision made by a set of segments: every
// crossing becomes a node, and faces are traced as cycles of half-edges with
// the face on the left (a doubly connected edge list).
type arrangement struct {
	Nodes []pt
	// half-edge h runs Nodes[Orig[h]] → Nodes[Orig[h^1]]; h^1 is its twin.
	Orig []int
	Kind []segKind // per half-edge (both halves alike)
	Next []int
	Face []int
	// Faces lists each face's half-edges in order.
	Faces [][]int
}

type nodeIndex struct {
	eps  float64
	grid map[[2]int64][]int
	pts  *[]pt
}

func (ni *nodeIndex) id(p pt) int {
	kx, ky := int64(math.Floor(p.X/ni.eps)), int64(math.Floor(p.Y/ni.eps))
	for dx := int64(-1); dx <= 1; dx++ {
		for dy := int64(-1); dy <= 1; dy++ {
			for _, i := range ni.grid[[2]int64{kx + dx, ky + dy}] {
				if (*ni.pts)[i].near(p, ni.eps) {
					return i
				}
			}
		}
	}
	*ni.pts = append(*ni.pts, p)
	i := len(*ni.pts) - 1
	ni.grid[[2]int64{kx, ky}] = append(ni.grid[[2]int64{kx, ky}], i)
	return i
}

// buildArrangement splits the segments at their crossings and traces the
// faces. Coast segments are assumed not to cross one another.
func buildArrangement(segs []segment) (*arrangement, error) {
	ar := &arrangement{}
	ar.addEdges(segs, crossings(segs))
	ar.link()
	if err := ar.traceFaces(); err != nil {
		return nil, err
	}
	return ar, nil
}

// cut is a point of a segment where it is cut: at t along it, from 0 at A
// to 1 at B.
type cut struct {
	t float64
	p pt
}

// crossings lists the cuts of every segment: its ends, and every crossing
// with another segment (two coast segments excepted).
func crossings(segs []segment) [][]cut {
	cuts := make([][]cut, len(segs))
	for i, s := range segs {
		cuts[i] = []cut{{0, s.A}, {1, s.B}}
	}
	const eps = 1e-9
	for i := range segs {
		for j := i + 1; j < len(segs); j++ {
			if segs[i].Kind == kindCoast && segs[j].Kind == kindCoast {
				continue
			}
			a1, a2, b1, b2 := segs[i].A, segs[i].B, segs[j].A, segs[j].B
			r, s := a2.sub(a1), b2.sub(b1)
			den := r.cross(s)
			if math.Abs(den) < 1e-12*r.len()*s.len() {
				continue // parallel; the data has no collinear overlaps
			}
			q := b1.sub(a1)
			t, u := q.cross(s)/den, q.cross(r)/den
			if t < -eps || t > 1+eps || u < -eps || u > 1+eps {
				continue
			}
			t, u = math.Max(0, math.Min(1, t)), math.Max(0, math.Min(1, u))
			var p pt
			switch {
			case t == 0:
				p = a1
			case t == 1:
				p = a2
			case u == 0:
				p = b1
			case u == 1:
				p = b2
			default:
				p = a1.add(r.mul(t))
			}
			cuts[i] = append(cuts[i], cut{t, p})
			cuts[j] = append(cuts[j], cut{u, p})
		}
	}
	return cuts
}

// addEdges makes the nodes (cuts closer than 1e-6 are one node) and the
// edges between consecutive cuts of each segment, as pairs of half-edges;
// an edge that two segments share takes the higher kind.
func (ar *arrangement) addEdges(segs []segment, cuts [][]cut) {
	ni := &nodeIndex{eps: 1e-6, grid: map[[2]int64][]int{}, pts: &ar.Nodes}
	type ukey [2]int
	edges := map[ukey]int{}
	var edgeList []ukey
	var edgeKind []segKind
	for i, cs := range cuts {
		sort.SliceStable(cs, func(a, b int) bool { return cs[a].t < cs[b].t })
		prev := -1
		for _, c := range cs {
			n := ni.id(c.p)
			if prev >= 0 && n != prev {
				k := ukey{min(prev, n), max(prev, n)}
				if e, ok := edges[k]; ok {
					edgeKind[e] = max(edgeKind[e], segs[i].Kind)
				} else {
					edges[k] = len(edgeList)
					edgeList = append(edgeList, ukey{prev, n})
					edgeKind = append(edgeKind, segs[i].Kind)
				}
			}
			prev = n
		}
	}
	for e, k := range edgeList {
		ar.Orig = append(ar.Orig, k[0], k[1])
		ar.Kind = append(ar.Kind, edgeKind[e], edgeKind[e])
	}
}

// link sets each half-edge's Next: at its destination, the outgoing
// half-edge before its twin in the order of their angles.
func (ar *arrangement) link() {
	out := make([][]int, len(ar.Nodes))
	for h, n := range ar.Orig {
		out[n] = append(out[n], h)
	}
	dest := func(h int) int { return ar.Orig[h^1] }
	angle := func(h int) float64 {
		d := ar.Nodes[dest(h)].sub(ar.Nodes[ar.Orig[h]])
		return math.Atan2(d.Y, d.X)
	}
	pos := make([]int, len(ar.Orig))
	for _, hs := range out {
		sort.Slice(hs, func(a, b int) bool { return angle(hs[a]) < angle(hs[b]) })
		for k, h := range hs {
			pos[h] = k
		}
	}
	ar.Next = make([]int, len(ar.Orig))
	for h := range ar.Orig {
		t := h ^ 1 // outgoing at dest(h)
		hs := out[ar.Orig[t]]
		ar.Next[h] = hs[(pos[t]-1+len(hs))%len(hs)]
	}
}

// traceFaces follows Next from every half-edge not yet in a face, making
// the faces.
func (ar *arrangement) traceFaces() error {
	ar.Face = make([]int, len(ar.Orig))
	for h := range ar.Face {
		ar.Face[h] = -1
	}
	for h := range ar.Orig {
		if ar.Face[h] >= 0 {
			continue
		}
		f := len(ar.Faces)
		var cyc []int
		for x := h; ar.Face[x] < 0; x = ar.Next[x] {
			ar.Face[x] = f
			cyc = append(cyc, x)
		}
		if ar.Next[cyc[len(cyc)-1]] != h {
			return fmt.Errorf("arrangement: face %d does not close", f)
		}
		ar.Faces = append(ar.Faces, cyc)
	}
	return nil
}

// ring returns the points of a cycle of half-edges.
func (ar *arrangement) ring(cyc []int) []pt {
	r := make([]pt, len(cyc))
	for i, h := range cyc {
		r[i] = ar.Nodes[ar.Orig[h]]
	}
	return r
}

// interior returns a point just inside a bounded face, to the left of its
// longest edge.
func (ar *arrangement) interior(f int) (pt, bool) {
	cyc := ar.Faces[f]
	r := ar.ring(cyc)
	idx := make([]int, len(cyc))
	for i := range idx {
		idx[i] = i
	}
	l := func(i int) float64 { return r[i].dist(r[(i+1)%len(r)]) }
	sort.SliceStable(idx, func(a, b int) bool { return l(idx[a]) > l(idx[b]) })
	for _, i := range idx {
		a, b := r[i], r[(i+1)%len(r)]
		d := b.sub(a)
		if d.len() == 0 {
			continue
		}
		p := mid(a, b).add(d.unit().perp().mul(1e-3))
		if inRing(p, r) {
			return p, true
		}
	}
	return pt{}, false
}

// regions traces the boundary of each labelled region: label[f] is the
// region of face f, or -1. The result maps each label to its boundary
// rings, every ring keeping the region on its left.
func (ar *arrangement) regions(label []int, n int) [][][]pt {
	out := make([][][]pt, n)
	lab := func(h int) int { return label[ar.Face[h]] }
	used := make([]bool, len(ar.Orig))
	for h0 := range ar.Orig {
		L := lab(h0)
		if L < 0 || used[h0] || lab(h0^1) == L {
			continue
		}
		var r []pt
		h := h0
		for {
			used[h] = true
			r = append(r, ar.Nodes[ar.Orig[h]])
			nx := ar.Next[h]
			for lab(nx^1) == L {
				nx = ar.Next[nx^1]
			}
			h = nx
			if h == h0 {
				break
			}
		}
		out[L] = append(out[L], r)
	}
	return out
}
