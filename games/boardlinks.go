package games

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// links reads every mention of a link, checks them against each other and
// builds the adjacency: links: and sea_links: name each link once; an
// area's seas:, next: and straits: name it from that area, and when any
// area uses next: or straits: every link an area lists must be listed at
// its other end as well.
func (l *boardLoader) links() error {
	for _, n := range l.bf.Links {
		if err := l.listLink(n, "links"); err != nil {
			return err
		}
	}
	for _, n := range l.bf.SeaLinks {
		if err := l.listLink(n, "sea_links"); err != nil {
			return err
		}
	}
	for i := range l.b.Areas {
		f := l.fileArea(AreaID(i))
		for _, list := range []struct {
			name string
			node *yaml.Node
		}{{"seas", &f.Seas}, {"next", &f.Next}, {"straits", &f.Straits}} {
			if err := l.areaList(AreaID(i), list.name, list.node); err != nil {
				return err
			}
		}
	}
	if err := l.checkClaims(); err != nil {
		return err
	}
	return l.coasts()
}

// fileArea is the file entry of an area.
func (l *boardLoader) fileArea(id AreaID) *areaFile {
	if int(id) < l.b.NumLand {
		return &l.bf.Areas[id]
	}
	return &l.bf.Seas[int(id)-l.b.NumLand]
}

// area finds an area by its exact name or an alias, with a "did you mean"
// when there is none.
func (l *boardLoader) area(line int, what, name string) (AreaID, error) {
	if id, ok := l.b.exact(name); ok {
		return id, nil
	}
	msg := fmt.Sprintf("%s names unknown area %q", what, name)
	if _, err := l.b.Lookup(name); err != nil {
		if u, ok := err.(*UnknownAreaError); ok && len(u.Suggest) > 0 {
			msg += fmt.Sprintf(" (did you mean %s?)", orList(u.Suggest))
		}
	} else {
		msg += " (write the whole name or an alias)"
	}
	return NoArea, l.fail(line, "%s", msg)
}

// listLink reads [A, B] or [A, B, KIND] from links: or sea_links:.
func (l *boardLoader) listLink(n yaml.Node, list string) error {
	var parts []string
	if err := n.Decode(&parts); err != nil || len(parts) < 2 || len(parts) > 3 {
		return l.fail(n.Line, "a link is [Area, Area] or [Area, Area, KIND] with KIND land, strait or sea")
	}
	x, err := l.area(n.Line, "link", parts[0])
	if err != nil {
		return err
	}
	y, err := l.area(n.Line, "link", parts[1])
	if err != nil {
		return err
	}
	c := claim{from: x, to: y, list: list, line: n.Line}
	if len(parts) == 3 {
		if c.kind, err = l.kindWord(n.Line, parts[2]); err != nil {
			return err
		}
		c.explicit = true
	}
	if list == "sea_links" && (l.b.IsLand(x) || l.b.IsLand(y)) {
		return l.fail(n.Line, "link %s–%s is in the wrong list: sea_links: joins two seas (put it under links:)", parts[0], parts[1])
	}
	return l.addClaim(c)
}

func (l *boardLoader) kindWord(line int, w string) (LinkKind, error) {
	for k, name := range linkKindNames {
		if w == name {
			return LinkKind(k), nil
		}
	}
	return 0, l.fail(line, "unknown link kind %q (land, strait or sea)", w)
}

// areaList reads the names an area lists under seas:, next: or straits:.
func (l *boardLoader) areaList(from AreaID, list string, n *yaml.Node) error {
	if n.Kind == 0 {
		return nil
	}
	name := l.b.AreaName(from)
	if n.Kind != yaml.SequenceNode {
		return l.fail(n.Line, "area %s: %s: is a list of area names", name, list)
	}
	for _, item := range n.Content {
		if item.Kind != yaml.ScalarNode {
			return l.fail(item.Line, "area %s: %s: is a list of area names", name, list)
		}
		to, ok := l.b.exact(item.Value)
		if list == "seas" && (!ok || l.b.IsLand(to)) {
			return l.fail(item.Line, "area %s borders unknown sea %q", name, item.Value)
		}
		to, err := l.area(item.Line, fmt.Sprintf("area %s: %s:", name, list), item.Value)
		if err != nil {
			return err
		}
		c := claim{from: from, to: to, list: list, line: item.Line, directed: true}
		if list == "straits" {
			c.kind, c.explicit = StraitLink, true
		}
		if err := l.addClaim(c); err != nil {
			return err
		}
	}
	return nil
}

// addClaim checks a claim's two ends and its kind, and keeps it.
func (l *boardLoader) addClaim(c claim) error {
	x, y := l.b.AreaName(c.from), l.b.AreaName(c.to)
	if c.from == c.to {
		return l.fail(c.line, "link from %s to itself", x)
	}
	land := l.b.IsLand(c.from) && l.b.IsLand(c.to)
	switch {
	case !c.explicit && land:
		c.kind = LandLink
	case !c.explicit:
		c.kind = SeaLink
	case c.kind == StraitLink && !land:
		return l.fail(c.line, "%s–%s: a strait joins two land areas (reduX Core 6.2)", x, y)
	case c.kind == LandLink && !land:
		return l.fail(c.line, "%s–%s: a land link joins two land areas; a link with a sea is a sea link", x, y)
	case c.kind == SeaLink && land:
		return l.fail(c.line, "%s–%s: a sea link needs a sea at one end; two land areas are joined by land or a strait", x, y)
	}
	l.claims = append(l.claims, c)
	return nil
}

// where says where a claim is, for messages.
func (l *boardLoader) where(c claim) string {
	if c.directed {
		return fmt.Sprintf("%s's %s: (line %d)", l.b.AreaName(c.from), c.list, c.line)
	}
	return fmt.Sprintf("%s: (line %d)", c.list, c.line)
}

// checkClaims refuses a link named twice, named with two kinds, or (where
// areas list their neighbours) named at one end only; then builds the
// edges.
func (l *boardLoader) checkClaims() error {
	type pair [2]AreaID
	key := func(c claim) pair { return pair{min(c.from, c.to), max(c.from, c.to)} }
	first := map[pair]int{}
	dir := map[pair]int{}               // directed claims by (from, to)
	back := make([]bool, len(l.claims)) // a directed claim whose other end lists it too
	for i, c := range l.claims {
		if c.directed {
			if j, dup := dir[pair{c.from, c.to}]; dup {
				return l.fail(c.line, "area %s lists %s twice (also in %s)", l.b.AreaName(c.from), l.b.AreaName(c.to), l.where(l.claims[j]))
			}
			dir[pair{c.from, c.to}] = i
		}
		j, seen := first[key(c)]
		if !seen {
			first[key(c)] = i
			continue
		}
		p := l.claims[j]
		x, y := l.b.AreaName(c.from), l.b.AreaName(c.to)
		switch {
		case !c.directed && !p.directed:
			return l.fail(c.line, "link %s–%s is listed twice (first at line %d)", x, y, p.line)
		case !c.directed || !p.directed:
			return l.fail(c.line, "link %s–%s is both in %s and in %s; list it once", x, y, l.where(p), l.where(c))
		case c.kind != p.kind:
			return l.fail(c.line, "%s makes %s–%s a %s link but %s makes it a %s link", l.where(c), x, y, c.kind, l.where(p), p.kind)
		}
		back[i], back[j] = true, true
	}
	for i, c := range l.claims {
		if l.perArea && c.directed && !back[i] {
			return l.fail(c.line, "%s lists %s under %s: but %s does not list %s; an area that lists its neighbours lists every link at both ends (or once under links:)",
				l.b.AreaName(c.from), l.b.AreaName(c.to), c.list, l.b.AreaName(c.to), l.b.AreaName(c.from))
		}
		if first[key(c)] != i {
			continue
		}
		l.b.adj[c.from] = append(l.b.adj[c.from], Edge{To: c.to, Kind: c.kind, Strait: c.kind == StraitLink})
		l.b.adj[c.to] = append(l.b.adj[c.to], Edge{To: c.from, Kind: c.kind, Strait: c.kind == StraitLink})
	}
	return nil
}

// coasts refuses a sea that borders no land area.
func (l *boardLoader) coasts() error {
	for id := AreaID(l.b.NumLand); int(id) < len(l.b.Areas); id++ {
		coast := false
		for _, e := range l.b.adj[id] {
			coast = coast || l.b.IsLand(e.To)
		}
		if !coast {
			return l.fail(l.b.Areas[id].line, "sea %s borders no land area: give it a coast (a land area's seas:, or links:)", l.b.AreaName(id))
		}
	}
	return nil
}

func (l *boardLoader) sets() error {
	for _, s := range l.bf.Sets {
		if s.Name == "" {
			return l.fail(s.line, "an area set has no name")
		}
		for _, prev := range l.b.Sets {
			if prev.Name == s.Name {
				return l.fail(s.line, "area set %q is listed twice (first at line %d)", s.Name, prev.line)
			}
		}
		if err := l.b.AddSet(s); err != nil {
			return l.fail(s.line, "%v", err)
		}
	}
	return nil
}

// connected refuses a board in pieces, naming the pieces: every area must
// be reachable from every other over land, straits or sea.
func (l *boardLoader) connected() error {
	part := make([]int, len(l.b.Areas))
	for i := range part {
		part[i] = -1
	}
	var parts [][]AreaID
	for start := range l.b.Areas {
		if part[start] >= 0 {
			continue
		}
		k := len(parts)
		queue := []AreaID{AreaID(start)}
		part[start] = k
		for q := 0; q < len(queue); q++ {
			for _, e := range l.b.adj[queue[q]] {
				if part[e.To] < 0 {
					part[e.To] = k
					queue = append(queue, e.To)
				}
			}
		}
		parts = append(parts, queue)
	}
	if len(parts) == 1 {
		return nil
	}
	var ds []string
	for _, p := range parts {
		ds = append(ds, l.describePart(p))
	}
	second := l.b.Areas[minID(parts[1])]
	return l.fail(second.line, "the board is in %d parts that no link joins: %s; every area must be reachable from every other",
		len(parts), strings.Join(ds, "; "))
}

func minID(ids []AreaID) AreaID {
	m := ids[0]
	for _, id := range ids {
		m = min(m, id)
	}
	return m
}

// describePart names the areas of a part in board order, at most eight.
func (l *boardLoader) describePart(p []AreaID) string {
	in := make([]bool, len(l.b.Areas))
	for _, id := range p {
		in[id] = true
	}
	var names []string
	for id, ok := range in {
		if ok {
			names = append(names, l.b.Areas[id].Name)
		}
	}
	if len(names) > 8 {
		names = append(names[:8], fmt.Sprintf("… (%d areas)", len(names)))
	}
	return "{" + strings.Join(names, ", ") + "}"
}
