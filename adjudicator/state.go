package adjudicator

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/pbem-org/pbem/games"
)

// NationID indexes State.Nations: a nation of the Play Order list in the
// Britannia rulesets, a token set in Hy Breasil.
type NationID = int

// KindID indexes a ruleset's unit kinds (Ruleset.Kinds).
type KindID = int

// State is the whole position between two steps of a game, for every
// ruleset (docs/rulesets.md): the round, the turn order, the nations as
// entities, the units as stacks of nation × kind × count, the leaders, and
// the ruleset's own part (Ext).
type State struct {
	// Round is the current game round, 1-based (reduX Core 4).
	Round int
	// Order is this round's turn order, nations by id; nil means every
	// nation in the order of the ruleset's nation list (a fixed Play Order,
	// reduX Core 4.1).
	Order []NationID
	// Next is the position in the turn order of the nation whose turn is
	// due; len(turn order) means the end of the round is due (Core 4.3).
	Next int
	// Over is set once the final round has been scored.
	Over bool
	// Nations holds each nation's track, score, owner and life.
	Nations []Nation
	// Leaders are the leaders on the board (reduX L&R 9.2), in order of
	// arrival; at most one a nation.
	Leaders []Leader
	// Ext is the ruleset's own part of the position; nil for none.
	Ext Ext

	nk      int   // unit kinds
	nn      int   // nations
	units   []int // [area][nation][kind]
	tot     []int // [area][nation]: the units of every kind, kept with units; units itself with one kind
	damaged []int // [area][nation][kind] units carrying a damage mark; nil until used
}

// Nation is one nation's entity in a position.
type Nation struct {
	// Pop is the population track marker (reduX Core 5.1).
	Pop int
	// VP are the nation's victory points (reduX Core 3).
	VP Points
	// Owner is the seat (0-based) that controls the nation where the
	// ruleset deals nations during play (Hy Breasil 5); -1 where the
	// player split fixes it (reduX Core 2.1).
	Owner int
	// Gone marks a nation removed from play (Hy Breasil 8); its id may be
	// reused.
	Gone bool
}

// Leader is one leader on the board (reduX L&R 9.2).
type Leader struct {
	Nation NationID
	Name   string
	Area   games.AreaID
}

// Ext is a ruleset's own part of a position.
type Ext interface {
	// CloneExt returns a deep copy.
	CloneExt() Ext
}

// Points are victory points, kept in halves so that classic Britannia's
// half points are exact. They print as "3" or "3.5".
type Points int

// VP is whole victory points.
func VP(n int) Points { return Points(2 * n) }

// Whole is the points rounded down to a whole number.
func (p Points) Whole() int {
	if p < 0 {
		return -int((-p + 1) / 2)
	}
	return int(p / 2)
}

// NewBlankState returns an empty position for a board, nations and unit
// kinds: round 1, nothing on the map.
func NewBlankState(areas, nations, kinds int) *State {
	s := &State{Round: 1, nk: kinds, nn: nations, Nations: make([]Nation, nations), units: make([]int, areas*nations*kinds)}
	s.tot = s.units
	if kinds > 1 {
		s.tot = make([]int, areas*nations)
	}
	for i := range s.Nations {
		s.Nations[i].Owner = -1
	}
	return s
}

// Clone returns a deep copy.
func (s *State) Clone() *State {
	c := *s
	c.Order = slices.Clone(s.Order)
	c.Nations = slices.Clone(s.Nations)
	c.Leaders = slices.Clone(s.Leaders)
	c.units = slices.Clone(s.units)
	c.tot = c.units
	if s.nk > 1 {
		c.tot = slices.Clone(s.tot)
	}
	c.damaged = slices.Clone(s.damaged)
	if s.Ext != nil {
		c.Ext = s.Ext.CloneExt()
	}
	return &c
}

// NumNations is the number of nation ids.
func (s *State) NumNations() int { return s.nn }

// NumKinds is the number of unit kinds.
func (s *State) NumKinds() int { return s.nk }

func (s *State) at(a games.AreaID, n NationID) int { return (int(a)*s.nn + n) * s.nk }

// Count is how many units of kind k nation n has in area a.
func (s *State) Count(a games.AreaID, n NationID, k KindID) int { return s.units[s.at(a, n)+k] }

// Add adds d units of kind k of nation n to area a (d may be negative).
func (s *State) Add(a games.AreaID, n NationID, k KindID, d int) {
	s.units[s.at(a, n)+k] += d
	if s.nk > 1 {
		s.tot[int(a)*s.nn+n] += d
	}
	if d < 0 && s.damaged != nil {
		i := s.at(a, n) + k
		s.damaged[i] = min(s.damaged[i], s.units[i])
	}
}

// Damaged is how many of nation n's units of kind k in area a carry a
// damage mark (Hy Breasil 6.3.1: wounded).
func (s *State) Damaged(a games.AreaID, n NationID, k KindID) int {
	if s.damaged == nil {
		return 0
	}
	return s.damaged[s.at(a, n)+k]
}

// SetDamaged sets how many of nation n's units of kind k in area a carry
// a damage mark.
func (s *State) SetDamaged(a games.AreaID, n NationID, k KindID, v int) {
	if s.damaged == nil {
		if v == 0 {
			return
		}
		s.damaged = make([]int, len(s.units))
	}
	i := s.at(a, n) + k
	s.damaged[i] = max(0, min(v, s.units[i]))
}

// Units is how many units of every kind nation n has in area a, leaders
// not included.
func (s *State) Units(a games.AreaID, n NationID) int { return s.tot[int(a)*s.nn+n] }

// row is every nation's units in area a, by nation id.
func (s *State) row(a games.AreaID) []int { return s.tot[int(a)*s.nn : (int(a)+1)*s.nn] }

// Has reports whether nation n has any unit in area a.
func (s *State) Has(a games.AreaID, n NationID) bool { return s.tot[int(a)*s.nn+n] != 0 }

// Occupied reports whether any nation has a unit in area a.
func (s *State) Occupied(a games.AreaID) bool {
	for _, c := range s.row(a) {
		if c != 0 {
			return true
		}
	}
	return false
}

// Vacant reports whether an area contains no units.
func (s *State) Vacant(a games.AreaID) bool { return !s.Occupied(a) }

// Holds reports whether nation n is the sole nation with units in area a
// (reduX Core 3.1 "holding").
func (s *State) Holds(a games.AreaID, n NationID) bool {
	row := s.row(a)
	if row[n] == 0 {
		return false
	}
	for m, c := range row {
		if c != 0 && m != n {
			return false
		}
	}
	return true
}

// Foreign is how many units of nations other than n are in area a.
func (s *State) Foreign(a games.AreaID, n NationID) int {
	t := 0
	for m, c := range s.row(a) {
		if m != n {
			t += c
		}
	}
	return t
}

// Occupants lists the nations with units in an area, by id.
func (s *State) Occupants(a games.AreaID) []NationID {
	var out []NationID
	for m, c := range s.row(a) {
		if c != 0 {
			out = append(out, m)
		}
	}
	return out
}

// Held lists the land areas nation n holds, in board order.
func (s *State) Held(b *games.Board, n NationID) []games.AreaID {
	var out []games.AreaID
	for a := 0; a < b.NumLand; a++ {
		if s.Holds(games.AreaID(a), n) {
			out = append(out, games.AreaID(a))
		}
	}
	return out
}

// InPlay is the number of nation n's units of kind k on the board, land
// and sea.
func (s *State) InPlay(n NationID, k KindID) int {
	t := 0
	for i := (n * s.nk) + k; i < len(s.units); i += s.nn * s.nk {
		t += s.units[i]
	}
	return t
}

// OnBoard is the number of nation n's units of every kind on the board.
func (s *State) OnBoard(n NationID) int {
	t := 0
	for i := n; i < len(s.tot); i += s.nn {
		t += s.tot[i]
	}
	return t
}

// LeaderOf returns the index in s.Leaders of nation n's leader, or -1.
func (s *State) LeaderOf(n NationID) int {
	for i, l := range s.Leaders {
		if l.Nation == n {
			return i
		}
	}
	return -1
}

// LeaderIn returns the index of nation n's leader if it is in area a, or -1.
func (s *State) LeaderIn(a games.AreaID, n NationID) int {
	if i := s.LeaderOf(n); i >= 0 && s.Leaders[i].Area == a {
		return i
	}
	return -1
}

// TurnOrder is the round's turn order: s.Order, or every nation in list
// order when the Play Order is fixed.
func (s *State) TurnOrder() []NationID {
	if s.Order != nil {
		return s.Order
	}
	out := make([]NationID, s.nn)
	for i := range out {
		out[i] = i
	}
	return out
}

// OrderLen is the length of the round's turn order.
func (s *State) OrderLen() int {
	if s.Order != nil {
		return len(s.Order)
	}
	return s.nn
}

// OrderAt is the nation at position i of the round's turn order.
func (s *State) OrderAt(i int) NationID {
	if s.Order != nil {
		return s.Order[i]
	}
	return i
}

// AddVP gives nation n whole victory points.
func (s *State) AddVP(n NationID, vp int) { s.Nations[n].VP += VP(vp) }

// sortedAreas sorts area ids in board order (for determinism).
func sortedAreas(xs []games.AreaID) []games.AreaID {
	slices.Sort(xs)
	return xs
}

// String prints points as "3" or "3.5".
func (p Points) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	if p%2 == 0 {
		return sign + strconv.Itoa(int(p/2))
	}
	return sign + strconv.Itoa(int(p/2)) + ".5"
}

// MarshalJSON writes points as a number: 3 or 3.5.
func (p Points) MarshalJSON() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalJSON reads points written by MarshalJSON.
func (p *Points) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("victory points %s: %w", b, err)
	}
	h := f * 2
	if h != math.Trunc(h) {
		return fmt.Errorf("victory points %s: only whole and half points exist", b)
	}
	*p = Points(int(h))
	return nil
}

// PassTurn moves the turn on past nation n: Next becomes the position after
// n's in the turn order (reduX Core 4.1).
func (s *State) PassTurn(n NationID) {
	for i := s.Next; i < s.OrderLen(); i++ {
		if s.OrderAt(i) == n {
			s.Next = i + 1
			return
		}
	}
}
