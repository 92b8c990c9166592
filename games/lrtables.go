package games

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Timeline mark kinds (reduX L&R 10, 11). A mark with a nation applies to
// that nation in its round; Bretwalda and Rex Anglorum marks have none.
const (
	MarkOccupy    = "occupy"         // 🏰 for one nation: it scores occupying areas this round (10.2)
	MarkRaid      = "raid"           // R: a Raiding turn (11.4)
	MarkReturn    = "return"         // ☞: a Raiding turn whose raiders must all return to sea (11.4)
	MarkMajor     = "major-invasion" // MI: the nation moves and fights twice (11.3)
	MarkBretwalda = "bretwalda"      // Bretwalda is scored at the end of each nation turn (10.5)
	MarkRex       = "rex"            // Rex Anglorum is scored at the end of the round (10.6)
)

var markKinds = []string{MarkOccupy, MarkRaid, MarkReturn, MarkMajor, MarkBretwalda, MarkRex}

// LR holds the tables of Leaders and Raiders (reduX L&R 10, 11.6) that the
// Core tables do not have: the Occupying Areas table, the Other Scoring
// table and the final round's extra nation turns. A tables file with this
// section plays the Leaders and Raiders rules; without it, the Core rules.
type LR struct {
	Why string `yaml:"why"`
	// Occupying is the Occupying Areas table (10.2); the rounds a nation
	// occupies are its "occupy" marks on the Timeline.
	Occupying []Occupying `yaml:"occupying"`
	// Raiding is the Other Scoring table's points per area raided (10.3):
	// VP for every nation, Nations overriding it for some.
	Raiding RaidingVP `yaml:"raiding"`
	// Eliminating is the Other Scoring table's points for eliminating
	// units (10.4).
	Eliminating []Elimination `yaml:"eliminating"`
	Bretwalda   Award         `yaml:"bretwalda"`    // 10.5
	RexAnglorum Award         `yaml:"rex_anglorum"` // 10.6
	King        Award         `yaml:"king"`         // 11.6
	// ExtraTurns are the final round's extra nation turns (11.6.1, 11.6.2).
	ExtraTurns []ExtraTurn `yaml:"extra_turns"`
	// Sets are named area sets the scoring uses beyond the board's own.
	Sets []AreaSet `yaml:"area_sets"`
}

// Occupying is one nation's row of the Occupying Areas table (10.2).
type Occupying struct {
	Nation string         `yaml:"nation"`
	Areas  map[string]int `yaml:"areas"`
	Why    string         `yaml:"why"`

	NationIdx int            `yaml:"-"`
	VP        map[AreaID]int `yaml:"-"`
	line      int
}

// RaidingVP is the raiding row of the Other Scoring table (10.3).
type RaidingVP struct {
	VP      int            `yaml:"vp"`
	Nations map[string]int `yaml:"nations"`
	Why     string         `yaml:"why"`
}

// Elimination is one line of the Other Scoring table for eliminating units
// (10.4): Nation (empty: any) scores VP for each unit of kind Unit
// ("leader", "army", "cavalry") it eliminates whose Victim is listed (leader
// names for leaders, nation names for armies; empty: any), in Rounds (empty:
// every round), only during its own nation turn when OwnTurn.
type Elimination struct {
	Nation  string   `yaml:"nation"`
	Unit    string   `yaml:"unit"`
	Victims []string `yaml:"victims"`
	VP      int      `yaml:"vp"`
	Rounds  []int    `yaml:"rounds"`
	OwnTurn bool     `yaml:"own_turn"`
	Why     string   `yaml:"why"`

	NationIdx  int   `yaml:"-"` // -1: any nation
	VictimIdxs []int `yaml:"-"` // nation indices, for army and cavalry victims
	line       int
}

// Award is a fixed award of the Other Scoring table: VP, the area set or
// region it counts, and (Rex Anglorum) the extra armies it brings.
type Award struct {
	VP     int    `yaml:"vp"`
	Set    string `yaml:"set"`
	Region string `yaml:"region"`
	Armies int    `yaml:"armies"`
	Why    string `yaml:"why"`
}

// ExtraTurn is one nation's extra nation turn at the end of the final
// round (11.6.1, 11.6.2) and the reinforcements it receives: Armies, plus
// one army per PerArea.Per areas of PerArea.Set (or Region) the nation
// holds, plus one per scoring centre of the CentresOf nations it holds, plus
// Bonus if any leader in BonusIf is no longer eligible to be King; placed in
// Seas (invaders) or on land. Players limits the player counts it applies
// to; Requires is "" (the nation needs a leader eligible to be King),
// "cnut-rex" (the Danes became Rex Anglorum in Cnut's turn, 9.4) or
// "always". CavalryRate > 0 lets the nation take one cavalry for that many
// infantry. Raiding makes the extra turn a Raiding turn (11.6.1, the Danes).
type ExtraTurn struct {
	Nation      string   `yaml:"nation"`
	Players     []int    `yaml:"players"`
	Requires    string   `yaml:"requires"`
	Leader      string   `yaml:"leader"`
	Armies      int      `yaml:"armies"`
	PerArea     PerArea  `yaml:"per_area"`
	CentresOf   []string `yaml:"centres_of"`
	Bonus       int      `yaml:"bonus"`
	BonusIf     []string `yaml:"bonus_if"`
	Seas        []string `yaml:"seas"`
	CavalryRate int      `yaml:"cavalry_rate"`
	Raiding     bool     `yaml:"raiding"`
	Why         string   `yaml:"why"`

	NationIdx  int      `yaml:"-"`
	CentreIdxs []int    `yaml:"-"`
	SeaIDs     []AreaID `yaml:"-"`
	line       int
}

// PerArea is "one army for each Per areas of Set (or Region) held".
type PerArea struct {
	Set    string `yaml:"set"`
	Region string `yaml:"region"`
	Per    int    `yaml:"per"`
}

// knownKeys refuses a mapping key that is not a yaml field of v's type: a
// custom UnmarshalYAML decodes with node.Decode, which does not inherit the
// decoder's KnownFields, so a misspelt key would be silently dropped.
func knownKeys(node *yaml.Node, v any) error {
	if node.Kind != yaml.MappingNode {
		return nil
	}
	t := reflect.TypeOf(v)
	known := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if tag != "" && tag != "-" {
			known[tag] = true
		}
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k := node.Content[i]
		if !known[k.Value] {
			return fmt.Errorf("yaml: line %d: field %s not found in type %s", k.Line, k.Value, t.Name())
		}
	}
	return nil
}

// UnmarshalYAML records the line for error messages.
func (m *Mark) UnmarshalYAML(node *yaml.Node) error {
	type plain Mark
	var p plain
	if err := knownKeys(node, p); err != nil {
		return err
	}
	if err := node.Decode(&p); err != nil {
		return err
	}
	*m = Mark(p)
	m.line = node.Line
	return nil
}

// UnmarshalYAML records the line for error messages.
func (o *Occupying) UnmarshalYAML(node *yaml.Node) error {
	type plain Occupying
	var p plain
	if err := knownKeys(node, p); err != nil {
		return err
	}
	if err := node.Decode(&p); err != nil {
		return err
	}
	*o = Occupying(p)
	o.line = node.Line
	return nil
}

// UnmarshalYAML records the line for error messages.
func (e *Elimination) UnmarshalYAML(node *yaml.Node) error {
	type plain Elimination
	var p plain
	if err := knownKeys(node, p); err != nil {
		return err
	}
	if err := node.Decode(&p); err != nil {
		return err
	}
	*e = Elimination(p)
	e.line = node.Line
	return nil
}

// UnmarshalYAML records the line for error messages.
func (x *ExtraTurn) UnmarshalYAML(node *yaml.Node) error {
	type plain ExtraTurn
	var p plain
	if err := knownKeys(node, p); err != nil {
		return err
	}
	if err := node.Decode(&p); err != nil {
		return err
	}
	*x = ExtraTurn(p)
	x.line = node.Line
	return nil
}

// HasMark reports whether the Timeline marks round r with kind for nation
// (nation "" for round-wide marks such as Bretwalda).
func (r *Round) HasMark(kind, nation string) bool {
	if r == nil {
		return false
	}
	for _, m := range r.Marks {
		if m.Kind == kind && (m.Nation == nation || strings.EqualFold(m.Nation, nation)) {
			return true
		}
	}
	return false
}

// Leaders lists every leader named on the Timeline and in the extra
// turns, with its nation, in order of first appearance.
func (t *Tables) Leaders() []LeaderInfo {
	var out []LeaderInfo
	seen := map[string]bool{}
	add := func(name, nation string, round int) {
		if name == "" || seen[Fold(name)] {
			return
		}
		seen[Fold(name)] = true
		n, _ := t.NationIndex(nation)
		out = append(out, LeaderInfo{Name: name, Nation: n, Round: round})
	}
	for _, r := range t.Rounds {
		for _, a := range r.Arrivals {
			add(a.Leader, a.Nation, r.Number)
		}
	}
	if t.LR != nil {
		for _, x := range t.LR.ExtraTurns {
			add(x.Leader, x.Nation, len(t.Rounds))
		}
	}
	return out
}

// LeaderInfo is a leader of the Timeline.
type LeaderInfo struct {
	Name   string
	Nation int
	Round  int // the round it first appears
}

// SetIDs resolves an area set by name: the LR section's sets first, then
// the board's.
func (t *Tables) SetIDs(b *Board, name string) []AreaID {
	if t.LR != nil {
		for _, s := range t.LR.Sets {
			if s.Name == name {
				return s.IDs
			}
		}
	}
	return b.Set(name)
}

// AwardAreas is the areas an award counts: its set, else its region.
func (t *Tables) AwardAreas(b *Board, a Award) []AreaID {
	if a.Set != "" {
		return t.SetIDs(b, a.Set)
	}
	var out []AreaID
	for i := 0; i < b.NumLand; i++ {
		if b.Areas[i].Region == a.Region {
			out = append(out, AreaID(i))
		}
	}
	return out
}

// PerAreaIDs is the areas a PerArea counts.
func (t *Tables) PerAreaIDs(b *Board, p PerArea) []AreaID {
	return t.AwardAreas(b, Award{Set: p.Set, Region: p.Region})
}

// checkLR validates the Leaders and Raiders section and the Timeline marks
// and leader conditions it relies on.
func (t *Tables) checkLR(file string, b *Board, nationOf func(string) (int, bool)) error {
	c := &lrCheck{t: t, file: file, b: b, nationOf: nationOf}
	if err := c.timeline(); err != nil {
		return err
	}
	if t.LR == nil {
		return nil
	}
	c.leaders = map[string]bool{}
	for _, li := range t.Leaders() {
		c.leaders[Fold(li.Name)] = true
	}
	for _, check := range []func() error{c.sets, c.awards, c.occupying, c.raiding, c.eliminating, c.extraTurns} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// lrCheck is checkLR's work: the tables being checked, their file, the
// board, the nation lookup and the Timeline's leaders (folded names).
type lrCheck struct {
	t        *Tables
	file     string
	b        *Board
	nationOf func(string) (int, bool)
	leaders  map[string]bool
}

// fail is an error at a line of the tables file.
func (c *lrCheck) fail(line int, f string, args ...any) error {
	return &LoadError{File: c.file, Line: line, Msg: fmt.Sprintf(f, args...)}
}

// timeline checks the Timeline's marks (reduX L&R 11: raiding, Major
// Invasions, Bretwalda, Rex) and reads the arrivals' conditions (9.2).
func (c *lrCheck) timeline() error {
	t := c.t
	for ri := range t.Rounds {
		r := &t.Rounds[ri]
		for mi := range r.Marks {
			m := &r.Marks[mi]
			if i, ok := c.nationOf(m.Nation); ok && m.Nation != "" {
				m.Nation = t.Nations[i].Name // aliases read once: HasMark compares names
			}
			if !contains(markKinds, m.Kind) {
				return c.fail(m.line, "round %d: unknown mark %q (marks are %s)", r.Number, m.Kind, strings.Join(markKinds, ", "))
			}
			roundWide := m.Kind == MarkBretwalda || m.Kind == MarkRex
			if roundWide && m.Nation != "" {
				return c.fail(m.line, "round %d: a %s mark is for the whole round and names no nation", r.Number, m.Kind)
			}
			if !roundWide && m.Nation == "" {
				return c.fail(m.line, "round %d: a %s mark needs a nation", r.Number, m.Kind)
			}
		}
		for ai := range r.Arrivals {
			a := &r.Arrivals[ai]
			if err := a.parseIf(c.b); err != nil {
				return c.fail(a.line, "round %d: %s", r.Number, err)
			}
		}
	}
	return nil
}

// sets reads the area sets' land areas.
func (c *lrCheck) sets() error {
	for i := range c.t.LR.Sets {
		s := &c.t.LR.Sets[i]
		s.IDs = nil
		for _, n := range s.Areas {
			id, ok := c.b.exact(n)
			if !ok || !c.b.IsLand(id) {
				return c.fail(0, "area set %q names unknown land area %q", s.Name, n)
			}
			s.IDs = append(s.IDs, id)
		}
	}
	return nil
}

// award checks one award (reduX L&R 10.5, 10.6, 11.6.2): no negative
// numbers, a known set or region, and points only for named areas.
func (c *lrCheck) award(what string, a Award) error {
	if a.VP < 0 || a.Armies < 0 {
		return c.fail(0, "%s: negative points or armies", what)
	}
	if a.Set != "" && c.t.SetIDs(c.b, a.Set) == nil {
		return c.fail(0, "%s: unknown area set %q", what, a.Set)
	}
	if a.Set == "" && a.Region != "" && !contains(c.b.Regions, a.Region) {
		return c.fail(0, "%s: unknown region %q", what, a.Region)
	}
	if a.VP > 0 && a.Set == "" && a.Region == "" {
		return c.fail(0, "%s: name the areas it counts with set: or region:", what)
	}
	return nil
}

// awards checks Bretwalda, Rex Anglorum and the King (reduX L&R 10.5,
// 10.6, 11.6.2).
func (c *lrCheck) awards() error {
	lr := c.t.LR
	for _, x := range []struct {
		what string
		a    Award
	}{{"bretwalda", lr.Bretwalda}, {"rex_anglorum", lr.RexAnglorum}, {"king", lr.King}} {
		if err := c.award(x.what, x.a); err != nil {
			return err
		}
	}
	return nil
}

// occupying reads the occupation points by nation and area (reduX L&R
// 10.2), in the order of the areas' names.
func (c *lrCheck) occupying() error {
	for i := range c.t.LR.Occupying {
		o := &c.t.LR.Occupying[i]
		n, ok := c.nationOf(o.Nation)
		if !ok {
			return c.fail(o.line, "occupying: unknown nation %q", o.Nation)
		}
		o.NationIdx = n
		o.VP = map[AreaID]int{}
		names := make([]string, 0, len(o.Areas))
		for k := range o.Areas {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			id, ok := c.b.exact(k)
			if !ok || !c.b.IsLand(id) {
				return c.fail(o.line, "occupying %s: %q is not a land area", o.Nation, k)
			}
			if o.Areas[k] <= 0 {
				return c.fail(o.line, "occupying %s: points for %s must be positive", o.Nation, k)
			}
			o.VP[id] = o.Areas[k]
		}
	}
	return nil
}

// raiding checks the raiding points (reduX L&R 10.3), nations in the order
// of their names so that the first error is always the same.
func (c *lrCheck) raiding() error {
	rd := c.t.LR.Raiding
	if rd.VP < 0 {
		return c.fail(0, "raiding: negative points")
	}
	names := make([]string, 0, len(rd.Nations))
	for k := range rd.Nations {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, ok := c.nationOf(k); !ok {
			return c.fail(0, "raiding: unknown nation %q", k)
		}
		if rd.Nations[k] < 0 {
			return c.fail(0, "raiding: negative points for %s", k)
		}
	}
	return nil
}

// eliminating checks the points for eliminating units and leaders (reduX
// L&R 10.4) and reads their nations.
func (c *lrCheck) eliminating() error {
	for i := range c.t.LR.Eliminating {
		if err := c.eliminatingRow(&c.t.LR.Eliminating[i]); err != nil {
			return err
		}
	}
	return nil
}

// eliminatingRow checks one row of the eliminating points (reduX L&R 10.4).
func (c *lrCheck) eliminatingRow(e *Elimination) error {
	e.NationIdx = -1
	if e.Nation != "" {
		n, ok := c.nationOf(e.Nation)
		if !ok {
			return c.fail(e.line, "eliminating: unknown nation %q", e.Nation)
		}
		e.NationIdx = n
	}
	switch e.Unit {
	case "leader":
		for _, v := range e.Victims {
			if !c.leaders[Fold(v)] {
				return c.fail(e.line, "eliminating: %q is not a leader of the Timeline", v)
			}
		}
	case "army", "cavalry":
		e.VictimIdxs = nil
		for _, v := range e.Victims {
			n, ok := c.nationOf(v)
			if !ok {
				return c.fail(e.line, "eliminating: unknown nation %q", v)
			}
			e.VictimIdxs = append(e.VictimIdxs, n)
		}
	default:
		return c.fail(e.line, "eliminating: unit is leader, army or cavalry, not %q", e.Unit)
	}
	if e.VP <= 0 {
		return c.fail(e.line, "eliminating: points must be positive")
	}
	for _, r := range e.Rounds {
		if r < 1 || r > len(c.t.Rounds) {
			return c.fail(e.line, "eliminating: there is no round %d", r)
		}
	}
	return nil
}

// extraTurns checks the final round's extra turns (reduX L&R 11.6.1,
// 11.6.2).
func (c *lrCheck) extraTurns() error {
	for i := range c.t.LR.ExtraTurns {
		if err := c.extraTurn(&c.t.LR.ExtraTurns[i]); err != nil {
			return err
		}
	}
	return nil
}

// extraTurn checks one nation's extra turn (reduX L&R 11.6.1, 11.6.2): its
// nation, condition, player counts, numbers and award, and reads the
// nations whose centres count, its leaders and its seas.
func (c *lrCheck) extraTurn(x *ExtraTurn) error {
	n, ok := c.nationOf(x.Nation)
	if !ok {
		return c.fail(x.line, "extra_turns: unknown nation %q", x.Nation)
	}
	x.NationIdx = n
	switch x.Requires {
	case "", "cnut-rex", "always":
	default:
		return c.fail(x.line, "extra_turns %s: requires is empty, cnut-rex or always, not %q", x.Nation, x.Requires)
	}
	for _, p := range x.Players {
		if c.t.Split(p) == nil {
			return c.fail(x.line, "extra_turns %s: no %d-player split", x.Nation, p)
		}
	}
	if x.Armies < 0 || x.Bonus < 0 || x.PerArea.Per < 0 || x.CavalryRate < 0 {
		return c.fail(x.line, "extra_turns %s: negative numbers", x.Nation)
	}
	if x.PerArea.Per > 0 {
		if err := c.award("extra_turns "+x.Nation+" per_area", Award{VP: 1, Set: x.PerArea.Set, Region: x.PerArea.Region}); err != nil {
			return err
		}
	}
	x.CentreIdxs = nil
	for _, cn := range x.CentresOf {
		m, ok := c.nationOf(cn)
		if !ok {
			return c.fail(x.line, "extra_turns %s: unknown nation %q", x.Nation, cn)
		}
		x.CentreIdxs = append(x.CentreIdxs, m)
	}
	for _, l := range append([]string{x.Leader}, x.BonusIf...) {
		if l != "" && !c.leaders[Fold(l)] {
			return c.fail(x.line, "extra_turns %s: %q is not a leader of the Timeline", x.Nation, l)
		}
	}
	return c.extraSeas(x)
}

// extraSeas reads the seas an extra turn's invaders arrive in: one, or the
// border of two (reduX Core 5.2.1).
func (c *lrCheck) extraSeas(x *ExtraTurn) error {
	x.SeaIDs = nil
	for _, s := range x.Seas {
		id, ok := c.b.exact(s)
		if !ok || c.b.IsLand(id) {
			return c.fail(x.line, "extra_turns %s: %q is not a sea", x.Nation, s)
		}
		x.SeaIDs = append(x.SeaIDs, id)
	}
	if len(x.SeaIDs) > 2 {
		return c.fail(x.line, "extra_turns %s: invaders are placed in one sea or on the border of two", x.Nation)
	}
	return nil
}

// parseIf reads an arrival's condition: "" (none), "alive" (the leader has
// not been eliminated: a leader listed again in a later round is the same
// person) or "holds AREA" (the nation holds the area at the start of its
// turn, as the classic Timeline's Oswiu and Offa).
func (a *Arrival) parseIf(b *Board) error {
	a.IfHolds, a.IfAlive = NoArea, false
	switch s := strings.TrimSpace(a.If); {
	case s == "":
	case s == "alive":
		if a.Leader == "" {
			return fmt.Errorf("%s: \"if: alive\" needs a leader", a.Nation)
		}
		a.IfAlive = true
	case strings.HasPrefix(s, "holds "):
		id, ok := b.exact(strings.TrimSpace(strings.TrimPrefix(s, "holds ")))
		if !ok || !b.IsLand(id) {
			return fmt.Errorf("%s: %q names no land area", a.Nation, s)
		}
		a.IfHolds = id
	default:
		return fmt.Errorf("%s: unknown condition %q (\"alive\" or \"holds AREA\")", a.Nation, s)
	}
	return nil
}
