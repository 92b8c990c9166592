package games

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// boardFile is a board YAML file as written (docs/rulesets.md §Boards).
type boardFile struct {
	Name     string        `yaml:"name"`
	Regions  []string      `yaml:"regions"`
	Terrain  []terrainFile `yaml:"terrain"`
	Areas    []areaFile    `yaml:"areas"`
	Seas     []areaFile    `yaml:"seas"`
	Links    []yaml.Node   `yaml:"links"`
	SeaLinks []yaml.Node   `yaml:"sea_links"`
	Sets     []AreaSet     `yaml:"area_sets"`

	top *yaml.Node // the document's mapping, for the lines of its keys
}

type terrainFile struct {
	Name      string   `yaml:"name"`
	Difficult bool     `yaml:"difficult"`
	As        []string `yaml:"as"`
	Colour    string   `yaml:"colour"`
	Why       string   `yaml:"why"`
	line      int
}

// areaFile is one entry of areas: or seas:. The neighbour lists are nodes
// so that each name keeps its line.
type areaFile struct {
	Name      string    `yaml:"name"`
	Region    string    `yaml:"region"`
	Terrain   string    `yaml:"terrain"`
	Difficult *bool     `yaml:"difficult"`
	Inland    *bool     `yaml:"inland"`
	Aliases   []string  `yaml:"aliases"`
	Seas      yaml.Node `yaml:"seas"`
	Next      yaml.Node `yaml:"next"`
	Straits   yaml.Node `yaml:"straits"`
	At        yaml.Node `yaml:"at"`
	Why       string    `yaml:"why"`
	line      int
}

// UnmarshalYAML records the line of the area for error messages.
func (a *areaFile) UnmarshalYAML(n *yaml.Node) error {
	type plain areaFile
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*a = areaFile(p)
	a.line = n.Line
	return nil
}

// UnmarshalYAML records the line of the terrain kind for error messages.
func (t *terrainFile) UnmarshalYAML(n *yaml.Node) error {
	type plain terrainFile
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*t = terrainFile(p)
	t.line = n.Line
	return nil
}

// decodeBoard reads the YAML, refusing unknown keys at every depth.
func decodeBoard(file string, data []byte) (*boardFile, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if err.Error() == "EOF" {
			return nil, &LoadError{File: file, Msg: "the file is empty"}
		}
		return nil, yamlError(file, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, &LoadError{File: file, Line: doc.Line, Msg: "a board file is a mapping (name:, areas:, seas:, links: …)"}
	}
	var bf boardFile
	if err := strictKeys(doc.Content[0], reflect.TypeOf(bf)); err != nil {
		return nil, yamlError(file, err)
	}
	for _, list := range []string{"areas", "seas"} {
		if n := mapValue(doc.Content[0], list); n != nil && n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				if err := strictKeys(c, reflect.TypeOf(areaFile{})); err != nil {
					return nil, yamlError(file, err)
				}
			}
		}
	}
	if n := mapValue(doc.Content[0], "terrain"); n != nil && n.Kind == yaml.SequenceNode {
		for _, c := range n.Content {
			if err := strictKeys(c, reflect.TypeOf(terrainFile{})); err != nil {
				return nil, yamlError(file, err)
			}
		}
	}
	if err := doc.Content[0].Decode(&bf); err != nil {
		return nil, yamlError(file, err)
	}
	bf.top = doc.Content[0]
	return &bf, nil
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// boardLoader builds a Board from a boardFile, one step at a time.
type boardLoader struct {
	file string
	bf   *boardFile
	b    *Board
	// claims are the links as the file gives them, in file order.
	claims []claim
	// perArea is set when some area lists its neighbours (next:,
	// straits:): then every link an area lists must be listed at its other
	// end too.
	perArea bool
}

// claim is one mention of a link: an entry of links: (both ways) or a name
// in an area's seas:, next: or straits: (from that area).
type claim struct {
	from, to AreaID
	kind     LinkKind
	explicit bool // the kind was written, not read off the two ends
	list     string
	line     int
	directed bool
}

func (l *boardLoader) fail(line int, f string, args ...any) error {
	return &LoadError{File: l.file, Line: line, Msg: fmt.Sprintf(f, args...)}
}

func (l *boardLoader) keyLine(key string) int {
	for i := 0; i+1 < len(l.bf.top.Content); i += 2 {
		if l.bf.top.Content[i].Value == key {
			return l.bf.top.Content[i].Line
		}
	}
	return l.bf.top.Line
}

func (l *boardLoader) header() error {
	if l.bf.Name == "" {
		return l.fail(l.bf.top.Line, "board has no name")
	}
	if len(l.bf.Areas) == 0 {
		return l.fail(l.keyLine("areas"), "board has no areas")
	}
	seen := map[string]bool{}
	for _, r := range l.bf.Regions {
		if r == "" || seen[r] {
			return l.fail(l.keyLine("regions"), "region %q is empty or listed twice", r)
		}
		seen[r] = true
	}
	return nil
}

// legacyTerrain is the terrain table of a board file that has none: the
// two kinds of reduX Core 1.1.
var legacyTerrain = []Terrain{
	{Name: "clear", Why: "reduX Core 1.1: an area that is not difficult"},
	{Name: "difficult", Difficult: true, Why: "reduX Core 1.1: difficult terrain"},
}

func (l *boardLoader) terrains() error {
	if len(l.bf.Terrain) == 0 {
		if mapValue(l.bf.top, "terrain") != nil {
			return l.fail(l.keyLine("terrain"), "the terrain table is empty; leave it out for clear and difficult")
		}
		l.b.Terrains = append([]Terrain(nil), legacyTerrain...)
		return nil
	}
	seen := map[string]string{}
	for _, t := range l.bf.Terrain {
		if t.Name == "" {
			return l.fail(t.line, "a terrain kind has no name")
		}
		for _, n := range append([]string{t.Name}, t.As...) {
			if prev, dup := seen[Fold(n)]; dup {
				return l.fail(t.line, "terrain name %q is already used by %s", n, prev)
			}
			seen[Fold(n)] = t.Name
		}
		if t.Colour != "" && !hexColour(t.Colour) {
			return l.fail(t.line, "terrain %s: colour %q is not #rrggbb", t.Name, t.Colour)
		}
		l.b.Terrains = append(l.b.Terrains, Terrain{Name: t.Name, Difficult: t.Difficult, As: t.As, Colour: t.Colour, Why: t.Why, line: t.line})
	}
	return nil
}

func hexColour(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	_, err := strconv.ParseUint(s[1:], 16, 32)
	return err == nil
}

// terrainOf reads an area's terrain: terrain: NAME, or the shorthand of
// the boards before terrain tables, difficult: true (or false).
func (l *boardLoader) terrainOf(a *areaFile) (int, error) {
	var name string
	switch {
	case a.Difficult != nil && a.Terrain != "":
		return 0, l.fail(a.line, "area %s: give terrain: or difficult:, not both", a.Name)
	case a.Terrain != "":
		name = a.Terrain
	case a.Difficult != nil && *a.Difficult:
		name = "difficult"
	case a.Difficult != nil:
		name = "clear"
	case len(l.bf.Terrain) > 0:
		return 0, l.fail(a.line, "area %s has no terrain (terrain kinds: %s)", a.Name, l.terrainNames())
	default:
		name = "clear"
	}
	for i, t := range l.b.Terrains {
		if Fold(t.Name) == Fold(name) {
			return i, nil
		}
	}
	return 0, l.fail(a.line, "area %s: unknown terrain %q (terrain kinds: %s)", a.Name, name, l.terrainNames())
}

func (l *boardLoader) terrainNames() string {
	var ns []string
	for _, t := range l.b.Terrains {
		ns = append(ns, t.Name)
	}
	return strings.Join(ns, ", ")
}

func (l *boardLoader) areas() error {
	regions := map[string]bool{}
	for _, r := range l.bf.Regions {
		regions[r] = true
	}
	for i := range l.bf.Areas {
		a := &l.bf.Areas[i]
		if err := l.landKeys(a, regions); err != nil {
			return err
		}
		t, err := l.terrainOf(a)
		if err != nil {
			return err
		}
		if err := l.add(a, Area{Region: a.Region, Terrain: t, Difficult: l.b.Terrains[t].Difficult}); err != nil {
			return err
		}
	}
	l.b.NumLand = len(l.b.Areas)
	for i := range l.bf.Seas {
		s := &l.bf.Seas[i]
		if err := l.seaKeys(s); err != nil {
			return err
		}
		if err := l.add(s, Area{Terrain: -1, Sea: true, Inland: s.Inland != nil && *s.Inland}); err != nil {
			return err
		}
	}
	l.b.adj = make([][]Edge, len(l.b.Areas))
	return nil
}

func (l *boardLoader) landKeys(a *areaFile, regions map[string]bool) error {
	switch {
	case a.Name == "":
		return l.fail(a.line, "area has no name")
	case len(regions) > 0 && !regions[a.Region]:
		return l.fail(a.line, "area %s: unknown region %q (regions are %s)", a.Name, a.Region, strings.Join(l.bf.Regions, ", "))
	case len(regions) == 0 && a.Region != "":
		return l.fail(a.line, "area %s: region %q, but the board lists no regions:", a.Name, a.Region)
	case a.Inland != nil:
		return l.fail(a.line, "area %s: inland: is for seas", a.Name)
	}
	return nil
}

func (l *boardLoader) seaKeys(s *areaFile) error {
	switch {
	case s.Name == "":
		return l.fail(s.line, "sea has no name")
	case s.Region != "":
		return l.fail(s.line, "sea %s: region: is for land areas", s.Name)
	case s.Terrain != "" || s.Difficult != nil:
		return l.fail(s.line, "sea %s: terrain is for land areas", s.Name)
	case s.Seas.Kind != 0:
		return l.fail(s.Seas.Line, "sea %s: a sea lists its neighbours under next: (or the board under links:)", s.Name)
	case s.Straits.Kind != 0:
		return l.fail(s.Straits.Line, "sea %s: straits join two land areas", s.Name)
	}
	return nil
}

// add enters an area under its name and aliases, and its position.
func (l *boardLoader) add(f *areaFile, a Area) error {
	a.ID = AreaID(len(l.b.Areas))
	a.Name, a.Aliases, a.line = f.Name, f.Aliases, f.line
	for _, n := range append([]string{a.Name}, a.Aliases...) {
		k := Fold(n)
		if k == "" {
			return l.fail(a.line, "area %s: empty alias", a.Name)
		}
		if prev, ok := l.b.names[k]; ok && prev != a.ID {
			p := &l.b.Areas[prev]
			if p.Name == a.Name {
				return l.fail(a.line, "area %s is listed twice (first at line %d)", a.Name, p.line)
			}
			return l.fail(a.line, "name %q of %s is already used by %s (line %d)", n, a.Name, p.Name, p.line)
		}
		l.b.names[k] = a.ID
	}
	if f.At.Kind != 0 {
		p, err := l.pos(&f.At, a.Name)
		if err != nil {
			return err
		}
		a.At = p
	}
	if f.Next.Kind != 0 || f.Straits.Kind != 0 {
		l.perArea = true
	}
	l.b.Areas = append(l.b.Areas, a)
	return nil
}

func (l *boardLoader) pos(n *yaml.Node, name string) (*Pos, error) {
	var v []float64
	if err := n.Decode(&v); err != nil || len(v) != 2 {
		return nil, l.fail(n.Line, "area %s: at: is [x, y]", name)
	}
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e6 {
			return nil, l.fail(n.Line, "area %s: at: %v is not a usable position", name, v)
		}
	}
	return &Pos{v[0], v[1]}, nil
}
