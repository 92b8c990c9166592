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
	ID     AreaID
	Name   string
	Region string
	// Terrain indexes Board.Terrains: the area's terrain kind; -1 for a sea.
	Terrain int
	// Difficult is the Difficult flag of the area's terrain kind (reduX
	// Core 1.1); false for a sea.
	Difficult bool
	Sea       bool
	// Inland marks an inland sea, a sea inside the land: in Hy Breasil
	// (seed 001, 5) no nation enters the board from it.
	Inland  bool
	Aliases []string
	// At is where the area's centre is drawn when the board has no drawing
	// of its own (mapdraw), in the board file's units; nil when not given.
	At   *Pos
	line int
}

// Pos is a point of a board file's own plane, x to the right and y down.
type Pos struct{ X, Y float64 }

// Terrain is a terrain kind of a board's terrain table. A ruleset reads the
// flags it knows (reduX reads Difficult, reduX Core 1.1) or looks kinds up
// by name (Board.TerrainIs), so one board serves several rulesets
// (docs/rulesets.md §Boards).
type Terrain struct {
	Name string
	// Difficult is difficult terrain in the Britannia family's sense:
	// reduX Core 1.1, 4.2.1, 5.1, 6.3, 7.1; Hy Breasil's forest and hills
	// (seed 001, 6.3.1).
	Difficult bool
	// As lists other names the kind answers to, for a ruleset that looks
	// kinds up by a name this board does not use ("as: [hills]").
	As []string
	// Colour is the fill the map gives the kind ("#rrggbb"); "" lets the
	// map choose.
	Colour string
	Why    string
	line   int // its entry in the board file; 0 for the built-in kinds
}

// LinkKind says what a link crosses.
type LinkKind uint8

const (
	// LandLink joins two land areas that share a border.
	LandLink LinkKind = iota
	// StraitLink joins two land areas across water (reduX Core 6.2).
	StraitLink
	// SeaLink joins a sea to a land area on its coast, or two seas.
	SeaLink
)

var linkKindNames = []string{"land", "strait", "sea"}

// String is the kind as a board file writes it: land, strait or sea.
func (k LinkKind) String() string { return linkKindNames[k] }

// Edge is one link out of an area: to a land area (possibly across a strait,
// reduX Core 6.2), from land to a bordering sea, or between two seas.
type Edge struct {
	To     AreaID
	Kind   LinkKind
	Strait bool // Kind == StraitLink
}

// AreaSet is a named list of areas used by a rule, such as "England south of
// and including York and Cheshire" (reduX Core 3.2).
type AreaSet struct {
	Name  string   `yaml:"name"`
	Why   string   `yaml:"why"`
	Areas []string `yaml:"areas"`
	IDs   []AreaID `yaml:"-"`
	line  int
}

// UnmarshalYAML records the line of the set for error messages.
func (s *AreaSet) UnmarshalYAML(n *yaml.Node) error {
	type plain AreaSet
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*s = AreaSet(p)
	s.line = n.Line
	return nil
}

// Board is a loaded map. It is immutable once built.
type Board struct {
	Name    string
	Regions []string
	// Terrains is the terrain table; without one in the file it is clear
	// and difficult (reduX Core 1.1).
	Terrains []Terrain
	Areas    []Area
	NumLand  int
	Sets     []AreaSet
	// Drawing is the board's drawing (mapdraw's geometry file), read from
	// beside the board file by the ruleset's loader; nil when the board has
	// none and is drawn from area centres.
	Drawing *File

	adj   [][]Edge
	names map[string]AreaID // folded name or alias → area; lookups only
}

// File is a data file: the name errors give it and its bytes.
type File struct {
	Name string
	Data []byte
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

// ParseBoard reads a board YAML file (docs/rulesets.md §Boards; the
// Britannia board, games/britannia/board.yaml, is the example) and checks
// it: names and aliases unique, terrain from the terrain table, links
// between areas that exist and listed at both ends where the file lists
// neighbours per area, every sea with a coast, and the board in one piece.
// file names the source in errors, which are *LoadError with the line.
func ParseBoard(file string, data []byte) (*Board, error) {
	bf, err := decodeBoard(file, data)
	if err != nil {
		return nil, err
	}
	l := &boardLoader{file: file, bf: bf, b: &Board{Name: bf.Name, Regions: bf.Regions, names: map[string]AreaID{}}}
	for _, step := range []func() error{l.header, l.terrains, l.areas, l.links, l.sets, l.connected} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	for i := range l.b.adj {
		sort.Slice(l.b.adj[i], func(x, y int) bool { return l.b.adj[i][x].To < l.b.adj[i][y].To })
	}
	return l.b, nil
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

// Line is the line of area id's entry (under areas: or seas:) in the
// board file it was read from, for a ruleset that refuses the board
// (docs/rulesets.md §Boards: every board error has its file and line); 0
// for an area not read from a file.
func (b *Board) Line(id AreaID) int { return b.Areas[id].line }

// TerrainLine is the line of terrain kind i's entry in the board file's
// terrain table; 0 for the built-in clear and difficult of a board without
// one.
func (b *Board) TerrainLine(i int) int { return b.Terrains[i].line }

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

// Terrain returns the terrain kind of a land area (docs/rulesets.md
// §Boards); nil for a sea.
func (b *Board) Terrain(id AreaID) *Terrain {
	if !b.IsLand(id) {
		return nil
	}
	return &b.Terrains[b.Areas[id].Terrain]
}

// TerrainIs reports whether a land area's terrain kind is called name, or
// answers to it (Terrain.As), in any case: a ruleset that reads terrain by
// name ("plains") asks this.
func (b *Board) TerrainIs(id AreaID, name string) bool {
	t := b.Terrain(id)
	if t == nil {
		return false
	}
	for _, n := range append([]string{t.Name}, t.As...) {
		if Fold(n) == Fold(name) {
			return true
		}
	}
	return false
}

// Link returns the link between two areas, if they are linked.
func (b *Board) Link(x, y AreaID) (Edge, bool) { return b.edge(x, y) }

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
