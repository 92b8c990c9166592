package main

// powerCell returns the cell of seed i in the power diagram of the seeds
// (weighted Voronoi: x belongs to the seed minimising |x−p|² − w), clipped
// to the box, as a convex polygon. nb[k] is the seed across edge k
// (r[k]→r[k+1]), or -1 on the box.
func powerCell(i int, ps []pt, ws []float64, box [4]pt) (r []pt, nb []int) {
	r = box[:]
	nb = []int{-1, -1, -1, -1}
	for j := range ps {
		if j == i {
			continue
		}
		// keep x with n·x <= c, where n = 2(pj−pi), c = |pj|²−|pi|²−wj+wi
		n := ps[j].sub(ps[i]).mul(2)
		c := ps[j].dot(ps[j]) - ps[i].dot(ps[i]) - ws[j] + ws[i]
		var nr []pt
		var nn []int
		for k := range r {
			a, b := r[k], r[(k+1)%len(r)]
			da, db := n.dot(a)-c, n.dot(b)-c
			if da <= 0 {
				nr = append(nr, a)
				nn = append(nn, nb[k])
			}
			if (da < 0 && db > 0) || (da > 0 && db < 0) {
				t := da / (da - db)
				nr = append(nr, lerp(a, b, t))
				if da < 0 {
					nn = append(nn, j) // leaving: the new edge runs along the bisector
				} else {
					nn = append(nn, nb[k])
				}
			}
		}
		r, nb = nr, nn
		if len(r) == 0 {
			return nil, nil
		}
	}
	return r, nb
}
