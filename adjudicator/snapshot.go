package adjudicator

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/pbem-org/pbem/games"
)

// Snapshot is the readable form of a State kept in the archive. A
// ruleset's own part goes under its key (Ruleset.Snapshot), after the
// fields every ruleset has; fields a ruleset does not use are left out, so
// the archives of reduX games read as they always have.
type Snapshot struct {
	Round int    `json:"round"`
	Next  string `json:"next"`
	Over  bool   `json:"over,omitempty"`
	// Order is the round's turn order where it is drawn (Hy Breasil 6).
	Order   []string        `json:"order,omitempty"`
	Armies  []SnapshotStack `json:"armies"`
	Nations []SnapshotNat   `json:"nations"`

	extKey string
	ext    json.RawMessage
}

// SnapshotStack is one nation's units in one area.
type SnapshotStack struct {
	Area   string `json:"area"`
	Nation string `json:"nation"`
	// Armies counts the units of every army kind (reduX Core 1.2).
	Armies int `json:"armies"`
	// Cavalry is how many of Armies are cavalry (reduX L&R 9.1).
	Cavalry int `json:"cavalry,omitempty"`
	// Units counts the other kinds by name: army kinds beyond infantry and
	// cavalry (also in Armies) and kinds that are not armies (forts).
	Units map[string]int `json:"units,omitempty"`
	// Damaged counts units with a damage mark, by kind name.
	Damaged map[string]int `json:"damaged,omitempty"`
}

// SnapshotNat is one nation's track and score.
type SnapshotNat struct {
	Nation     string `json:"nation"`
	Population int    `json:"population"`
	VP         Points `json:"vp"`
	Owner      *int   `json:"owner,omitempty"`
	Gone       bool   `json:"gone,omitempty"`
}

// Snapshot returns the readable form of s.
func (e *Engine) Snapshot(s *State) Snapshot {
	sn := Snapshot{Round: s.Round, Over: s.Over, Next: "end of round"}
	if s.Next < s.OrderLen() {
		sn.Next = e.NationName(s.OrderAt(s.Next))
	}
	if s.Order != nil {
		for _, n := range s.Order {
			sn.Order = append(sn.Order, e.NationName(n))
		}
	}
	for a := range e.G.Board.Areas {
		for n := 0; n < s.NumNations(); n++ {
			if st, ok := e.stack(s, games.AreaID(a), n); ok {
				sn.Armies = append(sn.Armies, st)
			}
		}
	}
	for n := range s.Nations {
		nt := s.Nations[n]
		x := SnapshotNat{Nation: e.NationName(n), Population: nt.Pop, VP: nt.VP, Gone: nt.Gone}
		if nt.Owner >= 0 {
			o := nt.Owner
			x.Owner = &o
		}
		sn.Nations = append(sn.Nations, x)
	}
	if c := e.R.Adjudication.Snapshot; c.Key != "" {
		raw, err := json.Marshal(c.Encode(e, s))
		if err != nil {
			panic(err) // plain structs; cannot fail
		}
		sn.extKey, sn.ext = c.Key, raw
	}
	return sn
}

func (e *Engine) stack(s *State, a games.AreaID, n NationID) (SnapshotStack, bool) {
	if !s.Has(a, n) {
		return SnapshotStack{}, false
	}
	st := SnapshotStack{Area: e.G.Board.AreaName(a), Nation: e.NationName(n)}
	any := false
	for k, kd := range e.R.Kinds {
		c := s.Count(a, n, k)
		if c == 0 {
			continue
		}
		any = true
		if kd.Army {
			st.Armies += c
		}
		switch {
		case kd.Name == "cavalry":
			st.Cavalry = c
		case k != 0: // the first kind is counted by "armies"
			if st.Units == nil {
				st.Units = map[string]int{}
			}
			st.Units[kd.Name] = c
		}
		if d := s.Damaged(a, n, k); d > 0 {
			if st.Damaged == nil {
				st.Damaged = map[string]int{}
			}
			st.Damaged[kd.Name] = d
		}
	}
	return st, any
}

// MarshalState encodes a state as indented JSON for the archive: the
// fields every ruleset has, then the ruleset's part under its key.
func (e *Engine) MarshalState(s *State) []byte {
	sn := e.Snapshot(s)
	b, err := json.MarshalIndent(sn, "", "  ")
	if err != nil {
		panic(err) // plain structs; cannot fail
	}
	if sn.extKey != "" {
		var ext bytes.Buffer
		if err := json.Indent(&ext, sn.ext, "  ", "  "); err != nil {
			panic(err)
		}
		k, _ := json.Marshal(sn.extKey)
		b = append(b[:len(b)-2], ",\n  "...) // before "\n}"
		b = append(append(append(b, k...), ": "...), ext.Bytes()...)
		b = append(b, "\n}"...)
	}
	return append(b, '\n')
}

// UnmarshalState reads a state written by MarshalState.
func (e *Engine) UnmarshalState(data []byte) (*State, error) {
	var sn Snapshot
	if err := json.Unmarshal(data, &sn); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	s := e.NewState()
	s.Round, s.Over, s.Leaders = sn.Round, sn.Over, nil
	s.ClearUnits()
	if err := e.readOrder(s, sn); err != nil {
		return nil, err
	}
	for _, st := range sn.Armies {
		if err := e.readStack(s, st); err != nil {
			return nil, err
		}
	}
	for _, x := range sn.Nations {
		n, err := e.NationIndex(x.Nation)
		if err != nil {
			return nil, fmt.Errorf("state: %w", err)
		}
		s.Nations[n].Pop, s.Nations[n].VP, s.Nations[n].Gone = x.Population, x.VP, x.Gone
		if x.Owner != nil {
			s.Nations[n].Owner = *x.Owner
		}
	}
	if c := e.R.Adjudication.Snapshot; c.Key != "" {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("state: %w", err)
		}
		if r, ok := raw[c.Key]; ok {
			if err := c.Decode(e, s, r); err != nil {
				return nil, fmt.Errorf("state: %s: %w", c.Key, err)
			}
		}
	}
	return s, nil
}

func (e *Engine) readOrder(s *State, sn Snapshot) error {
	if sn.Order != nil {
		s.Order = nil
		for _, name := range sn.Order {
			n, err := e.NationIndex(name)
			if err != nil {
				return fmt.Errorf("state: order: %w", err)
			}
			s.Order = append(s.Order, n)
		}
	}
	s.Next = s.OrderLen()
	if sn.Next == "end of round" {
		return nil
	}
	n, err := e.NationIndex(sn.Next)
	if err != nil {
		return fmt.Errorf("state: next: %w", err)
	}
	for i := 0; i < s.OrderLen(); i++ {
		if s.OrderAt(i) == n {
			s.Next = i
			return nil
		}
	}
	return fmt.Errorf("state: next: %s is not in the turn order", sn.Next)
}

func (e *Engine) readStack(s *State, st SnapshotStack) error {
	a, err := e.G.Board.Lookup(st.Area)
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	n, err := e.NationIndex(st.Nation)
	if err != nil {
		return fmt.Errorf("state: %w", err)
	}
	inf := st.Armies
	if st.Cavalry != 0 {
		k := e.Kind("cavalry")
		if k < 0 || st.Cavalry < 0 || st.Cavalry > st.Armies {
			return fmt.Errorf("state: %s in %s: cavalry must be 0..armies in a game with cavalry", st.Nation, st.Area)
		}
		s.Add(a, n, k, st.Cavalry)
		inf -= st.Cavalry
	}
	for name, c := range st.Units {
		k := e.Kind(name)
		if k < 0 || c <= 0 {
			return fmt.Errorf("state: %s in %s: %d %q: not a unit kind of ruleset %s", st.Nation, st.Area, c, name, e.R.Name)
		}
		s.Add(a, n, k, c)
		if e.R.Kinds[k].Army {
			inf -= c
		}
	}
	if inf < 0 || (st.Armies <= 0 && len(st.Units) == 0) {
		return fmt.Errorf("state: %s in %s: armies must be positive", st.Nation, st.Area)
	}
	s.Add(a, n, 0, inf) // the armies the other kinds leave are of the first kind
	for name, d := range st.Damaged {
		k := e.Kind(name)
		if k < 0 || d < 0 || d > s.Count(a, n, k) {
			return fmt.Errorf("state: %s in %s: damaged %s must be 0..units", st.Nation, st.Area, name)
		}
		s.SetDamaged(a, n, k, d)
	}
	return nil
}

// ClearUnits empties the board.
func (s *State) ClearUnits() {
	clear(s.units)
	clear(s.tot)
	s.damaged = nil
}
