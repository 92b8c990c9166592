package britannia

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"gopkg.in/yaml.v3"
)

// Rules is the tables' rules: section of classic Britannia: the Roman
// tables, the population exceptions, boats, submission, burhs, the titles
// and the 17 nation cards (reference §2.4, §3, §4; seeds 002, 004). Every
// name in it is checked against the board and the nations when the game
// loads, with the file and line of a mistake.
type Rules struct {
	Why        string       `yaml:"why"`
	Romans     RomanRules   `yaml:"romans"`
	Boudicca   Boudicca     `yaml:"boudicca"`
	Population PopRules     `yaml:"population"`
	Boats      []Boats      `yaml:"boats"`
	PictsHome  Rounds       `yaml:"picts_home"`
	Submission []Submission `yaml:"submission"`
	Burhs      Burhs        `yaml:"burhs"`
	Bretwalda  Bretwalda    `yaml:"bretwalda"`
	King       KingRules    `yaml:"king"`
	Cards      []Card       `yaml:"cards"`
	Late       Late         `yaml:"late"`
	SeaMoves   []SeaMoves   `yaml:"sea_moves"`
	Landing    []Landing    `yaml:"landing"`
	// FirstEditionKills are the first edition's kill bonuses (option
	// first-edition-kills, seed 002 §6 Special Elimination Bonuses).
	FirstEditionKills []EditionKill `yaml:"first_edition_kills"`

	file string
	// resolved names, by nation id
	roman, successor adjudicator.NationID
	// ids are the nations by their names, short names and aliases as
	// the tables write them (mustNation, without folding on every call).
	ids map[string]adjudicator.NationID
}

// RomanRules are the Romans' own rules (reference §2.4, §3 I-VI).
type RomanRules struct {
	Nation     string `yaml:"nation"`
	Moves      int    `yaml:"moves"`
	Forts      int    `yaml:"forts"`
	Leave      int    `yaml:"leave"`
	Successor  string `yaml:"successor"`
	Withdrawal struct {
		Round  int    `yaml:"round"`
		Armies int    `yaml:"armies"`
		Why    string `yaml:"why"`
	} `yaml:"withdrawal"`
	ReinforcementRounds []int      `yaml:"reinforcement_rounds"`
	Reinforcements      []ReinfRow `yaml:"reinforcements"`
	FirstEdition        struct {
		Armies         int        `yaml:"armies"`
		Reinforcements []ReinfRow `yaml:"reinforcements"`
		Why            string     `yaml:"why"`
	} `yaml:"first_edition"`
}

// ReinfRow is one row of the Roman reinforcement table: with at most UpTo
// Roman armies on the map, Armies[i] arrive in ReinforcementRounds[i].
type ReinfRow struct {
	UpTo   int   `yaml:"up_to"`
	Armies []int `yaml:"armies"`
}

// Boudicca is the Belgic revolt of round I (reference §3 I).
type Boudicca struct {
	Nation string `yaml:"nation"`
	Round  int    `yaml:"round"`
	Armies int    `yaml:"armies"`
	Leader string `yaml:"leader"`
	Why    string `yaml:"why"`
}

// PopRules are the population exceptions (seed 002 §5, seed 004
// Overpopulation).
type PopRules struct {
	NoIncrease       []string `yaml:"no_increase"`
	NoOverpopulation []string `yaml:"no_overpopulation"`
	Exempt           []struct {
		Nations []string `yaml:"nations"`
		Rounds  []int    `yaml:"rounds"`
	} `yaml:"exempt"`
	NoIncreaseIn []struct {
		Nation string `yaml:"nation"`
		Round  int    `yaml:"round"`
		Why    string `yaml:"why"`
	} `yaml:"no_increase_in"`
}

// Late are the Timeline's late rules (ref §3 VIII, XIV, XVI).
type Late struct {
	CavalryToInfantry struct {
		Nation string `yaml:"nation"`
		Round  int    `yaml:"round"`
		Why    string `yaml:"why"`
	} `yaml:"cavalry_to_infantry"`
	Removals []struct {
		Nation string `yaml:"nation"`
		Round  int    `yaml:"round"`
		Armies int    `yaml:"armies"`
		Why    string `yaml:"why"`
	} `yaml:"removals"`
	Reinforcements []LateReinforcement `yaml:"reinforcements"`
}

// LateReinforcement is one nation's turn-16 reinforcement (ref §3 XVI).
type LateReinforcement struct {
	Nation        string   `yaml:"nation"`
	Round         int      `yaml:"round"`
	Leader        string   `yaml:"leader"`
	Areas         []string `yaml:"areas"`
	Region        string   `yaml:"region"`
	Per           int      `yaml:"per"`
	Half          bool     `yaml:"half"`
	Bonus         int      `yaml:"bonus"`
	BonusIfFallen string   `yaml:"bonus_if_fallen"`
	Sea           string   `yaml:"sea"`
	Why           string   `yaml:"why"`
}

// SeaMoves are a nation's limits on moving from sea to sea (ref §1.3, the
// nation cards): not out of the NotFrom seas, not into the NotInto seas.
type SeaMoves struct {
	Nation  string   `yaml:"nation"`
	NotFrom []string `yaml:"not_from"`
	NotInto []string `yaml:"not_into"`
	Why     string   `yaml:"why"`
}

// Landing is where a nation's invaders may land (ref §1.3): only in
// Only when it is given, never in Not.
type Landing struct {
	Nation string   `yaml:"nation"`
	Only   []string `yaml:"only"`
	Not    []string `yaml:"not"`
	Why    string   `yaml:"why"`
}

// Boats are the rounds a nation may move by boat (reference §3 B).
type Boats struct {
	Nation string `yaml:"nation"`
	Rounds []int  `yaml:"rounds"`
}

// Rounds names a nation and rounds (the Picts going home by sea).
type Rounds struct {
	Nation string `yaml:"nation"`
	Rounds []int  `yaml:"rounds"`
	Why    string `yaml:"why"`
}

// Submission is one nation's right to submit to an overlord (seed 002 §5
// Submission, reference §4).
type Submission struct {
	Nation string `yaml:"nation"`
	To     string `yaml:"to"`
	AtMost int    `yaml:"at_most"`
	Rounds []int  `yaml:"rounds"`
	Until  int    `yaml:"until"`
	VP     int    `yaml:"vp"`
	Why    string `yaml:"why"`
}

// Burhs are the Saxon burhs (seed 002 §5).
type Burhs struct {
	Nation string `yaml:"nation"`
	Count  int    `yaml:"count"`
	Cost   int    `yaml:"cost"`
	Rounds []int  `yaml:"rounds"`
	Absorb []int  `yaml:"absorb"`
}

// Bretwalda is the election of VIII-X (seed 004 The bretwalda).
type Bretwalda struct {
	Rounds []int  `yaml:"rounds"`
	VP     int    `yaml:"vp"`
	Region string `yaml:"region"`
	Why    string `yaml:"why"`
}

// KingRules are the King of XI-XIV and XVI (seed 004 The king).
type KingRules struct {
	Rounds   []int `yaml:"rounds"`
	VP       int   `yaml:"vp"`
	Infantry int   `yaml:"infantry"`
	Min      int   `yaml:"min"`
	// Turn is a King made at the end of one nation's turn, besides the
	// round's (seed 002 §6: "Turn 14: Danes may have two kings
	// (Sweyn/Canute)"; ref §3 XIV "King Cnut rule").
	Turn  []TurnKing `yaml:"turn"`
	Final struct {
		Round   int      `yaml:"round"`
		VP      int      `yaml:"vp"`
		Leaders []string `yaml:"leaders"`
		Why     string   `yaml:"why"`
	} `yaml:"final"`
}

// TurnKing is a King test at the end of Nation's turn in Round (KingRules.Turn).
type TurnKing struct {
	Round  int    `yaml:"round"`
	Nation string `yaml:"nation"`
	Why    string `yaml:"why"`
}

// Card is one nation's VP card (reference §4).
type Card struct {
	Nation string    `yaml:"nation"`
	Hold   []Scoring `yaml:"hold"`
	Occupy []Scoring `yaml:"occupy"`
	Kill   []Kill    `yaml:"kill"`

	n    adjudicator.NationID
	line int
}

// Scoring is one row of a card: the VP of each listed area, of each other
// area of a region (Regions), of every other area (Others), in the listed
// rounds; Cap names the region outside which a nation scores at most half
// of what it scores inside (reference §4 notes).
type Scoring struct {
	Rounds  []int              `yaml:"rounds"`
	Areas   AreaValues         `yaml:"areas"`
	Regions map[string]float64 `yaml:"regions"`
	Others  float64            `yaml:"others"`
	Cap     string             `yaml:"cap"`

	value []adjudicator.Points // per land area, resolved
	line  int
}

// Kill is one kill entry of a card: VP for each unit of Kind of the
// Victims (any enemy when empty) eliminated, or for a named Leader; in the
// listed rounds (every round when empty); OwnTurn: only in the nation's
// own turn.
type Kill struct {
	Rounds  []int    `yaml:"rounds"`
	Victims []string `yaml:"victims"`
	Kind    string   `yaml:"kind"`
	Leader  string   `yaml:"leader"`
	VP      int      `yaml:"vp"`
	OwnTurn bool     `yaml:"own_turn"`
	// By are the nations whose kill of Leader scores for the card's
	// nation (ref §4 Normans: "6 if any of Norwegians, Danes or Normans
	// eliminates Harold"); empty: only the card's nation's own kills.
	By  []string `yaml:"by"`
	Why string   `yaml:"why"`

	victims []adjudicator.NationID
	line    int
}

// EditionKill is one of the first edition's kill bonuses (option
// first-edition-kills): VP to Nation for eliminating Leader, in place of
// the VP of its card's row for that leader (the row's rounds kept), or, if
// the card has none, a row of its own in Rounds (every round when empty).
type EditionKill struct {
	Nation string `yaml:"nation"`
	Leader string `yaml:"leader"`
	VP     int    `yaml:"vp"`
	Rounds []int  `yaml:"rounds"`
	Why    string `yaml:"why"`
}

// AreaValues are area names with VP, in file order, with their lines.
type AreaValues struct {
	Names  []string
	Values []float64
	Lines  []int
}

// UnmarshalYAML reads a mapping of area names to VP, keeping file order.
func (v *AreaValues) UnmarshalYAML(node *yaml.Node) error {
	if node.Kind != yaml.MappingNode {
		return fmt.Errorf("yaml: line %d: areas must be a mapping of area names to victory points", node.Line)
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, x := node.Content[i], node.Content[i+1]
		f, err := strconv.ParseFloat(x.Value, 64)
		if err != nil {
			return fmt.Errorf("yaml: line %d: %s: %q is not a number of victory points", x.Line, k.Value, x.Value)
		}
		v.Names, v.Values, v.Lines = append(v.Names, k.Value), append(v.Values, f), append(v.Lines, k.Line)
	}
	return nil
}

// UnmarshalYAML records the card's line.
func (c *Card) UnmarshalYAML(node *yaml.Node) error {
	type plain Card
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*c = Card(p)
	c.line = node.Line
	return nil
}

// UnmarshalYAML records the row's line.
func (s *Scoring) UnmarshalYAML(node *yaml.Node) error {
	type plain Scoring
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*s = Scoring(p)
	s.line = node.Line
	return nil
}

// UnmarshalYAML records the entry's line.
func (k *Kill) UnmarshalYAML(node *yaml.Node) error {
	type plain Kill
	var p plain
	if err := node.Decode(&p); err != nil {
		return err
	}
	*k = Kill(p)
	k.line = node.Line
	return nil
}

// D returns the game's classic rules.
func D(e *adjudicator.Engine) *Rules { return e.Data.(*Rules) }

// loadData reads the tables' rules: section (LoadData).
func loadData(e *adjudicator.Engine) error {
	r := &Rules{file: e.G.TablesName}
	if err := games.DecodeSection(e.G.TablesName, &e.G.Tables.Rules, r); err != nil {
		return err
	}
	if err := r.resolve(e); err != nil {
		return err
	}
	if e.G.HasOption("first-edition-kills") {
		r.firstEditionKills(e)
	}
	e.Data = r
	// Classic Britannia has boats by nation and round (ref §3), so the
	// kernel reads LAND > SEA > LAND paths as boat moves (Engine.Boats).
	family.SetBoats(e, len(r.Boats) > 0)
	return nil
}

// fail is a load error at a line of the tables file.
func (r *Rules) fail(line int, format string, args ...any) error {
	return &games.LoadError{File: r.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// line is the line of the rules: section, for errors with no closer line.
func sectionLine(e *adjudicator.Engine) int { return e.G.Tables.Rules.Line }

// resolve checks every name of the section and resolves it.
func (r *Rules) resolve(e *adjudicator.Engine) error {
	at := sectionLine(e)
	r.ids = map[string]adjudicator.NationID{}
	for i, n := range e.G.Tables.Nations {
		for _, name := range append([]string{n.Name, n.Short}, n.Aliases...) {
			if _, dup := r.ids[name]; !dup && name != "" {
				r.ids[name] = i
			}
		}
	}
	nation := func(name, what string) (adjudicator.NationID, error) {
		n, err := e.NationIndex(name)
		if err != nil {
			return -1, r.fail(at, "rules: %s: %v", what, err)
		}
		return n, nil
	}
	var err error
	if r.roman, err = nation(r.Romans.Nation, "romans.nation"); err != nil {
		return err
	}
	if r.successor, err = nation(r.Romans.Successor, "romans.successor"); err != nil {
		return err
	}
	if r.Romans.Moves <= 0 {
		return r.fail(at, "rules: romans.moves must be positive (ref §6: the Romans move 3)")
	}
	for _, row := range [][]ReinfRow{r.Romans.Reinforcements, r.Romans.FirstEdition.Reinforcements} {
		for _, x := range row {
			if len(x.Armies) != len(r.Romans.ReinforcementRounds) {
				return r.fail(at, "rules: romans: the reinforcement row up to %d has %d numbers for %d rounds", x.UpTo, len(x.Armies), len(r.Romans.ReinforcementRounds))
			}
		}
	}
	for _, names := range [][]string{r.Population.NoIncrease, r.Population.NoOverpopulation} {
		for _, nm := range names {
			if _, err := nation(nm, "population"); err != nil {
				return err
			}
		}
	}
	for _, b := range r.Boats {
		if _, err := nation(b.Nation, "boats"); err != nil {
			return err
		}
	}
	for _, k := range r.King.Turn {
		if _, err := nation(k.Nation, "king: turn"); err != nil {
			return err
		}
	}
	if err := r.resolveSeas(e, nation); err != nil {
		return err
	}
	for _, s := range r.Submission {
		if _, err := nation(s.Nation, "submission"); err != nil {
			return err
		}
		if _, err := nation(s.To, "submission"); err != nil {
			return err
		}
	}
	for i := range r.Cards {
		if err := r.resolveCard(e, &r.Cards[i]); err != nil {
			return err
		}
	}
	for _, k := range r.FirstEditionKills {
		if _, err := nation(k.Nation, "first_edition_kills"); err != nil {
			return err
		}
		if k.Leader == "" || k.VP <= 0 {
			return r.fail(at, "rules: first_edition_kills: %s: a leader and positive vp are needed", k.Nation)
		}
	}
	return r.resolveLate(e, nation)
}

// resolveSeas checks the names of the landing limits and sea moves.
func (r *Rules) resolveSeas(e *adjudicator.Engine, nation func(string, string) (adjudicator.NationID, error)) error {
	at := sectionLine(e)
	for _, l := range r.Landing {
		if _, err := nation(l.Nation, "landing"); err != nil {
			return err
		}
		for _, name := range append(slices.Clone(l.Only), l.Not...) {
			if a, err := e.G.Board.Lookup(name); err != nil || !e.G.Board.IsLand(a) || e.G.Board.AreaName(a) != name {
				return r.fail(at, "rules: landing: %s: %q is not a land area of board %s", l.Nation, name, e.G.Board.Name)
			}
		}
	}
	for _, m := range r.SeaMoves {
		if _, err := nation(m.Nation, "sea_moves"); err != nil {
			return err
		}
		for _, sea := range append(slices.Clone(m.NotFrom), m.NotInto...) {
			if a, err := e.G.Board.Lookup(sea); err != nil || e.G.Board.IsLand(a) || e.G.Board.AreaName(a) != sea {
				return r.fail(at, "rules: sea_moves: %s: %q is not a sea of board %s", m.Nation, sea, e.G.Board.Name)
			}
		}
	}
	return nil
}

// resolveLate checks the names of the late rules.
func (r *Rules) resolveLate(e *adjudicator.Engine, nation func(string, string) (adjudicator.NationID, error)) error {
	at, b := sectionLine(e), e.G.Board
	if n := r.Late.CavalryToInfantry.Nation; n != "" {
		if _, err := nation(n, "late.cavalry_to_infantry"); err != nil {
			return err
		}
	}
	for _, x := range r.Late.Removals {
		if _, err := nation(x.Nation, "late.removals"); err != nil {
			return err
		}
	}
	for _, x := range r.Late.Reinforcements {
		if _, err := nation(x.Nation, "late.reinforcements"); err != nil {
			return err
		}
		for _, name := range append(slices.Clone(x.Areas), x.Sea) {
			if name == "" {
				continue
			}
			if a, err := b.Lookup(name); err != nil || b.AreaName(a) != name {
				return r.fail(at, "rules: late.reinforcements: %s: %q is not an area of board %s", x.Nation, name, b.Name)
			}
		}
		if x.Region != "" && !slices.Contains(b.Regions, x.Region) {
			return r.fail(at, "rules: late.reinforcements: %s: unknown region %q", x.Nation, x.Region)
		}
	}
	return nil
}

// resolveCard checks one nation card and works out each row's VP per area.
func (r *Rules) resolveCard(e *adjudicator.Engine, c *Card) error {
	n, err := e.NationIndex(c.Nation)
	if err != nil {
		return r.fail(c.line, "rules: cards: %v", err)
	}
	c.n = n
	b := e.G.Board
	for _, rows := range [][]Scoring{c.Hold, c.Occupy} {
		for i := range rows {
			if err := r.resolveRow(b, c, &rows[i]); err != nil {
				return err
			}
		}
	}
	for i := range c.Kill {
		k := &c.Kill[i]
		for _, v := range k.Victims {
			m, err := e.NationIndex(v)
			if err != nil {
				return r.fail(k.line, "rules: %s card: %v", c.Nation, err)
			}
			k.victims = append(k.victims, m)
		}
		for _, v := range k.By {
			if _, err := e.NationIndex(v); err != nil {
				return r.fail(k.line, "rules: %s card: by: %v", c.Nation, err)
			}
		}
		if k.Leader == "" && e.Kind(k.Kind) < 0 && k.Kind != "any" {
			return r.fail(k.line, "rules: %s card: kill kind %q is not a unit kind (infantry, cavalry, roman, fort, burh or any)", c.Nation, k.Kind)
		}
	}
	return nil
}

// resolveRow works out a scoring row's VP for every land area.
func (r *Rules) resolveRow(b *games.Board, c *Card, s *Scoring) error {
	s.value = make([]adjudicator.Points, b.NumLand)
	listed := make([]bool, b.NumLand)
	for i, name := range s.Areas.Names {
		a, err := b.Lookup(name)
		if err != nil || !b.IsLand(a) || b.AreaName(a) != name {
			return r.fail(s.Areas.Lines[i], "rules: %s card: %q is not a land area of board %s", c.Nation, name, b.Name)
		}
		p, err := half(s.Areas.Values[i])
		if err != nil {
			return r.fail(s.Areas.Lines[i], "rules: %s card: %s: %v", c.Nation, name, err)
		}
		s.value[a], listed[a] = p, true
	}
	regions := make([]string, 0, len(s.Regions))
	for name := range s.Regions {
		regions = append(regions, name)
	}
	slices.Sort(regions)
	for _, reg := range append(regions, s.Cap) {
		if reg != "" && !slices.Contains(b.Regions, reg) {
			return r.fail(s.line, "rules: %s card: unknown region %q (regions: %v)", c.Nation, reg, b.Regions)
		}
	}
	others, err := half(s.Others)
	if err != nil {
		return r.fail(s.line, "rules: %s card: others: %v", c.Nation, err)
	}
	for a := range b.NumLand {
		if listed[a] {
			continue
		}
		if v, ok := s.Regions[b.Areas[a].Region]; ok {
			p, err := half(v)
			if err != nil {
				return r.fail(s.line, "rules: %s card: region %s: %v", c.Nation, b.Areas[a].Region, err)
			}
			s.value[a] = p
			continue
		}
		s.value[a] = others
	}
	return nil
}

// firstEditionKills puts the first edition's kill bonuses on the cards
// (option first-edition-kills, seed 002 §6): each replaces the VP of the
// card's rows for its leader that score the card's own kills (a row with
// "by" nations is another bonus and stays), or adds a row (and a card).
func (r *Rules) firstEditionKills(e *adjudicator.Engine) {
	for _, fk := range r.FirstEditionKills {
		n, _ := e.NationIndex(fk.Nation) // resolve checked it
		i := slices.IndexFunc(r.Cards, func(c Card) bool { return c.n == n })
		if i < 0 {
			r.Cards = append(r.Cards, Card{Nation: fk.Nation, n: n})
			i = len(r.Cards) - 1
		}
		c, found := &r.Cards[i], false
		for j := range c.Kill {
			if k := &c.Kill[j]; games.Fold(k.Leader) == games.Fold(fk.Leader) && len(k.By) == 0 {
				k.VP, found = fk.VP, true
			}
		}
		if !found {
			c.Kill = append(c.Kill, Kill{Rounds: fk.Rounds, Leader: fk.Leader, VP: fk.VP, Why: fk.Why})
		}
	}
}

// half reads victory points that must be whole or half (reference §4:
// exact half points).
func half(f float64) (adjudicator.Points, error) {
	h := f * 2
	if h != math.Trunc(h) || f < 0 {
		return 0, fmt.Errorf("%v is not a whole or half number of victory points", f)
	}
	return adjudicator.Points(int(h)), nil
}

// inRounds reports whether round is listed (an empty list is every round).
func inRounds(rounds []int, round int) bool {
	return len(rounds) == 0 || slices.Contains(rounds, round)
}
