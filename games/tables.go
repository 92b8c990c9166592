package games

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Tables are the numbers and lists a ruleset plays by: population, stacking,
// the nations in play order with their armies and scoring centres, the
// player splits, the timeline and the scoring values (reduX Core 1.3).
type Tables struct {
	Ruleset    string     `yaml:"ruleset"`
	Why        string     `yaml:"why"`
	Population Population `yaml:"population"`
	Stacking   Stacking   `yaml:"stacking"`
	King       King       `yaml:"king"`
	// LandlessReinforcements is the minimum a nation holding no land
	// receives (reduX Core 5.2.2).
	LandlessReinforcements int            `yaml:"landless_reinforcements"`
	Nations                []Nation       `yaml:"nations"`
	Players                []PlayerSplit  `yaml:"players"`
	Rounds                 []Round        `yaml:"rounds"`
	Extra                  map[string]any `yaml:"extra"`
	// Rules is a ruleset's own section, which its Load reads (with
	// DecodeSection).
	Rules yaml.Node `yaml:"rules"`
	// LR is the Leaders and Raiders section (reduX L&R 10, 11.6); nil for
	// the Core rules.
	LR *LR `yaml:"leaders_and_raiders"`
}

// Population is the population track arithmetic (reduX Core 5.1).
type Population struct {
	PointsPerArmy int `yaml:"points_per_army"`
	Clear         int `yaml:"clear"`
	Difficult     int `yaml:"difficult"`
	TrackMax      int `yaml:"track_max"`
}

// NoStackLimit is the overstack that stands for no limit at all (classic
// Britannia, seed 004 Movement): messages say "of any size".
const NoStackLimit = 99

// Stacking are the limits of reduX Core 4.2.1.
type Stacking struct {
	Clear     int `yaml:"clear"`
	Difficult int `yaml:"difficult"`
	// OverstackClear of NoStackLimit or more has no limit: classic
	// Britannia's "as many troops as they wish" (seed 004 Movement).
	OverstackClear     int `yaml:"overstack_clear"`
	OverstackDifficult int `yaml:"overstack_difficult"`
}

// King is the end-of-game award of reduX Core 3.2.
type King struct {
	VP  int    `yaml:"vp"`
	Set string `yaml:"set"`
}

// Holding is one nation's row of the Holding Areas table (reduX Core 3.1).
type Holding struct {
	Centre   int `yaml:"centre"`
	Adjacent int `yaml:"adjacent"`
	Other    int `yaml:"other"`
}

// Nation is one nation of the Play Order list (reduX Core 1.3.2).
type Nation struct {
	Name  string `yaml:"name"`
	Short string `yaml:"short"`
	// Adjective is the nation's name before a noun: "Danish" in "2 Danish
	// armies"; "" is the name itself (the Welsh, Hy Breasil's Star).
	Adjective string `yaml:"adjective"`
	// Collective is the nation named as a whole: "the Star nation" (Hy
	// Breasil); "" is "the " and the name ("the Danes").
	Collective string         `yaml:"collective"`
	Aliases    []string       `yaml:"aliases"`
	Armies     int            `yaml:"armies"`
	Cavalry    int            `yaml:"cavalry"`
	Centres    []string       `yaml:"centres"`
	Holding    Holding        `yaml:"holding"`
	Start      map[string]int `yaml:"start"`
	Population int            `yaml:"population"`
	British    bool           `yaml:"british"`
	// Colour is the fill of the nation's counters on the map ("#rrggbb");
	// "" takes NationPalette's colour for the nation's place in the list.
	Colour string `yaml:"colour"`
	Why    string `yaml:"why"`

	CentreIDs []AreaID   `yaml:"-"`
	StartIDs  []Stack    `yaml:"-"` // sorted by area
	line      int        `yaml:"-"`
	startNode *yaml.Node `yaml:"-"`
}

// Adj is the nation's name before a noun: its Adjective, else its name
// ("2 Danish armies", "2 Welsh armies").
func (n *Nation) Adj() string {
	if n.Adjective != "" {
		return n.Adjective
	}
	return n.Name
}

// The is the nation named as a whole: its Collective, else "the" and its
// name ("the Danes", "the Star nation").
func (n *Nation) The() string {
	if n.Collective != "" {
		return n.Collective
	}
	return "the " + n.Name
}

// Stack is a count of armies in an area.
type Stack struct {
	Area   AreaID
	Armies int
}

// PlayerSplit divides the nations among players for one player count
// (reduX Core 2.1).
type PlayerSplit struct {
	Count   int      `yaml:"count"`
	Why     string   `yaml:"why"`
	Players []Player `yaml:"players"`
	line    int      `yaml:"-"`
}

// Dealt reports whether the split only lists the seats, giving them no
// nations: the ruleset deals nations during play (Hy Breasil 5, 5.3), and
// State.Nations[n].Owner says who controls each.
func (s *PlayerSplit) Dealt() bool {
	for _, p := range s.Players {
		if len(p.Nations) > 0 {
			return false
		}
	}
	return true
}

// Player is one seat in a split: a colour and the nations it controls.
type Player struct {
	Colour  string   `yaml:"colour"`
	Hex     string   `yaml:"hex"`
	Nations []string `yaml:"nations"`
}

// Round is one row of the Timeline (reduX Core 1.3.1).
type Round struct {
	Number   int       `yaml:"round"`
	Label    string    `yaml:"label"`
	Years    string    `yaml:"years"`
	Scoring  bool      `yaml:"scoring"`
	Final    bool      `yaml:"final"`
	Arrivals []Arrival `yaml:"arrivals"`
	Marks    []Mark    `yaml:"marks"`
	line     int       `yaml:"-"`
}

// Mark is a per-nation Timeline symbol used by expansions (raiding, major
// invasion, Bretwalda, ...). The Core rules ignore marks.
type Mark struct {
	Nation string `yaml:"nation"`
	Kind   string `yaml:"kind"`
	Why    string `yaml:"why"`
	line   int    `yaml:"-"`
}

// Arrival is a reinforcement listed on the Timeline (reduX Core 5.2). With
// one sea the armies are invaders placed there; with two, on the border of
// the two seas (5.2.1); with none they are placed as in 5.2.2.
type Arrival struct {
	Nation  string   `yaml:"nation"`
	Armies  int      `yaml:"armies"`
	Cavalry int      `yaml:"cavalry"`
	Seas    []string `yaml:"seas"`
	Leader  string   `yaml:"leader"`
	If      string   `yaml:"if"`
	Why     string   `yaml:"why"`

	SeaIDs []AreaID `yaml:"-"`
	// IfHolds and IfAlive are If read by the loader (reduX L&R 9.2).
	IfHolds AreaID `yaml:"-"`
	IfAlive bool   `yaml:"-"`
	line    int    `yaml:"-"`
}

// UnmarshalYAML records the line of the nation for error messages.
func (n *Nation) UnmarshalYAML(node *yaml.Node) error {
	type plain Nation
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*n = Nation(p)
	n.line = node.Line
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == "start" {
			n.startNode = node.Content[i+1]
		}
	}
	return nil
}

// UnmarshalYAML records the line of the round for error messages.
func (r *Round) UnmarshalYAML(node *yaml.Node) error {
	type plain Round
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*r = Round(p)
	r.line = node.Line
	return nil
}

// UnmarshalYAML records the line of the arrival for error messages.
func (a *Arrival) UnmarshalYAML(node *yaml.Node) error {
	type plain Arrival
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*a = Arrival(p)
	a.line = node.Line
	return nil
}

// UnmarshalYAML records the line of the split for error messages.
func (s *PlayerSplit) UnmarshalYAML(node *yaml.Node) error {
	type plain PlayerSplit
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*s = PlayerSplit(p)
	s.line = node.Line
	return nil
}

func strictUnmarshal(data []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(v)
	if err != nil && err.Error() == "EOF" {
		return errors.New("the file is empty")
	}
	return err
}

var yamlLine = regexp.MustCompile(`^yaml: (?:unmarshal errors:\n\s*)?line (\d+): (.*)$`)

func yamlError(file string, err error) error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &LoadError{File: file, Line: line, Msg: strings.TrimSpace(m[2])}
	}
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		if m := regexp.MustCompile(`^line (\d+): (.*)$`).FindStringSubmatch(te.Errors[0]); m != nil {
			line, _ := strconv.Atoi(m[1])
			return &LoadError{File: file, Line: line, Msg: m[2]}
		}
	}
	return &LoadError{File: file, Msg: strings.TrimPrefix(msg, "yaml: ")}
}

// ParseTables reads a tables YAML file and checks it against the board:
// every area, sea and nation it names must exist, every split must give
// each nation to exactly one player, and counts must be sane.
func ParseTables(file string, data []byte, b *Board) (*Tables, error) {
	var t Tables
	if err := strictUnmarshal(data, &t); err != nil {
		return nil, yamlError(file, err)
	}
	c := &tablesCheck{t: &t, file: file, b: b, seen: map[string]int{}}
	for _, check := range []func() error{c.numbers, c.nations, c.king, c.splits, c.rounds} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	if err := t.checkLR(file, b, c.nationOf); err != nil {
		return nil, err
	}
	return &t, nil
}

// tablesCheck is ParseTables' work: the tables being read, their file, the
// board, and every nation's names and aliases (folded) with its index.
type tablesCheck struct {
	t    *Tables
	file string
	b    *Board
	seen map[string]int
}

// fail is an error at a line of the tables file.
func (c *tablesCheck) fail(line int, f string, args ...any) error {
	return &LoadError{File: c.file, Line: line, Msg: fmt.Sprintf(f, args...)}
}

// nationOf finds a nation by a name or alias, folded.
func (c *tablesCheck) nationOf(name string) (int, bool) {
	i, ok := c.seen[Fold(name)]
	return i, ok
}

// numbers checks the population track and the stacking limits (reduX Core
// 4.2.1, 5.1), and that there are nations.
func (c *tablesCheck) numbers() error {
	t := c.t
	if t.Population.PointsPerArmy <= 0 {
		return c.fail(0, "population.points_per_army must be positive (reduX Core 5.1 uses 4)")
	}
	if t.Population.TrackMax < 0 || t.Population.TrackMax >= t.Population.PointsPerArmy*4 {
		return c.fail(0, "population.track_max %d is out of range", t.Population.TrackMax)
	}
	s := t.Stacking
	if s.Clear <= 0 || s.Difficult <= 0 || s.OverstackClear < s.Clear || s.OverstackDifficult < s.Difficult {
		return c.fail(0, "stacking limits must be positive and an overstack at least the normal limit (reduX Core 4.2.1)")
	}
	if len(t.Nations) == 0 {
		return c.fail(0, "no nations")
	}
	return nil
}

// nations checks each nation of the Play Order list (reduX Core 1.3.2) in
// turn: its names, armies, centres, start and population.
func (c *tablesCheck) nations() error {
	for i := range c.t.Nations {
		if err := c.nation(i); err != nil {
			return err
		}
	}
	return nil
}

// nation checks nation i: a name, names and aliases no other nation uses,
// no negative armies, centres and start areas on land, no more armies at
// the start than it has (reduX Core 2), a population on the track.
func (c *tablesCheck) nation(i int) error {
	t, b := c.t, c.b
	n := &t.Nations[i]
	if n.Name == "" {
		return c.fail(n.line, "a nation has no name")
	}
	for _, k := range append([]string{n.Name, n.Short}, n.Aliases...) {
		if k == "" {
			continue
		}
		if j, dup := c.seen[Fold(k)]; dup && j != i {
			return c.fail(n.line, "nation name %q is already used by %s", k, t.Nations[j].Name)
		}
		c.seen[Fold(k)] = i
	}
	if n.Armies < 0 || n.Cavalry < 0 {
		return c.fail(n.line, "%s: negative army count", n.Name)
	}
	for _, cn := range n.Centres {
		id, ok := b.exact(cn)
		if !ok || !b.IsLand(id) {
			return c.fail(n.line, "%s: scoring centre %q is not a land area", n.Name, cn)
		}
		n.CentreIDs = append(n.CentreIDs, id)
	}
	total, err := c.start(n)
	if err != nil {
		return err
	}
	if total > n.Armies {
		return c.fail(n.line, "%s starts with %d armies but has only %d", n.Name, total, n.Armies)
	}
	if n.Colour != "" && !hexColour(n.Colour) {
		return c.fail(n.line, "%s: colour %q is not #rrggbb", n.Name, n.Colour)
	}
	if n.Population < 0 || n.Population > t.Population.TrackMax {
		return c.fail(n.line, "%s: population %d is off the track 0..%d", n.Name, n.Population, t.Population.TrackMax)
	}
	return nil
}

// start reads a nation's starting armies, area by area in the file's
// order, and returns their total.
func (c *tablesCheck) start(n *Nation) (int, error) {
	total := 0
	if n.startNode == nil {
		return 0, nil
	}
	for j := 0; j+1 < len(n.startNode.Content); j += 2 {
		k, v := n.startNode.Content[j], n.startNode.Content[j+1]
		id, ok := c.b.exact(k.Value)
		if !ok || !c.b.IsLand(id) {
			return 0, c.fail(k.Line, "%s: start area %q is not a land area", n.Name, k.Value)
		}
		cnt, err := strconv.Atoi(v.Value)
		if err != nil || cnt <= 0 {
			return 0, c.fail(v.Line, "%s: start armies in %s must be a positive number", n.Name, k.Value)
		}
		n.StartIDs = append(n.StartIDs, Stack{Area: id, Armies: cnt})
		total += cnt
	}
	return total, nil
}

// king checks that the King's area set is on the board (reduX Core 3.2).
func (c *tablesCheck) king() error {
	if c.t.King.VP > 0 && c.b.Set(c.t.King.Set) == nil {
		return c.fail(0, "king.set %q is not an area set of board %s", c.t.King.Set, c.b.Name)
	}
	return nil
}

// splits checks the player splits (reduX Core 2.1): as many players as the
// count, and every nation given to exactly one.
func (c *tablesCheck) splits() error {
	t := c.t
	for _, sp := range t.Players {
		given := make([]int, len(t.Nations))
		if len(sp.Players) != sp.Count {
			return c.fail(sp.line, "the %d-player split lists %d players", sp.Count, len(sp.Players))
		}
		for _, p := range sp.Players {
			for _, nn := range p.Nations {
				i, ok := c.nationOf(nn)
				if !ok {
					return c.fail(sp.line, "the %d-player split names unknown nation %q", sp.Count, nn)
				}
				given[i]++
			}
		}
		if sp.Dealt() {
			continue // the nations are dealt during play (Hy Breasil 5)
		}
		for i, g := range given {
			if g != 1 {
				return c.fail(sp.line, "the %d-player split gives %s to %d players (must be 1)", sp.Count, t.Nations[i].Name, g)
			}
		}
	}
	return nil
}

// rounds checks the Timeline (reduX Core 1.3.1): rounds in order from 1,
// at least one, and each round's arrivals and marks.
func (c *tablesCheck) rounds() error {
	t := c.t
	for ri := range t.Rounds {
		r := &t.Rounds[ri]
		if r.Number != ri+1 {
			return c.fail(r.line, "round %d is listed in place %d; list rounds in order from 1", r.Number, ri+1)
		}
		for ai := range r.Arrivals {
			if err := c.arrival(r, &r.Arrivals[ai]); err != nil {
				return err
			}
		}
		for _, m := range r.Marks {
			if _, ok := c.nationOf(m.Nation); !ok && m.Nation != "" {
				return c.fail(r.line, "round %d: mark for unknown nation %q", r.Number, m.Nation)
			}
		}
	}
	if len(t.Rounds) == 0 {
		return c.fail(0, "the timeline has no rounds")
	}
	return nil
}

// arrival checks one arrival of round r (reduX Core 5.2, 5.2.1): a known
// nation, no negative counts, one sea or the border of two, and reads its
// seas.
func (c *tablesCheck) arrival(r *Round, a *Arrival) error {
	if _, ok := c.nationOf(a.Nation); !ok {
		return c.fail(a.line, "round %d: unknown nation %q", r.Number, a.Nation)
	}
	if a.Armies < 0 || a.Cavalry < 0 {
		return c.fail(a.line, "round %d: negative reinforcements", r.Number)
	}
	if len(a.Seas) > 2 {
		return c.fail(a.line, "round %d: invaders are placed in one sea or on the border of two (reduX Core 5.2.1)", r.Number)
	}
	for _, sname := range a.Seas {
		id, ok := c.b.exact(sname)
		if !ok || c.b.IsLand(id) {
			return c.fail(a.line, "round %d: %q is not a sea", r.Number, sname)
		}
		a.SeaIDs = append(a.SeaIDs, id)
	}
	if len(a.SeaIDs) == 2 {
		if ok, _ := c.b.Adjacent(a.SeaIDs[0], a.SeaIDs[1]); !ok {
			return c.fail(a.line, "round %d: %s and %s do not share a border", r.Number, a.Seas[0], a.Seas[1])
		}
	}
	return nil
}

// DecodeSection decodes a section of a data file (a yaml.Node, such as
// Tables.Rules) into v (a pointer), refusing unknown keys at every depth;
// errors name file and line.
func DecodeSection(file string, node *yaml.Node, v any) error {
	if node == nil || node.Kind == 0 {
		return nil
	}
	if err := strictKeys(node, reflect.TypeOf(v)); err != nil {
		return yamlError(file, err)
	}
	if err := node.Decode(v); err != nil {
		return yamlError(file, err)
	}
	return nil
}

// strictKeys refuses a mapping key that no yaml field of t names, walking
// structs, slices, arrays, maps and pointers (a custom UnmarshalYAML does
// not inherit the decoder's KnownFields).
func strictKeys(node *yaml.Node, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if node.Kind == yaml.AliasNode {
		node = node.Alias
	}
	switch {
	case t.Kind() == reflect.Struct && node.Kind == yaml.MappingNode:
		fields := map[string]reflect.Type{}
		for i := 0; i < t.NumField(); i++ {
			tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if tag != "" && tag != "-" {
				fields[tag] = t.Field(i).Type
			}
		}
		if len(fields) == 0 {
			return nil // a type that decodes itself
		}
		for i := 0; i+1 < len(node.Content); i += 2 {
			k := node.Content[i]
			ft, ok := fields[k.Value]
			if !ok {
				names := make([]string, 0, len(fields))
				for n := range fields {
					names = append(names, n)
				}
				sort.Strings(names)
				return fmt.Errorf("yaml: line %d: unknown key %q (known here: %s)", k.Line, k.Value, strings.Join(names, ", "))
			}
			if err := strictKeys(node.Content[i+1], ft); err != nil {
				return err
			}
		}
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && node.Kind == yaml.SequenceNode:
		for _, c := range node.Content {
			if err := strictKeys(c, t.Elem()); err != nil {
				return err
			}
		}
	case t.Kind() == reflect.Map && node.Kind == yaml.MappingNode:
		for i := 1; i < len(node.Content); i += 2 {
			if err := strictKeys(node.Content[i], t.Elem()); err != nil {
				return err
			}
		}
	}
	return nil
}

// NationIndex finds a nation by name, short name or alias (any case), else
// by a unique prefix. A nation's own name, as the tables write it, is
// found without folding every alias (the daemon looks nations up by name
// many times a mail).
func (t *Tables) NationIndex(name string) (int, error) {
	for i := range t.Nations {
		if t.Nations[i].Name == name {
			return i, nil
		}
	}
	k := Fold(name)
	if k == "" {
		return -1, fmt.Errorf("no nation named")
	}
	var hits []int
	for i := range t.Nations {
		n := &t.Nations[i]
		for _, a := range append([]string{n.Name, n.Short}, n.Aliases...) {
			if a == "" {
				continue
			}
			if Fold(a) == k {
				return i, nil
			}
			if strings.HasPrefix(Fold(a), k) && (len(hits) == 0 || hits[len(hits)-1] != i) {
				hits = append(hits, i)
			}
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		var names []string
		for _, h := range hits {
			names = append(names, t.Nations[h].Name)
		}
		return -1, fmt.Errorf("%q could be %s", name, orList(names))
	}
	var sug []string
	for i := range t.Nations {
		if Distance(name, t.Nations[i].Name) <= 2 {
			sug = append(sug, t.Nations[i].Name)
		}
	}
	if len(sug) > 0 {
		return -1, fmt.Errorf("unknown nation %q (did you mean %s?)", name, orList(sug))
	}
	return -1, fmt.Errorf("unknown nation %q", name)
}

// NationPalette colours the counters of nations whose tables give no
// colour, the i-th nation of the list taking the i-th colour (round again
// past the end). Its first fifteen colour reduX's nations and its first
// seventeen classic Britannia's, chosen (issue 21) so that, seen with
// normal vision and simulated deuteranopia, protanopia and tritanopia,
// any two nations stay apart, the nations of one player further apart,
// each apart from its player's ring, and none fades into the map's land or
// sea; the rest keep a list of up to twenty apart (mapdraw/cvd_test.go
// checks them all).
var NationPalette = []string{
	"#3c4d00", "#5e1dac", "#832634", "#ff4dd1", "#916aff",
	"#8ad529", "#00c1ff", "#b484a3", "#c28055", "#ffc37e",
	"#4380b4", "#3a408e", "#bc0073", "#8d992b", "#5e3c53",
	"#856400", "#6f9075", "#0056e4", "#e63162", "#8a93ff",
}

// NationColour is the colour of nation i's counters on the map: its
// colour: in the tables, else NationPalette's.
func (t *Tables) NationColour(i int) string {
	if c := t.Nations[i].Colour; c != "" {
		return c
	}
	return NationPalette[i%len(NationPalette)]
}

// Split returns the player split for a player count, or nil.
func (t *Tables) Split(count int) *PlayerSplit {
	for i := range t.Players {
		if t.Players[i].Count == count {
			return &t.Players[i]
		}
	}
	return nil
}

// Round returns the timeline row for round n (1-based), or nil.
func (t *Tables) Round(n int) *Round {
	if n < 1 || n > len(t.Rounds) {
		return nil
	}
	return &t.Rounds[n-1]
}
