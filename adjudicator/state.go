// Package adjudicator is pbem's rules engine. Given the state at the start of
// a nation turn, the accepted orders, the standing orders in force and a dice
// source, it returns the new state and the events of the turn. It never
// touches the network, the clock or the disk, and never mutates its input
// (docs/design.md §2).
package adjudicator

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/pbem-org/pbem/games"
)

// State is the whole position between two steps of a game.
type State struct {
	// Round is the current game round, 1-based (reduX Core 4).
	Round int
	// Next is the play-order index of the nation whose turn is due; when it
	// equals the number of nations, the end of the round is due (Core 4.3).
	Next int
	// Units[area][nation] is the number of armies (reduX Core 1.2).
	Units [][]int
	// Pop is each nation's population track marker (Core 5.1).
	Pop []int
	// VP is each nation's victory points (Core 3).
	VP []int
	// Over is set once the final round has been scored.
	Over bool
	// LR is the Leaders and Raiders part of the position (cavalry, leaders,
	// scoring records); nil in a reduX Core game (lr_state.go).
	LR *LRState
}

// NewState sets up a game (reduX Core 2): the round marker on round 1 and
// the starting armies on the map.
func NewState(g *games.Game) *State {
	nn := len(g.Tables.Nations)
	s := &State{Round: 1, Units: make([][]int, len(g.Board.Areas)), Pop: make([]int, nn), VP: make([]int, nn)}
	for a := range s.Units {
		s.Units[a] = make([]int, nn)
	}
	for n, nat := range g.Tables.Nations {
		for _, st := range nat.StartIDs {
			s.Units[st.Area][n] += st.Armies
		}
		s.Pop[n] = nat.Population
	}
	if g.Tables.LR != nil { // Leaders and Raiders (lr_state.go)
		s.LR = newLRState(g)
	}
	return s
}

// Clone returns a deep copy.
func (s *State) Clone() *State {
	c := *s
	c.Units = make([][]int, len(s.Units))
	width := 0
	if len(s.Units) > 0 {
		width = len(s.Units[0])
	}
	buf := make([]int, 0, len(s.Units)*width) // one allocation for every area
	for i := range s.Units {
		start := len(buf)
		buf = append(buf, s.Units[i]...)
		c.Units[i] = buf[start:len(buf):len(buf)]
	}
	c.Pop = append([]int(nil), s.Pop...)
	c.VP = append([]int(nil), s.VP...)
	if s.LR != nil { // Leaders and Raiders (lr_state.go)
		c.LR = s.LR.clone()
	}
	return &c
}

// Armies is the number of a nation's armies in an area.
func (s *State) Armies(a games.AreaID, n int) int { return s.Units[a][n] }

// Occupants lists the nations with armies in an area, in play order.
func (s *State) Occupants(a games.AreaID) []int {
	var out []int
	for n, c := range s.Units[a] {
		if c > 0 {
			out = append(out, n)
		}
	}
	return out
}

// Holds reports whether nation n is the sole nation with armies in area a
// (reduX Core 3.1 "holding").
func (s *State) Holds(a games.AreaID, n int) bool {
	if s.Units[a][n] == 0 {
		return false
	}
	for m, c := range s.Units[a] {
		if m != n && c > 0 {
			return false
		}
	}
	return true
}

// Vacant reports whether an area contains no armies.
func (s *State) Vacant(a games.AreaID) bool {
	for _, c := range s.Units[a] {
		if c > 0 {
			return false
		}
	}
	return true
}

// Held lists the land areas nation n holds, in board order.
func (s *State) Held(b *games.Board, n int) []games.AreaID {
	var out []games.AreaID
	for a := 0; a < b.NumLand; a++ {
		if s.Holds(games.AreaID(a), n) {
			out = append(out, games.AreaID(a))
		}
	}
	return out
}

// OnLand is the number of nation n's armies on land.
func (s *State) OnLand(b *games.Board, n int) int {
	t := 0
	for a := 0; a < b.NumLand; a++ {
		t += s.Units[a][n]
	}
	return t
}

// InPlay is the number of nation n's armies on the board, land and sea.
func (s *State) InPlay(n int) int {
	t := 0
	for a := range s.Units {
		t += s.Units[a][n]
	}
	return t
}

// PopulationLimit is nation n's population limit (reduX Core 4.2.2): twice
// the land areas containing its armies, plus one if any of those areas
// (which it holds) is clear terrain. Armies at sea do not count.
func (s *State) PopulationLimit(b *games.Board, n int) int {
	areas, clear := 0, false
	for a := 0; a < b.NumLand; a++ {
		id := games.AreaID(a)
		if s.Units[a][n] > 0 {
			areas++
			if !b.Difficult(id) && s.Holds(id, n) {
				clear = true
			}
		}
	}
	lim := 2 * areas
	if clear {
		lim++
	}
	return lim
}

// Excess is the number of excess armies of nation n (reduX Core 4.2.2):
// its population on land over the population limit, or 0.
func (s *State) Excess(b *games.Board, n int) int {
	return max(0, s.OnLand(b, n)-s.PopulationLimit(b, n))
}

// Snapshot is the readable form of a State kept in the archive.
type Snapshot struct {
	Round   int             `json:"round"`
	Next    string          `json:"next"`
	Over    bool            `json:"over,omitempty"`
	Armies  []SnapshotStack `json:"armies"`
	Nations []SnapshotNat   `json:"nations"`
	// LR is the Leaders and Raiders part; absent in Core games, so their
	// archives do not change (lr_state.go).
	LR *SnapshotLR `json:"lr,omitempty"`
}

// SnapshotStack is one nation's armies in one area.
type SnapshotStack struct {
	Area   string `json:"area"`
	Nation string `json:"nation"`
	Armies int    `json:"armies"`
	// Cavalry is how many of Armies are cavalry (reduX L&R 9.1).
	Cavalry int `json:"cavalry,omitempty"`
}

// SnapshotNat is one nation's track and score.
type SnapshotNat struct {
	Nation     string `json:"nation"`
	Population int    `json:"population"`
	VP         int    `json:"vp"`
}

// Snapshot returns the readable form of s.
func (s *State) Snapshot(g *games.Game) Snapshot {
	sn := Snapshot{Round: s.Round, Over: s.Over, Next: "end of round"}
	if s.Next < len(g.Tables.Nations) {
		sn.Next = g.Tables.Nations[s.Next].Name
	}
	for a := range s.Units {
		for n, c := range s.Units[a] {
			if c > 0 {
				sn.Armies = append(sn.Armies, SnapshotStack{Area: g.Board.AreaName(games.AreaID(a)), Nation: g.Tables.Nations[n].Name, Armies: c, Cavalry: s.Cavalry(games.AreaID(a), n)})
			}
		}
	}
	for n, nat := range g.Tables.Nations {
		sn.Nations = append(sn.Nations, SnapshotNat{Nation: nat.Name, Population: s.Pop[n], VP: s.VP[n]})
	}
	if s.LR != nil { // Leaders and Raiders (lr_state.go)
		sn.LR = s.LR.snapshot(g)
	}
	return sn
}

// MarshalState encodes a state as indented JSON for the archive.
func MarshalState(g *games.Game, s *State) []byte {
	b, err := json.MarshalIndent(s.Snapshot(g), "", "  ")
	if err != nil {
		panic(err) // plain structs; cannot fail
	}
	return append(b, '\n')
}

// UnmarshalState reads a state written by MarshalState.
func UnmarshalState(g *games.Game, data []byte) (*State, error) {
	var sn Snapshot
	if err := json.Unmarshal(data, &sn); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	s := NewState(g)
	for a := range s.Units {
		for n := range s.Units[a] {
			s.Units[a][n] = 0
		}
	}
	s.Round, s.Over = sn.Round, sn.Over
	s.Next = len(g.Tables.Nations)
	if sn.Next != "end of round" {
		n, err := g.Tables.NationIndex(sn.Next)
		if err != nil {
			return nil, fmt.Errorf("state: next: %w", err)
		}
		s.Next = n
	}
	for _, st := range sn.Armies {
		a, err := g.Board.Lookup(st.Area)
		if err != nil {
			return nil, fmt.Errorf("state: %w", err)
		}
		n, err := g.Tables.NationIndex(st.Nation)
		if err != nil {
			return nil, fmt.Errorf("state: %w", err)
		}
		if st.Armies <= 0 {
			return nil, fmt.Errorf("state: %s in %s: armies must be positive", st.Nation, st.Area)
		}
		s.Units[a][n] += st.Armies
		if st.Cavalry != 0 { // Leaders and Raiders (lr_state.go)
			if s.LR == nil || st.Cavalry < 0 || st.Cavalry > st.Armies {
				return nil, fmt.Errorf("state: %s in %s: cavalry must be 0..armies in a Leaders and Raiders game", st.Nation, st.Area)
			}
			s.LR.Cav[a][n] += st.Cavalry
		}
	}
	for _, sn := range sn.Nations {
		n, err := g.Tables.NationIndex(sn.Nation)
		if err != nil {
			return nil, fmt.Errorf("state: %w", err)
		}
		s.Pop[n], s.VP[n] = sn.Population, sn.VP
	}
	if err := s.unsnapshotLR(g, sn.LR); err != nil { // Leaders and Raiders (lr_state.go)
		return nil, err
	}
	return s, nil
}

// sortedAreas sorts area ids in board order (for determinism).
func sortedAreas(xs []games.AreaID) []games.AreaID {
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	return xs
}
