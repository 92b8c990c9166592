// Package games holds the rulesets pbem referees as data: the board (areas,
// terrain, regions, links, straits, seas), the nations, the timeline and the
// scoring tables, each embedded as YAML and replaceable by a GM's edited copy
// (docs/design.md §1).
package games

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// AreaID indexes Board.Areas. Land areas come first, then the seas.
type AreaID int

// NoArea is the zero-like "no area" value.
const NoArea AreaID = -1

// Area is one land or sea area of a board (reduX Core 1.1).
type Area struct {
	ID        AreaID   `yaml:"-"`
	Name      string   `yaml:"name"`
	Region    string   `yaml:"region"`
	Difficult bool     `yaml:"difficult"`
	Sea       bool     `yaml:"-"`
	Aliases   []string `yaml:"aliases"`
	Seas      []string `yaml:"seas"`
	line      int
}

// Edge is one link out of an area: to a land area (possibly across a strait,
// reduX Core 6.2), from land to a bordering sea, or between two seas.
type Edge struct {
	To     AreaID
	Strait bool
}

// AreaSet is a named list of areas used by a rule, such as "England south of
// and including York and Cheshire" (reduX Core 3.2).
type AreaSet struct {
	Name  string   `yaml:"name"`
	Why   string   `yaml:"why"`
	Areas []string `yaml:"areas"`
	IDs   []AreaID `yaml:"-"`
}

// Board is a loaded map. It is immutable once built.
type Board struct {
	Name    string
	Regions []string
	Areas   []Area
	NumLand int
	Sets    []AreaSet

	adj   [][]Edge
	names map[string]AreaID // folded name or alias → area; lookups only
}

type boardFile struct {
	Name     string      `yaml:"name"`
	Regions  []string    `yaml:"regions"`
	Areas    []Area      `yaml:"areas"`
	Seas     []Area      `yaml:"seas"`
	Links    []yaml.Node `yaml:"links"`
	SeaLinks []yaml.Node `yaml:"sea_links"`
	Sets     []AreaSet   `yaml:"area_sets"`
}

// UnmarshalYAML records the line of each area for error messages.
func (a *Area) UnmarshalYAML(n *yaml.Node) error {
	type plain Area
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*a = Area(p)
	a.line = n.Line
	return nil
}

// LoadError is a data file error with its file and line.
type LoadError struct {
	File string
	Line int
	Msg  string
}

func (e *LoadError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ParseBoard reads a board YAML file. file names the source in errors.
func ParseBoard(file string, data []byte) (*Board, error) {
	var bf boardFile
	if err := strictUnmarshal(data, &bf); err != nil {
		return nil, yamlError(file, err)
	}
	fail := func(line int, f string, args ...any) error {
		return &LoadError{File: file, Line: line, Msg: fmt.Sprintf(f, args...)}
	}
	if bf.Name == "" {
		return nil, fail(0, "board has no name")
	}
	if len(bf.Areas) == 0 {
		return nil, fail(0, "board has no areas")
	}
	b := &Board{Name: bf.Name, Regions: bf.Regions, names: map[string]AreaID{}}
	regions := map[string]bool{}
	for _, r := range bf.Regions {
		regions[r] = true
	}
	add := func(a Area, sea bool) error {
		if a.Name == "" {
			return fail(a.line, "area has no name")
		}
		if !sea && len(regions) > 0 && !regions[a.Region] {
			return fail(a.line, "area %s: unknown region %q (regions are %s)", a.Name, a.Region, strings.Join(bf.Regions, ", "))
		}
		a.ID = AreaID(len(b.Areas))
		a.Sea = sea
		for _, n := range append([]string{a.Name}, a.Aliases...) {
			k := Fold(n)
			if k == "" {
				return fail(a.line, "area %s: empty alias", a.Name)
			}
			if prev, ok := b.names[k]; ok && prev != a.ID {
				return fail(a.line, "name %q of %s is already used by %s", n, a.Name, b.Areas[prev].Name)
			}
			b.names[k] = a.ID
		}
		b.Areas = append(b.Areas, a)
		return nil
	}
	for _, a := range bf.Areas {
		if err := add(a, false); err != nil {
			return nil, err
		}
	}
	b.NumLand = len(b.Areas)
	for _, s := range bf.Seas {
		if err := add(s, true); err != nil {
			return nil, err
		}
	}
	b.adj = make([][]Edge, len(b.Areas))
	link := func(n yaml.Node, wantSea bool) error {
		var parts []string
		if err := n.Decode(&parts); err != nil || len(parts) < 2 || len(parts) > 3 {
			return fail(n.Line, "a link is [Area, Area] or [Area, Area, strait]")
		}
		strait := false
		if len(parts) == 3 {
			if parts[2] != "strait" {
				return fail(n.Line, "unknown link kind %q (only \"strait\")", parts[2])
			}
			strait = true
		}
		x, ok1 := b.exact(parts[0])
		y, ok2 := b.exact(parts[1])
		if !ok1 || !ok2 {
			bad := parts[0]
			if ok1 {
				bad = parts[1]
			}
			return fail(n.Line, "link names unknown area %q", bad)
		}
		if x == y {
			return fail(n.Line, "link from %s to itself", parts[0])
		}
		if b.Areas[x].Sea != wantSea || b.Areas[y].Sea != wantSea {
			return fail(n.Line, "link %s–%s is in the wrong list (land links under links:, sea links under sea_links:)", parts[0], parts[1])
		}
		if _, dup := b.edge(x, y); dup {
			return fail(n.Line, "link %s–%s is listed twice", parts[0], parts[1])
		}
		b.adj[x] = append(b.adj[x], Edge{To: y, Strait: strait})
		b.adj[y] = append(b.adj[y], Edge{To: x, Strait: strait})
		return nil
	}
	for _, n := range bf.Links {
		if err := link(n, false); err != nil {
			return nil, err
		}
	}
	for _, n := range bf.SeaLinks {
		if err := link(n, true); err != nil {
			return nil, err
		}
	}
	for i := 0; i < b.NumLand; i++ {
		a := &b.Areas[i]
		for _, s := range a.Seas {
			id, ok := b.exact(s)
			if !ok || !b.Areas[id].Sea {
				return nil, fail(a.line, "area %s borders unknown sea %q", a.Name, s)
			}
			if _, dup := b.edge(a.ID, id); dup {
				return nil, fail(a.line, "area %s lists sea %s twice", a.Name, s)
			}
			b.adj[a.ID] = append(b.adj[a.ID], Edge{To: id})
			b.adj[id] = append(b.adj[id], Edge{To: a.ID})
		}
	}
	for i := range b.adj {
		sort.Slice(b.adj[i], func(x, y int) bool { return b.adj[i][x].To < b.adj[i][y].To })
	}
	for _, s := range bf.Sets {
		if err := b.AddSet(s); err != nil {
			return nil, &LoadError{File: file, Msg: err.Error()}
		}
	}
	return b, nil
}

// AddSet adds a named area set, resolving its names exactly.
func (b *Board) AddSet(s AreaSet) error {
	s.IDs = nil
	for _, n := range s.Areas {
		id, ok := b.exact(n)
		if !ok {
			return fmt.Errorf("area set %q names unknown area %q", s.Name, n)
		}
		s.IDs = append(s.IDs, id)
	}
	for i := range b.Sets {
		if b.Sets[i].Name == s.Name {
			b.Sets[i] = s
			return nil
		}
	}
	b.Sets = append(b.Sets, s)
	return nil
}

// Set returns the named area set, or nil.
func (b *Board) Set(name string) []AreaID {
	for _, s := range b.Sets {
		if s.Name == name {
			return s.IDs
		}
	}
	return nil
}

func (b *Board) exact(name string) (AreaID, bool) {
	id, ok := b.names[Fold(name)]
	return id, ok
}

func (b *Board) edge(x, y AreaID) (Edge, bool) {
	for _, e := range b.adj[x] {
		if e.To == y {
			return e, true
		}
	}
	return Edge{}, false
}

// Area returns the area with the given id.
func (b *Board) Area(id AreaID) *Area { return &b.Areas[id] }

// AreaName returns the name of an area.
func (b *Board) AreaName(id AreaID) string {
	if id < 0 || int(id) >= len(b.Areas) {
		return "?"
	}
	return b.Areas[id].Name
}

// Edges lists the links out of an area, sorted by area id.
func (b *Board) Edges(id AreaID) []Edge { return b.adj[id] }

// Adjacent reports whether two areas are linked, and whether across a strait.
func (b *Board) Adjacent(x, y AreaID) (linked, strait bool) {
	e, ok := b.edge(x, y)
	return ok, e.Strait
}

// IsLand reports whether id is a land area.
func (b *Board) IsLand(id AreaID) bool { return id >= 0 && int(id) < b.NumLand }

// Difficult reports whether a land area is difficult terrain (reduX Core 1.1).
func (b *Board) Difficult(id AreaID) bool { return b.Areas[id].Difficult }

// InRegion reports whether an area is in the named region.
func (b *Board) InRegion(id AreaID, region string) bool { return b.Areas[id].Region == region }

// Lookup finds an area by exact name or alias (any case, punctuation and
// spacing ignored), else by a unique prefix of a name or alias. An unknown
// or ambiguous name gives an *UnknownAreaError that lists the candidates.
func (b *Board) Lookup(name string) (AreaID, error) {
	k := Fold(name)
	if k == "" {
		return NoArea, &UnknownAreaError{Name: name}
	}
	if id, ok := b.names[k]; ok {
		return id, nil
	}
	var hits []AreaID
	for i := range b.Areas {
		a := &b.Areas[i]
		for _, n := range append([]string{a.Name}, a.Aliases...) {
			if strings.HasPrefix(Fold(n), k) {
				hits = appendUnique(hits, a.ID)
			}
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	e := &UnknownAreaError{Name: name}
	if len(hits) > 1 {
		for _, h := range hits {
			e.Ambiguous = append(e.Ambiguous, b.Areas[h].Name)
		}
		return NoArea, e
	}
	best := 3
	for i := range b.Areas {
		a := &b.Areas[i]
		for _, n := range append([]string{a.Name}, a.Aliases...) {
			d := osaDistance(k, Fold(n))
			if d < best {
				best = d
				e.Suggest = []string{a.Name}
			} else if d == best && !contains(e.Suggest, a.Name) {
				e.Suggest = append(e.Suggest, a.Name)
			}
		}
	}
	return NoArea, e
}

// UnknownAreaError says an area name was not understood, with the near
// misses ("did you mean") or the names an ambiguous prefix could mean.
type UnknownAreaError struct {
	Name      string
	Suggest   []string
	Ambiguous []string
}

func (e *UnknownAreaError) Error() string {
	switch {
	case len(e.Ambiguous) > 0:
		return fmt.Sprintf("%q could be %s; write more of the name", e.Name, orList(e.Ambiguous))
	case len(e.Suggest) > 0:
		return fmt.Sprintf("unknown area %q (did you mean %s?)", e.Name, orList(e.Suggest))
	}
	return fmt.Sprintf("unknown area %q", e.Name)
}

func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// Fold reduces a name to lower-case letters and digits, so that "N. Mercia",
// "n mercia" and "NMercia" compare equal.
func Fold(s string) string {
	var sb strings.Builder
	for _, r := range s {
		r = foldAccent(r)
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sb.WriteRune(unicode.ToLower(r))
		}
	}
	return sb.String()
}

func foldAccent(r rune) rune {
	switch r {
	case 'á', 'à', 'â', 'ä', 'Á', 'À', 'Â', 'Ä':
		return 'a'
	case 'é', 'è', 'ê', 'ë', 'É', 'È', 'Ê', 'Ë':
		return 'e'
	case 'í', 'ì', 'î', 'ï':
		return 'i'
	case 'ó', 'ò', 'ô', 'ö', 'Ó', 'Ö':
		return 'o'
	case 'ú', 'ù', 'û', 'ü', 'Ú', 'Ü':
		return 'u'
	case 'æ', 'Æ':
		return 'e'
	case 'ø', 'Ø':
		return 'o'
	case 'å', 'Å':
		return 'a'
	}
	return r
}

// osaDistance is the optimal string alignment distance: edits, with a
// transposition of two neighbours costing one ("Yrok" is one from "York").
func osaDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// Distance exposes the edit distance used for "did you mean" suggestions.
func Distance(a, b string) int { return osaDistance(Fold(a), Fold(b)) }

func appendUnique(xs []AreaID, x AreaID) []AreaID {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
