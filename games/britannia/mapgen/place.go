package main

// place puts labels and counter slots. (Placeholder: centroids.)
func place(m *model) {
	for _, s := range m.Shapes {
		if s.Sea {
			continue
		}
		big := s.Rings[0]
		for _, r := range s.Rings {
			if area(r) > area(big) {
				big = r
			}
		}
		s.Label = centroid(big)
	}
}
