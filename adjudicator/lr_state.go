package adjudicator

import (
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/games"
)

// LRState is the part of a position that only Leaders and Raiders has
// (reduX L&R 9-11). Units[area][nation] still counts every army, cavalry
// included (cavalry are armies for all purposes, 9.1); leaders are not
// armies and are listed apart (9.2).
type LRState struct {
	// Cav[area][nation] is how many of Units[area][nation] are cavalry (9.1).
	Cav [][]int
	// Leaders are the leaders on the board (9.2), in order of arrival.
	Leaders []Leader
	// Gone lists the leaders that have left play, removed at their nation's
	// next turn or eliminated (9.2); Fallen those eliminated in battle (a
	// leader the Timeline lists again "if alive" does not come back).
	Gone   []string
	Fallen []string
	// Occupied[nation] lists the areas the nation has scored for occupying
	// (10.2: each area once).
	Occupied [][]games.AreaID
	// Provoked[nation] is set once the nation has attacked the
	// Romano-British (9.3).
	Provoked []bool
	// CnutRex is set when the Danes became Rex Anglorum in Cnut's turn (9.4).
	CnutRex bool
	// Extra is the final round's extra nation turns (11.6.1), set when the
	// regular nation turns of the final round end with more than one leader
	// eligible to be King; Done marks the turns played or skipped.
	Extra []ExtraTurn
}

// Leader is one leader on the board (reduX L&R 9.2).
type Leader struct {
	Nation int
	Name   string
	Area   games.AreaID
}

// ExtraTurn is one extra nation turn of the final round and the
// reinforcements fixed for it before the first is played (11.6.1).
type ExtraTurn struct {
	Nation int
	Armies int
	Leader string
	Done   bool
}

func newLRState(g *games.Game) *LRState {
	nn := len(g.Tables.Nations)
	l := &LRState{Cav: make([][]int, len(g.Board.Areas))}
	for a := range l.Cav {
		l.Cav[a] = make([]int, nn)
	}
	return l
}

func (l *LRState) clone() *LRState {
	c := *l
	c.Cav = make([][]int, len(l.Cav))
	width := 0
	if len(l.Cav) > 0 {
		width = len(l.Cav[0])
	}
	buf := make([]int, 0, len(l.Cav)*width)
	for i := range l.Cav {
		start := len(buf)
		buf = append(buf, l.Cav[i]...)
		c.Cav[i] = buf[start:len(buf):len(buf)]
	}
	c.Leaders = slices.Clone(l.Leaders)
	c.Gone = slices.Clone(l.Gone)
	c.Fallen = slices.Clone(l.Fallen)
	if l.Occupied != nil {
		c.Occupied = make([][]games.AreaID, len(l.Occupied))
		for i := range l.Occupied {
			c.Occupied[i] = slices.Clone(l.Occupied[i])
		}
	}
	c.Provoked = slices.Clone(l.Provoked)
	c.Extra = slices.Clone(l.Extra)
	return &c
}

// Cavalry is the number of nation n's armies in area a that are cavalry
// (reduX L&R 9.1); always 0 in a Core game.
func (s *State) Cavalry(a games.AreaID, n int) int {
	if s.LR == nil {
		return 0
	}
	return s.LR.Cav[a][n]
}

// Infantry is the number of nation n's armies in area a that are infantry.
func (s *State) Infantry(a games.AreaID, n int) int { return s.Units[a][n] - s.Cavalry(a, n) }

// LeaderOf returns the index in s.LR.Leaders of nation n's leader, or -1
// (a nation has at most one leader at a time: each is removed at its
// nation's next turn, 9.2).
func (s *State) LeaderOf(n int) int {
	if s.LR == nil {
		return -1
	}
	for i, l := range s.LR.Leaders {
		if l.Nation == n {
			return i
		}
	}
	return -1
}

// LeaderIn returns the index of nation n's leader if it is in area a, or -1.
func (s *State) LeaderIn(a games.AreaID, n int) int {
	i := s.LeaderOf(n)
	if i >= 0 && s.LR.Leaders[i].Area == a {
		return i
	}
	return -1
}

// CavalryInPlay is nation n's cavalry on the board.
func (s *State) CavalryInPlay(n int) int {
	if s.LR == nil {
		return 0
	}
	t := 0
	for a := range s.LR.Cav {
		t += s.LR.Cav[a][n]
	}
	return t
}

func (l *LRState) occupied(n int, a games.AreaID) bool {
	return n < len(l.Occupied) && slices.Contains(l.Occupied[n], a)
}

func (l *LRState) markOccupied(n int, a games.AreaID) {
	for len(l.Occupied) <= n {
		l.Occupied = append(l.Occupied, nil)
	}
	l.Occupied[n] = append(l.Occupied[n], a)
}

func (l *LRState) provoked(n int) bool { return n < len(l.Provoked) && l.Provoked[n] }

func (l *LRState) provoke(n, nations int) {
	if l.Provoked == nil {
		l.Provoked = make([]bool, nations)
	}
	l.Provoked[n] = true
}

// SnapshotLR is the readable form of an LRState in the archive; cavalry
// counts are in SnapshotStack.Cavalry.
type SnapshotLR struct {
	Leaders  []SnapshotLeader   `json:"leaders,omitempty"`
	Gone     []string           `json:"gone,omitempty"`
	Fallen   []string           `json:"fallen,omitempty"`
	Occupied []SnapshotOccupied `json:"occupied,omitempty"`
	Provoked []string           `json:"provoked,omitempty"`
	CnutRex  bool               `json:"cnut_rex,omitempty"`
	Extra    []SnapshotExtra    `json:"extra_turns,omitempty"`
}

// SnapshotLeader is one leader on the board.
type SnapshotLeader struct {
	Leader string `json:"leader"`
	Nation string `json:"nation"`
	Area   string `json:"area"`
}

// SnapshotOccupied is the areas one nation has scored for occupying.
type SnapshotOccupied struct {
	Nation string   `json:"nation"`
	Areas  []string `json:"areas"`
}

// SnapshotExtra is one extra nation turn of the final round.
type SnapshotExtra struct {
	Nation string `json:"nation"`
	Armies int    `json:"armies"`
	Leader string `json:"leader,omitempty"`
	Done   bool   `json:"done,omitempty"`
}

func (l *LRState) snapshot(g *games.Game) *SnapshotLR {
	sn := &SnapshotLR{Gone: l.Gone, Fallen: l.Fallen, CnutRex: l.CnutRex}
	for _, ld := range l.Leaders {
		sn.Leaders = append(sn.Leaders, SnapshotLeader{Leader: ld.Name, Nation: g.Tables.Nations[ld.Nation].Name, Area: g.Board.AreaName(ld.Area)})
	}
	for n, as := range l.Occupied {
		if len(as) == 0 {
			continue
		}
		o := SnapshotOccupied{Nation: g.Tables.Nations[n].Name}
		for _, a := range as {
			o.Areas = append(o.Areas, g.Board.AreaName(a))
		}
		sn.Occupied = append(sn.Occupied, o)
	}
	for n, p := range l.Provoked {
		if p {
			sn.Provoked = append(sn.Provoked, g.Tables.Nations[n].Name)
		}
	}
	for _, x := range l.Extra {
		sn.Extra = append(sn.Extra, SnapshotExtra{Nation: g.Tables.Nations[x.Nation].Name, Armies: x.Armies, Leader: x.Leader, Done: x.Done})
	}
	return sn
}

// unsnapshotLR reads the Leaders and Raiders part of a snapshot into s.
func (s *State) unsnapshotLR(g *games.Game, sn *SnapshotLR) error {
	if sn == nil {
		return nil
	}
	if s.LR == nil {
		return fmt.Errorf("state: a Leaders and Raiders position, but ruleset %s has no Leaders and Raiders tables", g.Ruleset.Name)
	}
	l := s.LR
	nation := func(name string) (int, error) {
		n, err := g.Tables.NationIndex(name)
		if err != nil {
			return -1, fmt.Errorf("state: %w", err)
		}
		return n, nil
	}
	for _, ld := range sn.Leaders {
		n, err := nation(ld.Nation)
		if err != nil {
			return err
		}
		a, err := g.Board.Lookup(ld.Area)
		if err != nil {
			return fmt.Errorf("state: leader %s: %w", ld.Leader, err)
		}
		l.Leaders = append(l.Leaders, Leader{Nation: n, Name: ld.Leader, Area: a})
	}
	l.Gone, l.Fallen, l.CnutRex = sn.Gone, sn.Fallen, sn.CnutRex
	for _, o := range sn.Occupied {
		n, err := nation(o.Nation)
		if err != nil {
			return err
		}
		for _, name := range o.Areas {
			a, err := g.Board.Lookup(name)
			if err != nil {
				return fmt.Errorf("state: occupied: %w", err)
			}
			l.markOccupied(n, a)
		}
	}
	for _, p := range sn.Provoked {
		n, err := nation(p)
		if err != nil {
			return err
		}
		l.provoke(n, len(g.Tables.Nations))
	}
	for _, x := range sn.Extra {
		n, err := nation(x.Nation)
		if err != nil {
			return err
		}
		l.Extra = append(l.Extra, ExtraTurn{Nation: n, Armies: x.Armies, Leader: x.Leader, Done: x.Done})
	}
	return nil
}
